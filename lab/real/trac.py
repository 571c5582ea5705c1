"""real-trac: Trac 1.6 (PyPI), an issue tracker and wiki, whose tickets are the changes of Debian's
changelogs.

The application (lab/real/apps/trac_env.py, run in its own venv) is a Trac environment made by
`trac-admin initenv` (SQLite), served by tracd as its only project at `/`: the wiki (Trac's own
guide pages, as initenv installs them), the timeline, the roadmap, reports (`/report`; report 1
"Active Tickets" groups the open tickets by priority, 100 a page, `?page=N`), the custom query
(`/query`: filters, sort links in every column header, 100 a page) and a page per ticket,
`/ticket/<id>`. Anonymous visitors have Trac's default view permissions.

Data: every change of the Debian changelogs of dpkg and apt (`/usr/share/doc/<package>/
changelog.gz`, read by lab/real/changelogs.py) up to bookworm's release is a ticket, oldest
first (`changes`): a top-level item (`* …`) is one, unless it is a heading (`* Localization:`)
over sub-items (`- …`), each of which is one, with the heading as its keywords. A ticket's
component is its package, its version the upload ("dpkg 1.21.22"), its priority the upload's
urgency (low → minor, medium → major, high → critical, critical and emergency → blocker), its
type `defect` when it closes a Debian bug report ("Closes: #…") and `enhancement` otherwise,
its reporter the uploader, its owner the contributor the upload names over it (`[ Name ]`,
else the uploader), its creation time the upload's date (a second apart in the changelog's
order). The newest 1,000 at size small, all of them (5,000 and more) at medium and large.

Truth, from the environment's own SQLite database (never a crawl): the target type is
`ticket`, its entities every ticket's page; the wiki's pages are a second type. The index is
one level, report 1's pages (its own SQL, read from the `report` table and run on the
database, orders the rows: the first page's first ticket is the seed). Attributes: each
ticket's component, priority and type.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import timedelta
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote

from siteseer.lab.real.app import PythonApp, read_sqlite, type_truth
from siteseer.lab.real.changelogs import Upload, app_uploads
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "PAGE_SIZE", "Change", "TracApp", "changes", "report_pages"]

PACKAGES = ("dpkg", "apt")
PAGE_SIZE = 100  # Trac's [report] items_per_page default
REPORT = 1  # "Active Tickets"
PRIORITIES = {"low": "minor", "medium": "major", "high": "critical", "critical": "blocker",
              "emergency": "blocker"}  # fmt: skip
SUMMARY_CHARS = 120
_CONTRIBUTOR = re.compile(r"^\[ (.+?) \]$")
_ITEM = re.compile(r"^\* (.*)$")
_SUBITEM = re.compile(r"^ {2}[-+o] (.*)$")


@dataclass(frozen=True)
class Change:
    """One ticket as tickets.json holds it for lab/real/apps/trac_env.py."""

    summary: str
    description: str
    type: str
    priority: str
    component: str
    version: str
    released: str  # the upload's date, ISO
    reporter: str
    owner: str
    keywords: str
    time: str  # ISO, the upload's date plus the change's place in it in seconds


def _summary(text: str) -> str:
    """The change's first sentence, cut at a word under SUMMARY_CHARS characters."""
    first = re.split(r"(?<=[a-z0-9)])\. ", " ".join(text.split()), maxsplit=1)[0].rstrip(".")
    if len(first) <= SUMMARY_CHARS:
        return first
    return first[: SUMMARY_CHARS - 1].rsplit(" ", 1)[0] + "…"


def _items(upload: Upload) -> Iterable[tuple[str, str, str, str]]:
    """(contributor, heading, lead, text) of each change of an upload, in the changelog's order:
    the lead is the change's own text, without the sub-items the text lists after it."""
    who = upload.author
    blocks: list[tuple[str, list[str], list[list[str]]]] = []  # who, item lines, sub-items
    for line in upload.changes.splitlines():
        if m := _CONTRIBUTOR.match(line.strip()):
            who = m.group(1)
        elif m := _ITEM.match(line):
            blocks.append((who, [m.group(1)], []))
        elif blocks and (m := _SUBITEM.match(line)):
            blocks[-1][2].append([m.group(1)])
        elif blocks and line.strip():
            (blocks[-1][2][-1] if blocks[-1][2] else blocks[-1][1]).append(line.strip())
    for who, item, subitems in blocks:
        if len(item) == 1 and item[0].endswith(":") and subitems:
            for sub in subitems:
                yield who, item[0].rstrip(":"), " ".join(sub), "\n".join(sub)
        else:
            lines = item + [f"- {' '.join(sub)}" for sub in subitems]
            yield who, "", " ".join(item), "\n".join(lines)


