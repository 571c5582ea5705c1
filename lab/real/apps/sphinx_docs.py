"""The real-sphinx application: Sphinx's own documentation, built by Sphinx, served as files.

This file runs inside the application's own virtual environment (`.lab-real/real-sphinx/venv`,
made by `lab.real.sphinx`), never inside siteseer. Two commands:

    python sphinx_docs.py load  --db DIR   # build Sphinx's documentation into DIR
    python sphinx_docs.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` takes the `doc/` folder of Sphinx's source distribution (the release that builds it,
fetched from PyPI by pip), with its own conf.py and theme, less the inventories intersphinx
would fetch from the network (`intersphinx_mapping = {}` appended to conf.py), and builds it
with `sphinx-build -b html` into DIR (its doctrees beside DIR, not served). Then it writes
`toctree.json` beside DIR: Sphinx's own record of which documents each document's toctrees
include (`BuildEnvironment.toctree_includes`), and every document it found.
"""

from __future__ import annotations

import json
import pickle
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from appmain import run_app, serve_static, unpacked_sdist

SOURCE = "sphinx==8.2.3"  # the sdist whose doc/ is the data; the same release builds it


def load(db: Path, limit: int) -> None:
    build_docs(SOURCE, "doc", "html", db)


def build_docs(source: str, folder: str, builder: str, db: Path) -> None:
    """Build the documentation in `folder` of `source`'s sdist with its own conf.py (less
    intersphinx's inventories) and Sphinx's `builder` into `db`; write `toctree.json` beside it."""
    doctrees = db.parent / "doctrees"
    for old in (db, doctrees):
        if old.exists():
            shutil.rmtree(old)
    with tempfile.TemporaryDirectory() as scratch:
        docs = unpacked_sdist(source, Path(scratch)) / folder
        conf = docs / "conf.py"
        conf.write_text(
            conf.read_text(encoding="utf-8")
            + "\n# siteseer's lab: no network, no inventories fetched\nintersphinx_mapping = {}\n",
            encoding="utf-8",
        )
        build = Path(sys.executable).with_name("sphinx-build")
        argv = [str(build), "-q", "-b", builder, "-d", str(doctrees), str(docs), str(db)]
        subprocess.run(argv, check=True, cwd=docs)
    with (doctrees / "environment.pickle").open("rb") as handle:
        env = pickle.load(handle)
    tree = {
        "includes": {doc: list(children) for doc, children in env.toctree_includes.items()},
        "documents": sorted(env.found_docs),
        "root": env.config.root_doc,
    }
    (db.parent / "toctree.json").write_text(json.dumps(tree, indent=1), encoding="utf-8")


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
