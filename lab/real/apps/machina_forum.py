"""The real-machina application: a django-machina forum board over Debian changelog uploads.

This file runs inside the application's own virtual environment (`.lab-real/real-machina/venv`,
made by `lab.real.machina`), never inside siteseer. Two commands:

    python machina_forum.py load  --db PATH --limit N   # migrate, load the board's JSON
    python machina_forum.py serve --db PATH --port P    # Django's threaded server on 127.0.0.1:P

`load` reads the board to build from the JSON file beside the database (PATH with the suffix
`.json`, written by siteseer from Debian's changelogs): a category with its forums, each forum a
name, a description and its topics, each topic a subject, a date and its posts (user, Markdown
text), the first post opening the topic. Users are made from the names (a username each, no
password: nobody can log in). Posts are rendered by machina's own Markdown field; their dates
are the upload's, one second apart, and each topic's and forum's trackers (post counts, last
post) are computed by machina's own `update_trackers`, a member's post count by its own
receiver. Anonymous visitors are granted machina's
read permissions (see and read every forum) and nothing else; `--limit` is unused (siteseer
writes the JSON per size).

Everything a visitor sees is django-machina 1.3's own pages and templates (its board templates
over `_base.html`, as its example project serves them): the board index `/` (the category and
its forums with their counts and last posts), a forum `/forum/<slug>-<pk>/` (its topics, last
post first, 20 a page, `?page=N`), a topic `/forum/<slug>-<pk>/topic/<slug>-<pk>/` (its posts,
15 a page), a member's profile and posts `/member/…`, feeds, search and the login-required
forms (new topic, reply).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import django
from appmain import django_users, run_app, serve_django
from django.conf import settings

APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "mptt",
    "haystack",
    "widget_tweaks",
    "machina",
    "machina.apps.forum",
    "machina.apps.forum_conversation",
    "machina.apps.forum_conversation.forum_attachments",
    "machina.apps.forum_conversation.forum_polls",
    "machina.apps.forum_feeds",
    "machina.apps.forum_moderation",
    "machina.apps.forum_search",
    "machina.apps.forum_tracking",
    "machina.apps.forum_member",
    "machina.apps.forum_permission",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "machina.apps.forum_permission.middleware.ForumPermissionMiddleware",
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
    "machina.core.context_processors.metadata",
]
READ = ("can_see_forum", "can_read_forum")  # what an anonymous visitor may do


def _setup(db: Path) -> None:
    from machina import MACHINA_MAIN_STATIC_DIR, MACHINA_MAIN_TEMPLATE_DIR

    settings.configure(
        DEBUG=False,
        ALLOWED_HOSTS=["*"],  # the server listens on 127.0.0.1 only
        SECRET_KEY="siteseer-lab-real-machina",  # a loopback lab: signs nothing of worth
        ROOT_URLCONF=__name__,  # urlpatterns are set by serve
        INSTALLED_APPS=APPS,
        MIDDLEWARE=MIDDLEWARE,
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "DIRS": [MACHINA_MAIN_TEMPLATE_DIR],
                "APP_DIRS": True,
                "OPTIONS": {"context_processors": CONTEXT},
            }
        ],
        STATICFILES_DIRS=[MACHINA_MAIN_STATIC_DIR],
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(db)}},
        CACHES={
            "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
            "machina_attachments": {
                "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                "LOCATION": str(db.parent / "attachments-cache"),
            },
        },
        SESSION_ENGINE="django.contrib.sessions.backends.signed_cookies",
        HAYSTACK_CONNECTIONS={
            "default": {"ENGINE": "haystack.backends.simple_backend.SimpleEngine"}
        },
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
        LANGUAGE_CODE="en",
        TIME_ZONE="UTC",
        USE_I18N=True,
        USE_TZ=True,
        STATIC_URL="/static/",
        MEDIA_URL="/media/",
        MEDIA_ROOT=str(db.parent / "media"),
        MACHINA_FORUM_NAME="Essential uploads",
        MACHINA_USER_DISPLAY_NAME_METHOD="get_full_name",  # posters by name, not username
    )
    django.setup()


def load(db: Path, limit: int) -> None:
    board = json.loads(db.with_suffix(".json").read_text(encoding="utf-8"))
    db.unlink(missing_ok=True)
    _setup(db)
    from django.core.management import call_command
    from machina.apps.forum.models import Forum
    from machina.apps.forum_conversation.models import Post, Topic
    from machina.apps.forum_permission.models import ForumPermission, UserForumPermission

    call_command("migrate", verbosity=0)
    for codename in READ:
        UserForumPermission.objects.create(
            permission=ForumPermission.objects.get(codename=codename),
            anonymous_user=True,
            has_perm=True,
        )
    user = django_users()

    category = Forum.objects.create(
        name=board["title"], description=board["description"], type=Forum.FORUM_CAT
    )
    for entry in board["forums"]:
        forum = Forum.objects.create(
            name=entry["title"],
            description=entry["description"],
            type=Forum.FORUM_POST,
            parent=category,
        )
        for t in entry["topics"]:
            date = datetime.fromisoformat(t["date"])
            posts = t["posts"]
            topic = Topic.objects.create(
                forum=forum,
                poster=user(posts[0]["user"]),
                subject=t["title"],
                type=Topic.TOPIC_POST,
                status=Topic.TOPIC_UNLOCKED,
                approved=True,
            )
            for n, p in enumerate(posts):
                post = Post.objects.create(
                    topic=topic,
                    poster=user(p["user"]),
                    subject=t["title"] if n == 0 else f"Re: {t['title']}",
                    content=p["text"],
                    approved=True,
                )
                Post.objects.filter(pk=post.pk).update(
                    created=date + timedelta(seconds=n), updated=date + timedelta(seconds=n)
                )
            Topic.objects.filter(pk=topic.pk).update(created=date, updated=date)
            topic.refresh_from_db()
            topic.update_trackers()


def serve(db: Path, port: int) -> None:
    _setup(db)
    from django.urls import include, path

    serve_django(port, [path("", include("machina.urls"))])


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
