"""The real-pypiserver application: pypiserver over a directory of real distributions.

This file runs inside the application's own virtual environment
(`.lab-real/real-pypiserver/venv`, made by `lab.real.pypiserver`), never inside siteseer. Two
commands:

    python pypiserver_index.py load  --db DIR   # pip downloads the distributions into DIR
    python pypiserver_index.py serve --db DIR --port P   # pypi-server on 127.0.0.1:P

`load` runs `pip download` (pip of this venv, from PyPI) once per round of pins, each with its
dependencies, all into DIR: the rounds are `rounds.json` beside DIR, which lab/real/pypiserver.py
writes. `serve` runs pypiserver's own command (`pypi-server run`) in place of this process: no
authentication (`-a . -P .`) and no redirect to PyPI for a project it does not hold
(`--disable-fallback`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from appmain import run_app


def load(db: Path, limit: int) -> None:
    if db.exists():
        shutil.rmtree(db)
    db.mkdir(parents=True)
    rounds = json.loads((db.parent / "rounds.json").read_text(encoding="utf-8"))
    for pins in rounds:
        argv = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q"]
        subprocess.run([*argv, "-d", str(db), *pins], check=True)


def serve(db: Path, port: int) -> None:
    server = str(Path(sys.executable).with_name("pypi-server"))
    argv = [server, "run", "-i", "127.0.0.1", "-p", str(port), "-a", ".", "-P", "."]
    os.execv(server, [*argv, "--disable-fallback", str(db)])


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
