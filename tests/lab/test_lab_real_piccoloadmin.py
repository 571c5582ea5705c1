"""real-piccoloadmin: Piccolo Admin (PyPI), a Vue admin over the Palmer penguins, in a browser.

The fast test checks the routes and how a choice is shown (nothing installed). The slow ones
install the application (its venv from PyPI, the penguins loaded into SQLite: under a minute)
and serve it: the truth, from the application's database, is held against the admin's JSON API
(what the app draws from), then against what the Vue app draws in a browser: the row listing's
links and count, its next-page arrow that leaves the URL alone, and a row's page.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator

import pytest
from lab_http import get_text

from siteseer.crawler import Session, SessionConfig, canonical_url
from siteseer.lab.real.piccoloadmin import (
    DEFAULT_PAGE,
    FACETS,
    PiccoloAdminApp,
    listing,
    row_page,
    shown,
)
from siteseer.lab.server import LabServer, running_lab
from siteseer.render import Action

APP = "real-piccoloadmin"


def test_routes_follow_piccolo_admins_router_and_choices_are_title_cased() -> None:
    assert row_page("http://h", 7) == "http://h/#/penguin/7/"
    assert listing("http://h") == "http://h/#/penguin/"
    assert (shown("female"), shown("Adelie")) == ("Female", "Adelie")


@pytest.fixture(scope="module")
def admin() -> Iterator[LabServer]:
    PiccoloAdminApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_truth_holds_every_row_the_admin_api_serves(admin: LabServer) -> None:
    truth = admin.truth(APP)
    base = admin.url(APP).rstrip("/")
    count = json.loads(get_text(f"{base}/api/tables/penguin/count/"))["count"]
    assert count == len(truth.target_entities) == 344
    rows = json.loads(get_text(f"{base}/api/tables/penguin/?__page_size=1000"))["rows"]
    assert {row_page(base, r["id"]) for r in rows} == set(truth.target_entities)
    for row in rows:
        held = truth.attributes[row_page(base, row["id"])]
        assert held["year"] == (str(row["year"]),)
        for name in FACETS:
            assert held.get(name) == ((shown(row[name]),) if row[name] else None)
    assert truth.facet_values == {
        "species": ("Adelie", "Chinstrap", "Gentoo"),
        "island": ("Biscoe", "Dream", "Torgersen"),
        "sex": ("Female", "Male"),
    }
    assert '<div id="app"></div>' in get_text(base + "/")  # nothing without a browser


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_the_listing_links_the_truths_rows_and_pages_without_a_url(
    admin: LabServer,
) -> None:
    truth = admin.truth(APP)
    entities = truth.target_entities
    (level,) = truth.index_levels
    (index,) = level
    pages = math.ceil(len(entities) / DEFAULT_PAGE)
    async with Session(SessionConfig(cache=None, render="always")) as session:
        first = await session.page(index)
        assert f"Showing {DEFAULT_PAGE} of {len(entities)}" in _text(first.html)
        linked = {canonical_url(link.url, keep_fragment=True) for link in first.links}
        assert set(entities[:DEFAULT_PAGE]) <= linked
        assert not linked & set(entities[DEFAULT_PAGE:])
        after = await session.act(first, Action("click", "#pagination ul.pages li:last-child a"))
        assert canonical_url(after.final_url, keep_fragment=True) == index  # the URL stays
        linked_after = {canonical_url(link.url, keep_fragment=True) for link in after.links}
        assert set(entities[DEFAULT_PAGE : 2 * DEFAULT_PAGE]) <= linked_after
        assert f"of {pages}" in _text(first.html)
        row = await session.page(entities[4])
    assert "Edit penguin Species" in _text(row.html)
    for pk, url in enumerate(entities[:DEFAULT_PAGE], start=1):  # each row: id, species, island
        held = truth.attributes[url]
        assert f" {pk} {held['species'][0]} {held['island'][0]} " in _text(first.html)
