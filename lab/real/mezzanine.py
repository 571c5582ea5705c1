"""real-mezzanine: a Mezzanine blog (PyPI `mezzanine`, a Django CMS), a post per Debian upload
of the compression and line-editing libraries, with categories, tags, authors and archives.

The application (lab/real/apps/mezzanine_blog.py, run in its own venv) is Mezzanine 6.1 on
Django 4.2, a project made by Mezzanine's own `mezzanine-project` command with its settings
and default theme (Bootstrap 3), a `local_settings.py` naming the SQLite database, DEBUG off;
served by Django's threaded server to anonymous visitors (no account exists, comments are off;
the admin at `/admin/` asks for a log-in). A rich-text page "Debian uploads" with the blog's
slug puts the blog in the menu, as Mezzanine's documentation advises.

Data: the Debian changelogs of the six libraries of `PACKAGES` (their installed
`/usr/share/doc/<package>/changelog.Debian.gz`, read by lab/real/changelogs.py, the older entry
of a repeated version left out), every upload up to bookworm's release, the same at every size
(122 uploads): a post per upload titled "<source> <version>" (slug of the title), published at
the upload's date (a second after the previous one where two are equal, uploads in date order,
so the newest-first list has one order), by its uploader (a user per name, its user name the
name's slug), in the category of its source package, tagged with the
distributions it went to; its text says who uploaded it where with which urgency, then the
changes as a preformatted block.

Served at Mezzanine's URLs: `/` (its default home page), `/blog/` (the posts, newest first,
5 a page, `?page=N` links in a window of 10 page numbers), `/blog/<slug>/` (a post: its
date, author, categories and tags linked, previous and next posts), `/blog/category/<slug>/`,
`/blog/tag/<slug>/`, `/blog/author/<username>/` (each paged the same way), the month archives
`/blog/archive/<year>/<month>/` and year archives, RSS and Atom feeds of each list, search
`/search/`, `/admin/` (log-in); the blog's sidebar on every blog page (recent posts, the
months, the categories, the tags, the authors).

Truth, from the application's SQLite database (never a crawl): the entities are the published
posts' pages; the index is one level, the blog's list as its pagination links it (`/blog/`,
`?page=2` …), newest first; the seed is its first post. Attributes: each post's category, tags
and author; `facet_values` the values of the three, one query each (its list's pages).
"""

from __future__ import annotations

import html
import json
import math
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, paged_list_truth, read_sqlite
from siteseer.lab.real.changelogs import Upload, app_uploads, distinct, slug
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "PER_PAGE", "MezzanineApp", "blog", "blog_list", "post_of"]

# Installed here (binary packages), none read by another application of the tier.
PACKAGES = ("liblz4-1", "libzstd1", "zlib1g", "libpcre2-8-0", "libreadline8", "libedit2")
PER_PAGE = 5  # Mezzanine's BLOG_POST_PER_PAGE default
LIST = "/blog/"
FACETS = ("category", "tag", "author")


def blog_list(base: str, posts: int) -> tuple[str, ...]:
    """The blog's list as its pagination links it: the first page bare, then `?page=N`."""
    pages = max(1, math.ceil(posts / PER_PAGE))
    url = base + LIST
    return (url, *(canonical_url(f"{url}?page={n}") for n in range(2, pages + 1)))


def post_of(upload: Upload) -> dict[str, object]:
    """The blog post of an upload (as the load reads it; its date set by `blog`)."""
    changes = html.escape(upload.changes or "(no changes listed)")
    return {
        "title": upload.title,
        "slug": slug(upload.title),
        "content": (
            f"<p>Uploaded by {html.escape(upload.author)} to "
            f"{', '.join(upload.distributions)} (urgency {upload.urgency}) on "
            f"{upload.date:%Y-%m-%d %H:%M %z}.</p>\n<pre>{changes}</pre>"
        ),
        "author": {"username": slug(upload.author), "name": upload.author},
        "category": upload.package,
        "tags": list(upload.distributions),
    }


