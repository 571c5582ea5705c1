"""The crawl Session: scope, robots.txt, politeness, retries, budget, cache and events.

    from crawler import Session, SessionConfig

    async with Session(SessionConfig(render="auto")) as session:
        snapshot = await session.page("http://127.0.0.1:8000/")

The page types a Session takes and gives (`Snapshot`, `State`, `Action`, `ScreenshotMode`) are
render's: import them from `render`. The command line's progress display lives in
`crawler.progress` (it needs rich).
"""

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
