"""real-lcov: LCOV's genhtml (Debian `lcov`), the HTML report of GCC's line coverage, over the
Brotli command line compressing and decompressing its own sources, served as static files.

Packages (Debian): `lcov` (lcov and genhtml, in Perl, over GCC's gcov) and `gcc`. Data: the C
sources of Brotli 1.1.0 as its source distribution on PyPI ships them (`pip download
--no-binary :all:`, the sources real-htags and real-doxygen browse). At install its command line
tool (`c/tools/brotli.c` with the library under `c/common`, `c/dec` and `c/enc`) is built once
with GCC's coverage instrumentation (`gcc --coverage -O0`) and run on the distribution's own
files: its README compressed at six qualities and each result decompressed, `c/enc/encode.c`
compressed with a 64 KiB window and tested. `lcov --capture` reads the counts, `lcov
--add-tracefile` merges each header's records from the units that include it (lcov's own
tracefile, `coverage.info`), and genhtml writes the report once (`--prefix` the source's top
folder); Python's static file server serves it. A report of numbers in tables of the old HTML
kind (nested layout tables, no script).

Served as genhtml writes it: `/index.html` (the folders' table: a bar, the line coverage, lines
hit / found, the functions likewise; each folder a link), `/index-sort-l.html` and
`/index-sort-f.html` (the same table sorted by line or function coverage), a page per folder
`/c/enc/index.html` (its files' table, the same columns; sorted alike), a page per file
`/c/enc/encode.c.gcov.html` (its numbers, its source line by line with each line's count),
its functions `/c/enc/encode.c.func.html` and `…func-sort-c.html` (each function's calls). No
robots.txt (404).

Truth, from lcov's merged tracefile (never the report): the entities are its source files, at
their pages; attributes `lines` (`hit / found`, as the tables print them), `functions` (alike)
and `directory`. Two index levels: `/index.html`, then every folder's page; the seed is
`c/enc/encode.c`. No facet.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from pathlib import Path

from siteseer.lab.real.app import RealApp, static_server, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, download_sdist, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["LcovApp", "read_tracefile"]

PACKAGES = ("lcov", "gcc")
SOURCE = ("brotli", "1.1.0")
UNITS = ("c/common/*.c", "c/dec/*.c", "c/enc/*.c", "c/tools/brotli.c")  # the command line tool
SEED = "c/enc/encode.c"
BUILD = "lcov-build"  # under the sources: the instrumented tool, its counts and the runs' files
TRACEFILE = "coverage.info"
# The runs: the tool's arguments, from the build folder.
RUNS: tuple[tuple[str, ...], ...] = (
    *(
        step
        for q in ("0", "1", "2", "5", "9", "11")
        for step in (
            ("-f", "-q", q, "-o", f"readme.q{q}.br", "../README.md"),
            ("-d", "-f", "-o", f"readme.q{q}", f"readme.q{q}.br"),
        )
    ),
    ("-f", "-q", "6", "-w", "16", "-o", "encode.c.br", "../c/enc/encode.c"),
    ("-t", "encode.c.br"),
)


def read_tracefile(text: str, top: Path) -> dict[str, dict[str, int]]:
    """Each source file of an lcov tracefile, by its path below `top`, with its `LF`, `LH`,
    `FNF` and `FNH` counts; in the file's order. Raises ValueError on a file named twice (an
    unmerged tracefile) or outside `top`."""
    files: dict[str, dict[str, int]] = {}
    current: dict[str, int] = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key == "SF":
            name = Path(value).relative_to(top).as_posix()
            if name in files:
                raise ValueError(f"{name} is named twice: the tracefile is not merged")
            current = files[name] = {}
        elif key in ("LF", "LH", "FNF", "FNH"):
            current[key] = int(value)
    return files


class LcovApp(RealApp):
    """genhtml's report of Brotli's command line run under GCC's coverage, as static files."""

    id = "real-lcov"
    kind = "entity-tree"
    description = (
        "LCOV genhtml (Debian): the line coverage report of Brotli 1.1.0's command line (sdist) "
        "run on its own files, by folder and file"
    )

    @property
    def tree(self) -> Path:
        return self.dir / "tree"  # the sources, the build, the tracefile and html/; every size

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the report in {self.tree / 'html'})",
            f"data: the C sources of {SOURCE[0]} {SOURCE[1]}'s sdist (PyPI), built and run",
        )

    def _tools(self) -> bool:
        return all(shutil.which(t) for t in ("genhtml", "lcov", "gcc", "gcov"))

    def installed(self) -> bool:
        return self._tools() and (self.tree / "html" / "index.html").is_file()

    def _install(self, progress: Progress) -> None:
        """lcov and GCC, then (once) the sdist downloaded and unpacked, the tool built with
        coverage, run, its counts read and merged, and the report written."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, self._tools(), log, progress)
        if self.installed():
            return
        work = self.dir / "build.partial"
        for folder in (work, self.tree):
            if folder.exists():
                shutil.rmtree(folder)
        work.mkdir(parents=True)
        download_sdist(self.id, f"{SOURCE[0]}=={SOURCE[1]}", work, log, progress).replace(self.tree)
        shutil.rmtree(work)
        top = self.tree.resolve()
        build = top / BUILD
        build.mkdir()
        units = sorted(os.path.relpath(p, build) for u in UNITS for p in top.glob(u))
        compile_ = ["gcc", "--coverage", "-O0", "-I../c/include", "-o", "brotli", *units, "-lm"]
        run_step(self.id, "gcc --coverage (the brotli tool)", compile_, log, progress, cwd=build)
        for args in RUNS:
            run_step(self.id, f"brotli {' '.join(args)}", ["./brotli", *args], log, progress,
                     cwd=build)  # fmt: skip
        capture = ["lcov", "--capture", "--directory", ".", "--base-directory", ".",
                   "--output-file", "capture.info"]  # fmt: skip
        run_step(self.id, "lcov --capture", capture, log, progress, cwd=build)
        merge = ["lcov", "--add-tracefile", "capture.info", "--output-file", f"../{TRACEFILE}"]
        run_step(self.id, "lcov --add-tracefile (merge)", merge, log, progress, cwd=build)
        report = ["genhtml", TRACEFILE, "--prefix", str(top), "--title",
                  f"{SOURCE[0].capitalize()} {SOURCE[1]}", "--output-directory", "html.partial"]  # fmt: skip
        run_step(self.id, "genhtml", report, log, progress, cwd=top)
        if not (top / "html.partial" / "index.html").is_file():
            raise InstallFailed(self.id, "genhtml wrote no index.html")
        (top / "html.partial").replace(top / "html")

    def command(self, port: int) -> list[str]:
        """Python's static file server over the report on 127.0.0.1:port."""
        return static_server(self.tree / "html", port)

    def truth(self, base_url: str) -> SiteTruth:
        """The tracefile's source files; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        top = self.tree.resolve()
        files = read_tracefile((top / TRACEFILE).read_text(encoding="utf-8"), top)
        if SEED not in files or len(files) < 40:
            raise ValueError(f"{self.id}: {top / TRACEFILE} lacks {SEED} or the files")
        urls = {f: f"{b}/{f}.gcov.html" for f in files}
        folders = {f.rpartition("/")[0] for f in files}
        folder_urls = {d: f"{b}/{d}/index.html" for d in sorted(folders)}
        index = f"{b}/index.html"
        seed_folder = SEED.rpartition("/")[0]
        levels: Sequence[Sequence[str]] = ((index,), tuple(folder_urls.values()))
        return type_truth(
            self,
            b,
            "file",
            urls.values(),
            (index, folder_urls[seed_folder], urls[SEED]),
            levels=levels,
            attributes={
                urls[f]: {
                    "lines": (f"{n['LH']} / {n['LF']}",),
                    "functions": (f"{n['FNH']} / {n['FNF']}",),
                    "directory": (f.rpartition("/")[0],),
                }
                for f, n in files.items()
            },
            templates={b + "/": "index", index: "index"}
            | dict.fromkeys(folder_urls.values(), "folder")
            | dict.fromkeys(urls.values(), "file"),
            notes=(
                f"genhtml over Brotli {SOURCE[1]}'s command line run {len(RUNS)} times: "
                f"{len(files)} source files in {len(folders)} folders. Not listed in "
                "templates: the tables sorted by line or function coverage "
                "(index-sort-l.html, index-sort-f.html, at the top and in each folder), the "
                "files' function pages (.func.html, .func-sort-c.html)."
            ),
        )
