"""Performing an Action on a live page, each followed by a settle.

- ``click``: click the element at the selector (checkbox, radio, button, link); a shown control
  that neither navigates nor submits a form is clicked inside the page, settling in the same
  round trip (settle.js ``click``), any other from outside by Playwright.
- ``select``: choose the option whose value is the action's `value`.
- ``fill_submit``: set each field (text is filled, selects get the value, checkboxes and radios
  are checked for "on" and unchecked for "off"), then click the submit control, or submit the
  form the first field belongs to when the action has no selector. A navigating form is
  followed by the settle that comes after.
- ``load_more``: click the load-more control (or scroll to the bottom when the selector is empty)
  until the page stops growing, the control disappears, or the action's `rounds` (default 20)
  are done. The loop runs inside the page (settle.js ``loadMore``: one round trip, not several
  per click); a control that navigates is clicked from outside, one Playwright click a round.
- ``scroll``: scroll the region at the selector (the document when empty) a view at a time until
  its end, or until two steps in a row drew nothing new, the action's `rounds` (default 200)
  are done or `ActionTiming.scroll` has passed, keeping every link and opener drawn along the
  way (settle.js ``scrollList``, one round trip): the returned `Settled`'s `drawn`. While it
  scrolls, the window is `SCROLL_VIEWS` times as tall (as wide as before): a list drawn to fill
  the window draws that many more rows a step.

Each state change settles for `ActionTiming.settle_quiet`, the window the pool learned for the
site (render/settle.py `SettleLearner`); the requests and timers the action started are waited
for whatever the window. The returned `Settled` says how many state changes were made (`steps`).

A control that is not there raises `ActionError` with the action and the page URL.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from siteseer.render.errors import ActionError
from siteseer.render.settle import (
    Settled,
    SettleLearner,
    click_in_page,
    load_more_in_page,
    scroll_in_page,
    settle,
)
from siteseer.render.snapshot import Action

__all__ = ["DEFAULT_LOAD_MORE_ROUNDS", "DEFAULT_SCROLL_STEPS", "ActionTiming", "perform"]

DEFAULT_LOAD_MORE_ROUNDS = 20
DEFAULT_SCROLL_STEPS = 200
SCROLL_VIEWS = 8  # a scroll action's window is this many views tall while it scrolls

_SIZE = "() => document.getElementsByTagName('*').length"
_FIELD_KIND = "e => e.localName + ':' + ((e.getAttribute('type') || '').toLowerCase())"
_SUBMIT_FORM = (
    "e => { const f = e.form || e.closest('form');"
    " if (!f) return false; f.requestSubmit ? f.requestSubmit() : f.submit(); return true; }"
)
_SCROLL_BOTTOM = "() => window.scrollTo(0, document.documentElement.scrollHeight)"


@dataclass(frozen=True, slots=True)
class ActionTiming:
    """The timeouts an action runs under: `settle_quiet` is the quiet window after each state
    change (learned per site by the pool), `settle_confirm` the longer one a load-more click
    that did not grow the page gets before the loop stops."""

    action: timedelta
    settle_quiet: timedelta
    settle_cap: timedelta
    settle_confirm: timedelta = timedelta(milliseconds=400)
    scroll: timedelta = timedelta(seconds=120)  # a scroll action's whole loop
    learner: SettleLearner | None = None  # its rule refines the window within a load-more loop


def _ms(delta: timedelta) -> float:
    return delta.total_seconds() * 1000.0


async def _settle(page: Page, timing: ActionTiming) -> Settled:
    return await settle(page, quiet=timing.settle_quiet, cap=timing.settle_cap, after_action=True)


async def _require(page: Page, selector: str, action: Action) -> None:
    try:
        count = await page.locator(selector).count()
    except PlaywrightError as e:
        raise ActionError(
            f"{action.kind} on {page.url}: {selector!r} is not a valid selector ({e})",
            url=page.url,
            action=action,
        ) from e
    if count == 0:
        raise ActionError(
            f"{action.kind} on {page.url}: nothing matches {selector!r} any more; "
            f"the page changed since the control was seen",
            url=page.url,
            action=action,
        )


def _failed(page: Page, action: Action, e: PlaywrightError) -> ActionError:
    first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    return ActionError(
        f"{action.kind} {action.selector!r} on {page.url} failed: {first}",
        url=page.url,
        action=action,
    )


async def _click(page: Page, action: Action, timing: ActionTiming) -> Settled:
    try:
        inside = await click_in_page(
            page, action.selector, quiet=timing.settle_quiet, cap=timing.settle_cap
        )
    except PlaywrightError:
        inside = None  # not a selector the page's querySelector takes: Playwright says why
    if inside is not None:
        return inside
    await _require(page, action.selector, action)
    try:
        await page.locator(action.selector).first.click(timeout=_ms(timing.action))
    except PlaywrightError as e:
        raise _failed(page, action, e) from e
    return await _settle(page, timing)


async def _select(page: Page, action: Action, timing: ActionTiming) -> Settled:
    await _require(page, action.selector, action)
    try:
        await page.locator(action.selector).first.select_option(
            value=action.value, timeout=_ms(timing.action)
        )
    except PlaywrightError as e:
        raise _failed(page, action, e) from e
    return await _settle(page, timing)


async def _fill_submit(page: Page, action: Action, timing: ActionTiming) -> Settled:
    timeout = _ms(timing.action)
    for selector, value in action.fields:
        await _require(page, selector, action)
        field = page.locator(selector).first
        try:
            kind = await field.evaluate(_FIELD_KIND)
            if kind.startswith("select:"):
                await field.select_option(value=value, timeout=timeout)
            elif kind in ("input:checkbox", "input:radio"):
                await field.set_checked(
                    value.lower() not in ("off", "false", "0", ""), timeout=timeout
                )
            else:
                await field.fill(value, timeout=timeout)
        except PlaywrightError as e:
            raise _failed(page, action, e) from e
    try:
        if action.selector:
            await _require(page, action.selector, action)
            await page.locator(action.selector).first.click(timeout=timeout)
        elif action.fields:
            submitted = await page.locator(action.fields[0][0]).first.evaluate(_SUBMIT_FORM)
            if not submitted:
                raise ActionError(
                    f"fill_submit on {page.url}: {action.fields[0][0]!r} is not in a form and "
                    f"no submit control was given",
                    url=page.url,
                    action=action,
                )
        else:
            raise ActionError(
                f"fill_submit on {page.url} names neither fields nor a submit control",
                url=page.url,
                action=action,
            )
    except PlaywrightError as e:
        if any(m in str(e) for m in ("Execution context was destroyed", "navigation")):
            # Submitting navigated before the call returned: that is success.
            return await _settle(page, timing)
        raise _failed(page, action, e) from e
    return await _settle(page, timing)


async def _load_more(page: Page, action: Action, timing: ActionTiming) -> Settled:
    rounds = DEFAULT_LOAD_MORE_ROUNDS if action.rounds is None else action.rounds
    if action.selector:
        await _require(page, action.selector, action)
    try:
        inside = await load_more_in_page(
            page,
            action.selector,
            rounds=rounds,
            quiet=timing.settle_quiet,
            confirm=timing.settle_confirm,
            cap=timing.settle_cap,
            learner=timing.learner,
        )
    except PlaywrightError as e:
        raise _failed(page, action, e) from e
    if inside is not None:
        return inside
    return await _load_more_clicks(page, action, rounds, timing)


async def _load_more_clicks(
    page: Page, action: Action, rounds: int, timing: ActionTiming
) -> Settled:
    """Load more from outside the page, one Playwright click and settle per round (a control
    that navigates, a document without the probe)."""
    total_ms = 0.0
    capped = False
    mutations = 0
    step_ms: list[float] = []
    gap_ms: list[float] = []
    size = await page.evaluate(_SIZE)
    for _ in range(rounds):
        try:
            if action.selector:
                control = page.locator(action.selector).first
                if (
                    await page.locator(action.selector).count() == 0
                    or not await control.is_visible()
                ):
                    break
                await control.click(timeout=_ms(timing.action))
            else:
                await page.evaluate(_SCROLL_BOTTOM)
        except PlaywrightError as e:
            raise _failed(page, action, e) from e
        settled = await _settle(page, timing)
        total_ms += settled.ms
        capped = capped or settled.capped
        mutations += settled.mutations
        step_ms.append(settled.ms)
        gap_ms.extend(settled.gap_ms)
        grown = await page.evaluate(_SIZE)
        if grown <= size:
            break
        size = grown
    return Settled(
        total_ms,
        capped,
        mutations,
        steps=len(step_ms),
        step_ms=tuple(step_ms),
        gap_ms=tuple(gap_ms),
    )


async def _scroll(page: Page, action: Action, timing: ActionTiming) -> Settled:
    rounds = DEFAULT_SCROLL_STEPS if action.rounds is None else action.rounds
    size = page.viewport_size
    try:
        if size is not None:  # a taller window draws more rows a step: fewer steps
            tall = {"width": size["width"], "height": size["height"] * SCROLL_VIEWS}
            await page.set_viewport_size(tall)  # type: ignore[arg-type]
        settled = await scroll_in_page(
            page,
            action.selector,
            rounds=rounds,
            quiet=timing.settle_quiet,
            cap=timing.scroll,
            learner=timing.learner,
        )
    except PlaywrightError as e:
        raise _failed(page, action, e) from e
    except TimeoutError as e:
        raise ActionError(
            f"scroll on {page.url} did not end within {timing.scroll.total_seconds():g} s",
            url=page.url,
            action=action,
        ) from e
    finally:
        if size is not None:
            await page.set_viewport_size(size)
    if settled is None:
        raise ActionError(
            f"scroll on {page.url}: "
            + (f"nothing matches {action.selector!r}" if action.selector else "no probe")
            + " (the page changed since the region was seen)",
            url=page.url,
            action=action,
        )
    return settled


async def perform(page: Page, action: Action, timing: ActionTiming) -> Settled:
    """Do `action` on `page` and wait for the page to settle; returns how the settle ended."""
    if action.kind == "click":
        return await _click(page, action, timing)
    if action.kind == "select":
        return await _select(page, action, timing)
    if action.kind == "fill_submit":
        return await _fill_submit(page, action, timing)
    if action.kind == "load_more":
        return await _load_more(page, action, timing)
    if action.kind == "scroll":
        return await _scroll(page, action, timing)
    raise ActionError(f"unknown action kind {action.kind!r}", url=page.url, action=action)
