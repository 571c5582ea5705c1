"""real-wordpress: WordPress (Debian `wordpress`) on a private MariaDB, holding Debian's
changelogs of the packages it runs on as posts with categories, tags, authors and date archives.

Packages (Debian): `wordpress` (6.1), `wordpress-theme-twentytwentyone` (its classic theme),
`php-cli` (PHP's built-in web server serves it), `php-mysql`, and `mariadb-server` with
`mariadb-client` (lab/real/mariadb.py: a server of the application's own, its data directory
and socket under `mariadb/`, no TCP port; Debian's service is never used). WordPress's
dependency on a web server is met by `mini-httpd` (see real-mediawiki), never used.

Nothing system-wide is configured: Debian's /usr/share/wordpress/wp-config.php reads its
settings from /etc/wordpress/config-<host>.php, so the site has a document root of its own per
size (`wp-<size>/htdocs/`: a link to each file and folder of /usr/share/wordpress but
wp-config.php, which is the lab's, and wp-content/, whose themes and plugins are links), and
PHP's `auto_prepend_file` (`wp-<size>/prepend.php`) defines ABSPATH as that root, so that
WordPress's code, wherever its files resolve to, loads the lab's wp-config.php: database
`wordpress_<size>` on the private socket, WP_HOME from the request's host (any port), no cron,
no external HTTP, no automatic updates. A must-use plugin (`wp-content/mu-plugins/lab.php`)
leaves out the emoji script and resource hints that name w.org's CDN.

Content: each upload in the installed Debian changelogs (lab/real/changelogs.py) of `PACKAGES`,
those WordPress's install brings (php8.2, mariadb, galera, rsync, wordpress itself, …), up to
bookworm's release, the newest `PER_PACKAGE[size]` of each, is a post inserted by
lab/real/apps/wordpress_load.php after WordPress's own installer: title "<source package>
<version>", date (UTC; an upload at the same second as another one a second later, so that the
lists' order by date is one order), the uploader as author (a WordPress user each), the source
package as category, the distributions and urgency ("urgency medium") as tags, the changes as
preformatted text.

Served by `php -S 127.0.0.1:N -t wp-<size>/htdocs` beside `mariadbd` (one shell line; the
database outlives a serve while another serve of the blog uses it, see `command`):
twentytwentyone's home list newest first, ten a page (`/`, `/page/N/`, numbered links), a post
at `/<yyyy>/<mm>/<dd>/<slug>/`, `/category/<slug>/`, `/tag/<slug>/`, `/author/<login>/`,
`/<yyyy>/`, `/<yyyy>/<mm>/`, `/<yyyy>/<mm>/<dd>/` (each paged alike), the footer's search form,
recent posts, archives (months) and categories, feeds.

Truth, from WordPress's database (`wp_posts`, `wp_terms`, `wp_term_taxonomy`,
`wp_term_relationships`, `wp_users`), never a crawl: the entities are the published posts at
their permalinks; attributes `category`, `tags` and `author` (category and tags the facets);
the index is one level, the home list's pages in WordPress's order (post_date, newest first);
the seed is the newest post.
"""

from __future__ import annotations

import json
import secrets
import shutil
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from html import escape
from pathlib import Path

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import APPS_DIR, RealApp, paged_list_truth
from siteseer.lab.real.changelogs import Upload, app_uploads
from siteseer.lab.real.debian import apt_install
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.mariadb import DEBIAN as MARIADB_PACKAGES
from siteseer.lab.real.mariadb import MariaDB
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "PAGE_SIZE", "Post", "WordPressApp", "post_records", "read_posts"]

APP_ID = "real-wordpress"
WP = Path("/usr/share/wordpress")
THEME = "twentytwentyone"
DEBIAN = ("wordpress", f"wordpress-theme-{THEME}", "php-cli", "php-mysql", "mini-httpd",
          *MARIADB_PACKAGES)  # fmt: skip
