"""The testbed lab site: its pages answer as its truth says (over plain HTTP)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from siteseer.lab import LabServer
from siteseer.lab.sites.testbed import BRANDS, ITEM_COUNT, item_brand
from siteseer.render import HttpFetcher, snapshot_from_html

Lab = Callable[[str], LabServer]
TIMEOUT = timedelta(seconds=5)


def test_truth_is_consistent(lab: Lab) -> None:
    server = lab("testbed")
    truth = server.truth("testbed")
    base = server.url("testbed")
    assert truth.kind == "testbed" and truth.base_url == base
    assert len(truth.entities["item"]) == ITEM_COUNT
    for brand in BRANDS:
        expected = [
            u for u in truth.entities["item"] if item_brand(int(u.rsplit("/", 1)[1])) == brand
        ]
        assert list(truth.entities[f"facets-{brand}"]) == expected
    assert truth.facet_values["Brand"] == BRANDS


async def test_search_page_lists_the_chosen_brand(lab: Lab) -> None:
    server = lab("testbed")
    base = server.url("testbed")
    items = set(server.truth("testbed").entities["item"])
    async with HttpFetcher() as fetcher:
        r = await fetcher.fetch(base + "/search?brand=Acme&q=x", timeout=TIMEOUT)
        robots = await fetcher.fetch(base + "/robots.txt", timeout=TIMEOUT)
        api = await fetcher.fetch(base + "/api/more?offset=30", timeout=TIMEOUT)
    snap = snapshot_from_html(r.url, r.final_url, r.status, r.text())
    found = [x.url for x in snap.links if x.url in items]
    assert found == list(server.truth("testbed").entities["search-Acme"])
    assert "brand=Acme q=x" in snap.html
    assert robots.text().splitlines() == ["User-agent: *", "Disallow: /private/"]
    assert api.content_type == "application/json" and b'"more": false' in api.body
