"""real-htags: GNU GLOBAL's htags (Debian `global`), a cross-referenced source browser of a real
C library, its HTML served as static files.

Packages (Debian): `global`. Data: the C sources of Brotli 1.1.0 (`c/`: `common`, `dec`, `enc`,
`include/brotli`, `tools`, 92 files), as its source distribution on PyPI ships them (`pip
download --no-binary :all:`, the same sources real-doxygen documents). htags runs once at install
in that folder with `--suggest`, the options its manual recommends (`-aghInosTxv --show-position
--fixed-guide`: gtags run first, an alphabetical definitions index, function headers, icons,
line numbers, every symbol anchored, other files too, the file index as a table); no CGI search
form. Python's static file server serves the HTML.

Served: `/` (`index.html`, the same as `/mains.html`: the definitions index by initial, the
folders as a table), `/files.html` (the folders), a page per folder (`/files/<n>.html`: its
files and sub-folders), a page per source file (`/S/<fid>.html`: the source with line numbers,
every symbol linked to its definition or references, a guide naming the file's folder), the
definitions' lists by initial (`/defines/<c>.html`), a symbol's definitions (`/D/<n>.html`),
references (`/R/<n>.html`) and uses (`/Y/<n>.html`), the files including a header
(`/I/<n>.html`), the help page.

Truth, from GLOBAL's own tag files (never a crawl): the entities are the source files' pages,
`global -Po` listing every file gtags indexed and GPATH (`gtags --dump GPATH`) the file id that
names its page; the folders' pages, each the `<title>` (its path) of a page htags wrote under
`files/`. Two index levels: `/mains.html`, then every folder's page (`include/brotli/` is
reached through `include/`); the seed is `dec/decode.c`. Attribute `directory`: the file's
folder.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from siteseer.lab.real.app import RealApp, static_server, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, download_sdist, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["HtagsApp", "file_ids", "folder_pages", "indexed_files"]

APP_ID = "real-htags"
PACKAGES = ("global",)
SOURCE = ("brotli", "1.1.0")
SUBTREE = "c"  # the sdist's C sources; the rest is Python bindings and build files
SEED = "dec/decode.c"
_TITLE = re.compile(r"<title>([^<]*)</title>")


def indexed_files(root: Path) -> list[str]:
    """Every file GLOBAL indexed under `root` (sources and others), as `global -Po` lists them:
    paths relative to the root, in its order."""
    done = subprocess.run(["global", "-Po"], cwd=root, capture_output=True, text=True, check=True)
    return [line for line in done.stdout.splitlines() if line]


def file_ids(dump: str) -> dict[str, int]:
    """Path (relative, without `./`) → file id, from `gtags --dump GPATH`'s output (`path<TAB>
    id` lines; its own keys, which begin with a space, left out)."""
    out: dict[str, int] = {}
    for line in dump.splitlines():
        path, _, fid = line.partition("\t")
        if path.startswith("./") and fid.strip().isdigit():
            out[path[2:]] = int(fid)
    return out


def folder_pages(html: Path) -> dict[str, str]:
    """Folder path (`dec`, `include/brotli`) → its page (`files/<n>.html`), from the pages htags
    wrote under `files/` (each titled with the folder's path and a slash)."""
    out: dict[str, str] = {}
    for page in sorted((html / "files").glob("*.html")):
        match = _TITLE.search(page.read_text(encoding="utf-8", errors="replace"))
        if match and match[1].endswith("/"):
            out[match[1].rstrip("/")] = f"files/{page.name}"
    return out


class HtagsApp(RealApp):
    """htags' cross-referenced HTML of Brotli's C sources, served as static files."""

    id = APP_ID
    kind = "entity-tree"
    description = "GNU GLOBAL htags (Debian): a source browser of Brotli 1.1.0's C sources (sdist)"

    @property
    def tree(self) -> Path:
        return self.dir / "tree"  # the sources, GLOBAL's tag files and HTML/; every size

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the browser in {self.tree / 'HTML'})",
            f"data: the C sources of {SOURCE[0]} {SOURCE[1]}'s sdist (PyPI)",
        )

    def installed(self) -> bool:
        return shutil.which("htags") is not None and (self.tree / "HTML" / "index.html").is_file()

    def _install(self, progress: Progress) -> None:
        """GLOBAL, then (once) the sdist downloaded and unpacked and htags run over its C
        sources."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, shutil.which("htags") is not None, log, progress)
        if (self.tree / "HTML" / "index.html").is_file():
            return
        work = self.dir / "build.partial"
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        top = download_sdist(self.id, f"{SOURCE[0]}=={SOURCE[1]}", work, log, progress)
        source = top / SUBTREE
        title = f"{SOURCE[0].capitalize()} {SOURCE[1]}"
        htags = ["htags", "-C", str(source), "--suggest", "-t", title]
        run_step(self.id, "htags --suggest", htags, log, progress)
        if self.tree.exists():
            shutil.rmtree(self.tree)
        source.replace(self.tree)
        shutil.rmtree(work)

    def command(self, port: int) -> list[str]:
        """Python's static file server over the HTML on 127.0.0.1:port."""
        return static_server(self.tree / "HTML", port)

    def truth(self, base_url: str) -> SiteTruth:
        """The source files' pages, from GLOBAL's tag files; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        dump = subprocess.run(
            ["gtags", "--dump", "GPATH"], cwd=self.tree, capture_output=True, text=True,
            check=True,
        ).stdout  # fmt: skip
        ids = file_ids(dump)
        files = indexed_files(self.tree)
        missing = [f for f in files if f not in ids]
        if missing or SEED not in files:
            raise ValueError(f"{self.id}: no GPATH id for {missing} or no {SEED} indexed")
        urls = {f: f"{b}/S/{ids[f]}.html" for f in files}
        folders = {d: f"{b}/{page}" for d, page in folder_pages(self.tree / "HTML").items()}
        seed_folder = SEED.rpartition("/")[0]
        main = b + "/mains.html"
        return type_truth(
            self,
            b,
            "file",
            urls.values(),
            (main, folders[seed_folder], urls[SEED]),
            levels=((main,), tuple(folders.values())),
            attributes={urls[f]: {"directory": (f.rpartition("/")[0],)} for f in files},
            templates={b + "/": "main", b + "/index.html": "main", main: "main"}
            | {b + "/files.html": "files"}
            | dict.fromkeys(folders.values(), "folder")
            | dict.fromkeys(urls.values(), "file"),
            notes=(
                f"htags {_version()} over {SOURCE[0]} {SOURCE[1]}'s C sources: {len(files)} "
                f"files in {len(folders)} folders. Not listed in templates: the definitions' "
                "lists (/defines/*.html), a symbol's definitions, references and uses (/D/, "
                "/R/, /Y/), the include lists (/I/), the help page, the anchors of lines."
            ),
        )


def _version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "global"], capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    return done.stdout.strip() or "(version unknown)"
