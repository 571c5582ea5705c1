"""real-mallard: the GNOME desktop's help (Debian's `gnome-user-docs`), Mallard pages built into
HTML by `yelp-build html` (yelp-tools, Debian), served as files.

Mallard is the topic-oriented format of GNOME's help: each page is a guide or a topic, and a
page declares the guides it belongs to (`<info><link type="guide" xref="net#wireless"/>`);
a guide lists every page that names it, in the section it names, so that the guides' links are
written by the pages below them, not by the guide. yelp-build (yelp-tools 42, over the XSLT of
yelp-xsl 42; Debian packages installed with apt-get) builds the `gnome-help` document of
gnome-user-docs 43 (unpacked by lab/real/debdocs.py, nothing of it installed on the host) into
`html/`; Python's static file server serves that folder.

Served as yelp-build writes it: the front page `/index.html` (a guide: the topics of the desktop,
each a link with its description), a page per guide `/net-wireless.html` (a trail of links up
to the front page, then its pages in sections: "Connect", "Problems", …, each link with the
page's description, then "More Information" links), a page per topic `/net-wireless-connect.html`
(its trail of guides, the text, "More Information" links to its guides and to the topics it sees
also; the pages of a series also have Previous/Next links), the figures, the style sheet and
the scripts.

Truth, from the Mallard sources themselves, never from a crawl: the entities are the pages that
are no guide (250, a topic each), attribute `guide` (the titles of the guides among the pages a
topic names as its guides: the guides that list it); the index levels are the guides by their
depth below the front page (the front page, then the guides that name it, …: every guide
lists topics); the four steps of the wireless troubleshooter name a topic as their guide and no
guide lists them: they are reached from the troubleshooter's page, the series' first, by one
Next link after another. The seed is
`net-wireless-connect` (front page → net → net-wireless → it).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from lxml import etree

from siteseer.lab.real.app import type_truth
from siteseer.lab.real.debdocs import GeneratedDocsApp
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "MallardApp", "MallardPage", "guide_levels", "read_pages"]

SEED = "net-wireless-connect"
FRONT = "index"
DOCUMENT = "usr/share/help/C/gnome-help"  # the Mallard document, inside the unpacked tree
_M = "{http://projectmallard.org/1.0/}"

MallardPage = tuple[str, str, tuple[str, ...]]  # a page's type, title and guides (by id)


def read_pages(document: Path) -> dict[str, MallardPage]:
    """Each page of a Mallard document (its `*.page` files) by id: its type (`guide`, else a
    topic), its title's text and the pages its guide links name (without their sections)."""
    pages: dict[str, MallardPage] = {}
    for path in sorted(document.glob("*.page")):
        root = etree.parse(str(path)).getroot()
        if root.tag != f"{_M}page":
            raise ValueError(f"{path}: not a Mallard page")
        title = root.find(f"{_M}title")
        text = " ".join("".join(map(str, title.itertext())).split()) if title is not None else ""
        guides = tuple(
            str(link.get("xref", "")).partition("#")[0]
            for link in root.iterfind(f"{_M}info/{_M}link[@type='guide']")
        )
        pages[str(root.get("id"))] = (str(root.get("type", "topic")), text, guides)
    return pages


def guide_levels(pages: Mapping[str, MallardPage], front: str) -> list[list[str]]:
    """The guides by their depth below the front page (a guide is one level below the
    shallowest guide it names as its own); each level in id order."""
    levels = [[front]]
    placed = {front}
    while True:
        above = set(levels[-1])
        level = sorted(
            p for p, (kind, _, guides) in pages.items()
            if kind == "guide" and p not in placed and above & set(guides)
        )  # fmt: skip
        if not level:
            return levels
        levels.append(level)
        placed.update(level)


class MallardApp(GeneratedDocsApp):
    """GNOME's help (Debian's gnome-user-docs) built by yelp-build, served as files."""

    id = "real-mallard"
    kind = "entity-tree"
    description = "GNOME's Mallard help (Debian's gnome-user-docs) built by yelp-build"
    packages = ("gnome-user-docs",)
    folder = DOCUMENT
    marker = f"{FRONT}.html"
    tools = ("yelp-tools",)  # Debian: yelp-build with yelp-xsl, xsltproc, itstool

    def build(self, into: Path, log: Path, progress: Progress) -> None:
        """yelp-build's HTML of the unpacked document, into `into`."""
        apt_install(self.id, self.tools, Path("/usr/bin/yelp-build").is_file(), log, progress)
        source = self.dir / "root" / DOCUMENT
        argv = ["yelp-build", "html", "-o", f"{into}/", f"{source}/"]
        run_step(self.id, "yelp-build html", argv, log, progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The topics, listed by the guides; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        pages = read_pages(self.dir / "root" / DOCUMENT)
        topics = [p for p, (kind, _, _) in pages.items() if kind != "guide"]
        if SEED not in topics or FRONT not in pages or len(topics) < 100:
            raise ValueError(f"{self.id}: {DOCUMENT} lacks {SEED}, {FRONT} or its topics")
        url = {p: f"{b}/{p}.html" for p in pages}
        guides = {p: title for p, (kind, title, _) in pages.items() if kind == "guide"}
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for page in topics:
            titles = tuple(guides[g] for g in pages[page][2] if g in guides)
            attributes[url[page]] = {"guide": titles} if titles else {}
        levels = guide_levels(pages, FRONT)
        path = [SEED]
        while path[0] != FRONT:  # up by the shallowest guide, to the front page
            depth = {g: d for d, level in enumerate(levels) for g in level}
            path.insert(0, min((g for g in pages[path[0]][2] if g in depth), key=depth.__getitem__))
        return type_truth(
            self,
            b,
            "topic",
            tuple(url[p] for p in topics),
            tuple(url[p] for p in path),
            levels=tuple(tuple(url[g] for g in level) for level in levels),
            attributes=attributes,
            templates={b + "/": "guide"}
            | {url[g]: "guide" for g in guides}
            | {url[p]: "topic" for p in topics},
            notes=(
                f"{len(topics)} topics under {len(guides)} guides of gnome-user-docs "
                f"{self.versions.get(self.packages[0], '?')}, from its Mallard pages. Not "
                "listed in templates: sections' anchors, figures, the style sheet and scripts."
            ),
        )
