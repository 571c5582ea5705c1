"""real-pelican: a blog built by Pelican (PyPI) from Debian's own changelogs, with categories,
tags, authors and date archives.

Content: each upload of a pinned list of Debian's required packages that real-hugo does not
read (`PACKAGES`: glibc, util-linux, perl, tzdata, …; their installed changelogs, read by
lab/real/changelogs.py) up to bookworm's release is a post, the same at every size: title
"<source package> <version>", date (in UTC) and author from the entry's trailer, the source
package as its category, its distributions and urgency ("urgency medium") as its tags, the
changes as a literal block. Written at install by this module under
`.lab-real/real-pelican/project/` (`content/<yyyy>/<slug>.rst`, reStructuredText with field-list
metadata, and `pelicanconf.py`), built once by Pelican's own command line
(lab/real/apps/pelican_site.py, in the application's venv) into `site/`, and served as files by
Python's static server on 127.0.0.1.

Pelican's default theme ("notmyidea") and URLs, but for the posts' (under their date) and the
date archives Pelican writes when asked to (`/posts/<yyyy>/`, `/posts/<yyyy>/<mm>/`, linked
from nowhere): the home list newest first, ten a page (`/index.html`, `/index2.html`, …), a
menu of categories, `/categories.html`, `/tags.html`, `/authors.html`, a page per category, tag
and author (paged alike: `/category/<slug>2.html`), `/archives.html` (every post on one page,
linked from no page of this theme), a post at `/posts/<yyyy>/<mm>/<slug>.html`.

Truth, from the content files' metadata (never the built site): the entities are the posts;
attributes `category`, `tags` and `author` (category and tags the facets: one query per term);
the index is one level, the home list's pages in Pelican's order (date, newest first), its first
`/` as every page's header links it (its pager writes `/index.html`); the seed is the newest
post, the first on the home list's first page.
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

__all__ = ["PACKAGES", "PAGE_SIZE", "PelicanApp", "Post", "post_text", "read_posts"]

# Required packages (one binary each of its source) with the longest changelogs after those
# real-hugo reads; all installed on any Debian.
PACKAGES = (
    "libc-bin",
    "init-system-helpers",
    "util-linux",
    "tzdata",
    "perl-base",
    "e2fsprogs",
    "dash",
    "libpam-runtime",
    "login",
    "debconf",
    "sensible-utils",
)
PAGE_SIZE = 10  # DEFAULT_PAGINATION
SETTINGS = f"""\
SITENAME = "Debian uploads"
SITEURL = ""
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
DEFAULT_PAGINATION = {PAGE_SIZE}
ARTICLE_URL = "posts/{{date:%Y}}/{{date:%m}}/{{slug}}.html"
ARTICLE_SAVE_AS = ARTICLE_URL
YEAR_ARCHIVE_URL = "posts/{{date:%Y}}/"
YEAR_ARCHIVE_SAVE_AS = "posts/{{date:%Y}}/index.html"
MONTH_ARCHIVE_URL = "posts/{{date:%Y}}/{{date:%m}}/"
MONTH_ARCHIVE_SAVE_AS = "posts/{{date:%Y}}/{{date:%m}}/index.html"
# no feeds, as Pelican's quickstart writes a site's settings
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
"""
_FIELD = re.compile(r"^:(\w+): (.*)$", re.M)


@dataclass(frozen=True)
class Post:
    """A post as its content file says: its URL path, date and terms."""

    path: str  # `/posts/2023/05/dpkg-1.21.22.html`
    title: str
    date: datetime
    category: str
    tags: tuple[str, ...]
    author: str


def post_text(upload: Upload) -> str:
    """The reStructuredText file of an upload's post (title, field-list metadata, the changes
    as a literal block)."""
    date = upload.date.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    tags = [*upload.distributions, f"urgency {upload.urgency}"]
    changes = "\n".join(
        f"    {line}" if line.strip() else "" for line in upload.changes.split("\n")
    )
    return (
        f"{upload.title}\n{'#' * len(upload.title)}\n\n"
        f":date: {date}\n:slug: {slug(upload.title)}\n:category: {upload.package}\n"
        f":tags: {', '.join(tags)}\n:authors: {upload.author}\n\n"
        f"Uploaded by {upload.author} to {', '.join(upload.distributions)} "
        f"(urgency {upload.urgency}).\n\n::\n\n{changes or '    (no changes listed)'}\n"
    )


def read_posts(content: Path) -> list[Post]:
    """Every post under `content`, from its metadata, in the home list's order: newest first."""
    posts = []
    for file in sorted(content.glob("*/*.rst")):
        text = file.read_text(encoding="utf-8")
        fields = dict(_FIELD.findall(text))
        date = datetime.strptime(fields["date"], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
        posts.append(
            Post(
                path=f"/posts/{date:%Y}/{date:%m}/{fields['slug']}.html",
                title=text.split("\n", 1)[0],
                date=date,
                category=fields["category"],
                tags=tuple(t.strip() for t in fields["tags"].split(",")),
                author=fields["authors"],
            )
        )
    return sorted(posts, key=lambda p: p.date, reverse=True)


def home_page(number: int) -> str:
    """The path of the home list's page `number` (1-based): `/`, `/index2.html`, …"""
    return "/" if number == 1 else f"/index{number}.html"


class PelicanApp(BuiltSiteApp):
    """A Pelican blog of Debian uploads, built once, served as static files."""

    id = "real-pelican"
    kind = "entity-tree"
    description = (
        "Pelican blog of Debian's changelogs: paged home list, categories, tags, authors, archives"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("pelican==4.12.0"),)
    script = "pelican_site.py"
    data_description = f"the changelogs of {len(PACKAGES)} required Debian packages, a post each"

    def _install(self, progress: Progress) -> None:
        if not (self.project / "pelicanconf.py").exists():
            uploads = app_uploads(self.id, PACKAGES, CUTOFF)
            if self.project.exists():
                shutil.rmtree(self.project)
            for upload in (u for package in PACKAGES for u in uploads[package]):
                file = (
                    self.project / "content" / f"{upload.date.year}" / f"{slug(upload.title)}.rst"
                )
                if file.exists():
                    raise InstallFailed(self.id, f"two uploads would be the same post {file}")
                file.parent.mkdir(parents=True, exist_ok=True)
                file.write_text(post_text(upload), encoding="utf-8")
            (self.project / "pelicanconf.py").write_text(SETTINGS, encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        """The posts as entities, categories and tags as facets; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        posts = read_posts(self.project / "content")
        urls = [b + p.path for p in posts]
        pages = tuple(b + home_page(n + 1) for n in range(-(-len(posts) // PAGE_SIZE)))
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
                f"({len(pages)} pages). Not listed in templates: /archives.html (every post on "
                "one page), /categories.html, /tags.html, /authors.html and the paged pages of "
                "each category, tag and author, the date archives /posts/<yyyy>/ and "
                "/posts/<yyyy>/<mm>/ (linked from nowhere), / (the same as /index.html)."
            ),
        )
