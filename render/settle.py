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
from collections import deque
from dataclasses import dataclass, replace
from datetime import timedelta
from importlib import resources
from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

__all__ = [
    "SETTLE_INIT_SCRIPT",
    "NavigationLearner",
    "SettleLearner",
    "Settled",
    "click_in_page",
    "load_more_in_page",
    "scroll_in_page",
    "settle",
    "settle_then",
]

SETTLE_INIT_SCRIPT: str = (
    resources.files("siteseer.render").joinpath("settle.js").read_text("utf-8")
)

_SETTLE_CALL = (
    "([quiet, fast, cap, after]) => window.__siteseer && window.__siteseer.settle"
    " ? window.__siteseer.settle(quiet, fast, cap, after) : null"
)
_NAVIGATED = ("Execution context was destroyed", "navigation", "Cannot find context")


@dataclass(frozen=True, slots=True)
class Settled:
    """How a settle wait ended: its length, whether the cap cut it short, mutations seen.

    After an action: `steps` state changes were made (a load-more loop makes several),
    `step_ms` is each one's settle wait, `gap_ms` each one's draw gap (from the end of the last
    request or short timer it waited for to the page's last DOM change), and `late` how many
    grew the page only after their short quiet window had ended. A scroll action's `drawn` is
    every link and opener its steps drew (extract.js's JSON), those taken out since included.
    """

    ms: float
    capped: bool
    mutations: int = 0
    instrumented: bool = True  # False when the document had no probe (e.g. an error page)
    steps: int = 1
    step_ms: tuple[float, ...] = ()
    gap_ms: tuple[float, ...] = ()
    late: int = 0
    # A scroll action's: what its steps drew, once each (extract.js's JSON: links, openers)
    drawn: str = ""


class SettleLearner:
    """The quiet window after an action, learned per site from how fast its pages answer.

    Requests and short timers an action starts are waited for whatever the window (settle.js
    counts them), so the window only has to cover the *draw gap*: from the end of the last of
    them to the page's last DOM change (drawing the answer: reading a fetch's body counts as
    part of the request, so on a page that draws from it the gap is a few ms). Until
    `MIN_SAMPLES` actions on a host were seen, an action waits the full `quiet` window (nothing
    is known yet); then the window is `FACTOR` × the `QUANTILE` (75th percentile) of the recent
    `WINDOW_SAMPLES` gaps, kept between `floor` (10 ms by default) and `quiet` (a busy machine's
    odd slow gap does not set it). A page that grew after its window
    had ended (`late`) doubles that host's floor.
    """

    MIN_SAMPLES = 3
    WINDOW_SAMPLES = 64
    FACTOR = 2.0
    QUANTILE = 0.75

    def __init__(self, quiet: timedelta, floor: timedelta = timedelta(milliseconds=10)) -> None:
        self.quiet_ms = _ms(quiet)
        self.floor_ms = min(_ms(floor), self.quiet_ms)
        self._samples: dict[str, deque[float]] = {}
        self._floor: dict[str, float] = {}
        self._waits: list[float] = []

    def window(self, host: str) -> timedelta:
        """The quiet window for the next action on `host`."""
        samples = self._samples.get(host)
        if samples is None or len(samples) < self.MIN_SAMPLES:
            return timedelta(milliseconds=self.quiet_ms)
        ordered = sorted(samples)
        typical = ordered[min(len(ordered) - 1, int(self.QUANTILE * len(ordered)))]
        floor = self._floor.get(host, self.floor_ms)
        return timedelta(milliseconds=min(self.quiet_ms, max(floor, self.FACTOR * typical)))

    def observe(self, host: str, settled: Settled) -> None:
        """Learn from the settle after an action on `host`."""
        samples = self._samples.setdefault(host, deque(maxlen=self.WINDOW_SAMPLES))
        samples.extend(settled.gap_ms)
        self._waits.extend(settled.step_ms or (settled.ms,))
        if settled.late:
            floor = self._floor.get(host, self.floor_ms)
            self._floor[host] = min(self.quiet_ms, 2 * floor)

    @property
    def waits_ms(self) -> tuple[float, ...]:
        """Every settle wait after an action so far (one per click, select, submit, scroll)."""
        return tuple(self._waits)


