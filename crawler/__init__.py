"""The crawl Session: scope, robots.txt, politeness, retries, budget, cache and events.

    from crawler import Session, SessionConfig

    async with Session(SessionConfig(render="auto")) as session:
        snapshot = await session.page("http://127.0.0.1:8000/")

The page types a Session takes and gives (`Snapshot`, `State`, `Action`, `ScreenshotMode`) are
render's: import them from `render`. The command line's progress display lives in
`crawler.progress` (it needs rich).

Each name is loaded from its module on first use (`_LAZY`), so that a command which needs a few
of them (the settings need `SessionConfig`, the cache `SQLiteStore`) does not wait for the
rest: the Session, render's page model, lxml.
"""

import importlib
import typing

if typing.TYPE_CHECKING:
    from crawler.autorender import RenderDecision
    from crawler.config import RenderMode, SessionConfig
    from crawler.cost import Cost
    from crawler.errors import (
        ActionFailed,
        BrowserUnavailable,
        BudgetExhausted,
        CacheFailed,
        CrawlError,
        FetchFailed,
        InvalidURL,
        NotHTML,
        OutOfScope,
        RedirectRefused,
        RobotsDisallowed,
        SpiderTrap,
    )
    from crawler.halt import INTERRUPTED, Halt, current_halt, halting, time_limit_reason
    from crawler.hashrouting import RoutingDecision
    from crawler.inputs import read_pages, read_urls, stored_snapshots
    from crawler.session import Renderer, Session
    from crawler.store import MemoryStore, SnapshotStore, SQLiteStore, StoreStats
    from crawler.urls import Scope, canonical_url, host_of

__all__ = [
    "INTERRUPTED",
    "ActionFailed",
    "BrowserUnavailable",
    "BudgetExhausted",
    "CacheFailed",
    "Cost",
    "CrawlError",
    "FetchFailed",
    "Halt",
    "InvalidURL",
    "MemoryStore",
    "NotHTML",
    "OutOfScope",
    "RedirectRefused",
    "RenderDecision",
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
    "canonical_url",
    "current_halt",
    "halting",
    "host_of",
    "read_pages",
    "read_urls",
    "stored_snapshots",
    "time_limit_reason",
]

_LAZY = {
    "ActionFailed": "crawler.errors",
    "BrowserUnavailable": "crawler.errors",
    "BudgetExhausted": "crawler.errors",
    "CacheFailed": "crawler.errors",
    "Cost": "crawler.cost",
    "CrawlError": "crawler.errors",
    "FetchFailed": "crawler.errors",
    "Halt": "crawler.halt",
    "INTERRUPTED": "crawler.halt",
    "InvalidURL": "crawler.errors",
    "MemoryStore": "crawler.store",
    "NotHTML": "crawler.errors",
    "OutOfScope": "crawler.errors",
    "RedirectRefused": "crawler.errors",
    "RenderDecision": "crawler.autorender",
    "RenderMode": "crawler.config",
    "Renderer": "crawler.session",
    "RobotsDisallowed": "crawler.errors",
    "RoutingDecision": "crawler.hashrouting",
    "SQLiteStore": "crawler.store",
    "Scope": "crawler.urls",
    "Session": "crawler.session",
    "SessionConfig": "crawler.config",
    "SnapshotStore": "crawler.store",
    "SpiderTrap": "crawler.errors",
    "StoreStats": "crawler.store",
    "canonical_url": "crawler.urls",
    "current_halt": "crawler.halt",
    "halting": "crawler.halt",
    "host_of": "crawler.urls",
    "read_pages": "crawler.inputs",
    "read_urls": "crawler.inputs",
    "stored_snapshots": "crawler.inputs",
    "time_limit_reason": "crawler.halt",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'crawler' has no attribute {name!r}")
