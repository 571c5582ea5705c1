"""The real-puput application: a Puput blog (Wagtail) of Django's own release notes.

This file runs inside the application's own virtual environment (`<lab home>/real-puput/venv`,
made by `lab.real.puput`), never inside siteseer. Two commands:

    python puput_blog.py load  --db PATH --limit N   # migrate, write a post per release
    python puput_blog.py serve --db PATH --port P    # Django's threaded server on 127.0.0.1:P

`load` reads the release notes Django ships in its source distribution (`docs/releases/*.txt`,
fetched from PyPI by pip for the Django version installed here): every note whose heading is
followed by its release date (`*May 7, 2025*`) is a post, newest first; `--limit` keeps the
newest N (0: all). A post is titled as the note ("Django 5.2.1 release notes"), slugged by its
version (`django-5-2-1`), dated the release day (releases of one day a minute apart, older
versions first), in the category of its series ("Django 5.2"), tagged by what the note's
section headings hold ("security" for a CVE, "bugfixes", "features" for a series' first
release), written by the user `django`; its body is the note's text as HTML (headings,
paragraphs, lists and literal blocks; reStructuredText roles reduced to their text).

Everything a visitor sees is Puput 2.2's (Wagtail 6.4's blog application) own pages and
templates on Django 5.2, with Puput's standalone settings (`PUPUT_APPS`, its URLs) and the blog
page its own `puput_initial_data` makes, `/blog/` (Wagtail's default welcome page removed; `/`
redirects to the blog): the list `/blog/` (5 posts a page, `?page=N` links), a post
`/blog/<year>/<month>/<day>/<slug>/` (its date, author, categories and tags linked),
`/blog/category/<slug>/`, `/blog/tag/<slug>/`, `/blog/author/<username>/`, date archives
`/blog/<year>/` and `/blog/<year>/<month>/` (each paged the same way), `/blog/search/?q=…`, the
feed `/blog/feed/`, `/sitemap.xml` (the site's address written at each start); the sidebar on
every page lists the categories, the tags and the archives.
Anonymous visitors only: Wagtail's admin `/blog_admin/` asks for a log-in nobody has.
"""

from __future__ import annotations

import html
import re
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import django
from appmain import run_app, serve_django, unpacked_sdist
from django.conf import settings

DATE = re.compile(r"\*([A-Z][a-z]+ \d{1,2}, \d{4})\*")
UNDERLINE = re.compile(r"([=\-~^\"'`#*+])\1{2,}")
ROLE = re.compile(r":[\w:]+:`([^`<]*?)\s*(?:<[^>]*>)?`")
AUTHOR = "django"
BLOG = "/blog/"  # the blog page, as `puput_initial_data` makes it


def _setup(db: Path, *, loading: bool = False) -> None:
    from puput import PUPUT_APPS

    # While loading, SQLite does not wait for each write to reach the disk.
    options = {"init_command": "PRAGMA synchronous=OFF"} if loading else {}

    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-puput",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        INSTALLED_APPS=[
            "django.contrib.admin",
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "django.contrib.messages",
            "django.contrib.staticfiles",
            "django.contrib.sitemaps",
            *PUPUT_APPS,
        ],
        MIDDLEWARE=[
            "django.middleware.security.SecurityMiddleware",
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.common.CommonMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
            "django.contrib.messages.middleware.MessageMiddleware",
            "wagtail.contrib.redirects.middleware.RedirectMiddleware",
        ],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "APP_DIRS": True,
                "OPTIONS": {
                    "context_processors": [
                        "django.template.context_processors.debug",
                        "django.template.context_processors.request",
                        "django.contrib.auth.context_processors.auth",
                        "django.contrib.messages.context_processors.messages",
                    ],
                },
            }
        ],
        DATABASES={
            "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(db), "OPTIONS": options}
        },
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
        MEDIA_ROOT=str(db.with_suffix(".media")),
        MEDIA_URL="/media/",
        STATIC_URL="/static/",
        LANGUAGE_CODE="en",
        TIME_ZONE="UTC",
        USE_TZ=False,  # a post's date is its release day as written, as its URL shows it
        WAGTAIL_SITE_NAME="Django releases",
        WAGTAILADMIN_BASE_URL="http://127.0.0.1",
        PUPUT_AS_PLUGIN=False,
    )
    django.setup()


def _text(fragment: str) -> str:
    """A run of reStructuredText as HTML text: roles reduced to their text, literals as code."""
    escaped = html.escape(ROLE.sub(r"\1", fragment), quote=False)
    return re.sub(r"``(.+?)``", r"<code>\1</code>", escaped)


