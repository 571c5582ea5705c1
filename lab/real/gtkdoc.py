"""real-gtkdoc: gtk-doc's reference manual of the C library GLib, as Debian ships it
(`libglib2.0-doc`), served as files.

The application is the HTML that gtk-doc (DocBook XML turned into chunked HTML by its XSL style
sheets; no script) wrote when Debian built GLib 2.74 from its source; lab/real/debdocs.py
unpacks the package and Python's static file server serves the manual's folder `glib/`.

Served as gtk-doc writes it: the book's contents `/index.html` (every part and every reference
page under it, with its one-line purpose), a page per part (`/glib-data-types.html`: its
reference pages), a page per reference entry (`/glib-Arrays.html`: a table of its functions,
types and macros, then each one's description as an anchor `#g-array-new`), every page's
header with "Home", "Up", "Prev" and "Next" links and, on a reference page, links to its
sections (Top, Description, Functions, Types and Values); the index of every symbol
(`/api-index-full.html`), of the deprecated ones and of the new ones per release
(`/api-index-2-74.html`, …), the annotation glossary, and Devhelp's book `/glib.devhelp2`.

Truth, from the Devhelp book gtk-doc writes beside the pages (`glib.devhelp2`: the book's
chapters, each with its reference pages as `sub` elements, then every symbol), never from a
crawl: the entities are the reference pages (89), attribute `part` (the title of the chapter
that lists the page); the index is one level, the contents `/index.html`; the seed is
`glib-Arrays.html`.
"""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["BOOK", "SEED", "GtkDocApp", "read_book"]

SEED = "glib-Arrays.html"
BOOK = "glib.devhelp2"
_NS = "{http://www.devhelp.net/book}"


def read_book(path: Path) -> dict[str, str]:
    """The reference pages of a Devhelp book (the `sub` elements of its chapters' `sub`
    elements), each with its chapter's name, in the book's order."""
    root = ElementTree.parse(path).getroot()
    chapters = root.find(f"{_NS}chapters")
    if root.tag != f"{_NS}book" or chapters is None:
        raise ValueError(f"{path}: not a Devhelp book")
    return {
        page.get("link", ""): chapter.get("name", "")
        for chapter in chapters.findall(f"{_NS}sub")
        for page in chapter.findall(f"{_NS}sub")
    }


class GtkDocApp(DebianDocsApp):
    """gtk-doc's HTML of GLib's reference manual (Debian's package), served as static files."""

    id = "real-gtkdoc"
    kind = "entity-tree"
    description = "gtk-doc reference manual of the C library GLib 2.74 (Debian's -doc)"
    packages = ("libglib2.0-doc",)
    folder = "usr/share/gtk-doc/html/glib"
    marker = BOOK

    def truth(self, base_url: str) -> SiteTruth:
        """The reference pages, listed by the contents; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        pages = read_book(self.served / BOOK)
        if SEED not in pages or "" in pages:
            raise ValueError(f"{self.id}: {BOOK} lacks {SEED} or has a page without a link")
        urls = {p: f"{b}/{p}" for p in pages}
        contents = f"{b}/index.html"
        return type_truth(
            self,
            b,
            "reference",
            urls.values(),
            (contents, urls[SEED]),
            attributes={urls[p]: {"part": (part,)} for p, part in pages.items()},
            templates={b + "/": "contents", contents: "contents"}
            | {b + "/api-index-full.html": "symbol index"}
            | dict.fromkeys(urls.values(), "reference"),
            notes=(
                f"{len(urls)} reference pages, from gtk-doc's Devhelp book {BOOK} "
                f"(libglib2.0-doc {self.versions.get(self.packages[0], '?')}). Not listed in "
                "templates: the parts' pages, the symbol indexes per release "
                "(api-index-2-74.html, …), the annotation glossary, symbols' anchors."
            ),
        )
