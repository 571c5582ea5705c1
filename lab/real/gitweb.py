"""real-gitweb: gitweb (Git's own web interface, a Perl CGI program that Debian's `git` ships),
over git repositories of Debian upload histories.

Packages (Debian): `git` (its /usr/share/gitweb/gitweb.cgi and static files) and
`libcgi-pm-perl` (gitweb's CGI module). gitweb is served by lab/real/apps/cgi_server.py, the
standard-library CGI gateway real-cgit uses, on 127.0.0.1 only, with the home's own
`gitweb.conf` (GITWEB_CONFIG): the repositories' folder, the site's name, snapshots off (no
tarball links); everything else gitweb's defaults, so its links are queries of `/` with `;`
between parameters (`/?p=dpkg.git;a=commit;h=<sha>`).

Data: the Debian changelogs of dpkg and debianutils (required packages, installed on any
Debian), one commit per upload, oldest first, as real-cgit builds its repositories
(lab/real/cgit.py `build_repository`: `git fast-import`, the upload's maintainer and date, the
changelog as it stood, a tag per version; the same SHAs every install). Every upload at every
size: dpkg 382, debianutils 246.

Served at gitweb's URLs: `/` (the project list), `?p=<repo>;a=summary` (the 16 newest commits,
tags, heads), `?p=<repo>;a=shortlog` (100 commits a page, `;pg=N` from 1, "next"/"prev"),
`?p=<repo>;a=log` (paged alike, with messages), `?p=<repo>;a=commit;h=<sha>` (a commit page), and
the commitdiff, tree, blob, tag, search, RSS and Atom views.

Truth, from git itself (`git rev-list HEAD`, never gitweb's pages): the target type is `dpkg`,
its entities every commit page of the dpkg repository; debianutils' commits are a second type.
The index is one level, dpkg's shortlog pages as its "next" links write them; the seed is the
newest commit, the first on the shortlog's first page. URLs in the form the methods report them
(`crawler.canonical_url`). Attributes: each commit's author and subject.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, history_truth
from siteseer.lab.real.cgit import build_repository, repository_commits
from siteseer.lab.real.changelogs import DOC_ROOT, changelog_file
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress
from siteseer.lab.truth import SiteTruth

__all__ = [
    "GITWEB",
    "PAGE",
    "REPOS",
    "TARGET",
    "GitwebApp",
    "build_repositories",
    "repository_changelog",
    "shortlog_pages",
]

APP_ID = "real-gitweb"
GITWEB = Path("/usr/share/gitweb/gitweb.cgi")
STATIC = Path("/usr/share/gitweb/static")
SERVER = Path(__file__).parent / "apps" / "cgi_server.py"
PACKAGES = ("git", "libcgi-pm-perl")
CGI_MODULE = Path("/usr/share/perl5/CGI.pm")
PAGE = 100  # commits on a shortlog or log page (a constant of gitweb.cgi)
TARGET = "dpkg"
REPOS = ("dpkg", "debianutils")  # each a repository of its package's Debian changelog
_CONFIG = """\
# gitweb's configuration for siteseer's lab (see lab/real/gitweb.py); gitweb.conf(5).
$projectroot = "{root}";
$site_name = "Debian upload histories";
$feature{{'snapshot'}}{{'default'}} = [];
"""


def _url(base: str, query: str) -> str:
    return canonical_url(f"{base}/?{query}")


def shortlog_pages(base: str, repo: str, commits: int, page: int = PAGE) -> tuple[str, ...]:
    """A repository's shortlog pages as gitweb links them (`?p=<repo>.git;a=shortlog`, then
    `;pg=1` …), canonical."""
    first = f"p={repo}.git;a=shortlog"
    pages = max(1, math.ceil(commits / page))
    return tuple(_url(base, first + (f";pg={n}" if n else "")) for n in range(pages))


def commit_url(base: str, repo: str, sha: str) -> str:
    return _url(base, f"p={repo}.git;a=commit;h={sha}")


class GitwebApp(RealApp):
    """gitweb from Debian's git behind a CGI gateway, over dpkg's and debianutils' uploads."""

    id = APP_ID
    kind = "entity-tree"
    description = "gitweb (Debian's git) over dpkg's and debianutils' Debian upload histories"

    @property
    def repos(self) -> Path:
        return self.dir / "repos"  # the same at every size

    @property
    def config(self) -> Path:
        return self.dir / "gitweb.conf"

    @property
    def stamp(self) -> Path:
        return self.repos / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (repositories and gitweb.conf in {self.dir})",
            "data: the Debian changelogs of dpkg and debianutils, one commit per upload",
        )

    def installed(self) -> bool:
        return _packages_present() and self.stamp.is_file() and self.config.is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, then each repository from its changelog (`build_repositories`), then
        gitweb.conf."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        build_repositories(self.id, self.repos, log, progress)
        config = _CONFIG.format(root=self.repos.resolve())
        if not self.config.is_file() or self.config.read_text(encoding="utf-8") != config:
            self.config.write_text(config, encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """The CGI gateway on 127.0.0.1:port running gitweb with the home's gitweb.conf."""
        return [
            sys.executable, str(SERVER), "--cgi", str(GITWEB), "--port", str(port),
            "--env", f"GITWEB_CONFIG={self.config.resolve()}",
            "--static", str(STATIC), "--static-prefix", "/static/",
        ]  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """dpkg's commit pages, listed by its shortlog's pages; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        logs = {name: repository_commits(self.repos / f"{name}.git") for name in REPOS}
        templates = {b + "/": "projects"}
        for name, log in logs.items():
            templates[_url(b, f"p={name}.git;a=summary")] = "summary"
            templates |= dict.fromkeys(shortlog_pages(b, name, len(log)), "shortlog")
        level = shortlog_pages(b, TARGET, len(logs[TARGET]))
        counts = ", ".join(f"{len(v)} {k}" for k, v in logs.items())
        return history_truth(
            self,
            b,
            logs,
            target=TARGET,
            commit=("commit", lambda repo, sha: commit_url(b, repo, sha)),
            level=level,
            templates=templates,
            notes=(
                f"gitweb of git {_git_version()}, commits ({counts}) from git rev-list; "
                f"{len(level)} shortlog pages of {PAGE}. Not listed in templates: the log "
                "(a=log, paged alike), commitdiff, tree, blob, tag, tags, heads, search, RSS, "
                "Atom and OPML views, shortlogs from a tag (;h=refs/tags/…), the project "
                "list's sort orders (?o=…)."
            ),
        )


def _packages_present() -> bool:
    return (
        GITWEB.is_file()
        and CGI_MODULE.is_file()
        and shutil.which("git") is not None
        and all(changelog_file(name) is not None for name in REPOS)
    )


def build_repositories(app_id: str, repos: Path, log: Path, progress: Progress) -> None:
    """Build the bare repository `<name>.git` of each package of REPOS from its changelog into
    the folder `repos` (built beside it, then moved in place), unless its stamp `built.json`
    (the repositories' heads) is there already."""
    if (repos / "built.json").is_file():
        return
    partial = repos.with_name(repos.name + ".partial")
    if partial.exists():
        shutil.rmtree(partial)
    partial.mkdir(parents=True)
    heads = {
        name: build_repository(app_id, partial, name, repository_changelog(name), 0, log, progress)
        for name in REPOS
    }
    (partial / "built.json").write_text(json.dumps(heads, indent=1), encoding="utf-8")
    if repos.exists():
        shutil.rmtree(repos)
    partial.replace(repos)


def repository_changelog(package: str) -> Path:
    """The Debian changelog a repository of REPOS is built from (real-fossil and real-hgweb
    import the same histories)."""
    return changelog_file(package) or DOC_ROOT / package / "changelog.Debian.gz"


def _git_version() -> str:
    done = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "git"], capture_output=True, text=True, check=False
    )
    return done.stdout.strip() or "(version unknown)"
