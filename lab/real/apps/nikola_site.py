"""The real-nikola application: a Nikola blog of Debian uploads, built once, served as files.

This file runs inside the application's own virtual environment (`.lab-real/real-nikola/venv`,
made by `lab.real.nikola`), never inside siteseer. Two commands:

    python nikola_site.py load  --db DIR   # build the project beside DIR into DIR
    python nikola_site.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` runs Nikola's own command line (`nikola build`, in the project directory) over the
project lab/real/nikola.py wrote in `project/` beside DIR: `posts/` (a reStructuredText file
per post) and `conf.py`; the built `output/` is then copied to DIR. `serve` is Python's static
file server over the built folder.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from appmain import run_app, serve_static


def load(db: Path, limit: int) -> None:
    project = db.parent / "project"
    for stale in (db, project / "output", project / "cache"):
        shutil.rmtree(stale, ignore_errors=True)
    (project / ".doit.db").unlink(missing_ok=True)
    nikola = Path(sys.executable).with_name("nikola")
    subprocess.run([str(nikola), "build"], cwd=project, check=True)
    shutil.copytree(project / "output", db)


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
