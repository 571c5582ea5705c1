"""real-man2html: Debian's man2html, a manual browser of CGI programs, over the Linux man-pages.

Packages (Debian): `man2html` (the CGI programs /usr/lib/cgi-bin/man/man2html, mansec and
manwhatis) and `man-db` (the `manpath`, `whatis` and `mandb` they run). They are served by
lab/real/apps/cgi_server.py as Debian's Apache configuration serves them (`/cgi-bin/man/<program>`,
`/` redirecting to `/cgi-bin/man/man2html`), on 127.0.0.1 only.

Data: the manual pages of Debian's `manpages` and `manpages-dev` (the Linux man-pages project:
system calls, library functions, special files, file formats, overviews), fetched with
`apt-get download` and unpacked with `dpkg-deb` into the application's directory (`man/`), so
that the pages served are the same whatever the machine has installed: 2,546 pages (files and
their links) of 1.1k files at man-pages 6.03. man2html's programs read the manual path from
/etc/manpath.config and keep their section indexes in /var/cache/man2html, whatever the
environment; so the gateway runs in a mount namespace of its own (`unshare --mount`) where the
application's `manpath.config` (its `man/` the only manual path, a `whatis` database beside it
that `mandb` builds at install) and its own cache folder are mounted over those two paths. The
host's own files are never changed.

Served at man2html's URLs: `/cgi-bin/man/man2html` (the main contents: a lookup form, links to
each section's index by name, `mansec?N`, and by name and description, `manwhatis?N`, and to
"All Sections", `mansec?all`, which in this version lists section 1 only), a section's indexes
(every page of the section on one page, by initial letter), and a page per manual page,
`man2html?<section>+<name>` (`?3+printf`, `?3type+size_t`: the section as the file's extension
spells it), whose SEE ALSO links other pages alike.

Truth, from the files of `man/` (never from man2html's pages): the entities are every page the
section folders hold (a file or a link to one, named `<name>.<section>.gz`), at the URL the
section indexes link it by, in `canonical_url`'s spelling; attribute `section`, the one the
page shows (a link's target's: `?3const+EOF` shows stdio.h(3head)). The index is
the main contents, then the eight sections' name indexes (`mansec?1` … `mansec?8`); the seed is
printf(3). The pages' queries are isindex queries, without `=`, and `canonical_url` keeps them
so: `man2html?3+printf=` is another request, which man2html reads as the name `printf=` (its 404
page); the indexes' own spelling is the one that answers.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, type_truth
from siteseer.lab.real.debian import apt_install, unpack_debs
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["CGI_DIR", "SECTIONS", "Man2HtmlApp", "page_url", "read_pages"]

APP_ID = "real-man2html"
CGI_DIR = Path("/usr/lib/cgi-bin/man")
PREFIX = "/cgi-bin/man/"
SERVER = Path(__file__).parent / "apps" / "cgi_server.py"
PACKAGES = ("man2html", "man-db")
DATA_PACKAGES = ("manpages", "manpages-dev")
SECTIONS = tuple(str(n) for n in range(1, 9))  # the sections man2html's main contents links
SEED = ("3", "printf")
_PLAIN = re.compile(r"^[A-Za-z0-9_.:-]+$")
_PAGE = re.compile(r"^(?P<name>.+)\.(?P<section>[1-9][a-z]*)\.gz$")
# The mount namespace: the application's manpath.config and cache over the system's, then the
# gateway ("$1" the config, "$2" the cache folder, the gateway's command after them).
_MOUNTS = (
    'mount --bind "$1" /etc/manpath.config && mount --bind "$2" /var/cache/man2html '
    '&& shift 2 && exec "$@"'
)


def page_url(base: str, section: str, name: str) -> str:
    """A page's URL as the section indexes link it: `man2html?3+printf` (a name of other
    characters as `man2html?query=<section>+<name percent-encoded>`), canonical."""
    query = f"{section}+{name}" if _PLAIN.match(name) else f"query={section}+{quote(name, '')}"
    return canonical_url(f"{base}{PREFIX}man2html?{query}")


def read_pages(man: Path) -> dict[str, list[tuple[str, str, str]]]:
    """Section folder (`1` … `8`) → its pages, sorted by file name, from the files and links of
    `man/man<N>/`: (section, name, the section of the page it shows: a link's target's)."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for number in SECTIONS:
        folder = man / f"man{number}"
        pages = []
        for entry in sorted(folder.iterdir()) if folder.is_dir() else ():
            if match := _PAGE.match(entry.name):
                shown = _PAGE.match(entry.resolve().name) if entry.is_symlink() else match
                pages.append((match["section"], match["name"], (shown or match)["section"]))
        out[number] = pages
    return out


