"""real-docsify: Docsify (npm) rendering a real documentation set, griffe's, on hash routes.

The application is Docsify's single page (lab/real/apps/docsify_site.py writes its starter
`index.html`), docsify.min.js and its theme from the npm package `docsify`, over the Markdown
documentation griffe's source distribution ships (the doc set real-mkdocs builds), served as
files by Python's static server. Docsify fetches a page's Markdown and renders it in the
browser: every page is a hash route of the one document (`/#/guide/users/navigating` for
`guide/users/navigating.md`), reached from the sidebar (`_sidebar.md`, written at install from
the files, nested by directory as they are) on every route. Without a browser the site is an
empty `<div id="app">`. One size: the doc set is whole.

Truth, from the Markdown files: the entities are every page but the home page (`index.md`, the
route `/#/`), at the hash route Docsify gives the sidebar's link to it (`#/` and the file's path
without `.md`); the index is one level, the home route, whose sidebar lists every page (as every
route's does); the seed is `/#/guide/users/navigating`. No attributes or facets.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, type_truth
from siteseer.lab.real.npm import npm_install
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["VERSION", "DocsifyApp", "route"]

VERSION = "5.0.0"
SEED = "/#/guide/users/navigating"


def route(source: str) -> str:
    """The hash route (root-relative) Docsify gives a sidebar link to the Markdown file
    `source` (relative to the site): `a/b.md` → `/#/a/b`; the home page `index.md` → `/#/`."""
    if source == "index.md":
        return "/#/"
    return "/#/" + source.removesuffix(".md")


class DocsifyApp(PythonApp):
    """Docsify over griffe's documentation, every page a hash route."""

    id = "real-docsify"
    kind = "entity-tree"
    description = "Docsify (npm) rendering griffe's documentation on hash routes"
    packages: ClassVar[tuple[PyPackage, ...]] = ()  # the venv's own pip and http.server
    script = "docsify_site.py"
    data_description = f"griffe 2.4.1's documentation (its sdist's docs/) and npm docsify@{VERSION}"

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # the doc set, _sidebar.md, index.html, node_modules/

    @property
    def _docsify(self) -> Path:
        return self.data_file / "node_modules" / "docsify" / "dist" / "docsify.min.js"

    def needs(self) -> tuple[str, ...]:
        return (f"npm docsify@{VERSION} (in {self.data_file})", *super().needs())

    def installed(self) -> bool:
        return super().installed() and self._docsify.exists()

    def _install(self, progress: Progress) -> None:
        super()._install(progress)
        if not self._docsify.exists():
            log = self.dir / "logs" / "install.log"
            npm_install(self.id, self.data_file, (f"docsify@{VERSION}",), log, progress)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        site = self.data_file
        sources = sorted(
            p.relative_to(site).as_posix()
            for p in site.rglob("*.md")
            if "node_modules" not in p.relative_to(site).parts
            and not any(part.startswith((".", "_")) for part in p.relative_to(site).parts)
        )
        entities = tuple(b + route(s) for s in sources if s != "index.md")
        home = b + "/#/"
        return type_truth(
            self,
            b,
            "page",
            entities,
            (home, b + SEED),
            templates={home: "home"} | dict.fromkeys(entities, "page"),
            notes=(
                f"{len(entities)} pages besides the home route; Docsify renders each in the "
                "browser and its sidebar lists every page on every route. The server also "
                "answers each Markdown file, /_sidebar.md and node_modules/ as files."
            ),
        )
