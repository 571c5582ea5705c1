"""real-rustdoc: rustdoc's API documentation of Rust's standard library, as Debian ships it
(`rust-doc`), served as files.

The application is the HTML that rustdoc 1.63 wrote when Debian built Rust 1.63's standard
library (its default theme: a sidebar of the crate's items on every page, a search box, settings
and themes run in the browser over its index scripts); lab/real/debdocs.py unpacks the package
and Python's static file server serves its `html/` folder, which holds the crates `std`, `core`,
`alloc`, `proc_macro` and `test` side by side (a page's links to another crate's items are
`../core/…`), and the books beside them.

Served as rustdoc writes it: a crate's page `/std/index.html` (its description, then its items
by kind: re-exports, primitive types, modules, macros, keywords), a page per module
`/std/collections/index.html` (its items by kind, each a link to the item's page), a page per
item `/std/collections/struct.HashMap.html` (its methods and trait implementations as
anchors, links to its source `/src/std/…`), the list of a crate's items `/std/all.html`, the
sources `/src/std/…`, the search index `/search-index1.63.0.js` (the version is in every
script's and style sheet's name), settings and help pages.

Truth, from rustdoc's own search index (`search-index1.63.0.js`: per crate, every item's kind,
name and parent path), never from a crawl: the entities are the pages of the standard
library's top-level modules (`std::collections`, …: the items of kind module whose path is
`std`; 68), attribute `summary` (the first line of the module's documentation, as the index
gives it, cut lines without their ellipsis); the index is one level, the crate's page `/std/index.html`; the seed is
`std::collections`.
"""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["CRATE", "INDEX", "SEED", "RustdocApp", "read_modules"]

CRATE = "std"
SEED = "collections"
INDEX = "search-index1.63.0.js"
MODULE = 0  # rustdoc's ItemType::Module, the kind numbers of its search index
_TAGS = re.compile(r"<[^>]+>")


def read_search_index(path: Path) -> dict[str, dict]:
    """The crates of a search index written by rustdoc (a script handing a JSON text to
    `JSON.parse`), by name."""
    text = path.read_text(encoding="utf-8")
    start, end = text.find("JSON.parse('"), text.rfind("');")
    if not text.startswith("var searchIndex = ") or start < 0 or end < start:
        raise ValueError(f"{path}: not a search index written by rustdoc")
    body = text[start + len("JSON.parse('") : end]
    body = body.replace("\\\n", "").replace("\\'", "'").replace("\\\\", "\\")
    return json.loads(body)


def read_modules(path: Path, crate: str = CRATE) -> dict[str, str]:
    """The top-level modules of `crate` in a rustdoc search index, each with the first line of
    its documentation (tags and the ellipsis of a cut line removed), in the index's order. The index gives each item's kind
    (`t`), name (`n`), description (`d`) and path (`q`: empty when it is the previous item's)."""
    items = read_search_index(path)[crate]
    modules: dict[str, str] = {}
    parent = ""
    for kind, name, desc, where in zip(items["t"], items["n"], items["d"], items["q"], strict=True):
        parent = where or parent
        if kind == MODULE and parent == crate:
            modules[name] = unescape(_TAGS.sub("", desc)).removesuffix("…").strip()
    return modules


class RustdocApp(DebianDocsApp):
    """rustdoc's HTML of Rust's standard library (Debian's rust-doc), served as static files."""

    id = "real-rustdoc"
    kind = "entity-tree"
    description = "rustdoc API documentation of Rust 1.63's standard library (Debian's rust-doc)"
    packages = ("rust-doc",)
    folder = "usr/share/doc/rust-doc/html"
    marker = INDEX

    def truth(self, base_url: str) -> SiteTruth:
        """The std crate's module pages, listed by the crate's page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        modules = read_modules(self.served / INDEX)
        if SEED not in modules or len(modules) < 10:
            raise ValueError(f"{self.id}: {INDEX} lacks std::{SEED} or holds too few modules")
        urls = {m: f"{b}/{CRATE}/{m}/index.html" for m in modules}
        crate = f"{b}/{CRATE}/index.html"
        return type_truth(
            self,
            b,
            "module",
            urls.values(),
            (crate, urls[SEED]),
            attributes={urls[m]: {"summary": (s,)} for m, s in modules.items()},
            templates={crate: "crate", f"{b}/{CRATE}/all.html": "item list"}
            | dict.fromkeys(urls.values(), "module"),
            notes=(
                f"{len(urls)} top-level modules of std, from rustdoc's search index {INDEX} "
                f"(rust-doc {self.versions.get(self.packages[0], '?')}). Not listed in "
                "templates: item pages (struct.*.html, fn.*.html, …), nested modules, the "
                "sources /src/…, the other crates (core, alloc, …) and the books."
            ),
        )
