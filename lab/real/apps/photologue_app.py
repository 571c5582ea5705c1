"""The real-photologue application: a django-photologue photo site over desktop backgrounds.

This file runs inside the application's own virtual environment (`<lab home>/real-photologue/
venv`, made by `lab.real.photologue`), never inside siteseer. Two commands:

    python photologue_app.py load  --db PATH    # migrate, load the photos of PATH's JSON
    python photologue_app.py serve --db PATH --port P   # Django's threaded server on 127.0.0.1:P

`load` reads the photos to add from the JSON file beside the database (PATH with the suffix
`.json`, written by siteseer): a list of galleries, each a title, a slug and its photos (a
file, a title, a slug, the date it was added), and adds them with Photologue's own models: a
photo's image is stored under the media folder beside the database (PATH with the suffix
`.media`) and its sizes are made as Photologue makes them when a photo is saved (its default
sizes `thumbnail`, `display` and `admin_thumbnail`, all cached ahead). `--limit` is unused.

Everything a visitor sees is Photologue 3.20's own pages and templates on Django 5.2, with
Photologue's default settings, below `/photologue/` as its documentation mounts it; the one
template a Photologue site writes itself, `base.html` (the page its templates extend), is here
the plainest: a title, links to the photo and gallery lists, the content. Served to anonymous
visitors (no admin site, nothing can be posted); the one write is Photologue's own, a photo's
page counting its views. `/` redirects to `/photologue/`.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import django
from appmain import run_app, serve_django
from django.conf import settings

BASE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{% block title %}{% endblock %} | Desktop backgrounds</title>
</head>
<body>
<header><a href="/photologue/">Desktop backgrounds</a>
<nav><a href="/photologue/gallerylist/">Galleries</a> <a href="/photologue/photolist/">Photos</a>
</nav></header>
<main>{% block content %}{% endblock %}</main>
</body>
</html>
"""


def _setup(db: Path) -> None:
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-photologue",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        SITE_ID=1,
        INSTALLED_APPS=[
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "django.contrib.sites",
            "django.contrib.staticfiles",
            "sortedm2m",
            "photologue",
        ],
        MIDDLEWARE=[
            "django.middleware.security.SecurityMiddleware",
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.common.CommonMiddleware",
            "django.middleware.csrf.CsrfViewMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
        ],
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "OPTIONS": {
                    "context_processors": [
                        "django.template.context_processors.request",
                        "django.template.context_processors.media",
                        "django.contrib.auth.context_processors.auth",
                    ],
                    "loaders": [
                        ("django.template.loaders.locmem.Loader", {"base.html": BASE}),
                        "django.template.loaders.app_directories.Loader",
                    ],
                },
            }
        ],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(db)}},
        MEDIA_ROOT=str(db.with_suffix(".media")),
        MEDIA_URL="/media/",
        STATIC_URL="/static/",
        LANGUAGE_CODE="en",
        TIME_ZONE="UTC",
        USE_TZ=True,
    )
    django.setup()


def load(db: Path, limit: int) -> None:
    galleries = json.loads(db.with_suffix(".json").read_text(encoding="utf-8"))
    db.unlink(missing_ok=True)
    _setup(db)
    from django.core.files import File
    from django.core.management import call_command
    from photologue.models import Gallery, Photo

    call_command("migrate", verbosity=0)
    for g in galleries:
        photos = []
        for p in g["photos"]:
            photo = Photo(title=p["title"], slug=p["slug"])
            photo.date_added = datetime.fromisoformat(p["date"])
            with open(p["file"], "rb") as f:
                photo.image.save(Path(p["file"]).name, File(f), save=False)
            photo.save()  # caches its sizes; the current site is added by Photologue
            photos.append(photo)
        newest = max(photo.date_added for photo in photos)
        gallery = Gallery.objects.create(title=g["title"], slug=g["slug"], date_added=newest)
        gallery.photos.set(photos)


def serve(db: Path, port: int) -> None:
    _setup(db)
    from django.urls import include, path, re_path
    from django.views.generic import RedirectView
    from django.views.static import serve as media

    serve_django(
        port,
        [
            path("", RedirectView.as_view(url="/photologue/")),
            path("photologue/", include("photologue.urls", namespace="photologue")),
            re_path(r"^media/(?P<path>.*)$", media, {"document_root": settings.MEDIA_ROOT}),
        ],
    )


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
