"""real-dokuwiki: DokuWiki (Debian `dokuwiki`) holding the Python documentation as wiki pages.

Packages (Debian): `dokuwiki`, `php-cli` (PHP's built-in web server serves it), `php-cgi` (so
that the `php` dependency is met without Apache, which would start a server on every address),
and `python3-doc`, whose `html/_sources/**/*.rst.txt` are the reStructuredText sources of the
Python documentation: about 500 real documents in namespaces (library, reference, tutorial,
c-api, howto, whatsnew, …), with links between them — the text a documentation wiki holds.

Nothing system-wide is used beyond the packages' files: the wiki runs from DokuWiki's code in
/usr/share/dokuwiki with the app home's own configuration (`conf/`, a copy of /etc/dokuwiki
with our `local.php`, ACL and users) and data directory (`data/`, DokuWiki's empty skeleton from
/var/lib/dokuwiki/data without its sample pages). A `prepend.php` given to PHP as
`auto_prepend_file` defines DOKU_CONF before DokuWiki's Debian preload runs, so every request
and every command-line tool reads the home's configuration.

Load: each source becomes a page (`lab.real.rst_dokuwiki`): "library/json" → `library:json`, a
directory's index → its namespace's `start` page, the root `contents` → `start`. Pages are saved
through DokuWiki's own `saveWikiText` (lab/real/apps/dokuwiki_import.php: page file, attic,
changelog, metadata), then DokuWiki's `bin/indexer.php` builds the search index. The wiki is
read-only to visitors (ACL `* @ALL 1`, as Debian's default); recent changes keep every edit
(`recent_days`), 20 to a page.

Served at `/doku.php?id=<page>` (DokuWiki's default URLs): pages, the index (`do=index`, a
namespace tree), recent changes (`do=recent`, paged), search (`do=search&q=`), page actions.

Truth, from the data directory's page files (`data/pages/**/*.txt`): the entities are the wiki
pages except the start pages (the root's and each namespace's, the index pages), at
`/doku.php?id=<page>` (in the crawler's canonical form, `id=library%3Ajson`); attribute `namespace`
(top-level namespace; a page at the root has none: the index shows it outside every namespace
and the wiki names no root namespace); one query per namespace; index levels: the root start page, then the namespaces' start
pages; the seed path follows the pages' own links from the root start page.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import quote, unquote

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import RealApp, type_truth
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.real.rst_dokuwiki import convert, modules_defined, page_id
from siteseer.lab.truth import FacetQuery, SiteTruth

__all__ = [
    "DOKU_INC",
    "DokuWikiApp",
    "page_links",
    "page_title",
    "page_url",
    "read_pages",
    "source_pages",
]

APP_ID = "real-dokuwiki"
DOKU_INC = Path("/usr/share/dokuwiki")
ETC = Path("/etc/dokuwiki")
SKELETON = Path("/var/lib/dokuwiki/data")
SOURCES = Path("/usr/share/doc/python3/html/_sources")
PACKAGES = ("dokuwiki", "php-cli", "php-cgi", "python3-doc")
SEED_PAGE = "library:json"
IMPORT_SCRIPT = Path(__file__).parent / "apps" / "dokuwiki_import.php"
_CONF_SKIP = {"acl.auth.php", "users.auth.php", "apache.conf", "lighttpd.conf", "local.php"}
_LOCAL_PHP = """<?php
$conf['title'] = 'Python documentation';
$conf['tagline'] = 'The Python documentation as wiki pages';
$conf['savedir'] = '{data}';
$conf['useacl'] = 1;
$conf['superuser'] = '@admin';
$conf['useheading'] = 1;
$conf['recent'] = 20;
$conf['recent_days'] = 36500;
$conf['license'] = '0';
$conf['updatecheck'] = 0;
$conf['disableactions'] = 'register';
"""
_ACL = "# acl.auth.php\n# <?php exit()?>\n*\t@ALL\t1\n"
_USERS = "# users.auth.php\n# <?php exit()?>\n"
_PREPEND = """<?php
if (!defined('DOKU_CONF')) define('DOKU_CONF', '{conf}/');
if (!defined('DOKU_MAIN_CONF')) define('DOKU_MAIN_CONF', '{conf}/');
"""


def _packages_present() -> bool:
    return (
        (DOKU_INC / "doku.php").is_file()
        and shutil.which("php") is not None
        and SKELETON.is_dir()
        and SOURCES.is_dir()
    )


def _write_if_changed(path: Path, text: str) -> bool:
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def configure(home: Path) -> None:
    """The home's conf/ (a copy of the package's, with our settings) and prepend.php."""
    conf = home / "conf"
    conf.mkdir(parents=True, exist_ok=True)
    for item in ETC.iterdir():
        if item.name not in _CONF_SKIP and item.is_file() and not item.is_symlink():
            shutil.copyfile(item, conf / item.name)
    _write_if_changed(conf / "local.php", _LOCAL_PHP.format(data=home / "data"))
    _write_if_changed(conf / "acl.auth.php", _ACL)
    _write_if_changed(conf / "users.auth.php", _USERS)
    _write_if_changed(home / "prepend.php", _PREPEND.format(conf=conf))


def _php(home: Path, script: Path, *args: str) -> list[str]:
    return ["php", "-d", f"auto_prepend_file={home / 'prepend.php'}", str(script), *args]


def source_pages(sources: Path = SOURCES) -> list[dict[str, str]]:
    """The documentation's sources as pages to import: id, DokuWiki text, edit summary."""
    docs = {
        str(path.relative_to(sources)).removesuffix(".rst.txt"): path.read_text(encoding="utf-8")
        for path in sorted(sources.rglob("*.rst.txt"))
    }
    docs = {doc: text for doc, text in docs.items() if not doc.startswith("includes/")}
    modules: dict[str, str] = {}
    for doc, text in docs.items():
        for module in modules_defined(text):
            modules.setdefault(module, page_id(doc))
    return [
        {"id": page_id(doc), "text": convert(doc, text, modules), "summary": f"Imported {doc}.rst"}
        for doc, text in docs.items()
    ]


