"""real-roundup: Roundup (PyPI), an issue tracker, holding Roundup's own changelog as its bugs.

The application (lab/real/apps/roundup_tracker.py, run in its own venv) is a Roundup 2.6.0
tracker made by Roundup's own tools from its "devel" template with the sqlite backend, served by
roundup-server at `/roundup/` (the server's root redirects there). Its pages are Roundup's: the
tracker's home (`/roundup/`), bug lists (`/roundup/bug?@filter=…&@sort=-activity&@group=priority
&@startwith=N&@pagesize=50`: 50 bugs a page, "previous" and "next" links), linked from every
page's menu as "Show Open" (every bug whose status is unset, new, open or pending) and "Show
Unassigned" (those with no assignee as well), the same for tasks and milestones (none here), a
search form, a page per bug at `/roundup/bug<id>` and per message at `/roundup/msg<id>`.
Anonymous visitors may view bugs and messages (the template's own permissions).

Data: the entries of Roundup's own CHANGES.txt, from the roundup 2.6.0 source distribution
(fetched from PyPI by pip at install): 2,078 entries of 122 releases, 0.1.0 (2001) to 2.6.0. One
bug per entry, oldest first: its title the entry's first sentence (at most 150 characters), its
first message the whole entry, its version the release, its type `behavior` under a "Fixed"
heading and `rfe` under a "Features" one, its assignee the committer the entry names. The newest
1,000 entries at size small, all at medium and large.

Truth, from the tracker's own SQLite database (never a crawl): the target type is `bug`, its
entities every bug's page; messages are a second type. The index is one level, "Show Open"
paged at 50 (the only page size the site links; the search form takes others): its first page as
the menu links it, then the pages its "next" links give (`@startwith=50`, 100, …), canonical
(query parameters sorted). The seed is the newest bug, the first on the list's first page.
Attributes: each bug's title, versions and type as its page shows them. No facets: the list's
filters are offered by the search form, not as links.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote, urlencode

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, read_sqlite, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE_SIZE", "RoundupApp", "list_pages"]

PAGE_SIZE = 50  # the page size of the menu's and the "next" links
TRACKER = "/roundup"  # where roundup-server serves the tracker (lab/real/apps/roundup_tracker.py)
# The devel template's "Show Open" (page.html): statuses -1 (unset), new, open, pending.
OPEN_STATUSES = "-1,1,2,4"
COLUMNS = "id,activity,title,creator,assignee,status"


def list_pages(tracker: str, bugs: int, page_size: int = PAGE_SIZE) -> tuple[str, ...]:
    """ "Show Open"'s pages for `bugs` listed bugs under the tracker's address, canonical: the
    first as the menu links it, the others as the "next" links do."""
    first = {
        "@sort": "-activity", "@group": "priority", "@filter": "status", "@columns": COLUMNS,
        "@search_text": "", "status": OPEN_STATUSES, "@dispname": "Show All", "@startwith": 0,
        "@pagesize": page_size,
    }  # fmt: skip
    pages = [first]
    for n in range(1, max(1, math.ceil(bugs / page_size))):
        later = {key: value for key, value in first.items() if key != "@search_text"}
        pages.append(later | {"@startwith": n * page_size})
    return tuple(
        canonical_url(f"{tracker}/bug?{urlencode(page, quote_via=quote)}") for page in pages
    )


class RoundupApp(PythonApp):
    """Roundup's devel tracker template over Roundup's own changelog, served by roundup-server."""

    id = "real-roundup"
    kind = "entity-tree"
    description = "Roundup issue tracker (devel template, sqlite) over Roundup's own CHANGES.txt"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("roundup==2.6.0"),)
    script = "roundup_tracker.py"
    data_description = "Roundup 2.6.0's CHANGES.txt (its sdist), one bug per entry"
    row_limits: ClassVar[dict[Size, int]] = {"small": 1000, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / f"tracker-{self.size}"  # the tracker's home directory

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        tracker = b + TRACKER
        db = self.data_file / "db" / "db"
        rows = read_sqlite(
            db,
            "SELECT b.id, b._title, t._name, b._status, s._name FROM _bug b "
            "LEFT JOIN _bug_type t ON t.id = b._type LEFT JOIN _status s ON s.id = b._status "
            "WHERE b.__retired__ = 0 ORDER BY b.id",
        )
        versions: dict[int, list[str]] = {}
        for bug, name in read_sqlite(
            db,
            "SELECT v.nodeid, x._name FROM bug_versions v JOIN _version x ON x.id = v.linkid "
            "ORDER BY x._order, x._name",
        ):
            versions.setdefault(int(str(bug)), []).append(str(name))
        bugs = tuple(f"{tracker}/bug{row[0]}" for row in rows)
        messages = tuple(
            f"{tracker}/msg{row[0]}"
            for row in read_sqlite(db, "SELECT id FROM _msg WHERE __retired__ = 0 ORDER BY id")
        )
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for url, (bug, title, kind, _, _) in zip(bugs, rows, strict=True):
            found = {"title": (str(title),), "versions": tuple(versions.get(int(str(bug)), ()))}
            attributes[url] = {k: v for k, v in found.items() if v} | (
                {"type": (str(kind),)} if kind else {}
            )
        listed = [row for row in rows if row[3] is None or row[4] in ("new", "open", "pending")]
        level = list_pages(tracker, len(listed))
        seed = f"{tracker}/bug{max(int(str(row[0])) for row in listed)}"
        templates = {b + "/": "redirect", tracker + "/": "home", tracker + "/index": "home"}
        templates |= {tracker + "/bug": "list"} | dict.fromkeys(level, "bug-list")
        templates |= dict.fromkeys(bugs, "bug") | dict.fromkeys(messages, "msg")
        return type_truth(
            self,
            b,
            "bug",
            bugs,
            (level[0], seed),
            levels=(level,),
            others={"msg": messages},
            attributes=attributes,
            id_ranges={"bug": (1, len(bugs))} if bugs else {},
            templates=templates,
            notes=(
                f'Roundup\'s "Show Open" bug list, {len(level)} pages of {len(listed)} bugs at '
                f"{PAGE_SIZE} a page ({len(bugs)} bugs in all). Not listed in templates: "
                '"Show Unassigned" (the bugs with no assignee, paged the same way), its page 1 '
                'as the "previous" links write it, /roundup/bug (every bug, unfiltered), the '
                "task and milestone lists (empty), the search and registration forms, @@file/ "
                "assets."
            ),
        )
