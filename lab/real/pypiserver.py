"""real-pypiserver: pypiserver (PyPI), a package index serving a directory of real wheels and
source distributions.

The application (lab/real/apps/pypiserver_index.py, run in its own venv) is `pypi-server run`
over `packages/`, with no authentication and no fallback to PyPI (a project it does not hold
is a 404, not a redirect off the machine), on waitress (bottle's first choice when installed).
`packages/` is filled at install by pip itself: `pip download` of the dependency closures of a
few well-known projects (`ROUNDS`), one round of pins at a time, each round a release line of
the same projects (Sphinx 8, 7 and 6, Flask 3.1, 2.3 and 2.2, …), so that most projects hold
files of two or more versions; pip picks each file (a wheel for CPython 3.11 on Linux where one
exists, else the source distribution) and the dependencies' versions a round does not pin.

Its pages: `/` (a welcome page linking the two indexes), `/simple/` (PEP 503's simple index:
every project by its normalized name, `/simple/<project>/`), a page per project linking its
files (`/packages/<file>#sha256=…`), `/packages/` (every file); a project asked for under
another spelling redirects to its normalized name.

Truth, from the files in `packages/` (their names, as the wheel and sdist file name
specifications spell them; never a crawl): the entities are the projects' pages, under PEP
503's normalized names; attribute `version` (the versions of its files); the index is one
level, `/simple/`; the seed is requests' page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, type_truth
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["ROUNDS", "PypiServerApp", "normalize", "read_files"]

# Each round is one `pip download` (with dependencies) of its pins; a round's pins must not
# name one project twice (pip resolves them together). The second pins its dependencies' older
# releases too (each compatible with its projects), the third lets pip pick them.
ROUNDS = (
    ("sphinx==8.2.3", "flask==3.1.0", "requests==2.32.3", "pytest==8.3.4", "black==24.10.0",
     "rich==13.9.4", "httpx==0.28.1"),
    ("sphinx==7.4.7", "flask==2.3.3", "requests==2.31.0", "pytest==7.4.4", "black==23.12.1",
     "rich==12.6.0", "docutils==0.20.1", "pygments==2.17.2", "babel==2.14.0", "jinja2==3.1.4",
     "werkzeug==2.3.8", "click==8.1.7", "itsdangerous==2.1.2", "blinker==1.7.0",
     "markupsafe==2.1.5", "urllib3==1.26.20", "idna==3.7", "certifi==2024.2.2",
     "charset-normalizer==3.3.2", "packaging==23.2", "pluggy==1.4.0", "iniconfig==2.0.0",
     "platformdirs==3.11.0", "pathspec==0.11.2", "mypy-extensions==1.0.0", "alabaster==0.7.16",
     "snowballstemmer==2.2.0", "imagesize==1.4.1"),
    ("sphinx==6.2.1", "flask==2.2.5", "requests==2.28.2", "pytest==7.2.2", "black==22.12.0",
     "rich==10.16.2"),
)  # fmt: skip
SEED = "requests"
_SDIST = re.compile(r"^(?P<name>.+?)-(?P<version>\d[^-]*)\.(?:tar\.gz|zip)$")


def normalize(name: str) -> str:
    """PEP 503's normalized project name: runs of `-`, `_`, `.` as one `-`, lower case."""
    return re.sub(r"[-_.]+", "-", name).lower()


def read_files(folder: Path) -> dict[str, list[tuple[str, str]]]:
    """Normalized project name → its (version, file name) pairs, from the distribution files in
    `folder` (a wheel's name and version are its first two dash-separated fields; an sdist's
    name is what precedes `-<version>.tar.gz`). Projects and files sorted by name."""
    projects: dict[str, list[tuple[str, str]]] = {}
    for file in sorted(folder.iterdir()):
        if file.name.endswith(".whl"):
            name, version = file.name.split("-")[:2]
        elif match := _SDIST.match(file.name):
            name, version = match["name"], match["version"]
        else:
            continue
        projects.setdefault(normalize(name), []).append((version, file.name))
    return dict(sorted(projects.items()))


class PypiServerApp(PythonApp):
    """pypiserver over a directory of real distributions that pip downloaded."""

    id = "real-pypiserver"
    kind = "entity-tree"
    description = "pypiserver (PyPI): a simple index of real distributions pip downloaded"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("pypiserver==2.4.2"),
        PyPackage("waitress==3.0.2"),
    )
    script = "pypiserver_index.py"
    data_description = (
        f"the files pip downloads for the dependency closures of {len(ROUNDS)} rounds of pins "
        f"({', '.join(ROUNDS[0])}, and older releases)"
    )
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "packages"  # the served distributions, the same at every size

    def _install(self, progress: Progress) -> None:
        rounds = self.dir / "rounds.json"
        rounds.parent.mkdir(parents=True, exist_ok=True)
        rounds.write_text(json.dumps([list(r) for r in ROUNDS]), encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        projects = read_files(self.data_file)
        if SEED not in projects:
            raise ValueError(f"{self.id}: no file of {SEED!r} in {self.data_file}")
        url = {p: f"{b}/simple/{p}/" for p in projects}
        index = b + "/simple/"
        files = sum(len(f) for f in projects.values())
        return type_truth(
            self,
            b,
            "project",
            url.values(),
            (index, url[SEED]),
            attributes={
                url[p]: {"version": tuple(dict.fromkeys(v for v, _ in f))}
                for p, f in projects.items()
            },
            templates={b + "/": "home", index: "index", b + "/packages/": "files"}
            | dict.fromkeys(url.values(), "project"),
            notes=(
                f"{len(projects)} projects, {files} files (the distributions pip downloaded). "
                "Not listed in templates: the files themselves (/packages/<file>), the "
                "redirects from a project's other spellings to its normalized name."
            ),
        )
