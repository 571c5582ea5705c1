"""The three lab shops against their ground truth: facet links, Ajax checkboxes, search forms."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

import aiohttp
import pytest
from lxml import html as lxml_html

from siteseer.lab import LabServer, SiteTruth
from siteseer.lab.shop_checks import check_shop
from siteseer.lab.sites.catalog_data import (
    HIDDEN_ATTRIBUTES,
    Catalogue,
    attribute,
)
from siteseer.lab.sites.shop_ajax import ShopAjaxSite
from siteseer.lab.sites.shop_form import ShopFormSite
from siteseer.lab.sites.shop_links import ShopLinksSite
from siteseer.render import RenderConfig

LabFactory = Callable[[str], LabServer]
SHOPS = ("shop-links", "shop-ajax", "shop-form")


def _tree(text: str) -> Any:
    return lxml_html.document_fromstring(text)


def _slug(name: str, label: str) -> str:
    return next(v.slug for v in attribute(name).values if v.label == label)


def _holders(truth: SiteTruth, conditions: dict[str, str]) -> set[str]:
    return {
        url
        for url, attrs in truth.attributes.items()
        if all(label in attrs[name] for name, label in conditions.items())
    }


async def _get(http: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    async with http.get(url, allow_redirects=False) as response:
        return response.status, await response.text()


async def _list_all(http: aiohttp.ClientSession, url: str) -> list[str]:
    """Product URLs over every page of a shop-links list, following "Next »"."""
    out: list[str] = []
    current: str | None = url
    while current:
        status, text = await _get(http, current)
        assert status == 200, current
        tree = _tree(text)
        out += [urljoin(current, h) for h in tree.xpath("//div[@class='results']//a/@href")]
        nxt = tree.xpath("//nav[@class='pager']/a[starts-with(normalize-space(.), 'Next')]/@href")
        current = urljoin(current, nxt[0]) if nxt else None
    return out


# -- every shop against its truth ------------------------------------------------------------


@pytest.mark.parametrize("site_id", SHOPS)
async def test_shop_agrees_with_truth(lab: LabFactory, site_id: str) -> None:
    server = lab(site_id)
    truth = server.truth(site_id)
    assert truth.kind == "shop" and truth.target_type == "product"
    assert len(truth.target_entities) == 90
    assert truth.seed_entity in truth.target_entities
    assert len(truth.queries) == sum(len(v) for v in truth.facet_values.values())
    result = await check_shop(server.url(site_id), truth)
    assert result.problems == ()
    assert result.queries_checked == len(truth.queries)
    # Checking is a visitor's work: nothing that must never be used was used.
    assert not server.site(site_id).forbidden_hits  # type: ignore[attr-defined]


def test_shops_share_one_truth() -> None:
    base = "http://127.0.0.1:1"
    truths = [cls("small", 0).truth(base) for cls in (ShopLinksSite, ShopAjaxSite, ShopFormSite)]
    for other in truths[1:]:
        assert other.attributes == truths[0].attributes
        assert other.queries == truths[0].queries
        assert other.facet_values == truths[0].facet_values
    notes = truths[0].notes
    assert all(name in notes for name in HIDDEN_ATTRIBUTES)


# -- shop-links ------------------------------------------------------------------------------


async def test_links_equivalent_urls_list_the_same_products(lab: LabFactory) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    base = server.url("shop-links")
    # The (material, size) pair with the most products, so the lists span several pages.
    material, size = max(
        ((m, z) for m in truth.facet_values["material"] for z in truth.facet_values["size"]),
        key=lambda pair: (len(_holders(truth, {"material": pair[0], "size": pair[1]})), pair),
    )
    m, z = _slug("material", material), _slug("size", size)
    async with aiohttp.ClientSession() as http:
        first = await _list_all(http, f"{base}/shop?material={m}&size={z}&per=12")
        second = await _list_all(http, f"{base}/shop?size={z}&material={m}&per=12")
        third = await _list_all(http, f"{base}/shop?per=48&size={z}&sort=price&material={m}")
    expected = _holders(truth, {"material": material, "size": size})
    assert len(expected) > 12  # more than one page at per=12
    assert set(first) == set(second) == set(third) == expected
    assert len(first) == len(set(first))


async def test_links_facet_urls_follow_click_order(lab: LabFactory) -> None:
    server = lab("shop-links")
    base = server.url("shop-links")
    async with aiohttp.ClientSession() as http:
        _, text = await _get(http, f"{base}/shop?colour=red&sort=name")
    tree = _tree(text)
    hrefs = tree.xpath("//section[contains(@class,'facet')]//a/@href")
    brand_links = [h for h in hrefs if "brand=" in h]
    assert brand_links and all(
        h.startswith("/shop?colour=red&sort=name&brand=") for h in brand_links
    )
    headings = tree.xpath("//section[contains(@class,'facet')]/h2/text()")
    assert "Colour" not in headings  # chosen already: offered as a removal instead
    assert "Subcategory" not in headings  # appears only once a category is chosen
    async with aiohttp.ClientSession() as http:
        _, text = await _get(http, f"{base}/shop?colour=red&category=tops")
    tree = _tree(text)
    subs = [
        s.strip()
        for s in tree.xpath("//section[contains(@class,'facet')][h2='Subcategory']//a/text()")
    ]
    assert subs and set(subs) <= {"T-shirts", "Shirts", "Jumpers"}


async def test_links_drill_down_counts_match_the_lists(lab: LabFactory) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    base = server.url("shop-links")
    async with aiohttp.ClientSession() as http:
        _, text = await _get(http, f"{base}/shop?category=footwear")
        tree = _tree(text)
        offers = []
        for section in tree.xpath("//section[contains(@class,'facet')]"):
            name = section.xpath("string(h2)").lower()
            for a in section.xpath(".//a"):
                label, count = re.fullmatch(r"(.*) \((\d+)\)", a.text_content().strip()).groups()  # type: ignore[union-attr]
                offers.append((name, label, int(count), a.get("href")))
        for name, label, count, href in offers:
            expected = _holders(truth, {"category": "Footwear", name: label})
            assert count == len(expected) > 0, (name, label)
            listed = await _list_all(http, urljoin(base + "/", href))
            assert set(listed) == expected
    offered = {(n, lbl) for n, lbl, _, _ in offers}
    for value in truth.facet_values["brand"]:
        has = bool(_holders(truth, {"category": "Footwear", "brand": value}))
        assert (("brand", value) in offered) == has


async def test_product_pages_hide_the_hidden_attributes(lab: LabFactory) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    async with aiohttp.ClientSession() as http:
        for url in truth.target_entities:
            status, text = await _get(http, url)
            assert status == 200
            tree = _tree(text)
            main = tree.xpath("string(//main//div[@class='product'])")
            attrs = truth.attributes[url]
            assert attrs["brand"][0] in main
            for name in ("category", "subcategory", "colour", "material", "rating"):
                for label in attrs[name]:
                    assert not re.search(rf"\b{re.escape(label)}\b", main), (url, name, label)
            related = tree.xpath("//section[@class='related']//a/@href")
            assert 1 <= len(related) <= 4
            assert all(urljoin(url, h) in truth.attributes for h in related)


async def test_product_slug_redirects_and_unknown_ids_404(lab: LabFactory) -> None:
    server = lab("shop-form")
    base = server.url("shop-form")
    truth = server.truth("shop-form")
    target = truth.target_entities[0]
    product_id = target.split("/")[-2]
    async with aiohttp.ClientSession() as http:
        async with http.get(f"{base}/product/{product_id}/wrong", allow_redirects=False) as r:
            assert r.status == 301
            assert base + r.headers["Location"] in truth.target_entities
        status, _ = await _get(http, f"{base}/product/99999/x")
        assert status == 404


# -- shop-form -------------------------------------------------------------------------------


async def test_form_keyword_and_combined_fields(lab: LabFactory) -> None:
    server = lab("shop-form")
    truth = server.truth("shop-form")
    base = server.url("shop-form")
    async with aiohttp.ClientSession() as http:
        url = f"{base}/search?q=&category=tops&brand=&colour=red&colour=blue&price=&sort=price"
        status, text = await _get(http, url)
        assert status == 200
        tree = _tree(text)
        listed = {urljoin(url, h) for h in tree.xpath("//div[@class='results']//a/@href")}
        expected = _holders(truth, {"category": "Tops", "colour": "Red"}) | _holders(
            truth, {"category": "Tops", "colour": "Blue"}
        )
        assert listed == expected
        # The chosen values come back pre-filled in the form.
        assert tree.xpath("//select[@name='category']/option[@selected]/@value") == ["tops"]
        assert set(tree.xpath("//input[@name='colour'][@checked]/@value")) == {"red", "blue"}
        word = "guarantee"
        status, text = await _get(http, f"{base}/search?q={word}")
        tree = _tree(text)
        found = set(tree.xpath("//div[@class='results']//a/text()"))
        catalogue = Catalogue("small", 0)
        wanted = {p.name for p in catalogue.products() if word in p.description.lower()}
        assert wanted and found <= wanted


async def test_form_login_has_a_password_and_counts_submissions(lab: LabFactory) -> None:
    server = lab("shop-form")
    base = server.url("shop-form")
    site = server.site("shop-form")
    async with aiohttp.ClientSession() as http:
        status, text = await _get(http, f"{base}/account/login")
        assert status == 200
        tree = _tree(text)
        assert tree.xpath("//form[@method='post']//input[@type='password']")
        before = site.forbidden_hits["login"]  # type: ignore[attr-defined]
        async with http.post(f"{base}/account/login", data={"email": "a", "password": "b"}) as r:
            assert r.status == 403
        assert site.forbidden_hits["login"] == before + 1  # type: ignore[attr-defined]
        site.forbidden_hits.clear()  # type: ignore[attr-defined]


# -- shop-ajax -------------------------------------------------------------------------------


async def test_ajax_endpoint_pages_and_or_within_a_facet(lab: LabFactory) -> None:
    server = lab("shop-ajax")
    truth = server.truth("shop-ajax")
    base = server.url("shop-ajax")
    async with aiohttp.ClientSession() as http:
        url = f"{base}/api/products?colour=red&colour=navy&category=tops&offset=0&limit=100"
        async with http.get(url) as r:
            data = await r.json()
    expected = _holders(truth, {"colour": "Red", "category": "Tops"}) | _holders(
        truth, {"colour": "Navy", "category": "Tops"}
    )
    assert data["total"] == len(expected)
    assert {base + i["url"] for i in data["items"]} == expected
    groups = {g["name"]: g for g in data["facets"]}
    assert "subcategory" in groups
    red = next(v for v in groups["colour"]["values"] if v["slug"] == "red")
    assert red["checked"] and red["count"] == len(
        _holders(truth, {"colour": "Red", "category": "Tops"})
    )


@pytest.mark.slow
@pytest.mark.browser
async def test_ajax_checkbox_changes_results_only_when_rendered(
    lab: LabFactory, render_config: RenderConfig
) -> None:
    from playwright.async_api import async_playwright

    server = lab("shop-ajax")
    truth = server.truth("shop-ajax")
    base = server.url("shop-ajax")
    small = min(
        (q for q in truth.queries if q.conditions[0][0] == "brand"), key=lambda q: len(q.entities)
    )
    big = max(
        (q for q in truth.queries if q.conditions[0][0] == "colour"), key=lambda q: len(q.entities)
    )
    assert len(small.entities) <= 12 < len(big.entities)
    brand = _slug("brand", small.conditions[0][1])
    colour = _slug("colour", big.conditions[0][1])
    links = "Array.from(document.querySelectorAll('#results a')).map(a => a.href)"
    async with aiohttp.ClientSession() as http:
        _, raw = await _get(http, base + "/shop")
    raw_links = [urljoin(base, h) for h in _tree(raw).xpath("//*[@id='results']//a/@href")]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(**render_config.launch_options())
        try:
            page = await browser.new_page()
            await page.goto(base + "/shop")
            start_url = page.url
            assert await page.evaluate(links) == raw_links  # the first chunk, server-rendered
            await page.check(f"input[name=brand][value={brand}]")
            await page.wait_for_function(
                f"document.querySelectorAll('#results a').length == {len(small.entities)}"
                " && !document.getElementById('shop').hasAttribute('aria-busy')"
            )
            assert set(await page.evaluate(links)) == set(small.entities)
            assert page.url == start_url  # the URL does not change
            await page.uncheck(f"input[name=brand][value={brand}]")
            await page.check(f"input[name=colour][value={colour}]")
            await page.wait_for_function(
                "!document.getElementById('shop').hasAttribute('aria-busy')"
            )
            while await page.is_visible("#load-more"):
                count = len(await page.evaluate(links))
                await page.click("#load-more")
                await page.wait_for_function(
                    f"document.querySelectorAll('#results a').length > {count}"
                )
            assert sorted(await page.evaluate(links)) == sorted(big.entities)
            assert page.url == start_url
        finally:
            await browser.close()
    assert not server.site("shop-ajax").forbidden_hits  # type: ignore[attr-defined]


# -- bigger sizes: generation and samples ----------------------------------------------------


@pytest.mark.parametrize(
    ("size", "products"), [("medium", 1000), pytest.param("large", 30000, marks=pytest.mark.slow)]
)
async def test_bigger_shops_generate_and_answer_samples(size: str, products: int) -> None:
    site = ShopLinksSite(size, 0)  # type: ignore[arg-type]
    ajax = ShopAjaxSite(size, 0)  # type: ignore[arg-type]
    async with LabServer([site, ajax]) as server:
        base = server.url("shop-links")
        truth = server.truth("shop-links")
        assert len(truth.target_entities) == products
        assert len(truth.attributes) == products
        queries = {q.conditions[0]: set(q.entities) for q in truth.queries}
        assert len(queries) == sum(len(v) for v in truth.facet_values.values())
        rnd = random.Random(1)
        async with aiohttp.ClientSession() as http:
            for url in rnd.sample(truth.target_entities, 15):
                status, _ = await _get(http, url)
                assert status == 200
            for (name, label), entities in rnd.sample(sorted(queries.items()), 4):
                slug = _slug(name, label)
                status, text = await _get(http, f"{base}/shop?{name}={slug}&per=48")
                assert status == 200
                assert f"of {len(entities)} products" in text
                first = _tree(text).xpath("//div[@class='results']//a/@href")
                assert first and {base + h for h in first} <= entities
                ajax_base = server.url("shop-ajax")
                async with http.get(f"{ajax_base}/api/products?{name}={slug}&limit=5") as r:
                    data = await r.json()
                assert data["total"] == len(entities)
                assert {base + i["url"] for i in data["items"]} <= entities
