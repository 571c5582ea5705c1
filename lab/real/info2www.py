"""real-info2www: info2www, a CGI gateway between GNU Info and the web, over the coreutils manual.

The application is Debian's `info2www` 1.2.2.9 (a Perl CGI program that reads Info files and
writes each node as HTML on request), unpacked with `apt-get download`, `dpkg-deb -x` and
configured as its header says to (a copy in the application's `cgi/` whose `@INFOPATH` is the
application's `info/` only and whose lookup cache is off), behind lab/real/apps/cgi_server.py as
Apache's ScriptAlias serves it (`/cgi-bin/info2www`, `/` redirecting there; its icons under
`/info2www/`), on 127.0.0.1 only.

Data: the GNU coreutils 9.1 manual as Debian ships it in `coreutils`
(`/usr/share/info/coreutils.info.gz`, unpacked from the package, not the host's), and the Info
directory `info/dir` that `install-info` writes from the manual's own directory entries (its
`INFO-DIR-SECTION` / `START-INFO-DIR-ENTRY` blocks: "Basics", then "Individual utilities", an
entry per program).

Served at info2www's URLs, a node per page: `/cgi-bin/info2www` (the directory, `(dir)Top`: each
section's entries as a list of links, with the entry's description), a node
`/cgi-bin/info2www?(coreutils)ls+invocation` (a Next / Prev / Up header, a "Goto" form, the
node's text with its cross references as links, its menu as a list of links); the manual's Top
`?(coreutils)` (also `?(coreutils)Top`), chapters (`?(coreutils)Directory+listing`: a menu of
its sections), sections. A node's link is `(<file>)<node>` with `%`, `<>#+?="\\` as `%XX` and
blanks as `+` (info2www's `Anchor`); no robots.txt (404).

Truth, from the Info files (never from a crawl): the entities are the nodes the manual's
directory entries name that document a program (GNU's `<program> invocation` nodes; 102), at
the URL the directory links them by, in `canonical_url`'s spelling; attribute `chapter`, the
manual's chapter holding the node (the node's "Up" chain, read from the node headers, up to the
node below Top), which the site labels nowhere (a program's node shows it as its header's
"Up:" link, "chapter" is only a word of the chapters' running text: "This chapter describes
…"): unlabelled, scored by its values. The index is one level, the directory `/cgi-bin/info2www`; the seed is
`ls invocation`, also reached through Top and its chapter "Directory listing".
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import sys
from pathlib import Path

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, type_truth
from siteseer.lab.real.debian import unpack_debs
from siteseer.lab.real.pyenv import Progress
from siteseer.lab.truth import SiteTruth

__all__ = ["MANUAL", "SEED", "Info2wwwApp", "dir_entries", "node_href", "node_ups"]

MANUAL = "coreutils"
SEED = "ls invocation"
PACKAGES = ("info2www", "coreutils")
PREFIX = "/cgi-bin/"
SERVER = Path(__file__).parent / "apps" / "cgi_server.py"
_ENTRIES = re.compile(
    r"INFO-DIR-SECTION (.*?)\nSTART-INFO-DIR-ENTRY\n(.*?)END-INFO-DIR-ENTRY", re.S
)
_ENTRY = re.compile(r"^\* [^:]+: \((?P<file>[^)]+)\)(?P<node>[^.\t]*)\.", re.M)
_HEADER = re.compile(r"^\x1f\n(File: [^\n]*)", re.M)
_FIELD = re.compile(r"(Node|Up): ([^,]*?)(?=,  |,\t|$)")
_DIR_TOP = (
    "This is the file .../info/dir, which contains the\ntopmost node of the Info hierarchy.\n"
    "\x1f\nFile: dir,\tNode: Top\tThis is the top of the INFO tree\n\n* Menu:\n"
)


def dir_entries(manual: str) -> list[tuple[str, str, str]]:
    """The directory entries of an Info manual's text: (section, file, node), in order."""
    return [
        (section, m["file"], m["node"].strip())
        for section, block in _ENTRIES.findall(manual)
        for m in _ENTRY.finditer(block)
    ]


def dir_file(manual: str) -> str:
    """The Info directory `install-info` writes for the manual alone: its entries by section."""
    blocks = [f"\n{section}\n{block}" for section, block in _ENTRIES.findall(manual)]
    return _DIR_TOP + "".join(blocks)


def node_ups(manual: str) -> dict[str, str]:
    """Each node of an Info manual's text → its "Up" node, from the node headers."""
    out = {}
    for header in _HEADER.findall(manual):
        fields = dict(_FIELD.findall(header))
        if "Node" in fields:
            out[fields["Node"].strip()] = fields.get("Up", "").strip()
    return out


