"""real-naturaldocs: Natural Docs 1.51 (Debian `naturaldocs`, a documentation generator in Perl
reading comments written in its own markup) over its own Perl modules, a page per source file.

Install: `apt-get install naturaldocs`; its modules (`/usr/share/perl5/naturaldocs/Modules/`,
the folder `NaturalDocs/`: 64 `.pm` files, each a package commented in Natural Docs' markup)
copied into `.lab-real/real-naturaldocs/source/`, documented once by `naturaldocs -o HTML` (its
default style, a fresh project folder) into `site/`, served as files by Python's static server
on 127.0.0.1.

URLs are Natural Docs' own: `/` (`index.html`, a refresh to the first file's page), a page per
source file `/files/NaturalDocs/Languages/Perl-pm.html` (its path, `.` as `-`: the package's
description, then a section per function, variable and constant, each an anchor), the menu
on every page (the files grouped by folder, each group opened and closed by script, links to
the indexes), the indexes `/index/Files.html` (every file), `/index/General.html`,
`/index/Functions.html`, … (symbols, a page per first letter: `Functions2.html`, …), the
search's pages `/search/…` (read by script).

Truth, from the source folder (never the generated pages): the entities are the source files'
pages (each `.pm` file; Natural Docs writes a page for a file holding a topic, as all of these
do: the install checks it); attribute `package`, the package the file declares (`package
NaturalDocs::Parser;`, the page's title); the index is one level, the files index; the seed is
`NaturalDocs/Parser.pm`.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path
from urllib.parse import quote

from siteseer.lab.real.app import RealApp, static_server, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["NaturalDocsApp", "file_page", "read_sources"]

NATURALDOCS = "/usr/bin/naturaldocs"
MODULES = Path("/usr/share/perl5/naturaldocs/Modules")
FOLDER = "NaturalDocs"  # the modules documented, under MODULES
SEED = "NaturalDocs/Parser.pm"
PACKAGE = re.compile(r"^package\s+([\w:]+)\s*;", re.M)


def read_sources(source: Path) -> dict[str, str]:
    """Each `.pm` file under `source` (its path relative, with `/`) → the package it declares
    first, sorted by path."""
    found = {}
    for file in sorted(source.rglob("*.pm")):
        declared = PACKAGE.search(file.read_text(encoding="latin-1"))
        if declared is None:
            raise ValueError(f"{file} declares no package")
        found[file.relative_to(source).as_posix()] = declared.group(1)
    return found


def file_page(path: str) -> str:
    """A source file's page, as Natural Docs names it: under files/, its dots as hyphens."""
    return "files/" + path.replace(".", "-") + ".html"


class NaturalDocsApp(RealApp):
    """Natural Docs' documentation of its own Perl modules, built once, served as files."""

    id = "real-naturaldocs"
    kind = "entity-tree"
    description = "Natural Docs 1.51 (Debian) documentation of its own Perl modules"

    @property
    def source(self) -> Path:
        return self.dir / "source"

    @property
    def site(self) -> Path:
        return self.dir / "site"  # the same at every size

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian naturaldocs (documentation in {self.site})",
            f"data: Natural Docs' own modules ({MODULES / FOLDER})",
        )

    def installed(self) -> bool:
        return Path(NATURALDOCS).is_file() and self.stamp.is_file()

    def _install(self, progress: Progress) -> None:
        """The package, its modules copied, then documented once (the stamp: the count)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, ("naturaldocs",), Path(NATURALDOCS).is_file(), log, progress)
        project = self.dir / "project"
        for made in (self.source, self.site, project):
            if made.exists():
                shutil.rmtree(made)
        shutil.copytree(MODULES / FOLDER, self.source / FOLDER)
        self.site.mkdir(parents=True)
        project.mkdir()
        sources = read_sources(self.source)
        started = time.perf_counter()
        build = [
            NATURALDOCS, "--input", str(self.source), "--output", "HTML", str(self.site),
            "--project", str(project), "--quiet",
        ]  # fmt: skip
        run_step(self.id, f"Natural Docs over {len(sources)} modules", build, log, progress)
        pages = {file_page(p) for p in sources}
        written = {p.relative_to(self.site).as_posix() for p in (self.site / "files").rglob("*")}
        written = {p for p in written if p.endswith(".html")}
        if pages != written:
            odd = sorted(pages ^ written)
            raise InstallFailed(self.id, f"Natural Docs' pages are not the modules': {odd[:3]}")
        seconds = round(time.perf_counter() - started, 2)
        stamp = {"modules": len(sources), "build_seconds": seconds}
        self.stamp.write_text(json.dumps(stamp), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Python's static file server over the documentation on 127.0.0.1:port."""
        return static_server(self.site, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The modules' pages, from the source folder; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        sources = read_sources(self.source)
        ordered = [SEED, *(p for p in sources if p != SEED)]
        urls = [f"{b}/{quote(file_page(p))}" for p in ordered]
        files = f"{b}/index/Files.html"
        return type_truth(
            self,
            b,
            "module",
            urls,
            (files, urls[0]),
            levels=((files,),),
            attributes={u: {"package": (sources[p],)} for u, p in zip(urls, ordered, strict=True)},
            templates={files: "files index"} | dict.fromkeys(urls, "module"),
            notes=(
                f"{len(urls)} Perl modules of Natural Docs, from the source folder. Not listed "
                "in templates: / (a refresh to the first module), the symbol indexes "
                "/index/<kind><n>.html, the search's pages, the styles and scripts."
            ),
        )
