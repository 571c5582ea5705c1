"""real-pdoc: pdoc (PyPI) API documentation of docutils and of pdoc itself, served as files.

The application (lab/real/apps/pdoc_docs.py, run in its own venv) is pdoc's own command line
(`pdoc -o DIR --no-show-source docutils pdoc …`) over two real packages installed in that venv
from PyPI: docutils (pinned; about 120 public modules in a tree of packages: parsers, readers,
writers, transforms, languages, utils) and pdoc. docutils' two Markdown parser wrappers, which
import optional packages that are not installed and so fail to import, are left out (pdoc's
`!pattern`). pdoc's default template: as the documentation names two top-level packages,
`/index.html` is the module index ("Available Modules", every public module, one link each); a
page per module (`/docutils/parsers/rst/states.html`: the dotted name as a path) with its
docstring and members (their source left out: with it, a page weighs up to 4 MB and the
documentation 52 MB), links to its parent packages and its submodules, and a search box run in
the browser over `search.js`. Python's static file server serves the built folder. One size:
the documentation is whole at every size.

Truth, from pdoc's own record of the build (`modules.json`, which the build script writes from
`pdoc.extract.walk_specs`, the list of modules pdoc renders), never a crawl: the entities are
the modules the index lists (pdoc's rule: no part of the name starts with an underscore), at
their pages; the index is one level, `/index.html`; the seed is `docutils.core`. No attributes
or facets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "PdocApp", "listed", "module_path"]

SEED = "docutils.core"


def module_path(name: str) -> str:
    """The path of a module's page: `docutils.parsers.rst` → `/docutils/parsers/rst.html`."""
    return "/" + name.replace(".", "/") + ".html"


def listed(modules: list[str]) -> list[str]:
    """The modules pdoc's index lists, in its order: those with no name part starting with an
    underscore (its template's rule: not `_x`, no `._` inside)."""
    return [m for m in modules if "._" not in m and not m.startswith("_")]


class PdocApp(PythonApp):
    """pdoc's HTML documentation of docutils and pdoc, built once, served as static files."""

    id = "real-pdoc"
    kind = "entity-tree"
    description = "pdoc's API documentation of docutils and pdoc: a module index, module pages"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("pdoc==16.0.0"),
        PyPackage("docutils==0.23"),
    )
    script = "pdoc_docs.py"
    data_description = "the modules of docutils 0.23 and pdoc 16.0 (installed in the venv)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # the built HTML, the same at every size

    def installed(self) -> bool:
        return super().installed() and (self.dir / "modules.json").is_file()

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        record = json.loads((self.dir / "modules.json").read_text(encoding="utf-8"))
        modules: list[str] = record["modules"]
        public = listed(modules)
        entities = tuple(b + module_path(m) for m in public)
        index = b + "/index.html"
        return type_truth(
            self,
            b,
            "module",
            entities,
            (index, b + module_path(SEED)),
            templates={b + "/": "index", index: "index"} | dict.fromkeys(entities, "module"),
            notes=(
                f"{len(entities)} public modules of {' and '.join(record['packages'])}, every one "
                f"on the module index; {len(modules)} pages built. Not listed in templates: the "
                f"{len(modules) - len(public)} private modules' pages (pdoc renders those a "
                "package's __all__ or its walk names, and other pages link them, e.g. "
                "docutils.writers._html_base from the HTML writers), search.js."
            ),
        )
