"""real-mediawiki: MediaWiki (Debian `mediawiki`, SQLite) holding Debian's changelogs as articles.

Packages (Debian): `mediawiki` (1.39, its PHP modules with it), `php-cli` (PHP's built-in web
server serves it), `php-sqlite3`, and `mini-httpd`, which meets MediaWiki's dependency on a web
server without Apache: Debian configures it for `localhost` only, and it is never used.

Nothing system-wide is used beyond the packages' files: the wiki runs from MediaWiki's code in
/usr/share/mediawiki with a home of its own per size (`wiki-<size>/`): `LocalSettings.php`,
written by MediaWiki's own installer (`maintenance/install.php`, SQLite) with the lab's settings
appended, and `data/`, its SQLite databases. The environment variable `MW_CONFIG_FILE` points
every request and every maintenance script at that file.

Content: each upload of the Debian packages real-hugo reads (its pinned required packages, the
same cutoff and per-package counts at small and medium; at most 200 per package at large, so
that each package's category lists its uploads on one page) is an article titled
"<source package> <version>" (lab/real/changelogs.py): who uploaded it, when, to which
distributions and at what urgency, the changes as the changelog has them, links to the
package's previous and next uploads, and categories: the package, each distribution
("Uploads to unstable") and the urgency ("Urgency medium"). Each category has a page saying what
it holds; the Main Page links every package's category and the other categories. The articles
are imported with MediaWiki's `importDump.php` from an XML export written at install (each
revision dated as its upload, by its uploader), then `rebuildrecentchanges.php` and
`initSiteStats.php` bring recent changes and statistics in line. Anonymous visitors read only.

Served by `php -S 127.0.0.1:N -t /usr/share/mediawiki`: articles at `/index.php/<Title>`
(underscores for spaces), category pages `/index.php/Category:<Name>` (200 members a page),
special pages (recent changes, all pages, random page, search), and each page's history, info
and raw views (`/index.php?title=…&action=…`).

Truth, from the wiki's own database (`page`, `categorylinks`), never a crawl: the entities are
the articles (main namespace, not redirects, but the Main Page); attribute `category` (the
categories `categorylinks` records for each); one query per category; index levels: the Main
Page, then the packages' category pages; the seed is the newest dpkg upload.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import xml.sax.saxutils as saxutils
from collections.abc import Mapping, Sequence
from datetime import UTC
from pathlib import Path
from urllib.parse import quote

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, read_sqlite, type_truth
from siteseer.lab.real.changelogs import Upload, read_uploads
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.hugo import PACKAGES as CHANGELOGS
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.site import Size
from siteseer.lab.truth import FacetQuery, SiteTruth

__all__ = ["MediaWikiApp", "article_text", "export_xml", "page_url", "title_key"]

APP_ID = "real-mediawiki"
MW = Path("/usr/share/mediawiki")
PACKAGES = ("mediawiki", "php-cli", "php-sqlite3", "mini-httpd")
PER_PACKAGE: dict[Size, int] = {"small": 25, "medium": 100, "large": 200}
SEED_PACKAGE = "dpkg"
MAIN_PAGE = "Main_Page"
_NS_MAIN, _NS_CATEGORY = 0, 14
_SETTINGS = """
# The lab's settings (appended to what the installer wrote).
$wgServer = WebRequest::detectServer();
$wgArticlePath = "/index.php/$1";
$wgUsePathInfo = true;
$wgGroupPermissions['*']['edit'] = false;
$wgGroupPermissions['*']['createaccount'] = false;
$wgEnableEmail = false;
$wgEnableUploads = false;
$wgUseInstantCommons = false;
$wgPingback = false;
$wgRCMaxAge = 100 * 365 * 24 * 3600;
$wgJobRunRate = 0;
"""


def title_key(title: str) -> str:
    """MediaWiki's database key of a main-namespace title: first letter upper case, spaces as
    underscores (`dpkg 1.21.22` → `Dpkg_1.21.22`)."""
    key = title.strip().replace(" ", "_")
    return key[:1].upper() + key[1:]


def page_url(base_url: str, key: str) -> str:
    """The page's URL in the crawler's canonical form: MediaWiki links `/index.php/<key>`
    (escaping `+`, `&`, `?`, `#` …); the canonical form decodes what needs no escape."""
    return canonical_url(f"{base_url}/index.php/{quote(key, safe=';@$!*(),/~:')}")


def _category(name: str) -> str:
    return name[:1].upper() + name[1:]


def categories_of(upload: Upload) -> list[str]:
    """An upload's categories: its package, each distribution, its urgency."""
    names = [upload.package]
    names += [f"Uploads to {d}" for d in upload.distributions]
    names.append(f"Urgency {upload.urgency}")
    return [_category(n) for n in dict.fromkeys(names)]


