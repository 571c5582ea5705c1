"""real-otterwiki: An Otter Wiki (PyPI `otterwiki`), a wiki in Flask whose pages are Markdown
files of a git repository, holding Git's release notes, a folder per release series.

The application (lab/real/apps/otterwiki_app.py, run in its own venv) is Otter Wiki's Flask
application on Werkzeug's threaded server, over a settings file the script writes: its
repository, a SQLite database for accounts (none exists), anonymous visitors may read, writing
and attachments need an account and registration is closed; everything else is Otter Wiki's
default (its sidebar's page tree, robots.txt allowing every page, its sitemap).

Data: the release notes of every Git release that Debian's `git` package ships
(`/usr/share/doc/git/RelNotes/<version>.txt`, 485 in bookworm's git 2.39), the same at every
size: a page per release, `<series>/<version>.md` with the dots of the version as hyphens (Otter
Wiki drops dots from page names: `2-39/2-39-5.md` for 2.39.5, in the folder of its series
2.39), a heading and the notes as a preformatted block; and a Home page. The repository has one
commit per series, in version order (fixed dates and author, the same every install).

Served at Otter Wiki's URLs: `/` (Home), `/<series>/<page>` (a page: its text, its history,
blame, source and attachments links), `/<series>` (a folder without a page of its own: the
page index of its pages), `/-/index` (every page, by folder), `/-/changelog` (the commits,
paged), `/<page>/history`, `/<page>/blame`, `/<page>/source`, `/-/commit/<sha>`, search,
login; the sidebar lists every folder and page on every page.

Truth, from the repository's page files (`git ls-files`, never Otter Wiki's pages): the
entities are the release pages; attribute `series`, their folder, which the site labels nowhere (a
release page shows it as its breadcrumb's folder link and in the sidebar's tree; "series" is
only a word of the Home page's and the notes' running text): unlabelled, scored by its values;
the index is two levels, the
page index `/-/index` then each series' folder page; the seed is the newest release's page.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, value_pages_truth
from siteseer.lab.real.cgit import git_output
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pydoc_html import Commit, write_repository
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["RELNOTES", "OtterWikiApp", "page_file", "release_pages", "version_key"]

RELNOTES = Path("/usr/share/doc/git/RelNotes")
AUTHOR = ("Git release notes import", "relnotes@localhost")
DATE = 1685404800  # 2023-05-30 00:00 UTC; a commit an hour later per series
HOME = (
    "# Git release notes\n\n"
    "The release notes of {count} Git releases, from Debian's git package: a folder per "
    "release series, a page per release.\n"
)
_VERSION = re.compile(r"\d+(\.\d+)+")


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def page_file(version: str, notes: str) -> tuple[str, str]:
    """A release's page file (path in the repository, Markdown text): `<series>/<version>.md`
    with the version's dots as hyphens, a heading and the notes as a preformatted block."""
    if "```" in notes:
        raise ValueError(f"{version}: its notes would close the preformatted block")
    series = "-".join(version.split(".")[:2])
    name = f"{series}/{version.replace('.', '-')}.md"
    return name, f"# Git {version} release notes\n\n```text\n{notes.rstrip()}\n```\n"


def release_notes(root: Path = RELNOTES) -> dict[str, str]:
    """Each release's notes by version, in version order."""
    found = {p.name.removesuffix(".txt"): p for p in root.glob("*.txt")}
    versions = sorted((v for v in found if _VERSION.fullmatch(v)), key=version_key)
    return {v: found[v].read_text(encoding="utf-8", errors="replace") for v in versions}


def series_commits(notes: dict[str, str]) -> list[Commit]:
    """One commit per release series, in version order, adding its pages."""
    commits: dict[str, dict[str, str]] = {}
    for version, text in notes.items():
        name, page = page_file(version, text)
        commits.setdefault(".".join(version.split(".")[:2]), {})[name] = page
    return [(f"Add the release notes of Git {s}", files) for s, files in commits.items()]


def release_pages(repo: Path) -> list[str]:
    """The release pages' names (`2-39/2-39-5`) of the repository's page files, as git lists
    them (the folders' Markdown files; Home, at the top, is not one)."""
    files = git_output(repo, "ls-files", "-z").split("\x00")
    return [f.removesuffix(".md") for f in files if f.endswith(".md") and "/" in f]


class OtterWikiApp(PythonApp):
    """An Otter Wiki from PyPI holding Git's release notes, a folder per release series."""

    id = "real-otterwiki"
    kind = "entity-tree"
    description = "An Otter Wiki (PyPI), git-backed: Git's release notes, a folder per series"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("otterwiki==2.26.1"),
        PyPackage("flask==3.1.3"),
        PyPackage("werkzeug==3.1.9"),
        PyPackage("gitpython==3.2.1"),
    )
    script = "otterwiki_app.py"
    data_description = (
        "the release notes Debian's git package ships, a page per release (Debian git builds "
        "the wiki's repository)"
    )
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "repository"  # the wiki's repository, the same at every size

    def installed(self) -> bool:
        return (
            self.env.ready()
            and (self.data_file / "home.md").is_file()
            and shutil.which("git") is not None
        )

    def _install(self, progress: Progress) -> None:
        """The venv, Debian's git if missing, then the wiki's repository (once)."""
        log = self.dir / "logs" / "install.log"
        self.env.create(self.id, log, progress)
        apt_install(self.id, ("git",), shutil.which("git") is not None, log, progress)
        if (self.data_file / "home.md").is_file():
            return
        notes = release_notes()
        if not notes:
            raise InstallFailed(self.id, f"no release notes in {RELNOTES} (is it excluded?)")
        partial = self.data_file.with_name("repository.partial")
        if partial.exists():
            shutil.rmtree(partial)
        commits = series_commits(notes)
        commits.append(("Add the home page", {"home.md": HOME.format(count=len(notes))}))
        write_repository(self.id, partial, commits, log, progress, AUTHOR, DATE)
        partial.replace(self.data_file)

    def truth(self, base_url: str) -> SiteTruth:
        """The release pages, listed by their series' folder page; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        names = release_pages(self.data_file)
        urls = {name: f"{b}/{name}" for name in names}
        values = {name: name.split("/")[0] for name in names}
        seed = max(names, key=lambda n: version_key(n.split("/")[1].replace("-", ".")))
        return value_pages_truth(
            self,
            b,
            top=b + "/-/index",
            seed=seed,
            urls=urls,
            values=values,
            order=sorted(names, key=lambda n: n + ".md"),  # by file name, as Otter Wiki lists
            attribute=("series", lambda series: f"{b}/{series}"),
            templates={b + "/": "home", b + "/Home": "home", b + "/-/changelog": "changelog"},
            notes=(
                f"{len(urls)} release pages in {len(set(values.values()))} series folders, from "
                "the repository's page files. Not listed in templates: each page's history, "
                "blame, source and attachments views, the commits (/-/commit/<sha>), the "
                "changelog's older pages, search, login, /-/about, /-/help, the sitemap."
            ),
            unlabelled=True,
        )
