"""real-doxygen: Doxygen (Debian) documenting a real C library, its HTML served as static files.

Packages (Debian): `doxygen`. Data: the C sources of Brotli 1.1.0 (Google's compression
library: `c/common`, `c/dec`, `c/enc`, `c/include`, `c/tools`, 92 files), as its source
distribution on PyPI ships them (`pip download --no-binary :all: brotli==1.1.0`). Doxygen
runs once at install with the lab's Doxyfile: every entity extracted (`EXTRACT_ALL`,
`EXTRACT_STATIC`), output tuned for C, HTML and XML, no LaTeX, no search engine, no graphs;
everything else its defaults. Python's static file server serves the HTML.

Served: `/index.html` (the main page, its menu drawn by script: `menudata.js`), the data
structures list (`/annotated.html`, every struct with its brief description), the data
structure index (`/classes.html`, by initial), the field index (`/functions*.html`), the file
list (`/files.html`) and the folders' pages, the globals' indexes (`/globals*.html`), a page
per struct (`/structBrotliDecoderStateStruct.html`: its fields, the file defining it) and per
file (`/decode_8c.html`), the files' sources (`/decode_8c_source.html`).

Truth, from Doxygen's own XML (`xml/index.xml`, the compounds it documented, and each struct's
`xml/<refid>.xml` for its location; never from a crawl): the entities are the struct pages
(`<refid>.html`), the files' pages a second type; the index is one level, the data structures
list; the seed is BrotliDecoderStateStruct. Attribute `file`: the file defining the struct.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

from siteseer.lab.real.app import RealApp, static_server, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, download_sdist, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["DoxygenApp", "defined_in", "read_compounds"]

APP_ID = "real-doxygen"
PACKAGES = ("doxygen",)
SOURCE = ("brotli", "1.1.0")
SEED = "BrotliDecoderStateStruct"
_DOXYFILE = """\
# Doxygen's configuration for siteseer's lab (see lab/real/doxygen.py); doxygen -g has the rest.
PROJECT_NAME = "Brotli"
PROJECT_NUMBER = {version}
INPUT = {input}
STRIP_FROM_PATH = {input}
RECURSIVE = YES
FILE_PATTERNS = *.c *.h
OUTPUT_DIRECTORY = {output}
EXTRACT_ALL = YES
EXTRACT_STATIC = YES
OPTIMIZE_OUTPUT_FOR_C = YES
GENERATE_LATEX = NO
GENERATE_XML = YES
SEARCHENGINE = NO
HAVE_DOT = NO
QUIET = YES
WARNINGS = NO
"""


def read_compounds(xml: Path) -> dict[str, list[tuple[str, str]]]:
    """Compound kind (`struct`, `file`, `dir`, …) → its (refid, name) pairs, in the order of
    Doxygen's `index.xml`."""
    out: dict[str, list[tuple[str, str]]] = {}
    for compound in ElementTree.parse(xml / "index.xml").getroot().iter("compound"):
        name = compound.findtext("name") or ""
        out.setdefault(compound.get("kind", ""), []).append((compound.get("refid", ""), name))
    return out


def defined_in(xml: Path, refid: str) -> str:
    """The file defining a compound, as Doxygen's XML of it locates it (relative to INPUT)."""
    location = ElementTree.parse(xml / f"{refid}.xml").getroot().find("compounddef/location")
    return location.get("file", "") if location is not None else ""


class DoxygenApp(RealApp):
    """Doxygen's HTML of Brotli's C sources, served as static files."""

    id = APP_ID
    kind = "entity-tree"
    description = "Doxygen (Debian) HTML of Brotli 1.1.0's C sources (its PyPI sdist)"

    @property
    def output(self) -> Path:
        return self.dir / "docs"  # the same at every size

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the documentation in {self.output})",
            f"data: the C sources of {SOURCE[0]} {SOURCE[1]}'s sdist (PyPI)",
        )

    def installed(self) -> bool:
        return (
            shutil.which("doxygen") is not None and (self.output / "html" / "index.html").is_file()
        )

    def _install(self, progress: Progress) -> None:
        """Doxygen, then (once) the sdist downloaded and unpacked and Doxygen run over it."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, shutil.which("doxygen") is not None, log, progress)
        if (self.output / "html" / "index.html").is_file():
            return
        work = self.dir / "build.partial"
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        top = download_sdist(self.id, f"{SOURCE[0]}=={SOURCE[1]}", work, log, progress)
        output = work / "docs"
        doxyfile = work / "Doxyfile"
        doxyfile.write_text(
            _DOXYFILE.format(version=SOURCE[1], input=top / "c", output=output), encoding="utf-8"
        )
        run_step(self.id, "doxygen", ["doxygen", str(doxyfile)], log, progress)
        if self.output.exists():
            shutil.rmtree(self.output)
        output.replace(self.output)
        shutil.rmtree(work)

    def command(self, port: int) -> list[str]:
        """Python's static file server over the HTML on 127.0.0.1:port."""
        return static_server(self.output / "html", port)

    def truth(self, base_url: str) -> SiteTruth:
        """The struct pages, listed by the data structures list; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        xml = self.output / "xml"
        compounds = read_compounds(xml)
        structs = {name: f"{b}/{refid}.html" for refid, name in compounds.get("struct", [])}
        files = tuple(f"{b}/{refid}.html" for refid, _ in compounds.get("file", []))
        if SEED not in structs:
            raise ValueError(f"{self.id}: Doxygen documented no struct {SEED}")
        index = f"{b}/annotated.html"
        return type_truth(
            self,
            b,
            "struct",
            structs.values(),
            (index, structs[SEED]),
            others={"file": files},
            attributes={
                structs[name]: {"file": (defined_in(xml, refid),)}
                for refid, name in compounds.get("struct", [])
            },
            templates={
                b + "/": "main",
                b + "/index.html": "main",
                index: "structures",
                f"{b}/classes.html": "structure index",
                f"{b}/files.html": "files",
            }
            | dict.fromkeys(structs.values(), "struct")
            | dict.fromkeys(files, "file"),
            notes=(
                f"Doxygen {_version()} over {SOURCE[0]} {SOURCE[1]}'s C sources: "
                f"{len(structs)} structs, {len(files)} files. Not listed in templates: the "
                "folders' pages, the sources' pages (*_source.html), the field and globals "
                "indexes (functions*.html, globals*.html), the anchors of members."
            ),
        )


def _version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "doxygen"], capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    return done.stdout.strip() or "(version unknown)"