def blog(uploads: list[Upload]) -> dict[str, object]:
    """The blog to load: its page's title and text, its posts oldest first, each published a
    second after the previous one at least (so that no two share a date)."""
    posts = []
    previous = None
    for upload in sorted(uploads, key=lambda u: (u.date, u.title)):
        date = (
            upload.date if previous is None else max(upload.date, previous + timedelta(seconds=1))
        )
        posts.append(post_of(upload) | {"date": date.isoformat()})
        previous = date
    if len({p["slug"] for p in posts}) != len(posts):
        raise ValueError("two uploads would have the same slug")
    return {
        "title": "Debian uploads",
        "content": (
            "<p>A post per upload of the compression and line-editing libraries, from their "
            "Debian changelogs.</p>"
        ),
        "posts": posts,
    }


class MezzanineApp(PythonApp):
    """Mezzanine's blog over Debian changelog uploads."""

    id = "real-mezzanine"
    kind = "entity-tree"
    description = (
        "Mezzanine CMS (PyPI) blog over Debian changelog uploads: paged post lists, categories, "
        "tags, authors, month archives"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("mezzanine==6.1.1"),
        PyPackage("Django==4.2.30"),
    )
    script = "mezzanine_blog.py"
    data_description = f"the Debian changelogs of {', '.join(PACKAGES)}, a post per upload"

    @property
    def data_file(self) -> Path:
        return self.dir / "blog.sqlite"  # the same at every size

    def _install(self, progress: Progress) -> None:
        if not self.data_file.exists():
            uploads = app_uploads(self.id, PACKAGES, CUTOFF)
            self.dir.mkdir(parents=True, exist_ok=True)
            kept = [u for p in PACKAGES for u in distinct(uploads[p])]
            self.data_file.with_suffix(".json").write_text(json.dumps(blog(kept)), encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        posts = read_sqlite(
            self.data_file,
            "SELECT p.id, p.slug, u.first_name, u.username FROM blog_blogpost p "
            "JOIN auth_user u ON u.id = p.user_id WHERE p.status = 2 "
            "ORDER BY p.publish_date DESC",
        )
        urls = {pk: f"{b}/blog/{slug_}/" for pk, slug_, _, _ in posts}
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            urls[pk]: {"author": (str(name),)} for pk, _, name, _ in posts
        }
        pages = {f"{b}/blog/author/{user}/": "author" for _, _, _, user in posts}
        categories = read_sqlite(
            self.data_file,
            "SELECT l.blogpost_id, c.title, c.slug FROM blog_blogpost_categories l "
            "JOIN blog_blogcategory c ON c.id = l.blogcategory_id ORDER BY c.title",
        )
        tags = read_sqlite(
            self.data_file,
            "SELECT a.object_pk, k.title, k.slug FROM generic_assignedkeyword a "
            "JOIN generic_keyword k ON k.id = a.keyword_id "
            "JOIN django_content_type t ON t.id = a.content_type_id "
            "WHERE t.app_label = 'blog' AND t.model = 'blogpost' ORDER BY a._order, k.title",
        )
        for name, rows, folder in (("category", categories, "category"), ("tag", tags, "tag")):
            for pk, title, value_slug in rows:
                if pk in urls:
                    held = attributes[urls[pk]].get(name, ())
                    attributes[urls[pk]][name] = (*held, str(title))
                    pages[f"{b}/blog/{folder}/{value_slug}/"] = name
        level = blog_list(b, len(urls))
        notes = (
            f"Mezzanine's blog list, {len(level)} pages of {len(urls)} posts at {PER_PAGE} a "
            "page, newest first; each category's, tag's and author's list pages the same way. "
            "Not listed in templates: page 1 as ?page=1, the further pages of the category, tag "
            "and author lists, the month and year archives, the feeds, the "
            "home page, search, the admin's log-in."
        )
        truth = paged_list_truth(
            self, b, ("post list", "post"), list(urls.values()), level, attributes, FACETS, notes
        )
        return replace(truth, templates=pages | truth.templates)
