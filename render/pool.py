"""BrowserPool: one Chromium, a few reused worker pages, Snapshots out.

    async with BrowserPool(load_render_config()) as pool:
        snap = await pool.load(State(url))
        after = await pool.load(snap.state.then(Action("click", "#brand-nike")))

Each worker owns a browser context and one page that it reuses for every load (a page per URL
halves throughput); the context is replaced every `recycle_context_every` navigations to keep
memory flat. A load runs as small steps — navigate (DOMContentLoaded) → settle → act → settle →
extract (ONE ``page.evaluate`` returning a JSON string) → Snapshot. The steps hand their facts
(the navigation's status, content type and time, the last settle, the JSON) on in one frozen
value per load; render/extract_json.py decodes the JSON. A worker whose page already shows a
prefix of the requested state performs only the remaining actions. After an action the page
settles for a quiet window learned per site (render/settle.py `SettleLearner`: tens of
milliseconds where pages answer in a few); after a navigation it settles for a window learned
the same way (`NavigationLearner`) from navigations that waited the whole configured one — a
host's first few and every eighth after, which also catch a page drawing later than the learned
window. `stats.actions` counts every state change (each load-more round too).

The pool hands workers out and back, runs each load's steps under its deadline and relaunches a
dead browser; it delegates the rest to small collaborators sharing its workers
(render/worker.py): `Contexts` opens, drops and abandons a worker's context
(render/contexts.py), `DocumentGuard` pauses and checks document requests and counts a load's
bytes (render/guard.py), `Navigator` takes a page to a URL and settles it (render/navigate.py).

A load may be handed the page's document as an HTTP fetch already received it (`load(state,
document=response)`): the page then navigates to the response's final URL and the request for
that one document — the main frame's, of that navigation only — is answered from the response's
bytes (CDP ``Fetch.fulfillRequest``: status, headers without the ones describing the transfer,
the decoded body) instead of the network; the page's scripts, XHR and styles load as usual, and
the handover ends with the navigation (`stats.handed_over` counts the navigations so served).

Images, media and fonts are blocked inside the browser (CDP ``Network.setBlockedURLs``, never
stylesheets: boxes depend on them). Dialogs are dismissed (Playwright's default when nothing
listens), ``window.open`` refused before anything loads, downloads refused. A popup opened
another way (a ``target=_blank`` link or form) is checked before its first request is sent
(CDP ``Fetch`` on the browser target: `check_navigation`, as a navigation of the page that
opened it): a refused one never asks its server and is closed, logged and counted
(`PoolStats.popups_refused`); an allowed one is closed once it appears. When the browser dies
it is relaunched and the interrupted load is retried once.

Hostile pages are bounded from outside the page:

- every navigation of the main frame, each redirect hop included, is paused (CDP ``Fetch``,
  documents only) and passed to the pool's `check_navigation` (the Session's scope, robots.txt
  and address checks); a refused one fails before any byte is fetched, and the load is a
  NavigationRefused when it was the page's own navigation;
- the whole load (navigate, settle, act, extract) runs under `RenderConfig.page_deadline` (plus
  an allowance per action); past it the page's script is stopped (CDP
  ``Runtime.terminateExecution``), its context closed and replaced — never reused — and the load
  is a PageDeadline;
- HTML beyond `RenderConfig.max_html_chars` is cut and the Snapshot says `truncated`; so is a
  load that receives more than `RenderConfig.max_page_bytes` (decoded, the document and all it
  fetches, counted from CDP ``Network.dataReceived``): its page goes offline and stops loading,
  what it shows is extracted (without waiting for a DOMContentLoaded that may never come), and
  the next load restores its network.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Browser, Page, Playwright
from playwright.async_api import Error as PlaywrightError

from siteseer.render.actions import ActionTiming, perform
from siteseer.render.closing import AsyncClosing
from siteseer.render.config import RenderConfig
from siteseer.render.contexts import BLOCKED_EXTENSIONS, EXTRACT_SCRIPT, Contexts, blocked_patterns
from siteseer.render.driver import (
    acquire_driver,
    give_back_browser,
    launch_browser,
    release_driver,
)
from siteseer.render.effects import is_private_host
from siteseer.render.errors import BrowserCrashed, NavigationTimeout, PageDeadline, RenderError
from siteseer.render.extract import Canonicalize, default_canonical
from siteseer.render.extract_json import decode_extracted
from siteseer.render.guard import DocumentGuard
from siteseer.render.http import RawResponse
from siteseer.render.identity import Identity
from siteseer.render.navigate import Navigator
from siteseer.render.settle import Settled, SettleLearner
from siteseer.render.snapshot import (
    Action,
    NavigationCheck,
    Opener,
    PageTest,
    ScreenshotMode,
    Snapshot,
    State,
)
from siteseer.render.worker import (
    BrowserGone,
    Counted,
    Navigation,
    PoolStats,
    Worker,
    first_line,
    is_gone,
    plus_one,
    prefix_of,
    sibling_of,
)

__all__ = [
    "BLOCKED_EXTENSIONS",
    "EXTRACT_SCRIPT",
    "BrowserPool",
    "NavigationCheck",
    "PoolShare",
    "PoolStats",
    "blocked_patterns",
]

logger = logging.getLogger("siteseer.render")

# How the last click of a page can be undone in the page, for a click on `next` to follow:
# "tab" (both are tabs of one tab list), "collapse" (an open disclosure), "closed" (a
# disclosure that is closed again), or "" (no way known).
_STEP_BACK = """([last, next]) => {
  const a = document.querySelector(last), b = document.querySelector(next);
  if (!a || !b) return "";
  const list = (e) => e.closest("[role=tablist]");
  if (a.getAttribute("role") === "tab" && b.getAttribute("role") === "tab" && list(a) &&
      list(a) === list(b)) return "tab";
  const expanded = a.getAttribute("aria-expanded");
  if (expanded === "true") return "collapse";
  return expanded === "false" ? "closed" : "";
}"""
_EXTRACT_CALL = "(window.__siteseer && window.__siteseer.extract || (() => null))"


class PoolShare:
    """One user's part of a pool shared by several (the sites of a batch over one browser):
    `load` is the pool's, and `stats` counts only what this share's own loads did, even while
    other shares load at the same time (the pool credits each count to the share whose load
    made it). `action_settle_ms` is the pool's."""

    def __init__(self, pool: BrowserPool) -> None:
        self._pool = pool
        self._stats = PoolStats()

    @property
    def stats(self) -> PoolStats:
        return self._stats

    @property
    def action_settle_ms(self) -> tuple[float, ...]:
        return self._pool.action_settle_ms

    async def load(
        self,
        state: State,
        *,
        canonicalize: Canonicalize = default_canonical,
        screenshot: ScreenshotMode | None = None,
        document: RawResponse | None = None,
    ) -> Snapshot:
        """The pool's `load`, its counts credited to this share."""
        token = _LOADING_FOR.set(self)
        try:
            return await self._pool.load(
                state, canonicalize=canonicalize, screenshot=screenshot, document=document
            )
        finally:
            _LOADING_FOR.reset(token)

    def _count(self, counted: Counted) -> None:
        self._stats = plus_one(self._stats, counted)


