"""real-calibreweb: Calibre-Web over a calibre library of biblatex's example bibliography.

The fast tests check how a BibTeX database becomes books (its LaTeX, names, macros and
crossrefs) and the index's pages (nothing installed). The slow ones install the application
(Debian's calibre, Calibre-Web's venv from PyPI, the library built by calibre: a few minutes)
and serve it: the truth, from the library's metadata.db, is held against the recently added
list, each author's, publisher's, tag's and series' page and the books' pages.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text

from siteseer.lab.real.bibtex import latex_text, person_names, read_bibtex
from siteseer.lab.real.calibreweb import PER_PAGE, CalibreWebApp, books, index_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-calibreweb"
BOOK = re.compile(r'href="(/book/\d+)"')
LIST = '<div class="discover load-more">'  # the list below the index's random books

BIB = r"""
@string{cup = {Cambridge University Press}}
@collection{frontier, editor = {Westfahl, Gary}, title = {Space and Beyond},
  publisher = {Greenwood}, date = 2000, langid = {english}}
@incollection{space, author = {Westfahl, Gary}, title = {The True {Frontier}},
  crossref = {frontier}, pages = {55-65}}
@book{anima, author = {Aristotle}, title = {De Anima}, publisher = cup # { Press},
  series = {Classics}, number = 3, date = {1907}, keywords = {primary}, isbn = {0-1}}
@article{aksin, author = {Aks{\i}n, {\"O}zge and T{\"u}rkmen, Hayati and others},
  title = {Effect of {Pd-N}~-- heterocyclic carbenes}, date = 2006, series = {newser}}
@set{both, entryset = {anima,aksin}}
"""


def test_latex_prints_as_text() -> None:
    assert (
        latex_text(r"{\"O}zge Aks{\i}n, Mar{\'\i}a \c{C}etinkaya") == "Özge Aksın, María Çetinkaya"
    )
    assert (
        latex_text(r"A \& B~-- \emph{\texttt{x}} \enquote{y} \TeX\ book")
        == "A & B – x “y” TeX book"
    )


def test_names_read_first_name_first() -> None:
    names = r"Aks{\i}n, {\"O}zge and {van Gennep}, Arnold and Homer and Smith, Jr, John and others"
    assert person_names(names) == ["Özge Aksın", "Arnold van Gennep", "Homer", "John Smith, Jr"]


def test_entries_expand_macros_and_inherit_their_crossref() -> None:
    entries = {e.key: e for e in read_bibtex(BIB)}
    assert list(entries) == ["frontier", "space", "anima", "aksin", "both"]
    assert entries["anima"].text("publisher") == "Cambridge University Press Press"
    assert entries["space"].text("publisher") == "Greenwood"  # from the collection
    assert entries["space"].text("date") == "2000"


def test_each_titled_entry_is_a_book() -> None:
    found = books(BIB)
    assert [b["title"] for b in found] == [
        "Space and Beyond", "The True Frontier", "De Anima", "Effect of Pd-N – heterocyclic carbenes"
    ]  # fmt: skip
    frontier, space, anima, aksin = found
    assert frontier["authors"] == ["Gary Westfahl"]  # its editor: it names no author
    assert space["language"] == "english" and space["tags"] == ["incollection"]
    assert anima["series"] == "Classics" and anima["series_index"] == 3.0
    assert anima["tags"] == ["book", "primary"] and anima["identifiers"] == {"isbn": "0-1"}
    assert aksin["series"] == "" and aksin["authors"] == ["Özge Aksın", "Hayati Türkmen"]


def test_index_pages_follow_the_pagination() -> None:
    assert index_pages("http://h", 90) == ("http://h/", "http://h/page/2")
    assert index_pages("http://h", PER_PAGE) == ("http://h/",)


@pytest.fixture(scope="module")
def library() -> Iterator[LabServer]:
    CalibreWebApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _listed(text: str) -> list[str]:
    """The books a list page lists (below the index's random books, if any), in order."""
    return list(dict.fromkeys(BOOK.findall(text.split(LIST, 1)[-1])))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_index_pages_list_every_book_of_the_truth(library: LabServer) -> None:
    truth = library.truth(APP)
    (level,) = truth.index_levels
    found: list[str] = []
    for n, page in enumerate(level, start=1):
        text = get_text(page)
        assert n == len(level) or f'href="/page/{n + 1}"' in text, page
        found.extend(truth.base_url + href for href in _listed(text))
    assert found == list(truth.entities["book"])  # newest first
    assert len(found) == 90
    assert truth.seed_path == (level[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_value_page_lists_its_books(library: LabServer) -> None:
    truth = library.truth(APP)
    queries = {(q.conditions[0][0], q.conditions[0][1]): set(q.entities) for q in truth.queries}
    pages = [(url, name) for url, name in truth.templates.items() if "/stored/" in url]
    assert {name for _, name in pages} == {"author", "publisher", "category", "series"}
    for url, name in pages:
        text = get_text(url)
        title = re.search(r"<title>(.*?)</title>", text, re.S)  # Calibre-Web | Author: Homer
        assert title is not None, url
        value = unescape(title[1]).split(":", 1)[-1].strip()
        assert {truth.base_url + h for h in _listed(text)} == queries[(name, value)], url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_book_pages_show_their_title_and_authors(library: LabServer) -> None:
    truth = library.truth(APP)
    for url in truth.entities["book"][::7]:
        text = " ".join(unescape(re.sub(r"<[^>]+>", " ", get_text(url))).split())
        for author in truth.attributes[url].get("author", ()):
            assert author in text, url
        for tag in truth.attributes[url]["category"]:
            assert tag in text, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_two_serves_at_once_leave_the_installed_settings_alone(
    library: LabServer,
) -> None:
    """Two serves on two ports (two benches at once, beside the module's) both serve the
    library; each writes its port into a settings database of its own, not the installed one."""
    app = CalibreWebApp("small")
    settings = (app.data_file / "app.db").read_bytes()
    first, second = await asyncio.gather(app.start(), app.start())
    try:
        for running in (first, second):
            page = await asyncio.to_thread(get_text, running.url + "/")
            assert "/book/" in page
    finally:
        await first.stop()
        await second.stop()
    assert (app.data_file / "app.db").read_bytes() == settings
