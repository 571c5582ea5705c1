"""The real-mezzanine application: a Mezzanine blog of Debian uploads.

This file runs inside the application's own virtual environment (`<lab home>/real-mezzanine/
venv`, made by `lab.real.mezzanine`), never inside siteseer. Two commands:

    python mezzanine_blog.py load  --db PATH    # make the project, migrate, load PATH's JSON
    python mezzanine_blog.py serve --db PATH --port P   # Django's threaded server on 127.0.0.1:P

`load` makes the Mezzanine project beside the database (PATH with the suffix `.project`) with
Mezzanine's own `mezzanine-project` command, as its documentation starts a site; both commands
write the project's `local_settings.py` (the SQLite database at PATH, DEBUG off, loopback
hosts). Then `load` migrates and reads the blog from the JSON file beside the database (PATH with the
suffix `.json`, written by siteseer): the blog page's title and text, and the posts oldest
first, each a title, a slug, HTML, a date, an author (a user name and a name), a category and
tags. It adds them with Mezzanine's own models: a rich-text page with the blog's slug (the blog
in the menu), a user per author (inactive: nobody can log in), a blog category per category, a
keyword per tag, a published post per post with comments off. `--limit` is unused.

Everything a visitor sees is Mezzanine 6.1's own pages and default templates on Django 4.2,
with the settings `mezzanine-project` writes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

from appmain import run_app, serve_django, write_atomically

PROJECT = "uploads"
LOCAL_SETTINGS = """# Written by the lab's load step; exec'd from settings.py as Mezzanine's template does.
DEBUG = False
SECRET_KEY = "siteseer-lab-real-mezzanine"  # a loopback lab: signs nothing of worth
NEVERCACHE_KEY = "siteseer-lab-real-mezzanine-nevercache"
DATABASES = {{"default": {{"ENGINE": "django.db.backends.sqlite3", "NAME": {db!r}}}}}
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
"""


def _setup(db: Path) -> None:
    """Name `db` in the project's `local_settings.py` (load builds a file it then renames;
    serve names the one it serves) and set Django up with the project's settings."""
    settings = db.with_suffix(".project") / PROJECT / "local_settings.py"
    write_atomically(settings, LOCAL_SETTINGS.format(db=str(db)))
    sys.path.insert(0, str(db.with_suffix(".project")))
    os.environ["DJANGO_SETTINGS_MODULE"] = f"{PROJECT}.settings"
    import django

    django.setup()


def _make_project(db: Path) -> None:
    project = db.with_suffix(".project")
    if not (project / "manage.py").exists():
        project.mkdir(parents=True, exist_ok=True)
        command = Path(sys.executable).parent / "mezzanine-project"
        subprocess.run([sys.executable, str(command), PROJECT, str(project)], check=True)


def load(db: Path, limit: int) -> None:
    blog = json.loads(db.with_suffix(".json").read_text(encoding="utf-8"))
    db.unlink(missing_ok=True)
    _make_project(db)
    _setup(db)
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from mezzanine.blog.models import BlogCategory, BlogPost
    from mezzanine.generic.models import AssignedKeyword, Keyword
    from mezzanine.pages.models import RichTextPage

    call_command("migrate", verbosity=0, interactive=False)
    RichTextPage.objects.create(title=blog["title"], slug="blog", content=blog["content"])
    users: dict[str, User] = {}
    categories: dict[str, BlogCategory] = {}
    keywords: dict[str, Keyword] = {}
    for post in blog["posts"]:
        author = post["author"]
        if author["username"] not in users:
            users[author["username"]] = User.objects.create(
                username=author["username"], first_name=author["name"], is_active=False
            )
        if post["category"] not in categories:
            categories[post["category"]] = BlogCategory.objects.create(title=post["category"])
        made = BlogPost.objects.create(
            title=post["title"],
            slug=post["slug"],
            content=post["content"],
            publish_date=datetime.fromisoformat(post["date"]),
            user=users[author["username"]],
            allow_comments=False,
        )
        made.categories.add(categories[post["category"]])
        for tag in post["tags"]:
            if tag not in keywords:
                keywords[tag] = Keyword.objects.create(title=tag)
            made.keywords.add(AssignedKeyword(keyword=keywords[tag]), bulk=False)


def serve(db: Path, port: int) -> None:
    _setup(db)
    serve_django(port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
