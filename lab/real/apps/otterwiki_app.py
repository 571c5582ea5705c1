"""The real-otterwiki application: An Otter Wiki over a git repository of Git's release notes.

This file runs inside the application's own virtual environment (`.lab-real/real-otterwiki/
venv`, made by `lab.real.otterwiki`), never inside siteseer. One command serves:

    python otterwiki_app.py serve --db REPO --port P   # the wiki of REPO on 127.0.0.1:P

It writes Otter Wiki's settings file beside REPO (`settings.cfg`: the repository, a SQLite
database of accounts beside it, a secret key kept from one run to the next; anonymous visitors
may read, writing and attachments need an account, registration is closed), points
OTTERWIKI_SETTINGS at it, and runs Otter Wiki's Flask application on Werkzeug's threaded
server, as `flask run` does without its banner. The repository is built by siteseer before
(lab/real/otterwiki.py), so `load` has nothing to do here.
"""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from appmain import run_app, write_atomically

SETTINGS = """\
REPOSITORY = {repository!r}
SQLALCHEMY_DATABASE_URI = {database!r}
SECRET_KEY = {secret!r}
SITE_NAME = "Git release notes"
READ_ACCESS = "ANONYMOUS"
WRITE_ACCESS = "REGISTERED"
ATTACHMENT_ACCESS = "REGISTERED"
DISABLE_REGISTRATION = True
"""


def load(db: Path, limit: int) -> None:
    raise SystemExit(f"{db}: the repository is built by siteseer (lab/real/otterwiki.py)")


def serve(db: Path, port: int) -> None:
    if not (db / "home.md").is_file():
        raise SystemExit(f"{db}: not the wiki's repository (no home.md)")
    key = db.parent / "secret.key"
    if not key.is_file():
        write_atomically(key, secrets.token_hex(32))
    settings = db.parent / "settings.cfg"
    text = SETTINGS.format(
        repository=str(db),
        database=f"sqlite:///{db.parent / 'accounts.sqlite'}",
        secret=key.read_text(encoding="utf-8").strip(),
    )
    write_atomically(settings, text)
    os.environ["OTTERWIKI_SETTINGS"] = str(settings)
    from otterwiki.server import app
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    make_server("127.0.0.1", port, app, threaded=True).serve_forever()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
