"""The real-sigal application: a Sigal photo gallery of Debian's desktop backgrounds, built once,
served as files.

This file runs inside the application's own virtual environment (`.lab-real/real-sigal/venv`,
made by `lab.real.sigal`), never inside siteseer. Two commands:

    python sigal_gallery.py load  --db DIR   # build the project beside DIR into DIR
    python sigal_gallery.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` runs Sigal's own command line (`sigal build`) with the settings lab/real/sigal.py wrote
in `project/sigal.conf.py` beside DIR, over the pictures it copied to `project/pictures/` (an
album per folder). `serve` is Python's static file server over the built gallery.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from appmain import run_app, serve_static


def load(db: Path, limit: int) -> None:
    project = db.parent / "project"
    shutil.rmtree(db, ignore_errors=True)
    sigal = Path(sys.executable).with_name("sigal")
    build = [str(sigal), "build", "-c", "sigal.conf.py", "pictures", str(db.resolve())]
    subprocess.run(build, cwd=project, check=True)


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
