"""real-redmine: Redmine (Debian `redmine`, SQLite) holding Redmine's own issues, as its
changelog lists them, in a public project.

Packages (Debian): `redmine` (5.0, on Debian's Rails 6.1) and `redmine-sqlite`. Redmine is
served by Rails' own server (WEBrick, Debian's `ruby-webrick`) from /usr/share/redmine, never
through Apache or Passenger: the instance's Gemfile (`BUNDLE_GEMFILE`) is Redmine's with
`webrick` added, Bundler's lock beside it.

Nothing system-wide is used: Debian's Redmine runs several instances, each named by
`REDMINE_INSTANCE` and kept in /usr/share/redmine/instances/<name> (its database.yml, secret
key, log, tmp and files). The lab's instance is its own directory per size (`instance-<size>/`),
named by a relative path from that folder to it (`../../…/<instance>`), so that its
configuration, SQLite database (`db/redmine.sqlite3`), logs and caches are the application's
and nothing under /etc or /var is written. Made once per size by Rails' own tasks (`rake
db:migrate`, `rake redmine:load_default_data` in English), then the data by `rails runner`
with lab/real/apps/redmine_load.rb.

Data: Redmine's own changelog, as Debian ships it (`/usr/share/doc/redmine/changelog.gz`): each
release (`== 2022-12-01 v5.0.4`) is a version, each section (`=== [Issues filter]`) an issue
category, each item naming a tracker and an issue (`* Defect #37875: …`) an issue of project
"Redmine" with redmine.org's number as its id, that tracker (Defect, Feature or Patch), the
section as category, the release as target version, the release's date as its creation time
and the status "Resolved" (an open status: the default issue list shows it). An issue fixed in
several releases is kept once, in the newest. The newest 500 at size small, all (3,000 and
more) at medium and large.

Served pages: the project's issue list (`/projects/redmine/issues`: open issues, newest first,
25 a page, per-page options 25, 50 and 100 (`?per_page=N`), sort links in its column headers,
the filter form, CSV/PDF/Atom exports), a page per issue (`/issues/<id>`), the project's
overview, activity, roadmap (versions, `/versions/<id>`), the global issue list, search, login.

Truth, from the instance's SQLite database (`issues`, `trackers`, `issue_categories`,
`versions`), never a crawl: the entities are the project's issues; attributes `tracker`,
`category` and `version` (tracker and category the facets); the index is one level, the issue
list's pages at its largest page size (`?per_page=100&page=N`, Redmine's default order: id,
newest first); the seed is the newest issue.
"""

from __future__ import annotations

import gzip
import json
import re
import secrets
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path

from siteseer.lab.real.app import APPS_DIR, RealApp, paged_list_truth, read_sqlite
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PAGE_SIZES", "Issue", "RedmineApp", "list_pages", "read_changelog"]

APP_ID = "real-redmine"
REDMINE = Path("/usr/share/redmine")
CHANGELOG = Path("/usr/share/doc/redmine/changelog.gz")
DEBIAN = ("redmine", "redmine-sqlite")
PROJECT = {
    "name": "Redmine",
    "identifier": "redmine",
    "description": "Redmine's own issues, as its changelog lists them for each release.",
}
LIMITS: dict[Size, int] = {"small": 500, "medium": 0, "large": 0}  # 0: all
PAGE_SIZES = (25, 50, 100)  # Redmine's per_page_options setting
_RELEASE = re.compile(r"^== (\d{4}-\d{2}-\d{2}) v(\S+)\s*$")
_SECTION = re.compile(r"^=== \[(.+)\]\s*$")
_ITEM = re.compile(r"^\* (Defect|Feature|Patch) #(\d+): (.+?)\s*$")
SUBJECT_CHARS = 255  # Redmine's limit
# Redmine's Gemfile and the web server Rails runs it with (Bundler loads no gem it does not name)
GEMFILE = f'eval_gemfile "{REDMINE / "Gemfile"}"\ngem "webrick"\n'


@dataclass(frozen=True)
class Issue:
    """One issue as the changelog lists it (and redmine_load.rb creates it)."""

    id: int
    tracker: str
    subject: str
    category: str | None
    version: str
    date: str  # the release's date, ISO with UTC offset


def read_changelog(text: str) -> list[Issue]:
    """Every issue the changelog lists under a release, newest release first, each number
    once (its newest release); items naming no tracker and issue are left out."""
    issues: dict[int, Issue] = {}
    version = date = ""
    category: str | None = None
    for line in text.splitlines():
        if release := _RELEASE.match(line):
            date, version, category = f"{release[1]}T00:00:00+00:00", release[2], None
        elif section := _SECTION.match(line):
            category = section[1]
        elif (item := _ITEM.match(line)) and version and int(item[2]) not in issues:
            issues[int(item[2])] = Issue(
                int(item[2]), item[1], item[3][:SUBJECT_CHARS], category, version, date
            )
    return list(issues.values())


