"""real-dirhtml: Flask 3.1's documentation built by Sphinx's dirhtml builder, served as files.

The application (lab/real/apps/flask_dirhtml.py, run in its own venv) builds the `docs/` folder
of Flask 3.1.0's source distribution (fetched by pip) with Sphinx 8.1, its own conf.py and
Pallets' "flask" theme, the intersphinx inventories left out (no network), with the `dirhtml`
builder: a folder per document, its page `<docname>/index.html`, every link to it the folder's
address ending in `/`. Python's static file server serves the HTML. Its pages: the home page `/`
(the user's guide and API reference toctrees, every document listed with its sections' anchors
below it), section pages whose toctrees list their documents (`/patterns/`, `/tutorial/`,
`/deploying/`), a document per source file (`/quickstart/`, `/patterns/fileuploads/`), a sidebar
with the page's own table of contents and previous/next/up links, the general and module
indexes (`/genindex/`, `/py-modindex/`), search (`/search/`, run in the browser), source views
(`/_sources/…`), a 404 page (`/404/`).

Truth, from Sphinx's own record of the build (`toctree.json`, which the build script writes from
Sphinx's build environment: the documents each toctree includes), never a crawl: the entities
are the documents the toctrees include (not the home page, nor the orphan no toctree holds), at
`/<docname>/` (a document named `…/index` at its folder); the index levels are the home page,
then the other documents holding a toctree (the sections); the seed is `patterns/fileuploads`,
reached from the home page through `patterns/index`; attribute `section`, the document whose
toctree lists it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "DirhtmlApp", "dirhtml_path", "toctree_truth"]

SEED = "patterns/fileuploads"
SEED_SECTION = "patterns/index"


def dirhtml_path(docname: str) -> str:
    """The address dirhtml gives a document, from the site's root: `a/b` → `a/b/`, `a/index` →
    `a/`, the root document `index` → `` (the root itself)."""
    if docname == "index":
        return ""
    if docname.endswith("/index"):
        return docname.removesuffix("index")
    return docname + "/"


def toctree_truth(site: str, kind: str, tree: dict[str, object], base_url: str) -> SiteTruth:
    """The truth of a dirhtml build from its `toctree.json` (`includes`: docname → the docnames
    its toctrees list; `root`: the root document; `documents`: every document built)."""
    b = base_url.rstrip("/")
    includes: dict[str, list[str]] = tree["includes"]  # type: ignore[assignment]
    root: str = tree["root"]  # type: ignore[assignment]
    section = {doc: parent for parent, children in includes.items() for doc in children}
    docs = tuple(dict.fromkeys(doc for doc in section if doc != root))
    url = {doc: f"{b}/{dirhtml_path(doc)}" for doc in (*docs, root)}
    sections = tuple(url[doc] for doc in includes if doc != root)
    home = url[root]
    return SiteTruth(
        site=site,
        base_url=b,
        kind=kind,
        entities={"document": tuple(url[doc] for doc in docs)},
        target_type="document",
        seed_entity=url[SEED],
        index_levels=((home,), sections),
        seed_path=(home, url[SEED_SECTION], url[SEED]),
        attributes={url[doc]: {"section": (section[doc],)} for doc in docs},
        templates={home: "home"} | {url[doc]: "document" for doc in docs},
        notes=(
            f"{len(docs)} documents in the toctrees of {len(includes)} ({len(sections)} sections "
            f"besides the home page); {len(tree['documents'])} documents built "  # type: ignore[arg-type]
            "(orphans unlisted). Not listed in templates: /genindex/, /py-modindex/, /search/, "
            "/404/, /_sources/… (source views), /_static/, /_images/."
        ),
    )


class DirhtmlApp(PythonApp):
    """Flask's documentation built by Sphinx's dirhtml builder, served as static files."""

    id = "real-dirhtml"
    kind = "entity-tree"
    description = "Flask's documentation (its sdist's docs/) built by Sphinx's dirhtml builder"
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("sphinx==8.1.3"),
        PyPackage("flask==3.1.0"),
        PyPackage("pallets-sphinx-themes==2.5.0"),
        PyPackage("sphinx-tabs==3.5.0"),
        PyPackage("sphinxcontrib-log-cabinet==1.0.1"),
    )
    script = "flask_dirhtml.py"
    data_description = "Flask 3.1.0's documentation (the docs/ its source distribution ships)"

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # the built HTML, the same at every size

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        tree = json.loads((self.dir / "toctree.json").read_text(encoding="utf-8"))
        return toctree_truth(self.id, self.kind, tree, base_url)
