"""real-coverage: coverage.py's HTML report (PyPI) of docutils converting its own README with
each of its writers, served as files.

The application (lab/real/apps/coverage_docutils.py, run in its own venv) is coverage.py 7.17,
the Python code coverage tool, over docutils 0.23, both from PyPI. At install, coverage.py's
command line measures docutils' own front end (`coverage run --append --source=docutils -m
docutils --writer=W`) converting docutils' README (the long description its distribution
ships) with nine writers (HTML 5 and 4, LaTeX, XeTeX, man page, ODT, S5, XML, pseudo-XML), then
`coverage html` writes its report once; Python's static file server serves it. A report, not a
documentation site: a table of numbers per file.

Served as coverage.py writes it: `/index.html` (also `/`), the files' table (file, statements,
missing, excluded, coverage; sorted and filtered by script, each file a link to its page), a
page per measured file `/z_<hash of its folder>_<name>_py.html` (`docutils/core.py` is
`/z_a8d443bb38169ece_core_py.html`: the file's numbers in its heading, its source line by line
marked run, missing or excluded, prev, index and next links in the table's order),
`/function_index.html` and `/class_index.html` (a row per function or class with its numbers,
each a link into its file's page, `#t<line>`). docutils' files that the runs never imported are
in the report at 0%. No robots.txt (404).

Truth, from coverage.py's own data file of the same runs (its API, in `files.json`, written by
the load step; never the report): the entities are the measured files, at their report pages
(coverage.py's own `flat_rootname`); attributes `statements`, `missing`, `excluded` and
`coverage` (the percentage as the report prints it, `51%`); the index is one level,
`/index.html`; the seed is `docutils/core.py`. No facet. One size: the report is whole at every
size.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from siteseer.lab.real.app import PythonApp, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["ATTRIBUTES", "SEED", "CoverageApp", "file_attributes"]

SEED = "docutils/core.py"
ATTRIBUTES = ("statements", "missing", "excluded", "coverage")


def file_attributes(
    record: dict[str, Any], base: str
) -> dict[str, tuple[str, dict[str, tuple[str, ...]]]]:
    """Each file of coverage.py's record (`files.json`), by its name: its report page's URL
    below `base` and its attributes as the report prints them; in the record's order."""
    return {
        str(f["file"]): (f"{base}/{f['page']}", {a: (str(f[a]),) for a in ATTRIBUTES})
        for f in record["files"]
    }


class CoverageApp(PythonApp):
    """coverage.py's HTML report of docutils' runs, written once, served as static files."""

    id = "real-coverage"
    kind = "entity-tree"
    description = (
        "coverage.py's HTML report of docutils converting its README with each of its writers: "
        "the files' table, a page per file"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("coverage==7.17.5"),
        PyPackage("docutils==0.23"),
    )
    script = "coverage_docutils.py"
    data_description = "coverage.py's measure of docutils 0.23 converting its own README"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # the report, the same at every size

    @property
    def record(self) -> Path:
        return self.dir / "files.json"

    def installed(self) -> bool:
        return super().installed() and self.record.is_file()

    def truth(self, base_url: str) -> SiteTruth:
        """The measured files, from coverage.py's data; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        record = json.loads(self.record.read_text(encoding="utf-8"))
        files = file_attributes(record, b)
        if SEED not in files or len(files) < 100:
            raise ValueError(f"{self.id}: {self.record} lacks {SEED} or the files")
        urls = [url for url, _ in files.values()]
        index = f"{b}/index.html"
        return type_truth(
            self,
            b,
            "file",
            urls,
            (index, files[SEED][0]),
            attributes=dict(files.values()),
            templates={b + "/": "index", index: "index"} | dict.fromkeys(urls, "file"),
            notes=(
                f"{len(urls)} files of docutils measured by coverage.py {record['coverage']} "
                f"over {len(record['writers'])} runs of its front end, every one in the files' "
                "table. Not listed in templates: /function_index.html and /class_index.html "
                "(a row per function or class, linking into the files' pages), status.json."
            ),
        )
