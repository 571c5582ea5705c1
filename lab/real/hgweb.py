"""real-hgweb: Mercurial's hgweb (Debian `mercurial`, `hg serve`) over Mercurial repositories
converted from the git histories real-gitweb browses.

Packages (Debian): `mercurial` and `git` (to build the git repositories `hg convert` reads).
hgweb is served by `hg serve --web-conf` on 127.0.0.1 only, with the home's own `hgweb.config`
listing the repositories; everything else is hgweb's default ("paper" style).

Data: the Debian changelogs of dpkg and debianutils, one commit per upload, built as real-gitweb's
repositories (lab/real/cgit.py `build_repository`: the same SHAs every install), then converted
with `hg convert` (its convert extension): each commit a changeset with its author, date and
message. The git tags are left out (`convert.skiptags`): converted, they are committed as one more
changeset, "update tags", dated when the conversion runs. Every upload at every size: dpkg 382,
debianutils 246.

Served at hgweb's URLs: `/` (the repository index), `/<repo>/` and `/<repo>/shortlog` (the newest
60 changesets, navigation links `/<repo>/shortlog/<node>` to the pages 60, 100 and 300 older and
newer, "more"/"less" links `?revcount=N`, and a script that loads more as the page scrolls),
`/<repo>/log` (10 changesets a page, with their messages), `/<repo>/rev/<node>` (a changeset
page), and the graph, tags, bookmarks, branches, file, diff, annotate, help and feed views (no
archives: hgweb's default).

Truth, from Mercurial itself (`hg log`, never hgweb's pages): the target type is `dpkg`, its
entities every changeset page of the dpkg repository at the 12-digit short node hgweb links;
debianutils' changesets are a second type. The index is one level, dpkg's shortlog at its largest
page size: the fewer of its pages of 60 as their navigation links write them and the "more"
links' chain from the tip (`?revcount=` doubled each time, hgweb's `morevars`, until one page
shows every changeset: 4 pages for dpkg's 382 against 7); the seed is the newest changeset. Attributes: each changeset's
author and first line of its description.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, history_truth
from siteseer.lab.real.cgit import build_repository
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.gitweb import REPOS, repository_changelog
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = [
    "PAGE",
    "TARGET",
    "HgwebApp",
    "changesets",
    "repository_changesets",
    "shortlog_pages",
    "widening_pages",
]

APP_ID = "real-hgweb"
PACKAGES = ("mercurial", "git")
TARGET = "dpkg"
PAGE = 60  # changesets on a shortlog page (hgweb's maxshortchanges)
_CONFIG = """\
# hgweb's configuration for siteseer's lab (see lab/real/hgweb.py); hgrc(5), [web] and [paths].
[web]
name = Debian upload histories
[paths]
"""


_TEMPLATE = "{node|short}\\0{author}\\0{desc|firstline}\\n"


def changesets(log: str) -> list[tuple[str, str, str]]:
    """(short node, author, subject) of each line `hg log --template _TEMPLATE` printed."""
    return [(node, author, subject) for node, author, subject in
            (line.split("\0", 2) for line in log.splitlines())]  # fmt: skip


def repository_changesets(repo: Path) -> list[tuple[str, str, str]]:
    """(short node, author, subject) of every changeset of `repo`, newest first (`hg log`)."""
    done = subprocess.run(
        ["hg", "-R", str(repo), "log", "--template", _TEMPLATE],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise ValueError(f"hg log in {repo}: {done.stderr.strip()}")
    return changesets(done.stdout)


def shortlog_pages(base: str, repo: str, nodes: Sequence[str], page: int = PAGE) -> tuple[str, ...]:
    """A repository's shortlog pages as their "-60" links write them, canonical: `shortlog/tip`,
    then `shortlog/<node>` of the changeset `page` older than the page before's first, down to
    the oldest page. `nodes`: the short nodes, newest first."""
    first = canonical_url(f"{base}/{repo}/shortlog/tip")
    older = (
        canonical_url(f"{base}/{repo}/shortlog/{nodes[k]}") for k in range(page, len(nodes), page)
    )
    return (first, *older)


def widening_pages(base: str, repo: str, count: int, page: int = PAGE) -> tuple[str, ...]:
    """A repository's shortlog from the tip as its "more" links widen it, canonical:
    `shortlog/tip`, then `?revcount=` twice the page before's (hgweb's `morevars`:
    ``revcount * 2``) until one page shows all `count` changesets."""
    first = canonical_url(f"{base}/{repo}/shortlog/tip")
    sizes: list[int] = []
    while (sizes[-1] if sizes else page) < count:
        sizes.append(2 * (sizes[-1] if sizes else page))
    return (first, *(canonical_url(f"{first}?revcount={n}") for n in sizes))


def changeset_url(base: str, repo: str, node: str) -> str:
    return f"{base}/{repo}/rev/{node}"


class HgwebApp(RealApp):
    """hgweb from Debian's mercurial (`hg serve`), over dpkg's and debianutils' uploads."""

    id = APP_ID
    kind = "entity-tree"
    description = "Mercurial's hgweb (Debian) over dpkg's and debianutils' Debian upload histories"

    @property
    def repos(self) -> Path:
        return self.dir / "repos"  # the same at every size

    @property
    def config(self) -> Path:
        return self.dir / "hgweb.config"

    @property
    def stamp(self) -> Path:
        return self.repos / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (repositories and hgweb.config in {self.dir})",
            "data: the Debian changelogs of dpkg and debianutils, one commit per upload",
        )

    def installed(self) -> bool:
        return _packages_present() and self.stamp.is_file() and self.config.is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, then each git repository from its changelog and its conversion (once: the
        stamp lists the git heads), then hgweb.config."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        if not self.stamp.is_file():
            partial = self.repos.with_name(self.repos.name + ".partial")
            if partial.exists():
                shutil.rmtree(partial)
            (partial / "git").mkdir(parents=True)
            heads = {}
            for name in REPOS:
                heads[name] = build_repository(
                    self.id, partial / "git", name, repository_changelog(name), 0, log, progress
                )
                convert = [
                    "hg", "--config", "extensions.convert=", "--config", "convert.skiptags=True",
                    "convert", "--quiet",
                    str(partial / "git" / f"{name}.git"), str(partial / name),
                ]  # fmt: skip
                run_step(self.id, f"hg convert {name}", convert, log, progress)
            shutil.rmtree(partial / "git")
            (partial / "built.json").write_text(json.dumps(heads, indent=1), encoding="utf-8")
            if self.repos.exists():
                shutil.rmtree(self.repos)
            partial.replace(self.repos)
        config = _CONFIG + "".join(f"{name} = {self.repos.resolve() / name}\n" for name in REPOS)
        if not self.config.is_file() or self.config.read_text(encoding="utf-8") != config:
            self.config.write_text(config, encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """`hg serve` on 127.0.0.1:port with the home's hgweb.config."""
        return [
            "hg", "serve", "--web-conf", str(self.config.resolve()),
            "--address", "127.0.0.1", "--port", str(port),
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """dpkg's changeset pages, listed by its shortlog's pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        templates = {b + "/": "index"}
        logs = {name: repository_changesets(self.repos / name) for name in REPOS}
        for name, log in logs.items():
            templates[f"{b}/{name}/"] = "shortlog"
            nodes = [n for n, _, _ in log]
            templates |= dict.fromkeys(shortlog_pages(b, name, nodes), "shortlog")
            templates |= dict.fromkeys(widening_pages(b, name, len(nodes)), "shortlog")
        nodes = [node for node, _, _ in logs[TARGET]]
        # The list at its largest page size: the "more" links' widening chain when it takes
        # fewer pages than the "-60" links' pages (the truth's lower bound on downloads).
        level = min(
            shortlog_pages(b, TARGET, nodes), widening_pages(b, TARGET, len(nodes)), key=len
        )
        counts = ", ".join(f"{len(v)} {k}" for k, v in logs.items())
        return history_truth(
            self,
            b,
            logs,
            target=TARGET,
            commit=("rev", lambda repo, node: changeset_url(b, repo, node)),
            level=level,
            templates=templates,
            notes=(
                f"hgweb of Mercurial {_hg_version()}, changesets ({counts}) from hg log; "
                f"{len(level)} shortlog pages (the fewer of the pages of {PAGE} and the 'more' "
                "links' widening chain). Not listed in templates: the shortlog "
                "from other changesets (a changeset's 'log' link, the '-100', '-300', '+…' and "
                "'(0)' links), ?revcount=… ('more', 'less', and the page's script loading more "
                "as it scrolls), the log, graph, tags, bookmarks, branches, file, diff, "
                "comparison, annotate, raw, help and feed views, the index's sort orders."
            ),
        )


def _packages_present() -> bool:
    return shutil.which("hg") is not None and shutil.which("git") is not None


def _hg_version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "mercurial"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    return done.stdout.strip() or "(version unknown)"
