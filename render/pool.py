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
import base64
import logging
import time
from collections.abc import Coroutine, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import timedelta
from importlib import resources
from typing import Any, Literal, TypeAlias
from urllib.parse import unquote, urlsplit

from playwright.async_api import (
    Browser,
    BrowserContext,
    CDPSession,
    Page,
    Playwright,
    Response,
    async_playwright,
)
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from siteseer.render.actions import ActionTiming, perform
from siteseer.render.closing import AsyncClosing
from siteseer.render.config import RenderConfig
from siteseer.render.errors import (
    BrowserCrashed,
    NavigationFailed,
    NavigationRefused,
    NavigationTimeout,
    NonHTMLResponse,
    PageDeadline,
    RenderError,
)
from siteseer.render.extract import Canonicalize, default_canonical
from siteseer.render.extract_json import decode_extracted
from siteseer.render.http import RawResponse
from siteseer.render.identity import Identity
from siteseer.render.settle import (
    SETTLE_INIT_SCRIPT,
    NavigationLearner,
    Settled,
    SettleLearner,
    settle,
    settle_then,
)
from siteseer.render.snapshot import Action, NavigationCheck, ScreenshotMode, Snapshot, State

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

EXTRACT_SCRIPT: str = resources.files("render").joinpath("extract.js").read_text("utf-8")
# Installed in every document with the settle probe, so that each page's evaluate sends a few
# bytes instead of the whole extraction script (and the browser compiles it once per document).
_INIT_SCRIPT = (
    SETTLE_INIT_SCRIPT
    + "\nif (window.__siteseer && !window.__siteseer.extract) {\n"
    + f"  window.__siteseer.extract = {EXTRACT_SCRIPT.strip()};\n}}\n"
    + "try { window.open = function () { return null; }; } catch (e) {}\n"
)
_DOCUMENTS = [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}]
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

