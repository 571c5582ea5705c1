"""The catalog-ids lab site: numeric ids with gaps, soft 404s, slug redirects, random noise."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable

import aiohttp
import pytest
from lab_http import get_page, html_tree

from siteseer.lab import LabServer
from siteseer.lab.sites.catalog import CatalogIdsSite

LabFactory = Callable[[str], LabServer]


def _strip_noise(text: str) -> str:
    text = re.sub(r'<div class="banner".*?</div>', "", text)
    return re.sub(r'<p class="generated">.*?</p>', "", text)


async def test_catalog_truth_shape(lab: LabFactory) -> None:
    truth = lab("catalog-ids").truth("catalog-ids")
    items = truth.target_entities
    assert truth.kind == "catalog" and truth.target_type == "item"
    assert 100 <= len(items) <= 150
    ids = sorted(int(u.rsplit("-", 1)[1]) for u in items)
    lo, hi = truth.id_ranges["item"]
    assert (ids[0], ids[-1]) == (lo, hi)
    assert hi - lo + 1 > len(ids)  # gaps
    assert 0.08 <= len(truth.hidden) / len(items) <= 0.22
    assert set(truth.hidden) <= set(items)
    kinds = Counter(truth.templates.values())
    assert kinds["item"] == len(items) and kinds["home"] == 1
    assert kinds["category"] >= 8 and kinds["list"] >= 4 and kinds["soft404"] >= 1


async def test_catalog_soft_404s_answer_200_with_the_not_found_template(lab: LabFactory) -> None:
    server = lab("catalog-ids")
    truth = server.truth("catalog-ids")
    base = server.url("catalog-ids")
    lo, hi = truth.id_ranges["item"]
    valid = {int(u.rsplit("-", 1)[1]) for u in truth.target_entities}
    gap = next(i for i in range(lo, hi) if i not in valid)
    missing = [
        f"/item/some-book-{gap}",
        f"/item/{gap}",
        f"/item/x-{hi + 1}",
        f"/item/x-{hi + 5000}",
        f"/item/x-{lo - 1}",
        "/c/history/4",
        "/list?topic=999&page=1",
        "/list?topic=1&page=999",
    ]
    async with aiohttp.ClientSession() as http:
        for path in missing:
            status, text, _ = await get_page(http, base + path)
            tree = html_tree(text)
            assert status == 200, path
            assert tree.xpath("//div[contains(@class,'not-found')]"), path
            assert not tree.xpath("//dl[@class='facts']"), path
        status, text, _ = await get_page(http, truth.target_entities[0])
        assert status == 200
        assert html_tree(text).xpath("//dl[@class='facts']")
        assert not html_tree(text).xpath("//div[contains(@class,'not-found')]")
        status, _, _ = await get_page(http, base + "/no/such/page")
        assert status == 404
    soft = [u for u, t in truth.templates.items() if t == "soft404"]
    assert soft and all(int(u.rsplit("-", 1)[1]) not in valid for u in soft)


async def test_catalog_slugs_redirect_to_the_canonical_url(lab: LabFactory) -> None:
    server = lab("catalog-ids")
    truth = server.truth("catalog-ids")
    base = server.url("catalog-ids")
    async with aiohttp.ClientSession() as http:
        for canonical in [truth.target_entities[3], truth.hidden[0]]:
            item_id = canonical.rsplit("-", 1)[1]
            for path in (f"/item/anything-{item_id}", f"/item/{item_id}", f"/item/A-b-c-{item_id}"):
                status, _, location = await get_page(http, base + path)
                assert status == 301, path
                assert base + location == canonical
            status, _, _ = await get_page(http, canonical)
            assert status == 200
        status, _, location = await get_page(http, base + "/c/wrong-name/7")
        assert (status, location) == (301, "/c/science/7")


async def test_catalog_pages_differ_randomly_on_reload(lab: LabFactory) -> None:
    server = lab("catalog-ids")
    truth = server.truth("catalog-ids")
    category = next(u for u, t in truth.templates.items() if t == "category")
    soft = next(u for u, t in truth.templates.items() if t == "soft404")
    async with aiohttp.ClientSession() as http:
        for url in (truth.target_entities[0], soft):
            _, first, _ = await get_page(http, url)
            _, second, _ = await get_page(http, url)
            assert first != second
            assert _strip_noise(first) == _strip_noise(second)
        _, a, _ = await get_page(http, category)
        _, b, _ = await get_page(http, category)
        assert a == b


@pytest.mark.parametrize(
    ("size", "low", "high"),
    [("medium", 1800, 2200), pytest.param("large", 48000, 52000, marks=pytest.mark.slow)],
)
async def test_catalog_bigger_sizes(size: str, low: int, high: int) -> None:
    site = CatalogIdsSite(size, 0)  # type: ignore[arg-type]
    async with LabServer([site]) as server:
        truth = server.truth("catalog-ids")
        assert low <= len(truth.target_entities) <= high
        if size == "large":
            assert len(truth.templates) >= 50_000
        lo, hi = truth.id_ranges["item"]
        valid = {int(u.rsplit("-", 1)[1]) for u in truth.target_entities}
        rnd = random.Random(3)
        async with aiohttp.ClientSession() as http:
            for url in rnd.sample(truth.target_entities, 15):
                status, text, _ = await get_page(http, url)
                assert status == 200 and '<dl class="facts">' in text
            for item_id in rnd.sample([i for i in range(lo, hi) if i not in valid], 5):
                status, text, _ = await get_page(
                    http, f"{server.url('catalog-ids')}/item/x-{item_id}"
                )
                assert status == 200 and "not-found" in text
            pages = [u for u, t in truth.templates.items() if t in ("category", "list")]
            for url in rnd.sample(pages, 5):
                status, text, _ = await get_page(http, url)
                assert status == 200 and "/item/" in text and "not-found" not in text
