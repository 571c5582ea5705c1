"""The CLI's progress line and summary, driven by a Session with fake I/O."""

from __future__ import annotations

import io
import time

from crawler_fakes import FakeBrowser, FakeFetcher, fast_config, html_page
from rich.console import Console

from siteseer.crawler import Cost, Session
from siteseer.crawler.progress import (
    CrawlProgress,
    format_cost,
    pace,
    print_summary,
    progress,
    time_left,
)

BASE = "http://site.test"


def test_format_cost() -> None:
    two_hours_ago = time.time() - 2 * 3600 - 30
    cost = Cost(
        downloads=12,
        renders=3,
        actions=1,
        cache_hits=5,
        bytes=1_258_291,
        seconds=3.44,
        errors=0,
        oldest_cached=two_hours_ago,
    )
    assert format_cost(cost) == (
        "12 downloads (3 rendered, 1 action) · 5 from the cache (the oldest stored 2 h ago) · "
        "1.2 MB · 3.4 s · 0 errors"
    )
    assert format_cost(Cost(bytes=900, errors=1)) == (
        "0 downloads (0 rendered) · none from the cache · 900 B · 0.0 s · 1 error"
    )


def test_the_cache_note_says_how_many_and_how_old() -> None:
    now = 1_000_000.0
    assert Cost().cache_note(now) == "none from the cache"
    for seconds, age in ((5, "5 s"), (300, "5 min"), (86_400, "1 day"), (3 * 86_400 + 9, "3 days")):
        note = Cost(cache_hits=2, oldest_cached=now - seconds).cache_note(now)
        assert note == f"2 from the cache (the oldest stored {age} ago)"
    # A method's own spend keeps the age only when it took pages from the cache itself.
    before, after = Cost(cache_hits=2, oldest_cached=5.0), Cost(cache_hits=2, oldest_cached=5.0)
    assert after.since(before).oldest_cached == 0.0
    assert Cost(cache_hits=3, oldest_cached=5.0).since(before).oldest_cached == 5.0


def test_print_summary_goes_to_the_console() -> None:
    out = io.StringIO()
    print_summary(Cost(downloads=2, bytes=2048), label="render", console=Console(file=out))
    assert (
        out.getvalue()
        == "render: 2 downloads (0 rendered) · none from the cache · 2.0 KB · 0.0 s · 0 errors\n"
    )


async def test_progress_counts_session_events_and_unsubscribes() -> None:
    pages = {f"{BASE}/{p}": html_page(p) for p in "abc"}
    fetcher = FakeFetcher(pages)
    fetcher.pages[f"{BASE}/robots.txt"] = "User-agent: *\nDisallow: /c\n"
    session = Session(
        fast_config(render="never", budget=2), fetcher=fetcher, browser=FakeBrowser(fetcher)
    )
    out = io.StringIO()
    async with session:
        with CrawlProgress(session, total=2, label="test", console=Console(file=out)) as shown:
            await session.pages([f"{BASE}/a", f"{BASE}/a", f"{BASE}/c", f"{BASE}/b", f"{BASE}/d"])
            await session.pages(["mailto:x@site.test"])
            status = shown._status()
        assert (shown.pages, shown.cached, shown.skipped, shown.errors) == (3, 1, 1, 1)
        assert shown.budget_spent
        assert "3 pages" in status and "1 skipped" in status and "budget spent" in status
        assert all(not session.events.listeners(e) for e in ("page", "skip", "error", "budget"))
        with progress(session, "again") as again:
            await session.page(f"{BASE}/a")
        assert again.pages == 1 and again.cached == 1 and again.label == "again"
    assert out.getvalue() == ""  # not a terminal: nothing drawn


async def test_the_status_fits_the_terminal_width() -> None:
    fetcher = FakeFetcher({f"{BASE}/{p}": html_page(p) for p in "ab"})
    session = Session(
        fast_config(render="never", budget=50), fetcher=fetcher, browser=FakeBrowser(fetcher)
    )
    async with session:
        await session.pages([f"{BASE}/a", f"{BASE}/b"])
        for width, full in ((60, False), (200, True)):
            console = Console(file=io.StringIO(), width=width)
            shown = CrawlProgress(session, total=50, label="discover (ssup)", console=console)
            status = shown._status()
            assert status.startswith("0 pages") and "left 48" in status
            assert ("downloads" in status and "cached" in status) is full
            assert status.endswith("0.0 pages/s") is full  # no page in this phase yet
            assert len(status) + shown._fixed_width() <= width


def test_pace_and_time_left() -> None:
    assert pace(25, 2.0) == "12.5 pages/s" and pace(0, 0.0) == "0.0 pages/s"
    assert pace(3, 1.5, "sites") == "2.0 sites/s"
    assert time_left(10, 5.0, 84) == "0:42 left"
    assert time_left(1, 1.0, 3723) == "1:02:03 left"
    assert time_left(0, 5.0, 10) is None and time_left(5, 5.0, 0) is None


async def test_the_line_shows_the_rate_and_the_time_the_budget_left_takes() -> None:
    fetcher = FakeFetcher({f"{BASE}/{p}": html_page(p) for p in "abcd"})
    session = Session(
        fast_config(render="never", budget=50), fetcher=fetcher, browser=FakeBrowser(fetcher)
    )
    async with session:
        await session.page(f"{BASE}/a")  # spent before the phase: not its rate
        console = Console(file=io.StringIO(), width=200)
        with CrawlProgress(session, total=50, label="discover", console=console) as shown:
            await session.pages([f"{BASE}/b", f"{BASE}/c"])
            shown.started = time.monotonic() - 2.0  # two pages (two budget units) in 2 s
            assert shown._status().endswith("left 47 · 1.0 pages/s · 0:47 left")
        without = CrawlProgress(session, total=10, label="again", console=console)
        with without:
            await session.pages([f"{BASE}/a", f"{BASE}/b"])  # from the cache: no budget spent
            without.started = time.monotonic() - 1.0
            assert without._status().endswith("left 47 · 2.0 pages/s")
