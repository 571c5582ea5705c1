"""The real-docsify application: Docsify (npm) rendering griffe's documentation in the browser.

This file runs inside the application's own virtual environment (`.lab-real/real-docsify/venv`,
made by `lab.real.docsify`), never inside siteseer. Two commands:

    python docsify_site.py load  --db DIR          # DIR: the doc set, _sidebar.md, index.html
    python docsify_site.py serve --db DIR --port P # DIR's files on 127.0.0.1:P

The documentation is griffe's, as real-mkdocs serves it: the `docs/` its source distribution on
PyPI ships, fetched by pip (`pip download --no-binary :all: --no-deps`); its Markdown files and
assets are copied into DIR. Docsify needs a sidebar to navigate: `_sidebar.md` lists every page,
nested by directory as the files are, each under its first heading (or its file name). The page
`index.html` is Docsify's own starter page (docsify.min.js and its theme from the npm package,
installed beside the doc set by `lab.real.docsify`); Docsify fetches each Markdown file and
renders it in the browser, on hash routes (`/#/guide/users/navigating`).

Served by Python's own static file server (`python -m http.server`): Docsify has no server side.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from appmain import run_app, serve_static, unpacked_sdist

SOURCE = "griffe==2.4.1"
INDEX = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <title>Griffe</title>
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link rel="stylesheet" href="node_modules/docsify/dist/themes/core.min.css">
</head>
<body>
  <div id="app"></div>
  <script>
    window.$docsify = {
      name: "Griffe",
      homepage: "index.md",
      loadSidebar: true,
      alias: {"/.*/_sidebar.md": "/_sidebar.md"},
      subMaxLevel: 0,
    };
  </script>
  <script src="node_modules/docsify/dist/docsify.min.js"></script>
</body>
</html>
"""


def pages(docs: Path) -> list[Path]:
    """The Markdown files of the doc set, relative, sorted; dot-named ones are not pages."""
    return sorted(
        p.relative_to(docs)
        for p in docs.rglob("*.md")
        if not any(part.startswith(".") for part in p.relative_to(docs).parts)
    )


def title(file: Path) -> str:
    for line in file.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith("# "):
            return line[2:].strip().replace("[", "(").replace("]", ")")
    return file.stem


def sidebar(docs: Path) -> str:
    """Every page, nested by directory, as Docsify's `_sidebar.md`."""
    lines: list[str] = []
    shown: set[tuple[str, ...]] = set()
    for page in pages(docs):
        if page.name == "_sidebar.md":
            continue
        for depth in range(len(page.parts) - 1):
            section = page.parts[: depth + 1]
            if section not in shown:
                shown.add(section)
                lines.append(f"{'  ' * depth}- {section[-1]}")
        indent = "  " * (len(page.parts) - 1)
        lines.append(f"{indent}- [{title(docs / page)}]({page.as_posix()})")
    return "\n".join(lines) + "\n"


def load(target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copytree(unpacked_sdist(SOURCE, Path(scratch)) / "docs", target)
    (target / "_sidebar.md").write_text(sidebar(target), encoding="utf-8")
    (target / "index.html").write_text(INDEX, encoding="utf-8")


def main() -> None:
    run_app(__doc__.splitlines()[0], lambda db, _limit: load(db), serve_static)


if __name__ == "__main__":
    main()