# The packages (one binary of each source) WordPress's install brings, longest changelogs first.
PACKAGES = (
    "php8.2-cli",
    "mariadb-server",
    "libaio1",
    "libsigsegv2",
    "php-common",
    "wordpress",
    "rsync",
    "galera-4",
    "libjs-prototype",
    "socat",
)
PER_PACKAGE: dict[Size, int] = {"small": 20, "medium": 0, "large": 0}  # 0: all
PAGE_SIZE = 10  # WordPress's posts_per_page
DB_USER = "wordpress"
DB_PASSWORD = "lab-local-password"
MU_PLUGIN = """<?php
/* The lab's must-use plugin: no script or resource hint naming w.org's CDN. */
remove_action('wp_head', 'print_emoji_detection_script', 7);
remove_action('wp_print_styles', 'print_emoji_styles');
remove_action('wp_head', 'wp_resource_hints', 2);
"""


@dataclass(frozen=True)
class Post:
    """A published post as WordPress's database holds it."""

    path: str  # `/2023/05/11/php8-2-8-2-7-1/`
    title: str
    date: str  # post_date, `2023-05-11 04:04:01`
    category: tuple[str, ...]
    tags: tuple[str, ...]
    author: str


def post_records(uploads: Iterable[Upload]) -> list[dict[str, object]]:
    """The posts wordpress_load.php inserts, one per upload; an upload dated the same second
    as an earlier record is moved a second later (until its date is free)."""
    taken: set[datetime] = set()
    records: list[dict[str, object]] = []
    for upload in uploads:
        date = upload.date.astimezone(UTC)
        while date in taken:
            date += timedelta(seconds=1)
        taken.add(date)
        records.append(
            {
                "title": upload.title,
                "content": (
                    f"<p>Uploaded by {escape(upload.author)} to "
                    f"{escape(', '.join(upload.distributions))} (urgency {upload.urgency}).</p>"
                    f"\n<pre>{escape(upload.changes or '(no changes listed)')}</pre>"
                ),
                "date": date.strftime("%Y-%m-%d %H:%M:%S"),
                "category": upload.package,
                "tags": [*upload.distributions, f"urgency {upload.urgency}"],
                "author": upload.author,
                "email": upload.email,
            }
        )
    return records


POSTS_SQL = (
    "SELECT p.ID, p.post_name, p.post_date, p.post_title, u.display_name FROM wp_posts p "
    "JOIN wp_users u ON u.ID = p.post_author WHERE p.post_type = 'post' "
    "AND p.post_status = 'publish' ORDER BY p.post_date DESC, p.ID DESC"
)
TERMS_SQL = (
    "SELECT r.object_id, x.taxonomy, t.name FROM wp_term_relationships r "
    "JOIN wp_term_taxonomy x ON x.term_taxonomy_id = r.term_taxonomy_id "
    "JOIN wp_terms t ON t.term_id = x.term_id WHERE x.taxonomy IN ('category', 'post_tag') "
    "ORDER BY r.object_id, x.taxonomy, t.name"
)


def read_posts(
    posts: Sequence[Sequence[str | None]], terms: Sequence[Sequence[str | None]]
) -> list[Post]:
    """The published posts from the rows of POSTS_SQL and TERMS_SQL, in their order (the home
    list's: newest first), each at its permalink /%year%/%monthnum%/%day%/%postname%/."""
    by_post: dict[str, dict[str, list[str]]] = {}
    for object_id, taxonomy, name in terms:
        by_post.setdefault(str(object_id), {}).setdefault(str(taxonomy), []).append(str(name))
    out = []
    for post_id, name, date, title, author in posts:
        day = datetime.strptime(str(date), "%Y-%m-%d %H:%M:%S")
        found = by_post.get(str(post_id), {})
        out.append(
            Post(
                path=f"/{day:%Y/%m/%d}/{name}/",
                title=str(title),
                date=str(date),
                category=tuple(found.get("category", ())),
                tags=tuple(found.get("post_tag", ())),
                author=str(author),
            )
        )
    return out


def home_page(number: int) -> str:
    """The path of the home list's page `number` (1-based): `/`, `/page/2/`, …"""
    return "/" if number == 1 else f"/page/{number}/"


