"""real-zim: Zim's user manual (a notebook of the Zim desktop wiki) as Zim's own HTML export
writes it, served as files.

Zim (Debian `zim`, a desktop wiki in Python and GTK) keeps a notebook as a folder of wiki-text
pages, a page per `.txt` file and a namespace per folder (`Help/Pages.txt` is the page
`Help:Pages`, below `Help.txt`). The data is the notebook Zim ships as its manual
(`usr/share/zim/manual` of the `zim` package, unpacked by lab/real/debdocs.py: 77 pages in the
namespaces Help, Plugins and Usage, a few attachments); its command line (`zim --export`, no
display needed, installed with apt-get) exports it once into `html/` with its default HTML
template and an index page, and Python's static file server serves that folder.

Served as Zim exports it: the notebook's index `/index.html` (every page as a nested list,
namespaces holding their pages), a page per notebook page at its file's path (`/Help.html`,
`/Help/Pages.html`, `/Help/Export/HTML.html`), each headed by Prev, Index and Next links (the
notebook's page order), its wiki links relative links to other pages; a namespace's page is the
text its authors wrote (most list their sub-pages); attachments beside their page.

Truth, from the notebook's files (never the export): the entities are the pages inside a
namespace (every `.txt` file in a folder, 70), attribute `section` (the top namespace: Help,
Plugins or Usage); the index is one level, `/index.html`; the seed is `Help:Pages`.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import GeneratedDocsApp
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["INDEX", "SEED", "ZimApp", "read_pages"]

ZIM = "/usr/bin/zim"
INDEX = "index"  # the export's index page, `index.html`
SEED = "Help/Pages"


def read_pages(notebook: Path) -> dict[str, str]:
    """Each page of the Zim notebook in `notebook` that lies inside a namespace (a `.txt` file
    in a folder), as its path without the suffix, with its top namespace; sorted."""
    return {
        path: path.split("/")[0]
        for path in sorted(
            p.relative_to(notebook).with_suffix("").as_posix()
            for p in notebook.rglob("*.txt")
            if p.is_file() and p.parent != notebook
        )
    }


class ZimApp(GeneratedDocsApp):
    """Zim's manual notebook (Debian's zim) exported to HTML by Zim, served as files."""

    id = "real-zim"
    kind = "entity-tree"
    description = "Zim desktop wiki's manual notebook (Debian's zim) by Zim's HTML export"
    packages = ("zim",)
    folder = "usr/share/zim/manual"  # the notebook (notebook.zim and its pages)
    marker = f"{INDEX}.html"
    tools = ("zim",)

    @property
    def notebook(self) -> Path:
        return self.dir / "root" / self.folder

    def build(self, into: Path, log: Path, progress: Progress) -> None:
        """Zim's HTML export of the unpacked notebook, into `into` (Zim's caches and state in
        the application's folder, not the user's)."""
        apt_install(self.id, self.tools, Path(ZIM).is_file(), log, progress)
        state = self.dir / "state"
        folders = {"HOME": state, "XDG_RUNTIME_DIR": state / "run"}
        folders |= {f"XDG_{k}_HOME": state / k.lower() for k in ("CACHE", "CONFIG", "DATA")}
        for folder in folders.values():
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        argv = [
            "env", *(f"{k}={v}" for k, v in folders.items()), ZIM, "--export",
            "--format=html", f"--index-page={INDEX}", f"--output={into}", str(self.notebook),
        ]  # fmt: skip
        run_step(self.id, "zim --export (HTML)", argv, log, progress)
        missing = [
            p for p in (*read_pages(self.notebook), INDEX) if not (into / f"{p}.html").is_file()
        ]
        if missing:
            raise InstallFailed(self.id, f"zim exported no {missing[0]}.html")

    def truth(self, base_url: str) -> SiteTruth:
        """The pages inside a namespace, from the notebook's files; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        pages = read_pages(self.notebook)
        if SEED not in pages or len(pages) < 50:
            raise ValueError(f"{self.id}: {self.notebook} lacks {SEED}.txt or its pages")
        urls = {p: f"{b}/{quote(p)}.html" for p in pages}
        index = f"{b}/{INDEX}.html"
        return type_truth(
            self,
            b,
            "page",
            urls.values(),
            (index, urls[SEED]),
            attributes={urls[p]: {"section": (s,)} for p, s in pages.items()},
            templates={b + "/": "index", index: "index"} | dict.fromkeys(urls.values(), "page"),
            notes=(
                f"{len(urls)} pages in {len(set(pages.values()))} namespaces of Zim "
                f"{self.versions.get('zim', '?')}'s manual. Not listed in templates: the "
                "top-level pages (the namespaces' own pages among them), the attachments."
            ),
        )
