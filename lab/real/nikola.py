"""real-nikola: a blog built by Nikola (PyPI) from Debian's own changelogs, with tags,
categories, a year archive and Nikola's static index pages.

Content: each upload of a pinned list of Debian packages that no other blog of the tier reads
(`PACKAGES`: gmp, bzip2, attr and patch; their installed changelogs, read by
lab/real/changelogs.py) up to bookworm's release is a post, the same at every size: title
"<source package> <version>", date (in UTC) and author from the entry's trailer, the source
package as its category, its distributions and urgency ("urgency medium") as its tags, the
changes as a literal block. Written at install by this module under
`.lab-real/real-nikola/project/` (`posts/<slug>.rst`, reStructuredText with Nikola's comment
metadata, and `conf.py`), built once by Nikola's own command line (`nikola build`,
lab/real/apps/nikola_site.py, in the application's venv) into `site/`, and served as files by
Python's static server on 127.0.0.1.

Nikola's defaults (pretty URLs, static index pages), its "bootstrap4" theme (the default
"bootblog4" fetches a web font from Google), no comments, no feeds, no sitemap or robots.txt
(the site is built once and served at any loopback port, so an absolute sitemap would name the
wrong address; `SITE_URL` is http://127.0.0.1/, which only the pages' canonical links show):
the home list newest first, ten posts a page, with Nikola's static index pages — `/` holds the
newest ten, `/index-1.html` the oldest ten, `/index-2.html` the ten after them, …, the highest
number the rest, so that a post keeps its page as posts are added; "Older posts" from `/` goes
to the highest number and then down to `/index-1.html`. A post at `/posts/<slug>/` links its
tags (`/categories/<tag>/`), its previous and next posts; `/categories/` lists every tag and
category (`/categories/cat_<category>/`), each a page of all its posts (unpaged);
`/archive.html` lists the years, `/<yyyy>/` a year's posts.

Truth, from the content files' metadata (never the built site): the entities are the posts;
attributes `category`, `tags` and `author` (category and tags the facets: one query per term);
the index is one level, the home list's pages in the order its "Older posts" links walk them;
the seed is the newest post, the first on `/`.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import BuiltSiteApp, paged_list_truth
from siteseer.lab.real.changelogs import Upload, app_uploads, post_attributes, slug
from siteseer.lab.real.errors import InstallFailed
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "PAGE_SIZE", "NikolaApp", "Post", "home_pages", "post_text", "read_posts"]

# Installed on any Debian (patch with its build tools), their changelogs long; read by no other
# blog of the tier.
PACKAGES = ("libgmp10", "bzip2", "libattr1", "patch")
PAGE_SIZE = 10  # INDEX_DISPLAY_POST_COUNT
SETTINGS = """\
BLOG_AUTHOR = "Debian uploaders"
BLOG_TITLE = "Debian uploads"
SITE_URL = "http://127.0.0.1/"
BLOG_EMAIL = "lab@localhost"
BLOG_DESCRIPTION = "Uploads of Debian packages, from their changelogs"
DEFAULT_LANG = "en"
TRANSLATIONS = {DEFAULT_LANG: ""}
TIMEZONE = "UTC"
THEME = "bootstrap4"
POSTS = (("posts/*.rst", "posts", "post.tmpl"),)
PAGES = ()
NAVIGATION_LINKS = {
    DEFAULT_LANG: (("/archive.html", "Archives"), ("/categories/index.html", "Tags")),
}
COMMENT_SYSTEM = ""
COMMENT_SYSTEM_ID = ""
GENERATE_RSS = False
GENERATE_ATOM = False
DISABLED_PLUGINS = ["sitemap", "robots"]
"""
_FIELD = re.compile(r"^\.\. (\w+): (.*)$", re.M)


@dataclass(frozen=True)
class Post:
    """A post as its content file says: its URL path, date and terms."""

    path: str  # `/posts/bzip2-1.0.8-5/`
    source: str  # the content file's name, Nikola's last tie-breaker between equal dates
    title: str
    date: datetime
    category: str
    tags: tuple[str, ...]
    author: str


def post_text(upload: Upload) -> str:
    """The reStructuredText file of an upload's post (Nikola's `.. key: value` metadata, a line,
    the changes as a literal block)."""
    date = upload.date.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    tags = [*upload.distributions, f"urgency {upload.urgency}"]
    changes = "\n".join(
        f"    {line}" if line.strip() else "" for line in upload.changes.split("\n")
    )
    return (
        f".. title: {upload.title}\n.. slug: {slug(upload.title)}\n.. date: {date}\n"
        f".. tags: {', '.join(tags)}\n.. category: {upload.package}\n"
        f".. author: {upload.author}\n\n"
        f"Uploaded by {upload.author} to {', '.join(upload.distributions)} "
        f"(urgency {upload.urgency}).\n\n::\n\n{changes or '    (no changes listed)'}\n"
    )


def read_posts(posts: Path) -> list[Post]:
    """Every post under `posts`, from its metadata, in Nikola's order: newest first, equal dates
    by the content file's path."""
    found = []
    for file in sorted(posts.glob("*.rst")):
        fields = dict(_FIELD.findall(file.read_text(encoding="utf-8")))
        date = datetime.strptime(fields["date"], "%Y-%m-%d %H:%M:%S UTC").replace(tzinfo=UTC)
        found.append(
            Post(
                path=f"/posts/{fields['slug']}/",
                source=file.name,
                title=fields["title"],
                date=date,
                category=fields["category"],
                tags=tuple(t.strip() for t in fields["tags"].split(",")),
                author=fields["author"],
            )
        )
    return sorted(found, key=lambda p: p.date, reverse=True)  # stable: by file on a tie