def read_pages(home: Path) -> dict[str, str]:
    """Page id → its current wiki text, from the data directory's page files."""
    root = home / "data" / "pages"
    pages: dict[str, str] = {}
    for path in sorted(root.rglob("*.txt")):
        page = ":".join(unquote(part) for part in path.relative_to(root).with_suffix("").parts)
        pages[page] = path.read_text(encoding="utf-8")
    return pages


_HEADING = re.compile(r"^\s*(={2,6})\s*(.+?)\s*\1\s*$", re.M)
_LINK = re.compile(r"\[\[([^\]|#?]+)")


def page_title(text: str) -> str:
    """The page's first heading: its title with `useheading` on."""
    m = _HEADING.search(text)
    return m.group(2) if m else ""


def page_links(text: str) -> list[str]:
    """The wiki pages a page's text links to (absolute ids; external links left out)."""
    out = []
    for m in _LINK.finditer(text):
        target = m.group(1).strip()
        if "://" not in target and not target.startswith("mailto:"):
            out.append(target.lower().lstrip(":"))
    return out


def _namespace(page: str) -> str | None:
    """A page's top-level namespace; None for a page at the root."""
    return page.split(":", 1)[0] if ":" in page else None


def _is_start(page: str) -> bool:
    return page == "start" or page.endswith(":start")


def _seed_path(pages: Mapping[str, str], seed: str) -> list[str]:
    """The shortest chain of links from the root start page to `seed` through start pages and
    pages of the seed's namespace (the namespace's own tables of contents)."""
    parent: dict[str, str | None] = {"start": None}
    ns = _namespace(seed)
    queue = deque(["start"])
    while queue:
        page = queue.popleft()
        if page == seed:
            break
        for target in page_links(pages.get(page, "")):
            inside = _is_start(target) or _namespace(target) == ns
            if target in pages and target not in parent and inside:
                parent[target] = page
                queue.append(target)
    if seed not in parent:
        return ["start", seed]
    path: list[str] = []
    at: str | None = seed
    while at is not None:
        path.append(at)
        at = parent[at]
    return path[::-1]


def page_url(base_url: str, page: str) -> str:
    """A page's URL in the crawler's canonical form (`crawler.urls.canonical_url`, what every
    method reports): DokuWiki links `/doku.php?id=library:json`, the canonical form escapes the
    namespace separator (`id=library%3Ajson`); DokuWiki serves both."""
    return canonical_url(f"{base_url}/doku.php?id={quote(page, safe=':')}")


