"""The real-spirit application: a Spirit forum over Debian changelog uploads.

This file runs inside the application's own virtual environment (`.lab-real/real-spirit/venv`,
made by `lab.real.spirit`), never inside siteseer. Two commands:

    python spirit_forum.py load  --db PATH --limit N   # migrate, load the forum's JSON
    python spirit_forum.py serve --db PATH --port P    # Django's threaded server on 127.0.0.1:P

`load` reads the forum to build from the JSON file beside the database (PATH with the suffix
`.json`, written by siteseer from Debian's changelogs): a list of categories, each a title, a
description and its topics, each topic a title, a user, a date and its comments (user, date,
Markdown text), the first comment being the topic's opening post. Users are made from the
names (a username each, no password: nobody can log in). Every comment is rendered by Spirit's
own Markdown, as its comment form does; `--limit` is unused (siteseer writes the JSON per
size).

Everything a visitor sees is Spirit 0.14's own pages and templates, the settings of the
project template its `spirit startproject` writes (less e-mail, the task queue and a search
index: search finds nothing), served to anonymous visitors: nobody can log in, so nothing can
be posted; the one write is Spirit's own, a topic page counting its views. The site's pages: the index `/` (every
category's topics, latest active first), the categories `/category/`, a category's topics
`/category/<pk>/<slug>/`, a topic `/topic/<pk>/<slug>/` (its comments, 20 a page), a user's
profile with their topics and comments, search and the login and sign-up forms.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import django
from appmain import django_users, run_app, serve_django
from django.conf import settings

APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "spirit.core",
    "spirit.admin",
    "spirit.search",
    "spirit.user",
    "spirit.user.admin",
    "spirit.user.auth",
    "spirit.category",
    "spirit.category.admin",
    "spirit.topic",
    "spirit.topic.admin",
    "spirit.topic.favorite",
    "spirit.topic.moderate",
    "spirit.topic.notification",
    "spirit.topic.private",
    "spirit.topic.unread",
    "spirit.comment",
    "spirit.comment.bookmark",
    "spirit.comment.flag",
    "spirit.comment.flag.admin",
    "spirit.comment.history",
    "spirit.comment.like",
    "spirit.comment.poll",
    "djconfig",
    "haystack",
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
    "spirit.user.middleware.TimezoneMiddleware",
    "spirit.user.middleware.LastIPMiddleware",
    "spirit.user.middleware.LastSeenMiddleware",
    "spirit.user.middleware.ActiveUserMiddleware",
    "spirit.core.middleware.PrivateForumMiddleware",
    "djconfig.middleware.DjConfigMiddleware",
]
CONTEXT = [
    "django.contrib.auth.context_processors.auth",
    "django.template.context_processors.debug",
    "django.template.context_processors.i18n",
    "django.template.context_processors.media",
    "django.template.context_processors.static",
    "django.template.context_processors.tz",
    "django.template.context_processors.request",
    "django.contrib.messages.context_processors.messages",
    "djconfig.context_processors.config",
]


def _setup(db: Path, read_only: bool) -> None:
    name = f"file:{db}?mode=ro" if read_only else str(db)
    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-spirit",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        INSTALLED_APPS=APPS,
        MIDDLEWARE=MIDDLEWARE,
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "APP_DIRS": True,
                "OPTIONS": {"context_processors": CONTEXT},
            }
        ],
        DATABASES={
            "default": {
                "ENGINE": "django.db.backends.sqlite3",
                "NAME": name,
                "OPTIONS": {"uri": True} if read_only else {},
            }
        },
        CACHES={
            "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
            "st_rate_limit": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": "spirit_rl_cache",
                "TIMEOUT": None,
            },
        },
        SESSION_ENGINE="django.contrib.sessions.backends.signed_cookies",
        AUTHENTICATION_BACKENDS=[
            "spirit.user.auth.backends.UsernameAuthBackend",
            "spirit.user.auth.backends.EmailAuthBackend",
        ],
        HAYSTACK_CONNECTIONS={
            "default": {"ENGINE": "haystack.backends.simple_backend.SimpleEngine"}
        },
        HAYSTACK_SIGNAL_PROCESSOR="haystack.signals.BaseSignalProcessor",
        LOGIN_URL="spirit:user:auth:login",
        LOGIN_REDIRECT_URL="spirit:user:update",
        LOGOUT_REDIRECT_URL="spirit:index",
        LANGUAGE_CODE="en",
        TIME_ZONE="UTC",
        USE_I18N=True,
        USE_TZ=True,
        STATIC_URL="/static/",
        MEDIA_URL="/media/",
        ST_SITE_URL="http://127.0.0.1/",
        ST_RATELIMIT_ENABLE=False,
        EMAIL_BACKEND="django.core.mail.backends.dummy.EmailBackend",
    )
    django.setup()


def load(db: Path, limit: int) -> None:
    forum = json.loads(db.with_suffix(".json").read_text(encoding="utf-8"))
    db.unlink(missing_ok=True)
    _setup(db, read_only=False)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from spirit.category.models import Category
    from spirit.comment.models import Comment
    from spirit.core.utils.markdown import Markdown
    from spirit.topic.models import Topic

    call_command("migrate", verbosity=0)
    user = django_users()

    for entry in forum:
        category = Category.objects.create(title=entry["title"], description=entry["description"])
        for t in entry["topics"]:
            date = datetime.fromisoformat(t["date"])
            comments = t["comments"]
            last = date + timedelta(seconds=len(comments) - 1)
            topic = Topic.objects.create(
                user=user(t["user"]),
                category=category,
                title=t["title"],
                date=date,
                last_active=last,
                reindex_at=date,
                comment_count=len(comments),
            )
            Comment.objects.bulk_create(
                Comment(
                    user=user(c["user"]),
                    topic=topic,
                    comment=c["text"],
                    comment_html=Markdown().render(c["text"]),
                    date=date + timedelta(seconds=n),
                )
                for n, c in enumerate(comments)
            )
    for u in get_user_model().objects.all():  # the profile's counts, as posting keeps them
        u.st.topic_count = Topic.objects.filter(user=u).count()
        u.st.comment_count = Comment.objects.filter(user=u).count()
        u.st.save()


def serve(db: Path, port: int) -> None:
    _setup(db, read_only=False)  # a topic's page counts its views
    import spirit.urls
    from django.urls import include, path

    serve_django(port, [path("", include(spirit.urls))])


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
