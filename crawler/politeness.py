"""Per-host politeness: a delay between requests and a cap on requests in flight.

Each host gets a `Slot` (Scrapy's downloader slot, reduced to what siteseer needs): a semaphore
for concurrency and the time the last request started. `Politeness.turn(url)` waits for both;
`PoliteFetcher` wraps any `Fetcher` so that every fetch takes its turn, without the fetcher
knowing about politeness.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Protocol

from crawler.urls import host_of

if TYPE_CHECKING:
    from render import RawResponse

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
    active: int = 0
    _semaphore: asyncio.Semaphore = field(init=False, repr=False)
    _lock: asyncio.Lock = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._semaphore = asyncio.Semaphore(self.concurrency)
        self._lock = asyncio.Lock()

    def wait_before(self, now: float) -> float:
        """Seconds to wait at monotonic time `now` before the next request may start."""
        if self.last_start is None:
            return 0.0
        return max(0.0, self.last_start + self.delay.total_seconds() - now)


class Politeness:
    """The slots of every host, created on first use.

    `delay_for(host)` gives a new slot's delay; `clock` and `sleep` are injectable for tests.
    """

    def __init__(
        self,
        delay_for: Callable[[str], timedelta],
        concurrency: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._delay_for = delay_for
        self._concurrency = concurrency
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

    @asynccontextmanager
    async def turn(self, url: str) -> AsyncIterator[Slot]:
        """Wait until a request to `url`'s host may start; hold a concurrency place meanwhile."""
        slot = self.slot(host_of(url))
        async with slot._semaphore:
            async with slot._lock:
                wait = slot.wait_before(self._clock())
                if wait > 0:
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
