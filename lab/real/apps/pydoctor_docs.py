"""The real-pydoctor application: pydoctor's API documentation of Pygments, served as files.

This file runs inside the application's own virtual environment (`.lab-real/real-pydoctor/
venv`, made by `lab.real.pydoctor`), never inside siteseer. Two commands:

    python pydoctor_docs.py load  --db DIR   # write the documentation into DIR
    python pydoctor_docs.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` runs pydoctor's own command line (`pydoctor --make-html --html-output DIR
--project-name Pygments <package folder>`) over the Pygments package installed beside it:
pydoctor reads the source without importing it, and writes beside the pages its Sphinx
inventory (`objects.inv`: every object it documents, with its kind and page); its exit status
2 (some docstrings did not parse and are shown as plain text) is a finished build. `serve` is
Python's static file server over DIR.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from appmain import run_app, serve_static

PACKAGE = "pygments"
PROJECT = "Pygments"


def load(db: Path, limit: int) -> None:
    import pygments

    if db.exists():
        shutil.rmtree(db)
    source = Path(pygments.__file__).parent
    command = Path(sys.executable).with_name("pydoctor")
    done = subprocess.run(
        [str(command), "--make-html", f"--html-output={db}", f"--project-name={PROJECT}",
         "--quiet", str(source)],
        check=False,
    )  # fmt: skip
    # pydoctor's exit status 2: the documentation is written, and some docstrings did not
    # parse (shown as plain text; Pygments has 17 such)
    if done.returncode not in (0, 2) or not (db / "objects.inv").is_file():
        raise SystemExit(f"pydoctor failed (exit status {done.returncode}) or wrote no objects.inv")


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
