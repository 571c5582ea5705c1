"""Fault cases of frames and of pages that leave: a frame's document passes the same scope,
robots.txt and address checks as the page's; a page leaving while it parses is extracted as it
stood; a page no load runs in never navigates. The evidence is the hostile server's request log."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from datetime import timedelta
from urllib.parse import quote

import pytest
import pytest_asyncio
from cases import browser_config, fault
from hostile import RESOURCE_KINDS, HostileServer

from siteseer.crawler import Session
from siteseer.render import BrowserPool, RenderConfig, State

pytestmark = pytest.mark.browser

Saw = Callable[[str], None]


@pytest_asyncio.fixture(scope="module")
async def session(render_config: RenderConfig) -> AsyncIterator[Session]:
    async with Session(browser_config(render_config)) as session:
        yield session


FRAMES = ["iframe", "object", "embed", "srcdoc", "target", "hidden-form"]
WHERE = {
    "another host": lambda h, tag: h.url(f"/fx/frame-page?{tag}", host=h.OTHER),
    "another port": lambda h, tag: h.url(f"/fx/frame-page?{tag}", port=h.other_port),
    "a robots-disallowed path": lambda h, tag: h.url(f"/private/frame?{tag}"),
}


@pytest.mark.parametrize(
    ("kind", "where"),
    [
        pytest.param(
            kind,
            where,
            id=f"{kind}-{where.split()[-1]}",
            marks=fault(
                f"{kind} frame into {where}",
                "the frame's document never requested; the page loads",
                within=15,
            ),
        )
        for kind in FRAMES
        for where in WHERE
    ],
)
async def test_a_frame_gets_the_pages_checks(
    hostile: HostileServer, session: Session, saw: Saw, kind: str, where: str
) -> None:
    tag = f"{kind}-{where.split()[-1]}"
    away = WHERE[where](hostile, tag)
    snap = await session.page(hostile.url(f"/js/frame/{kind}?url={quote(away, safe='')}"))
    await asyncio.sleep(0.3)  # a frame's late request would have arrived
    reached = [
        f"{h.method} {h.host}:{h.port}{h.path}"
        for h in hostile.hits_seen
        if tag in h.query and not h.path.startswith("/js/")
    ]
    assert snap.ok and reached == []
    saw(f"page {snap.status}; 0 requests for the frame")


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(
            kind,
            marks=fault(
                f"page leaving for another host while it parses ({kind})",
                "extracted at once as it stood, once, the refusal in its Snapshot; never asked",
                within=15,
            ),
        )
        for kind in ("/js/leave", "/js/autosubmit")
    ],
)
async def test_a_page_leaving_while_it_parses(
    hostile: HostileServer, render_config: RenderConfig, saw: Saw, kind: str
) -> None:
    away = hostile.url(f"/fx/frame-page?left={kind}", host=hostile.OTHER)
    url = hostile.url(f"{kind}?url={quote(away, safe='')}")
    config = replace(browser_config(render_config), retries=2)
    started = time.monotonic()
    async with Session(config) as session:
        snap = await session.page(url)
    took = time.monotonic() - started
    assert snap.ok and "before" in snap.html
    assert snap.refused and "left while it parsed" in snap.refused[0]
    assert hostile.hits("/fx/frame-page", host=hostile.OTHER) == []
    assert len(hostile.hits(kind)) == 1  # loaded once, not retried
    saw(f"extracted in {took:.1f} s (one load); refused: {snap.refused[0][:80]}")


@fault(
    "an idle page navigating itself to another host (batch: another site's host)",
    "refused: no load ties it to a page of the crawl; never requested",
    within=15,
)
async def test_an_idle_page_never_navigates(
    hostile: HostileServer, render_config: RenderConfig, saw: Saw
) -> None:
    async def allow_all(origin: str, target: str) -> str | None:
        return None  # a check that would let it go (another site's, in a shared browser)

    away = hostile.url("/fx/idle", host=hostile.OTHER)
    url = hostile.url(f"/js/go?delay=1500&url={quote(away, safe='')}")
    config = replace(render_config, pages=1, settle_cap=timedelta(seconds=1))
    async with BrowserPool(config, check_navigation=allow_all) as pool:
        snap = await pool.load(State(url))
        await asyncio.sleep(2.5)  # the page's timer fires while no load runs
    assert snap.ok
    assert hostile.hits("/fx/idle") == []
    saw("0 requests to 127.0.0.2 from the idle page")


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(
            kind,
            marks=fault(
                f"subresource ({kind}) from a robots-disallowed path of the page's host",
                "never requested; the page loads",
                within=15,
            ),
        )
        for kind in RESOURCE_KINDS
    ],
)
async def test_a_subresource_keeps_to_robots(
    hostile: HostileServer, session: Session, saw: Saw, kind: str
) -> None:
    away = f"/private/resource-{kind}"
    snap = await session.page(hostile.url(f"/js/resource/{kind}?url={quote(away, safe='')}"))
    await asyncio.sleep(0.3)  # a late request would have arrived
    assert snap.ok and hostile.hits(away) == []
    saw(f"page {snap.status}; 0 requests to {away}")


@fault(
    "batch: a site's page fetching a robots-disallowed path through the shared browser",
    "the site's own resource check refuses it; never requested",
    within=30,
)
async def test_a_batch_sites_subresource_keeps_to_robots(hostile: HostileServer, saw: Saw) -> None:
    from siteseer.batch import SharedBrowser, run_site
    from siteseer.batch.jobs import SiteJob, TaskOptions

    away = "/private/batch-resource"
    url = hostile.url(f"/js/resource/fetch?url={quote(away, safe='')}")
    options = TaskOptions(task="templates", pages=2, render="always")
    job = SiteJob(1, url, url.split("/")[2], options)
    async with SharedBrowser() as browser:
        result = await run_site(job, browser, None, worker="test")
    await asyncio.sleep(0.3)
    assert result.renders >= 1, result.reason  # rendered (too few pages for templates)
    assert hostile.hits(away) == []
    saw(f"{result.renders} rendered; 0 requests to {away}")