def changes(uploads: Iterable[Upload]) -> list[Change]:
    """Every change of the uploads as a ticket, oldest upload first (see the module docstring)."""
    out: list[Change] = []
    for upload in sorted(uploads, key=lambda u: u.date):
        version = upload.title
        for n, (who, heading, lead, text) in enumerate(_items(upload)):
            out.append(
                Change(
                    summary=_summary(lead),
                    description=text,
                    type="defect" if "Closes: #" in text or "closes: #" in text else "enhancement",
                    priority=PRIORITIES.get(upload.urgency, "major"),
                    component=upload.package,
                    version=version,
                    released=upload.date.isoformat(),
                    reporter=upload.author,
                    owner=who,
                    keywords=heading,
                    time=(upload.date + timedelta(seconds=n)).isoformat(),
                )
            )
    return out


def report_pages(base: str, rows: int, page_size: int = PAGE_SIZE) -> tuple[str, ...]:
    """Report 1's pages as Trac links them: `/report/1`, then `/report/1?page=N`."""
    first = f"{base}/report/{REPORT}"
    pages = max(1, math.ceil(rows / page_size))
    return (first, *(f"{first}?page={n}" for n in range(2, pages + 1)))


class TracApp(PythonApp):
    """Trac over the changes of dpkg's and apt's Debian changelogs, served by tracd."""

    id = "real-trac"
    kind = "entity-tree"
    description = "Trac issue tracker and wiki (SQLite) over the changes of Debian's changelogs"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("Trac==1.6"),)
    script = "trac_env.py"
    data_description = "the changes of dpkg's and apt's Debian changelogs, one ticket each"
    row_limits: ClassVar[dict[Size, int]] = {"small": 1000, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / f"trac-{self.size}"  # the Trac environment

    @property
    def database(self) -> Path:
        return self.data_file / "db" / "trac.db"

    def _install(self, progress: Progress) -> None:
        tickets = self.dir / "tickets.json"
        if not tickets.exists():
            uploads = app_uploads(self.id, PACKAGES, CUTOFF)
            found = changes(u for package in PACKAGES for u in uploads[package])
            tickets.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps([asdict(c) for c in found], ensure_ascii=False, indent=0)
            tickets.write_text(text, encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        ((sql,),) = read_sqlite(self.database, f"SELECT query FROM report WHERE id = {REPORT}")
        listed = [int(str(row[1])) for row in read_sqlite(self.database, str(sql))]
        rows = read_sqlite(
            self.database, "SELECT id, component, priority, type FROM ticket ORDER BY id"
        )
        tickets = tuple(f"{b}/ticket/{row[0]}" for row in rows)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {"component": (str(c),), "priority": (str(p),), "type": (str(t),)}
            for url, (_, c, p, t) in zip(tickets, rows, strict=True)
        }
        wiki = tuple(
            f"{b}/wiki/{quote(str(name))}"
            for (name,) in read_sqlite(
                self.database, "SELECT DISTINCT name FROM wiki ORDER BY name"
            )
        )
        level = report_pages(b, len(listed))
        seed = f"{b}/ticket/{listed[0]}"
        templates = {b + "/": "home", b + "/report": "reports"} | dict.fromkeys(level, "report")
        templates |= dict.fromkeys(tickets, "ticket") | dict.fromkeys(wiki, "wiki")
        return type_truth(
            self,
            b,
            "ticket",
            tickets,
            (level[0], seed),
            levels=(level,),
            others={"wiki": wiki},
            attributes=attributes,
            id_ranges={"ticket": (1, len(tickets))} if tickets else {},
            templates=templates,
            notes=(
                f'Trac\'s report {REPORT} "Active Tickets", {len(level)} pages of {len(listed)} '
                f"tickets at {PAGE_SIZE} a page, grouped by priority. Not listed in templates: "
                "the other reports, the custom query (/query, its sort links and filters), the "
                "timeline, the roadmap, versions and milestones, search, the wiki's history and "
                "diff views, ticket history views and exports (?format=csv|tab|rss)."
            ),
        )