# The share whose load the current task is running (a load runs in its caller's task).
_LOADING_FOR: ContextVar[PoolShare | None] = ContextVar("loading_for", default=None)


@dataclass(frozen=True, slots=True)
class _Loaded:
    """One load's facts, handed from its steps (navigate, settle, act, extract) to `_snapshot`."""

    state: State
    navigation: Navigation  # the one that loaded the page (an earlier load's, on a prefix reuse)
    settled: Settled  # the last wait: after the navigation, or after the last action
    raw: str  # extract.js's JSON
    screenshot: bytes | None
    cut: bool = False  # the load reached `max_page_bytes`: its network was cut
    refused: tuple[str, ...] = ()  # requests refused while its actions ran (render/effects.py)
    drawn: str = ""  # a last scroll action's links and openers drawn along the way (extract.js)


async def _close_browser(browser: Browser, timeout_s: float, level: int, what: str) -> None:
    """Close `browser` within `timeout_s`; a failure is logged at `level` as `what: reason`."""
    try:
        await asyncio.wait_for(browser.close(), timeout=timeout_s)
    except (PlaywrightError, TimeoutError) as e:
        logger.log(level, "%s: %s", what, first_line(e))


def _snapshot(loaded: _Loaded, canonicalize: Canonicalize, config: RenderConfig) -> Snapshot:
    """The Snapshot of a load, from its facts."""
    page = decode_extracted(loaded.raw, canonicalize)
    links, openers = page.links, page.openers
    if loaded.drawn:  # a scroll: every link and opener drawn along the way, then the last view's
        drawn = decode_extracted(loaded.drawn, canonicalize)
        seen = {(x.url, x.path_values) for x in drawn.links}
        links = drawn.links + tuple(x for x in links if (x.url, x.path_values) not in seen)
        kept = {_opener_key(o) for o in drawn.openers}
        openers = drawn.openers + tuple(o for o in openers if _opener_key(o) not in kept)
    navigation, settled = loaded.navigation, loaded.settled
    html = page.html
    truncated = len(html) > config.max_html_chars or loaded.cut
    if truncated:
        html = html[: config.max_html_chars]
    return Snapshot(
        url=loaded.state.url,
        final_url=page.url,
        status=page.status or navigation.status,
        html=html,
        links=links,
        controls=page.controls,
        state=loaded.state,
        rendered=True,
        content_type=navigation.content_type,
        title=page.title,
        settle_ms=round(settled.ms, 1),
        settle_capped=settled.capped,
        fetch_ms=round(navigation.fetch_ms, 1),
        fetched_at=navigation.sent_at,
        headers=navigation.headers,
        request_headers=navigation.request_headers,
        screenshot=loaded.screenshot,
        viewport=config.viewport,
        truncated=truncated,
        requests=page.requests,
        refused=loaded.refused,
        openers=openers,
        scroll_regions=page.scroll_regions,
    )