class DokuWikiApp(RealApp):
    """DokuWiki from Debian, served by PHP's built-in server, with the Python docs as pages."""

    id = APP_ID
    kind = "entity-tree"
    description = "DokuWiki (Debian) holding the Python documentation (python3-doc) as pages"

    @property
    def stamp(self) -> Path:
        return self.dir / "imported.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(PACKAGES)} (conf and data in {self.dir})",
            f"data: the Python documentation's reStructuredText sources ({SOURCES})",
        )

    def installed(self) -> bool:
        return _packages_present() and self.stamp.is_file() and (self.dir / "prepend.php").is_file()

    def _install(self, progress: Progress) -> None:
        """Packages, configuration, data directory and the imported pages; the import runs
        once (its stamp lists the page ids DokuWiki saved)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, PACKAGES, _packages_present(), log, progress)
        configure(self.dir)
        if self.stamp.is_file():
            return
        data = self.dir / "data"
        if data.exists():
            shutil.rmtree(data)
        shutil.copytree(SKELETON, data, symlinks=True)
        shutil.rmtree(data / "pages")  # the package's sample pages (wiki:syntax, playground …)
        (data / "pages").mkdir()
        progress(f"{self.id}: converting the Python documentation's sources to wiki pages …")
        pages_file = self.dir / "pages.json"
        pages_file.write_text(json.dumps(source_pages()), encoding="utf-8")
        out = self.dir / "logs" / "import.out"
        out.unlink(missing_ok=True)
        what = "saving the pages with DokuWiki's saveWikiText"
        run_step(self.id, what, _php(self.dir, IMPORT_SCRIPT, str(pages_file)), out, progress)
        indexer = _php(self.dir, DOKU_INC / "bin" / "indexer.php", "--quiet")
        run_step(self.id, "building the search index (bin/indexer.php)", indexer, log, progress)
        ids = [
            x for x in out.read_text(encoding="utf-8").splitlines() if x and not x.startswith("$ ")
        ]
        self.stamp.write_text(json.dumps(ids), encoding="utf-8")

    def command(self, port: int) -> list[str]:
        """PHP's built-in server on 127.0.0.1:port over DokuWiki's code with the home's conf."""
        prepend = f"auto_prepend_file={self.dir / 'prepend.php'}"
        return ["php", "-d", prepend, "-S", f"127.0.0.1:{port}", "-t", str(DOKU_INC)]

    def environment(self) -> dict[str, str]:
        """Two PHP workers, so a page and its CSS/JS requests are served side by side."""
        return {"PHP_CLI_SERVER_WORKERS": "2"}

    def truth(self, base_url: str) -> SiteTruth:
        """The wiki's pages as entities, namespaces as the facet; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        pages = read_pages(self.dir)
        if SEED_PAGE not in pages:
            raise ValueError(f"{self.id}: no page {SEED_PAGE!r} in {self.dir / 'data' / 'pages'}")
        entities = [p for p in pages if not _is_start(p)]
        urls = {p: page_url(b, p) for p in pages}
        by_ns: dict[str, list[str]] = {}
        for page in entities:
            ns = _namespace(page)
            if ns is not None:
                by_ns.setdefault(ns, []).append(urls[page])
        starts = sorted(p for p in pages if p.endswith(":start"))
        version = (DOKU_INC / "VERSION").read_text(encoding="utf-8").strip()
        notes = (
            f"DokuWiki {version}, {len(pages)} pages imported from the Python documentation's "
            f"sources (Debian python3-doc), {len(by_ns)} namespaces with pages. Entities: every "
            "page but the start pages; attribute `namespace`. Index levels: start, then each "
            "namespace's start page. `templates`: page, or index for start pages; not listed: "
            "do=index/recent/search/revisions/backlink/export views of every page."
        )
        return type_truth(
            self,
            b,
            "page",
            tuple(urls[p] for p in entities),
            tuple(urls[p] for p in _seed_path(pages, SEED_PAGE)),
            levels=((urls["start"],), tuple(urls[p] for p in starts)),
            attributes={
                urls[p]: {"namespace": (ns,)} for p in entities if (ns := _namespace(p)) is not None
            },
            queries=tuple(
                FacetQuery((("namespace", ns),), tuple(members))
                for ns, members in sorted(by_ns.items())
            ),
            facet_values={"namespace": tuple(sorted(by_ns))},
            templates={urls[p]: "index" if _is_start(p) else "page" for p in pages},
            notes=notes,
        )
