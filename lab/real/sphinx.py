"""real-sphinx: Sphinx 8.2 (PyPI) building Sphinx's own documentation, served as files.

The application (lab/real/apps/sphinx_docs.py, run in its own venv) builds the `doc/` folder of
Sphinx 8.2.3's source distribution (fetched by pip) with that release, its own conf.py and
"sphinx13" theme, the intersphinx inventories left out (no network); Python's static file
server serves the HTML. Its pages: the home page (`/index.html`, and `/`), a sidebar on every
page with the top-level table of contents, section pages whose toctrees list their documents
(`/usage/index.html` …), a document per source file (`/<docname>.html`), the general index
(`/genindex.html`), the module index, search (`/search.html`, run in the browser over
`searchindex.js`), source views (`/_sources/…`, `/_modules/…`), previous/next links.

Truth, from Sphinx's own record of the build (`toctree.json`, which the build script writes from
Sphinx's build environment: the documents each toctree includes), never a crawl: the entities
are the documents the toctrees include (not the home page, nor the few orphans no toctree
holds), at `/<docname>.html`; the index levels are the home page, then the other documents
holding a toctree (the sections); the seed is `usage/configuration`, reached from the home page
through `usage/index`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, type_truth
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.site import Size
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "SphinxApp"]

SEED = "usage/configuration"
SEED_SECTION = "usage/index"


class SphinxApp(PythonApp):
    """Sphinx's documentation built by Sphinx, served as static files."""

    id = "real-sphinx"
    kind = "entity-tree"
    description = "Sphinx building its own documentation (its sdist's doc/), served as files"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("sphinx==8.2.3"),)
    script = "sphinx_docs.py"
    data_description = "Sphinx 8.2.3's documentation (the doc/ its source distribution ships)"
    row_limits: ClassVar[dict[Size, int]] = {"small": 0, "medium": 0, "large": 0}

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # the built HTML, the same at every size

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        tree = json.loads((self.dir / "toctree.json").read_text(encoding="utf-8"))
        includes: dict[str, list[str]] = tree["includes"]
        root: str = tree["root"]
        listed = [doc for children in includes.values() for doc in children]
        docs = tuple(dict.fromkeys(doc for doc in listed if doc != root))
        url = {doc: f"{b}/{doc}.html" for doc in (*docs, root)}
        sections = tuple(url[doc] for doc in includes if doc != root)
        home = url[root]
        return type_truth(
            self,
            b,
            "document",
            tuple(url[doc] for doc in docs),
            (home, url[SEED_SECTION], url[SEED]),
            levels=((home,), sections),
            templates={b + "/": "home", home: "home"} | dict.fromkeys(url.values(), "document"),
            notes=(
                f"{len(docs)} documents in the toctrees of {len(includes)} ({len(sections)} "
                f"sections besides the home page); {len(tree['documents'])} documents built. Not "
                "listed in templates: /genindex.html, /py-modindex.html, /search.html, "
                "/_sources/…, /_modules/… (source views), /_static/, /_images/, /_downloads/."
            ),
        )
