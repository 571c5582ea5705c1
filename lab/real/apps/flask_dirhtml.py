"""The real-dirhtml application: Flask's documentation, built by Sphinx's dirhtml builder.

This file runs inside the application's own virtual environment (`.lab-real/real-dirhtml/venv`,
made by `lab.real.dirhtml`), never inside siteseer. Two commands:

    python flask_dirhtml.py load  --db DIR   # build Flask's documentation into DIR
    python flask_dirhtml.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` takes the `docs/` folder of Flask's source distribution (fetched from PyPI by pip), with
its own conf.py and theme (Pallets' "flask" theme, the extensions it names, the same Flask
release installed for autodoc), less the inventories intersphinx would fetch from the network,
and builds it with `sphinx-build -b dirhtml` (a folder per document, `<docname>/index.html`) into
DIR; then `toctree.json` beside DIR, Sphinx's own record of its toctrees (sphinx_docs.py).
"""

from __future__ import annotations

from pathlib import Path

from appmain import run_app, serve_static
from sphinx_docs import build_docs

SOURCE = "flask==3.1.0"  # the sdist whose docs/ is the data; the venv holds the same release


def load(db: Path, limit: int) -> None:
    build_docs(SOURCE, "docs", "dirhtml", db)


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
