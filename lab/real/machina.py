"""real-machina: a django-machina forum board (PyPI `django-machina`) whose topics are uploads.

The application (lab/real/apps/machina_forum.py, run in its own venv) is django-machina 1.3, a
phpBB-style board engine (a tree of categories and forums, MPTT), on Django 5.2, served by
Django's own threaded server with machina's own templates, to anonymous visitors granted only
machina's read permissions (nobody can log in or post). Its pages: the board index `/` (a
category and its forums, each with its topic and post counts and its last post), a forum
`/forum/<slug>-<pk>/` (its topics, last post first, 20 a page, `?page=N` numbered links), a
topic `/forum/<slug>-<pk>/topic/<slug>-<pk>/` (its posts, 15 a page; each poster linked to their
profile `/member/profile/<pk>/`), a member's posts, feeds, search and the log-in-only forms.

Data: the Debian changelogs of apt, init-system-helpers, util-linux, tzdata and mawk (all part
of a Debian base system), uploads dated up to bookworm's release, read by
`changelogs.py`. Each package is a forum of the category "Essential packages"; each upload a
topic titled `<package> <version>`, its posts the entry's changes split as real-spirit splits
them (the uploader's opening post, then a post per `[ Name ]` part). Small: the newest 25
uploads of each package (125 topics, two pages a forum); medium and large: every upload.

Truth, from the application's SQLite database (never a crawl): the entities are every topic's
page (machina's own slugs of the forum's name and the topic's subject); the index is two levels,
the board index and the forums' topic lists as their pagination links them (`?page=N`), last
post first; the seed is the first topic of the first forum. Attributes: each topic's forum and
its poster's name; `facet_values` the forums (each forum's page lists its topics).
"""

from __future__ import annotations

import math
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, facet_queries, facet_values, read_sqlite, type_truth
from siteseer.lab.real.changelogs import app_uploads, distinct
from siteseer.lab.real.hugo import CUTOFF
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.real.spirit import posts
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["CATEGORY", "PACKAGES", "PER_PAGE", "MachinaApp", "board", "forum_pages"]

PACKAGES = ("apt", "init-system-helpers", "util-linux", "tzdata", "mawk")
PER_PACKAGE: dict[Size, int] = {"small": 25, "medium": 0, "large": 0}
PER_PAGE = 20  # machina's MACHINA_FORUM_TOPICS_NUMBER_PER_PAGE default
CATEGORY = "Essential packages"
FACETS = ("forum",)


def forum_pages(forum_url: str, topics: int) -> tuple[str, ...]:
    """A forum's list of topics as its pagination links it: the forum, then `?page=N`."""
    pages = max(1, math.ceil(topics / PER_PAGE))
    return (forum_url, *(f"{forum_url}?page={n}" for n in range(2, pages + 1)))


def board(size: Size) -> dict[str, object]:
    """The board to load: a category and its forums, each with its topics oldest first."""
    forums: list[dict[str, object]] = []
    uploads_of = app_uploads(MachinaApp.id, PACKAGES, CUTOFF, PER_PACKAGE[size])
    for package, uploads in uploads_of.items():
        topics = [
            {"title": u.title, "date": u.date.isoformat(), "posts": p}
            for u in reversed(distinct(uploads))
            if (p := posts(u))
        ]
        description = f"Uploads of the Debian package {package}, one topic each"
        forums.append({"title": package, "description": description, "topics": topics})
    description = "The Debian uploads of Essential packages, from their changelogs"
    return {"title": CATEGORY, "description": description, "forums": forums}


class MachinaApp(PythonApp):
    """django-machina's board pages over Debian changelog uploads."""

    id = "real-machina"
    kind = "entity-tree"
    description = (
        "django-machina forum board (PyPI django-machina) over Debian changelog uploads: a "
        "category of forums, paged topic lists, posts by several people"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("django-machina==1.3.1"),
        PyPackage("Django==5.2.19"),
    )
    script = "machina_forum.py"
    data_description = f"the Debian changelogs of {', '.join(PACKAGES)} (/usr/share/doc)"

    def load_input(self) -> object:
        return board(self.size)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        forums = read_sqlite(
            self.data_file,
            "SELECT id, slug FROM forum_forum WHERE type = 0 ORDER BY lft",
        )
        rows = read_sqlite(
            self.data_file,
            "SELECT t.id, t.slug, f.id, f.slug, f.name, u.first_name || ' ' || u.last_name "
            "FROM forum_conversation_topic t JOIN forum_forum f ON f.id = t.forum_id "
            "JOIN auth_user u ON u.id = t.poster_id WHERE t.approved "
            "ORDER BY f.lft, t.type DESC, t.last_post_on DESC",
        )
        urls = tuple(f"{b}/forum/{r[3]}-{r[2]}/topic/{r[1]}-{r[0]}/" for r in rows)
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            url: {"forum": (str(r[4]),), "author": (str(r[5]).strip(),)}
            for url, r in zip(urls, rows, strict=True)
        }
        counts = {pk: sum(1 for r in rows if r[2] == pk) for pk, _ in forums}
        lists = [forum_pages(f"{b}/forum/{slug}-{pk}/", counts[pk]) for pk, slug in forums]
        root = f"{b}/"
        level = tuple(u for pages in lists for u in pages)
        offered = facet_values(attributes, FACETS)
        templates = {root: "board"} | dict.fromkeys(level, "forum") | dict.fromkeys(urls, "topic")
        return type_truth(
            self,
            b,
            "topic",
            urls,
            (root, lists[0][0], urls[0]),
            levels=((root,), level),
            attributes=attributes,
            queries=facet_queries(attributes, offered),
            facet_values=offered,
            templates=templates,
            notes=(
                f"machina board: {len(forums)} forums of {len(urls)} topics, each forum's list "
                f"{PER_PAGE} a page, last post first. Not listed in templates: the category's "
                "own page, the members' profiles and posts, topics' further pages of posts, "
                "feeds, search, and the log-in-only forms (new topic, reply, log-in)."
            ),
        )
