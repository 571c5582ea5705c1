"""The small pieces: budget, in-flight sharing, exported names, picklable errors."""

from __future__ import annotations

import asyncio
import inspect
import pickle

import pytest

from siteseer import crawler
from siteseer.crawler import BudgetExhausted, FetchFailed, NotHTML
from siteseer.crawler import config as crawler_config
from siteseer.crawler.budget import Budget
from siteseer.crawler.dedup import InFlight


def test_budget_spends_until_the_limit() -> None:
    budget = Budget(3)
    budget.spend("u1")
    budget.spend("u2", 2)
    assert budget.left == 0 and budget.used == 3
    with pytest.raises(BudgetExhausted) as info:
        budget.spend("u3")
    assert info.value.url == "u3" and info.value.limit == 3
    assert budget.used == 3  # a refused spend spends nothing


def test_unlimited_budget() -> None:
    budget = Budget(None)
    for i in range(100):
        budget.spend(f"u{i}")
    assert budget.left is None and budget.can_spend(10**6)


async def test_inflight_runs_once_per_key() -> None:
    inflight: InFlight[str, int] = InFlight()
    calls = 0

    async def work() -> int:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.01)
        return 7

    results = await asyncio.gather(*(inflight.run("k", work) for _ in range(5)))
    assert calls == 1
    assert [v for v, _ in results] == [7] * 5
    assert sorted(shared for _, shared in results) == [False, True, True, True, True]
    assert not inflight.running("k")
    # Completed work is not remembered: the store's job, not this piece's.
    await inflight.run("k", work)
    assert calls == 2


async def test_inflight_shares_errors_and_survives_a_cancelled_caller() -> None:
    inflight: InFlight[str, int] = InFlight()
    release = asyncio.Event()

    async def failing() -> int:
        await release.wait()
        raise ValueError("boom")

    first = asyncio.create_task(inflight.run("k", failing))
    await asyncio.sleep(0)
    second = asyncio.create_task(inflight.run("k", failing))
    await asyncio.sleep(0)
    first.cancel()
    release.set()
    with pytest.raises(ValueError, match="boom"):
        await second
    with pytest.raises(asyncio.CancelledError):
        await first


async def test_cancel_all_ends_running_work() -> None:
    inflight: InFlight[str, int] = InFlight()

    async def forever() -> int:
        await asyncio.sleep(3600)
        return 0

    caller = asyncio.create_task(inflight.run("k", forever))
    await asyncio.sleep(0)
    await inflight.cancel_all()
    assert not inflight.running("k")
    with pytest.raises(asyncio.CancelledError):
        await caller


def test_errors_pickle_with_their_context() -> None:
    error = pickle.loads(pickle.dumps(FetchFailed("http://h/", "refused", 3)))
    assert isinstance(error, FetchFailed)
    assert error.url == "http://h/" and error.attempts == 3 and "refused" in str(error)
    other = pickle.loads(pickle.dumps(NotHTML("http://h/x.pdf", "application/pdf")))
    assert other.content_type == "application/pdf"


EXPORTED = {
    "INTERRUPTED",
    "Halt",
    "current_halt",
    "halting",
    "time_limit_reason",
    "read_pages",
    "read_urls",
    "read_published",
    "Published",
    "PublishedFile",
    "PublishedURL",
    "SitemapLimits",
    "ActionFailed",
    "BrowserUnavailable",
    "BudgetExhausted",
    "CacheFailed",
    "Cost",
    "CrawlError",
    "FetchFailed",
    "InvalidURL",
    "MemoryStore",
    "NotHTML",
    "OutOfScope",
    "PageCapReached",
    "RedirectRefused",
    "RenderDecision",
    "runs_scripts",
    "drawn_as_served",
    "RenderMode",
    "Renderer",
    "RobotsDisallowed",
    "RoutingDecision",
    "SQLiteStore",
    "Scope",
    "Session",
    "SessionConfig",
    "SnapshotStore",
    "SpiderTrap",
    "StoreStats",
    "TrapStop",
    "canonical_url",
    "host_of",
    "stored_snapshots",
    # the crawl settings' table (crawler.settings)
    "CrawlSettings",
    "ENV_PREFIX",
    "SettingSpec",
    "parse_duration",
    "parse_pairs",
    "setting",
    "setting_rows",
}


def test_exported_members() -> None:
    assert sorted(crawler.__all__) == sorted(EXPORTED)  # each once
    for name in crawler.__all__:
        value = getattr(crawler, name)
        if name == "RenderMode":  # a Literal alias: no module of its own
            assert value is crawler_config.RenderMode
        elif name == "INTERRUPTED":  # a stop reason (a string)
            assert value == "interrupted (Ctrl-C)"
        elif name == "ENV_PREFIX":  # the settings' variables' prefix (a string)
            assert value == "SITESEER_"
        else:
            assert value.__module__.startswith("siteseer.crawler."), name
    public = {
        name
        for name, value in vars(crawler).items()
        if not name.startswith("_") and not inspect.ismodule(value)
    }
    assert public == EXPORTED
