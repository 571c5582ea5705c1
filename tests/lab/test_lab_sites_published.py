"""The lab's sites with sitemaps and feeds serve what their truth says they publish."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from siteseer.crawler import Session, SessionConfig, read_published
from siteseer.lab.server import LabServer

Lab = Callable[[str], LabServer]

CASES = [
    "drivers-sitemap",
    "council-sitemap-incomplete",
    "council-sitemap-stale",
    "olympic-sitemap-mixed",
    "cars-sitemap-gz",
    "people-sitemap-hosts",
]


@pytest.mark.parametrize("site", CASES)
async def test_the_sitemap_lists_what_the_truth_says(lab: Lab, site: str) -> None:
    server = lab(site)
    truth = server.truth(site)
    async with Session(SessionConfig(render="never")) as session:
        published = await read_published(session, truth.base_url + "/")
    urls = {u.url for u in published.urls}
    targets = set(truth.target_entities)
    assert urls & targets == set(truth.published["listed"])
    assert targets - urls == set(truth.published["missing"])
    assert set(truth.published["stale"]) <= urls
    assert published.off_site == len(truth.published.get("off_site", ()))
    assert all(u.lastmod == "2024-05-01" for u in published.urls)


async def test_gzipped_children_and_the_feed(lab: Lab) -> None:
    server = lab("cars-sitemap-gz")
    async with Session(SessionConfig(render="never")) as session:
        published = await read_published(session, server.url("cars-sitemap-gz") + "/")
    kinds = {f.url.rsplit("/", 1)[-1]: (f.status, f.kind) for f in published.files}
    assert kinds["cars-1.xml.gz"] == ("read", "urlset") and kinds["cars-2"] == ("read", "urlset")
    feed_site = lab("drivers-feed")
    truth = feed_site.truth("drivers-feed")
    async with Session(SessionConfig(render="never")) as session:
        home = await session.page(truth.base_url + "/")
        published = await read_published(session, truth.base_url + "/", pages=[home])
    assert [u.url for u in published.urls] == list(truth.published["feed"])
    assert {u.kind for u in published.urls} == {"feed"}


async def test_a_stale_entry_redirects_or_is_gone(lab: Lab) -> None:
    server = lab("council-sitemap-stale")
    truth = server.truth("council-sitemap-stale")
    async with Session(SessionConfig(render="never")) as session:
        pages = await session.pages(list(truth.published["stale"]))
    statuses = sorted((p.status, bool(p.redirects)) for p in pages)  # type: ignore[union-attr]
    assert statuses == [(200, True), (200, True), (404, False), (404, False), (404, False)]


def test_a_large_sitemap_is_an_index_of_parts_within_the_limit() -> None:
    from siteseer.crawler.sitemapxml import parse_published
    from siteseer.lab.sites.published import sitemap_files

    files = sitemap_files("http://h", "/sitemap.xml", [f"/p/{i}" for i in range(50_001)])
    assert sorted(files) == ["/sitemap-1.xml", "/sitemap-2.xml", "/sitemap.xml"]
    index = parse_published(files["/sitemap.xml"][1])
    assert index is not None and index.is_index
    sizes = [len(parse_published(files[f"/sitemap-{n}.xml"][1]).entries) for n in (1, 2)]  # type: ignore[union-attr]
    assert sizes == [50_000, 1]
