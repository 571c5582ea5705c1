"""real-qdoc: QDoc's reference documentation of Qt Bluetooth 5.15, as Debian ships it
(`qtconnectivity5-doc-html`), served as files.

The application is the HTML that Qt's own generator, QDoc, wrote when Debian built
qtconnectivity 5.15.8 from its source; lab/real/debdocs.py unpacks the package and Python's
static file server serves the module's folder `usr/share/qt5/doc/qtbluetooth/`.

Served as QDoc writes it: the module's start page `/qtbluetooth-index.html` (overview, links to
the guides, the C++ and QML references), the C++ class list `/qtbluetooth-module.html` (a table
of every public class and struct with its one-line summary, and the `QBluetooth` namespace),
a page per class or struct (`/qbluetoothsocket.html`, a nested one
`/qbluetoothserviceinfo-alternative.html`: its header, qmake line, inheritance, member summaries
and details, each member an anchor) with its list of all members (`…-members.html`) and, for
some, its obsolete members (`…-obsolete.html`), the QML module and its types
(`/qml-qtbluetooth-bluetoothsocket.html`), guides (`/qtbluetooth-overview.html`,
`/qtbluetooth-le-overview.html`), the example list `/bluetooth-examples.html` and example pages (`/qtbluetooth-btchat-example.html`); links
to other Qt modules (`../qtcore/qobject.html`) lead out of the served folder and are not found.

Truth, from QDoc's own index of what it documented (`qtbluetooth.index`, the XML that other Qt
modules' documentation links against), never from a crawl: the entities are the pages of the
public, non-internal classes and structs (26; the internal and private ones QDoc indexed have no
page), attribute `header` (the header that declares it, the index's `location`); the index is
one level, the C++ class list, which lists them by name; the seed is `QBluetoothSocket`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["CLASS_LIST", "INDEX", "SEED", "QdocApp", "read_classes"]

INDEX = "qtbluetooth.index"
CLASS_LIST = "qtbluetooth-module.html"
SEED = "QBluetoothSocket"
_TYPES = ("class", "struct")


def read_classes(path: Path) -> dict[str, tuple[str, str]]:
    """The public classes and structs of a QDoc index (`path`, QDoc's XML `.index`): each
    full name (`Outer::Inner`) with its page and its header, in the index's order; internal
    or private ones, which QDoc gives no page, are left out."""
    root = ET.parse(path).getroot()
    if root.tag != "INDEX" or root.find("namespace") is None:
        raise ValueError(f"{path}: not a QDoc index")
    found: dict[str, tuple[str, str]] = {}
    for node in root.iter():
        if node.tag not in _TYPES or node.get("status") == "internal":
            continue
        if node.get("access") != "public" or not node.get("href"):
            continue
        name = node.get("fullname") or node.get("name") or ""
        found.setdefault(name, (node.get("href", ""), node.get("location", "")))
    return found


class QdocApp(DebianDocsApp):
    """QDoc's HTML of Qt Bluetooth 5.15 (Debian's package), served as static files."""

    id = "real-qdoc"
    kind = "entity-tree"
    description = "QDoc reference documentation of Qt Bluetooth 5.15 (Debian's -doc-html package)"
    packages = ("qtconnectivity5-doc-html",)
    folder = "usr/share/qt5/doc/qtbluetooth"
    marker = INDEX

    def truth(self, base_url: str) -> SiteTruth:
        """The class pages, listed by the C++ class list; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        classes = {
            name: entry
            for name, entry in read_classes(self.served / INDEX).items()
            if (self.served / entry[0]).is_file()
        }
        if SEED not in classes or len(classes) < 10:
            raise ValueError(f"{self.id}: {self.served} lacks {SEED} or most class pages")
        urls = {name: f"{b}/{href}" for name, (href, _) in classes.items()}
        if len(set(urls.values())) != len(urls):
            raise ValueError(f"{self.id}: two classes share a page in {INDEX}")
        index = f"{b}/{CLASS_LIST}"
        return type_truth(
            self,
            b,
            "class",
            urls.values(),
            (index, urls[SEED]),
            attributes={
                urls[name]: {"header": (header,)} if header else {}
                for name, (_, header) in classes.items()
            },
            templates={
                f"{b}/qtbluetooth-index.html": "home",
                index: "class-list",
                f"{b}/qtbluetooth-qmlmodule.html": "qml-type-list",
                f"{b}/bluetooth-examples.html": "example-list",
            }
            | dict.fromkeys(urls.values(), "class"),
            notes=(
                f"{len(urls)} public classes and structs of Qt Bluetooth, from QDoc's {INDEX} "
                f"(qtconnectivity5-doc-html {self.versions.get(self.packages[0], '?')}); the "
                "C++ class list links each. Not listed in templates: the member lists "
                "(-members.html, -obsolete.html), the QBluetooth namespace, the QML types, the "
                "guides and examples, images, links to other Qt modules (not served)."
            ),
        )
