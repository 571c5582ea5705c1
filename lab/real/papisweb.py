"""real-papis: Papis (PyPI `papis`, a command-line reference manager) and its web interface,
`papis serve`, over a library of biblatex's example bibliography.

The application (lab/real/apps/papis_library.py, run in its own venv) is Papis 0.16 with
bibtexparser 1 (Papis reads BibTeX with either; its reader for bibtexparser 2 stops at name
lists in fields it does not know, as biblatex's `translator`): a library is a folder of
documents, each a folder with its `info.yaml`, and `papis serve` is Papis' own HTTP server
(Python's `http.server`, pages written with dominate). The data is biblatex's example
bibliography (`biblatex-examples.bib`, Debian's `texlive-bibtex-extra`, unpacked with
`apt-get download`), read by Papis' BibTeX reader and added entry by entry as `papis add
--batch` adds (the entries Papis finds already in the library are left out: 90 documents).

Served as Papis writes it: `/` redirects to `/library`, the default library's search page
`/library/lab` (a query form), the list of every document `/library/lab/all` (one table: each
document's title linked to its page, its authors, year and type; the browser's DataTables
script, from a CDN, never loads here), a page per document `/library/lab/document/<papis_id>`
(its title and authors, then forms: its info.yaml, its BibTeX, citations, notes, all posted),
the tags page (no document has tags), queries `/library/lab/query?q=…`, the list of libraries.

Truth, from the library as Papis reads it (its documents' info.yaml, written out as JSON by
the load step), never from a crawl: the entities are the documents' pages; the index is one
level, the list of every document; attributes `type` (the entry's type), `year` and `author`
(each author's family and given names). The seed is `aksin` (an article).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import PythonApp, paged_list_truth
from siteseer.lab.real.debian import deb_file
from siteseer.lab.real.pyenv import Progress, PyPackage, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["SEED", "PapisApp", "document_attributes"]

SEED = "aksin"
DATA_PACKAGE = "texlive-bibtex-extra"
BIBLIOGRAPHY = "usr/share/texlive/texmf-dist/bibtex/bib/biblatex/biblatex/biblatex-examples.bib"
DOCUMENTS = "documents.json"  # lab/real/apps/papis_library.py's dump of the library


def document_attributes(document: dict[str, object]) -> dict[str, tuple[str, ...]]:
    """A document's attributes: its type, year and authors ("Family, Given" as its page names
    them), those it has."""
    people = document.get("author_list")
    authors = tuple(
        ", ".join(p for p in (str(a.get("family") or ""), str(a.get("given") or "")) if p)
        for a in (people if isinstance(people, list) else [])
        if isinstance(a, dict)
    )
    year = str(document.get("year") or document.get("date") or "")[:4]
    attributes = {
        "type": (str(document.get("type") or ""),),
        "year": (year,) if year.isdigit() else (),
        "author": tuple(a for a in authors if a),
    }
    return {name: values for name, values in attributes.items() if any(values)}


class PapisApp(PythonApp):
    """`papis serve` over a Papis library of biblatex's example bibliography."""

    id = "real-papis"
    kind = "entity-tree"
    description = (
        "reference manager: Papis' web interface (papis serve) over a library of biblatex's "
        "example bibliography"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("papis==0.16.1"),
        PyPackage("bibtexparser==1.4.4"),
    )
    script = "papis_library.py"
    data_description = f"biblatex-examples.bib (Debian {DATA_PACKAGE}), added by Papis"

    @property
    def data_file(self) -> Path:
        return self.dir / "library"  # Papis' configuration, cache and documents

    def _install(self, progress: Progress) -> None:
        log = self.dir / "logs" / "install.log"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.env.create(self.id, log, progress)
        if self.data_file.exists():
            return
        # the bibliography beside the library, where the script reads it
        deb_file(self.id, DATA_PACKAGE, BIBLIOGRAPHY, self.dir, log, progress)
        partial = self.data_file.with_name("library.partial")
        if partial.exists():
            shutil.rmtree(partial)
        load = [*self._script(), "load", "--db", str(partial)]
        run_step(self.id, "papis: adding the bibliography", load, log, progress)
        partial.replace(self.data_file)

    def truth(self, base_url: str) -> SiteTruth:
        """The documents, all on the list of every document; see the module docstring."""
        self.require_installed()
        b = base_url.rstrip("/")
        text = (self.data_file / DOCUMENTS).read_text(encoding="utf-8")
        documents = [d for d in json.loads(text) if d.get("papis_id")]
        seed = [d for d in documents if d.get("ref") == SEED]
        if len(seed) != 1 or len(documents) < 20:
            raise ValueError(f"{self.id}: the library lacks {SEED} or has few documents")
        ordered = seed + [d for d in documents if d.get("ref") != SEED]
        page = f"{b}/library/lab/document/"
        urls = [page + str(d["papis_id"]) for d in ordered]
        attributes = {url: document_attributes(d) for url, d in zip(urls, ordered, strict=True)}
        return paged_list_truth(
            self,
            b,
            ("all documents", "document"),
            urls,
            [f"{b}/library/lab/all"],
            attributes,
            (),
            notes=(
                f"{len(urls)} documents of a Papis library of biblatex-examples.bib, from "
                "the library's info.yaml files as Papis reads them. Not listed in "
                "templates: the redirects from / and /library, the search page, tags, "
                "queries, the list of libraries, the cache's clear and refresh links."
            ),
        )
