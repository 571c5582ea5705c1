"""real-drf: Django REST framework's browsable API over pycountry's ISO tables.

The fast test checks the country list's pages (nothing installed). The slow ones install the
application (its venv from PyPI, pycountry's tables loaded into SQLite: seconds) and serve it:
the truth, from the application's database, is held against the browsable API's HTML (what a
browser asking for text/html is sent) of the list pages and the countries' pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_html

from siteseer.lab.real.drf import DrfApp, list_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-drf"


def test_list_pages_follow_the_pagination() -> None:
    assert list_pages("http://h", "countries", 41) == (
        "http://h/api/countries/",
        "http://h/api/countries/?page=2",
        "http://h/api/countries/?page=3",
    )
    assert list_pages("http://h", "countries", 0) == ("http://h/api/countries/",)


@pytest.fixture(scope="module")
def api() -> Iterator[LabServer]:
    DrfApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_list_pages_link_every_country_of_the_truth(api: LabServer) -> None:
    truth = api.truth(APP)
    (level,) = truth.index_levels
    assert f'href="{level[0]}"' in get_html(truth.base_url + "/api/")
    country = re.compile(re.escape(truth.base_url) + r"/api/countries/[A-Z]{2}/")
    page_link = re.compile(re.escape(truth.base_url) + r"/api/countries/(?:\?page=\d+)?")
    linked_pages: set[str] = set()
    found: list[str] = []
    for page in level:
        hrefs = [unescape(h) for h in re.findall(r'href="([^"]*)"', get_html(page))]
        linked_pages |= {h for h in hrefs if page_link.fullmatch(h)}
        found.extend(dict.fromkeys(h for h in hrefs if country.fullmatch(h)))
    assert linked_pages >= set(level)
    assert found == list(truth.entities["country"])  # by name, as the truth orders them
    assert len(found) == 249
    assert truth.seed_path == (level[0], found[0])
    assert len(truth.entities["subdivision"]) == 1000
    assert len(truth.entities["currency"]) > 150


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_country_pages_show_the_fields(api: LabServer) -> None:
    truth = api.truth(APP)
    for url in truth.entities["country"][::25]:
        text = unescape(get_html(url))
        assert f'href="{url}"' in text  # the record's own url, drawn as a link
        for name, values in truth.attributes[url].items():
            assert f'"{name}": "{values[0]}"' in text, (url, name, values)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_subdivision_pages_link_their_country(api: LabServer) -> None:
    truth = api.truth(APP)
    countries = set(truth.entities["country"])
    for url in truth.entities["subdivision"][::100]:
        code = url.rstrip("/").rsplit("/", 1)[1]
        linked = set(re.findall(r'href="([^"]*/api/countries/[A-Z]{2}/)"', get_html(url)))
        assert linked and linked <= countries, url
        assert any(c.endswith(f"/{code.split('-')[0]}/") for c in linked), url
