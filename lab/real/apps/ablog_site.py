"""The real-ablog application: a Sphinx blog (ABlog) of Debian uploads, built once, served as files.

This file runs inside the application's own virtual environment (`.lab-real/real-ablog/venv`,
made by `lab.real.ablog`), never inside siteseer. Two commands:

    python ablog_site.py load  --db DIR   # build the project beside DIR into DIR
    python ablog_site.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` runs Sphinx's HTML builder (`sphinx-build -b html`, ABlog an extension of it) over the
project lab/real/ablog.py wrote in `project/` beside DIR: `conf.py`, `index.rst` and a
reStructuredText file per post under `posts/`. `serve` is Python's static file server over the
built folder.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from appmain import run_app, serve_static


def load(db: Path, limit: int) -> None:
    project = db.parent / "project"
    if db.exists():
        shutil.rmtree(db)
    build = Path(sys.executable).with_name("sphinx-build")
    doctrees = db.parent / "doctrees"
    argv = [str(build), "-q", "-b", "html", "-d", str(doctrees), str(project), str(db)]
    subprocess.run(argv, check=True)


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