class Man2HtmlApp(RealApp):
    """man2html's CGI programs (Debian) behind a CGI gateway, over the Linux man-pages."""

    id = APP_ID
    kind = "entity-tree"
    description = "man2html (Debian) manual browser over the Linux man-pages (manpages, -dev)"

    @property
    def man(self) -> Path:
        return self.dir / "man"  # the same at every size

    @property
    def config(self) -> Path:
        return self.dir / "manpath.config"

    @property
    def cache(self) -> Path:
        return self.dir / "cache"

    @property
    def stamp(self) -> Path:
        return self.man / "unpacked.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the manual tree and manpath.config in {self.dir})",
            f"data: the manual pages of Debian's {' and '.join(DATA_PACKAGES)}",
        )

    def installed(self) -> bool:
        return (
            _packages_present()
            and self.stamp.is_file()
            and self.config.is_file()
            and (self.cache / "man" / "index.db").is_file()
        )

    def _install(self, progress: Progress) -> None:
        """Packages; the data packages downloaded and unpacked (once: the stamp names their
        versions); manpath.config; the whatis database."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if not self.stamp.is_file():
            self._unpack(log, progress)
        config = (
            f"# man-db's configuration for real-man2html (lab/real/man2html.py); manpath(5).\n"
            f"MANDATORY_MANPATH\t{self.man.resolve()}\n"
            f"MANDB_MAP\t{self.man.resolve()}\t{(self.cache / 'man').resolve()}\n"
        )
        if not self.config.is_file() or self.config.read_text(encoding="utf-8") != config:
            self.config.write_text(config, encoding="utf-8")
        for folder in ("man", "man2html"):
            (self.cache / folder).mkdir(parents=True, exist_ok=True)
        if not (self.cache / "man" / "index.db").is_file():
            what = "mandb: the whatis database of the manual tree"
            run_step(self.id, what, [*self._namespace(), "mandb", "--quiet"], log, progress)

    def _unpack(self, log: Path, progress: Progress) -> None:
        root = self.dir / "unpacked.partial"
        versions = unpack_debs(self.id, DATA_PACKAGES, root, log, progress)
        tree = root / "usr" / "share" / "man"
        (tree / "unpacked.json").write_text(json.dumps(versions, indent=1), encoding="utf-8")
        if self.man.exists():
            shutil.rmtree(self.man)
        tree.replace(self.man)
        shutil.rmtree(root)

    def _namespace(self) -> list[str]:
        """A command's prefix running it where man2html's two system paths are the app's."""
        return [
            "unshare", "--mount", "--propagation", "private", "sh", "-c", _MOUNTS, "sh",
            str(self.config.resolve()), str((self.cache / "man2html").resolve()),
        ]  # fmt: skip

    def command(self, port: int) -> list[str]:
        """The CGI gateway on 127.0.0.1:port running man2html's programs in the namespace."""
        return [
            *self._namespace(), sys.executable, str(SERVER), "--cgi-dir", str(CGI_DIR),
            "--cgi-prefix", PREFIX, "--home", PREFIX + "man2html", "--port", str(port),
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """Every page of the manual tree, listed by its section's index; see the docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        home = canonical_url(b + PREFIX + "man2html")
        indexes = {n: canonical_url(f"{b}{PREFIX}mansec?{n}") for n in SECTIONS}
        pages = read_pages(self.man)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for number in SECTIONS:
            for section, name, shown in pages[number]:
                attributes[page_url(b, section, name)] = {"section": (shown,)}
        seed = page_url(b, *SEED)
        if seed not in attributes:
            raise ValueError(f"{self.id}: no page {SEED[1]}({SEED[0]}) in {self.man}")
        whatis = {canonical_url(f"{b}{PREFIX}manwhatis?{n}"): "whatis" for n in SECTIONS}
        versions = json.loads(self.stamp.read_text(encoding="utf-8"))
        return type_truth(
            self,
            b,
            "page",
            attributes,
            (home, indexes[SEED[0]], seed),
            levels=((home,), tuple(indexes.values())),
            attributes=attributes,
            templates={home: "contents", canonical_url(f"{b}{PREFIX}mansec?all"): "section"}
            | dict.fromkeys(indexes.values(), "section")
            | whatis
            | dict.fromkeys(attributes, "page"),
            notes=f"man2html {_version('man2html')} over "
            + ", ".join(f"{p} {v}" for p, v in sorted(versions.items()))
            + f": {len(attributes)} pages (files and links) in {len(SECTIONS)} sections. "
            "Not listed in templates: the lookup form's answers (man2html?query=…), the "
            "full text search (mansearch), the pages' file:/// links to headers.",
        )


def _packages_present() -> bool:
    return all((CGI_DIR / p).is_file() for p in ("man2html", "mansec", "manwhatis")) and all(
        shutil.which(tool) is not None for tool in ("manpath", "mandb", "whatis", "unshare")
    )


def _version(package: str) -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "(version unknown)"
