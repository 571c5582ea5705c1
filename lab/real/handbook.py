"""real-handbook: The Debian Administrator's Handbook, a DocBook book as Publican turned it into
chunked HTML, as Debian ships it (`debian-handbook`), served as files.

The application is the HTML that Publican 4.3 (DocBook XML through the DocBook XSL style sheets,
chunked a page per chapter and per top-level section; no script) wrote of the handbook's
English edition for Debian 11 when Debian built the package; lab/real/debdocs.py unpacks the
package (the book in 26 languages) and Python's static file server serves its English folder
`html/en-US/`.

Served as Publican writes it: the book's contents `/index.html` (every chapter, section and
subsection, the first section of a chapter an anchor of the chapter's page), a page per chapter
(`/apt.html`: its introduction, its first section, then a list of its other sections), a page per
other top-level section (`/sect.apt-get.html`: its subsections as anchors), each headed by
Prev/Next links and with `home`, `up`, `prev` and `next` links in its head; the foreword,
preface and appendices are chapters too; the images and Publican's common style sheets.

Truth, from the navigation links that DocBook's chunker wrote into each page's head (`<link
rel="up" href="apt.html" title="Chapter 6. …">`), never from a crawl: the entities are the
section pages (the pages whose up link is a chapter's, a chapter being a page whose up link is
the contents; 106 in 20 chapters), attribute `chapter` (the up link's title, the chapter's
heading as the page's Up names it); the index is one level, the contents `/index.html`; the
seed is `sect.apt-get.html` (6.2, aptitude, apt-get, and apt Commands).
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["CONTENTS", "SEED", "HandbookApp", "read_sections"]

CONTENTS = "index.html"
SEED = "sect.apt-get.html"
_UP = re.compile(r'<link rel="up" href="([^"#]+)" title="([^"]*)"')


def read_up_links(root: Path) -> dict[str, tuple[str, str]]:
    """Each page of a chunked DocBook book in `root` with the page and title its head's up link
    names (pages without one, the contents, left out), in file name order."""
    links: dict[str, tuple[str, str]] = {}
    for path in sorted(root.glob("*.html")):
        up = _UP.search(path.read_text(encoding="utf-8"))
        if up:
            links[path.name] = (up.group(1), " ".join(unescape(up.group(2)).split()))
    return links


def read_sections(root: Path, contents: str = CONTENTS) -> dict[str, str]:
    """The section pages of a chunked DocBook book in `root` (those whose up link is a chapter,
    a page whose up link is `contents`), each with its chapter's title, in file name order."""
    links = read_up_links(root)
    chapters = {page for page, (up, _) in links.items() if up == contents}
    return {page: title for page, (up, title) in links.items() if up in chapters}


class HandbookApp(DebianDocsApp):
    """Publican's HTML of The Debian Administrator's Handbook (Debian's debian-handbook)."""

    id = "real-handbook"
    kind = "entity-tree"
    description = "The Debian Administrator's Handbook, DocBook chunked by Publican (Debian's)"
    packages = ("debian-handbook",)
    folder = "usr/share/doc/debian-handbook/html/en-US"
    marker = SEED

    def truth(self, base_url: str) -> SiteTruth:
        """The section pages, listed by the contents; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        sections = read_sections(self.served)
        if SEED not in sections or len(sections) < 10:
            raise ValueError(f"{self.id}: {self.served} lacks {SEED} or holds too few sections")
        urls = {p: f"{b}/{p}" for p in sections}
        contents = f"{b}/{CONTENTS}"
        return type_truth(
            self,
            b,
            "section",
            urls.values(),
            (contents, urls[SEED]),
            attributes={urls[p]: {"chapter": (chapter,)} for p, chapter in sections.items()},
            templates={b + "/": "contents", contents: "contents"}
            | dict.fromkeys(urls.values(), "section"),
            notes=(
                f"{len(urls)} section pages in {len(set(sections.values()))} chapters, from the "
                "up links in the pages' heads (debian-handbook "
                f"{self.versions.get(self.packages[0], '?')}). Not listed in templates: the "
                "chapters' pages (the foreword, preface and appendices among them), subsections' "
                "anchors, the images."
            ),
        )
