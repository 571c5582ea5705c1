"""A crawl Session from a command's options, written once for every command.

    crawl = CrawlOptions(render="auto", budget=200, cache=Path(".siteseer/cache.sqlite"))
    async with watched_session(session_config(crawl), "discover (ssup)") as session:
        ...

`session_config` creates the cache's directory (an OutputFailed when it cannot) and builds the
validated `SessionConfig`; `watched_session` opens the Session with the live progress line on
standard error (drawn on a terminal only, see crawler.progress).
"""

from __future__ import annotations

import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from crawler import CacheFailed, RenderMode, Session, SessionConfig
from crawler.logstats import log_stats
from crawler.progress import progress
from siteseer import logs
from siteseer.errors import OutputFailed, run_failures

__all__ = ["CrawlOptions", "open_cache", "session_config", "watched_session"]


@dataclass(frozen=True)
class CrawlOptions:
    """The crawl settings a command takes from its command line.

    - `render`: the Session's render mode (``auto``, ``always``, ``never``).
    - `budget`: page loads plus browser actions allowed (None: no limit).
    - `cache`: the SQLite cache of pages (None: pages in memory only, ``--no-cache``).
    - `respect_robots`: obey robots.txt.
    - `timeout`: one HTTP request or browser navigation (None: the Session's default).
    - `delay`, `concurrency` (per host), `retries`, `user_agent`, `allowed_hosts`, `headers`,
      `cookies`, `proxy`, `storage_state`, `max_age`, `refresh`: as in SessionConfig (None:
      its default).
    """

    render: RenderMode = "auto"
    budget: int | None = None
    cache: Path | None = None
    respect_robots: bool = True
    timeout: timedelta | None = None
    delay: timedelta | None = None
    concurrency: int | None = None
    retries: int | None = None
    user_agent: str | None = None
    allowed_hosts: tuple[str, ...] = ()
    headers: tuple[tuple[str, str], ...] = ()
    cookies: tuple[tuple[str, str], ...] = ()
    proxy: str | None = None
    storage_state: Path | None = None
    max_age: timedelta | None = None
    refresh: bool = False


def open_cache(cache: Path | None) -> Path | None:
    """`cache` with its directory created (None stays None: no cache)."""
    if cache is None:
        return None
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputFailed(f"cannot create the cache directory {cache.parent}: {e}") from None
    return cache


def session_config(crawl: CrawlOptions, *, allowed_hosts: tuple[str, ...] = ()) -> SessionConfig:
    """The SessionConfig for `crawl` (its cache directory created first); `allowed_hosts` as in
    SessionConfig, added to the crawl's own. A setting SessionConfig refuses raises its
    ValueError."""
    config = SessionConfig(
        render=crawl.render,
        budget=crawl.budget,
        cache=open_cache(crawl.cache),
        respect_robots=crawl.respect_robots,
        allowed_hosts=(*crawl.allowed_hosts, *allowed_hosts),
        delay=crawl.delay,
        headers=crawl.headers,
        cookies=crawl.cookies,
        proxy=crawl.proxy,
        storage_state=crawl.storage_state,
        max_age=crawl.max_age,
        refresh=crawl.refresh,
    )
    given: dict[str, Any] = {
        "timeout": crawl.timeout,
        "per_host_concurrency": crawl.concurrency,
        "retries": crawl.retries,
        "user_agent": crawl.user_agent,
    }
    return replace(config, **{k: v for k, v in given.items() if v is not None})


@asynccontextmanager
async def watched_session(config: SessionConfig, label: str) -> AsyncIterator[Session]:
    """A Session built from `config`, with the live progress line labelled `label` (its bar
    sized to the budget, when there is one) on a terminal, or the periodic stats records
    elsewhere (`siteseer.logs`); the closed Session's phase goes to the run's record."""
    started = time.monotonic()
    with run_failures(CacheFailed):
        async with Session(config) as session:
            try:
                with progress(session, label, total=config.budget):
                    if sys.stderr.isatty():
                        yield session
                    else:
                        with log_stats(session, label, every=logs.STATUS.stats_every):
                            yield session
            finally:
                logs.RUN.add_phase(label, session, time.monotonic() - started)
