"""real-sqliteweb served for real: sqlite-web over vega_datasets' tables in its own venv.

The module fixture installs the application once (a venv under .lab-real/ filled from PyPI, then
the small database; nothing the second time) and serves it as a child process. The tests hold
the truth against the application's database and the pages it serves.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from urllib.parse import urljoin

import pytest
from click.testing import CliRunner
from lab_http import get_text

from siteseer.cli import app
from siteseer.lab.bench import run_one
from siteseer.lab.real.sqliteweb import PAGE_SIZE, TABLES, SqliteWebApp, content_pages, row_key
from siteseer.lab.registry import methods
from siteseer.lab.server import LabServer, running_lab

pytestmark = [
    pytest.mark.slow,
    pytest.mark.real_app("real-sqliteweb"),
    pytest.mark.timeout(1200),
]

ROW = re.compile(r'href="(/airports/row/[A-Za-z0-9_=-]+/)"')
PAGE = re.compile(r'href="(/airports/content/\?page=\d+)"')


@pytest.fixture(scope="module")
def sqliteweb() -> Iterator[LabServer]:
    SqliteWebApp("small").install(lambda line: None)
    with running_lab(["real-sqliteweb"], "small") as server:
        yield server


def _db(sql: str) -> list[tuple[object, ...]]:
    db = SqliteWebApp("small").data_file
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute(sql))


def test_row_keys_and_pages_follow_sqlite_webs_scheme() -> None:
    assert row_key(1) == "WzFd" and row_key(14) == "WzE0XQ=="
    assert content_pages("airports", 120, 50) == (
        "/airports/content/",
        "/airports/content/?page=2",
        "/airports/content/?page=3",
    )


def test_lab_truth_agrees_with_the_apps_database(sqliteweb: LabServer) -> None:
    base = sqliteweb.url("real-sqliteweb")
    result = CliRunner().invoke(app, ["lab", "truth", "real-sqliteweb", "--base-url", base])
    assert result.exit_code == 0, result.output
    truth = json.loads(result.stdout)
    ids = [int(str(r[0])) for r in _db("SELECT id FROM airports ORDER BY id")]
    assert len(ids) == 1000  # the small data set: the first 1,000 airports of vega_datasets
    assert truth["target_type"] == "airports" and set(truth["entities"]) == set(TABLES)
    assert truth["entities"]["airports"] == [f"{base}/airports/row/{row_key(i)}/" for i in ids]
    (level,) = truth["index_levels"]
    assert len(level) == 1000 // PAGE_SIZE
    assert truth["seed_path"] == [f"{base}/airports/content/", truth["seed_entity"]]
    iata, city = _db("SELECT iata, city FROM airports WHERE id = 1")[0]
    assert truth["attributes"][truth["seed_entity"]]["iata"] == [iata]
    assert truth["attributes"][truth["seed_entity"]]["city"] == [city]


def test_the_content_pages_list_every_airport_and_link_each_other(sqliteweb: LabServer) -> None:
    truth = sqliteweb.truth("real-sqliteweb")
    base = truth.base_url
    (level,) = truth.index_levels
    listed: list[str] = []
    linked: set[str] = set()
    for url in level:
        html = get_text(url)
        rows = [base + path for path in ROW.findall(html)]
        assert len(rows) == PAGE_SIZE
        listed += rows
        linked |= {urljoin(base, p) for p in PAGE.findall(html)}
    assert listed == list(truth.target_entities)  # every airport once, in the truth's order
    assert linked - {f"{base}/airports/content/?page=1"} == set(level[1:])
    seed = get_text(truth.seed_entity)
    for value in truth.attributes[truth.seed_entity].values():
        assert f"<td>{value[0]}</td>" in seed


async def test_follow_links_crawls_rows_of_the_real_app(sqliteweb: LabServer) -> None:
    truth = sqliteweb.truth("real-sqliteweb")
    result = await run_one(methods()["follow-links"], truth, budget=120, timeout_s=600)
    assert result.row.error is None, result.row.error
    assert result.run is not None
    found = set(result.run.found) & set(truth.target_entities)
    assert len(found) >= PAGE_SIZE, result.row.to_dict()  # at least a content page's airports


async def test_ssup_keeps_the_index_page_its_climb_confirmed(sqliteweb: LabServer) -> None:
    # The table's structure tab (/airports/) is shorter than its content page and links to it
    # the way page links do, but lists no row: the climb must not take it for the content list's
    # first page and lose the level it confirmed (then it found the seed alone: F1 0.002).
    truth = sqliteweb.truth("real-sqliteweb")
    result = await run_one(methods()["ssup"], truth, budget=None, timeout_s=900)
    assert result.row.error is None, result.row.error
    assert result.run is not None
    assert result.row.f1 is not None and result.row.f1 >= 0.95, result.row.to_dict()
    assert result.row.cost.downloads <= 3 * truth.lower_bound_downloads, result.row.to_dict()
    assert not any("/cars/" in u or "/stocks/" in u for u in result.run.found)
