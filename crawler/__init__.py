"""The crawl Session: scope, robots.txt, politeness, retries, budget, cache and events.

    from siteseer.crawler import Session, SessionConfig

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
    from siteseer.crawler.autorender import RenderDecision, drawn_as_served, runs_scripts
    from siteseer.crawler.config import RenderMode, SessionConfig
    from siteseer.crawler.cost import Cost
    from siteseer.crawler.errors import (
        ActionFailed,
        BrowserUnavailable,
        BudgetExhausted,
        CacheFailed,
        CrawlError,
        FetchFailed,
        InvalidURL,
        NotHTML,
        OutOfScope,
        PageCapReached,
        RedirectRefused,
        RobotsDisallowed,
        SpiderTrap,
    )
    from siteseer.crawler.halt import INTERRUPTED, Halt, current_halt, halting, time_limit_reason
    from siteseer.crawler.hashrouting import RoutingDecision
    from siteseer.crawler.inputs import read_pages, read_urls, stored_snapshots
    from siteseer.crawler.session import Renderer, Session
    from siteseer.crawler.settings import (
        ENV_PREFIX,
        CrawlSettings,
        SettingSpec,
        parse_duration,
        parse_pairs,
        setting,
        setting_rows,
    )
    from siteseer.crawler.sitemaps import (
        Published,
        PublishedFile,
        PublishedURL,
        SitemapLimits,
        read_published,
    )
    from siteseer.crawler.store import MemoryStore, SnapshotStore, SQLiteStore, StoreStats
    from siteseer.crawler.urls import Scope, TrapStop, canonical_url, host_of

__all__ = [
    "ENV_PREFIX",
    "INTERRUPTED",
    "ActionFailed",
    "BrowserUnavailable",
    "BudgetExhausted",
    "CacheFailed",
    "Cost",
    "CrawlError",
    "CrawlSettings",
    "FetchFailed",
    "Halt",
    "InvalidURL",
    "MemoryStore",
    "NotHTML",
    "OutOfScope",
    "PageCapReached",
    "Published",
    "PublishedFile",
    "PublishedURL",
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
    "SettingSpec",
    "SitemapLimits",
    "SnapshotStore",
    "SpiderTrap",
    "StoreStats",
    "TrapStop",
    "canonical_url",
    "current_halt",
    "drawn_as_served",
    "halting",
    "host_of",
    "parse_duration",
    "parse_pairs",
    "read_pages",
    "read_published",
    "read_urls",
    "runs_scripts",
    "setting",
    "setting_rows",
    "stored_snapshots",
    "time_limit_reason",
]

_LAZY = {
    "ActionFailed": "siteseer.crawler.errors",
    "BrowserUnavailable": "siteseer.crawler.errors",
    "BudgetExhausted": "siteseer.crawler.errors",
    "CacheFailed": "siteseer.crawler.errors",
    "Cost": "siteseer.crawler.cost",
    "CrawlError": "siteseer.crawler.errors",
    "CrawlSettings": "siteseer.crawler.settings",
    "ENV_PREFIX": "siteseer.crawler.settings",
    "FetchFailed": "siteseer.crawler.errors",
    "Halt": "siteseer.crawler.halt",
    "INTERRUPTED": "siteseer.crawler.halt",
    "InvalidURL": "siteseer.crawler.errors",
    "MemoryStore": "siteseer.crawler.store",
    "NotHTML": "siteseer.crawler.errors",
    "OutOfScope": "siteseer.crawler.errors",
    "PageCapReached": "siteseer.crawler.errors",
    "Published": "siteseer.crawler.sitemaps",
    "PublishedFile": "siteseer.crawler.sitemaps",
    "PublishedURL": "siteseer.crawler.sitemaps",
    "RedirectRefused": "siteseer.crawler.errors",
    "RenderDecision": "siteseer.crawler.autorender",
    "RenderMode": "siteseer.crawler.config",
    "Renderer": "siteseer.crawler.session",
    "RobotsDisallowed": "siteseer.crawler.errors",
    "RoutingDecision": "siteseer.crawler.hashrouting",
    "SQLiteStore": "siteseer.crawler.store",
    "Scope": "siteseer.crawler.urls",
    "Session": "siteseer.crawler.session",
    "SessionConfig": "siteseer.crawler.config",
    "SettingSpec": "siteseer.crawler.settings",
    "SitemapLimits": "siteseer.crawler.sitemaps",
    "SnapshotStore": "siteseer.crawler.store",
    "SpiderTrap": "siteseer.crawler.errors",
    "StoreStats": "siteseer.crawler.store",
    "TrapStop": "siteseer.crawler.urls",
    "canonical_url": "siteseer.crawler.urls",
    "current_halt": "siteseer.crawler.halt",
    "drawn_as_served": "siteseer.crawler.autorender",
    "halting": "siteseer.crawler.halt",
    "host_of": "siteseer.crawler.urls",
    "parse_duration": "siteseer.crawler.settings",
    "parse_pairs": "siteseer.crawler.settings",
    "read_pages": "siteseer.crawler.inputs",
    "read_published": "siteseer.crawler.sitemaps",
    "read_urls": "siteseer.crawler.inputs",
    "runs_scripts": "siteseer.crawler.autorender",
    "setting": "siteseer.crawler.settings",
    "setting_rows": "siteseer.crawler.settings",
    "stored_snapshots": "siteseer.crawler.inputs",
    "time_limit_reason": "siteseer.crawler.halt",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'crawler' has no attribute {name!r}")
