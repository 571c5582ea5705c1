"""Lists drawn as they scroll (algorithms/scrolled.py, render's scroll action): a page whose
virtualised list draws only the rows in view gives every row's link once scrolled through,
against the lab's truth (spa-virtual, whose standings draw three rows at a time, beside spa,
the same site drawn whole)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import pytest

from siteseer.algorithms import ssup
from siteseer.algorithms.querycentric import explore
from siteseer.algorithms.run import Run
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, set_scores

Lab = Callable[[str], LabServer]


def _paths(urls: set[str]) -> set[str]:
    return {urlsplit(u).path for u in urls}


async def test_a_season_whose_standings_draw_the_rows_in_view_lists_every_driver(lab: Lab) -> None:
    virtual, whole = lab("spa-virtual"), lab("spa")
    truth = virtual.truth("spa-virtual")
    drivers = set(truth.target_entities)
    season = truth.index_levels[-1][0]
    async with Session(SessionConfig(render="always", cache=None)) as session:
        twin = await session.page(whole.url("spa") + urlsplit(season).path)  # drawn whole
    async with Session(SessionConfig(render="always", cache=None)) as session:
        run = Run(session)
        page = await run.fetch_one(season)
        assert page is not None
        plain = await session.page(season)  # the page as loaded: the first rows only
    listed = _paths({x.url for x in twin.links} & set(whole.truth("spa").target_entities))
    assert len(listed) == 10  # a page of standings (small: ten drivers a page)
    shown = _paths({x.url for x in plain.links} & drivers)
    assert shown < listed and len(shown) <= 5
    assert [r.selector for r in plain.scroll_regions]  # the scroll box, drawn in part
    assert _paths({x.url for x in page.links} & drivers) == listed
    scrolled = [e for e in run.trace if e.step == "scroll" and e.decision == "drawn"]
    assert len(scrolled) == 1
    cost = run.cost()
    assert cost.downloads == 1  # the scroll goes on in the page as loaded
    assert 1 <= cost.actions <= 6  # a few steps of three rows: not one a row


async def test_a_page_drawn_whole_is_not_scrolled(lab: Lab) -> None:
    truth = lab("spa").truth("spa")
    async with Session(SessionConfig(render="always", cache=None)) as session:
        run = Run(session)
        page = await run.fetch_one(truth.index_levels[-1][0])
    assert page is not None and not page.scroll_regions
    assert run.cost().actions == 0 and not [e for e in run.trace if e.step == "scroll"]


@pytest.mark.slow
async def test_ssup_and_explore_find_every_driver_of_a_site_whose_lists_draw_rows_in_view(
    lab: Lab,
) -> None:
    server, whole = lab("spa-virtual"), lab("spa")
    truth = server.truth("spa-virtual")
    async with Session(SessionConfig(render="auto", cache=None)) as session:
        found = await ssup(session, truth.seed_entity, height="auto")
    assert set_scores(found.entities, truth.target_entities).f1 >= 0.95
    season = urlsplit(truth.index_levels[-1][0]).path
    explored: list[set[str]] = []
    for site, base in (("spa-virtual", server.url("spa-virtual")), ("spa", whole.url("spa"))):
        async with Session(SessionConfig(render="auto", cache=None)) as session:
            result = await explore(session, base + season)
        drivers = set(result.entities) & set(lab(site).truth(site).target_entities)
        explored.append(_paths(drivers))
    assert len(explored[1]) >= 10
    assert explored[0] == explored[1]  # the season's drivers, as the site drawn whole lists them