class NavigationLearner(SettleLearner):
    """The quiet window after a navigation, learned per site by `SettleLearner`'s rule.

    A document's own requests (fetch, XMLHttpRequest) and short timers are waited for whatever
    the window, so it only has to cover what a page draws after them with nothing counted in
    flight (a script it inserts, a module it imports). The samples come only from *checked*
    navigations, which wait the whole configured window and so see a late draw: the first
    `MIN_SAMPLES` on a host and every `CHECK_EVERY`-th after. A checked page that drew later
    than the learned window would have waited is late: the host's floor doubles. Pages that
    changed nothing after DOMContentLoaded settle in `fast` whatever the window and teach
    nothing.
    """

    CHECK_EVERY = 8

    def __init__(self, quiet: timedelta, floor: timedelta = timedelta(milliseconds=10)) -> None:
        super().__init__(quiet, floor)
        self._loads: dict[str, int] = {}

    def plan(self, host: str) -> timedelta:
        """The quiet window for the next navigation on `host`: the whole one on a check."""
        n = self._loads.get(host, 0)
        self._loads[host] = n + 1
        if n % self.CHECK_EVERY == 0:
            return timedelta(milliseconds=self.quiet_ms)
        return self.window(host)

    def learn(self, host: str, window: timedelta, settled: Settled) -> None:
        """Learn from a navigation on `host` that settled with `window`, when it was checked
        (the whole window) and its page changed after DOMContentLoaded."""
        if _ms(window) < self.quiet_ms or not settled.mutations or settled.capped:
            return
        short = _ms(self.window(host))
        late = int(short < self.quiet_ms and any(gap > short for gap in settled.gap_ms))
        self.observe(host, replace(settled, late=late))


def _ms(delta: timedelta) -> float:
    return delta.total_seconds() * 1000.0


def _settled(raw: str | None, total_ms: float) -> Settled:
    if raw is None:
        return Settled(total_ms, False, 0, False)
    data = json.loads(raw)
    gap = data.get("gap")
    return Settled(
        total_ms,
        bool(data["capped"]),
        int(data["mutations"]),
        step_ms=(total_ms,),
        gap_ms=() if gap is None else (float(gap),),
    )


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


_CLICK_CALL = (
    "([selector, quiet, cap]) => window.__siteseer && window.__siteseer.click"
    " ? window.__siteseer.click(selector, quiet, cap) : null"
)


async def click_in_page(
    page: Page, selector: str, *, quiet: timedelta, cap: timedelta
) -> Settled | None:
    """Click `selector` inside the page and settle as after an action, in one round trip
    (settle.js ``click``). None when the page has no probe or the element is not shown, is
    disabled, or would navigate or submit a form: the caller then clicks from outside. A
    navigation the click started after all is followed like `settle` follows one."""
    started = time.perf_counter()
    cap_ms = _ms(cap)
    try:
        raw = await asyncio.wait_for(
            page.evaluate(_CLICK_CALL, [selector, _ms(quiet), cap_ms]),
            timeout=cap_ms / 1000.0 + 5.0,
        )
    except TimeoutError:
        return Settled((time.perf_counter() - started) * 1000.0, True, 0, True)
    except PlaywrightError as e:
        if not any(marker in str(e) for marker in _NAVIGATED):
            raise
        await page.wait_for_load_state("domcontentloaded", timeout=cap_ms)
        after = await settle(page, quiet=quiet, cap=cap, after_action=True)
        return replace(after, ms=(time.perf_counter() - started) * 1000.0)
    if raw is None:
        return None
    settled = _settled(raw, (time.perf_counter() - started) * 1000.0)
    # The wait the page itself measured, as a load-more loop reports each click's.
    return replace(settled, step_ms=(float(json.loads(raw)["ms"]),))


