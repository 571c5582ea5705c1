"""real-spirit: a Spirit forum (PyPI `django-spirit`) whose topics are Debian uploads.

The application (lab/real/apps/spirit_forum.py, run in its own venv) is Spirit 0.14 on Django
5.2, served by Django's own threaded server with the settings of Spirit's project template,
to anonymous visitors (nobody can log in or post). Its pages: the index `/` (the topics of
every category, latest active first, 20 a page, numbered page links `?page=N` a few either
side), a category's topics `/category/<pk>/<slug>/` (the same list for one category), a topic
`/topic/<pk>/<slug>/` (its posts, 20 a page; each post's author linked to their profile
`/user/<pk>/<slug>/`, share links to other sites), the profiles (a user's topics and posts),
`/topic/active/`, search, log-in and sign-up forms.

Data: the Debian changelogs of dpkg, debianutils, coreutils, gzip and base-files (all
Essential or required: on every Debian system), uploads dated up to bookworm's release, read by
`changelogs.py`. Each package is a category; each upload a topic titled `<package> <version>`,
opened by its uploader, dated at the upload; its posts the entry's changes, split where a
team-maintained entry names who made them (`[ Guillem Jover ]`): the changes before the first
name the uploader's opening post, each named part a post by that person. Small: the newest 40
uploads of each package (200 topics); medium and large: every upload.

Truth, from the application's SQLite database (never a crawl): the entities are every topic's
page (`/topic/<pk>/<slug>/`, Spirit's own slug of the title); the index is one level, the
index page's list as its pagination links it (`/`, `/?page=2` …), latest active first; the
seed is the first topic of the first page. Attributes: each topic's category and its opener's
name; `facet_values` the categories (each category's page lists its topics).
"""

from __future__ import annotations

import math
import re
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.changelogs import Upload, distinct, read_uploads
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["PACKAGES", "PER_PAGE", "SpiritApp", "forum", "index_pages", "posts"]

PACKAGES = ("dpkg", "debianutils", "coreutils", "gzip", "base-files")
PER_PACKAGE: dict[Size, int] = {"small": 40, "medium": 0, "large": 0}
PER_PAGE = 20  # Spirit's default topics_per_page
FACETS = ("category",)
_SECTION = re.compile(r"^\[ (.+) \]$")


def index_pages(base: str, topics: int) -> tuple[str, ...]:
    """The index's list of topics as its pagination links it: `/`, then `/?page=N`."""
    pages = max(1, math.ceil(topics / PER_PAGE))
    return (f"{base}/", *(canonical_url(f"{base}/?page={n}") for n in range(2, pages + 1)))


def posts(upload: Upload) -> list[dict[str, str]]:
    """An upload's posts: the changes before the entry's first `[ Name ]` line by the uploader,
    each named part by that name (parts with no text left out)."""
    parts: list[tuple[str, list[str]]] = [(upload.author, [])]
    for line in upload.changes.split("\n"):
        if named := _SECTION.match(line.strip()):
            parts.append((named[1], []))
        else:
            parts[-1][1].append(line)
    texts = [(user, "\n".join(lines).strip("\n")) for user, lines in parts]
    return [{"user": user, "text": text} for user, text in texts if text.strip()]


def forum(size: Size) -> list[dict[str, object]]:
    """The categories to load, each with its topics oldest first (see the module docstring)."""
    out: list[dict[str, object]] = []
    for package, uploads in read_uploads(PACKAGES, CUTOFF, PER_PACKAGE[size]).items():
        topics = [
            {"title": u.title, "user": u.author, "date": u.date.isoformat(), "comments": p}
            for u in reversed(distinct(uploads))
            if (p := posts(u))
        ]
        description = f"Uploads of the Debian package {package}, one topic each"
        out.append({"title": package, "description": description, "topics": topics})
    return out


class SpiritApp(PythonApp):
    """Spirit's forum pages over Debian changelog uploads."""

    id = "real-spirit"
    kind = "entity-tree"
    description = (
        "Spirit forum (PyPI django-spirit) over Debian changelog uploads: categories of topics, "
        "paged lists, posts by several people"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("django-spirit==0.14.3"),
        PyPackage("Django==5.2.19"),
    )
    script = "spirit_forum.py"
    data_description = f"the Debian changelogs of {', '.join(PACKAGES)} (/usr/share/doc)"

    def load_input(self) -> object:
        return forum(self.size)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.data_file,
            "SELECT t.id, t.slug, c.title, u.first_name || ' ' || u.last_name "
            "FROM spirit_topic_topic t JOIN spirit_category_category c ON c.id = t.category_id "
            "JOIN auth_user u ON u.id = t.user_id "
            "WHERE NOT t.is_removed AND NOT c.is_private AND NOT c.is_removed "
            "ORDER BY t.is_globally_pinned DESC, t.last_active DESC, t.id DESC",
        )
        urls = tuple(f"{b}/topic/{row[0]}/{row[1]}/" for row in rows)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {"category": (str(row[2]),), "author": (str(row[3]).strip(),)}
            for url, row in zip(urls, rows, strict=True)
        }
        categories = read_sqlite(
            self.data_file,
            "SELECT id, slug FROM spirit_category_category WHERE NOT is_private ORDER BY id",
        )
        offered = facet_values(attributes, FACETS)
        level = index_pages(b, len(urls))
        templates = dict.fromkeys(level, "topic-list") | {
            f"{b}/category/{pk}/{slug}/": "category" for pk, slug in categories
        }
        return type_truth(
            self,
            b,
            "topic",
            urls,
            (level[0], urls[0]),
            levels=(level,),
            attributes=attributes,
            queries=facet_queries(attributes, offered),
            facet_values=offered,
            templates=templates | dict.fromkeys(urls, "topic"),
            notes=(
                f"Spirit index, {len(level)} pages of {len(urls)} topics at {PER_PAGE} a page, "
                "latest active first; a category page lists its own the same way. Not listed in "
                "templates: page 1 as ?page=1, a category's further pages, /topic/active/, "
                "/category/ (an empty page), the user profiles and their lists, /comment/<pk>/"
                "find/ (redirects into a topic), topics' further pages of posts, search, "
                "log-in, sign-up and publish forms (log-in required)."
            ),
        )
