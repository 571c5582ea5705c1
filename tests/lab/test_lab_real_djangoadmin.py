"""real-djangoadmin served for real: the Django admin over vega_datasets' weather in its venv.

The module fixture installs the application once (a venv under .lab-real/ filled from PyPI, then
the small database) and serves it. The tests hold the truth against the application's database
and the pages the admin serves: the change-list page by page through its paginator, the filter
sidebar, the date drill-down, a change page, and that nothing can be written.
"""

from __future__ import annotations

import html
import re
import sqlite3
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import closing

import pytest
from lab_http import get_text

from siteseer.algorithms import Exploration
from siteseer.crawler import Session, SessionConfig, canonical_url
from siteseer.lab.real.djangoadmin import PER_PAGE, DjangoAdminApp
from siteseer.lab.runners.exploration import run_explore
from siteseer.lab.score import pair_scores, set_scores
from siteseer.lab.server import LabServer, running_lab

pytestmark = [pytest.mark.slow, pytest.mark.real_app("real-djangoadmin"), pytest.mark.timeout(900)]

# a row's link carries the list's query from page 2 on (?_changelist_filters=p%3D2)
CHANGE = re.compile(r'href="(/admin/weather/day/\d+/change/)(\?_changelist_filters=[^"]*)?"')
QUERY = re.compile(r'href="(\?[^"]*)"')


@pytest.fixture(scope="module")
def django_admin() -> Iterator[LabServer]:
    DjangoAdminApp("small").install(lambda line: None)
    with running_lab(["real-djangoadmin"], "small") as server:
        yield server


def _db(sql: str) -> list[tuple[object, ...]]:
    db = DjangoAdminApp("small").data_file
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute(sql))


def _links(page: str, url: str) -> set[str]:
    return {canonical_url(html.unescape(u), url) for u in QUERY.findall(page)}


def test_the_change_list_pages_hold_every_day_and_link_each_other(django_admin: LabServer) -> None:
    truth = django_admin.truth("real-djangoadmin")
    (level,) = truth.index_levels
    (count,) = _db("SELECT count(*) FROM weather_day")[0]
    assert count == len(truth.target_entities) == 500
    assert len(level) == -(-500 // PER_PAGE)
    assert truth.base_url + "/admin/weather/day/" in {
        truth.base_url + u for u in re.findall(r'href="(/admin/weather/day/)"', get_text(
            truth.base_url + "/admin/"))}  # fmt: skip
    listed: list[str] = []
    for n, url in enumerate(level):
        page = get_text(url)
        rows = [truth.base_url + u for u, _ in CHANGE.findall(page)]
        assert {q for _, q in CHANGE.findall(page)} == (
            {""} if n == 0 else {f"?_changelist_filters=p%3D{n + 1}"}
        )
        assert len(rows) == min(PER_PAGE, count - n * PER_PAGE)
        listed += rows
        assert set(level[1:]) - {url} <= _links(page, url)  # the paginator links every page
    assert listed == list(truth.target_entities)
    assert listed[0] == truth.seed_entity


def test_the_sidebar_offers_the_truths_weather_and_the_date_drill_down(
    django_admin: LabServer,
) -> None:
    truth = django_admin.truth("real-djangoadmin")
    first = truth.index_levels[0][0]
    page = html.unescape(get_text(first))
    assert set(re.findall(r'href="\?weather=([^&"]+)"', page)) == set(truth.facet_values["weather"])
    years = sorted(str(r[0]) for r in _db("SELECT DISTINCT substr(date, 1, 4) FROM weather_day"))
    assert sorted(re.findall(r'href="\?date__year=(\d+)"', page)) == years
    rain = next(q for q in truth.queries if q.conditions == (("weather", "rain"),))
    shown = re.search(r"(\d+) days?", html.unescape(get_text(first + "?weather=rain")))
    assert shown is not None and int(shown.group(1)) == len(rain.entities)
    assert (
        len(rain.entities) == _db("SELECT count(*) FROM weather_day WHERE weather = 'rain'")[0][0]
    )
    months = get_text(first + "?date__year=2013")
    assert sorted(set(re.findall(r"date__month=(\d+)", months)), key=int) == [
        "1",
        "2",
        "3",
        "4",
        "5",
    ]


def test_a_change_page_shows_the_truths_fields_and_takes_no_writes(
    django_admin: LabServer,
) -> None:
    truth = django_admin.truth("real-djangoadmin")
    for url in (truth.seed_entity, truth.target_entities[-1]):
        text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", get_text(url))))
        for name, (value,) in truth.attributes[url].items():
            label = name.replace("_", " ").capitalize()
            assert f" {label}: {value} " in text, (url, name, value)
    request = urllib.request.Request(truth.seed_entity, data=b"weather=snow", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=60)
    assert refused.value.code == 403  # the CSRF check; the site also refuses anonymous POSTs
    (weather,) = truth.attributes[truth.seed_entity]["weather"]
    assert _db("SELECT weather FROM weather_day WHERE id = 1") == [(weather,)]


async def test_explore_lists_every_day_with_the_truths_weather(django_admin: LabServer) -> None:
    # Row links carry the list's state (?_changelist_filters=p%3D2) on every page but the
    # first: they name the day's page all the same, so later pages and filter results are the
    # list's. "By weather" is a link facet, "Show counts" a view, the date drill-down one
    # attribute "date", and the search box is not fed the anchors' words. The list's Weather
    # column shows every day's weather, its Date column every day's date: neither facet's
    # queries would add a pair (the date's years, months and ranges only narrow the date
    # shown), so none is followed and the list's pages are the run.
    truth = django_admin.truth("real-djangoadmin")
    async with Session(SessionConfig(render="auto")) as session:
        run = await run_explore(session, truth)
    result = run.result
    assert isinstance(result, Exploration)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == 1.0 and entities.recall == 1.0, entities
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == 1.0 and pairs.recall == 1.0, pairs
    listed = {s.subject for s in result.skipped if s.reason == "listed"}
    assert any("date__year=" in u for u in listed) and any("weather=" in u for u in listed)
    assert [q.id for q in result.queries if q.status == "explored"] == ["q0"]
    assert run.extra["state_changes"] <= 1.5 * run.extra["lower_bound_downloads"], run.extra
