"""real-docutils: Docutils' documentation built by its own `buildhtml.py` (PyPI), served as files.

The application (lab/real/apps/docutils_site.py, run in its own venv) builds the documentation
of Docutils 0.21.2's source distribution (fetched by pip) with the tool the Docutils web site is
built with, `tools/buildhtml.py`, and the sdist's own `tools/docutils.conf`: Docutils'
html4css1 writer, one standalone page per reStructuredText file beside its source, no theme, no
navigation bar, no generated table of contents across pages; Python's static file server serves
the tree. Its pages: the documentation index `/docs/index.html` (a hand-written overview: a
section per audience, its documents as bulleted links or definition-list terms), a page per
document (`/docs/user/config.html`, `/docs/ref/rst/directives.html`, the top-level
`/README.html`, `/FAQ.html` …; each with its own contents, a "View document source" link to
the `.txt` beside it and a date stamp), PEPs (`/docs/peps/pep-0287.html`), the sources
themselves, the licences, a directory listing wherever a folder has no index page (`/`).

Truth, from the data the site is built from, never a crawl: the entities are the pages the
documentation index links (its reStructuredText parsed by Docutils; local links only, fragments
dropped, first occurrence, 55 pages, `links.json`), attribute `section` (the index's section
that lists the page); the index is `/docs/index.html` (one level); the seed is the
configuration guide `docs/user/config.html`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp
from siteseer.lab.real.pyenv import PyPackage
from siteseer.lab.truth import SiteTruth

__all__ = ["INDEX", "SEED", "DocutilsApp", "links_truth"]

INDEX = "docs/index.html"
SEED = "docs/user/config.html"


def links_truth(site: str, kind: str, links: list[dict[str, str]], base_url: str) -> SiteTruth:
    """The truth from `links.json` (the index's local pages in order, each with its section)."""
    b = base_url.rstrip("/")
    url = {link["page"]: f"{b}/{link['page']}" for link in links}
    pages = tuple(url.values())
    return SiteTruth(
        site=site,
        base_url=b,
        kind=kind,
        entities={"document": pages},
        target_type="document",
        seed_entity=url[SEED],
        index_levels=((f"{b}/{INDEX}",),),
        seed_path=(f"{b}/{INDEX}", url[SEED]),
        attributes={url[link["page"]]: {"section": (link["section"],)} for link in links},
        facet_values={"section": tuple(dict.fromkeys(link["section"] for link in links))},
        templates={f"{b}/{INDEX}": "index"} | dict.fromkeys(pages, "document"),
        notes=(
            f"{len(pages)} pages the documentation index links. Not listed in templates: the "
            "sources (…/*.txt), pages the index does not link (docs/header.html, the licences, "
            "the PEPs' own links), directory listings (/, /docs/ …), the style sheet."
        ),
    )


class DocutilsApp(PythonApp):
    """Docutils' documentation built by buildhtml.py, served as static files."""

    id = "real-docutils"
    kind = "entity-tree"
    description = "Docutils' documentation (its sdist) built by its own buildhtml.py"
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("docutils==0.21.2"),)
    script = "docutils_site.py"
    data_description = "Docutils 0.21.2's documentation (the reStructuredText its sdist ships)"

    @property
    def data_file(self) -> Path:
        return self.dir / "site"  # the built HTML, the same at every size

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        links = json.loads((self.dir / "links.json").read_text(encoding="utf-8"))
        return links_truth(self.id, self.kind, links, base_url)
