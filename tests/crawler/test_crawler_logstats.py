"""crawler.logstats: the periodic stats record and the event records of a crawl phase."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import pytest
from crawler_fakes import FakeBrowser, FakeFetcher, fast_config, html_page

from siteseer.crawler import Session
from siteseer.crawler.logstats import log_stats

BASE = "http://site.test"


async def test_stats_records_every_interval_and_at_the_end(
    caplog: pytest.LogCaptureFixture,
) -> None:
    fetcher = FakeFetcher({f"{BASE}/{p}": html_page(p) for p in "abc"})
    session = Session(
        fast_config(render="never", budget=10), fetcher=fetcher, browser=FakeBrowser(fetcher)
    )
    for name in ("crawler.stats", "crawler.events"):
        caplog.set_level(logging.DEBUG, logger=name)
    async with session:
        with log_stats(session, "test", every=timedelta(seconds=0.05)) as stats:
            await session.pages([f"{BASE}/a", f"{BASE}/b", f"{BASE}/nope"])
            await asyncio.sleep(0.12)
    records = [r for r in caplog.records if getattr(r, "event", "") == "stats"]
    assert len(records) >= 2  # at least one periodic line, then the final one
    final = records[-1]
    assert final.getMessage().endswith("(done)")
    assert final.fields["pages"] == stats.pages == 3  # type: ignore[attr-defined]
    assert final.fields["budget_left"] == session.budget_left  # type: ignore[attr-defined]
    assert final.host == BASE.split("//")[1]  # type: ignore[attr-defined]
    pages = [r for r in caplog.records if getattr(r, "event", "") == "page"]
    assert len(pages) == 3 and all(r.levelno == logging.DEBUG for r in pages)
    assert all(not session.events.listeners(e) for e in ("page", "skip", "error", "budget"))
