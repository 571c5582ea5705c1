"""real-rdoc: RDoc's API documentation of the Ruby library Tioga, as Debian ships it
(`ruby-tioga-doc`), served as files.

The application is the HTML that RDoc 6.4 (Ruby's own documentation tool; its default
generator Darkfish) wrote of Tioga, a Ruby library for scientific figures and plots in PDF
through TeX, when Debian built it; lab/real/debdocs.py unpacks the package and Python's static
file server serves its `rdoc/` folder.

Served as RDoc writes it: the home page `/index.html` (the main page, here empty, under a side
bar of every class and module), the table of contents `/table_of_contents.html` (the pages, then
every class and module with the headings of its documentation, then every method), a page per
class or module at its path (`/Tioga/FigureMaker.html`: a side bar of its parent, included
modules, constants and methods as anchors, then the class and module index again; its
documentation, then each method's), the tutorial's chapters as modules
(`/Tioga/Tutorial/Plots.html`); a search run in the browser over `/js/search_index.js`.

Truth, from RDoc's own search index (`js/search_index.js`: each class's, module's and method's
name, parent and page), never from a crawl: the entities are the class and module pages (the
entries without a parent whose page has no anchor; 45), attributes `namespace` (the enclosing
namespace of the full name, for nested ones) and `kind` (class or module, as the page's heading
gives it); the index is one level, the home page `/index.html`; the seed is
`Tioga::FigureMaker`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["INDEX", "SEED", "RdocApp", "read_namespaces"]

INDEX = "js/search_index.js"
SEED = "Tioga/FigureMaker.html"
_HEADING = re.compile(r'<h1 id="(class|module)-([^"]+)" class="\1">')


def read_namespaces(path: Path) -> dict[str, str]:
    """The class and module pages of a search index written by RDoc (`var search_data = {…}`),
    each with its full name, in the index's order: the entries of `info` (name, parent, page,
    parameters, snippet) with no parent whose page has no anchor (a method's has one)."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith("var search_data = "):
        raise ValueError(f"{path}: not a search index written by RDoc")
    info = json.loads(text.removeprefix("var search_data = ").strip().rstrip(";"))["index"]["info"]
    return {page: name for name, parent, page, *_ in info if not parent and "#" not in page}


def read_kind(page: Path, name: str) -> str:
    """Whether RDoc's page of `name` documents a class or a module (its heading's class)."""
    for kind, heading in _HEADING.findall(page.read_text(encoding="utf-8")):
        if heading == name:
            return str(kind)
    raise ValueError(f"{page}: no heading of {name}")


class RdocApp(DebianDocsApp):
    """RDoc's HTML of the Ruby library Tioga (Debian's ruby-tioga-doc), served as files."""

    id = "real-rdoc"
    kind = "entity-tree"
    description = "RDoc (Darkfish) API documentation of the Ruby library Tioga (Debian's -doc)"
    packages = ("ruby-tioga-doc",)
    folder = "usr/share/doc/ruby-tioga-doc/rdoc"
    marker = INDEX

    def truth(self, base_url: str) -> SiteTruth:
        """The class and module pages, listed by the home page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        names = read_namespaces(self.served / INDEX)
        if SEED not in names or len(names) < 10:
            raise ValueError(f"{self.id}: {INDEX} lacks {SEED} or holds too few classes")
        urls = {p: f"{b}/{p}" for p in names}
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for page, name in names.items():
            values: dict[str, tuple[str, ...]] = {"kind": (read_kind(self.served / page, name),)}
            namespace = name.rpartition("::")[0]  # none for a top-level one
            if namespace:
                values["namespace"] = (namespace,)
            attributes[urls[page]] = values
        home = f"{b}/index.html"
        return type_truth(
            self,
            b,
            "namespace",
            urls.values(),
            (home, urls[SEED]),
            attributes=attributes,
            templates={b + "/": "home", home: "home"}
            | {f"{b}/table_of_contents.html": "table of contents"}
            | dict.fromkeys(urls.values(), "namespace"),
            notes=(
                f"{len(urls)} classes and modules, from RDoc's search index {INDEX} "
                f"(ruby-tioga-doc {self.versions.get(self.packages[0], '?')}). Not listed in "
                "templates: methods' and headings' anchors, the scripts and style sheets."
            ),
        )
