"""real-gapminder served for real: a Dash dashboard over plotly's gapminder, in its own venv.

Slow: the first run installs Dash, plotly and pandas from PyPI. The truth is checked against
the application's own answers: the page's layout and the callback the browser calls when a
filter changes (POST /_dash-update-component), asked directly over HTTP.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import pair_scores, set_scores
from siteseer.lab.real.gapminder import GapminderApp, entity_id
from siteseer.lab.runners.exploration import lower_bound, start_url
from siteseer.lab.server import LabServer, running_lab

pytestmark = [pytest.mark.slow, pytest.mark.real_app("real-gapminder"), pytest.mark.timeout(1800)]

OUTPUTS = [
    {"id": "table", "property": "data"},
    {"id": "table", "property": "page_current"},
    {"id": "count", "property": "children"},
]


@pytest.fixture(scope="module")
def gapminder() -> Iterator[LabServer]:
    GapminderApp("small").install(lambda line: None)
    with running_lab(["real-gapminder"], "small") as server:
        yield server


def _json(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def _table(base: str, continent: str, year: int) -> list[dict[str, Any]]:
    body = {
        "output": "..table.data...table.page_current...count.children..",
        "outputs": OUTPUTS,
        "inputs": [
            {"id": "continent", "property": "value", "value": continent},
            {"id": "year", "property": "value", "value": year},
        ],
        "changedPropIds": ["continent.value"],
    }
    answer = _json(base + "/_dash-update-component", body)
    rows: list[dict[str, Any]] = answer["response"]["table"]["data"]
    return rows


def test_every_continent_filter_lists_the_truths_countries(gapminder: LabServer) -> None:
    truth = gapminder.truth("real-gapminder")
    base = truth.base_url
    assert len(truth.target_entities) == 142
    layout = _json(base + "/_dash-layout")
    radio = next(c for c in layout["props"]["children"] if c["props"].get("id") == "continent")
    assert radio["props"]["options"] == ["All", *truth.facet_values["continent"]]
    for query in truth.queries:
        ((attribute, continent),) = query.conditions
        assert attribute == "continent"
        for year in (1952, 2007):
            rows = _table(base, continent, year)
            assert {entity_id(base, r["country"]) for r in rows} == set(query.entities)
            assert {r["year"] for r in rows} == {year}
    every = _table(base, "All", 1977)
    assert {entity_id(base, r["country"]) for r in every} == set(truth.target_entities)
    for row in every:
        attributes = truth.attributes[entity_id(base, row["country"])]
        assert attributes["continent"] == (row["continent"],)


async def test_explore_reads_the_rows_pages_and_continent_filter(gapminder: LabServer) -> None:
    """explore on the real dashboard: rows named by their key column, the table paged by its
    Next button, the continent radio group as the facet, the year dropdown found to be a view."""
    truth = gapminder.truth("real-gapminder")
    async with Session(SessionConfig(render="auto")) as session:
        result = await explore(session, start_url(truth), entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == 1.0 and entities.recall >= 0.95
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision >= 0.95 and pairs.recall >= 0.95, pairs
    explored = {q.conditions: set(q.entities) for q in result.queries if q.status == "explored"}
    for query in truth.queries:
        ((_, continent),) = query.conditions
        assert explored[(("Continent", continent),)] == set(query.entities)
    # the year is no facet: each other year lists the same countries
    years = [s for s in result.skipped if s.subject.startswith("Year: ") and s.query == "q0"]
    assert len(years) == 11 and all(s.reason in ("view", "equivalent") for s in years)
    assert result.cost.actions >= 14  # at least the start query's 15 pages, click by click


def test_explores_bound_is_an_action_per_continent_and_per_further_page_of_rows(
    gapminder: LabServer,
) -> None:
    truth = gapminder.truth("real-gapminder")
    layout = _json(truth.base_url + "/_dash-layout")
    table = next(c for c in layout["props"]["children"] if c["props"].get("id") == "table")
    assert truth.state_rows == table["props"]["page_size"]  # the rows the page shows at once
    pages = {q.conditions: -(-len(q.entities) // truth.state_rows) for q in truth.queries}
    # the page, then per continent its radio and a "next" per further page of its rows
    assert lower_bound(truth) == 1 + sum(pages.values()) > truth.lower_bound_downloads
