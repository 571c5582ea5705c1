"""real-pgdoc: PostgreSQL 15's manual, DocBook chunked by the DocBook XSL style sheets as
PostgreSQL builds it, served as files.

The application is the HTML that PostgreSQL's documentation build (its DocBook XML through the
DocBook XSL style sheets with PostgreSQL's own customisation layer, `stylesheet.xsl`: a page
per chapter, per top-level section and per reference entry, no script) wrote of the PostgreSQL
15 manual when Debian built the package; lab/real/debdocs.py unpacks Debian's
`postgresql-doc-15` and Python's static file server serves its folder `html/`.

Served as the style sheets write it, about 1,170 pages: the manual's contents `/index.html`
(its parts and chapters), a page per part (`/reference.html`: Part VI, Reference, its
chapters and every entry), per chapter (`/sql-commands.html`: its table of contents, an entry
per command with its purpose), per section (`/sql-syntax-lexical.html`, `/tutorial-join.html`)
and per reference entry (`/sql-select.html`: SELECT's synopsis, description, parameters,
examples), each headed by Prev/Up/Home/Next links (accesskeys `p`, `u`, `h`, `n`) and with `prev`
and `next` links in its head; the appendices (release notes, error codes, …), the bibliography
and the index `/bookindex.html`; one style sheet. No robots.txt (404).

Truth, from the navigation the DocBook chunker wrote into each page's header (its Up link,
`<a accesskey="u" href="sql-commands.html">`), never from a crawl: the entities are the
reference entries of the chapter "SQL Commands" (the pages whose Up link is that chapter's page;
183 in PostgreSQL 15; the sections of chapter 4, "SQL Syntax", named `sql-*.html` too, are not
among them), attributes `command` (the names the entry documents: SELECT, TABLE, WITH) and
`purpose` (its one-line purpose), both from the entry's heading; the index is one level, the
chapter's page `/sql-commands.html`; the seed is `/sql-select.html`.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["CHAPTER", "SEED", "PgDocApp", "read_entries"]

CHAPTER = "sql-commands.html"
SEED = "sql-select.html"
_UP = re.compile(r'<a accesskey="u" href="([^"#]+)"')
_NAMES = re.compile(r'<div class="refnamediv">.*?<p>(.*?) — (.*?)</p>', re.S)


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def read_entries(root: Path, chapter: str = CHAPTER) -> dict[str, dict[str, tuple[str, ...]]]:
    """The reference entries of a chunked DocBook manual in `root` whose header's Up link is
    `chapter`, each with its `command` names and its `purpose` (from its heading), in file name
    order; pages of the chapter that are no reference entry are left out."""
    entries: dict[str, dict[str, tuple[str, ...]]] = {}
    for path in sorted(root.glob("*.html")):
        html = path.read_text(encoding="utf-8")
        up = _UP.search(html)
        names = _NAMES.search(html)
        if up and up.group(1) == chapter and names:
            commands = tuple(n.strip() for n in _text(names.group(1)).split(","))
            entries[path.name] = {"command": commands, "purpose": (_text(names.group(2)),)}
    return entries


class PgDocApp(DebianDocsApp):
    """PostgreSQL 15's manual as DocBook XSL chunks it (Debian's postgresql-doc-15)."""

    id = "real-pgdoc"
    kind = "entity-tree"
    description = "PostgreSQL 15's manual, DocBook chunked by DocBook XSL (Debian's)"
    packages = ("postgresql-doc-15",)
    folder = "usr/share/doc/postgresql-doc-15/html"
    marker = SEED

    def truth(self, base_url: str) -> SiteTruth:
        """The SQL command reference entries, listed by their chapter; see the module
        docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        entries = read_entries(self.served)
        if SEED not in entries or len(entries) < 100:
            raise ValueError(f"{self.id}: {self.served} lacks {SEED} or most SQL commands")
        urls = {p: f"{b}/{p}" for p in entries}
        chapter = f"{b}/{CHAPTER}"
        return type_truth(
            self,
            b,
            "command",
            urls.values(),
            (chapter, urls[SEED]),
            attributes={urls[p]: attributes for p, attributes in entries.items()},
            templates={
                b + "/": "contents",
                f"{b}/index.html": "contents",
                f"{b}/reference.html": "part",
                chapter: "chapter",
            }
            | dict.fromkeys(urls.values(), "command"),
            notes=(
                f"{len(urls)} SQL command reference entries, from the Up links of the pages' "
                f"headers (postgresql-doc-15 {self.versions.get(self.packages[0], '?')}). Not "
                "listed in templates: the other parts, chapters, sections and reference "
                "entries, the appendices, the index."
            ),
        )
