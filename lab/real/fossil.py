"""real-fossil: Fossil (Debian `fossil`), a version-control system with its own web interface,
serving a repository imported from the git history real-gitweb browses.

Packages (Debian): `fossil` and `git` (to build the git repository and export it). Fossil serves
its repository itself (`fossil server --localhost`, on 127.0.0.1 only): the timeline, check-in
pages, the file browser, tags, branches, the (empty) wiki and ticket pages. The
settings that are ours: the project's name (dpkg), the timeline as its home page, and the
anonymous visitor's ("nobody") rights: hyperlinks (capability `h`; by default Fossil writes no
links for a visitor who has not logged in) and no archive downloads (as gitweb's snapshots off).

Data: the Debian changelog of dpkg, one commit per upload (382 at every size), built as
real-gitweb's repository (lab/real/cgit.py `build_repository`: the same SHAs every install),
then `git fast-export --all | fossil import --git`: each commit a check-in with its author and
date, each tag a Fossil tag.

Served at Fossil's URLs: `/` (redirects to the home page, which the repository's "Index Page"
setting makes the timeline), `/timeline` (the newest 50 check-ins, each with links to its page, its
user's and its tags' timelines; a "More" link `?b=<date>` to the next 50, from the last one shown),
`/info/<hash>` (a check-in page: comment, user, date, tags, files, diffs), `/dir`, `/tree`,
`/file`, `/taglist`, `/brlist`, `/ticket`, `/wiki` (no tickets, no wiki pages), `/timeline.rss`.

Truth, from the Fossil repository itself (its `event` and `blob` tables, never Fossil's pages):
the target type is `checkin`, its entities every check-in page `/info/<hash>` at the hash length
the timeline links; the index is one level, the timeline's pages as its links write them; the
seed is the newest check-in. Attributes: each check-in's user and comment.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, read_sqlite, type_truth
from siteseer.lab.real.cgit import build_repository
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.gitweb import repository_changelog
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["LINK_DIGITS", "PAGE", "TARGET", "FossilApp", "checkins", "timeline_pages"]

APP_ID = "real-fossil"
PACKAGES = ("fossil", "git")
TARGET = "dpkg"
PAGE = 50  # entries on a timeline page (Fossil's default)
LINK_DIGITS = 16  # hex digits of a check-in's hash in the timeline's /info/ links
NOBODY = "ghjor"  # clone, hyperlinks, read wiki, check out, read tickets (no archives)
ADMIN = "admin"  # the repository's administrator, who runs the import (no one logs in)
# the project's name, and the timeline as its home page (Fossil's own "Index Page" setting)
_CONFIG = (
    "REPLACE INTO config(name, value, mtime) VALUES "
    f"('project-name', '{TARGET}', now()), ('index-page', '/timeline', now());"
)
_CHECKINS = (
    "SELECT blob.uuid, strftime('%Y-%m-%d %H:%M:%S', event.mtime), event.user, event.comment "
    "FROM event JOIN blob ON blob.rid = event.objid WHERE event.type = 'ci' "
    "ORDER BY event.mtime DESC"
)


def checkins(rows: Sequence[tuple[object, ...]]) -> list[tuple[str, str, str, str]]:
    """(hash, date, user, comment) of each check-in row of `_CHECKINS`, newest first."""
    return [(str(h), str(d), str(u), str(c)) for h, d, u, c in rows]


def timeline_pages(base: str, dates: Sequence[str], page: int = PAGE) -> tuple[str, ...]:
    """The timeline's pages as its "More" links write them, canonical: `/timeline`, then
    `/timeline?b=<date>` where the date is the last entry shown, which the next page shows again
    first (so a page after the first starts `page - 1` entries further on); a page links "More"
    only when an entry is left after the ones it shows. `dates` are the check-ins' dates, newest
    first (`YYYY-MM-DD HH:MM:SS`, UTC)."""
    pages = [canonical_url(f"{base}/timeline")]
    step = page - 1
    pages += [
        canonical_url(f"{base}/timeline?b={dates[k * step].replace(' ', '+')}")
        for k in range(1, (len(dates) - 2) // step + 1)
    ]
    return tuple(pages)


def checkin_url(base: str, sha: str) -> str:
    return f"{base}/info/{sha[:LINK_DIGITS]}"


class FossilApp(RealApp):
    """Fossil's own web server over a repository imported from dpkg's upload history."""

    id = APP_ID
    kind = "entity-tree"
    description = "Fossil (Debian) serving a repository imported from dpkg's upload history"

    @property
    def repository(self) -> Path:
        return self.dir / f"{TARGET}.fossil"  # the same at every size

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the repository in {self.dir})",
            "data: dpkg's Debian changelog, one commit per upload, imported from git",
        )

    def installed(self) -> bool:
        return _packages_present() and self.stamp.is_file() and self.repository.is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, then the git repository, its import and the anonymous visitor's rights
        (once: the stamp names the git head)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if self.installed():
            return
        scratch = self.dir / "build.partial"
        if scratch.exists():
            shutil.rmtree(scratch)
        scratch.mkdir()
        head = build_repository(
            self.id, scratch, TARGET, repository_changelog(TARGET), 0, log, progress
        )
        partial = scratch / self.repository.name
        git = scratch / f"{TARGET}.git"
        script = (
            f'git -C "{git}" fast-export --all | '
            f'USER={ADMIN} fossil import --git --admin-user {ADMIN} "{partial}"'
        )
        run_step(self.id, f"fossil import --git {TARGET}", ["sh", "-c", script], log, progress)
        fossil = ["env", f"USER={ADMIN}", "fossil"]
        rights = [*fossil, "user", "capabilities", "nobody", NOBODY, "-R", str(partial)]
        run_step(self.id, f"fossil user capabilities nobody {NOBODY}", rights, log, progress)
        config = [*fossil, "sql", "-R", str(partial), _CONFIG]
        run_step(self.id, "the project's name and home page", config, log, progress)
        partial.replace(self.repository)
        shutil.rmtree(scratch)
        self.stamp.write_text(json.dumps({TARGET: head}, indent=1), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Fossil's own server on 127.0.0.1:port."""
        return ["fossil", "server", "--localhost", "--port", str(port), str(self.repository)]

    def truth(self, base_url: str) -> SiteTruth:
        """dpkg's check-in pages, listed by the timeline's pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        rows = checkins(read_sqlite(self.repository, _CHECKINS))
        entities = tuple(checkin_url(b, sha) for sha, _, _, _ in rows)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            checkin_url(b, sha): {"user": (user,), "comment": (comment,)}
            for sha, _, user, comment in rows
        }
        level = timeline_pages(b, [date for _, date, _, _ in rows])
        templates = {b + "/": "redirect"} | dict.fromkeys(level, "timeline")
        templates |= dict.fromkeys(entities, "checkin")
        return type_truth(
            self,
            b,
            "checkin",
            entities,
            (level[0], entities[0]),
            levels=(level,),
            attributes=attributes,
            templates=templates,
            notes=(
                f"Fossil {_fossil_version()}, {len(entities)} check-ins from its event table; "
                f"{len(level)} timeline pages of {PAGE} (each after the first repeats the last "
                "entry of the one before). Not listed in templates: the timeline's per-check-in, "
                "per-user and per-tag views (?c=…, ?u=…, ?r=…), /dir, /tree, /file, /brlist, "
                "/taglist, /ticket, /wiki, /vdiff, /timeline.rss, /login, /sitemap."
            ),
        )


def _packages_present() -> bool:
    return shutil.which("fossil") is not None and shutil.which("git") is not None


def _fossil_version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "fossil"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "(version unknown)"
