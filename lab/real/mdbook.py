"""real-mdbook: The Rust Reference, an mdBook, as Debian ships it (`rust-doc`), served as files.

The application is the HTML that mdBook (its default theme: a sidebar of every chapter,
numbered and nested, on each page; previous/next arrows; a search box and themes run in the
browser) wrote when Debian built Rust 1.63's documentation from its source; lab/real/debdocs.py
unpacks the package (Rust's books and API documentation, about 580 MB) and Python's static file
server serves the Reference's folder `reference/`. Debian replaced the theme's MathJax,
highlight.js and Font Awesome by symbolic links to its own packages, which are not installed
here: those files are not found, the pages are whole without them.

Served as mdBook writes it: a page per chapter (`/introduction.html`, `/items/functions.html`:
the sidebar, the chapter's text, its headings anchors, links to other chapters), `/index.html`
(the first chapter again), `/print.html` (every chapter on one page), a few redirect pages of
chapters that moved (`/attributes-redirect.html`, `/types-redirect.html`,
`/expressions/enum-variant-expr.html`, a script sending the reader on), the search index
(`/searchindex.js`, `/searchindex.json.gz`). Links into the standard library's documentation
(`../std/…`) lead outside the folder served.

Truth, from mdBook's own search index of the book (`searchindex.js`: a URL per heading in the
book's order, `chapter.html#heading`, and each heading's breadcrumbs, the chapter's parents,
then the chapter, then the heading), never from a crawl: the entities are the chapter pages
(113), in the book's order; attribute `part`, the top-level chapter a chapter is in (its own
title for a top-level one); the index is one level, the book's first page `/index.html`, whose
sidebar lists every chapter; the seed is `items/functions.html`.
"""

from __future__ import annotations

import json
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["INDEX", "SEED", "MdBookApp", "read_chapters"]

SEED = "items/functions.html"
INDEX = "searchindex.js"
CRUMBS = " » "  # mdBook's separator of a heading's breadcrumbs


def read_chapters(path: Path) -> dict[str, str]:
    """Chapter page → its part (the first of its breadcrumbs), in the book's order, from
    mdBook's `searchindex.js` (a script passing the index's JSON to `Object.assign`)."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith("Object.assign(window.search, "):
        raise ValueError(f"{path}: not mdBook's search index")
    index = json.loads(text[text.index("{") : text.rindex("}") + 1])
    docs = index["index"]["documentStore"]["docs"]
    chapters: dict[str, str] = {}
    for number, url in enumerate(index["doc_urls"]):
        page = url.partition("#")[0]
        crumbs = docs[str(number)]["breadcrumbs"].split(CRUMBS)
        chapters.setdefault(page, crumbs[0])
    return chapters


class MdBookApp(DebianDocsApp):
    """The Rust Reference (mdBook) of Debian's rust-doc, served as static files."""

    id = "real-mdbook"
    kind = "entity-tree"
    description = "mdBook: The Rust Reference of Rust 1.63 (Debian's rust-doc), its chapters"
    packages = ("rust-doc",)
    folder = "usr/share/doc/rust-doc/html/reference"
    marker = INDEX

    def truth(self, base_url: str) -> SiteTruth:
        """The chapter pages, listed by the book's sidebar; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        chapters = read_chapters(self.served / INDEX)
        if SEED not in chapters:
            raise ValueError(f"{self.id}: {INDEX} has no chapter {SEED}")
        urls = {page: f"{b}/{page}" for page in chapters}
        first = f"{b}/index.html"
        return type_truth(
            self,
            b,
            "chapter",
            urls.values(),
            (first, urls[SEED]),
            attributes={urls[page]: {"part": (part,)} for page, part in chapters.items()},
            templates={b + "/": "first chapter", first: "first chapter"}
            | {b + "/print.html": "whole book"}
            | dict.fromkeys(urls.values(), "chapter"),
            notes=(
                f"{len(urls)} chapters in {len(set(chapters.values()))} parts, from mdBook's "
                f"{INDEX} (rust-doc {self.versions.get(self.packages[0], '?')}). Not listed in "
                "templates: the redirect pages of moved chapters, the headings' anchors, the "
                "theme's files Debian links to its own packages (not found)."
            ),
        )
