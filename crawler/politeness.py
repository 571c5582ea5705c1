"""Per-host politeness: a delay between requests, a cap on requests in flight, and a hold.

Each host gets a `Slot` (Scrapy's downloader slot, reduced to what siteseer needs): a semaphore
for concurrency, the time the last request started, and the time before which no request may
start (`held_until`: a server that answered 429 or 503 with Retry-After asked the whole host to
wait, not just the request it answered). `Politeness.turn(url)` waits for all three;
`Politeness.hold(host, wait)` sets the hold, capped at `max_hold`; `PoliteFetcher` wraps any
`Fetcher` so that every fetch takes its turn, without the fetcher knowing about politeness.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Protocol

from siteseer.crawler.urls import host_of

if TYPE_CHECKING:
    from siteseer.render import RawResponse

__all__ = ["Fetcher", "PoliteFetcher", "Politeness", "Slot"]


class Fetcher(Protocol):
    """Fetches one URL over HTTP (render.http.HttpFetcher is one)."""

    async def fetch(self, url: str, *, timeout: timedelta) -> RawResponse: ...  # noqa: ASYNC109 (a per-request limit)


@dataclass(slots=True)
class Slot:
    """One host's politeness state: `delay` between request starts, `concurrency` in flight."""

    delay: timedelta
    concurrency: int
    last_start: float | None = None  # monotonic seconds
    held_until: float = 0.0  # monotonic seconds: no request starts before (a Retry-After)
    active: int = 0
    _semaphore: asyncio.Semaphore = field(init=False, repr=False)
    _lock: asyncio.Lock = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._semaphore = asyncio.Semaphore(self.concurrency)
        self._lock = asyncio.Lock()

    def wait_before(self, now: float) -> float:
        """Seconds to wait at monotonic time `now` before the next request may start."""
        held = self.held_until - now
        if self.last_start is None:
            return max(0.0, held)
        return max(0.0, held, self.last_start + self.delay.total_seconds() - now)


class Politeness:
    """The slots of every host, created on first use.

    `delay_for(host)` gives a new slot's delay; a hold lasts at most `max_hold`; `clock` and
    `sleep` are injectable for tests.
    """

    def __init__(
        self,
        delay_for: Callable[[str], timedelta],
        concurrency: int,
        *,
        max_hold: timedelta = timedelta(seconds=60),
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._delay_for = delay_for
        self._concurrency = concurrency
        self.max_hold = max_hold
        self._clock = clock
        self._sleep = sleep
        self._slots: dict[str, Slot] = {}

    def slot(self, host: str) -> Slot:
        if host not in self._slots:
            self._slots[host] = Slot(self._delay_for(host), self._concurrency)
        return self._slots[host]

    def raise_delay(self, host: str, delay: timedelta) -> None:
        """Make `host`'s delay at least `delay` (a robots.txt Crawl-delay)."""
        slot = self.slot(host)
        slot.delay = max(slot.delay, delay)

    def hold(self, host: str, wait: timedelta) -> timedelta:
        """Let no request to `host` start for `wait` from now (capped at `max_hold`; a longer
        hold already set stays); the hold applied."""
        applied = min(max(wait, timedelta(0)), self.max_hold)
        slot = self.slot(host)
        slot.held_until = max(slot.held_until, self._clock() + applied.total_seconds())
        return applied

    @asynccontextmanager
    async def turn(self, url: str) -> AsyncIterator[Slot]:
        """Wait until a request to `url`'s host may start; hold a concurrency place meanwhile."""
        slot = self.slot(host_of(url))
        async with slot._semaphore:
            async with slot._lock:
                # Again after each wait: a hold may have been set meanwhile (a millisecond
                # early is on time: a timer may fire that much before its moment).
                while (wait := slot.wait_before(self._clock())) > 1e-3:
                    await self._sleep(wait)
                slot.last_start = self._clock()
            slot.active += 1
            try:
                yield slot
            finally:
                slot.active -= 1


class PoliteFetcher:
    """A `Fetcher` that takes a politeness turn before each fetch of the wrapped one."""

    def __init__(self, fetcher: Fetcher, politeness: Politeness) -> None:
        self._fetcher = fetcher
        self._politeness = politeness

    async def fetch(self, url: str, *, timeout: timedelta) -> RawResponse:  # noqa: ASYNC109
        async with self._politeness.turn(url):
            return await self._fetcher.fetch(url, timeout=timeout)