def home_pages(count: int) -> list[tuple[str, range]]:
    """The home list's pages for `count` posts (newest first), in the order "Older posts" walks
    them: each page's path and the positions of the posts it holds. Nikola's static indexes
    (INDEXES_STATIC): `/` the newest PAGE_SIZE, `/index-1.html` the oldest PAGE_SIZE,
    `/index-2.html` the PAGE_SIZE after those, …, the highest number what is left between."""
    first = min(count, PAGE_SIZE)
    pages = [("/", range(0, first))]
    older: list[range] = []  # index-1, index-2, … (oldest first)
    end = count
    while end > first:
        older.append(range(max(first, end - PAGE_SIZE), end))
        end -= PAGE_SIZE
    pages += [(f"/index-{n}.html", older[n - 1]) for n in range(len(older), 0, -1)]
    return pages


class NikolaApp(BuiltSiteApp):
    """A Nikola blog of Debian uploads, built once, served as static files."""

    id = "real-nikola"
    kind = "entity-tree"
    description = (
        "Nikola blog of Debian's changelogs: static index pages, tags, categories, year archives"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("Nikola==8.3.3"),)
    script = "nikola_site.py"
    data_description = f"the changelogs of {len(PACKAGES)} Debian packages, a post per upload"

    def _install(self, progress: Progress) -> None:
        if not (self.project / "conf.py").exists():
            uploads = app_uploads(self.id, PACKAGES, CUTOFF)
            if self.project.exists():
                shutil.rmtree(self.project)
            (self.project / "posts").mkdir(parents=True)
            for upload in (u for package in PACKAGES for u in uploads[package]):
                file = self.project / "posts" / f"{slug(upload.title)}.rst"
                if file.exists():
                    raise InstallFailed(self.id, f"two uploads would be the same post {file}")
                file.write_text(post_text(upload), encoding="utf-8")
            (self.project / "conf.py").write_text(SETTINGS, encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The posts as entities, categories and tags as facets; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        posts = read_posts(self.project / "posts")
        urls = [b + p.path for p in posts]
        pages = [b + path for path, _ in home_pages(len(posts))]
        return paged_list_truth(
            self,
            b,
            ("list", "post"),
            urls,
            pages,
            post_attributes(urls, posts),
            ("category", "tags"),
            notes=(
                f"{len(posts)} posts (Debian uploads), {PAGE_SIZE} a page on the home list "
                f"({len(pages)} pages; Nikola's static indexes: / the newest, /index-1.html the "
                "oldest). Not listed in templates: /categories/ (every tag and category), a page "
                "per tag and per category (unpaged), /archive.html and the year archives "
                "/<yyyy>/, the posts' reStructuredText sources (index.rst)."
            ),
        )
