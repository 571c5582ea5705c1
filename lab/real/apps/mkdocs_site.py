"""The real-mkdocs application: MkDocs serving the documentation that griffe's sdist ships.

This file runs inside the application's own virtual environment (`.lab-real/real-mkdocs/venv`,
made by `lab.real.mkdocs`), never inside siteseer. Two commands:

    python mkdocs_site.py load  --db DIR    # DIR/docs (the doc set) and DIR/mkdocs.yml
    python mkdocs_site.py serve --db DIR --port P   # `mkdocs serve` on 127.0.0.1:P

The documentation is griffe's: its source distribution on PyPI ships its `docs/` directory (the
Markdown of griffe's documentation site), fetched by pip itself (`pip download --no-binary
:all: --no-deps`), so nothing comes from anywhere but the registry. Only the Markdown and its
assets are kept; the configuration is MkDocs' own defaults (the `mkdocs` theme, its navigation
built from the files, directory URLs), not griffe's, whose theme and plugins are not installed:
pages that call a plugin show its directive as text.

`mkdocs serve` builds the site at start-up with the address it serves as `site_url`, so the
`sitemap.xml` MkDocs writes names the pages under that address.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from appmain import run_app, unpacked_sdist

SOURCE = "griffe==2.4.1"
CONFIG = """site_name: Griffe
docs_dir: docs
use_directory_urls: true
theme: mkdocs
"""


def load(target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    with tempfile.TemporaryDirectory() as scratch:
        docs = unpacked_sdist(SOURCE, Path(scratch)) / "docs"
        target.mkdir(parents=True)
        shutil.copytree(docs, target / "docs")
    (target / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")


def serve(target: Path, port: int) -> None:
    from mkdocs.__main__ import cli

    address = f"127.0.0.1:{port}"
    sys.argv = ["mkdocs", "serve", "-f", str(target / "mkdocs.yml"), "-a", address]
    sys.argv += ["--no-livereload", "--quiet"]
    cli()


def main() -> None:
    run_app(__doc__.splitlines()[0], lambda db, _limit: load(db), serve)


if __name__ == "__main__":
    main()
