"""real-gidocgen: gi-docgen's reference of libadwaita 1.2, as Debian ships it
(`libadwaita-1-doc`), served as files.

The application is the HTML that gi-docgen (GNOME's generator of API references from
GObject-Introspection data) wrote when Debian built libadwaita 1.2.2; lab/real/debdocs.py
unpacks the package and Python's static file server serves its folder
`usr/share/doc/libadwaita-1/`.

Served as gi-docgen writes it, one flat folder: the namespace index `/index.html` (the
library's description, then its guides and a section per kind of symbol: classes, interfaces,
structs, enums, bitfields, callbacks, functions, function macros, constants; each entry a link
with its one-line summary), the class hierarchy `/classes_hierarchy.html`, the guides
(`/boxed-lists.html`, `/style-classes.html`, the visual index `/visual-index.html`), a page
per class (`/class.TabView.html`: its declaration, description, ancestors, "Available since",
and its constructors, methods, properties and signals, each linking its own page), per
interface, struct, enum and bitfield (`/iface.Swipeable.html`, `/enum.Easing.html`), and one
page per constructor, method, property, signal, virtual function, function and constant
(`/method.TabView.append.html`, `/property.TabView.n-pages.html`: about 950 pages); the search
box is a script reading `index.json`, which the package ships gzipped only (not found).

Truth, from gi-docgen's own index of the book (`libadwaita-1.devhelp2`, the Devhelp XML it
writes beside the pages), never from a crawl: the entities are the class pages its "Classes"
chapter lists (52), attributes `c_type` (the struct keyword naming the class's C type) and
`since` (the version that keyword gives, where it gives one); the index is one level, the
namespace index; the seed is `TabView`'s page.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["BOOK", "INDEX", "SEED", "GidocgenApp", "read_classes"]

BOOK = "libadwaita-1.devhelp2"
INDEX = "index.html"
SEED = "TabView"
_NS = "{http://www.devhelp.net/book}"


def read_classes(path: Path) -> dict[str, tuple[str, str, str]]:
    """The classes of a Devhelp book (`path`, gi-docgen's `.devhelp2`), in its "Classes"
    chapter's order: each name with its page, its C type and the version it is available since
    (both from the struct keyword that links the page; "" where the book gives none)."""
    root = ET.parse(path).getroot()
    if root.tag != f"{_NS}book":
        raise ValueError(f"{path}: not a Devhelp book")
    chapter = next(
        (s for s in root.iter(f"{_NS}sub") if s.get("name") == "Classes"), ET.Element("sub")
    )
    structs = {
        k.get("link", ""): (k.get("name", ""), k.get("since", ""))
        for k in root.iter(f"{_NS}keyword")
        if k.get("type") == "struct"
    }
    found: dict[str, tuple[str, str, str]] = {}
    for sub in chapter.findall(f"{_NS}sub"):
        link = sub.get("link", "")
        if link and "#" not in link:
            found.setdefault(sub.get("name", link), (link, *structs.get(link, ("", ""))))
    return found


class GidocgenApp(DebianDocsApp):
    """gi-docgen's HTML reference of libadwaita 1.2 (Debian's package), served as static files."""

    id = "real-gidocgen"
    kind = "entity-tree"
    description = "gi-docgen API reference of libadwaita 1.2 (Debian's libadwaita-1-doc)"
    packages = ("libadwaita-1-doc",)
    folder = "usr/share/doc/libadwaita-1"
    marker = BOOK

    def truth(self, base_url: str) -> SiteTruth:
        """The class pages, listed by the namespace index; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        classes = {
            name: entry
            for name, entry in read_classes(self.served / BOOK).items()
            if (self.served / entry[0]).is_file()
        }
        if SEED not in classes or len(classes) < 10:
            raise ValueError(f"{self.id}: {self.served} lacks {SEED} or most class pages")
        urls = {name: f"{b}/{link}" for name, (link, _, _) in classes.items()}
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for name, (_, c_type, since) in classes.items():
            attributes[urls[name]] = {"c_type": (c_type,)} if c_type else {}
            if since:
                attributes[urls[name]]["since"] = (since,)
        index = f"{b}/{INDEX}"
        return type_truth(
            self,
            b,
            "class",
            urls.values(),
            (index, urls[SEED]),
            attributes=attributes,
            templates={index: "namespace-index", f"{b}/classes_hierarchy.html": "hierarchy"}
            | dict.fromkeys(urls.values(), "class"),
            notes=(
                f"{len(urls)} classes of libadwaita, from gi-docgen's {BOOK} (libadwaita-1-doc "
                f"{self.versions.get(self.packages[0], '?')}); the namespace index links each. "
                "Not listed in templates: the interface, struct, enum, bitfield and callback "
                "pages, the pages of constructors, methods, properties, signals, functions and "
                "constants, the guides, images, scripts and style sheets."
            ),
        )