def wp_config(database: str, socket: Path, keys: Mapping[str, str]) -> str:
    """The lab's wp-config.php (ABSPATH comes from the prepended file)."""
    lines = ["<?php", "/* The lab's WordPress settings (lab/real/wordpress.py). */"]
    settings = {
        "DB_NAME": database,
        "DB_USER": DB_USER,
        "DB_PASSWORD": DB_PASSWORD,
        "DB_HOST": f"localhost:{socket}",
        "DB_CHARSET": "utf8mb4",
        "DB_COLLATE": "",
        "WP_DEFAULT_THEME": THEME,
        **keys,
    }
    lines += [f"define('{k}', {json.dumps(v)});" for k, v in settings.items()]
    for flag in ("DISABLE_WP_CRON", "WP_HTTP_BLOCK_EXTERNAL", "AUTOMATIC_UPDATER_DISABLED"):
        lines.append(f"define('{flag}', true);")
    lines += [
        "define('WP_HOME', 'http://' . ($_SERVER['HTTP_HOST'] ?? '127.0.0.1'));",
        "define('WP_SITEURL', WP_HOME);",
        "define('WP_CONTENT_DIR', ABSPATH . 'wp-content');",
        "$table_prefix = 'wp_';",
        "require_once ABSPATH . 'wp-settings.php';",
    ]
    return "\n".join(lines) + "\n"


