"""real-hexo: a blog built by Hexo (npm) from Debian's changelogs of ten packages no other blog
of the tier reads, with Hexo's own categories, tags, date archives and paged lists.

Install, under the app's home (`project/`):

1. `node_modules/`: Hexo 8.1, its default theme landscape 1.1 and the generators and renderers
   a Hexo site starts with (index, archive, category and tag generators; EJS, Markdown and
   Stylus renderers), as `npm ci` installs them from the lockfile this repository ships
   (lab/real/apps/hexo.package.json and hexo.package-lock.json, copied in as `package.json` and
   `package-lock.json`). No install scripts run.
2. `themes/landscape/`: the npm theme copied, less what would reach off the machine (its
   stylesheet of icons from a CDN, in head.ejs, and its search form, which submits to Google:
   `THEME_EDITS`); Hexo takes a site's `themes/<name>/` before the npm package.
3. `_config.yml` (`CONFIG`: UTC, pretty permalinks `/:year/:month/:day/:title/`, ten posts a
   page, no feed) and `source/_posts/`: each upload in the installed changelogs of `PACKAGES`
   (lab/real/changelogs.py; the older entry of a version repeated left out) up to bookworm's
   release is a post, the same at every size, written as real-jekyll writes its posts
   (`<yyyy>-<mm>-<dd>-<slug>.md`, YAML front matter: title "<source package> <version>", the
   date in UTC, the source package as its category, its distributions and urgency
   (`urgency-medium`) as its tags; the changes as a code block); `new_post_name` tells Hexo the
   slug is what follows the date.
4. `public/`: built once by Hexo's own command line (`hexo generate`), served as files by
   Python's static server on 127.0.0.1.

URLs (Hexo's generators with their defaults): the home list newest first, every post whole, ten
a page (`/`, `/page/2/`, …, numbered links and "Next"/"Prev"); a post at
`/<yyyy>/<mm>/<dd>/<slug>/` linking its category, its tags and the next and previous posts;
`/categories/<name>/`, `/tags/<name>/`, `/archives/`, `/archives/<yyyy>/` and
`/archives/<yyyy>/<mm>/`, each paged alike (`…/page/N/`); a sidebar on every page listing every
category, every tag (a list and a cloud), every month and the five newest posts.

Truth, from the posts' source files (their file names and front matter, read as real-jekyll
reads its own; never the built site): the entities are the posts; attributes `category` and
`tags` (the facets); the index is one level, the home list's pages (newest first by date, as
Hexo sorts; no two posts share a date); the seed is the newest post.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from siteseer.lab.real.app import APPS_DIR, RealApp, paged_list_truth, static_server
from siteseer.lab.real.changelogs import app_uploads, distinct
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.jekyll import post_file, post_text, read_posts
from siteseer.lab.real.npm import built_from, npm_ci, npm_ci_need
from siteseer.lab.real.pyenv import Progress, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["CONFIG", "PACKAGES", "PAGE_SIZE", "THEME_EDITS", "HexoApp", "home_page"]

APP_ID = "real-hexo"
# Long changelogs of packages installed here that no other blog of the tier reads.
PACKAGES = (
    "make",
    "python3.11",
    "sqlite3",
    "curl",
    "openssl",
    "openssh-client",
    "libicu72",
    "libxml2",
    "libuv1",
    "gnupg",
)
PAGE_SIZE = 10
CONFIG = f"""\
title: Debian uploads
subtitle: Uploads of Debian packages, from their changelogs
author: Debian uploaders
language: en
timezone: UTC
url: http://127.0.0.1
permalink: :year/:month/:day/:title/
new_post_name: :year-:month-:day-:title.md
per_page: {PAGE_SIZE}
pagination_dir: page
theme: landscape
highlight:
  enable: false
prismjs:
  enable: false
theme_config:
  rss: false
"""
# theme file → (text removed, why): each must be found as it is, or the install stops.
THEME_EDITS = {
    "layout/_partial/head.ejs": (
        "  <%- css('https://cdn.jsdelivr.net/npm/fork-awesome@1.2.0/css/fork-awesome.min.css') %>\n",
        "an icon font's stylesheet from a CDN",
    ),
    "layout/_partial/header.ejs": (
        """\
        <a class="nav-icon nav-search-btn" title="<%= __('search') %>"><span class="fa fa-search"></span></a>
      </nav>
      <div id="search-form-wrap">
        <%- search_form({button: '&#xF002;', text: __('search')}) %>
      </div>