def list_pages(base: str, count: int, per_page: int = PAGE_SIZES[-1]) -> tuple[str, ...]:
    """The issue list's pages at `per_page` for `count` issues, as its pager links them
    (`?page=2&per_page=100`)."""
    url = f"{base}/projects/{PROJECT['identifier']}/issues"
    pages = -(-count // per_page)
    return (
        f"{url}?per_page={per_page}",
        *(f"{url}?page={n}&per_page={per_page}" for n in range(2, pages + 1)),
    )


def _instance_name(instance: Path) -> str:
    """REDMINE_INSTANCE naming `instance` from Debian's instances folder: up to the root, read
    both as written (Ruby's Pathname joins `..` by name) and through the folder's link
    (/var/lib/redmine, as the system resolves it), then down to the absolute `instance`."""
    folder = REDMINE / "instances"
    ups = max(len(folder.parts), len(folder.resolve().parts)) - 1
    return "/".join([".."] * ups) + str(instance.absolute())


class RedmineApp(RealApp):
    """Redmine from Debian on SQLite, served by Rails' own server, its own issues as data."""

    id = APP_ID
    kind = "entity-tree"
    description = (
        "Redmine (Debian, SQLite) with its own issues from its changelog: filtered, sorted, "
        "paged issue list"
    )

    @property
    def instance(self) -> Path:
        return self.dir / f"instance-{self.size}"

    @property
    def database(self) -> Path:
        return self.instance / "db" / "redmine.sqlite3"

    @property
    def stamp(self) -> Path:
        return self.instance / "loaded.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(DEBIAN)} (instance in {self.instance})",
            f"data: Redmine's own changelog ({CHANGELOG})",
        )

    def _present(self) -> bool:
        return (REDMINE / "config.ru").is_file() and CHANGELOG.is_file()

    def installed(self) -> bool:
        return self._present() and self.stamp.is_file() and self.database.is_file()

    def environment(self) -> dict[str, str]:
        return {
            "REDMINE_INSTANCE": _instance_name(self.instance),
            "RAILS_ENV": "production",
            "BUNDLE_GEMFILE": str(self.instance / "Gemfile"),
        }

    def _rails(self, *args: str) -> list[str]:
        env = [f"{k}={v}" for k, v in self.environment().items()]
        return ["env", "-C", str(REDMINE), *env, *args]

    def _instance(self) -> None:
        if self.instance.exists():
            shutil.rmtree(self.instance)
        for folder in ("config", "db", "log", "tmp/pids", "tmp/cache", "files", "public"):
            (self.instance / folder).mkdir(parents=True)
        config = self.instance / "config"
        (config / "database.yml").write_text(
            f"production:\n  adapter: sqlite3\n  database: {self.database}\n  encoding: utf8\n",
            encoding="utf-8",
        )
        (config / "secret_key.txt").write_text(secrets.token_hex(32), encoding="utf-8")
        (self.instance / "Gemfile").write_text(GEMFILE, encoding="utf-8")

    def _install(self, progress: Progress) -> None:
        """Packages, then (once per size) the instance, Rails' tasks and the issues."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, DEBIAN, self._present(), log, progress)
        if self.stamp.is_file():
            return
        issues = read_changelog(gzip.decompress(CHANGELOG.read_bytes()).decode("utf-8"))
        if LIMITS[self.size]:
            issues = issues[: LIMITS[self.size]]
        if not issues:
            raise InstallFailed(self.id, f"no issues in {CHANGELOG}")
        self._instance()
        versions = {i.version: i.date[:10] for i in issues}
        data = {
            "project": PROJECT,
            "versions": [{"name": v, "date": d} for v, d in versions.items()],
            "issues": [asdict(i) for i in issues],
        }
        (self.instance / "issues.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
        run_step(self.id, "rake db:migrate", self._rails("rake", "db:migrate"), log, progress)
        default = self._rails("REDMINE_LANG=en", "rake", "redmine:load_default_data")
        run_step(self.id, "rake redmine:load_default_data", default, log, progress)
        loader = self._rails("bin/rails", "runner", str(APPS_DIR / "redmine_load.rb"),
                             str(self.instance / "issues.json"))  # fmt: skip
        what = f"{len(issues)} issues in {len(versions)} versions (redmine_load.rb)"
        run_step(self.id, what, loader, log, progress)
        ((count,),) = read_sqlite(self.database, "SELECT COUNT(*) FROM issues")
        if count != len(issues):
            raise InstallFailed(self.id, f"{count} issues in the database, {len(issues)} read")
        self.stamp.write_text(json.dumps({"issues": count}), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """Rails' server (WEBrick) on 127.0.0.1:port, from Debian's Redmine, this instance."""
        pid = self.instance / "tmp" / "pids" / f"server-{port}.pid"
        return self._rails("bin/rails", "server", "-u", "webrick", "-e", "production", "-b", "127.0.0.1",
                           "-p", str(port), "-P", str(pid))  # fmt: skip

    def truth(self, base_url: str) -> SiteTruth:
        """The project's issues and their tracker, category and version, from its database."""
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.database,
            "SELECT i.id, t.name, c.name, v.name FROM issues i "
            "JOIN projects p ON p.id = i.project_id JOIN trackers t ON t.id = i.tracker_id "
            "LEFT JOIN issue_categories c ON c.id = i.category_id "
            "LEFT JOIN versions v ON v.id = i.fixed_version_id "
            f"WHERE p.identifier = '{PROJECT['identifier']}' ORDER BY i.id DESC",
        )
        urls = [f"{b}/issues/{r[0]}" for r in rows]
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {
                "tracker": (str(tracker),),
                "category": (str(category),) if category is not None else (),
                "version": (str(version),) if version is not None else (),
            }
            for url, (_, tracker, category, version) in zip(urls, rows, strict=True)
        }
        pages = list_pages(b, len(urls))
        return paged_list_truth(
            self,
            b,
            ("issue list", "issue"),
            urls,
            pages,
            attributes,
            ("tracker", "category"),
            notes=(
                f"Redmine (Debian), SQLite: {len(urls)} issues of project "
                f"{PROJECT['identifier']!r}, its list {PAGE_SIZES[-1]} a page at most "
                f"({len(pages)} pages; {PAGE_SIZES[0]} a page by default). Not in templates: "
                "the list's other page sizes, sort orders and filters, its exports, the "
                "project's overview, activity and roadmap, versions, the global issue list, "
                "search, login."
            ),
        )
