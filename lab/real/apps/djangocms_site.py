"""The real-djangocms application: a django CMS site whose pages are Django's documentation.

This file runs inside the application's own virtual environment (`.lab-real/real-djangocms/venv`,
made by `lab.real.djangocms`), never inside siteseer. Two commands:

    python djangocms_site.py load  --db PATH --limit N   # migrate, build the page tree
    python djangocms_site.py serve --db PATH --port P    # Django's threaded server on 127.0.0.1:P

`load` reads the documentation Django ships in its source distribution (`docs/*/**.txt` of the
sdist of the Django this venv runs, fetched by pip, unpacked beside the database; release
notes left out) and builds django CMS pages with its own API (`cms.api.create_page`,
`add_plugin`): the home page `/`, a page per documentation section (`/topics/`, `/ref/` …, the
title of the section's index.txt), and under each section a page per document (its path's
folders and name joined by hyphens as its slug: `/ref/models-fields/`), titled with the
document's title, its first paragraphs in a djangocms-text Text plugin. `--limit N` keeps the
first N documents of each section in path order (0: all).

Everything a visitor sees is django CMS 5.1's own pages and menus rendered in the one page
template of lab/real/apps/djangocms/ (django CMS sites bring their own templates): the site
menu (`show_menu`: the home page and the sections), a breadcrumb, the page's title and content,
and the page's children (`show_sub_menu`: a section lists its documents). Anonymous visitors
only: the toolbar and the admin need a log-in nobody has.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import django
from appmain import run_app, serve_django, unpacked_sdist
from django.conf import settings

APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "cms",
    "menus",
    "treebeard",
    "sekizai",
    "djangocms_text",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "cms.middleware.user.CurrentUserMiddleware",
    "cms.middleware.page.CurrentPageMiddleware",
    "cms.middleware.toolbar.ToolbarMiddleware",
    "cms.middleware.language.LanguageCookieMiddleware",
]
CONTEXT = [
    "django.contrib.auth.context_processors.auth",
    "django.template.context_processors.debug",
    "django.template.context_processors.i18n",
    "django.template.context_processors.request",
    "django.template.context_processors.static",
    "django.contrib.messages.context_processors.messages",
    "cms.context_processors.cms_settings",
    "sekizai.context_processors.sekizai",
]
SECTIONS = ("intro", "topics", "howto", "ref", "faq", "misc", "internals")
TEMPLATE = "page.html"
PARAGRAPHS = 12  # of a document shown on its page
_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+]{3,})\s*$")


def _setup(db: Path) -> None:
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-djangocms",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        INSTALLED_APPS=APPS,
        MIDDLEWARE=MIDDLEWARE,
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "DIRS": [str(Path(__file__).resolve().parent / "djangocms")],
                "APP_DIRS": True,
                "OPTIONS": {"context_processors": CONTEXT},
            }
        ],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(db)}},
        SESSION_ENGINE="django.contrib.sessions.backends.signed_cookies",
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
        SITE_ID=1,
        LANGUAGE_CODE="en",
        LANGUAGES=[("en", "English")],
        TIME_ZONE="UTC",
        USE_I18N=True,
        USE_TZ=True,
        STATIC_URL="/static/",
        MEDIA_URL="/media/",
        MEDIA_ROOT=str(db.parent / "media"),
        CMS_TEMPLATES=[(TEMPLATE, "Documentation page")],
        CMS_CONFIRM_VERSION4=True,
    )
    django.setup()


def title_and_paragraphs(text: str) -> tuple[str, list[str]]:
    """A reStructuredText document's title (its first underlined heading) and its paragraphs
    after it (blocks of text separated by blank lines; directives, indented blocks and headings
    left out)."""
    lines = text.splitlines()
    title, start = "", 0
    for n in range(1, len(lines)):
        if (
            _UNDERLINE.match(lines[n])
            and lines[n - 1].strip()
            and not _UNDERLINE.match(lines[n - 1])
        ):
            title, start = lines[n - 1].strip(), n + 1
            break
    blocks = re.split(r"\n\s*\n", "\n".join(lines[start:]))
    paragraphs = []
    for block in blocks:
        rows = [r for r in block.splitlines() if r.strip()]
        if not rows or rows[0][0].isspace() or rows[0].startswith(("..", ":")):
            continue  # directives and their indented contents
        if any(_UNDERLINE.match(r) for r in rows):
            continue  # headings
        paragraphs.append(" ".join(r.strip() for r in rows))
    return title, paragraphs


def load(db: Path, limit: int) -> None:
    scratch = db.with_suffix(".sdist")
    scratch.mkdir(parents=True, exist_ok=True)
    docs = unpacked_sdist(f"django=={django.get_version()}", scratch) / "docs"
    db.unlink(missing_ok=True)
    _setup(db)
    from cms.api import add_plugin, create_page
    from django.core.management import call_command
    from django.db import transaction

    call_command("migrate", verbosity=0)

    def page(title: str, paragraphs: list[str], **kwargs: Any) -> Any:
        made = create_page(title, TEMPLATE, "en", in_navigation=True, **kwargs)
        content = made.get_content_obj("en")
        content.rescan_placeholders()
        (slot,) = content.get_placeholders().filter(slot="content")
        body = "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs[:PARAGRAPHS])
        add_plugin(slot, "TextPlugin", "en", body=body or "<p></p>")
        return made

    index_title, index_text = title_and_paragraphs((docs / "index.txt").read_text("utf-8"))
    with transaction.atomic():  # django CMS moves the home page under a lock of the tree
        page(index_title or "Django documentation", index_text).set_as_homepage()
    for section in SECTIONS:
        folder = docs / section
        title, text = title_and_paragraphs((folder / "index.txt").read_text("utf-8"))
        parent = page(title or section, text, slug=section)
        files = sorted(
            p for p in folder.rglob("*.txt") if p.name != "index.txt" or p.parent != folder
        )
        for path in files[:limit] if limit else files:
            rel = path.relative_to(folder).with_suffix("")
            title, text = title_and_paragraphs(path.read_text("utf-8"))
            page(title or rel.name, text, slug="-".join(rel.parts), parent=parent)


def serve(db: Path, port: int) -> None:
    _setup(db)
    from django.urls import include, path

    serve_django(port, [path("", include("cms.urls"))])


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
