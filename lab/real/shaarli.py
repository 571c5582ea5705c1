"""real-shaarli: Shaarli (Debian `shaarli`), a bookmark manager in PHP, holding a bookmark per
upstream project of Debian's base system, tagged with the packages' debtags.

Packages (Debian): `shaarli`, `php-cli` (PHP's built-in web server serves it) and `php-cgi` (so
that Shaarli's dependency on a PHP runtime is met without Apache). Data: Debian's own package
index (`apt-cache dumpavail`): every package of priority required, important or standard that
names an upstream `Homepage`, grouped by that homepage (a source's binary packages share it),
the group's first package (by name) giving the bookmark's title (`coreutils: GNU core
utilities`) and description (its long description); the tags are the group's debtags
(`implemented-in::c`, `role::program`, …), none for packages Debian has not tagged. Each gets
a creation date, an hour apart from 2023-06-10 (bookworm's release) in the reverse order of
the packages' names, so that Shaarli's list (newest first) shows them by name.

Nothing system-wide is used beyond the package's files: the served folder (`www/`) holds links to
Shaarli's code in /usr/share/shaarli, a copy of its `index.php` whose configuration path names
the home's (Debian's build hard-codes /var/lib/shaarli/data/config), a router for PHP's server,
and the home's own data (`www/data/`: `config.json.php` with the settings below, the
datastore) and caches. The bookmarks are added through Shaarli's own `BookmarkFileService`
(lab/real/apps/shaarli_store.php `load`), which gives each its id and its permalink's short
hash. Settings: public bookmarks, 20 a page (Shaarli's default), no plugin, no thumbnails, no
update check, a login (never used: visitors see the public list).

Served at Shaarli's URLs: the list `/` (newest first, `?page=N`), a permalink per bookmark
`/shaare/<hash>` (its title links out to the project's homepage; its tags link to the list
filtered by each), the list filtered by tag `/?searchtags=<tag>` (paged alike), `/add-tag/<tag>`
(a redirect there), the tag cloud `/tags/cloud` and tag list `/tags/list`, the daily digest
`/daily`, the picture wall, the feeds, the login form. No robots.txt (404).

Truth, from Shaarli's datastore read by its own classes (`shaarli_store.php dump`, never the
pages): the entities are the bookmarks' permalinks; attributes `title` and `tag` (each debtag);
one index level, the list's pages in order; a query per tag (the bookmarks it holds, newest
first). The seed is the bookmark of `coreutils`.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote

from siteseer.lab.real.app import APPS_DIR, RealApp, facet_queries, facet_values, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["ShaarliApp", "read_packages", "shaarli_bookmarks"]

PACKAGES = ("shaarli", "php-cli", "php-cgi")
SHAARLI = Path("/usr/share/shaarli")
# Shaarli's files the served folder links to (index.php is copied: see the module docstring)
LINKED = ("application", "assets", "inc", "plugins", "tpl", "init.php", "shaarli_version.php")
DEBIAN_CONFIG = "new ConfigManager();"  # index.php's line, in Debian's build
PRIORITIES = ("required", "important", "standard")
RELEASED = datetime(2023, 6, 10)  # the last bookmark's creation date; one an hour before it
SEED = "coreutils"
PAGE = 20  # bookmarks a list page shows (Shaarli's default links_per_page)
STORE = APPS_DIR / "shaarli_store.php"
ROUTER = """<?php
// PHP's built-in server: Shaarli's files as they are, every other path to its front controller.
chdir(__DIR__);
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if ($path !== '/' && is_file(__DIR__ . $path) && substr($path, -4) !== '.php') {
    return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/index.php';
require __DIR__ . '/index.php';
"""

Package = dict[str, str]  # a package's fields, as apt-cache prints them (continuations joined)


def read_packages(text: str) -> list[Package]:
    """The records of a Debian package index (`apt-cache dumpavail`), each field's
    continuation lines joined to it by newlines."""
    records: list[Package] = []
    for block in text.split("\n\n"):
        fields: Package = {}
        key = ""
        for line in block.splitlines():
            if line[:1] in (" ", "\t") and key:
                fields[key] += "\n" + line
            elif ":" in line:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        if fields.get("Package"):
            records.append(fields)
    return records


def _debtags(package: Package) -> list[str]:
    return [t for t in (x.strip() for x in package.get("Tag", "").split(",")) if t]


def _long_description(package: Package) -> str:
    """The long description, as Debian writes it: ' .' lines are empty lines."""
    lines = package.get("Description", "").split("\n")[1:]
    return "\n".join("" if s.strip() == "." else s.strip() for s in lines).strip()


def shaarli_bookmarks(packages: Iterable[Package]) -> list[dict[str, object]]:
    """A bookmark per upstream homepage of the packages of `PRIORITIES` (see the module
    docstring), in the order of their first packages' names, with the tags of all its
    packages; each its `created` date (ISO), an hour before the one after it."""
    groups: dict[str, list[Package]] = {}
    for package in sorted(packages, key=lambda p: p["Package"]):
        if package.get("Priority") in PRIORITIES and (home := package.get("Homepage")):
            group = groups.setdefault(home, [])
            if all(p["Package"] != package["Package"] for p in group):  # one per architecture
                group.append(package)
    bookmarks: list[dict[str, object]] = []
    for i, (home, group) in enumerate(groups.items()):
        first = group[0]
        tags = sorted({t for p in group for t in _debtags(p)})
        summary = first.get("Description", "").split("\n")[0].strip()
        bookmarks.append(
            {
                "package": first["Package"],
                "url": home,
                "title": f"{first['Package']}: {summary}",
                "description": _long_description(first),
                "tags": tags,
                "created": (RELEASED + timedelta(hours=len(groups) - 1 - i)).isoformat(),
            }
        )
    return bookmarks


class ShaarliApp(RealApp):
    """Shaarli from Debian over the homepages of Debian's base system, tagged by debtags."""

    id = "real-shaarli"
    kind = "entity-tree"
    description = (
        "Shaarli (Debian) bookmark manager: a bookmark per upstream homepage of Debian's "
        "required, important and standard packages, tagged with their debtags"
    )

    @property
    def www(self) -> Path:
        return self.dir / "www"  # the served folder, the same at every size

    @property
    def config(self) -> Path:
        return self.www / "data" / "config"  # Shaarli's name for config.json.php

    @property
    def datastore(self) -> Path:
        return self.www / "data" / "datastore.php"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (the site in {self.www})",
            "data: Debian's package index (apt-cache dumpavail), the base system's homepages",
        )

    def _packages_present(self) -> bool:
        return (SHAARLI / "index.php").is_file() and shutil.which("php") is not None

    def installed(self) -> bool:
        return self._packages_present() and self.datastore.is_file()

    def _install(self, progress: Progress) -> None:
        """Shaarli and PHP, then (once) the bookmarks from the package index, the served
        folder and the datastore."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, self._packages_present(), log, progress)
        if self.installed():
            return
        index = self.dir / "packages.txt"
        run_step(self.id, "apt-cache dumpavail", ["apt-cache", "dumpavail"], log, progress,
                 stdout=index)  # fmt: skip
        bookmarks = shaarli_bookmarks(read_packages(index.read_text(encoding="utf-8")))
        if not any(b["package"] == SEED for b in bookmarks) or len(bookmarks) < 40:
            raise InstallFailed(self.id, f"the package index {index} lacks the base system")
        data = self.dir / "bookmarks.json"
        data.write_text(json.dumps(bookmarks, indent=1), encoding="utf-8")
        if self.www.exists():
            shutil.rmtree(self.www)
        self._lay_out()
        load = ["php", str(STORE), str(self.config), "load", str(data)]
        run_step(self.id, "Shaarli: adding the bookmarks", load, log, progress, cwd=self.www)

    def _lay_out(self) -> None:
        """The served folder: links to Shaarli's code, index.php reading the home's
        configuration, the router, and the data and cache folders with the configuration."""
        self.www.mkdir(parents=True)
        for name in LINKED:
            (self.www / name).symlink_to(SHAARLI / name)
        front = (SHAARLI / "index.php").read_text(encoding="utf-8")
        if front.count(DEBIAN_CONFIG) != 1:
            raise InstallFailed(self.id, f"{SHAARLI / 'index.php'} has no `{DEBIAN_CONFIG}`")
        config = f"new ConfigManager({json.dumps(str(self.config))});"
        (self.www / "index.php").write_text(front.replace(DEBIAN_CONFIG, config), "utf-8")
        (self.www / "router.php").write_text(ROUTER, encoding="utf-8")
        for folder in ("data", "cache", "pagecache", "tmp"):
            (self.www / folder).mkdir()
        data = self.www / "data"
        settings = {
            "credentials": {"login": "lab", "hash": "0" * 40, "salt": "0" * 40},
            "general": {
                "title": "Debian's base system",
                "timezone": "UTC",
                "links_per_page": PAGE,
                "enabled_plugins": [],
                "header_link": "/",
                "retrieve_description": False,
                "enable_async_metadata": False,
            },
            "resource": {
                "data_dir": str(data),
                "config": str(self.config),
                "datastore": str(self.datastore),
                "ban_file": str(data / "ipbans.php"),
                "updates": str(data / "updates.txt"),
                "log": str(data / "log.txt"),
                "update_check": str(data / "lastupdatecheck.txt"),
                "history": str(data / "history.php"),
                "raintpl_tmp": str(self.www / "tmp") + "/",
                "thumbnails_cache": str(self.www / "cache"),
                "page_cache": str(self.www / "pagecache"),
            },
            "updates": {"check_updates": False},
            "privacy": {"default_private_links": False, "hide_public_links": False},
            "thumbnails": {"mode": "none"},
            "translation": {"language": "en"},
            "api": {"enabled": False, "secret": "0" * 12},
        }
        text = "<?php /*" + json.dumps(settings, indent=1) + "*/ ?>"
        (data / "config.json.php").write_text(text, encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """PHP's built-in web server over the served folder, through the router."""
        return ["php", "-S", f"127.0.0.1:{port}", "-t", str(self.www), str(self.www / "router.php")]

    def bookmarks(self) -> list[dict[str, object]]:
        """The datastore's bookmarks as the list shows them, newest first (Shaarli's classes
        read it: `shaarli_store.php dump`)."""
        self.require_installed()
        dump = subprocess.run(
            ["php", str(STORE), str(self.config), "dump"],
            capture_output=True, text=True, cwd=self.www, check=False,
        )  # fmt: skip
        if dump.returncode != 0:
            raise ValueError(f"{self.id}: reading {self.datastore} failed: {dump.stderr}")
        rows: list[dict[str, object]] = json.loads(dump.stdout)
        return rows

    def truth(self, base_url: str) -> SiteTruth:
        """The datastore's public bookmarks; see the module docstring."""
        b = base_url.rstrip("/")
        rows = [r for r in self.bookmarks() if not r["private"]]
        urls = {str(r["shorturl"]): f"{b}/shaare/{r['shorturl']}" for r in rows}
        titles = {str(r["title"]).partition(":")[0]: str(r["shorturl"]) for r in rows}
        if SEED not in titles:
            raise ValueError(f"{self.id}: {self.datastore} has no bookmark of {SEED}")
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            urls[str(r["shorturl"])]: {"title": (str(r["title"]),)}
            | ({"tag": tuple(_strings(r["tags"]))} if r["tags"] else {})
            for r in rows
        }
        values = facet_values(attributes, ("tag",))
        pages = [f"{b}/"] + [f"{b}/?page={n}" for n in range(2, math.ceil(len(rows) / PAGE) + 1)]
        if list(urls).index(titles[SEED]) >= PAGE:
            raise ValueError(f"{self.id}: the bookmark of {SEED} is not on the list's first page")
        tag_pages = {f"{b}/?searchtags={quote(t, safe='')}": "tag" for t in values["tag"]}
        return type_truth(
            self,
            b,
            "bookmark",
            urls.values(),
            (pages[0], urls[titles[SEED]]),
            levels=(pages,),
            attributes=attributes,
            queries=facet_queries(attributes, values),
            facet_values=values,
            templates=dict.fromkeys(pages, "list")
            | tag_pages
            | {f"{b}/tags/cloud": "tag cloud", f"{b}/tags/list": "tag list"}
            | dict.fromkeys(urls.values(), "bookmark"),
            notes=(
                f"{len(rows)} bookmarks, {PAGE} a list page, {len(values['tag'])} tags. Not "
                "listed in templates: the tag pages' further pages, /add-tag/<tag> "
                "(redirects), /daily, /picture-wall, the feeds, /login."
            ),
        )


def _strings(values: object) -> list[str]:
    return [str(v) for v in values] if isinstance(values, list) else []
