"""real-oscar: a django-oscar shop whose catalogue is vega_datasets' cars.

The fast test checks the catalogue's pages (nothing installed). The slow ones install the
application (its venv from PyPI, Oscar's migrations, the cars loaded and indexed: minutes) and
serve it: the truth, from the application's database, is held against the catalogue's pages,
the category pages and the products' pages.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text, page_text

from siteseer.lab.real.oscar import PER_PAGE, OscarApp, catalogue_pages, shown
from siteseer.lab.server import LabServer, running_lab

APP = "real-oscar"
PRODUCT = re.compile(r'href="(/catalogue/[^/"]+_\d+/)"')


def test_catalogue_pages_follow_the_pagination() -> None:
    assert catalogue_pages("http://h", 41) == (
        "http://h/catalogue/",
        "http://h/catalogue/?page=2",
        "http://h/catalogue/?page=3",
    )
    assert catalogue_pages("http://h", 0) == ("http://h/catalogue/",)


def test_a_short_last_page_shows_what_whoosh_gives() -> None:
    items = [str(n) for n in range(1, 407)]
    assert shown(items, 1) == items[:20]
    assert shown(items, 21) == items[396:402]  # never the last four
    assert shown(items[:41], 3) == ["41"]  # a length that divides its start: right


@pytest.fixture(scope="module")
def shop() -> Iterator[LabServer]:
    OscarApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _products(truth_base: str, text: str) -> list[str]:
    return [truth_base + href for href in dict.fromkeys(PRODUCT.findall(text))]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_catalogue_pages_list_every_product_of_the_truth(shop: LabServer) -> None:
    truth = shop.truth(APP)
    (level,) = truth.index_levels
    products = list(truth.entities["product"])  # in the order they were indexed
    found: list[str] = []
    for n, page in enumerate(level, start=1):
        text = get_text(page)
        assert n == len(level) or f'href="?page={n + 1}"' in text, page
        on_page = _products(truth.base_url, text)
        assert on_page == shown(products, n), page
        found.extend(u for u in on_page if u not in found)
    assert len(products) == 406
    assert set(found) | set(truth.hidden) == set(products)
    assert len(truth.hidden) == 4  # 406 products: the last page shows the 397th to the 402nd
    assert products[:400] == found[:400]
    assert truth.seed_path == (level[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_category_page_lists_its_products(shop: LabServer) -> None:
    truth = shop.truth(APP)
    by_value = {q.conditions[0]: set(q.entities) for q in truth.queries}
    assert {v for (name, v) in by_value if name == "origin"} == {"USA", "Europe", "Japan"}
    categories = [u for u, t in truth.templates.items() if t == "category"]
    assert len(categories) == len(truth.queries)
    for url in categories:
        first = get_text(url)
        name = unescape(re.search(r"<h1>\s*([^<]*?)\s*</h1>", first)[1])  # type: ignore[index]
        depth = url.count("/", len(truth.base_url + "/catalogue/category/"))
        expected = by_value[("origin" if depth == 1 else "make", name)]
        listed = set(_products(truth.base_url, first))
        for n in range(2, math.ceil(len(expected) / PER_PAGE) + 1):
            listed |= set(_products(truth.base_url, get_text(f"{url}?page={n}")))
        assert listed <= expected, url  # a category's products, by Whoosh's relevance
        assert len(expected - listed) <= PER_PAGE, url  # less what its last page leaves out


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_product_pages_show_their_categories(shop: LabServer) -> None:
    truth = shop.truth(APP)
    for url in truth.entities["product"][::25]:
        text = " ".join(unescape(re.sub(r"<[^>]+>", " ", get_text(url))).split())
        for values in truth.attributes[url].values():
            assert values[0] in text, (url, values)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_unlabelled_attributes_show_their_values_and_never_their_names(
    shop: LabServer,
) -> None:
    truth = shop.truth(APP)
    assert set(truth.unlabelled) == set(truth.facet_values) == {"origin", "make"}
    catalogue = truth.index_levels[0][0]
    for url in (catalogue, *truth.entities["product"][::50]):
        text = page_text(get_text(url))
        for name in truth.unlabelled:  # nowhere on the page, not even in passing
            assert not re.search(rf"\b{name}s?\b", text, re.IGNORECASE), (url, name)
        for values in truth.attributes.get(url, {}).values():
            assert values[0] in text, (url, values)