def body_html(lines: list[str]) -> str:
    """A release note's text (below its title and date) as simple HTML."""
    out: list[str] = []
    blocks = re.split(r"\n\s*\n", "\n".join(lines).strip())
    literal = False
    for block in blocks:
        rows = block.split("\n")
        if literal and rows[0].startswith((" ", "\t")):
            out.append(f"<pre>{html.escape(block)}</pre>")
            continue
        literal = block.rstrip().endswith("::")
        if len(rows) >= 2 and UNDERLINE.fullmatch(rows[1].strip()) and rows[0].strip():
            level = 2 if rows[1].strip()[0] == "=" else 3
            out.append(f"<h{level}>{_text(rows[0].strip())}</h{level}>")
            rows = rows[2:]
            if not rows:
                continue
        text = " ".join(r.strip() for r in rows).rstrip(":") + (":" if literal else "")
        if rows[0].lstrip().startswith(("* ", "- ")):
            items = re.split(r"\s*(?:^|\s)[*-] ", " " + " ".join(r.strip() for r in rows))
            out.append("<ul>" + "".join(f"<li>{_text(i)}</li>" for i in items if i) + "</ul>")
        elif not text.startswith(".. "):
            out.append(f"<p>{_text(text)}</p>")
    return "\n".join(out)


def releases(folder: Path) -> list[dict[str, object]]:
    """Every dated release note of `folder` (Django's docs/releases/), newest first."""
    notes = []
    for file in folder.glob("*.txt"):
        lines = file.read_text(encoding="utf-8").split("\n")
        dated = ((i, DATE.fullmatch(line.strip())) for i, line in enumerate(lines[:12]))
        found, written = next(((i, m[1]) for i, m in dated if m), (0, ""))
        if not written:
            continue
        day = datetime.strptime(written, "%B %d, %Y").date()
        version = file.stem
        headings = [lines[i - 1] for i in range(1, len(lines)) if UNDERLINE.fullmatch(lines[i])]
        tags = ["security"] if any(h.startswith("CVE-") for h in headings) else []
        tags += ["bugfixes"] if "Bugfixes" in headings else []
        tags += ["features"] if version.count(".") == 1 else []
        notes.append(
            {
                "version": version,
                "title": lines[1].strip(),
                "day": day,
                "series": "Django " + ".".join(version.split(".")[:2]),
                "tags": tags,
                "body": body_html(lines[found + 1 :]),
            }
        )
    notes.sort(key=lambda n: (n["day"], [int(p) for p in str(n["version"]).split(".")]))
    return notes[::-1]


def _moments(notes: list[dict[str, object]]) -> list[datetime]:
    """Each post's date: its release day, releases of one day a minute apart (older versions
    first, so newest-first lists show a day's newest version first)."""
    seen: dict[date, int] = {}
    moments = []
    for note in reversed(notes):  # oldest first
        day = note["day"]
        assert isinstance(day, date)
        seen[day] = seen.get(day, -1) + 1
        moments.append(datetime(day.year, day.month, day.day, 12) + timedelta(minutes=seen[day]))
    return moments[::-1]


def load(db: Path, limit: int) -> None:
    scratch = db.with_suffix(".sdist")
    scratch.mkdir(parents=True, exist_ok=True)
    top = unpacked_sdist(f"django=={django.get_version()}", scratch)
    notes = releases(top / "docs" / "releases")
    notes = notes[:limit] if limit else notes
    db.unlink(missing_ok=True)
    _setup(db, loading=True)
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import transaction
    from puput.models import BlogPage
    from wagtail.models import Page

    call_command("migrate", verbosity=0)
    with transaction.atomic():  # one commit: a page's save is many statements
        call_command("puput_initial_data")  # the blog page `/blog/` below the site's root
        author = User.objects.create(username=AUTHOR, first_name="Django", last_name="releases")
        for welcome in Page.objects.filter(depth=2).exclude(slug="blog"):
            welcome.delete()  # Wagtail's default welcome page
        blog = BlogPage.objects.get(slug="blog")
        blog.title, blog.owner = "Django releases", author
        blog.save_revision().publish()
        _write(blog, notes, author)


def _write(blog: Any, notes: list[dict[str, object]], author: Any) -> None:
    from puput.models import Category, CategoryEntryPage, EntryPage

    categories: dict[str, Category] = {}
    for note, moment in zip(notes, _moments(notes), strict=True):
        series = str(note["series"])
        if series not in categories:
            categories[series] = Category.objects.create(name=series)
        entry = EntryPage(
            title=str(note["title"]),
            slug="django-" + str(note["version"]).replace(".", "-"),
            body=str(note["body"]),
            date=moment,
            owner=author,
        )
        entry.entry_categories = [CategoryEntryPage(category=categories[series])]
        blog.add_child(instance=entry)
        entry.tags.add(*note["tags"])  # type: ignore[misc]
        entry.save_revision().publish()


def serve(db: Path, port: int) -> None:
    _setup(db)
    from django.urls import include, path
    from django.views.generic import RedirectView
    from wagtail.models import Site

    # The site's address, as Wagtail writes it into the sitemap's and the feed's links.
    Site.objects.filter(is_default_site=True).update(hostname="127.0.0.1", port=port)
    serve_django(
        port,
        [
            path("", RedirectView.as_view(url=BLOG)),
            path("", include("puput.urls")),
        ],
    )


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
