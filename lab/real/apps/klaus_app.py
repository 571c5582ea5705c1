"""The real-klaus application: klaus, a git web viewer, over git repositories of Debian uploads.

This file runs inside the application's own virtual environment (`.lab-real/real-klaus/venv`,
made by `lab.real.klaus`), never inside siteseer. One command serves:

    python klaus_app.py serve --db DIR --port P   # klaus over every DIR/*.git on 127.0.0.1:P

klaus's own WSGI application (`klaus.make_app`: no Git smart HTTP, no authentication, no ctags)
on Werkzeug's threaded server, as klaus's own command line runs it but without its development
banner. The repositories are built by siteseer before (lab/real/gitweb.py
`build_repositories`), so `load` has nothing to do here.
"""

from __future__ import annotations

import logging
from pathlib import Path

from appmain import run_app

SITE_NAME = "Debian upload histories"


def load(db: Path, limit: int) -> None:
    raise SystemExit(f"{db}: the repositories are built by siteseer (lab/real/klaus.py)")


def serve(db: Path, port: int) -> None:
    from klaus import make_app
    from werkzeug.serving import make_server

    repos = sorted(str(path) for path in db.glob("*.git"))
    if not repos:
        raise SystemExit(f"no git repository (*.git) in {db}")
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    make_server("127.0.0.1", port, make_app(repos, SITE_NAME), threaded=True).serve_forever()


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
