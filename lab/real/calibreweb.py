"""real-calibreweb: Calibre-Web (PyPI `calibreweb`) over a calibre library of a real bibliography.

The application is Calibre-Web 0.6 (lab/real/apps/calibreweb_app.py, in its own venv), a web
catalogue of an e-book library made by calibre, on its own Tornado server with its default
settings but anonymous browsing on: every visitor is its guest user, nobody can log in. Its
pages: the books recently added `/` (newest first, 60 a page, numbered page links `/page/N`,
sort links `?sort=…` kept in the visitor's session), a book `/book/<id>` (title, authors,
publisher, publication date, languages, tags, series, identifiers, description), the lists of
authors `/author`, publishers `/publisher`, series `/series`, tags `/category`, languages
`/language`, each value's books (`/author/stored/<id>`, `/publisher/stored/<id>`,
`/series/stored/<id>`, `/category/stored/<id>`, `/language/stored/<code>`, paged the same way,
`stored` the visitor's sort order), four random books above the list on the index, a random
selection `/discover`, rated and most-read lists, search and an OPDS feed `/opds`.

Data: biblatex's own example bibliography (biblatex-examples.bib in Debian's
`texlive-bibtex-extra`, unpacked, not installed): real works (Aristotle, Knuth, Nietzsche,
articles from chemistry and physics journals, patents, theses), read by `bibtex.py`; each entry
with a title is a book (`books`): its authors (its editors where it names no author), publisher,
date, language, series (a book's; an article's `series` names a journal's), tags (the entry's
type and keywords), identifiers (ISBN, DOI, arXiv) and description (its abstract, else its
annotation). The library is built by Debian's calibre with calibre's own code
(lab/real/apps/calibre_library.py, `calibre-debug`), the books added in the file's order. The
same 90 books at every size.

Truth, from the library's `metadata.db` (never a crawl): the entities are every book's page
`/book/<id>`; the index is one level, the recently added list as its pagination links it (`/`,
`/page/2` …), newest first; the seed is its first book. Attributes: each book's authors,
publisher, tags and series; `facet_values` their values, one query each (its page lists them).
Calibre's tags are named "category", as Calibre-Web shows them (its menu's "Categories", a
tag's page "Category: <tag>"); the site never writes "tag".
"""

from __future__ import annotations

import json
import math
import re
import shutil
from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from siteseer.lab.real.app import APPS_DIR, PythonApp, paged_list_truth, read_sqlite
from siteseer.lab.real.bibtex import Entry, person_names, read_bibtex
from siteseer.lab.real.debian import apt_install, deb_file
from siteseer.lab.real.pyenv import Progress, PyPackage, run_step
from siteseer.lab.truth import SiteTruth

__all__ = ["PER_PAGE", "CalibreWebApp", "books", "index_pages"]

PER_PAGE = 60  # Calibre-Web's config_books_per_page
DATA_PACKAGE = "texlive-bibtex-extra"
BIBLIOGRAPHY = "usr/share/texlive/texmf-dist/bibtex/bib/biblatex/biblatex/biblatex-examples.bib"
FACETS = ("author", "publisher", "category", "series")
_JOURNAL_TYPES = ("article", "periodical")  # their `series` is a journal's, not a book series


def index_pages(base: str, count: int) -> tuple[str, ...]:
    """The recently added list as its pagination links it: `/`, then `/page/N`."""
    pages = max(1, math.ceil(count / PER_PAGE))
    return (f"{base}/", *(f"{base}/page/{n}" for n in range(2, pages + 1)))


def _book(entry: Entry) -> dict[str, object]:
    fields = entry.fields
    people = person_names(fields.get("author") or fields.get("editor") or "")
    date = (entry.text("date") or entry.text("year")).split("/")[0]
    number = entry.text("number")
    series = "" if entry.type in _JOURNAL_TYPES else entry.text("series")
    keywords = [k.strip() for k in entry.text("keywords").split(",") if k.strip()]
    identifiers = {"isbn": entry.text("isbn"), "doi": entry.text("doi")}
    if entry.text("eprinttype").lower() == "arxiv":
        identifiers["arxiv"] = entry.text("eprint")
    return {
        "title": entry.text("title"),
        "authors": people,
        "publisher": entry.text("publisher"),
        "date": date if re.fullmatch(r"\d{4}(-\d\d){0,2}", date) else "",
        "language": entry.text("langid") or entry.text("language"),
        "tags": [entry.type, *keywords],
        "series": series,
        "series_index": float(number) if series and number.isdigit() else 1.0,
        "identifiers": {k: v for k, v in identifiers.items() if v},
        "comments": entry.text("abstract") or entry.text("annotation"),
    }


