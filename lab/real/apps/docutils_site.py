"""The real-docutils application: Docutils' documentation built by its own `buildhtml.py`.

This file runs inside the application's own virtual environment (`.lab-real/real-docutils/venv`,
made by `lab.real.docutils`), never inside siteseer. Two commands:

    python docutils_site.py load  --db DIR   # build Docutils' documentation into DIR
    python docutils_site.py serve --db DIR --port P   # serve DIR's files on 127.0.0.1:P

`load` takes Docutils' source distribution (the release installed, fetched from PyPI by pip) and
runs the tool the Docutils web site is built with, `tools/buildhtml.py`, with the sdist's own
`tools/docutils.conf` (the html4css1 writer, a source link and a date stamp on every page) over
its top folder, the code, tests and tools left out: each reStructuredText file becomes an HTML
page beside it (`docs/user/config.txt` → `docs/user/config.html`, the top-level `README.txt` →
`README.html`). DIR receives that tree (pages, their sources, images) and the writer's style
sheet where the pages link it. Then `links.json` beside DIR: the local pages that Docutils'
documentation index (`docs/index.txt`, parsed by Docutils) links, in order, each with the title
of the section that lists it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path, PurePosixPath

from appmain import run_app, serve_static, unpacked_sdist

SOURCE = "docutils==0.21.2"  # the sdist whose documentation is the data; the same release builds it
LEFT_OUT = ("docutils", "test", "tools")  # code, test fixtures, tools: not documentation
STYLESHEET = "docutils/writers/html4css1/html4css1.css"


def index_links(index: Path) -> list[dict[str, str]]:
    """The local links of the documentation index `index` (a path under the docs root), as
    Docutils resolves them, fragments dropped, first occurrence only, each with its section."""
    from docutils import nodes
    from docutils.core import publish_doctree

    tree = publish_doctree(
        index.read_text(encoding="utf-8"),
        source_path=str(index),
        settings_overrides={"report_level": 5, "file_insertion_enabled": True},
    )
    found: dict[str, str] = {}
    for ref in tree.findall(nodes.reference):
        uri = ref.get("refuri", "").split("#", 1)[0]
        if not uri or ":" in uri or not uri.endswith(".html"):
            continue
        section = next((s for s in _ancestors(ref) if isinstance(s, nodes.section)), None)
        title = section[0].astext() if section is not None else ""
        found.setdefault(uri, title)
    return [{"href": href, "section": title} for href, title in found.items()]


def _ancestors(node: object) -> list[object]:
    out = []
    while (node := getattr(node, "parent", None)) is not None:
        out.append(node)
    return out


def load(db: Path, limit: int) -> None:
    if db.exists():
        shutil.rmtree(db)
    with tempfile.TemporaryDirectory() as scratch:
        top = unpacked_sdist(SOURCE, Path(scratch))
        argv = [sys.executable, str(top / "tools" / "buildhtml.py"), "--quiet"]
        argv += ["--config", str(top / "tools" / "docutils.conf")]
        for folder in LEFT_OUT:
            argv += ["--prune", str(top / folder)]
        subprocess.run([*argv, str(top)], check=True, cwd=top)
        skip = shutil.ignore_patterns("PKG-INFO", "pyproject.toml", *LEFT_OUT)
        shutil.copytree(top, db, ignore=lambda d, names: skip(d, names) if Path(d) == top else ())
        (db / STYLESHEET).parent.mkdir(parents=True)
        shutil.copy2(top / STYLESHEET, db / STYLESHEET)
        index = top / "docs" / "index.txt"
        links = []
        for link in index_links(index):
            page = PurePosixPath("docs", link["href"])
            path = Path(db, page).resolve().relative_to(db)
            if (db / path).is_file():
                links.append({"page": path.as_posix(), "section": link["section"]})
    (db.parent / "links.json").write_text(json.dumps(links, indent=1), encoding="utf-8")


def serve(db: Path, port: int) -> None:
    serve_static(db, port)


def main() -> None:
    run_app(__doc__.splitlines()[0], load, serve)


if __name__ == "__main__":
    main()
