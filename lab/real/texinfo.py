"""real-texinfo: the GNU Octave manual, Texinfo converted to HTML by makeinfo, as Debian ships
it (`octave-doc`), served as files.

The application is the HTML that makeinfo (Texinfo 6.8, `--html`: a file per node, no script)
wrote when Debian built Octave 7.3's manual from its Texinfo source; lab/real/debdocs.py unpacks
the package and Python's static file server serves the manual's folder `octave.html/`.

Served as makeinfo writes it: the Top node `/index.html` (the manual's menu of chapters and
appendices, then the detailed node listing: every section under its chapter), a page per node
(`/Getting-Started.html`: a chapter's introduction and its menu of sections;
`/Quitting-Octave.html`: a section), each with a header of "Next", "Previous", "Up" and
"Contents"/"Index" links; a node's file name is its name with spaces as hyphens and other
characters as `_00XX` (`Oct_002dFiles`); the indexes of concepts, functions, operators and
graphics properties (`/Concept-Index.html`, …, one page each, every entry a link to an anchor
in a node's page), a redirection page per index entry (`/XREFzeros.html`) and the figures
(`/plot.png`, …).

Truth, from the Info manual makeinfo wrote from the same source, shipped in the same package
(`/usr/share/info/octave.info-*.gz`: each node's header names the node and its "Up" node), never
from a crawl: the entities are the chapters' pages (the nodes whose "Up" is "Top", but for the
four index nodes, which open with Info's index marker; 45), attribute `sections` (how many nodes
have the chapter as their "Up"); the index is one level, the Top node `/index.html`; the seed
is "Getting Started".
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import DebianDocsApp
from siteseer.lab.truth import SiteTruth

__all__ = ["MANUAL", "SEED", "TexinfoApp", "node_file", "read_chapters"]

SEED = "Getting Started"
MANUAL = "octave.info"
_INDEX_MARK = "\x00\x08[index\x00\x08]"  # how Info flags an index node's menu
_FIELD = re.compile(r"(File|Node|Next|Prev|Up): (.*?)(?=,  |$)")


def read_nodes(paths: list[Path]) -> list[tuple[str, str, bool]]:
    """Each node of an Info manual split into files (`paths`, gzipped, in order): its name, its
    "Up" node and whether it is an index, in the manual's order."""
    nodes = []
    for path in paths:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
        for block in text.split("\x1f\n")[1:]:
            head, _, body = block.partition("\n")
            fields = dict(_FIELD.findall(head))
            if "Node" in fields:
                nodes.append((fields["Node"], fields.get("Up", ""), _INDEX_MARK in body[:300]))
    if not nodes:
        raise ValueError(f"{paths}: no Info node")
    return nodes


def read_chapters(paths: list[Path]) -> dict[str, int]:
    """The chapters of an Info manual (nodes under "Top", but its indexes), each with the
    number of nodes under it, in the manual's order."""
    nodes = read_nodes(paths)
    under: dict[str, int] = {}
    for _, up, _ in nodes:
        under[up] = under.get(up, 0) + 1
    return {name: under.get(name, 0) for name, up, index in nodes if up == "Top" and not index}


def node_file(node: str) -> str:
    """The HTML file makeinfo writes for `node`: ASCII letters and digits kept, spaces as
    hyphens, any other character as `_` and its code point in four hex digits."""
    return (
        "".join(
            c if c.isascii() and c.isalnum() else "-" if c == " " else f"_{ord(c):04x}"
            for c in node
        )
        + ".html"
    )


def manual_parts(info: Path) -> list[Path]:
    """The files of the Info manual `MANUAL` in `info`, in their order (`-1`, `-2`, …)."""
    parts = info.glob(f"{MANUAL}-*.gz")
    return sorted(parts, key=lambda p: int(p.name.removesuffix(".gz").rpartition("-")[2]))


class TexinfoApp(DebianDocsApp):
    """makeinfo's HTML of the GNU Octave manual (Debian's octave-doc), served as static files."""

    id = "real-texinfo"
    kind = "entity-tree"
    description = "GNU Octave 7.3's manual, Texinfo converted to HTML by makeinfo (Debian's -doc)"
    packages = ("octave-doc",)
    folder = "usr/share/doc/octave/octave.html"
    marker = "index.html"

    def truth(self, base_url: str) -> SiteTruth:
        """The chapters' pages, listed by the Top node; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        chapters = read_chapters(manual_parts(self.dir / "root" / "usr/share/info"))
        if SEED not in chapters or len(chapters) < 10:
            raise ValueError(f"{self.id}: the Info manual lacks {SEED!r} or has few chapters")
        urls = {c: f"{b}/{node_file(c)}" for c in chapters}
        top = f"{b}/index.html"
        return type_truth(
            self,
            b,
            "chapter",
            urls.values(),
            (top, urls[SEED]),
            attributes={urls[c]: {"sections": (str(n),)} for c, n in chapters.items()},
            templates={b + "/": "top", top: "top"}
            | {b + "/Concept-Index.html": "index", b + "/Function-Index.html": "index"}
            | dict.fromkeys(urls.values(), "chapter"),
            notes=(
                f"{len(urls)} chapters, from the Info manual {MANUAL} (octave-doc "
                f"{self.versions.get(self.packages[0], '?')}). Not listed in templates: the "
                "sections' pages, the index entries' redirection pages (XREF*.html), figures."
            ),
        )
