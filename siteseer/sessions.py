"""A crawl Session from a command's options, written once for every command.

    crawl = CrawlOptions(render="auto", budget=200, cache=Path(".siteseer/cache.sqlite"))
    async with watched_session(session_config(crawl), "discover (ssup)") as session:
        ...

`session_config` creates the cache's directory (an OutputFailed when it cannot) and builds the
validated `SessionConfig`; `watched_session` opens the Session with the live progress line on
standard error (drawn on a terminal only, see crawler.progress). Given a `Halt`
(`crawler.Halt(crawl.time_limit)`), it makes it the one every method run inside watches and
lets a first Ctrl-C fire it: the method stops at its next load and returns what it found, which
the command writes, marked incomplete; a second Ctrl-C stops at once (KeyboardInterrupt).
"""

from __future__ import annotations

import asyncio
import signal
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from types import FrameType
from typing import Any

from siteseer import logs
from siteseer.crawler import (
    INTERRUPTED,
    CacheFailed,
    Halt,
    RenderMode,
    Session,
    SessionConfig,
    halting,
)
from siteseer.crawler.logstats import log_stats
from siteseer.crawler.progress import progress
from siteseer.errors import OutputFailed, run_failures

__all__ = ["CrawlOptions", "interruptible", "open_cache", "session_config", "watched_session"]


@dataclass(frozen=True)
class CrawlOptions:
    """The crawl settings a command takes from its command line.

    - `render`: the Session's render mode (``auto``, ``always``, ``never``).
    - `budget`: page loads plus browser actions allowed (None: no limit).
    - `cache`: the SQLite cache of pages (None: pages in memory only, ``--no-cache``).
    - `respect_robots`: obey robots.txt.
    - `allow_private_addresses`: let a hop (a redirect, a browser navigation) go from a public
      host to a loopback, private or link-local address (crawler.hops).
    - `timeout`: one HTTP request or browser navigation (None: the Session's default).
    - `time_limit`: the whole run of a crawling command (None: no limit); a run that reaches
      it stops and writes what it found, marked incomplete.
    - `delay`, `concurrency` (per host), `retries`, `user_agent`, `allowed_hosts`, `headers`,
      `cookies`, `proxy`, `storage_state`, `max_age`, `refresh`: as in SessionConfig (None:
      its default).
    """

    render: RenderMode = "auto"
    budget: int | None = None
    cache: Path | None = None
    respect_robots: bool = True
    allow_private_addresses: bool = False
    timeout: timedelta | None = None
    time_limit: timedelta | None = None
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
        allow_private_addresses=crawl.allow_private_addresses,
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


@contextmanager
def interruptible(halt: Halt) -> Iterator[Halt]:
    """Inside the block, a first Ctrl-C (SIGINT) fires `halt` with `INTERRUPTED`; a second one
    goes to the handler that was there before (asyncio's: the run is cancelled, and
    KeyboardInterrupt raised). Outside the main thread signals cannot be caught: nothing
    changes."""
    if threading.current_thread() is not threading.main_thread():
        yield halt
        return
    loop = asyncio.get_running_loop()
    previous = signal.getsignal(signal.SIGINT)
    presses = 0

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        nonlocal presses
        presses += 1
        if presses == 1:
            loop.call_soon_threadsafe(halt.halt, INTERRUPTED)
            return
        signal.signal(signal.SIGINT, previous)
        if callable(previous):
            previous(signum, frame)
        else:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_sigint)
    try:
        yield halt
    finally:
        if signal.getsignal(signal.SIGINT) is on_sigint:
            signal.signal(signal.SIGINT, previous)


@asynccontextmanager
async def watched_session(
    config: SessionConfig, label: str, *, halt: Halt | None = None
) -> AsyncIterator[Session]:
    """A Session built from `config`, with the live progress line labelled `label` (its bar
    sized to the budget, when there is one) on a terminal, or the periodic stats records
    elsewhere (`siteseer.logs`); the closed Session's phase goes to the run's record.

    With `halt`, every method run inside watches it, and Ctrl-C fires it (`interruptible`)."""
    started = time.monotonic()
    with ExitStack() as stack, run_failures(CacheFailed):
        if halt is not None:
            stack.enter_context(halting(halt))
            stack.enter_context(interruptible(halt))
        async with _session(config, label) as session:
            try:
                yield session
            finally:
                logs.RUN.add_phase(label, session, time.monotonic() - started)


@asynccontextmanager
async def _session(config: SessionConfig, label: str) -> AsyncIterator[Session]:
    async with Session(config) as session:
        with progress(session, label, total=config.budget):
            if sys.stderr.isatty():
                yield session
            else:
                with log_stats(session, label, every=logs.STATUS.stats_every):
                    yield session