""",
        "a search form submitting to google.com",
    ),
}
LOCK_FILES = {"package.json": "hexo.package.json", "package-lock.json": "hexo.package-lock.json"}


def home_page(number: int) -> str:
    """The path of the home list's page `number` (1-based): `/`, `/page/2/`, …"""
    return "/" if number == 1 else f"/page/{number}/"


def _stamp_of() -> dict[str, object]:
    """What a build is made from: the config, the theme's edits and the lockfile's packages."""
    lock = json.loads((APPS_DIR / LOCK_FILES["package.json"]).read_text(encoding="utf-8"))
    edits = {f: text for f, (text, _) in THEME_EDITS.items()}
    return {"config": CONFIG, "edits": edits, "packages": lock["dependencies"]}


class HexoApp(RealApp):
    """A Hexo blog of Debian uploads, built once, served as static files."""

    id = APP_ID
    kind = "entity-tree"
    description = (
        "Hexo (npm) blog of Debian's changelogs: landscape theme, paged home list, category, "
        "tag, year and month archives"
    )

    @property
    def project(self) -> Path:
        return self.dir / "project"

    @property
    def site(self) -> Path:
        return self.project / "public"  # the built site, the same at every size

    @property
    def stamp(self) -> Path:
        return self.dir / "built.json"

    def needs(self) -> tuple[str, ...]:
        return (
            npm_ci_need(LOCK_FILES, self.project),
            f"data: the Debian changelogs of {', '.join(PACKAGES)}, a post per upload",
        )

    def installed(self) -> bool:
        return built_from(self.stamp, _stamp_of())

    def _install(self, progress: Progress) -> None:
        """npm ci, the theme's copy, the posts, then `hexo generate` (once: the stamp)."""
        if self.installed():
            return
        log = self.dir / "logs" / "install.log"
        npm_ci(self.id, self.project, LOCK_FILES, "Hexo and its plugins", log, progress, node=20)
        self._theme()
        count = self._posts()
        (self.project / "_config.yml").write_text(CONFIG, encoding="utf-8")
        hexo = ["node", str(self.project / "node_modules/hexo/bin/hexo"), "generate"]
        build = [*hexo, "--cwd", str(self.project), "--silent"]
        run_step(self.id, f"building the site with hexo ({count} posts)", build, log, progress)
        if not (self.site / "index.html").is_file():
            raise InstallFailed(self.id, f"hexo generate wrote no {self.site / 'index.html'}")
        self.stamp.write_text(json.dumps({"posts": count, "from": _stamp_of()}), encoding="utf-8")

    def _theme(self) -> None:
        """The npm theme copied into `themes/landscape/`, THEME_EDITS applied."""
        theme = self.project / "themes" / "landscape"
        shutil.copytree(self.project / "node_modules" / "hexo-theme-landscape", theme)
        for name, (text, why) in THEME_EDITS.items():
            file = theme / name
            content = file.read_text(encoding="utf-8")
            if text not in content:
                raise InstallFailed(self.id, f"{file}: not as expected (removing {why})")
            file.write_text(content.replace(text, "", 1), encoding="utf-8")

    def _posts(self) -> int:
        """Write a post per upload into `source/_posts/`; return how many."""
        uploads = app_uploads(self.id, PACKAGES, CUTOFF)
        posts = self.project / "source" / "_posts"
        posts.mkdir(parents=True)
        count = 0
        for upload in (u for package in PACKAGES for u in distinct(uploads[package])):
            file = posts / post_file(upload)
            if file.exists():
                raise InstallFailed(self.id, f"two uploads would be the same post {file}")
            file.write_text(post_text(upload), encoding="utf-8")
            count += 1
        return count

    def command(self, port: int) -> list[str]:
        """Python's static file server over the built site on 127.0.0.1:port."""
        return static_server(self.site, port)

    def truth(self, base_url: str) -> SiteTruth:
        """The posts as entities, categories and tags as facets; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        posts = read_posts(self.project / "source" / "_posts")
        if len({p.date for p in posts}) != len(posts):
            raise ValueError(
                f"{self.id}: two posts share a date; Hexo's order between them is its own"
            )
        urls = [b + p.path for p in posts]
        pages = tuple(b + home_page(n + 1) for n in range(-(-len(posts) // PAGE_SIZE)))
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {"category": (p.category,), "tags": p.tags}
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
                f"{len(posts)} posts (Debian uploads), {PAGE_SIZE} a page on the home list "
                f"({len(pages)} pages). Not listed in templates: the category, tag and archive "
                "pages (/categories/<name>/, /tags/<name>/, /archives/, /archives/<yyyy>/, "
                "/archives/<yyyy>/<mm>/, each paged alike)."
            ),
        )
