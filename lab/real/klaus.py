"""real-klaus: klaus (PyPI), a git web viewer on dulwich and Flask, over git repositories of
Debian upload histories.

The application (lab/real/apps/klaus_app.py, run in its own venv) is klaus's own WSGI
application (`klaus.make_app`, its defaults: no Git smart HTTP, no authentication, no ctags) on
Werkzeug's threaded server, over every bare repository of `repos/`; klaus runs `git log` for its
history pages, so it needs Debian's `git` (which builds the repositories too).

Data: the Debian changelogs of dpkg and debianutils, one commit per upload, oldest first, built
as real-gitweb's repositories (lab/real/gitweb.py `build_repositories`: `git fast-import`, the
upload's maintainer and date, the changelog as it stood, a tag `debian/<version>` per upload;
the same SHAs every install). Every upload at every size: dpkg 382, debianutils 246.

Served at klaus's URLs: `/` (the repository list, newest first; `?order_by=name`, a search
form), `/<repo>/` (the tree at master, its README if any, and the 10 newest commits, with a
"»»" link to `/<repo>/tree/master/?page=1`; a branch and tag selector linking every tag's own
view `/<repo>/<tag>?path=`), `/<repo>/tree/master/?page=N` (the history: 30 commits a page,
page N from the (10 + 30·(N−1) + 1)th newest, numbered links to the pages before and "»»" to
the next; page 0, `/<repo>/tree/master/`, the newest 30), `/<repo>/commit/<sha>/` (a commit
page: message, author, date, the diff of `debian/changelog`), and the blob, blame, raw, patch
and tarball views.

Truth, from git itself (`git log` and `git for-each-ref refs/tags` in each repository, never
klaus's pages): the target type is `dpkg`, its entities every tag's view of the dpkg repository
(`/dpkg/debian/1.21.22?path=`: one per upload, the tree and the 10 commits from the tag);
debianutils' tag views are a second type. The index is one level, `/dpkg/`, whose branch and tag
selector links every tag's view (so does every page of the repository); the seed is the newest
upload's tag. Attributes: the tagged commit's author and subject, the first of the view's
history.

Entity type: klaus's own robots.txt (`klaus/static/robots.txt`, served at `/robots.txt/`)
disallows every commit, blob, blame, raw and tarball page but those at master (`Allow:
/*/tree/master/`, `/*/blob/master/`), so a crawler that obeys it may load no commit page. The tag
views are what it leaves open that is many pages of one kind behind one list: the pages a
polite crawler can reach. (Until this change the target type was the commit pages, each
`/dpkg/commit/<sha>/`, which every polite method was refused.)
"""

from __future__ import annotations

import math
import shutil
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, history_truth
from siteseer.lab.real.cgit import git_output, repository_commits
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.gitweb import REPOS, build_repositories
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = [
    "INDEX",
    "PAGE",
    "TARGET",
    "KlausApp",
    "commit_url",
    "history_pages",
    "repository_tags",
    "tag_url",
]

INDEX = 10  # commits on a repository's index page (klaus's IndexView)
PAGE = 30  # commits on a history page (klaus's HistoryView)
TARGET = "dpkg"


def history_pages(base: str, repo: str, commits: int) -> tuple[str, ...]:
    """The pages listing a repository's `commits` commits once each, as their "»»" links
    write them: `/<repo>/` (the newest INDEX), then `/<repo>/tree/master/?page=N` from 1
    (PAGE each, page N skipping INDEX + PAGE·(N−1)), canonical."""
    pages = math.ceil(max(0, commits - INDEX) / PAGE)
    history = (f"{base}/{repo}/tree/master/?page={n}" for n in range(1, pages + 1))
    return tuple(canonical_url(u) for u in (f"{base}/{repo}/", *history))


def commit_url(base: str, repo: str, sha: str) -> str:
    return f"{base}/{repo}/commit/{sha}/"


def tag_url(base: str, repo: str, tag: str) -> str:
    """A tag's view as the branch and tag selector links it (`/dpkg/debian/1.9.9?path=`),
    canonical."""
    return canonical_url(f"{base}/{repo}/{quote(tag, safe='/')}?path=")


def repository_tags(repo: Path) -> dict[str, str]:
    """The tag naming each tagged commit of the repository `repo`, by the commit's SHA (an
    annotated tag peeled to its commit; the first in git's order where a commit has several)."""
    out = git_output(
        repo, "for-each-ref", "--format=%(objectname)%00%(*objectname)%00%(refname:strip=2)",
        "refs/tags",
    )  # fmt: skip
    tags: dict[str, str] = {}
    for line in out.splitlines():
        target, peeled, name = line.split("\x00", 2)
        tags.setdefault(peeled or target, name)
    return tags


class KlausApp(PythonApp):
    """klaus from PyPI over dpkg's and debianutils' Debian upload histories."""

    id = "real-klaus"
    kind = "entity-tree"
    description = "klaus (PyPI), a git web viewer, over dpkg's and debianutils' upload histories"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("klaus==3.0.1"),
        PyPackage("dulwich==1.2.21"),
        PyPackage("flask==3.1.3"),
        PyPackage("werkzeug==3.1.9"),
    )
    script = "klaus_app.py"
    data_description = (
        "git repositories of dpkg's and debianutils' Debian changelogs, one commit per upload "
        "(Debian git builds them; klaus runs it)"
    )
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "repos"  # the bare repositories, the same at every size

    def installed(self) -> bool:
        return (
            self.env.ready()
            and (self.data_file / "built.json").is_file()
            and shutil.which("git") is not None
        )

    def _install(self, progress: Progress) -> None:
        """The venv, Debian's git if missing, then the repositories (once)."""
        log = self.dir / "logs" / "install.log"
        self.env.create(self.id, log, progress)
        apt_install(self.id, ("git",), shutil.which("git") is not None, log, progress)
        build_repositories(self.id, self.data_file, log, progress)

    def truth(self, base_url: str) -> SiteTruth:
        """dpkg's tag views, listed by its repository page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        commits = {name: repository_commits(self.data_file / f"{name}.git") for name in REPOS}
        tags = {name: repository_tags(self.data_file / f"{name}.git") for name in REPOS}
        logs = {name: [c for c in log if c[0] in tags[name]] for name, log in commits.items()}
        templates = {b + "/": "repositories"}
        for name, log in commits.items():
            first, *history = history_pages(b, name, len(log))
            templates[first] = "repository"
            templates[canonical_url(f"{b}/{name}/tree/master/")] = "history"
            templates |= dict.fromkeys(history, "history")
            templates |= {commit_url(b, name, sha): "commit" for sha, _, _ in log}
        level = (canonical_url(f"{b}/{TARGET}/"),)
        counts = ", ".join(f"{len(v)} {k}" for k, v in logs.items())
        return history_truth(
            self,
            b,
            logs,
            target=TARGET,
            commit=("tag", lambda repo, sha: tag_url(b, repo, tags[repo][sha])),
            level=level,
            templates=templates,
            notes=(
                f"klaus over tag views ({counts}) from git for-each-ref and git log; the "
                "repository page's tag selector lists them all. The commit pages (robots.txt "
                "disallows them) and the history pages are in templates. Not listed: ?page=0 "
                "(as /<repo>/tree/master/), each tag's history, the branch view "
                "(/<repo>/master?path=), the blob, blame, raw, patch and tarball views, the "
                "repository list's ?order_by=… and search."
            ),
        )
