"""The mixed-templates lab site: one structure per page template, pages that vary."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest
from lab_http import get_page, html_tree

from siteseer.lab import LabServer
from siteseer.lab.sites.mixed import ENTITY_TEMPLATES, TEMPLATES, MixedTemplatesSite

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
            status, text, _ = await get_page(http, url)
            assert status == 200
            tree = html_tree(text)
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


@pytest.mark.parametrize(
    ("size", "low", "high"),
    [("medium", 1000, 2000), pytest.param("large", 10000, 14000, marks=pytest.mark.slow)],
)
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
                status, text, _ = await get_page(http, url)
                assert status == 200
                assert html_tree(text).xpath(MARKERS[truth.templates[url]]), url
            last = max(
                truth.entities["article"],
                key=lambda u: int(urlsplit(u).path.split("/")[3].split("-")[0]),
            )
            status, _, _ = await get_page(http, urljoin(last, "/news/2015/999999-x"))
            assert status == 404
