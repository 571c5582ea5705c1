"""real-pydoctor: pydoctor (PyPI), Twisted's API documentation generator, over Pygments' source,
served as files.

The application (lab/real/apps/pydoctor_docs.py, run in its own venv) is pydoctor's own command
line (`pydoctor --make-html`) over a real package installed in that venv from PyPI: Pygments
(pinned; about 340 modules, most of them lexers, and 750 classes), read from its source without
importing it, with pydoctor's default template. Python's static file server serves the built
folder. One size: the documentation is whole at every size.

Served as pydoctor writes it: `/index.html` (the top package's page), a page per module
(`/pygments.lexers.python.html`: its docstring, its submodules, then its classes and functions
with their summaries, each class linked), a page per class (`/pygments.lexers.python.
PythonLexer.html`: its bases, docstring and members), `/moduleIndex.html` (every module, a
tree), `/classIndex.html` (every class by inheritance), `/nameIndex.html` (every name A–Z),
`/undoccedSummary.html`, `/apidocs-help.html`, and a search box run in the browser over
`searchindex.json`; every page links the indexes.

Truth, from pydoctor's own inventory of the build (`objects.inv`, Sphinx's format, which
pydoctor writes beside the pages: every object it documents, its kind and page), never a crawl:
the entities are the class pages; attribute `module`, the module that defines the class; the
index is two levels, the module index then each module's page (which lists its classes by
name, its exceptions after them; a query's entities are in name order); the seed is
`pygments.lexers.python.PythonLexer`.
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, value_pages_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "InventoryEntry", "PydoctorApp", "read_inventory"]

SEED = "pygments.lexers.python.PythonLexer"
InventoryEntry = tuple[str, str, str]  # name, role (py:class, py:module, …), page URI


def read_inventory(path: Path) -> list[InventoryEntry]:
    """The entries of a Sphinx inventory (version 2: four header lines, then zlib-compressed
    lines `name role priority uri display`), in the file's order; a URI ending in `$` is
    expanded to the name."""
    data = path.read_bytes()
    header = data.split(b"\n", 4)
    if not header[0].startswith(b"# Sphinx inventory version 2"):
        raise ValueError(f"{path}: not a Sphinx inventory of version 2")
    out = []
    for line in zlib.decompress(header[4]).decode("utf-8").splitlines():
        name, role, _priority, uri, *_display = line.split(" ")
        out.append((name, role, uri[:-1] + name if uri.endswith("$") else uri))
    return out


class PydoctorApp(PythonApp):
    """pydoctor's HTML documentation of Pygments, built once, served as static files."""

    id = "real-pydoctor"
    kind = "entity-tree"
    description = "pydoctor's API documentation of Pygments: module pages, a page per class"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("pydoctor==25.10.1"),
        PyPackage("pygments==2.19.2"),
    )
    script = "pydoctor_docs.py"
    data_description = "the modules and classes of Pygments 2.19.2 (installed in the venv)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # the built HTML, the same at every size

    def installed(self) -> bool:
        return super().installed() and (self.data_file / "objects.inv").is_file()

    def truth(self, base_url: str) -> SiteTruth:
        """The class pages, listed by their module's page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        inventory = read_inventory(self.data_file / "objects.inv")
        modules = {name: f"{b}/{uri}" for name, role, uri in inventory if role == "py:module"}
        classes = [(name, uri) for name, role, uri in inventory if role == "py:class"]
        urls = {name: f"{b}/{uri}" for name, uri in classes}
        values = {name: name.rsplit(".", 1)[0] for name, _ in classes}
        if not set(values.values()) <= set(modules):
            raise ValueError("a class whose parent is not a module (a nested class)")
        return value_pages_truth(
            self,
            b,
            top=b + "/moduleIndex.html",
            seed=SEED,
            urls=urls,
            values=values,
            order=sorted(urls),
            attribute=("module", modules.__getitem__),
            templates={b + "/": "package", b + "/classIndex.html": "class index"}
            | {b + "/nameIndex.html": "name index"}
            | dict.fromkeys(modules.values(), "module"),
            notes=(
                f"{len(urls)} classes of {len(modules)} modules, from pydoctor's objects.inv; "
                "a module's page lists its classes by name, exceptions last. Not listed in "
                "templates: "
                "undoccedSummary.html, apidocs-help.html, all-documents.html, the search "
                "index files, a page's member anchors (#name)."
            ),
        )
