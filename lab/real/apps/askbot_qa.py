"""The real-askbot application: an Askbot forum of the Python FAQ's questions and answers.

This file runs inside the application's own virtual environment (`<lab home>/real-askbot/
venv`, made by `lab.real.askbot`), never inside siteseer. Two commands:

    python askbot_qa.py load  --db PATH    # make the project, migrate, load PATH's JSON
    python askbot_qa.py serve --db PATH --port P   # Django's threaded server on 127.0.0.1:P

`load` makes the Askbot project beside the database (PATH with the suffix `.project`) with
Askbot's own `askbot-setup` (SQLite, English, UTC; its other settings as it writes them), both
commands name PATH as the project's database, and `load` migrates and reads the questions from
the JSON file beside the database (PATH with the suffix `.json`, written by siteseer): a list
of questions, each a title, its FAQ's section, an answer in Markdown and a tag. It adds them
with Askbot's own user methods (`post_question`, `post_answer`), asked by the user
"faq-reader" and answered by "python-docs" (neither has a password), a minute apart in the
JSON's order from a fixed date, each answered a second after it is asked. Then it writes each
question's address as Askbot gives it (`get_absolute_url`) to PATH with the suffix `.urls.json`
(question id → path). `--limit` is unused.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from appmain import run_app, serve_django

PROJECT = "qa"
START = datetime(2023, 6, 1, tzinfo=UTC)  # the first question's date


def _setup(db: Path) -> None:
    sys.path.insert(0, str(db.with_suffix(".project")))
    os.environ["DJANGO_SETTINGS_MODULE"] = f"{PROJECT}.settings"
    import django
    from django.conf import settings

    settings.DATABASES["default"]["NAME"] = str(db)  # before any connection is made
    django.setup()


def _make_project(db: Path) -> None:
    project = db.with_suffix(".project")
    if (project / "manage.py").exists():
        return
    setup = Path(sys.executable).parent / "askbot-setup"
    argv = [sys.executable, str(setup), "--force", "--noinput", "--root-directory", str(project),
            "--proj-name", PROJECT, "--db-engine", "sqlite", "--db-name", str(db),
            "--admin-name", "lab", "--admin-email", "lab@example.org", "--language-code", "en",
            "--timezone", "UTC", "--log-file-path", str(project / "askbot.log"),
            "--server-email", "lab@example.org", "--default-from-email", "lab@example.org"]  # fmt: skip
    subprocess.run(argv, check=True, stdin=subprocess.DEVNULL)


def load(db: Path, limit: int) -> None:
    questions = json.loads(db.with_suffix(".json").read_text(encoding="utf-8"))
    db.unlink(missing_ok=True)
    _make_project(db)
    _setup(db)
    from askbot.models import User
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    asker = User.objects.create_user(username="faq-reader", email="faq-reader@example.org")
    answerer = User.objects.create_user(username="python-docs", email="python-docs@example.org")
    for user in (asker, answerer):
        user.set_unusable_password()
        user.set_status("a")  # approved: posts go out without moderation
        user.save()
    urls = {}
    for n, q in enumerate(questions):
        asked = START + timedelta(minutes=n)
        body = f"From the Python FAQ: {q['section']}." if q["section"] else "From the Python FAQ."
        question = asker.post_question(
            title=q["title"], body_text=body, tags=q["tag"], timestamp=asked
        )
        answerer.post_answer(
            question=question, body_text=q["answer"], timestamp=asked + timedelta(seconds=1)
        )
        urls[question.id] = question.get_absolute_url()
    db.with_suffix(".urls.json").write_text(json.dumps(urls), encoding="utf-8")


def serve(db: Path, port: int) -> None:
    _setup(db)
    serve_django(port)  # its apps' static files at /m/


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
