"""The Playwright driver (a Node process) that browser pools launch their browsers through.

Starting the driver costs about 0.7 s of CPU, more than launching the browser itself. The pools
open at once in one event loop (a batch's sites, a crawl beside a pool of its own) share one
driver; the last of them to close stops it. `driver_kept()` keeps a loop's driver running between
pools opened one after another (a test session: one driver per test process, not per test), and
with it the browsers those pools launched: a pool closing gives its browser back once every one
of its contexts is closed (`give_back_browser`), and the next pool asking for a browser launched
with the same options gets it (`launch_browser`) instead of launching another, with fresh
contexts of its own. A browser given back is checked (it answers) before it is lent again.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import Browser, CDPSession, Playwright, async_playwright
from playwright.async_api import Error as PlaywrightError

__all__ = [
    "acquire_driver",
    "driver_kept",
    "give_back_browser",
    "launch_browser",
    "release_driver",
]


@dataclass
class _Driver:
    lock: asyncio.Lock
    playwright: Playwright | None = None
    users: int = 0
    keep: int = 0
    idle: list[tuple[str, Browser]] = field(default_factory=list)  # kept browsers, by options
    launched: weakref.WeakKeyDictionary[Browser, str] = field(
        default_factory=weakref.WeakKeyDictionary
    )  # each browser's options


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
    if driver.keep == 0:
        idle, driver.idle = driver.idle, []
        for _, browser in idle:
            await _close(browser)
    if driver.users == 0 and driver.keep == 0 and driver.playwright is not None:
        playwright, driver.playwright = driver.playwright, None
        await playwright.stop()


def _options_key(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, default=str)


async def _close(browser: Browser) -> None:
    with suppress(PlaywrightError, TimeoutError):  # gone already: nothing of it to keep
        await asyncio.wait_for(browser.close(), timeout=10)


async def _answers(browser: Browser) -> bool:
    """Whether a kept browser still answers (one killed may look connected for a while)."""
    if not browser.is_connected():
        return False
    try:
        cdp = await asyncio.wait_for(browser.new_browser_cdp_session(), timeout=5)
        await asyncio.wait_for(cdp.send("Browser.getVersion"), timeout=5)
        await cdp.detach()
    except (PlaywrightError, TimeoutError):
        return False
    return True


async def launch_browser(playwright: Playwright, options: dict[str, Any]) -> Browser:
    """A Chromium launched with `options` (Playwright's ``chromium.launch`` keywords): one kept
    by `driver_kept` and given back with the same options if there is one that answers, else a
    new one. Raises what ``chromium.launch`` raises."""
    driver = _driver()
    key = _options_key(options)
    while True:
        found = next((i for i, (k, _) in enumerate(driver.idle) if k == key), None)
        if found is None:
            browser = await playwright.chromium.launch(**options)
            driver.launched[browser] = key
            return browser
        _, browser = driver.idle.pop(found)
        if await _answers(browser):
            return browser
        await _close(browser)


async def give_back_browser(browser: Browser, watcher: CDPSession | None = None) -> bool:
    """Keep `browser` (from `launch_browser`) for the next pool while `driver_kept` holds this
    loop's driver and none of its contexts is left open, once `watcher` (the pool's session on
    the browser target, if any) is detached; whether it was kept (if not, the caller closes it)."""
    driver = _driver()
    key = driver.launched.get(browser)
    if key is None or driver.keep == 0 or not browser.is_connected() or browser.contexts:
        return False
    if watcher is not None:
        try:
            await watcher.detach()
        except PlaywrightError:
            return False
    driver.idle.append((key, browser))
    return True


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
