"""real-gitit: Gitit (Debian `gitit`), a wiki in Haskell whose pages are files of a git
repository, holding the Python documentation as pages in categories.

Packages (Debian): `gitit` (its own web server), `git` (the wiki's repository) and
`python3-doc` (the text). Gitit serves on 127.0.0.1 only (`address`), from the home's own
configuration file (`gitit.conf`: its repository, static, templates and cache directories, log
and users files); editing needs an account (Gitit's default, `require-authentication: modify`)
and no one has one; recent activity goes back over the whole history.

Data: each document of the Python documentation (lab/real/pydoc_html.py: the main part of the
page Sphinx built for it) is a page file `<doc>.page` in HTML (`default-page-type: HTML`, read
by pandoc as Gitit renders it, each time a page is asked for: Gitit's default, no cache),
without Sphinx's inline markup (`plain_html`: spans unwrapped, attributes but `href` and `id`
dropped; pandoc reads the documentation's own HTML three times slower), with a metadata block:
its title, and its one tag as its category (its library chapter, else its folder); its links
to other documents are Gitit's page addresses (`/library/re`). The front page links the
categories and the index of all pages. The repository has one commit per folder of the
documentation (fixed dates and author, the same every install).

Served at Gitit's URLs: `/` (the front page), `/<doc>` (a page: its text, its categories
linked below it, the view/edit/history/discuss tabs), `/_categories` (every category),
`/_category/<name>` (a category's pages), `/_index` and `/_index/<folder>` (the pages by
folder), `/_activity` (recent changes, with their diffs), `/_random`, `/_history/…`,
`/_diff/…`, `/_edit/…` (a login form), `/_search`, `/_upload`, `/_login`.

Truth, from the repository's page files (never Gitit's pages): the entities are the documents'
pages at `/<doc>`; attribute `category` (one query per category, its pages by file name, as
Gitit lists them); index levels: the categories page, then each category's page; the seed is
library/json, reached through its category's page. Gitit's robots.txt (`User-agent: *`,
`Disallow: /_`) closes every category page (`/_categories`, `/_category/<name>`) and the
index (`/_index`) to a crawler that obeys it: such a crawler is offered no facet (no
`facet_values`); a page's category shows on the page itself only, as a link under
`div#categoryList` that no text labels, a field of the page as any other, which the pair
scores leave out (the run is scored by its entities).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, value_pages_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pydoc_html import (
    HTML,
    Doc,
    folder_commits,
    plain_html,
    read_docs,
    write_repository,
)
from siteseer.lab.real.pyenv import Progress
from siteseer.lab.truth import SiteTruth

__all__ = ["GititApp", "absolute_link", "page_file", "read_pages"]

APP_ID = "real-gitit"
PACKAGES = ("gitit", "git", "python3-doc")
SEED = "library/json"
FRONT = "Front Page"
_CONFIG = """\
# Gitit's configuration for siteseer's lab (see lab/real/gitit.py); gitit --print-default-config.
address: 127.0.0.1
wiki-title: Python documentation
repository-type: Git
repository-path: {home}/wikidata
require-authentication: modify
authentication-method: form
user-file: {home}/gitit-users
static-dir: {home}/static
templates-dir: {home}/templates
cache-dir: {home}/cache
log-file: {home}/logs/gitit.log
log-level: WARNING
default-page-type: HTML
front-page: {front}
no-delete: {front}
use-cache: no
recent-activity-days: 36500
"""
_FRONT = """\
---
title: The Python documentation
...

