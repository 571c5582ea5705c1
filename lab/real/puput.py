"""real-puput: Puput (PyPI), Wagtail's blog application, over Django's own release notes.

The application (lab/real/apps/puput_blog.py, run in its own venv) is Puput 2.2 on Wagtail 6.4
and Django 5.2, Django's threaded server, Puput's standalone settings and templates, the blog
page its `puput_initial_data` command makes (`/blog/`; `/` redirects there), anonymous visitors
only: the list `/blog/` (newest first, 5 posts a page, `?page=N` links), a post
`/blog/<year>/<month>/<day>/<slug>/`, category, tag and author pages
(`/blog/category/<slug>/`, `/blog/tag/<slug>/`, `/blog/author/<username>/`) and date archives
(`/blog/<year>/`, `/blog/<year>/<month>/`), each paged the same way, a sidebar of categories,
tags and archives on every page, search, a feed and `/sitemap.xml`.

Data: the release notes Django ships in its source distribution (`docs/releases/*.txt`, fetched
from PyPI by pip for the Django installed in the venv), each dated note a post: 364 releases
(2011–2026), in the category of its series ("Django 5.2"), tagged "security" (a CVE section),
"bugfixes" (a Bugfixes section) and "features" (a series' first release), by the user
`django`; the same at every size.

Truth, from the application's SQLite database (never a crawl): the entities are every live
post's page, newest first (Puput's order: the post's date); the index is one level, the blog
list's pages (`/blog/`, then `/blog/?page=N`); the seed is the newest post. Attributes: each
post's category, tags and author; `facet_values` the categories and tags, one query each.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, paged_list_truth, read_sqlite
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["BLOG", "PER_PAGE", "PuputApp", "list_pages", "post_url"]

BLOG = "/blog/"
PER_PAGE = 5  # Puput's default `num_entries_page`
FACETS = ("category", "tag")


def post_url(base: str, date: str, slug: str) -> str:
    """A post's address: the blog's path, the post's date (`YYYY-MM-DD…`) and its slug."""
    year, month, day = date[:10].split("-")
    return f"{base}{BLOG}{year}/{month}/{day}/{slug}/"


def list_pages(base: str, posts: int) -> tuple[str, ...]:
    """The blog list's pages: `/blog/`, then `?page=N` as django-el-pagination links them."""
    pages = max(1, math.ceil(posts / PER_PAGE))
    return (f"{base}{BLOG}", *(f"{base}{BLOG}?page={n}" for n in range(2, pages + 1)))


class PuputApp(PythonApp):
    """Puput's blog (Wagtail) of Django's release notes: categories, tags, authors, archives."""

    id = "real-puput"
    kind = "entity-tree"
    description = (
        "Puput blog (PyPI; Wagtail CMS) of Django's release notes: categories, tags, archives"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("puput==2.2.0"),
        PyPackage("wagtail==6.4.2"),
        PyPackage("Django==5.2.19"),  # its sdist's release notes are the data
    )
    script = "puput_blog.py"
    data_description = "Django's release notes (docs/releases/ of its sdist, fetched by pip)"

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file
        posts = read_sqlite(
            db,
            "SELECT p.id, p.slug, e.date, u.username FROM wagtailcore_page p "
            "JOIN puput_entrypage e ON e.page_ptr_id = p.id "
            "LEFT JOIN auth_user u ON u.id = p.owner_id "
            "WHERE p.live = 1 ORDER BY e.date DESC, p.id DESC",
        )
        held: dict[object, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for page, name in read_sqlite(
            db,
            "SELECT x.page_id, c.name FROM puput_categoryentrypage x "
            "JOIN puput_category c ON c.id = x.category_id ORDER BY c.name",
        ):
            held[page]["category"].append(str(name))
        for page, name in read_sqlite(
            db,
            "SELECT x.content_object_id, t.name FROM puput_tagentrypage x "
            "JOIN taggit_tag t ON t.id = x.tag_id ORDER BY t.name",
        ):
            held[page]["tag"].append(str(name))
        urls = [post_url(b, str(date), str(slug)) for _, slug, date, _ in posts]
        attributes: dict[str, dict[str, tuple[str, ...]]] = {}
        for url, (page, _, _, author) in zip(urls, posts, strict=True):
            attributes[url] = {name: tuple(values) for name, values in held[page].items()}
            if author:
                attributes[url]["author"] = (str(author),)
        pages = list_pages(b, len(urls))
        truth = paged_list_truth(
            self,
            b,
            ("list", "post"),
            urls,
            pages,
            attributes,
            FACETS,
            notes=(
                f"{len(urls)} posts on {len(pages)} list pages of {PER_PAGE} (the blog, newest "
                "first). Not listed in templates: category, tag, author and date archive pages "
                "(each paged alike), search, the feeds and /sitemap.xml."
            ),
        )
        truth.templates[b + "/"] = "redirect"
        return truth
