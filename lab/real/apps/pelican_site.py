"""The real-pelican application: a Pelican blog of Debian uploads, built once, served as files.

This file runs inside the application's own virtual environment (`.lab-real/real-pelican/venv`,
made by `lab.real.pelican`), never inside siteseer. Two commands:

    python pelican_site.py load  --db DIR   # build the project beside DIR into DIR
    python pelican_site.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` runs Pelican (its own command line, `pelican CONTENT -s pelicanconf.py -o DIR`) over the
project lab/real/pelican.py wrote in `project/` beside DIR: `content/` (a reStructuredText file
per post) and `pelicanconf.py`. `serve` is Python's static file server over the built folder.
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
    pelican = Path(sys.executable).with_name("pelican")
    settings = project / "pelicanconf.py"
    argv = [str(pelican), str(project / "content"), "-s", str(settings), "-o", str(db), "-q"]
    subprocess.run(argv, check=True)


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