def article_text(upload: Upload, previous: Upload | None, following: Upload | None) -> str:
    """The wikitext of an upload's article."""
    dists = ", ".join(f"''{d}''" for d in upload.distributions)
    lines = [
        f"'''{upload.title}''' is an upload of the Debian source package '''{upload.package}''', "
        f"version {upload.version}, to {dists} at urgency ''{upload.urgency}'', by "
        f"{upload.author} on {upload.date.astimezone(UTC):%d %B %Y}.",
        "",
        "== Changes ==",
        "<pre>",
        upload.changes.replace("</pre>", "&lt;/pre&gt;"),
        "</pre>",
        "",
        "== Uploads of this package ==",
    ]
    if previous is not None:
        lines.append(f"* Previous upload: [[{previous.title}]]")
    if following is not None:
        lines.append(f"* Next upload: [[{following.title}]]")
    lines.append(f"* Every upload: [[:Category:{_category(upload.package)}]]")
    lines.append("")
    lines += [f"[[Category:{c}]]" for c in categories_of(upload)]
    return "\n".join(lines) + "\n"


def _category_text(name: str, uploads: Sequence[Upload]) -> str:
    packages = {u.package for u in uploads}
    if name in {_category(p) for p in packages}:
        return f"Every upload of the Debian source package '''{name.lower()}''' in this wiki.\n"
    return f"Uploads of Debian's packages in this category: {name}.\n"


def _page_xml(title: str, ns: int, text: str, timestamp: str, user: str, comment: str) -> str:
    e = saxutils.escape
    return (
        f"  <page>\n    <title>{e(title)}</title>\n    <ns>{ns}</ns>\n    <revision>\n"
        f"      <timestamp>{timestamp}</timestamp>\n"
        f"      <contributor><username>{e(user)}</username></contributor>\n"
        f"      <comment>{e(comment)}</comment>\n      <model>wikitext</model>\n"
        f"      <format>text/x-wiki</format>\n"
        f'      <text xml:space="preserve">{e(text)}</text>\n    </revision>\n  </page>\n'
    )


def export_xml(uploads: Mapping[str, Sequence[Upload]]) -> tuple[str, list[str]]:
    """MediaWiki's XML export of every upload's article and every category's page, and the
    package categories in the uploads' order (for the Main Page). An upload whose title an
    earlier (newer) one took is left out."""
    pages: list[str] = []
    seen: set[str] = set()
    members: dict[str, list[Upload]] = {}
    packages: list[str] = []
    for entries in uploads.values():
        kept = [u for u in entries if title_key(u.title) not in seen]
        seen |= {title_key(u.title) for u in kept}
        for n, upload in enumerate(kept):  # newest first
            following = kept[n - 1] if n > 0 else None
            previous = kept[n + 1] if n + 1 < len(kept) else None
            stamp = upload.date.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            text = article_text(upload, previous, following)
            comment = f"Upload of {upload.title}"
            pages.append(_page_xml(upload.title, _NS_MAIN, text, stamp, upload.author, comment))
            for name in categories_of(upload):
                members.setdefault(name, []).append(upload)
        if kept:
            packages.append(_category(kept[0].package))
    newest = max((u.date for us in members.values() for u in us), default=CUTOFF)
    stamp = newest.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    for name, ups in members.items():
        text = _category_text(name, ups)
        pages.append(_page_xml(f"Category:{name}", _NS_CATEGORY, text, stamp, "Lab", "Category"))
    head = (
        '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" '
        'xml:lang="en">\n'
    )
    return head + "".join(pages) + "</mediawiki>\n", list(dict.fromkeys(packages))


