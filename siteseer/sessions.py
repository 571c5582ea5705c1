"""A crawl Session from a command's options, written once for every command.

    crawl = crawl_options(render="auto", budget=200, cache=Path(".siteseer/cache.sqlite"))
    async with watched_session(session_config(crawl), "discover (ssup)") as session:
        ...

`session_config` creates the cache's directory (an OutputFailed when it cannot) and builds the
validated `SessionConfig`; `watched_session` opens the Session with the live progress line on
standard error (drawn on a terminal only, see crawler.progress). Given a `Halt`
(`crawl.halt()`, its time limit), it makes it the one every method run inside watches and
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
from dataclasses import dataclass, fields, replace
from pathlib import Path
from types import FrameType
from typing import Any

from siteseer import logs
from siteseer.crawler import (
    INTERRUPTED,
    CacheFailed,
    Halt,
    Session,
    SessionConfig,
    halting,
)
from siteseer.crawler.logstats import log_stats
from siteseer.crawler.progress import progress
from siteseer.errors import OutputFailed, run_failures
from siteseer.settings import CommandSettings, Settings, seconds

__all__ = [
    "TERMINATING",
    "CrawlOptions",
    "crawl_options",
    "interruptible",
    "open_cache",
    "session_config",
    "watched_session",
]


@dataclass(frozen=True)
class CrawlOptions(Settings):
    """A command's crawl: its SessionConfig (`config`: the crawl settings, the render mode, the
    cache file, None: pages in memory only, ``--no-cache``) and the commands' own settings
    (`siteseer.settings.Settings`)."""

    def halt(self) -> Halt:
        """The Halt of a run under `time_limit` (none: a Halt that only Ctrl-C fires)."""
        return Halt(seconds(self.time_limit))

    def with_config(self, **changes: Any) -> CrawlOptions:
        """These options with `changes` made to their SessionConfig (``render="never"``)."""
        return replace(self, config=replace(self.config, **changes))


def crawl_options(
    settings: Settings | None = None, *, pages: int | None = None, **config: Any
) -> CrawlOptions:
    """The CrawlOptions of a command run with `settings` (None: the defaults), `config` the
    SessionConfig fields it sets itself (render, cache, …); `pages` is the command's own page
    budget when neither the settings nor `config` set one."""
    settings = Settings() if settings is None else settings
    if settings.config.budget is None and "budget" not in config:
        config["budget"] = pages
    own = {f.name: getattr(settings, f.name) for f in fields(CommandSettings)}
    return CrawlOptions(config=replace(settings.config, **config), **own)


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
    """The SessionConfig for `crawl` (its cache directory created first); `allowed_hosts` is
    added to the crawl's own. A host SessionConfig refuses raises its ValueError."""
    config = crawl.config
    hosts = (*config.allowed_hosts, *allowed_hosts)
    return replace(config, cache=open_cache(config.cache), allowed_hosts=hosts)


# The signals that end a command as a second Ctrl-C does: SIGTERM (`timeout`, a job scheduler
# sends it) and SIGHUP (the terminal the command ran in closed).
TERMINATING = (signal.SIGTERM, signal.SIGHUP)

# The Halt each handler `interruptible` installed fires (a block inside one adds no other).
_HALTS: dict[object, Halt] = {}


@contextmanager
def interruptible(halt: Halt) -> Iterator[Halt]:
    """Inside the block, a first Ctrl-C (SIGINT) fires `halt` with `INTERRUPTED`; a second one
    goes to the handler that was there before (asyncio's: the run is cancelled, and
    KeyboardInterrupt raised). Outside the main thread signals cannot be caught, and inside a
    block already watching `halt` there is nothing to add: nothing changes."""
    current = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or _HALTS.get(current) is halt:
        yield halt
        return
    loop = asyncio.get_running_loop()
    previous = signal.getsignal(signal.SIGINT)
    presses = 0

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        nonlocal presses
        presses += 1
        if presses == 1:
            # the reason at once, for the checks inside a long analysis that keeps the loop
            # busy; the Halt's waiters through the loop
            halt.mark(INTERRUPTED)
            loop.call_soon_threadsafe(halt.halt, INTERRUPTED)
            return
        signal.signal(signal.SIGINT, previous)
        if callable(previous):
            previous(signum, frame)
        else:
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_sigint)
    _HALTS[on_sigint] = halt
    try:
        yield halt
    finally:
        del _HALTS[on_sigint]
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