<p>The Python documentation (Debian's python3-doc) as wiki pages, each in one category: its
chapter of the library reference, or its part of the documentation. See
<a href="/_categories">the categories</a> and <a href="/_index">all pages</a>.</p>
"""
_META = re.compile(r"\A---\ntitle: (.*)\n(?:categories: (\S+)\n)?\.\.\.\n")


def absolute_link(source: str, target: str, fragment: str) -> str:
    """The href of `target`'s page: Gitit's address of a page, from any page."""
    return f"/{target}" + (f"#{fragment}" if fragment else "")


def page_file(doc: Doc) -> tuple[str, str]:
    """A document's page file: its name and text (the metadata block, then its HTML)."""
    category = f"categories: {doc.tag}\n" if doc.tag else ""
    title = " ".join(doc.title.split())
    return f"{doc.name}.page", f"---\ntitle: {title}\n{category}...\n\n{plain_html(doc.body)}"


def read_pages(repo: Path) -> dict[str, tuple[str, str]]:
    """Document → (title, category) from the repository's page files (the front page left
    out)."""
    pages = {}
    for path in sorted(repo.rglob("*.page")):
        name = str(path.relative_to(repo)).removesuffix(".page")
        if name == FRONT:
            continue
        meta = _META.match(path.read_text(encoding="utf-8"))
        pages[name] = (meta.group(1), meta.group(2) or "") if meta else (name, "")
    return pages


class GititApp(RealApp):
    """Gitit from Debian, holding the Python documentation as pages in categories."""

    id = APP_ID
    kind = "entity-tree"
    description = "Gitit (Debian) holding the Python documentation (python3-doc) as wiki pages"

    @property
    def repo(self) -> Path:
        return self.dir / "wikidata"  # the same at every size

    @property
    def stamp(self) -> Path:
        return self.dir / "imported.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (repository and configuration in {self.dir})",
            f"data: the Python documentation's pages ({HTML})",
        )

    def installed(self) -> bool:
        return _packages_present() and self.stamp.is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, then the wiki's repository (once: the stamp lists the pages)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if self.stamp.is_file():
            return
        if self.repo.exists():
            shutil.rmtree(self.repo)
        progress(f"{self.id}: reading the Python documentation's pages …")
        docs = read_docs(absolute_link)
        commits = [
            ("Add the front page", {f"{FRONT}.page": _FRONT}),
            *folder_commits(docs, page_file),
        ]
        write_repository(self.id, self.repo, commits, log, progress)
        self.stamp.write_text(json.dumps(sorted(read_pages(self.repo))), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Gitit's own server on 127.0.0.1:port, with the home's configuration."""
        config = self.dir / "gitit.conf"
        text = _CONFIG.format(home=self.dir, front=FRONT)
        if not config.is_file() or config.read_text(encoding="utf-8") != text:
            # whole (renamed into place): another serve may be reading it
            partial = config.with_name(f".{config.name}.{os.getpid()}.partial")
            partial.write_text(text, encoding="utf-8")
            partial.replace(config)
        return ["gitit", "-f", str(config), "--listen=127.0.0.1", f"--port={port}"]

    def truth(self, base_url: str) -> SiteTruth:
        """The documents' pages as entities, their categories as the facet; see the module
        docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        pages = read_pages(self.repo)
        if SEED not in pages:
            raise ValueError(f"{self.id}: no page {SEED!r} in {self.repo}")
        urls = {name: canonical_url(f"{b}/{name}") for name in pages}
        top = canonical_url(f"{b}/_categories")
        categories = {name: category for name, (_, category) in pages.items()}
        return value_pages_truth(
            self,
            b,
            top=top,
            seed=SEED,
            urls=urls,
            values=categories,
            order=sorted(pages, key=lambda n: f"{n}.page"),  # as Gitit lists them: by file
            attribute=("category", lambda c: canonical_url(f"{b}/_category/{c}")),
            templates={canonical_url(f"{b}/"): "front", top: "categories"},
            offered=False,  # robots.txt: Disallow: /_ (see the module docstring)
            notes=(
                f"Gitit {_version()}, {len(pages)} pages of the Python documentation "
                f"(python3-doc), {len(set(categories.values()) - {''})} categories. "
                "Entities: every document's page; "
                "attribute `category`, no facet offered (robots.txt disallows /_). "
                "Index levels: /_categories, then each category's page. "
                "Not listed in templates: /_index and its folders, /_activity, /_random, and "
                "each page's /_history, /_diff, /_edit, /_discuss and /_showraw views."
            ),
        )


def _packages_present() -> bool:
    return (
        shutil.which("gitit") is not None
        and shutil.which("git") is not None
        and (HTML / "library" / "json.html").is_file()
    )


def _version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "gitit"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "(version unknown)"
