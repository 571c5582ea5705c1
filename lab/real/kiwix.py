"""real-kiwix: kiwix-serve (Debian) serving a ZIM file that zimwriterfs (Debian) builds from Git's
HTML documentation, Debian's git-doc.

Packages (Debian): `kiwix-tools` (kiwix-serve 3.3), `zim-tools` (zimwriterfs 3.1) and `git-doc`
(Git 2.39's manual pages and guides as HTML, written by AsciiDoc). Install, once, under the app's
home:

1. `html/`: git-doc's HTML tree copied as it is (`*.html`, `*.css` and images, its `howto/` and
   `technical/` folders; not the AsciiDoc sources, changelogs or copyright), and an
   illustration, a 48x48 PNG of one colour (`illustration_png`), which zimwriterfs requires.
2. `BOOK.zim`: `zimwriterfs` over `html/`, its welcome page `index.html` (git(1), as git-doc
   ships it), with a full-text index.

kiwix-serve serves the file on 127.0.0.1, its defaults: `/` is the library, a page whose script
fetches the OPDS catalogue (`/catalog/v2/entries`) and draws a card per book; a book's files are
at `/<book>/<path>` (`/git-doc/git-add.html`; `/git-doc/` redirects to the welcome page), each
page with kiwix's toolbar drawn in (search form `/search`, links to the library, to the book's
welcome page and to a random page, `/random?content=<book>`), plus suggestions
(`/suggest`), the catalogue and the illustration.

Truth, from the HTML sources (the copy packed into the file): the entities are the command pages
git(1) lists, the files its page `git.html` links to (but itself) that exist and are titled
`<name>(1)`, in its order: the manual's section 1, its user commands, `gitk`, `gitweb` and
`scalar` among them (git(1) lists them among the commands; its guides and interfaces are pages
of sections 7 and 5); the index is one level, `/<book>/git.html` (every command page links back
to it, "Part of the git(1) suite"); the seed is `/<book>/git-add.html`. The same pages as
real-gitdoc's truth.
"""

from __future__ import annotations

import re
import shutil
import struct
import zlib
from pathlib import Path

from siteseer.lab.real.app import RealApp, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["BOOK", "KiwixApp", "illustration_png", "read_commands"]

APP_ID = "real-kiwix"
PACKAGES = ("kiwix-tools", "zim-tools", "git-doc")
SOURCE = Path("/usr/share/doc/git-doc")
BOOK = "git-doc"  # the ZIM file's name, kiwix-serve's name for the book in its URLs
INDEX = "git.html"
SEED = "git-add.html"
COPIED = ("*.html", "*.css", "*.png", "*.gif", "*.jpg")
_LINK = re.compile(r'href="([^"#/:]+\.html)"')
_TITLE = re.compile(r"<title>([^<]*)</title>")


def illustration_png(size: int = 48, rgb: tuple[int, int, int] = (240, 80, 50)) -> bytes:
    """A PNG of `size`x`size` pixels of one colour (8-bit RGB, unfiltered rows)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    rows = b"".join(b"\x00" + bytes(rgb) * size for _ in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def read_commands(html: Path) -> list[str]:
    """The command pages git(1) lists: the files `html/git.html` links to (first link first;
    not itself) that exist and are titled `<name>(1)`, manual section 1."""
    text = (html / INDEX).read_text(encoding="utf-8")
    out: list[str] = []
    for name in dict.fromkeys(_LINK.findall(text)):
        page = html / name
        if name == INDEX or not page.is_file():
            continue
        title = _TITLE.search(page.read_text(encoding="utf-8", errors="replace"))
        if title is not None and title.group(1) == name.removesuffix(".html") + "(1)":
            out.append(name)
    return out


class KiwixApp(RealApp):
    """kiwix-serve over a ZIM file of Git's HTML documentation."""

    id = APP_ID
    kind = "entity-tree"
    description = (
        "kiwix-serve (Debian) over a ZIM file zimwriterfs builds from Git's HTML documentation "
        "(Debian git-doc): a script-drawn library, a toolbar on every page"
    )

    @property
    def html(self) -> Path:
        return self.dir / "html"  # the same at every size

    @property
    def zim(self) -> Path:
        return self.dir / f"{BOOK}.zim"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the ZIM file {self.zim})",
            f"data: Git's HTML documentation ({SOURCE})",
        )

    def _tools(self) -> bool:
        return all(shutil.which(t) for t in ("kiwix-serve", "zimwriterfs"))

    def installed(self) -> bool:
        return self._tools() and self.zim.is_file() and (self.html / INDEX).is_file()

    def _install(self, progress: Progress) -> None:
        """The packages, then (once) the HTML copied and packed by zimwriterfs."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        present = self._tools() and (SOURCE / INDEX).is_file()
        apt_install(self.id, PACKAGES, present, log, progress)
        if self.installed():
            return
        if not (SOURCE / INDEX).is_file():
            raise InstallFailed(self.id, f"no {SOURCE / INDEX} (is /usr/share/doc excluded?)")
        if self.html.exists():
            shutil.rmtree(self.html)
        for pattern in COPIED:
            for file in SOURCE.rglob(pattern):
                target = self.html / file.relative_to(SOURCE)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, target)
        (self.html / "illustration.png").write_bytes(illustration_png())
        if len(read_commands(self.html)) < 100:
            raise InstallFailed(self.id, f"{self.html / INDEX} lists fewer commands than expected")
        partial = self.dir / "partial" / self.zim.name
        if partial.parent.exists():
            shutil.rmtree(partial.parent)
        partial.parent.mkdir()
        build = [
            "zimwriterfs", "--welcome=index.html", "--illustration=illustration.png",
            "--language=eng", "--title=Git documentation",
            "--description=Git's manual pages and guides (Debian git-doc)",
            "--creator=The Git project", "--publisher=siteseer lab", f"--name={BOOK}",
            str(self.html), str(partial),
        ]  # fmt: skip
        run_step(self.id, "zimwriterfs (Git's HTML documentation)", build, log, progress)
        partial.replace(self.zim)
        shutil.rmtree(partial.parent)

    def command(self, port: int) -> list[str]:
        """kiwix-serve on 127.0.0.1:port, serving the one ZIM file."""
        return ["kiwix-serve", "--address=127.0.0.1", f"--port={port}", str(self.zim)]

    def truth(self, base_url: str) -> SiteTruth:
        """The command pages as entities; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        book = f"{b}/{BOOK}/"
        urls = tuple(book + name for name in read_commands(self.html))
        index = book + INDEX
        return type_truth(
            self,
            b,
            "command",
            urls,
            (index, book + SEED),
            templates={b + "/": "library", index: "index"} | dict.fromkeys(urls, "command"),
            notes=(
                f"{len(urls)} command pages, every one listed by git(1) ({INDEX}); the welcome "
                f"page {book}index.html is the same page. Not listed in templates: git-doc's other "
                "pages (guides, howto/, technical/, commands git(1) does not list), /search, "
                "/suggest, /random, /catalog/, /skin/."
            ),
        )
