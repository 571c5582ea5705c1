"""real-datasette served for real: Datasette over vega_datasets' airports in its own venv.

The module fixture installs the application once (a venv under .lab-real/ filled from PyPI, then
the database; nothing the second time) and serves it as a child process. The tests hold the
truth against the application's database and the pages Datasette serves: the table's heading,
its pages at the largest size through their cursor "next" links, its facets and row pages. The
first test is fast: the truth's page scheme alone.
"""

from __future__ import annotations

import html
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.algorithms import Exploration
from siteseer.algorithms.querycentric.views import is_count_text
from siteseer.crawler import Session, SessionConfig, canonical_url
from siteseer.lab.real.datasette import (
    FACETS,
    LARGEST_PAGE,
    PAGE_SIZE,
    DatasetteApp,
    table_pages,
)
from siteseer.lab.runners.exploration import run_explore
from siteseer.lab.score import pair_scores, set_scores
from siteseer.lab.server import LabServer, running_lab

APP = "real-datasette"

ROW = re.compile(r'href="(/vega/airports/\d+)"')
NEXT = re.compile(r'<a href="([^"]*)">Next page</a>')  # the pager's link


def test_table_pages_follow_datasettes_cursor_scheme() -> None:
    ids = [1, 2, 3, 5, 8, 13, 21]
    assert table_pages("http://h/vega/t", ids, 3) == (
        "http://h/vega/t?_size=3",
        "http://h/vega/t?_next=3&_size=3",  # the cursor is the previous page's last id
        "http://h/vega/t?_next=13&_size=3",
    )
    assert table_pages("http://h/vega/t", [], LARGEST_PAGE) == ("http://h/vega/t?_size=max",)
    # the default size writes no _size: the first page is the table's own URL
    assert table_pages("http://h/vega/t", list(range(1, 202)), PAGE_SIZE) == (
        "http://h/vega/t",
        "http://h/vega/t?_next=100",
        "http://h/vega/t?_next=200",
    )
    assert len(table_pages("http://h/vega/t", list(range(1, 3377)))) == 4


@pytest.fixture(scope="module")
def datasette() -> Iterator[LabServer]:
    DatasetteApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _db(sql: str) -> list[tuple[object, ...]]:
    db = DatasetteApp("small").data_file
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute(sql))


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
@pytest.mark.parametrize("size", [PAGE_SIZE, LARGEST_PAGE])
def test_the_table_pages_list_every_airport_and_link_the_next(
    datasette: LabServer, size: int
) -> None:
    truth = datasette.truth(APP)
    ids = [int(str(r[0])) for r in _db("SELECT id FROM airports ORDER BY id")]
    assert len(ids) == len(truth.target_entities) == 3376  # every airport vega_datasets ships
    table = truth.base_url + "/vega/airports"
    pages = table_pages(table, ids, size)
    if size == LARGEST_PAGE:
        assert pages == truth.index_levels[0]
    first = get_text(pages[0])
    assert f"{len(ids):,} rows" in _text(first)  # the heading counts the table
    listed: list[str] = []
    for n, url in enumerate(pages):
        page = first if n == 0 else get_text(url)
        rows = [truth.base_url + path for path in dict.fromkeys(ROW.findall(page))]
        assert len(rows) == min(size, len(ids) - n * size), url
        listed += rows
        follow = {canonical_url(urljoin(table, html.unescape(u))) for u in NEXT.findall(page)}
        expected = set(pages[n + 1 : n + 2])
        assert follow == expected, url
    assert listed == list(truth.target_entities)  # every airport once, in the truth's order


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_facets_link_a_filter_per_value_of_the_truth(datasette: LabServer) -> None:
    truth = datasette.truth(APP)
    table = truth.base_url + "/vega/airports"
    page = html.unescape(get_text(table))
    for name in FACETS:
        # the state facet shows its 30 commonest values; "…" links the rest (_facet_size=max)
        shown = re.findall(rf'href="{re.escape(table)}\?{name}=([^"&]+)"', page)
        assert shown and set(shown) <= {v.replace(" ", "+") for v in truth.facet_values[name]}, name
    assert len(truth.facet_values["country"]) == len(_db("SELECT DISTINCT country FROM airports"))
    query = next(q for q in truth.queries if q.conditions == (("country", "Palau"),))
    filtered = get_text(f"{table}?country=Palau")
    assert [truth.base_url + p for p in ROW.findall(filtered)] == list(query.entities)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_row_pages_show_the_truths_columns(datasette: LabServer) -> None:
    truth = datasette.truth(APP)
    airports = truth.target_entities
    for url in (truth.seed_entity, airports[len(airports) // 2], airports[-1]):
        page = get_text(url)
        for value in truth.attributes[url].values():
            assert f">{html.escape(value[0], quote=False)}</td>" in page, (url, value)
        key = int(url.rsplit("/", 1)[1])
        ((iata,),) = _db(f"SELECT iata FROM airports WHERE id = {key}")
        assert truth.attributes[url]["iata"] == (iata,)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_explore_lists_every_airport_with_the_truths_facets(datasette: LabServer) -> None:
    # The cursor chain is followed to its end although each page's facet counts are of the
    # rows from its cursor on (a page is the list's by its address); the facet boxes' headings
    # hold a count ("state >30") that names nothing; the filter form's operator menu, field
    # chooser and sort select are no facets, its export form no list; the state column keeps
    # the values the facet does not show. The table's country and state columns show every
    # airport's: the facets' queries would add no pair once the list is paged to its end, and
    # are not followed.
    truth = datasette.truth(APP)
    async with Session(SessionConfig(render="auto")) as session:
        run = await run_explore(session, truth)
    result = run.result
    assert isinstance(result, Exploration)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == 1.0 and entities.recall == 1.0, entities
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == 1.0 and pairs.recall == 1.0, pairs
    named = {name for attributes in result.entities.values() for name in attributes}
    assert set(FACETS) <= named and not any(is_count_text(n.split()[-1]) for n in named), named
    assert not [q for q in result.queries if q.conditions], result.queries
    listed = [s for s in result.skipped if s.reason == "listed"]
    assert {s.subject.split("?")[1].split("=")[0] for s in listed} == set(FACETS), listed
    assert result.cost.state_changes <= 40, result.cost
    assert not [s for s in result.skipped if s.reason == "error"], result.skipped
