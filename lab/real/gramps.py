"""real-gramps: a genealogy web site, Gramps' "Narrated Web Site" report of the family tree that
Gramps ships as its example (`data.gramps`, Debian's `gramps`), served as files.

Gramps 5.1 (Debian, installed with apt-get) keeps a family tree in its SQLite database; the
install creates a tree under the application's folder (`GRAMPSHOME`), imports the example tree
of the `gramps` package (unpacked by lab/real/debdocs.py: 60 people of the Smith family and
their kin, with their events, families, places, sources and pictures) and writes the report
with its default options (`gramps -O … -a report -p name=navwebpage`) into `html/`; Python's
static file server serves that folder.

Served as the report writes it: the surnames page `/index.html` (every surname with its count
of people, a link to the surname's page `/srn/<x>/<y>/<md5 of the surname>.html`, which lists
its people), the individuals page `/individuals.html` (every person on one page, grouped by
surname under letter anchors, each a link to the person's page with the birth date), a page per
person `/ppl/<x>/<y>/<handle>.html` (`<x>` and `<y>` the handle's last and last but one
characters, lower-cased: name, gender, events with their places, families with spouses and
children, a pedigree, links to the surname's page), pages per place, source and picture,
media and thumbnail lists, the style sheets.

Truth, from the example tree Gramps imports (its XML file), never from a crawl: the entities
are the people the report includes (every person but those marked private, which the report
leaves out by default; 59), attributes `surname` (the primary name's first surname, the facet
the surname pages list: one query per surname) and `gender`; the index is one level, the
individuals page, which lists every person. The seed is Kerstina Hansdotter (`I0038`).
"""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

from lxml import etree

from siteseer.lab.real.app import paged_list_truth
from siteseer.lab.real.debdocs import GeneratedDocsApp
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "GrampsApp", "Person", "person_page", "read_people"]

SEED = "I0038"  # Kerstina Hansdotter
TREE = "data.gramps"
GENDERS = {"M": "male", "F": "female"}

Person = tuple[str, str, str, str]  # a person's handle, Gramps id, surname and gender


def read_people(path: Path) -> list[Person]:
    """The people of a Gramps XML file (gzipped or not) that a web report includes (those not
    marked private), in the file's order: handle (without the XML's leading underscore), id,
    the primary name's first surname and the gender as the report words it."""
    data = path.read_bytes()
    root = etree.fromstring(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    people = []
    for person in root.iterfind("{*}people/{*}person"):
        if person.get("priv") == "1":
            continue
        surname = person.findtext("{*}name/{*}surname") or ""
        gender = GENDERS.get(person.findtext("{*}gender") or "", "unknown")
        handle = str(person.get("handle", "")).removeprefix("_")
        people.append((handle, str(person.get("id", "")), surname.strip(), gender))
    if not people:
        raise ValueError(f"{path}: no person")
    return people


def person_page(handle: str) -> str:
    """The path of a person's page in the report: `ppl/`, the handle's last and last but one
    characters lower-cased as folders, then the handle."""
    return f"ppl/{handle[-1].lower()}/{handle[-2].lower()}/{handle}.html"


class GrampsApp(GeneratedDocsApp):
    """Gramps' Narrated Web Site of its example family tree, served as static files."""

    id = "real-gramps"
    kind = "entity-tree"
    description = "genealogy site: Gramps 5.1's Narrated Web Site of its example family tree"
    packages = ("gramps",)
    folder = "usr/share/doc/gramps/example/gramps"  # the example trees, in the unpacked package
    marker = "individuals.html"
    tools = ("gramps",)  # Debian: Gramps itself, run from its command line

    @property
    def tree(self) -> Path:
        return self.dir / "root" / self.folder / TREE

    def build(self, into: Path, log: Path, progress: Progress) -> None:
        """A new Gramps tree (its SQLite database under gramps/), the example imported, the
        report written into `into`."""
        apt_install(self.id, self.tools, Path("/usr/bin/gramps").is_file(), log, progress)
        home = self.dir / "gramps"
        if home.exists():
            shutil.rmtree(home)
        home.mkdir()
        gramps = ["env", f"GRAMPSHOME={home}", "HOME=" + str(home), "gramps", "-y"]
        run_step(self.id, f"gramps: import {TREE}", [*gramps, "-C", "example", "-i", str(self.tree)],
                 log, progress)  # fmt: skip
        report = ["-O", "example", "-a", "report", "-p", f"name=navwebpage,target={into}"]
        run_step(self.id, "gramps: Narrated Web Site report", [*gramps, *report], log, progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The people, all on the individuals page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        people = read_people(self.tree)
        seed = [p for p in people if p[1] == SEED]
        if len(seed) != 1 or len(people) < 20:
            raise ValueError(f"{self.id}: {TREE} lacks {SEED} or has few people")
        ordered = seed + [p for p in people if p[1] != SEED]
        urls = [f"{b}/{person_page(handle)}" for handle, _, _, _ in ordered]
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {"surname": (surname,), "gender": (gender,)} if surname else {"gender": (gender,)}
            for url, (_, _, surname, gender) in zip(urls, ordered, strict=True)
        }
        return paged_list_truth(
            self,
            b,
            ("individuals", "person"),
            urls,
            [f"{b}/individuals.html"],
            attributes,
            ("surname",),
            notes=(
                f"{len(urls)} people of Gramps' example tree {TREE} (gramps "
                f"{self.versions.get(self.packages[0], '?')}), private ones left out as the "
                "report leaves them. Not listed in templates: the surnames page (index.html), "
                "the surnames' pages, places, sources, media, thumbnails."
            ),
        )