def books(text: str) -> list[dict[str, object]]:
    """The books a BibTeX database describes: each entry with a title, in the file's order."""
    return [_book(e) for e in read_bibtex(text) if e.text("title")]


class CalibreWebApp(PythonApp):
    """Calibre-Web's catalogue of a calibre library built from biblatex's examples."""

    id = "real-calibreweb"
    kind = "entity-tree"
    description = (
        "Calibre-Web (PyPI calibreweb) over a calibre library of biblatex's example "
        "bibliography: books by author, publisher, tag and series, paged lists"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (PyPackage("calibreweb==0.6.27"),)
    script = "calibreweb_app.py"
    data_description = f"biblatex-examples.bib (Debian {DATA_PACKAGE}), built by Debian's calibre"

    @property
    def data_file(self) -> Path:
        return self.dir / "library"  # the calibre library and Calibre-Web's settings in it

    def needs(self) -> tuple[str, ...]:
        return ("Debian calibre (calibre-debug)", *super().needs())

    def installed(self) -> bool:
        return super().installed() and shutil.which("calibre-debug") is not None

    def _install(self, progress: Progress) -> None:
        log = self.dir / "logs" / "install.log"
        self.dir.mkdir(parents=True, exist_ok=True)
        present = shutil.which("calibre-debug") is not None
        apt_install(self.id, ("calibre",), present, log, progress)
        self.env.create(self.id, log, progress)
        if self.data_file.exists():
            return
        bibliography = deb_file(self.id, DATA_PACKAGE, BIBLIOGRAPHY, self.dir, log, progress)
        books_file = self.dir / "books.json"
        text = bibliography.read_text(encoding="utf-8")
        books_file.write_text(json.dumps(books(text), ensure_ascii=False), encoding="utf-8")
        partial = self.data_file.with_name("library.partial")
        if partial.exists():
            shutil.rmtree(partial)
        build = ["calibre-debug", "-e", str(APPS_DIR / "calibre_library.py")]
        run_step(self.id, "building the calibre library", [*build, str(books_file), str(partial)],
                 log, progress)  # fmt: skip
        run_step(self.id, "Calibre-Web's settings", [*self._script(), "load", "--db", str(partial)],
                 log, progress)  # fmt: skip
        partial.replace(self.data_file)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        db = self.data_file / "metadata.db"
        rows = read_sqlite(db, "SELECT id FROM books ORDER BY timestamp DESC, id DESC")
        urls = tuple(f"{b}/book/{row[0]}" for row in rows)
        values = {
            "author": self._values(db, "authors", "author"),
            "publisher": self._values(db, "publishers", "publisher"),
            "category": self._values(db, "tags", "tag"),
            "series": self._values(db, "series", "series"),
        }
        attributes: dict[str, dict[str, tuple[str, ...]]] = {
            f"{b}/book/{row[0]}": {
                name: tuple(v for _, v in by_book.get(int(str(row[0])), ()))
                for name, by_book in values.items()
                if by_book.get(int(str(row[0])))
            }
            for row in rows
        }
        level = index_pages(b, len(urls))
        listing = {"author": "author", "publisher": "publisher"}
        value_pages = {
            f"{b}/{listing.get(name, name)}/stored/{pk}": name
            for name, by_book in values.items()
            for pairs in by_book.values()
            for pk, _ in pairs
        }
        notes = (
            f"Calibre-Web's recently added list, {len(level)} pages of {len(urls)} books at "
            f"{PER_PAGE} a page, newest first; each author's, publisher's, tag's and series' "
            "page lists its books the same way. Not listed in templates: the lists of "
            "authors, publishers, series, tags and languages, the language pages, sort "
            "orders (kept in the visitor's session), /discover (random), the rated "
            "and most-read lists, search, the OPDS feed, log-in and the read/download links "
            "(no book has a file)."
        )
        truth = paged_list_truth(self, b, ("books", "book"), urls, level, attributes, FACETS, notes)
        return replace(truth, templates=value_pages | truth.templates)

    @staticmethod
    def _values(db: Path, table: str, column: str) -> dict[int, list[tuple[int, str]]]:
        """Each book's values of a calibre link table (`books_<table>_link`), in calibre's
        order: book id → [(value id, value)]."""
        link = f"books_{table}_link"
        rows = read_sqlite(
            db,
            f"SELECT l.book, v.id, v.name FROM {link} l JOIN {table} v ON v.id = l.{column} "
            "ORDER BY l.book, l.id",
        )
        out: dict[int, list[tuple[int, str]]] = {}
        for book, pk, name in rows:
            out.setdefault(int(str(book)), []).append((int(str(pk)), str(name)))
        return out
