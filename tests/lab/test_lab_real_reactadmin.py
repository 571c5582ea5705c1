"""real-reactadmin served for real: react-admin (npm) over vega-datasets' movies, in a browser.

The module fixture installs the application once (npm packages and the esbuild bundle, an empty
venv for the static server, the movies; nothing the second time) and serves it. The tests hold
the truth, computed from the served `movies.json`, against what react-admin draws: the list at
its largest page size, rows that hold no link and open their movie when clicked, and the show
page's fields. The first test is fast: the truth's route scheme alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from siteseer.algorithms import explore, ssup
from siteseer.crawler import Session, SessionConfig, canonical_url
from siteseer.lab import set_scores
from siteseer.lab.real.reactadmin import FACETS, LARGEST_PAGE, ReactAdminApp, list_page, show_route
from siteseer.lab.server import LabServer, running_lab
from siteseer.lab.truth import start_url
from siteseer.render import Action

APP = "real-reactadmin"


def test_routes_follow_react_admins_scheme() -> None:
    assert show_route("http://h", 7) == "http://h/#/movies/7/show"
    assert list_page("http://h", 2, 25) == (
        "http://h/#/movies?filter=%7B%7D&order=ASC&page=2&perPage=25&sort=id"
    )


@pytest.fixture(scope="module")
def reactadmin() -> Iterator[LabServer]:
    ReactAdminApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_rows_hold_no_link_and_open_the_truths_movie_when_clicked(
    reactadmin: LabServer,
) -> None:
    truth = reactadmin.truth(APP)
    movies = json.loads((ReactAdminApp("small").data_file / "movies.json").read_text())
    assert len(truth.target_entities) == len(movies) == 1000
    level = truth.index_levels[0]
    assert len(level) == 10
    async with Session(SessionConfig(cache=None, render="always")) as session:
        last = await session.page(level[-1])
        assert f"901-1000 of {len(movies)}" in _text(last.html)
        assert last.html.count("RaDatagrid-clickableRow") == LARGEST_PAGE
        assert not [link for link in last.links if "/movies/" in link.url]  # no row is a link
        opened = await session.act(last, Action("click", "tbody tr:nth-of-type(3)"))
        assert canonical_url(opened.final_url, keep_fragment=True) == truth.target_entities[902]
        show = await session.page(truth.target_entities[4])
    movie = movies[4]
    shown = _text(show.html)
    assert movie["title"] in shown
    for field, label in FACETS.items():
        assert truth.attributes[truth.target_entities[4]].get(label) == (
            (str(movie[field]),) if movie[field] else None
        )
        if movie[field]:
            assert f"{label} {movie[field]}" in shown


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
async def test_ssup_and_explore_find_every_movie_through_rows_that_open_by_script(
    reactadmin: LabServer,
) -> None:
    # No row is a link: both read the rows' URLs off two clicks (algorithms/openers.py), and
    # the pager's buttons too, page by page.
    truth = reactadmin.truth(APP)
    async with Session(SessionConfig(render="auto", cache=None)) as session:
        found = await ssup(session, truth.seed_entity, height="auto")
    assert set_scores(found.entities, truth.target_entities).f1 >= 0.95
    async with Session(SessionConfig(render="auto", cache=None)) as session:
        explored = await explore(session, start_url(truth), entity_sample=truth.seed_entity)
    assert set_scores(explored.entities, truth.target_entities).recall >= 0.95