_LOAD_MORE_CALL = (
    "([selector, rounds, quiet, confirm, cap, floor, factor, quantile, most]) =>"
    " window.__siteseer && window.__siteseer.loadMore ? window.__siteseer.loadMore("
    "selector, rounds, quiet, confirm, cap, floor, factor, quantile, most) : null"
)


async def load_more_in_page(
    page: Page,
    selector: str,
    *,
    rounds: int,
    quiet: timedelta,
    confirm: timedelta,
    cap: timedelta,
    learner: SettleLearner | None = None,
) -> Settled | None:
    """Click `selector` (scroll to the bottom when empty) until the page stops growing, inside
    the page: one round trip for the whole loop (settle.js ``loadMore``). Each click settles
    for `quiet`; a click that did not grow the page while the control is still shown gets
    `confirm` before the loop stops; after three clicks the window follows the loop's own draw
    gaps by `learner`'s rule (fixed at `quiet` without one). `cap` bounds each click's wait.
    None when the page has no
    probe or the control would navigate: the caller then clicks from outside."""
    started = time.perf_counter()
    cap_ms = _ms(cap) * max(1, rounds)
    if learner is None:
        adapt = [_ms(quiet), 1.0, 0.75, _ms(quiet)]
    else:
        adapt = [learner.floor_ms, learner.FACTOR, learner.QUANTILE, learner.quiet_ms]
    try:
        raw = await asyncio.wait_for(
            page.evaluate(
                _LOAD_MORE_CALL, [selector, rounds, _ms(quiet), _ms(confirm), cap_ms, *adapt]
            ),
            timeout=cap_ms / 1000.0 + 5.0,
        )
    except PlaywrightError as e:
        if any(marker in str(e) for marker in _NAVIGATED):
            return None
        raise
    if raw is None:
        return None
    data = json.loads(raw)
    if data["fallback"]:
        return None
    return _stepped(data, started, late=int(data["late"]))


def _stepped(data: dict[str, Any], started: float, *, late: int = 0, drawn: str = "") -> Settled:
    """A `Settled` from settle.js's report `data` of a stepped wait begun at `started`
    (`time.perf_counter`): a load-more's `late` draws, a scroll's `drawn` links."""
    return Settled(
        (time.perf_counter() - started) * 1000.0,
        bool(data["capped"]),
        int(data["mutations"]),
        steps=int(data["steps"]),
        step_ms=tuple(float(ms) for ms in data["ms"]),
        gap_ms=tuple(float(ms) for ms in data["gap"]),
        late=late,
        drawn=drawn,
    )


_SCROLL_CALL = (
    "([selector, rounds, quiet, cap, floor, factor, quantile, most]) =>"
    " window.__siteseer && window.__siteseer.scrollList ? window.__siteseer.scrollList("
    "selector, rounds, quiet, cap, floor, factor, quantile, most) : null"
)


async def scroll_in_page(
    page: Page,
    selector: str,
    *,
    rounds: int,
    quiet: timedelta,
    cap: timedelta,
    learner: SettleLearner | None = None,
) -> Settled | None:
    """Scroll the region at `selector` (the document when empty) a view at a time inside the
    page, in one round trip (settle.js ``scrollList``), keeping what each step drew (`drawn`).
    Each step settles for `quiet`, after three steps for the loop's own draw gaps by
    `learner`'s rule; the whole loop stops at `cap`. None when the page has no probe or no
    element matches `selector`."""
    started = time.perf_counter()
    cap_ms = _ms(cap)
    if learner is None:
        adapt = [_ms(quiet), 1.0, 0.75, _ms(quiet)]
    else:
        adapt = [learner.floor_ms, learner.FACTOR, learner.QUANTILE, learner.quiet_ms]
    raw = await asyncio.wait_for(
        page.evaluate(_SCROLL_CALL, [selector, rounds, _ms(quiet), cap_ms, *adapt]),
        timeout=cap_ms / 1000.0 + 5.0,
    )
    if raw is None:
        return None
    data = json.loads(raw)
    if not data["found"] or data["drawn"] is None:
        return None
    return _stepped(data, started, drawn=str(data["drawn"]))
