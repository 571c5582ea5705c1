"""A site whose robots.txt sets a Crawl-delay: the bench gives its runs the time that pace needs,
and a run waiting its turn stops when its time limit passes or Ctrl-C halts it."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import ClassVar

import pytest
from aiohttp import web
from tiny_site import TinyTreeSite

from siteseer.algorithms import Discovery
from siteseer.crawler import (
    INTERRUPTED,
    Halt,
    Session,
    SessionConfig,
    halting,
    time_limit_reason,
)
from siteseer.lab import LabServer
from siteseer.lab.bench import POLITE_SLACK_DOWNLOADS, run_time_limit
from siteseer.lab.registry import methods

DELAY_S = 600  # far beyond any test's run: a load that waits its turn never gets it here


class _PoliteSite(TinyTreeSite):
    """The tiny tree, its robots.txt asking every crawler to wait `DELAY_S` between requests."""

    id: ClassVar[str] = "tiny"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/robots.txt":
            return web.Response(text=f"User-agent: *\nCrawl-delay: {DELAY_S}\n")
        return await super().handle(request)


def test_the_time_limit_is_the_timeout_unless_the_sites_pace_needs_longer() -> None:
    assert run_time_limit(300, None, 16) == 300
    assert run_time_limit(300, 0, 16) == 300
    assert run_time_limit(300, 1, 16) == 300  # 34 downloads at one a second fit
    # real-moin: Crawl-delay 20 and a lower bound of 16: 1.5 x 16 + slack downloads, 20 s apart
    assert run_time_limit(300, 20, 16) == 20 * (24 + POLITE_SLACK_DOWNLOADS)
    assert run_time_limit(900, 20, 2) == 900


async def test_a_session_reads_the_crawl_delay_once_for_its_host() -> None:
    async with LabServer([_PoliteSite()]) as server:
        base = server.url("tiny")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            assert await session.crawl_delay(base + "/item/1") == timedelta(seconds=DELAY_S)
            assert await session.crawl_delay(base + "/about") == timedelta(seconds=DELAY_S)
            assert session.cost().downloads == 0  # robots.txt is no page download
        polite = SessionConfig(render="never", cache=None, respect_robots=False)
        async with Session(polite) as session:
            assert await session.crawl_delay(base + "/item/1") is None


@pytest.mark.parametrize("method", ["follow-links", "ssup"])
@pytest.mark.parametrize("stop", ["time limit", "ctrl-c"])
async def test_a_run_waiting_its_crawl_delay_stops_with_the_halt(method: str, stop: str) -> None:
    async with LabServer([_PoliteSite()]) as server:
        truth = server.truth("tiny")
        spec = methods()[method]
        halt = Halt(timedelta(seconds=1)) if stop == "time limit" else Halt()
        async with Session(SessionConfig(render="never", cache=None)) as session:
            loaded: list[str] = []
            session.events.on("page", lambda snap, cached: loaded.append(snap.url))

            def interrupt() -> None:
                halt.halt(INTERRUPTED)  # what the command line's SIGINT handler does

            if stop == "ctrl-c":
                asyncio.get_running_loop().call_later(1, interrupt)
            # a guard against hanging, not a timing assertion: without the Halt the next load
            # would wait DELAY_S for its turn
            async with asyncio.timeout(120):
                with halting(halt):
                    run = await spec.run(session, truth)
    expected = time_limit_reason(timedelta(seconds=1)) if stop == "time limit" else INTERRUPTED
    assert halt.reason == expected
    assert not run.complete
    assert isinstance(run.result, Discovery) and run.result.reason == expected
    # robots.txt was read at once; the seed's load was still waiting its turn
    assert loaded == [] and not run.found
