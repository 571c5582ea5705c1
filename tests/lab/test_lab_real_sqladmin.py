"""real-sqladmin served for real: SQLAdmin over vega_datasets' cars in its own venv.

The module fixture installs the application once (a venv under .lab-real/ filled from PyPI, then
the small database) and serves it. The tests hold the truth against the application's database
and the pages it serves: the list at its largest page size, the filter sidebar, a details page.
"""

from __future__ import annotations

import html
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.sqladmin import LARGEST_PAGE, SqlAdminApp
from siteseer.lab.server import LabServer, running_lab

pytestmark = [pytest.mark.slow, pytest.mark.real_app("real-sqladmin"), pytest.mark.timeout(900)]

DETAILS = re.compile(r'href="([^"]*/admin/car/details/\d+)"')
LINK = re.compile(r'href="([^"]*/admin/car/list\?[^"]*)"')


@pytest.fixture(scope="module")
def sqladmin() -> Iterator[LabServer]:
    SqlAdminApp("small").install(lambda line: None)
    with running_lab(["real-sqladmin"], "small") as server:
        yield server


def _db(sql: str) -> list[tuple[object, ...]]:
    db = SqlAdminApp("small").data_file
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute(sql))


def test_the_list_at_its_largest_page_size_holds_every_car(sqladmin: LabServer) -> None:
    truth = sqladmin.truth("real-sqladmin")
    (level,) = truth.index_levels
    ids = [r[0] for r in _db("SELECT id FROM car ORDER BY id")]
    assert len(ids) == 406 and len(level) == -(-406 // LARGEST_PAGE)
    listed: list[str] = []
    linked: set[str] = set()
    for url in level:
        page = get_text(url)
        listed += DETAILS.findall(page)
        linked |= {canonical_url(html.unescape(u)) for u in LINK.findall(page)}
    assert listed == list(truth.target_entities)
    assert set(level) <= linked  # each page of the list links the others


def test_the_filter_sidebar_offers_the_truths_facet_values(sqladmin: LabServer) -> None:
    truth = sqladmin.truth("real-sqladmin")
    page = html.unescape(get_text(truth.base_url + "/admin/car/list"))
    for name, values in truth.facet_values.items():
        offered = set(re.findall(rf"[?&]{name}=([^&\"]+)\"", page)) - {"__all"}
        assert offered == set(values), name
    usa = next(q for q in truth.queries if q.conditions == (("origin", "USA"),))
    assert len(usa.entities) == _db("SELECT count(*) FROM car WHERE origin = 'USA'")[0][0]


def test_a_details_page_shows_the_truths_attributes(sqladmin: LabServer) -> None:
    truth = sqladmin.truth("real-sqladmin")
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", get_text(truth.seed_entity)))
    for name, (value,) in truth.attributes[truth.seed_entity].items():
        assert f" {name} {value} " in text, (name, value)
