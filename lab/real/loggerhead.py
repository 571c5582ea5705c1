"""real-loggerhead: Loggerhead (Debian `loggerhead`), the web viewer of Bazaar/Breezy branches,
over branches converted from the git histories real-gitweb browses.

Packages (Debian): `loggerhead` (on Debian's Breezy, `python3-breezy`), `brz` (to convert the
git repositories into Bazaar branches) and `git` (to build them). Loggerhead serves a directory
of branches itself (`loggerhead-serve --host 127.0.0.1`), with the home's own cache (its SQL
revision cache) and log directories; everything else is Loggerhead's default (no tarball
exports, read-only).

Data: the Debian changelogs of dpkg and debianutils, one commit per upload, built as
real-gitweb's repositories (lab/real/cgit.py `build_repository`: the same SHAs every install),
then each pulled into a new Bazaar branch of format 2a (`brz init --2a --no-tree`, `brz pull`
from the git repository, Breezy's own git support): each commit a revision with its committer,
date and message, each git tag a Bazaar tag. Every upload at every size: dpkg 382,
debianutils 246.

Served at Loggerhead's URLs: `/` (the branches' directory), `/<branch>/changes` (the newest 20
revisions with their messages, an "Older" link `/<branch>/changes/<revno>?start_revid=<tip>`
to the next 20, "Newer" back), `/<branch>/revision/<revno>` (a revision page: committer, date,
tags, message, the files changed with their diffs), `/<branch>/files` (the tree at a revision),
`/<branch>/view/…`, `/<branch>/annotate/…`, `/<branch>/diff/…`, `/<branch>/atom`.

Truth, from Breezy itself (lab/real/apps/brz_log.py, the branch's mainline through Breezy's API,
never Loggerhead's pages): the target type is `dpkg`, its entities every revision page of the
dpkg branch at the revno Loggerhead links; debianutils' revisions are a second type. The index
is one level, dpkg's changes pages as their "Older" links write them; the seed is the newest
revision. Attributes: each revision's committer and the first line of its message.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import APPS_DIR, RealApp, history_truth
from siteseer.lab.real.cgit import build_repository
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.gitweb import REPOS, repository_changelog
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE", "TARGET", "LoggerheadApp", "branch_revisions", "changes_pages"]

APP_ID = "real-loggerhead"
PACKAGES = ("loggerhead", "brz", "git")
TARGET = "dpkg"
PAGE = 20  # revisions on a changes page (Loggerhead's default)
SYSTEM_PYTHON = "/usr/bin/python3"  # the interpreter Debian's Breezy is installed for


def branch_revisions(branch: Path) -> list[tuple[int, str, str]]:
    """(revno, committer, subject) of every mainline revision of `branch`, newest first, read
    through Breezy's API (lab/real/apps/brz_log.py)."""
    done = subprocess.run(
        [SYSTEM_PYTHON, str(APPS_DIR / "brz_log.py"), str(branch)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise ValueError(f"reading the branch {branch}: {done.stderr.strip()[-500:]}")
    return [(int(revno), str(committer), str(subject))
            for revno, committer, subject in json.loads(done.stdout)]  # fmt: skip


def changes_pages(base: str, branch: str, tip: int, page: int = PAGE) -> tuple[str, ...]:
    """A branch's changes pages as their "Older" links write them, canonical: `changes`, then
    `changes/<revno>?start_revid=<tip>` for the revno `page` below the page before's first, down
    to the page holding revision 1."""
    first = canonical_url(f"{base}/{branch}/changes")
    older = (
        canonical_url(f"{base}/{branch}/changes/{revno}?start_revid={tip}")
        for revno in range(tip - page, 0, -page)
    )
    return (first, *older)


def revision_url(base: str, branch: str, revno: int | str) -> str:
    return f"{base}/{branch}/revision/{revno}"


class LoggerheadApp(RealApp):
    """Loggerhead from Debian over Bazaar branches of dpkg's and debianutils' uploads."""

    id = APP_ID
    kind = "entity-tree"
    description = "Loggerhead (Debian) over Bazaar branches of dpkg's and debianutils' uploads"

    @property
    def branches(self) -> Path:
        return self.dir / "branches"  # the same at every size

    @property
    def stamp(self) -> Path:
        return self.branches / ".built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (branches and Loggerhead's cache in {self.dir})",
            "data: the Debian changelogs of dpkg and debianutils, one revision per upload",
        )

    def installed(self) -> bool:
        return _packages_present() and self.stamp.is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, then each git repository from its changelog and its Bazaar branch (once:
        the stamp names the git heads)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if self.stamp.is_file():
            return
        partial = self.branches.with_name(self.branches.name + ".partial")
        git = self.dir / "git.partial"
        for scratch in (partial, git):
            if scratch.exists():
                shutil.rmtree(scratch)
        partial.mkdir(parents=True)
        git.mkdir()
        heads = {}
        for name in REPOS:
            heads[name] = build_repository(
                self.id, git, name, repository_changelog(name), 0, log, progress
            )
            branch = partial / name
            init = ["brz", "init", "--2a", "--no-tree", "--quiet", str(branch)]
            run_step(self.id, f"brz init {name}", init, log, progress)
            pull = ["brz", "pull", "--quiet", "-d", str(branch), str(git / f"{name}.git")]
            run_step(self.id, f"brz pull {name} from git", pull, log, progress)
        shutil.rmtree(git)
        (partial / ".built.json").write_text(json.dumps(heads, indent=1), encoding="utf-8")
        if self.branches.exists():
            shutil.rmtree(self.branches)
        partial.replace(self.branches)

    def command(self, port: int) -> list[str]:
        """`loggerhead-serve` on 127.0.0.1:port over the branches' directory."""
        for folder in ("cache", "logs"):
            (self.dir / folder).mkdir(parents=True, exist_ok=True)
        return [
            "loggerhead-serve", "--host=127.0.0.1", f"--port={port}",
            f"--cache-dir={self.dir / 'cache'}", f"--log-folder={self.dir / 'logs'}",
            str(self.branches),
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """dpkg's revision pages, listed by its changes pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        templates = {b + "/": "directory"}
        logs = {name: branch_revisions(self.branches / name) for name in REPOS}
        for name, log in logs.items():
            templates |= dict.fromkeys(changes_pages(b, name, log[0][0]), "changes")
        level = changes_pages(b, TARGET, logs[TARGET][0][0])
        counts = ", ".join(f"{len(v)} {k}" for k, v in logs.items())
        return history_truth(
            self,
            b,
            {name: [(str(r), c, s) for r, c, s in log] for name, log in logs.items()},
            target=TARGET,
            commit=("revision", lambda branch, revno: revision_url(b, branch, revno)),
            level=level,
            templates=templates,
            people="committer",
            notes=(
                f"Loggerhead {_version('loggerhead')} on Breezy {_version('brz')}, revisions "
                f"({counts}) from the branches' mainlines; {len(level)} changes pages of {PAGE}. "
                "Not listed in templates: the changes from other revisions (a revision's 'view "
                "history' link, ?start_revid=… with other revnos), the files, view, annotate, "
                "diff and atom views, a revision's file anchors and its ?remember=… and "
                "?start_revid=… spellings."
            ),
        )


def _packages_present() -> bool:
    return (
        all(shutil.which(c) is not None for c in ("loggerhead-serve", "brz", "git"))
        and Path(SYSTEM_PYTHON).is_file()
    )


def _version(package: str) -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "(version unknown)"
