"""Fault cases of the crawl's own reading: robots.txt as RFC 9309 says, more response headers
than a client's default, redirect chains that are not worth asking again."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

import pytest
from cases import fault, http_config
from hostile import HostileServer
from hostile_crawl import BOM_HOST, MOVED_HOST

from siteseer.crawler import FetchFailed, RobotsDisallowed, Session
from siteseer.render import RenderConfig
from siteseer.render.parse import MAX_ATTRIBUTES

Saw = Callable[[str], None]


@fault("robots.txt starting with a UTF-8 BOM", "its Disallow: / obeyed, no page asked", within=5)
async def test_robots_with_a_byte_order_mark(hostile: HostileServer, saw: Saw) -> None:
    with pytest.raises(RobotsDisallowed):
        async with Session(http_config()) as session:
            await session.page(hostile.url("/page?bom=1", host=BOM_HOST))
    assert len(hostile.hits("/robots.txt", host=BOM_HOST)) >= 1
    assert hostile.hits("/page", host=BOM_HOST) == []
    saw("RobotsDisallowed; 0 page requests to 127.0.0.4")


@fault(
    "robots.txt redirecting to another host",
    "followed (RFC 9309), its rules obeyed; only the file is fetched there",
    within=5,
)
async def test_robots_redirected_to_another_host(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config()) as session:
        with pytest.raises(RobotsDisallowed):
            await session.page(hostile.url("/moved/x", host=MOVED_HOST))
        allowed = await session.page(hostile.url("/page?moved=1", host=MOVED_HOST))
    assert allowed.status == 200
    assert hostile.hits("/moved", host=MOVED_HOST) == []
    assert len(hostile.hits("/robots-moved.txt", host=hostile.HOME)) >= 1
    saw("the rules of 127.0.0.1/robots-moved.txt obeyed on 127.0.0.5: /moved never asked")


@fault("200 response headers", "the page loads over HTTP, as in a browser", within=5)
async def test_many_response_headers(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config()) as session:
        snap = await session.page(hostile.url("/headers?n=200"))
    assert snap.status == 200 and [link.url for link in snap.links] == [hostile.url("/page")]
    saw("200 OK, its link read")


@fault("redirect loop with retries", "FetchFailed after one chain, not retried", within=6)
async def test_a_redirect_loop_is_not_retried(hostile: HostileServer, saw: Saw) -> None:
    before = len(hostile.hits("/cycle/"))
    async with Session(http_config(retries=2, max_redirects=5)) as session:
        with pytest.raises(FetchFailed, match="redirect loop"):
            await session.page(hostile.url("/cycle/0"))
    asked = len(hostile.hits("/cycle/")) - before
    assert asked == 6
    saw(f"{asked} requests (one chain of 5 redirects), no retry")


@pytest.mark.browser
@fault(
    "50-hop redirect chain in the browser",
    "FetchFailed after one chain (Chromium stops at 20), not retried",
    within=20,
)
async def test_a_browser_redirect_loop_is_not_retried(
    hostile: HostileServer, render_config: RenderConfig, saw: Saw
) -> None:
    before = len(hostile.hits("/cycle/"))
    config = replace(
        http_config(render="always", retries=2, timeout=timedelta(seconds=5)),
        render_config=replace(render_config, pages=1),
    )
    async with Session(config) as session:
        with pytest.raises(FetchFailed, match="TOO_MANY_REDIRECTS"):
            await session.page(hostile.url("/cycle/0"))
    asked = len(hostile.hits("/cycle/")) - before
    assert 0 < asked <= 22  # one chain: Chromium follows 20 redirects
    saw(f"{asked} requests, one chain")


@fault(
    "600,000 attributes on one element (5.7 MB)",
    "parsed in linear time: the element keeps its first 1,000, the link after it is read",
    within=20,
)
async def test_an_element_with_600k_attributes(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config(timeout=timedelta(seconds=15))) as session:
        started = time.perf_counter()
        snap = await session.page(hostile.url("/attrs?n=600000"))
        tree = snap.tree()
        fingerprint = snap.fingerprint
        took = time.perf_counter() - started
    assert [link.url for link in snap.links] == [hostile.url("/page?after=1")]
    (heavy,) = tree.xpath("//div")
    assert len(heavy.attrib) == MAX_ATTRIBUTES and fingerprint
    saw(f"loaded, extracted, parsed again and fingerprinted in {took:.1f} s")
