"""A load-more list's own request: learned from the requests a page sent, stepped, read."""

from __future__ import annotations

import json

import pytest

from siteseer.algorithms.querycentric.ajax import facets_of
from siteseer.algorithms.querycentric.listing import (
    ListRequest,
    answer_rows,
    continuation,
    learn_list_request,
    next_url,
    page_size_choice,
    shows_its_size,
)
from siteseer.crawler import canonical_url
from siteseer.render import PageRequest, Snapshot, snapshot_from_html

API = "http://127.0.0.1:8000/api/items"


def _get(url: str) -> PageRequest:
    return PageRequest("GET", url)


def test_an_offset_counter_and_its_page_size_are_learned_from_two_chunks() -> None:
    requests = [
        _get("http://127.0.0.1:8000/static/app.json"),
        _get(f"{API}?colour=red&colour=blue&sort=new&offset=12&limit=12"),
        _get(f"{API}?colour=red&colour=blue&sort=new&offset=24&limit=12"),
    ]
    learned = learn_list_request(requests)
    assert learned == ListRequest(API, "offset", 12, "limit")
    last = continuation(requests, learned)
    assert last == requests[-1].url
    # the next chunk at the page's own size, then a larger page continued by what came back
    assert next_url(last, learned) == f"{API}?colour=red&colour=blue&sort=new&offset=36&limit=12"
    bigger = next_url(last, learned, size=100)
    assert bigger == f"{API}?colour=red&colour=blue&sort=new&offset=36&limit=100"
    assert next_url(bigger, learned, rows=57, size=100).endswith("offset=93&limit=100")


def test_a_page_counter_is_stepped_as_seen() -> None:
    requests = [_get(f"{API}?q=tent&page=2"), _get(f"{API}?q=tent&page=3")]
    learned = learn_list_request(requests)
    assert learned == ListRequest(API, "page", 1, "")
    assert next_url(requests[-1].url, learned, rows=20, size=100) == f"{API}?q=tent&page=4"


@pytest.mark.parametrize(
    "requests",
    [
        # a POST (a Dash callback) is never asked again outside the page
        [PageRequest("POST", f"{API}?offset=0"), PageRequest("POST", f"{API}?offset=12")],
        # two parameters changed
        [_get(f"{API}?a=1&offset=0"), _get(f"{API}?a=2&offset=12")],
        # the number went down, or is no number
        [_get(f"{API}?offset=24"), _get(f"{API}?offset=12")],
        [_get(f"{API}?cursor=abc"), _get(f"{API}?cursor=abd")],
        # one request only, or two endpoints
        [_get(f"{API}?offset=12")],
        [_get(f"{API}?offset=12"), _get("http://127.0.0.1:8000/api/other?offset=24")],
    ],
)
def test_no_pattern_without_two_get_chunks_differing_in_one_growing_number(
    requests: list[PageRequest],
) -> None:
    assert learn_list_request(requests) is None


def test_the_continuation_is_the_last_request_of_the_learned_form() -> None:
    learned = ListRequest(API, "offset", 12, "limit")
    requests = [
        _get(f"{API}?brand=acme&offset=0&limit=12"),  # a facet click's first chunk
        PageRequest("POST", f"{API}?brand=acme&offset=12&limit=12"),
        _get("http://127.0.0.1:8000/api/cart"),
    ]
    assert continuation(requests, learned) == requests[0].url
    assert continuation(requests[1:], learned) is None


def _answer(body: str, content_type: str) -> Snapshot:
    url = f"{API}?offset=12&limit=12"
    return Snapshot(url=url, final_url=url, status=200, html=body, content_type=content_type)


def _canonical(url: str, base: str) -> str:
    return canonical_url(url, base)


def _is_product(url: str) -> bool:
    return "/products/" in url


def test_rows_of_a_json_answer_are_the_entity_urls_it_names_in_order() -> None:
    body = json.dumps(
        {
            "total": 40,
            "items": [
                {"url": "/products/7-tent", "name": "Tent / Green"},
                {"url": "/products/3-lamp", "brand": "acme"},
                {"url": "/products/7-tent"},
            ],
            "facets": [{"name": "brand", "values": ["/brand/acme"]}],
        }
    )
    rows = answer_rows(_answer(body, "application/json"), _is_product, _canonical)
    assert rows == (
        "http://127.0.0.1:8000/products/7-tent",
        "http://127.0.0.1:8000/products/3-lamp",
    )


def test_rows_of_an_html_fragment_are_its_entity_links() -> None:
    body = '<li><a href="/products/9-mug">Mug</a></li><li><a href="/about">About</a></li>'
    rows = answer_rows(_answer(body, "text/html"), _is_product, _canonical)
    assert rows == ("http://127.0.0.1:8000/products/9-mug",)


def test_an_answer_that_is_neither_json_nor_html_has_no_rows() -> None:
    assert answer_rows(_answer("{not json", "application/json"), _is_product, _canonical) is None
    assert answer_rows(_answer("x", "image/png"), _is_product, _canonical) is None


def _controls_page(body: str) -> Snapshot:
    return snapshot_from_html("http://127.0.0.1:8000/list", "http://127.0.0.1:8000/list", 200, body)


def test_the_largest_page_size_of_a_select_is_chosen() -> None:
    page = _controls_page(
        '<label for="pp">Per page</label><select id="pp" name="pp">'
        '<option value="10" selected>10</option><option value="50">50</option>'
        '<option value="all">All</option><option value="25">25</option></select>'
        '<label for="year">Year</label><select id="year" name="year">'
        '<option value="1952">1952</option><option value="2007">2007</option></select>'
    )
    choice = page_size_choice(page)
    assert choice is not None and choice.kind == "select"
    assert (choice.value, choice.selector) == ("all", "#pp")
    # a select of numbers under another heading (a year facet) is no page size
    years = _controls_page(
        '<label for="year">Year</label><select id="year" name="year">'
        '<option value="1952">1952</option><option value="2007">2007</option></select>'
    )
    assert page_size_choice(years) is None


def test_no_page_size_choice_when_the_largest_is_shown_or_the_choices_are_words() -> None:
    chosen = _controls_page(
        '<label for="pp">Show</label><select id="pp" name="limit">'
        '<option value="12">12</option><option value="96" selected>96</option></select>'
    )
    assert page_size_choice(chosen) is None
    words = _controls_page(
        '<label for="pp">Show</label><select id="pp" name="view">'
        '<option value="g">Grid</option><option value="l">List</option></select>'
    )
    assert page_size_choice(words) is None


def test_a_select_of_sizes_showing_the_number_listed_is_a_view_whatever_heads_it() -> None:
    # a "Limit:" menu under the list's own heading: its chosen size is the rows the page lists
    page = _controls_page(
        '<h1>Airports</h1><table><tr><td><a href="/items/a">A</a></td></tr>'
        '<tr><td><a href="/items/b">B</a></td></tr></table>'
        'Limit: <select id="limits"><option value="2" selected>2 (default)</option>'
        '<option value="100">100</option><option value="1000">1,000</option></select>'
        '<h2>Year</h2><select id="year"><option value="1952" selected>1952</option>'
        '<option value="2">2</option></select>'
    )
    limits, years = page.controls
    assert shows_its_size(limits, 2) and not shows_its_size(limits, 20)
    assert not shows_its_size(years, 2)  # a year facet whose chosen value is no page's size
    offered = {(f.attribute, f.value) for f in facets_of(page, 2)}
    assert offered == {("Year", "1952"), ("Year", "2")}
    assert ("Airports", "100") in {(f.attribute, f.value) for f in facets_of(page)}