def _deadline(config: RenderConfig, state: State) -> timedelta:
    """A load's deadline: the page's, and each action's (a scroll's own)."""
    per_action = config.action_timeout + config.settle_cap
    scroll = config.scroll_timeout
    return config.page_deadline + sum(
        (scroll if a.kind == "scroll" else per_action for a in state.actions), timedelta(0)
    )


def _opener_key(opener: Opener) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    """An opener's identity across a scroll's steps (its selector names a place, not an item:
    a virtualised list draws other items into the same rows)."""
    return opener.path_values, opener.text, opener.attrs


class BrowserPool(AsyncClosing):
    """One browser and `config.pages` worker pages (an async context manager).

    `check_navigation` decides the pages' documents (navigations, frames, popups);
    `check_resource` their subresources: see render/guard.py for which, with `confined` and
    `is_private` (which hosts are private: a test's classifier can make loopback public)."""

    def __init__(
        self,
        config: RenderConfig,
        identity: Identity | None = None,
        *,
        check_navigation: NavigationCheck | None = None,
        check_resource: NavigationCheck | None = None,
        confined: PageTest | None = None,
        is_private: PageTest = is_private_host,
    ) -> None:
        self.config = config
        self.identity = identity or Identity()
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._generation = 0
        self._launch_lock = asyncio.Lock()
        self._workers = [Worker(i) for i in range(config.pages)]
        self._idle: list[Worker] = []
        self._available = asyncio.Condition()
        self._stats = PoolStats()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._learner = SettleLearner(config.settle_quiet)
        self._guard = DocumentGuard(
            config,
            check_navigation,
            self._workers,
            count=self._count,
            spawn=self._spawn,
            headers=self.identity.headers,
            check_resource=check_resource,
            confined=confined,
            is_private=is_private,
        )
        self._contexts = Contexts(
            config, self.identity, self._guard, count=self._count, spawn=self._spawn
        )
        self._navigator = Navigator(
            config, self.identity, self._guard, count=self._count, spawn=self._spawn
        )
        self._timing = ActionTiming(
            action=config.action_timeout,
            settle_quiet=config.settle_quiet,
            settle_cap=config.settle_cap,
            settle_confirm=config.settle_quiet,
            scroll=config.scroll_timeout,
            learner=self._learner,
        )

    # -- lifecycle ---------------------------------------------------------------------------------

    async def __aenter__(self) -> BrowserPool:
        self._playwright = await acquire_driver()
        try:
            self._browser = await self._launch()
        except BaseException:
            self._playwright = None
            await release_driver()
            raise
        self._idle = list(self._workers)
        return self

    async def close(self) -> None:
        """Close every context, the browser (or give it back) and Playwright (safe twice)."""
        for worker in self._workers:
            await self._contexts.drop(worker)
        for task in list(self._tasks):
            task.cancel()
        browser, self._browser = self._browser, None
        if browser is not None and not await give_back_browser(browser, self._guard.popups):
            await _close_browser(browser, 10, logging.WARNING, "closing the browser failed")
        playwright, self._playwright = self._playwright, None
        if playwright is not None:
            await release_driver()

    async def _launch(self) -> Browser:
        assert self._playwright is not None
        try:
            browser = await launch_browser(self._playwright, self.config.launch_options())
        except PlaywrightError as e:
            raise BrowserCrashed(
                f"could not start {self.config.browser_description}: {first_line(e)}; "
                f"check the browser with `python -m siteseer.render.install`"
            ) from e
        logger.info("launched %s", self.config.browser_description)
        if self._guard.check_navigation is not None:
            try:
                await self._guard.watch_popups(browser)
            except PlaywrightError as e:
                await _close_browser(browser, 5, logging.INFO, "closing the browser")
                raise BrowserCrashed(
                    f"{self.config.browser_description} refused request interception: "
                    f"{first_line(e)}"
                ) from e
        return browser

    async def _relaunch(self, seen_generation: int) -> None:
        """Replace a dead browser (once per death, however many workers notice it)."""
        async with self._launch_lock:
            if self._generation != seen_generation:
                return
            old, self._browser = self._browser, None
            if old is not None:
                await _close_browser(old, 5, logging.INFO, "closing the dead browser")
            self._browser = await self._launch()
            self._generation += 1
            self._count("relaunches")
            logger.warning("browser relaunched (%d so far)", self._stats.relaunches)

    @property
    def stats(self) -> PoolStats:
        return self._stats

    def navigation_window(self, origin: str) -> timedelta:
        """The quiet window a navigation to `origin` (``scheme://host:port``, or a URL on it)
        waits next when it is not a checked one (`NavigationLearner`)."""
        return self._navigator.windows.window(urlsplit(origin).netloc)

    @property
    def action_settle_ms(self) -> tuple[float, ...]:
        """The settle wait after every state change so far, in order."""
        return self._learner.waits_ms

    def share(self) -> PoolShare:
        """A PoolShare of this pool: its loads are the pool's, its `stats` its own."""
        return PoolShare(self)

    def _count(self, counted: Counted) -> None:
        self._stats = plus_one(self._stats, counted)
        share = _LOADING_FOR.get()
        if share is not None:
            share._count(counted)

    async def browser_pid(self) -> int:
        """The process id of the browser's main process (as Chromium reports it)."""
        if self._browser is None:
            raise RenderError("the pool is not open")
        cdp = await self._browser.new_browser_cdp_session()
        try:
            info = await cdp.send("SystemInfo.getProcessInfo")
        finally:
            await cdp.detach()
        for process in info["processInfo"]:
            if process["type"] == "browser":
                return int(process["id"])
        raise RenderError("the browser did not report its own process")

    # -- workers -----------------------------------------------------------------------------------

    def _spawn(self, coro: Coroutine[Any, Any, Any], what: str) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)

        def done(t: asyncio.Task[Any]) -> None:
            self._tasks.discard(t)
            if not t.cancelled() and t.exception() is not None:
                logger.info("%s failed: %s", what, first_line(t.exception()))  # type: ignore[arg-type]

        task.add_done_callback(done)

    async def _acquire(self, state: State) -> tuple[Worker, int]:
        """An idle worker, preferring one whose page shows a strict prefix of `state`."""
        async with self._available:
            while not self._idle:
                await self._available.wait()
            best, best_rank = self._idle[0], (-1, False)
            for worker in self._idle:
                rank = (prefix_of(worker, state, self._generation), not sibling_of(worker, state))
                if rank[0] >= 0 and rank > best_rank:
                    best, best_rank = worker, rank
            self._idle.remove(best)
            return best, best_rank[0]

    async def _release(self, worker: Worker) -> None:
        async with self._available:
            self._idle.append(worker)
            self._idle.sort(key=lambda w: w.index)
            self._available.notify()

    # -- loading -----------------------------------------------------------------------------------

    async def load(
        self,
        state: State,
        *,
        canonicalize: Canonicalize = default_canonical,
        screenshot: ScreenshotMode | None = None,
        document: RawResponse | None = None,
    ) -> Snapshot:
        """Render `state`: navigate to its URL, settle, replay its actions, extract.

        `document`, the state's page as an HTTP fetch received it (its redirects followed),
        answers the navigation's own request instead of the network: the page goes to its final
        URL, and the state is loaded afresh (no reuse of a page showing a prefix of it).

        Raises NavigationFailed / NavigationTimeout / NonHTMLResponse when the page cannot be
        loaded, ActionError when an action's control is missing, BrowserCrashed when the browser
        cannot be brought back.
        """
        if self._browser is None:
            raise RenderError("the pool is not open: use `async with BrowserPool(config)`")
        self._count("loads")
        worker, prefix = await self._acquire(state)
        if document is not None:
            prefix = -1
        try:
            for attempt in range(2):
                generation = self._generation
                try:
                    return await self._load_within(
                        worker, state, prefix, canonicalize, screenshot, document
                    )
                except BrowserGone as e:
                    worker.state = None
                    prefix = -1
                    if attempt == 1:
                        raise BrowserCrashed(
                            f"the browser died twice while loading {state.url}: {e}",
                            url=state.url,
                        ) from e
                    logger.warning("browser or page died loading %s: %s", state.url, e)
                    await self._contexts.drop(worker)
                    if self._browser is None or not self._browser.is_connected():
                        await self._relaunch(generation)
                    else:
                        try:
                            await self._probe()
                        except BrowserGone:
                            await self._relaunch(generation)
            raise AssertionError("unreachable")
        except BaseException:
            worker.state = None
            raise
        finally:
            await self._release(worker)

    def deadline_s(self, state: State) -> float:
        """The deadline of one load of `state`, in seconds (see RenderConfig.page_deadline)."""
        return _deadline(self.config, state).total_seconds()

    async def _load_within(
        self,
        worker: Worker,
        state: State,
        prefix: int,
        canonicalize: Canonicalize,
        screenshot: ScreenshotMode | None,
        document: RawResponse | None = None,
    ) -> Snapshot:
        """`_load_on` under the load's deadline; past it the page is abandoned."""
        seconds = self.deadline_s(state)
        deadline = asyncio.timeout(seconds)
        worker.loading, worker.refused, worker.received = state.url, None, 0
        worker.halted, worker.document, worker.effects = asyncio.Event(), (0, ""), []
        worker.left = ""
        try:
            async with deadline:
                return await self._load_on(
                    worker, state, prefix, canonicalize, screenshot, document
                )
        except NavigationTimeout:
            # The page may be stuck in a script: never reuse it.
            self._spawn(self._contexts.abandon(worker), "closing a page that did not load")
            raise
        except TimeoutError as e:
            if not deadline.expired():
                raise
            logger.warning("%s overran its %g s deadline: page closed", state.url, seconds)
            self._spawn(self._contexts.abandon(worker), "closing a page past its deadline")
            raise PageDeadline(
                f"{state.url} did not finish loading, settling and extracting within "
                f"{seconds:g} s (a script that never yields, or a huge page); the page was "
                f"closed (raise timeouts.page_s to wait longer)",
                url=state.url,
            ) from e
        except asyncio.CancelledError:
            self._spawn(self._contexts.abandon(worker), "closing an interrupted page")
            raise
        finally:
            worker.loading = ""

    async def _probe(self) -> None:
        """Check that the browser still answers (a killed one may look connected for a while)."""
        browser = self._browser
        if browser is None:
            raise BrowserGone("no browser")
        try:
            cdp = await asyncio.wait_for(browser.new_browser_cdp_session(), timeout=5)
            await asyncio.wait_for(cdp.send("Browser.getVersion"), timeout=5)
            await cdp.detach()
        except (PlaywrightError, TimeoutError) as e:
            raise BrowserGone(first_line(e) if str(e) else "no answer") from e

    async def _load_on(
        self,
        worker: Worker,
        state: State,
        prefix: int,
        canonicalize: Canonicalize,
        screenshot: ScreenshotMode | None,
        document: RawResponse | None = None,
    ) -> Snapshot:
        try:
            if (
                worker.page is None
                or worker.generation != self._generation
                or (
                    prefix < 0
                    and worker.navigations_in_context >= self.config.recycle_context_every
                )
            ):
                await self._contexts.open(worker, self._browser, self._generation)
                prefix = -1
            if worker.cut:  # the last load was cut: its page is not reused as it is
                await self._guard.restore_network(worker)
                prefix = -1
            page = worker.page
            assert page is not None
            shown = worker.state
            if prefix >= 0 and shown is not None and len(shown.actions) > prefix:
                step = state.actions[prefix]
                stepped = await self._step_back(worker, page, state.url, shown, step)
                if not stepped:
                    prefix = -1
            fresh = prefix < 0
            if fresh:
                navigation = await self._navigator.navigate(worker, page, state.url, document)
                todo = state.actions
                if worker.cut:  # the document itself reached the limit: no action on a part
                    todo = ()
            else:
                self._count("prefix_reuses")
                navigation = worker.navigation
                todo = state.actions[prefix:]
            worker.state = State(state.url, state.actions[: len(state.actions) - len(todo)])
            raw: str | None = None
            if fresh:  # with no action to replay, settle and extract in one round trip
                extract = None if todo else _EXTRACT_CALL
                settled, raw = await self._navigator.settle(page, state.url, extract=extract)
            drawn = ""  # what the last action, a scroll, drew along the way
            for action in todo:
                if worker.cut:  # no action on a page whose network is cut
                    break
                settled = await self._perform(worker, page, state.url, action)
                drawn = settled.drawn
                worker.state = worker.state.then(action)
            if todo or not fresh:
                raw = await page.evaluate(f"() => {_EXTRACT_CALL}()")
            if raw is None:  # a document without the init script (e.g. an error page)
                raw = await page.evaluate(EXTRACT_SCRIPT)
            shot = None
            if screenshot is not None:
                shot = await page.screenshot(full_page=screenshot == "full", type="png")
        except PlaywrightError as e:
            if is_gone(e):
                raise BrowserGone(first_line(e)) from e
            raise RenderError(
                f"rendering {state.url} failed: {first_line(e)}", url=state.url
            ) from e
        effects = tuple(worker.effects)
        loaded = _Loaded(state, navigation, settled, raw, shot, worker.cut, effects, drawn)
        return _snapshot(loaded, canonicalize, self.config)

    async def _step_back(
        self, worker: Worker, page: Page, url: str, shown: State, step: Action
    ) -> bool:
        """Undo the page's last click in the page itself, when ARIA says how (see
        `_STEP_BACK`): a tab of the same tab list as `step`'s replaces it (nothing to do), an
        open disclosure (``aria-expanded="true"``) closes when clicked again. False when
        neither holds, or the disclosure stayed open: then the state is loaded afresh."""
        last = shown.actions[-1]
        how = await page.evaluate(_STEP_BACK, [last.selector, step.selector])
        if how == "collapse":
            close = Action("click", last.selector, label="close")
            await self._perform(worker, page, url, close)
            how = await page.evaluate(_STEP_BACK, [last.selector, step.selector])
            if how != "closed":
                return False
        elif how not in ("tab", "closed"):
            return False
        self._count("step_backs")
        return True

    async def _perform(self, worker: Worker, page: Page, url: str, action: Action) -> Settled:
        """Act, settling each state change for the window learned for `url`'s host; every
        request the page sends from now on is checked (the guard's `act`)."""
        await self._guard.act(worker, action)
        host = urlsplit(url).netloc
        timing = replace(self._timing, settle_quiet=self._learner.window(host))
        settled = await perform(page, action, timing)
        self._learner.observe(host, settled)
        self._stats = replace(self._stats, actions=self._stats.actions + settled.steps)
        return settled