def node_href(file: str, node: str) -> str:
    """A node's link as info2www writes it (its `Anchor`): `?(coreutils)ls+invocation`."""
    href = f"({file}){node}".replace("%", "%25")
    href = re.sub(r'[<>#+?="\\]', lambda m: f"%{ord(m[0]):X}", href)
    return PREFIX + "info2www?" + re.sub(r"\s+", "+", href)


class Info2wwwApp(RealApp):
    """info2www (Debian) behind a CGI gateway, over the coreutils Info manual."""

    id = "real-info2www"
    kind = "entity-tree"
    description = "info2www (Debian) GNU Info browser over the coreutils manual"

    @property
    def info(self) -> Path:
        return self.dir / "info"

    @property
    def manual_file(self) -> Path:
        return self.info / f"{MANUAL}.info.gz"

    def needs(self) -> tuple[str, ...]:
        return (
            "Debian info2www (unpacked, configured in cgi/; Perl)",
            f"data: the {MANUAL} Info manual of Debian's coreutils (unpacked)",
        )

    def installed(self) -> bool:
        return (self.dir / "versions.json").is_file() and (self.info / "dir").is_file()

    def _install(self, progress: Progress) -> None:
        """The packages downloaded and unpacked, the CGI program configured, the manual and its
        directory in info/, once."""
        if self.installed():
            return
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        root = self.dir / "root"
        versions = unpack_debs(self.id, PACKAGES, root, log, progress)
        for folder in (self.dir / "cgi", self.info):
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir()
        program = (root / "usr/lib/cgi-bin/info2www").read_text(encoding="latin-1")
        path = f'@INFOPATH = ("{self.info.resolve()}");'
        infopath = re.compile(r"^@INFOPATH =\s*\(.*?\);", re.S | re.M)
        program, found = infopath.subn(path, program, count=1)
        program, cached = re.subn(
            r'^\$CACHE = ".*?";', '$CACHE = "";', program, count=1, flags=re.M
        )
        if not found or not cached:
            raise ValueError(f"{self.id}: info2www's @INFOPATH or $CACHE not found")
        (self.dir / "cgi" / "info2www").write_text(program, encoding="latin-1")
        (self.dir / "cgi" / "info2www").chmod(0o755)
        shutil.copy2(root / f"usr/share/info/{MANUAL}.info.gz", self.manual_file)
        (self.info / "dir").write_text(dir_file(self.manual()), encoding="utf-8")
        (self.dir / "versions.json").write_text(json.dumps(versions), encoding="utf-8")

    def manual(self) -> str:
        return gzip.decompress(self.manual_file.read_bytes()).decode("utf-8")

    def command(self, port: int) -> list[str]:
        """The CGI gateway on 127.0.0.1:port running the configured info2www."""
        return [
            sys.executable, str(SERVER), "--cgi-dir", str(self.dir / "cgi"),
            "--cgi-prefix", PREFIX, "--home", PREFIX + "info2www",
            "--static", str(self.dir / "root/var/lib/info2www"), "--static-prefix", "/info2www/",
            "--port", str(port),
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """The programs' nodes, listed by the directory; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        text = self.manual()
        ups = node_ups(text)

        def chapter(node: str) -> str:
            while ups.get(node, "Top") != "Top":
                node = ups[node]
            return node

        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            canonical_url(b + node_href(file, node)): {"chapter": (chapter(node),)}
            for _, file, node in dir_entries(text)
            if node.endswith(" invocation") and node in ups
        }
        seed = canonical_url(b + node_href(MANUAL, SEED))
        if seed not in attributes or len(attributes) < 50:
            raise ValueError(f"{self.id}: {self.manual_file} lacks {SEED} or most programs")
        home = canonical_url(b + PREFIX + "info2www")
        top = canonical_url(b + node_href(MANUAL, ""))
        seed_chapter = canonical_url(b + node_href(MANUAL, chapter(SEED)))
        chapters = sorted({v for a in attributes.values() for v in a["chapter"]})
        version = json.loads((self.dir / "versions.json").read_text(encoding="utf-8"))
        return type_truth(
            self,
            b,
            "program",
            attributes,
            (home, seed),
            attributes=attributes,
            facet_values={"chapter": tuple(chapters)},
            templates={b + "/": "directory", home: "directory", top: "manual"}
            | {canonical_url(b + node_href(MANUAL, c)): "chapter" for c in chapters}
            | dict.fromkeys(attributes, "program"),
            notes=(
                f"{len(attributes)} programs' nodes of the {MANUAL} manual (Debian's coreutils "
                f"{version.get('coreutils', '?')}, info2www {version.get('info2www', '?')}), "
                f"from its directory entries and node headers; also reached through Top "
                f"({top}) and the chapters (the seed's: {seed_chapter}). Not listed in "
                "templates: the other nodes, the icons."
            ),
            unlabelled=("chapter",),
        )