BLOCKED_EXTENSIONS: dict[str, tuple[str, ...]] = {
    "image": ("png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "ico", "bmp", "tif", "tiff"),
    "media": ("mp4", "webm", "ogg", "ogv", "mp3", "wav", "m4a", "m4v", "mov", "avi", "flac"),
    "font": ("woff", "woff2", "ttf", "otf", "eot"),
}
_HTML_TYPES = ("text/html", "application/xhtml+xml")
_GONE = (
    "has been closed",
    "Target crashed",
    "Connection closed",
    "Browser closed",
    "browser has disconnected",
    "Target closed",
)


def blocked_patterns(resource_types: tuple[str, ...]) -> list[str]:
    """CDP URL patterns that block the given resource types by file extension."""
    patterns: list[str] = []
    for kind in resource_types:
        for ext in BLOCKED_EXTENSIONS.get(kind, ()):
            patterns += [f"*.{ext}", f"*.{ext}?*"]
    return patterns


@dataclass(frozen=True, slots=True)
class PoolStats:
    """What a pool has done so far."""

    loads: int = 0
    navigations: int = 0
    actions: int = 0  # state changes: each click, select, submit, scroll, load-more round
    prefix_reuses: int = 0
    step_backs: int = 0  # sibling states reached by undoing the last click in the page
    contexts: int = 0
    relaunches: int = 0
    popups_closed: int = 0
    popups_refused: int = 0  # popups whose first request the check refused: never sent
    handed_over: int = 0  # navigations whose document came from the caller, not the network


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

    def _count(self, counted: _Counted) -> None:
        self._stats = _plus_one(self._stats, counted)


# The share whose load the current task is running (a load runs in its caller's task).
_LOADING_FOR: ContextVar[PoolShare | None] = ContextVar("loading_for", default=None)

_Counted = Literal[
    "loads",
    "navigations",
    "actions",
    "prefix_reuses",
    "step_backs",
    "contexts",
    "relaunches",
    "popups_closed",
    "popups_refused",
    "handed_over",
]


def _plus_one(stats: PoolStats, counted: _Counted) -> PoolStats:
    """`stats` with its `counted` count one higher."""
    return replace(stats, **{counted: getattr(stats, counted) + 1})


@dataclass(frozen=True, slots=True)
class _Navigation:
    """What loading a URL reported: HTTP status, content type, milliseconds to DOMContentLoaded."""

    status: int = 0
    content_type: str = "text/html"
    fetch_ms: float = 0.0


@dataclass(frozen=True, slots=True)
class _Loaded:
    """One load's facts, handed from its steps (navigate, settle, act, extract) to `_snapshot`."""

    state: State
    navigation: _Navigation  # the one that loaded the page (an earlier load's, on a prefix reuse)
    settled: Settled  # the last wait: after the navigation, or after the last action
    raw: str  # extract.js's JSON
    screenshot: bytes | None
    cut: bool = False  # the load reached `max_page_bytes`: its network was cut


_Cookie: TypeAlias = tuple[tuple[str, Any], ...]


def _cookies(cookies: Sequence[Mapping[str, Any]]) -> tuple[_Cookie, ...]:
    """A context's cookies in a comparable form (sorted items, sorted cookies)."""
    return tuple(sorted(tuple(sorted(c.items())) for c in cookies))


@dataclass
class _Worker:
    """One reusable page; `state` is what it shows now (None: nothing reusable), `navigation`
    what the navigation that loaded it reported."""

    index: int
    context: BrowserContext | None = None
    page: Page | None = None
    generation: int = -1
    navigations_in_context: int = 0
    state: State | None = None
    navigation: _Navigation = _Navigation()
    cookie_origins: set[str] = field(default_factory=set)
    cookies: tuple[_Cookie, ...] = ()  # the context's own cookies (storage state, identity)
    cdp: CDPSession | None = None
    main_frame: str = ""  # its page's main frame (= the page's target) id
    loading: str = ""  # the URL of the load in progress (the origin of its navigations)
    refused: tuple[str, str] | None = None  # the last refused navigation: (target, reason)
    received: int = 0  # bytes the page received during the load in progress
    cut: bool = False  # its network is cut (`max_page_bytes` reached); restored on the next load
    cut_seen: asyncio.Event = field(default_factory=asyncio.Event)  # set when `cut` is
    document: tuple[int, str] = (0, "")  # the load's document response: status, media type
    handover: RawResponse | None = None  # the document to answer the next navigation with
    handed: bool = False  # the navigation in progress was answered from `handover`
    fetching: bool = False  # its page's document requests are paused (CDP ``Fetch``)


class _BrowserGone(Exception):
    """The page, its context or the browser died under a load."""


def _is_gone(error: PlaywrightError) -> bool:
    return any(marker in str(error) for marker in _GONE)


async def _close_browser(browser: Browser, timeout_s: float, level: int, what: str) -> None:
    """Close `browser` within `timeout_s`; a failure is logged at `level` as `what: reason`."""
    try:
        await asyncio.wait_for(browser.close(), timeout=timeout_s)
    except (PlaywrightError, TimeoutError) as e:
        logger.log(level, "%s: %s", what, _first_line(e))


def _refused(refused: tuple[str, str], url: str) -> NavigationRefused:
    target, reason = refused
    return NavigationRefused(
        f"loading {url} led to {target}, which is not followed: {reason}",
        url=url,
        target=target,
        reason=reason,
    )


def _on_response(worker: _Worker, cdp: CDPSession, event: dict[str, Any]) -> None:
    """Remember the status and media type of the load's own document (a cut load has no
    navigation response to read them from)."""
    frame = event.get("frameId")
    if cdp is worker.cdp and event.get("type") == "Document" and frame == worker.main_frame:
        response = event.get("response", {})
        worker.document = (int(response.get("status", 0)), str(response.get("mimeType", "")))


async def _awaited(future: asyncio.Future[Any]) -> None:
    await future


def _shown(worker: _Worker) -> str:
    """The URL of what `worker`'s page loads or shows ("" when nothing)."""
    if worker.loading:
        return worker.loading
    if worker.state is not None:
        return worker.state.url
    return worker.page.url if worker.page is not None else ""


# Headers that describe how the body travelled, not the body handed over (decoded, whole).
_TRANSFER_HEADERS = frozenset({"content-encoding", "content-length", "transfer-encoding"})


def _same_document(requested: str, fetched: str) -> bool:
    """Whether the browser's request URL names the document an HTTP fetch ended on (the
    fragment aside; the two may spell escapes differently)."""
    a, b = requested.partition("#")[0], fetched.partition("#")[0]
    return a == b or unquote(a) == unquote(b)


def _fulfilment(request_id: str, response: RawResponse) -> dict[str, Any]:
    """CDP ``Fetch.fulfillRequest`` parameters answering a paused request with `response`:
    its status and headers (repeated ones such as Set-Cookie kept, those of the transfer
    dropped) and its body as received, decompressed."""
    headers = [
        {"name": name, "value": value}
        for name, value in response.headers
        if name.lower() not in _TRANSFER_HEADERS
    ]
    return {
        "requestId": request_id,
        "responseCode": response.status,
        "responseHeaders": headers,
        "body": base64.b64encode(response.body).decode("ascii"),
    }


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


class BrowserPool(AsyncClosing):
    """One browser and `config.pages` worker pages (an async context manager)."""

    def __init__(
        self,
        config: RenderConfig,
        identity: Identity | None = None,
        *,
        check_navigation: NavigationCheck | None = None,
    ) -> None:
        self.config = config
        self.identity = identity or Identity()
        self._check_navigation = check_navigation
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._generation = 0
        self._launch_lock = asyncio.Lock()
        self._workers = [_Worker(i) for i in range(config.pages)]
        self._idle: list[_Worker] = []
        self._available = asyncio.Condition()
        self._stats = PoolStats()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._learner = SettleLearner(config.settle_quiet)
        self._windows = NavigationLearner(config.settle_quiet)
        self._timing = ActionTiming(
            action=config.action_timeout,
            settle_quiet=config.settle_quiet,
            settle_cap=config.settle_cap,
            settle_confirm=config.settle_quiet,
            learner=self._learner,
        )
        self._patterns = blocked_patterns(config.blocked_resource_types)

    # -- lifecycle ---------------------------------------------------------------------------------

    async def __aenter__(self) -> BrowserPool:
        self._playwright = await async_playwright().start()
        try:
            self._browser = await self._launch()
        except BaseException:
            await self._playwright.stop()
            self._playwright = None
            raise
        self._idle = list(self._workers)
        return self

    async def close(self) -> None:
        """Close every context, the browser and Playwright (safe to call twice)."""
        for worker in self._workers:
            await self._drop_context(worker)
        for task in list(self._tasks):
            task.cancel()
        browser, self._browser = self._browser, None
        if browser is not None:
            await _close_browser(browser, 10, logging.WARNING, "closing the browser failed")
        playwright, self._playwright = self._playwright, None
        if playwright is not None:
            await playwright.stop()

    async def _launch(self) -> Browser:
        assert self._playwright is not None
        try:
            browser = await self._playwright.chromium.launch(**self.config.launch_options())
        except PlaywrightError as e:
            raise BrowserCrashed(
                f"could not start {self.config.browser_description}: {_first_line(e)}; "
                f"check the browser with `python -m siteseer.render.install`"
            ) from e
        logger.info("launched %s", self.config.browser_description)
        if self._check_navigation is not None:
            try:
                await self._watch_popups(browser)
            except PlaywrightError as e:
                await _close_browser(browser, 5, logging.INFO, "closing the browser")
                raise BrowserCrashed(
                    f"{self.config.browser_description} refused request interception: "
                    f"{_first_line(e)}"
                ) from e
        return browser

    async def _watch_popups(self, browser: Browser) -> None:
        """Pause the document requests of every page of `browser` (CDP ``Fetch`` on the browser
        target), so that a popup's first request is checked before it is sent
        (`_on_any_document`)."""
        cdp = await browser.new_browser_cdp_session()
        cdp.on(
            "Fetch.requestPaused",
            lambda event: self._spawn(self._on_any_document(cdp, event), "checking a popup"),
        )
        await cdp.send("Fetch.enable", {"patterns": _DOCUMENTS})

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
        return self._windows.window(urlsplit(origin).netloc)

    @property
    def action_settle_ms(self) -> tuple[float, ...]:
        """The settle wait after every state change so far, in order."""
        return self._learner.waits_ms

    def share(self) -> PoolShare:
        """A PoolShare of this pool: its loads are the pool's, its `stats` its own."""
        return PoolShare(self)

    def _count(self, counted: _Counted) -> None:
        self._stats = _plus_one(self._stats, counted)
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
                logger.info("%s failed: %s", what, _first_line(t.exception()))  # type: ignore[arg-type]

        task.add_done_callback(done)

    def _close_popup(self, popup: Page) -> None:
        self._count("popups_closed")
        self._spawn(popup.close(), "closing a popup")

    async def _drop_context(self, worker: _Worker, timeout_s: float = 10) -> None:
        context, worker.context, worker.page, worker.state = worker.context, None, None, None
        worker.cdp, worker.main_frame, worker.cut, worker.fetching = None, "", False, False
        if context is not None:
            try:
                await asyncio.wait_for(context.close(), timeout=timeout_s)
            except (PlaywrightError, TimeoutError) as e:
                logger.info("closing a context: %s", _first_line(e) if str(e) else "no answer")

    def _abandon(self, worker: _Worker) -> Coroutine[Any, Any, None]:
        """Take the worker's context away at once (its next load gets a new one) and return
        the work that stops its page's script and closes it from outside."""
        context, cdp = worker.context, worker.cdp
        worker.context, worker.page, worker.cdp, worker.state = None, None, None, None
        worker.main_frame, worker.cut, worker.fetching = "", False, False

        async def stop() -> None:
            if cdp is not None:
                try:
                    await asyncio.wait_for(cdp.send("Runtime.terminateExecution"), timeout=2)
                except (PlaywrightError, TimeoutError) as e:
                    logger.info("stopping a page's script: %s", _first_line(e) if str(e) else "")
            if context is not None:
                try:
                    await asyncio.wait_for(context.close(), timeout=5)
                except (PlaywrightError, TimeoutError) as e:
                    logger.info("closing an abandoned page: %s", _first_line(e) if str(e) else "")

        return stop()

    async def _new_context(self, worker: _Worker) -> None:
        await self._drop_context(worker)
        browser = self._browser
        if browser is None or not browser.is_connected():
            raise _BrowserGone("browser is not connected")
        generation = self._generation
        try:
            context = await browser.new_context(
                viewport={"width": self.config.viewport[0], "height": self.config.viewport[1]},
                accept_downloads=False,
                service_workers="block",
                **self.identity.context_options(),
            )
        except PlaywrightError as e:
            raise _BrowserGone(_first_line(e)) from e
        try:
            await context.add_init_script(script=_INIT_SCRIPT)
            page = await context.new_page()
            page.set_default_timeout(self.config.action_timeout.total_seconds() * 1000)
            page.set_default_navigation_timeout(
                self.config.navigation_timeout.total_seconds() * 1000
            )
            cdp = await context.new_cdp_session(page)
            await cdp.send("Network.enable")
            if self._patterns:
                await cdp.send("Network.setBlockedURLs", {"urls": self._patterns})
            cdp.on("Network.dataReceived", lambda event: self._on_data(worker, cdp, event))
            cdp.on("Network.responseReceived", lambda event: _on_response(worker, cdp, event))
            tree = await cdp.send("Page.getFrameTree")
            main_frame = str(tree["frameTree"]["frame"]["id"])
            worker.main_frame = main_frame
            cdp.on(
                "Fetch.requestPaused",
                lambda event: self._spawn(
                    self._on_document(worker, cdp, main_frame, event), "checking a navigation"
                ),
            )
            worker.fetching = False
            if self._check_navigation is not None:
                await cdp.send("Fetch.enable", {"patterns": _DOCUMENTS})
                worker.fetching = True
            worker.cdp = cdp
            page.on("popup", self._close_popup)
        except PlaywrightError as e:
            await context.close()
            raise _BrowserGone(_first_line(e)) from e
        worker.context, worker.page = context, page
        worker.generation = generation
        worker.navigations_in_context = 0
        worker.cookie_origins = set()
        worker.cookies = _cookies(await context.cookies())
        self._count("contexts")

    async def _refusal(self, origin: str, target: str) -> str | None:
        """Why `check_navigation` refuses going from `origin` to `target` (None: it may go on).
        A check that cannot decide refuses: the paused request must end either way."""
        assert self._check_navigation is not None
        try:
            return await self._check_navigation(origin, target)
        except Exception as e:
            return f"the check failed: {_first_line(e)}"

    async def _on_document(
        self, worker: _Worker, cdp: CDPSession, main_frame: str, event: dict[str, Any]
    ) -> None:
        """A document request paused: let it go on, or fail it when the check refuses it."""
        request_id = event["requestId"]
        target = str(event.get("request", {}).get("url", ""))
        reason = None
        main = event.get("frameId") == main_frame
        if self._check_navigation is not None and main:
            reason = await self._refusal(worker.loading or target, target)
        try:
            handover = worker.handover if main and cdp is worker.cdp else None
            if reason is None and handover and _same_document(target, handover.final_url):
                worker.handover, worker.handed = None, True
                await cdp.send("Fetch.fulfillRequest", _fulfilment(request_id, handover))
                return
            if reason is None:
                await cdp.send("Fetch.continueRequest", {"requestId": request_id})
                return
            worker.refused = (target, reason)
            logger.info("navigation from %s to %s refused: %s", worker.loading, target, reason)
            # 204 No Content: the browser stays on the document it shows (failing the request
            # would replace it with an error page).
            await cdp.send(
                "Fetch.fulfillRequest",
                {"requestId": request_id, "responseCode": 204, "responseHeaders": []},
            )
        except PlaywrightError as e:  # the page or its context closed meanwhile
            logger.debug("answering a paused navigation: %s", _first_line(e))

    def _on_data(self, worker: _Worker, cdp: CDPSession, event: dict[str, Any]) -> None:
        """Count the bytes a load receives; past `max_page_bytes` cut the page's network."""
        if cdp is not worker.cdp or not worker.loading:
            return
        worker.received += int(event.get("dataLength", 0))  # decoded (encoded comes apart)
        if worker.received > self.config.max_page_bytes and not worker.cut:
            worker.cut = True
            worker.cut_seen.set()
            logger.info(
                "%s received more than %d bytes: its network is cut, what it shows is kept",
                worker.loading,
                self.config.max_page_bytes,
            )
            self._spawn(self._cut_network(cdp), "cutting a page's network")

    @staticmethod
    async def _cut_network(cdp: CDPSession) -> None:
        """No more bytes for the page: offline, and what is loading stopped."""
        await cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )
        await cdp.send("Page.stopLoading")

    async def _restore_network(self, worker: _Worker) -> None:
        """The network of a page cut by the last load, back for this one."""
        worker.cut, worker.state = False, None
        if worker.cdp is not None:
            await worker.cdp.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
            )

    async def _on_any_document(self, cdp: CDPSession, event: dict[str, Any]) -> None:
        """A document request of any page paused (the browser-wide watch): a worker's own
        navigations and frames go on (its page checks them, `_on_document`); the first request
        of a popup — a page a worker's page opened (a ``target=_blank`` link or form, a
        ``window.open`` that slipped through) — passes the same check as a navigation of its
        opener, and is refused before it is sent when the check refuses it (the popup is then
        closed); one the check allows loads, and is closed when it appears (`_close_popup`)."""
        request_id = event["requestId"]
        frame = str(event.get("frameId", ""))
        target = str(event.get("request", {}).get("url", ""))
        reason = None
        opener: _Worker | None = None
        popup = False
        try:
            if all(w.main_frame != frame for w in self._workers):
                popup, opener = await self._popup_of(cdp, frame)
            if popup and self._check_navigation is not None:
                origin = _shown(opener) if opener is not None else ""
                if not origin:
                    reason = "a popup of no page of this crawl"
                else:
                    reason = await self._refusal(origin, target)
            if reason is None:
                await cdp.send("Fetch.continueRequest", {"requestId": request_id})
                return
            self._count("popups_refused")
            logger.info(
                "popup from %s to %s refused before it loaded: %s",
                (_shown(opener) if opener is not None else "") or "an unknown page",
                target,
                reason,
            )
            await cdp.send(
                "Fetch.failRequest", {"requestId": request_id, "errorReason": "BlockedByClient"}
            )
            await cdp.send("Target.closeTarget", {"targetId": frame})
        except PlaywrightError as e:  # the page, its context or the browser closed meanwhile
            logger.debug("answering a paused document request: %s", _first_line(e))

    async def _popup_of(self, cdp: CDPSession, frame: str) -> tuple[bool, _Worker | None]:
        """Whether `frame` is the main frame of a page no worker owns (a popup), and the
        worker whose page opened it (None: unknown)."""
        try:
            info = (await cdp.send("Target.getTargetInfo", {"targetId": frame}))["targetInfo"]
        except PlaywrightError:  # not a target: a frame inside a page
            return False, None
        if info.get("type") != "page":
            return False, None
        opener_id = str(info.get("openerId", ""))
        return True, next(
            (w for w in self._workers if opener_id and w.main_frame == opener_id), None
        )

    async def _acquire(self, state: State) -> tuple[_Worker, int]:
        """An idle worker, preferring one whose page shows a strict prefix of `state`."""
        async with self._available:
            while not self._idle:
                await self._available.wait()
            best, best_rank = self._idle[0], (-1, False)
            for worker in self._idle:
                rank = (self._prefix(worker, state), not self._sibling(worker, state))
                if rank[0] >= 0 and rank > best_rank:
                    best, best_rank = worker, rank
            self._idle.remove(best)
            return best, best_rank[0]

    def _prefix(self, worker: _Worker, state: State) -> int:
        """The actions of `state` the worker's page has performed already: all of its shown
        state (a strict prefix of `state`), all but the last (a sibling, see `_sibling`), or -1."""
        shown = worker.state
        if shown is None or worker.generation != self._generation or shown.url != state.url:
            return -1
        n = len(shown.actions)
        if n < len(state.actions) and state.actions[:n] == shown.actions:
            return n
        return n - 1 if self._sibling(worker, state) else -1

    def _sibling(self, worker: _Worker, state: State) -> bool:
        """The worker shows `state`'s first k actions and then a different click (k + 1 actions
        in all): a state it may step back from in the page (`_step_back`)."""
        shown = worker.state
        if shown is None or not shown.actions or len(state.actions) < len(shown.actions):
            return False
        k = len(shown.actions) - 1
        last, step = shown.actions[k], state.actions[k]
        return (
            shown.actions[:k] == state.actions[:k]
            and last.kind == step.kind == "click"
            and last.selector != step.selector
        )

    async def _release(self, worker: _Worker) -> None:
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
                except _BrowserGone as e:
                    worker.state = None
                    prefix = -1
                    if attempt == 1:
                        raise BrowserCrashed(
                            f"the browser died twice while loading {state.url}: {e}",
                            url=state.url,
                        ) from e
                    logger.warning("browser or page died loading %s: %s", state.url, e)
                    await self._drop_context(worker)
                    if self._browser is None or not self._browser.is_connected():
                        await self._relaunch(generation)
                    else:
                        try:
                            await self._probe()
                        except _BrowserGone:
                            await self._relaunch(generation)
            raise AssertionError("unreachable")
        except BaseException:
            worker.state = None
            raise
        finally:
            await self._release(worker)

    def deadline_s(self, state: State) -> float:
        """The deadline of one load of `state`, in seconds (see RenderConfig.page_deadline)."""
        config = self.config
        per_action = config.action_timeout + config.settle_cap
        return (config.page_deadline + per_action * len(state.actions)).total_seconds()

    async def _load_within(
        self,
        worker: _Worker,
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
        worker.cut_seen, worker.document = asyncio.Event(), (0, "")
        try:
            async with deadline:
                return await self._load_on(
                    worker, state, prefix, canonicalize, screenshot, document
                )
        except NavigationTimeout:
            # The page may be stuck in a script: never reuse it.
            self._spawn(self._abandon(worker), "closing a page that did not load")
            raise
        except TimeoutError as e:
            if not deadline.expired():
                raise
            logger.warning("%s overran its %g s deadline: page closed", state.url, seconds)
            self._spawn(self._abandon(worker), "closing a page past its deadline")
            raise PageDeadline(
                f"{state.url} did not finish loading, settling and extracting within "
                f"{seconds:g} s (a script that never yields, or a huge page); the page was "
                f"closed (raise timeouts.page_s to wait longer)",
                url=state.url,
            ) from e
        except asyncio.CancelledError:
            self._spawn(self._abandon(worker), "closing an interrupted page")
            raise
        finally:
            worker.loading = ""

    async def _probe(self) -> None:
        """Check that the browser still answers (a killed one may look connected for a while)."""
        browser = self._browser
        if browser is None:
            raise _BrowserGone("no browser")
        try:
            cdp = await asyncio.wait_for(browser.new_browser_cdp_session(), timeout=5)
            await asyncio.wait_for(cdp.send("Browser.getVersion"), timeout=5)
            await cdp.detach()
        except (PlaywrightError, TimeoutError) as e:
            raise _BrowserGone(_first_line(e) if str(e) else "no answer") from e

    async def _load_on(
        self,
        worker: _Worker,
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
                await self._new_context(worker)
                prefix = -1
            if worker.cut:  # the last load was cut: its page is not reused as it is
                await self._restore_network(worker)
                prefix = -1
            page = worker.page
            assert page is not None
            shown = worker.state
            if prefix >= 0 and shown is not None and len(shown.actions) > prefix:
                stepped = await self._step_back(page, state.url, shown, state.actions[prefix])
                if not stepped:
                    prefix = -1
            fresh = prefix < 0
            if fresh:
                navigation = await self._navigate(worker, page, state.url, document)
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
                settled, raw = await self._settle_navigation(page, state.url, extract=not todo)
            for action in todo:
                if worker.cut:  # no action on a page whose network is cut
                    break
                settled = await self._perform(page, state.url, action)
                worker.state = worker.state.then(action)
            if todo or not fresh:
                raw = await page.evaluate(f"() => {_EXTRACT_CALL}()")
            if raw is None:  # a document without the init script (e.g. an error page)
                raw = await page.evaluate(EXTRACT_SCRIPT)
            shot = None
            if screenshot is not None:
                shot = await page.screenshot(full_page=screenshot == "full", type="png")
        except PlaywrightError as e:
            if _is_gone(e):
                raise _BrowserGone(_first_line(e)) from e
            raise RenderError(
                f"rendering {state.url} failed: {_first_line(e)}", url=state.url
            ) from e
        loaded = _Loaded(state, navigation, settled, raw, shot, cut=worker.cut)
        return self._snapshot(loaded, canonicalize)

    async def _step_back(self, page: Page, url: str, shown: State, step: Action) -> bool:
        """Undo the page's last click in the page itself, when ARIA says how (see
        `_STEP_BACK`): a tab of the same tab list as `step`'s replaces it (nothing to do), an
        open disclosure (``aria-expanded="true"``) closes when clicked again. False when
        neither holds, or the disclosure stayed open: then the state is loaded afresh."""
        last = shown.actions[-1]
        how = await page.evaluate(_STEP_BACK, [last.selector, step.selector])
        if how == "collapse":
            await self._perform(page, url, Action("click", last.selector, label="close"))
            how = await page.evaluate(_STEP_BACK, [last.selector, step.selector])
            if how != "closed":
                return False
        elif how not in ("tab", "closed"):
            return False
        self._count("step_backs")
        return True

    async def _settle_navigation(
        self, page: Page, url: str, *, extract: bool
    ) -> tuple[Settled, str | None]:
        """Settle a fresh document for the window learned for `url`'s host (`NavigationLearner`),
        and with `extract` run the extraction in the same round trip (its JSON, else None)."""
        host = urlsplit(url).netloc
        quiet, cap, fast = self._windows.plan(host), self.config.settle_cap, self.config.settle_fast
        raw = None
        if extract:
            settled, raw = await settle_then(page, _EXTRACT_CALL, quiet=quiet, cap=cap, fast=fast)
        else:
            settled = await settle(page, quiet=quiet, cap=cap, fast=fast)
        self._windows.learn(host, quiet, settled)
        return settled, raw

    async def _perform(self, page: Page, url: str, action: Action) -> Settled:
        """Act, settling each state change for the window learned for `url`'s host."""
        host = urlsplit(url).netloc
        timing = replace(self._timing, settle_quiet=self._learner.window(host))
        settled = await perform(page, action, timing)
        self._learner.observe(host, settled)
        self._stats = replace(self._stats, actions=self._stats.actions + settled.steps)
        return settled

    async def _add_cookies(self, worker: _Worker, page: Page, url: str) -> None:
        """The identity's cookies for `url`'s origin, added once per context."""
        cookies = self.identity.browser_cookies(url)
        origin = cookies[0]["url"] if cookies else None
        if origin is None or origin in worker.cookie_origins:
            return
        await page.context.add_cookies(cookies)  # type: ignore[arg-type]
        worker.cookie_origins.add(origin)
        worker.cookies = _cookies(await page.context.cookies())

    async def _forget_site_cookies(self, worker: _Worker, page: Page) -> None:
        """Drop the cookies the sites set since the context opened, keeping its own (the
        storage state's and the identity's): every navigation starts from the same state, as
        on the HTTP path, which keeps no cookies. A page loaded after others then shows what its
        URL names, not a trail of the pages loaded before it (a wiki's breadcrumbs, a "recently
        viewed" box, a list's remembered filter); the actions of one state share its
        navigation's cookies."""
        context = page.context
        now = _cookies(await context.cookies())
        if now == worker.cookies:
            return
        await context.clear_cookies()
        if worker.cookies:
            await context.add_cookies([dict(c) for c in worker.cookies])  # type: ignore[misc]

    async def _pause_documents(self, worker: _Worker) -> None:
        """Pause the document requests of the worker's page (CDP ``Fetch``), if not yet."""
        if not worker.fetching and worker.cdp is not None:
            await worker.cdp.send("Fetch.enable", {"patterns": _DOCUMENTS})
            worker.fetching = True

    async def _navigate(
        self, worker: _Worker, page: Page, url: str, document: RawResponse | None = None
    ) -> _Navigation:
        """Load `url` in `page` (up to DOMContentLoaded); the worker remembers what it reported.

        With a `document` (the page's response as fetched already), the page goes to its final
        URL and that navigation's own request is answered from it (`_on_document`).

        Raises NonHTMLResponse for a download or a response that is not HTML (after the worker
        has remembered it, as it shows that response now).
        """
        started = time.perf_counter()
        self._count("navigations")
        worker.navigations_in_context += 1
        worker.state = None
        handover, worker.handover, worker.handed = document, None, False
        going_to = url if handover is None else handover.final_url
        try:
            await self._forget_site_cookies(worker, page)
            await self._add_cookies(worker, page, going_to)
            if "#" in going_to and page.url.partition("#")[0] == going_to.partition("#")[0]:
                # The page shows this document already: going to a fragment of it would only
                # change the fragment, on top of whatever state the page is in. A state with a
                # fragment is loaded as the document at that fragment, from nothing.
                await page.goto("about:blank")
            if handover is not None:
                await self._pause_documents(worker)
                worker.handover = handover
            try:
                response, cut = await self._goto_or_cut(worker, page, going_to)
            finally:
                if worker.handover is not None:
                    logger.info("%s was not asked for as handed over: loaded from the network", url)
                worker.handover = None
                if worker.handed:
                    self._count("handed_over")
        except PlaywrightTimeoutError as e:
            raise NavigationTimeout(
                f"{url} did not load within {self.config.navigation_timeout.total_seconds():g} s "
                f"(raise timeouts.navigation_s to wait longer)",
                url=url,
            ) from e
        except PlaywrightError as e:
            message = _first_line(e)
            if _is_gone(e):
                raise
            if worker.refused is not None:
                raise _refused(worker.refused, url) from e
            if "Download is starting" in message:
                raise NonHTMLResponse(
                    f"{url} is a download, not an HTML page ({message})",
                    url=url,
                    content_type="application/octet-stream",
                ) from e
            raise NavigationFailed(f"loading {url} failed: {message}", url=url) from e
        fetch_ms = (time.perf_counter() - started) * 1000.0
        if worker.refused is not None:
            raise _refused(worker.refused, url)
        if cut:  # the document reached the limit before DOMContentLoaded
            status, content_type = worker.document
            worker.navigation = _Navigation(status, content_type.lower() or "text/html", fetch_ms)
            return worker.navigation
        if response is None:  # nothing new loaded (about:blank, a same-document navigation)
            worker.navigation = replace(worker.navigation, fetch_ms=fetch_ms)
            return worker.navigation
        content_type = (response.headers.get("content-type") or "").split(";")[0].strip()
        worker.navigation = _Navigation(
            response.status, content_type.lower() or "text/html", fetch_ms
        )
        if content_type and content_type.lower() not in _HTML_TYPES:
            raise NonHTMLResponse(
                f"{url} is {content_type}, not an HTML page", url=url, content_type=content_type
            )
        return worker.navigation

    async def _goto_or_cut(
        self, worker: _Worker, page: Page, url: str
    ) -> tuple[Response | None, bool]:
        """`page.goto(url)` up to DOMContentLoaded: its response, and False; or (None, True) as
        soon as the load reaches `max_page_bytes` first (the navigation's end is then awaited in
        the background)."""
        going = asyncio.ensure_future(page.goto(url, wait_until="domcontentloaded"))
        cut = asyncio.ensure_future(worker.cut_seen.wait())
        try:
            await asyncio.wait({going, cut}, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            going.cancel()
            raise
        finally:
            cut.cancel()
        if going.done():
            return going.result(), False
        self._spawn(_awaited(going), "the end of a cut navigation")
        return None, True

    def _snapshot(self, loaded: _Loaded, canonicalize: Canonicalize) -> Snapshot:
        page = decode_extracted(loaded.raw, canonicalize)
        navigation, settled = loaded.navigation, loaded.settled
        html = page.html
        truncated = len(html) > self.config.max_html_chars or loaded.cut
        if truncated:
            html = html[: self.config.max_html_chars]
        return Snapshot(
            url=loaded.state.url,
            final_url=page.url,
            status=page.status or navigation.status,
            html=html,
            links=page.links,
            controls=page.controls,
            state=loaded.state,
            rendered=True,
            content_type=navigation.content_type,
            title=page.title,
            settle_ms=round(settled.ms, 1),
            settle_capped=settled.capped,
            fetch_ms=round(navigation.fetch_ms, 1),
            screenshot=loaded.screenshot,
            viewport=self.config.viewport,
            truncated=truncated,
            requests=page.requests,
        )
