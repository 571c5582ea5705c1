"""real-mkdocs: MkDocs (PyPI) serving a real documentation set, griffe's, with its sitemap.xml.

The application (lab/real/apps/mkdocs_site.py, run in its own venv) is `mkdocs serve` over the
Markdown documentation that griffe's source distribution ships (`docs/`, about 80 pages, fetched
by pip from PyPI at install), with MkDocs' defaults: the `mkdocs` theme, whose navigation bar
lists every page (sections as drop-downs), directory URLs (`guide/users/navigating.md` →
`/guide/users/navigating/`, `extensions/index.md` → `/extensions/`), previous/next links, a
search page, and `sitemap.xml` naming every page under the served address. One size: the doc set
is whole at every size.

Truth, from the Markdown files (MkDocs' own rules: files and directories starting with "." are
not pages): the entities are every page but the home page, at their directory URLs; the index is
one level, the home page, whose navigation lists every page (as every page's does); the seed is
`/guide/users/navigating/`. No attributes or facets.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["MkDocsApp", "page_path", "read_pages"]

SEED = "/guide/users/navigating/"


def page_path(source: str) -> str:
    """The URL path MkDocs gives the Markdown file `source` (relative to docs_dir) with
    directory URLs: `a/b.md` → `/a/b/`, `a/index.md` or `a/README.md` → `/a/`."""
    parts = source.removesuffix(".md").split("/")
    if parts[-1] in ("index", "README"):
        parts = parts[:-1]
    return "/" + "".join(f"{p}/" for p in parts)


def read_pages(docs: Path) -> list[str]:
    """Every page's URL path, from the Markdown files under `docs` (dot-named ones excluded)."""
    paths = {
        page_path(file.relative_to(docs).as_posix())
        for file in docs.rglob("*.md")
        if not any(part.startswith(".") for part in file.relative_to(docs).parts)
    }
    return sorted(paths)


class MkDocsApp(PythonApp):
    """`mkdocs serve` over griffe's documentation, MkDocs' default theme."""

    id = "real-mkdocs"
    kind = "entity-tree"
    description = "MkDocs serving griffe's documentation (its sdist's docs/), with sitemap.xml"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("mkdocs==1.6.1"),)
    script = "mkdocs_site.py"
    data_description = "griffe 2.4.1's documentation (the docs/ its source distribution ships)"

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # the project directory: docs/ and mkdocs.yml

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        pages = read_pages(self.data_file / "docs")
        entities = tuple(b + p for p in pages if p != "/")
        templates = {b + "/": "home"} | dict.fromkeys(entities, "page")
        return type_truth(
            self,
            b,
            "page",
            entities,
            (b + "/", b + SEED),
            templates=templates,
            notes=(
                f"{len(entities)} pages besides the home page; every page's navigation bar lists "
                "every page. Not listed in templates: /search.html, /sitemap.xml, /404.html, "
                "assets."
            ),
        )
