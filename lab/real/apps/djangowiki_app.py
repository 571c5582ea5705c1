"""The real-djangowiki application: django-wiki holding an article per Debian upload.

This file runs inside the application's own virtual environment (`<lab home>/real-djangowiki/
venv`, made by `lab.real.djangowiki`), never inside siteseer. Two commands:

    python djangowiki_app.py load  --db PATH    # migrate, load the articles of PATH's JSON
    python djangowiki_app.py serve --db PATH --port P   # Django's threaded server on 127.0.0.1:P

`load` reads the articles from the JSON file beside the database (PATH with the suffix
`.json`, written by siteseer): the root article's title and Markdown, then its sections, each
a slug, a title, Markdown and its articles (a slug, a title, Markdown). It makes them with
django-wiki's own models (`URLPath.create_root`, `URLPath.create_urlpath`: an article, its
first revision and its URL path each), root first, then each section and its articles in the
JSON's order. `--limit` is unused.

Everything a visitor sees is django-wiki 0.13's own pages and templates (its Bootstrap theme)
on Django 5.2, with the plug-ins a default install enables (macros, links, help, history);
anonymous visitors may read, nobody may write (`WIKI_ANONYMOUS_WRITE` off, no account exists,
sign-up closed). The wiki is mounted at the site's root, as its documentation mounts it.
"""

from __future__ import annotations

import json
from pathlib import Path

import django
from appmain import run_app, serve_django
from django.conf import settings


def _setup(db: Path) -> None:
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-djangowiki",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        SITE_ID=1,
        INSTALLED_APPS=[
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "django.contrib.sites",
            "django.contrib.messages",
            "django.contrib.humanize",
            "django.contrib.staticfiles",
            "django_nyt",
            "mptt",
            "sekizai",
            "sorl.thumbnail",
            "wiki",
            "wiki.plugins.macros",
            "wiki.plugins.links",
            "wiki.plugins.help",
            "wiki.plugins.globalhistory",
        ],
        MIDDLEWARE=[
            "django.middleware.security.SecurityMiddleware",
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.common.CommonMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
            "django.contrib.messages.middleware.MessageMiddleware",
        ],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "APP_DIRS": True,
                "OPTIONS": {
                    "context_processors": [
                        "django.contrib.auth.context_processors.auth",
                        "django.template.context_processors.debug",
                        "django.template.context_processors.i18n",
                        "django.template.context_processors.request",
                        "django.template.context_processors.tz",
                        "django.contrib.messages.context_processors.messages",
                        "sekizai.context_processors.sekizai",
                    ],
                },
            }
        ],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(db)}},
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
        STATIC_URL="/static/",
        MEDIA_ROOT=str(db.with_suffix(".media")),
        MEDIA_URL="/media/",
        LANGUAGE_CODE="en",
        TIME_ZONE="UTC",
        USE_TZ=True,
        WIKI_ANONYMOUS_WRITE=False,
        WIKI_ACCOUNT_SIGNUP_ALLOWED=False,
        LOGIN_URL="/_accounts/login/",
    )
    django.setup()


def load(db: Path, limit: int) -> None:
    wiki = json.loads(db.with_suffix(".json").read_text(encoding="utf-8"))
    db.unlink(missing_ok=True)
    _setup(db)
    from django.core.management import call_command
    from wiki.models import URLPath

    call_command("migrate", verbosity=0)
    root = URLPath.create_root(title=wiki["title"], content=wiki["content"])
    for section in wiki["sections"]:
        parent = URLPath.create_urlpath(
            root, section["slug"], title=section["title"], content=section["content"]
        )
        for article in section["articles"]:
            URLPath.create_urlpath(
                parent, article["slug"], title=article["title"], content=article["content"]
            )


def serve(db: Path, port: int) -> None:
    _setup(db)
    from django.urls import include, path

    serve_django(
        port,
        [
            path("notify/", include("django_nyt.urls")),
            path("", include("wiki.urls")),
        ],
    )


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
