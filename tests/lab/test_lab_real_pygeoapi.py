"""real-pygeoapi: pygeoapi's HTML pages over vega_datasets' airports.

The fast tests count the items list's pages and read an airport's row as the CSV module reads
it (nothing installed). The slow ones install the application (pygeoapi in its venv, the first
rows of vega_datasets' airports.csv: about a minute) and serve it: the truth, from the CSV file,
is held against the items list's pages and the airports' pages pygeoapi writes (asked for in
HTML, as a browser asks: pygeoapi answers JSON otherwise).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_html, html_tree

from siteseer.lab.real.geoapi import PAGE_SIZE, GeoapiApp, airport_attributes, item_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-pygeoapi"


def test_the_items_list_is_paged_by_offset_past_the_first_page() -> None:
    assert item_pages(1) == [""]
    assert item_pages(PAGE_SIZE) == [""]
    assert item_pages(PAGE_SIZE + 1) == ["", f"?offset={PAGE_SIZE}"]
    assert item_pages(400, 20)[-1] == "?offset=380"
    assert len(item_pages(400, 20)) == 20


def test_an_airports_attributes_are_its_name_city_state_and_country() -> None:
    text = (
        "iata,name,city,state,country,latitude,longitude\n"
        '0Q3,Sonoma County,"Santa Rosa, CA",CA,USA,38.5,-122.8\n'
        "ROP,Rota International,Rota,,N Mariana Islands,14.17,145.24\n"
    )
    first, second = csv.DictReader(io.StringIO(text))
    assert airport_attributes(first) == {
        "name": ("Sonoma County",),
        "city": ("Santa Rosa, CA",),
        "state": ("CA",),
        "country": ("USA",),
    }
    assert "state" not in airport_attributes(second)


@pytest.fixture(scope="module")
def airports() -> Iterator[LabServer]:
    GeoapiApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_items_pages_link_every_airport_once_in_order(airports: LabServer) -> None:
    truth = airports.truth(APP)
    assert len(truth.target_entities) == len(set(truth.target_entities)) == 400
    ((*pages,),) = truth.index_levels
    linked: list[str] = []
    for page in pages:
        hrefs = re.findall(r'href="([^"]+/items/[^"?]+)"', get_html(page))
        linked += [unescape(h) for h in hrefs]
    assert linked == list(truth.target_entities)
    # each page's "Next" leads to the next one
    nexts = [re.findall(r'href="([^"]+)">Next<', get_html(p)) for p in pages[:3]]
    assert [unescape(n[0]) for n in nexts] == pages[1:4]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_an_airports_page_shows_its_properties(airports: LabServer) -> None:
    truth = airports.truth(APP)
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        page = html_tree(get_html(url))
        cells = [" ".join(c.text_content().split()) for c in page.xpath("//td")]
        attrs = truth.attributes[url]
        assert " ".join(page.xpath("string(//h1)").split()) == " ".join(attrs["name"][0].split())
        for name, (value,) in attrs.items():
            assert cells[cells.index(name) + 1] == " ".join(value.split()), (url, name)
