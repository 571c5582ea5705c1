"""Waiting for a page to settle: no DOM mutation and no request in flight for a quiet window.

`SETTLE_INIT_SCRIPT` (render/settle.js) is installed on every browser context before page
scripts run; it observes mutations, wraps fetch/XMLHttpRequest and short timers. `settle()` then
asks the page to report when it has been quiet for `quiet` — or only for `fast` when nothing at
all happened after DOMContentLoaded (a static page settles in a few tens of milliseconds) — and
gives up at `cap`, which is reported (``capped``), never raised. A navigation during the wait
(a form that submits, a link) is followed: the wait starts again in the new document.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from datetime import timedelta
from importlib import resources

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

__all__ = ["SETTLE_INIT_SCRIPT", "Settled", "settle", "settle_then"]

SETTLE_INIT_SCRIPT: str = resources.files("render").joinpath("settle.js").read_text("utf-8")

_SETTLE_CALL = (
    "([quiet, fast, cap, after]) => window.__siteseer && window.__siteseer.settle"
    " ? window.__siteseer.settle(quiet, fast, cap, after) : null"
)
_NAVIGATED = ("Execution context was destroyed", "navigation", "Cannot find context")


@dataclass(frozen=True, slots=True)
class Settled:
    """How a settle wait ended: its length, whether the cap cut it short, mutations seen."""

    ms: float
    capped: bool
    mutations: int = 0
    instrumented: bool = True  # False when the document had no probe (e.g. an error page)


def _ms(delta: timedelta) -> float:
    return delta.total_seconds() * 1000.0


def _settled(raw: str | None, total_ms: float) -> Settled:
    if raw is None:
        return Settled(total_ms, False, 0, False)
    data = json.loads(raw)
    return Settled(total_ms, bool(data["capped"]), int(data["mutations"]))


async def settle(
    page: Page,
    *,
    quiet: timedelta,
    cap: timedelta,
    fast: timedelta | None = None,
    after_action: bool = False,
) -> Settled:
    """Wait until `page` is quiet (see the module docstring); never longer than about `cap`."""
    started = time.perf_counter()
    cap_ms = _ms(cap)
    fast_ms = _ms(fast) if fast is not None else _ms(quiet)
    for _ in range(5):
        elapsed = (time.perf_counter() - started) * 1000.0
        remaining = max(1.0, cap_ms - elapsed)
        try:
            raw = await asyncio.wait_for(
                page.evaluate(_SETTLE_CALL, [_ms(quiet), fast_ms, remaining, after_action]),
                timeout=remaining / 1000.0 + 5.0,
            )
        except TimeoutError:
            # The page's event loop is wedged (a busy script): treat as capped.
            return Settled((time.perf_counter() - started) * 1000.0, True, 0, True)
        except PlaywrightError as e:
            if not any(marker in str(e) for marker in _NAVIGATED):
                raise
            # The document navigated away while we waited: wait for the next one and resume.
            await page.wait_for_load_state("domcontentloaded", timeout=remaining)
            continue
        return _settled(raw, (time.perf_counter() - started) * 1000.0)
    total = (time.perf_counter() - started) * 1000.0
    return Settled(total, total >= cap_ms, 0, True)


async def settle_then(
    page: Page,
    script: str,
    *,
    quiet: timedelta,
    cap: timedelta,
    fast: timedelta | None = None,
) -> tuple[Settled, str]:
    """Settle, then run `script` (a JS function expression returning a string) in the same
    ``page.evaluate`` — one round trip instead of two. Falls back to `settle` followed by a
    separate evaluate when the document navigates during the wait."""
    started = time.perf_counter()
    cap_ms = _ms(cap)
    fast_ms = _ms(fast) if fast is not None else _ms(quiet)
    call = (
        "async ([quiet, fast, cap]) => {"
        " const s = window.__siteseer && window.__siteseer.settle"
        " ? await window.__siteseer.settle(quiet, fast, cap, false) : null;"
        f" return [s, ({script})()]; }}"
    )
    try:
        raw_settle, result = await asyncio.wait_for(
            page.evaluate(call, [_ms(quiet), fast_ms, cap_ms]), timeout=cap_ms / 1000.0 + 5.0
        )
    except (TimeoutError, PlaywrightError) as e:
        if isinstance(e, PlaywrightError) and not any(m in str(e) for m in _NAVIGATED):
            raise
        settled = await settle(page, quiet=quiet, cap=cap, fast=fast)
        waited = (time.perf_counter() - started) * 1000.0
        settled = Settled(waited, settled.capped or isinstance(e, TimeoutError), settled.mutations)
        return settled, await page.evaluate(f"() => ({script})()")
    return _settled(raw_settle, (time.perf_counter() - started) * 1000.0), result