class WordPressApp(RealApp):
    """WordPress from Debian on a private MariaDB, served by PHP's built-in server."""

    id = APP_ID
    kind = "entity-tree"
    description = (
        "WordPress (Debian, MariaDB) blog of Debian's changelogs: paged home list, categories, "
        "tags, authors, date archives"
    )

    @property
    def db(self) -> MariaDB:
        return MariaDB(self.dir / "mariadb")

    @property
    def database(self) -> str:
        return f"wordpress_{self.size}"

    @property
    def site(self) -> Path:
        return self.dir / f"wp-{self.size}"

    @property
    def htdocs(self) -> Path:
        return self.site / "htdocs"

    @property
    def stamp(self) -> Path:
        return self.site / "loaded.json"

    def needs(self) -> tuple[str, ...]:
        return (
            f"Debian {', '.join(DEBIAN)} (site in {self.site}, MariaDB data in {self.db.home})",
            f"data: the changelogs of {len(PACKAGES)} Debian packages WordPress runs on",
        )

    def _present(self) -> bool:
        return (WP / "wp-content" / "themes" / THEME).is_dir() and shutil.which("mariadbd") is not None and shutil.which("php") is not None  # fmt: skip

    def installed(self) -> bool:
        return self._present() and self.stamp.is_file() and self.db.initialized()

    def _document_root(self) -> None:
        """htdocs/: links to WordPress's files, the lab's wp-config.php and wp-content/."""
        if self.site.exists():
            shutil.rmtree(self.site)
        self.htdocs.mkdir(parents=True)
        for entry in WP.iterdir():
            if entry.name not in ("wp-config.php", "wp-content"):
                (self.htdocs / entry.name).symlink_to(entry)
        content = self.htdocs / "wp-content"
        (content / "mu-plugins").mkdir(parents=True)
        (content / "uploads").mkdir()
        for folder in ("themes", "plugins"):
            (content / folder).symlink_to(WP / "wp-content" / folder)
        (content / "mu-plugins" / "lab.php").write_text(MU_PLUGIN, encoding="utf-8")
        names = ("AUTH", "SECURE_AUTH", "LOGGED_IN", "NONCE")
        keys = {f"{n}_{kind}": secrets.token_hex(32) for n in names for kind in ("KEY", "SALT")}
        config = wp_config(self.database, self.db.socket, keys)
        (self.htdocs / "wp-config.php").write_text(config, encoding="utf-8")
        (self.site / "prepend.php").write_text(
            f"<?php\ndefine('ABSPATH', {json.dumps(str(self.htdocs) + '/')});\n", encoding="utf-8"
        )

    def _install(self, progress: Progress) -> None:
        """Packages, MariaDB's data directory, then (once per size) the document root,
        the database, WordPress's installer and the posts."""
        self.dir.mkdir(parents=True, exist_ok=True)
        log = self.dir / "logs" / "install.log"
        apt_install(self.id, DEBIAN, self._present(), log, progress)
        self.db.initialize(self.id, log, progress)
        if self.stamp.is_file():
            return
        uploads = app_uploads(self.id, PACKAGES, CUTOFF, PER_PACKAGE[self.size])
        self._document_root()
        records = post_records(u for package in PACKAGES for u in uploads[package])
        data = self.site / "posts.json"
        data.write_text(json.dumps(records, ensure_ascii=False, indent=1), encoding="utf-8")
        with self.db.running(self.id):
            progress(f"{self.id}: creating database {self.database} and its user")
            self.db.execute(
                f"DROP DATABASE IF EXISTS {self.database}; CREATE DATABASE {self.database} "
                f"CHARACTER SET utf8mb4; CREATE USER IF NOT EXISTS '{DB_USER}'@'localhost' "
                f"IDENTIFIED BY '{DB_PASSWORD}'; GRANT ALL ON {self.database}.* TO "
                f"'{DB_USER}'@'localhost';"
            )
            loader = ["php", "-d", f"auto_prepend_file={self.site / 'prepend.php'}",
                      str(APPS_DIR / "wordpress_load.php"), str(data)]  # fmt: skip
            what = f"WordPress's installer and {len(records)} posts (wordpress_load.php)"
            run_step(self.id, what, loader, log, progress)
            count = len(self.db.query(POSTS_SQL, self.database))
        if count != len(records):
            raise InstallFailed(self.id, f"{count} posts in the database, {len(records)} written")
        self.stamp.write_text(json.dumps({"posts": count}), encoding="utf-8")

    def environment(self) -> dict[str, str]:
        return {"PHP_CLI_SERVER_WORKERS": "2"}

    def command(self, port: int) -> list[str]:
        """PHP's built-in server on 127.0.0.1:port over the document root, once MariaDB answers.

        Serves of the blog at once (two benches, a bench and `lab serve`) share one MariaDB:
        each serve holds a shared lock on `serves.lock` for its life, the first to find no
        server starts one under a keeper of its own session, and the keeper stops it once no
        serve holds the lock: stopping one serve never takes the database from another.
        """
        db = self.db
        ping = f"mariadb-admin --defaults-file={db.config} --connect-timeout=2 ping >/dev/null 2>&1"
        lock = db.home / "serves.lock"
        keeper = (
            f"{' '.join(db.server_command())} & s=$!; exec 7>>{lock}; flock -x 7; kill $s; wait $s"
        )
        php = (
            f"php -d auto_prepend_file={self.site / 'prepend.php'} "
            f"-S 127.0.0.1:{port} -t {self.htdocs}"
        )
        line = (
            f"exec 9>>{lock}; flock -s 9; "
            f"exec 8>>{db.home / 'start.lock'}; flock -x 8; "
            f"{ping} || setsid sh -c '{keeper}' 8>&- 9>&- >/dev/null 2>&1 & "
            f"for i in $(seq 300); do {ping} && break; sleep 0.2; done; "
            f"exec {php} 8>&-"
        )
        return ["sh", "-c", line]

    def truth(self, base_url: str) -> SiteTruth:
        """The published posts, their categories, tags and authors, from WordPress's database."""
        self.require_installed()
        b = base_url.rstrip("/")
        with self.db.running(self.id):
            posts = read_posts(
                self.db.query(POSTS_SQL, self.database), self.db.query(TERMS_SQL, self.database)
            )
        urls = [canonical_url(b + p.path) for p in posts]
        pages = tuple(b + home_page(n + 1) for n in range(-(-len(posts) // PAGE_SIZE)))
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {"category": p.category, "tags": p.tags, "author": (p.author,)}
            for url, p in zip(urls, posts, strict=True)
        }
        return paged_list_truth(
            self,
            b,
            ("list", "post"),
            urls,
            pages,
            attributes,
            ("category", "tags"),
            notes=(
                f"WordPress, MariaDB: {len(posts)} posts (Debian uploads), {PAGE_SIZE} a page on "
                f"the home list ({len(pages)} pages). Not listed in templates: the category, "
                "tag, author and date archives (paged alike), search results, feeds, "
                "/wp-login.php, /wp-json/ and the oEmbed links."
            ),
        )
