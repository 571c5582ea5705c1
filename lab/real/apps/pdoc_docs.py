"""The real-pdoc application: pdoc's API documentation of docutils and pdoc, served as files.

This file runs inside the application's own virtual environment (`.lab-real/real-pdoc/venv`,
made by `lab.real.pdoc`), never inside siteseer. Two commands:

    python pdoc_docs.py load  --db DIR   # write the documentation into DIR
    python pdoc_docs.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` runs pdoc's own command line (`pdoc -o DIR --no-show-source SPEC…`) over the packages
installed beside it, then writes `modules.json` beside DIR: pdoc's own list of the modules it
renders (`pdoc.extract.walk_specs` of the same specifications). docutils' Markdown parser
wrappers import optional packages that are not installed: pdoc's `!pattern` leaves them out.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pdoc.extract
from appmain import run_app, serve_static

PACKAGES = ("docutils", "pdoc")
SPECS = (*PACKAGES, r"!docutils\.parsers\.\w+_wrapper")


def load(db: Path, limit: int) -> None:
    if db.exists():
        shutil.rmtree(db)
    command = Path(sys.executable).with_name("pdoc")
    subprocess.run([str(command), "-o", str(db), "--no-show-source", *SPECS], check=True)
    modules = pdoc.extract.walk_specs(list(SPECS))
    record = {"packages": list(PACKAGES), "specs": list(SPECS), "modules": modules}
    (db.parent / "modules.json").write_text(json.dumps(record, indent=1), encoding="utf-8")


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
