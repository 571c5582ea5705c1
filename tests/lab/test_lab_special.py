"""The special lab sites: numeric-id catalogue, spider trap, mixed page templates."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest
from lxml import html as lxml_html

from lab.consistency import check_site, checks_for, http_fetcher
from lab.server import LabServer
from lab.shop_checks import lab_fetcher, shop_consistency
from lab.sites.catalog import CatalogIdsSite
from lab.sites.mixed import ENTITY_TEMPLATES, TEMPLATES, MixedTemplatesSite
from lab.sites.trap import TrapSite, add_days, weekday

LabFactory = Callable[[str], LabServer]

MARKERS: dict[str, str] = {
    "home": "//div[@class='hero']",
    "listing": "//main/p[@class='summary']/following-sibling::ul[@class='list']",
    "article": "//article[@class='story']",
    "product": "//div[@class='product-detail']",
    "profile": "//div[@class='profile']",
    "thread": "//div[@class='thread']/div[@class='post']",
    "event": "//div[@class='event']",
    "gallery": "//div[@class='photo-grid']",
}


async def _get(http: aiohttp.ClientSession, url: str) -> tuple[int, str, str]:
    """(status, body, Location header) without following redirects."""
    async with http.get(url, allow_redirects=False) as response:
        return response.status, await response.text(), response.headers.get("Location", "")


def _tree(text: str) -> Any:
    return lxml_html.document_fromstring(text)


def _strip_noise(text: str) -> str:
    text = re.sub(r'<div class="banner".*?</div>', "", text)
    return re.sub(r'<p class="generated">.*?</p>', "", text)


# -- every site against the lab's consistency checker ----------------------------------------


@pytest.mark.parametrize(
    "site_id",
    ["catalog-ids", "trap", "mixed-templates", "shop-links", "shop-ajax", "shop-form"],
)
async def test_site_passes_the_consistency_check(lab: LabFactory, site_id: str) -> None:
    server = lab(site_id)
    truth = server.truth(site_id)
    checks = [*checks_for(truth.kind)]
    if truth.kind == "shop":
        checks.append(shop_consistency)
    async with aiohttp.ClientSession() as http:
        problems = await check_site(lab_fetcher(http, truth), truth, checks=checks)
    assert problems == []
    assert not getattr(server.site(site_id), "forbidden_hits", None)


# -- catalog-ids -----------------------------------------------------------------------------


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
            status, text, _ = await _get(http, base + path)
            tree = _tree(text)
            assert status == 200, path
            assert tree.xpath("//div[contains(@class,'not-found')]"), path
            assert not tree.xpath("//dl[@class='facts']"), path
        status, text, _ = await _get(http, truth.target_entities[0])
        assert status == 200
        assert _tree(text).xpath("//dl[@class='facts']")
        assert not _tree(text).xpath("//div[contains(@class,'not-found')]")
        status, _, _ = await _get(http, base + "/no/such/page")
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
                status, _, location = await _get(http, base + path)
                assert status == 301, path
                assert base + location == canonical
            status, _, _ = await _get(http, canonical)
            assert status == 200
        status, _, location = await _get(http, base + "/c/wrong-name/7")
        assert (status, location) == (301, "/c/science/7")


async def test_catalog_pages_differ_randomly_on_reload(lab: LabFactory) -> None:
    server = lab("catalog-ids")
    truth = server.truth("catalog-ids")
    category = next(u for u, t in truth.templates.items() if t == "category")
    soft = next(u for u, t in truth.templates.items() if t == "soft404")
    async with aiohttp.ClientSession() as http:
        for url in (truth.target_entities[0], soft):
            _, first, _ = await _get(http, url)
            _, second, _ = await _get(http, url)
            assert first != second
            assert _strip_noise(first) == _strip_noise(second)
        _, a, _ = await _get(http, category)
        _, b, _ = await _get(http, category)
        assert a == b


@pytest.mark.parametrize(("size", "low", "high"), [("medium", 1800, 2200), ("large", 48000, 52000)])
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
                status, text, _ = await _get(http, url)
                assert status == 200 and '<dl class="facts">' in text
            for item_id in rnd.sample([i for i in range(lo, hi) if i not in valid], 5):
                status, text, _ = await _get(http, f"{server.url('catalog-ids')}/item/x-{item_id}")
                assert status == 200 and "not-found" in text
            pages = [u for u, t in truth.templates.items() if t in ("category", "list")]
            for url in rnd.sample(pages, 5):
                status, text, _ = await _get(http, url)
                assert status == 200 and "/item/" in text and "not-found" not in text


# -- trap ------------------------------------------------------------------------------------


def test_trap_calendar_arithmetic_matches_the_standard_library() -> None:
    rnd = random.Random(7)
    for _ in range(300):
        day = dt.date.fromordinal(rnd.randint(1, dt.date(9999, 12, 30).toordinal()))
        triple = (day.year, day.month, day.day)
        after = day + dt.timedelta(days=1)
        assert weekday(triple) == day.weekday()
        assert add_days(triple, 1) == (after.year, after.month, after.day)
        if day.toordinal() > 1:
            before = day - dt.timedelta(days=1)
            assert add_days(triple, -1) == (before.year, before.month, before.day)
    assert add_days((1, 1, 1), -1) is None
    assert add_days((9999, 12, 31), 1) == (10000, 1, 1)
    assert add_days((10000, 2, 28), 1) == (10000, 2, 29)  # divisible by 400: leap


async def test_trap_calendar_is_infinite(lab: LabFactory) -> None:
    server = lab("trap")
    base = server.url("trap")
    rnd = random.Random(11)
    days = [(2025, 3, 14), (2024, 2, 28), (2023, 2, 28), (1999, 12, 31), (9999, 12, 31)]
    days += [(rnd.randint(1, 30000), rnd.randint(1, 12), rnd.randint(1, 28)) for _ in range(6)]
    days.append((123456, 12, 31))
    async with aiohttp.ClientSession() as http:
        for day in days:
            current = day
            for _ in range(3):  # day N links day N+1, which links day N+2, …
                path = f"/calendar/{current[0]:04d}/{current[1]:02d}/{current[2]:02d}"
                status, text, _ = await _get(http, base + path)
                assert status == 200, path
                hrefs = {
                    a.text_content().strip(): a.get("href")
                    for a in _tree(text).xpath("//nav[@class='daynav']/a")
                }
                nxt = urlsplit(hrefs["Next day »"])
                assert "sid=" in nxt.query
                following = add_days(current, 1)
                assert following is not None
                assert nxt.path == (
                    f"/calendar/{following[0]:04d}/{following[1]:02d}/{following[2]:02d}"
                )
                assert "Next month »" in hrefs
                current = following


async def test_trap_links_carry_fresh_session_ids(lab: LabFactory) -> None:
    server = lab("trap")
    base = server.url("trap")
    async with aiohttp.ClientSession() as http:
        _, first, _ = await _get(http, base + "/")
        _, second, _ = await _get(http, base + "/")
    links_a = _tree(first).xpath("//a/@href")
    links_b = _tree(second).xpath("//a/@href")
    assert links_a and all(";jsessionid=" in h or "sid=" in h for h in links_a)
    assert not set(links_a) & set(links_b)
    plain = [re.sub(r";jsessionid=\w+|[?&]sid=\w+", "", h) for h in links_a]
    assert plain == [re.sub(r";jsessionid=\w+|[?&]sid=\w+", "", h) for h in links_b]


async def test_trap_naive_crawl_never_runs_out_of_new_urls(lab: LabFactory) -> None:
    server = lab("trap")
    truth = server.truth("trap")
    base = server.url("trap")
    seen = {base + "/"}
    frontier = [base + "/"]
    fetched = 0
    canonical: set[str] = set()
    async with aiohttp.ClientSession() as http:
        fetch = http_fetcher(http)
        while frontier and fetched < 80:
            page = await fetch(frontier.pop(0))
            fetched += 1
            assert page.status == 200
            canonical.add(re.sub(r";jsessionid=\w+", "", page.url))
            for link in page.links:
                if link.startswith(base) and link not in seen:
                    seen.add(link)
                    frontier.append(link)
    assert fetched == 80 and len(frontier) > 80  # the frontier only grows
    real = {u for u in canonical if "/calendar" not in u}
    assert real <= set(truth.templates)  # the finite part is all the truth lists


def test_trap_truth_is_the_finite_real_part() -> None:
    for size, count in (("small", 8), ("medium", 40), ("large", 200)):
        truth = TrapSite(size, 0).truth("http://h")  # type: ignore[arg-type]
        assert len(truth.entities["article"]) == count
        assert truth.kind == "trap" and truth.target_type == "article"
        assert not any(
            "/calendar" in u or "sid=" in u or "jsessionid" in u for u in truth.templates
        )


# -- mixed-templates -------------------------------------------------------------------------


async def test_mixed_templates_have_their_own_structure_and_vary(lab: LabFactory) -> None:
    server = lab("mixed-templates")
    truth = server.truth("mixed-templates")
    assert set(truth.templates.values()) == set(TEMPLATES)
    assert set(truth.entities) == set(ENTITY_TEMPLATES)
    assert 100 <= len(truth.templates) <= 200
    rows: dict[str, list[int]] = {}
    optional: dict[str, list[bool]] = {}
    async with aiohttp.ClientSession() as http:
        for url, template in sorted(truth.templates.items()):
            status, text, _ = await _get(http, url)
            assert status == 200
            tree = _tree(text)
            for other, marker in MARKERS.items():
                assert bool(tree.xpath(marker)) == (other == template), (url, other)
            assert tree.xpath("//header[@class='site']") and tree.xpath("//footer[@class='site']")
            if template == "article":
                rows.setdefault(template, []).append(len(tree.xpath("//article/p")))
                optional.setdefault(template, []).append(
                    bool(tree.xpath("//section[@class='comments']"))
                )
            elif template == "thread":
                rows.setdefault(template, []).append(len(tree.xpath("//div[@class='post']")))
            elif template == "product":
                rows.setdefault(template, []).append(
                    len(tree.xpath("//table[@class='data']//tbody/tr"))
                )
                optional.setdefault(template, []).append(
                    bool(tree.xpath("//section[@class='reviews']"))
                )
    for template, counts in rows.items():
        assert len(set(counts)) > 2, template  # repeated rows vary in number
    for template, present in optional.items():
        assert any(present) and not all(present), template  # optional sections come and go


@pytest.mark.parametrize(("size", "low", "high"), [("medium", 1000, 2000), ("large", 10000, 14000)])
async def test_mixed_bigger_sizes(size: str, low: int, high: int) -> None:
    site = MixedTemplatesSite(size, 0)  # type: ignore[arg-type]
    async with LabServer([site]) as server:
        truth = server.truth("mixed-templates")
        assert low <= len(truth.templates) <= high
        assert sum(len(v) for v in truth.entities.values()) + Counter(truth.templates.values())[
            "listing"
        ] + 1 == len(truth.templates)
        rnd = random.Random(5)
        async with aiohttp.ClientSession() as http:
            for url in rnd.sample(sorted(truth.templates), 25):
                status, text, _ = await _get(http, url)
                assert status == 200
                assert _tree(text).xpath(MARKERS[truth.templates[url]]), url
            last = max(
                truth.entities["article"],
                key=lambda u: int(urlsplit(u).path.split("/")[3].split("-")[0]),
            )
            status, _, _ = await _get(http, urljoin(last, "/news/2015/999999-x"))
            assert status == 404