def main_page_text(packages: Sequence[str], others: Sequence[str]) -> str:
    lines = [
        "This wiki holds the uploads of Debian's required packages as their changelogs record "
        "them, one article per upload.",
        "",
        "== Packages ==",
    ]
    lines += [f"* [[:Category:{p}|{p.lower()}]]" for p in packages]
    lines += ["", "== Distributions and urgencies =="]
    lines += [f"* [[:Category:{c}|{c}]]" for c in others]
    return "\n".join(lines) + "\n"


class MediaWikiApp(RealApp):
    """MediaWiki from Debian on SQLite, served by PHP's built-in server, Debian's uploads as
    articles."""

    id = APP_ID
    kind = "entity-tree"
    description = "MediaWiki (Debian, SQLite) holding Debian's changelogs as categorised articles"

    @property
    def wiki(self) -> Path:
        return self.dir / f"wiki-{self.size}"

    @property
    def settings(self) -> Path:
        return self.wiki / "LocalSettings.php"

    @property
    def database(self) -> Path:
        return self.wiki / "data" / "wiki.sqlite"

    @property
    def stamp(self) -> Path:
        return self.wiki / "imported.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (settings and SQLite data in {self.wiki})",
            f"data: the changelogs of {len(CHANGELOGS)} required Debian packages (/usr/share/doc)",
        )

    def installed(self) -> bool:
        return (MW / "index.php").is_file() and self.stamp.is_file() and self.database.is_file()

    def environment(self) -> dict[str, str]:
        return {"MW_CONFIG_FILE": str(self.settings), "PHP_CLI_SERVER_WORKERS": "2"}

    def _maintenance(self, script: str, *args: str) -> list[str]:
        return ["env", f"MW_CONFIG_FILE={self.settings}", "php", str(MW / "maintenance" / script),
                *args]  # fmt: skip

    def _install(self, progress: Progress) -> None:
        """Packages, then (once per size) MediaWiki's installer, the import, the statistics."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        present = (MW / "index.php").is_file() and shutil.which("php") is not None
        apt_install(self.id, PACKAGES, present, log, progress)
        if self.stamp.is_file():
            return
        if self.wiki.exists():
            shutil.rmtree(self.wiki)
        (self.wiki / "data").mkdir(parents=True)
        installer = [
            "php", str(MW / "maintenance" / "install.php"), "--dbtype", "sqlite",
            "--dbpath", str(self.wiki / "data"), "--dbname", "wiki",
            "--server", "http://127.0.0.1", "--scriptpath", "", "--lang", "en",
            "--pass", "lab-local-password", "--confpath", str(self.wiki), "--skins", "Vector",
            "Debian uploads", "Admin",
        ]  # fmt: skip
        run_step(self.id, "MediaWiki's installer (SQLite)", installer, log, progress)
        with self.settings.open("a", encoding="utf-8") as out:
            out.write(_SETTINGS)
        uploads = read_uploads(CHANGELOGS, CUTOFF, PER_PACKAGE[self.size])
        dump, packages = export_xml(uploads)
        (self.wiki / "import.xml").write_text(dump, encoding="utf-8")
        count = sum(len(u) for u in uploads.values())
        what = f"importing {count} uploads' articles (importDump.php)"
        importer = self._maintenance("importDump.php", str(self.wiki / "import.xml"))
        run_step(self.id, what, importer, log, progress)
        others = sorted(
            {c for us in uploads.values() for u in us for c in categories_of(u)} - set(packages)
        )
        main = self.wiki / "main-page.txt"
        main.write_text(main_page_text(packages, others), encoding="utf-8")
        edit = self._maintenance(
            "edit.php", "--summary", "The packages", "--user", "Admin", MAIN_PAGE
        )
        command = f"{shlex.join(edit)} < {shlex.quote(str(main))}"  # edit.php reads stdin
        run_step(self.id, "writing the Main Page (edit.php)", ["sh", "-c", command], log, progress)
        for script in ("rebuildrecentchanges.php", "initSiteStats.php", "runJobs.php"):
            args = ("--update",) if script == "initSiteStats.php" else ()
            run_step(self.id, script, self._maintenance(script, *args), log, progress)
        titles = [str(r[0]) for r in read_sqlite(self.database, "SELECT page_title FROM page")]
        self.stamp.write_text(json.dumps(sorted(titles), indent=1), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """PHP's built-in server on 127.0.0.1:port over MediaWiki's code."""
        return ["php", "-S", f"127.0.0.1:{port}", "-t", str(MW)]

    def truth(self, base_url: str) -> SiteTruth:
        """The wiki's articles and their categories, from its database."""
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.database,
            "SELECT page_id, page_title FROM page WHERE page_namespace = 0 "
            "AND page_is_redirect = 0 ORDER BY page_id",
        )
        articles = {int(str(i)): str(t) for i, t in rows if str(t) != MAIN_PAGE}
        links = read_sqlite(
            self.database,
            "SELECT cl_from, cl_to FROM categorylinks ORDER BY cl_from, cl_to",
        )
        cats: dict[str, list[str]] = {}
        for page, category in links:
            if int(str(page)) in articles:
                cats.setdefault(articles[int(str(page))], []).append(
                    str(category).replace("_", " ")
                )
        urls = {key: page_url(b, key) for key in articles.values()}
        seed_key = next(
            (k for k in articles.values() if k.startswith(title_key(SEED_PACKAGE) + "_")), None
        )
        if seed_key is None:
            raise ValueError(f"{self.id}: no article of {SEED_PACKAGE!r} in {self.database}")
        packages = sorted(
            {k.rsplit("_", 1)[0] for k in articles.values()}
            & {c for cs in cats.values() for c in cs}
        )
        main = page_url(b, MAIN_PAGE)
        level = tuple(page_url(b, f"Category:{p}") for p in packages)
        attributes = {urls[k]: {"category": tuple(cats.get(k, ()))} for k in articles.values()}
        by_category: dict[str, list[str]] = {}
        for url, attrs in attributes.items():
            for c in attrs["category"]:
                by_category.setdefault(c, []).append(url)
        all_categories = sorted(by_category)
        templates = {main: "main"} | dict.fromkeys(level, "category")
        templates |= {page_url(b, f"Category:{title_key(c)}"): "category" for c in all_categories}
        templates |= dict.fromkeys(urls.values(), "article")
        return type_truth(
            self,
            b,
            "article",
            urls.values(),
            (main, page_url(b, f"Category:{title_key(SEED_PACKAGE)}"), urls[seed_key]),
            levels=((main,), level),
            attributes=attributes,
            queries=tuple(
                FacetQuery((("category", c),), tuple(by_category[c])) for c in all_categories
            ),
            facet_values={"category": tuple(all_categories)},
            templates=templates,
            notes=(
                f"MediaWiki {_version()}, SQLite: {len(urls)} articles (one per upload of "
                f"{len(packages)} Debian packages), {len(all_categories)} categories. Entities: "
                "the main namespace's pages but the Main Page; attribute `category`. Index "
                "levels: the Main Page, then the packages' category pages (each lists its "
                "uploads on one page). Not in templates: special pages, talk pages (absent), "
                "history/info/raw/edit views of each page."
            ),
        )


def _version() -> str:
    """The installed MediaWiki's version (its `MW_VERSION`)."""
    defines = (MW / "includes" / "Defines.php").read_text(encoding="utf-8")
    found = re.search(r"define\( 'MW_VERSION', '([^']+)' \)", defines)
    return found[1] if found else "unknown"
