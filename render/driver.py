"""The Playwright driver (a Node process) that browser pools launch their browsers through.

Starting the driver costs about 0.7 s of CPU, more than launching the browser itself. The pools
open at once in one event loop (a batch's sites, a crawl beside a pool of its own) share one
driver; the last of them to close stops it. `driver_kept()` keeps a loop's driver running between
pools opened one after another (a test session: one driver per test process, not per test).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from playwright.async_api import Playwright, async_playwright

__all__ = ["acquire_driver", "driver_kept", "release_driver"]


@dataclass
class _Driver:
    lock: asyncio.Lock
    playwright: Playwright | None = None
    users: int = 0
    keep: int = 0


_DRIVERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Driver] = (
    weakref.WeakKeyDictionary()
)


def _driver() -> _Driver:
    loop = asyncio.get_running_loop()
    if loop not in _DRIVERS:
        _DRIVERS[loop] = _Driver(asyncio.Lock())
    return _DRIVERS[loop]


async def acquire_driver() -> Playwright:
    """This loop's driver, started if none runs; every `acquire_driver` is paired with a `release_driver`."""
    driver = _driver()
    async with driver.lock:
        if driver.playwright is None:
            driver.playwright = await async_playwright().start()
        driver.users += 1
        return driver.playwright


async def _stop_unused(driver: _Driver) -> None:
    if driver.users == 0 and driver.keep == 0 and driver.playwright is not None:
        playwright, driver.playwright = driver.playwright, None
        await playwright.stop()


async def release_driver() -> None:
    """One user of this loop's driver is done: the last one stops it (unless `driver_kept`)."""
    driver = _driver()
    async with driver.lock:
        driver.users -= 1
        await _stop_unused(driver)


@asynccontextmanager
async def driver_kept() -> AsyncIterator[None]:
    """Within it, the loop's driver, once started, runs until the block ends."""
    driver = _driver()
    driver.keep += 1
    try:
        yield
    finally:
        async with driver.lock:
            driver.keep -= 1
            await _stop_unused(driver)
