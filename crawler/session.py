"""The crawl Session: the one way methods get pages.

    async with Session(SessionConfig(render="auto", cache=Path("crawl.sqlite"))) as session:
        snap = await session.page(url)
        snaps = await session.pages(urls)
        new = await session.act(snap, action)

For every request the Session canonicalises the URL, keeps to the crawl's scope and robots.txt,
answers from its store when it can, shares a load already in flight, spends the budget, and only
then loads: over HTTP (politely, with retries) or in the browser (a pool started on first need).
Each of those is its own small piece (crawler.urls, crawler.robots, crawler.store,
crawler.dedup, crawler.budget, crawler.politeness, crawler.retry, crawler.autorender); the
Session orchestrates them, counts what it spends, and reports through `events` (pyee):

- ``"page"(snapshot, cached: bool)`` — a Snapshot was returned (`cached`: no network used);
- ``"skip"(url, reason: str)`` — a URL was refused (out of scope, disallowed by robots.txt,
  a likely spider trap: crawler.urls);
- ``"error"(error: CrawlError)`` — a load failed (no response, not HTML, no browser …);
- ``"budget"(used: int, limit: int)`` — the budget ran out (emitted once);
- ``"decision"(decision: RenderDecision)`` — render="auto" decided a host (once per host).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Protocol, TypeVar

from pyee.asyncio import AsyncIOEventEmitter

from crawler.autorender import RenderDecision, decide, undecided, without_scripts
from crawler.budget import Budget
from crawler.config import SessionConfig
from crawler.cost import Cost
from crawler.dedup import InFlight
from crawler.errors import (
    ActionFailed,
    BrowserUnavailable,
    BudgetExhausted,
    CrawlError,
    FetchFailed,
    NotHTML,
    OutOfScope,
    RobotsDisallowed,
    SpiderTrap,
)
from crawler.politeness import Fetcher, PoliteFetcher, Politeness
from crawler.retry import Attempt, RetryPolicy, retrying
from crawler.robots import Robots
from crawler.store import (
    MemoryStore,
    SnapshotKind,
    SnapshotStore,
    SQLiteStore,
    kinds_satisfying,
)
from crawler.urls import Scope, TrapGuard, canonical_url, host_of
from render import (
    Action,
    ActionError,
    AsyncClosing,
    BrowserCrashed,
    BrowserNotFound,
    Canonicalize,
    HttpFetcher,
    Identity,
    NavigationError,
    NavigationFailed,
    NavigationTimeout,
    NonHTMLResponse,
    RawResponse,
    RenderConfig,
    RenderError,
    ScreenshotMode,
    Snapshot,
    State,
    load_render_config,
    snapshot_from_html,
)

__all__ = ["Renderer", "Session"]

log = logging.getLogger(__name__)

T = TypeVar("T")


class Renderer(Protocol):
    """Loads a page state in a browser (render.pool.BrowserPool is one)."""

    async def load(
        self,
        state: State,
        *,
        canonicalize: Canonicalize,
        screenshot: ScreenshotMode | None,
    ) -> Snapshot: ...


BrowserFactory = Callable[[], AbstractAsyncContextManager[Renderer]]

_RETRYABLE = (NavigationFailed, NavigationTimeout)
_NOT_OPEN = "the Session is not open: use `async with Session(config) as session`"


@dataclass(slots=True)
class _Counters:
    http_fetches: int = 0  # HTTP page fetches, retries included (robots.txt is not a page)
    render_loads: int = 0  # browser loads asked of the renderer, retries included
    actions: int = 0
    cache_hits: int = 0
    bytes: int = 0
    errors: int = 0


class Session(AsyncClosing):
    """A crawl of one or a few sites under one `SessionConfig` (an async context manager).

    `fetcher`, `browser` (a factory of async context managers yielding a `Renderer`) and
    `store` replace the defaults — an `HttpFetcher`, a `render.pool.BrowserPool` started on first
    need, and a `SQLiteStore` at `config.cache` (a `MemoryStore` without one). Objects passed in
    are used as they are; the Session opens and closes only what it builds itself, except a
    browser, which it enters and exits either way.
    """

    def __init__(
        self,
        config: SessionConfig | None = None,
        *,
        fetcher: Fetcher | None = None,
        browser: BrowserFactory | None = None,
        store: SnapshotStore | None = None,
    ) -> None:
        self.config = config or SessionConfig()
        self.events = AsyncIOEventEmitter()
        self._given_fetcher = fetcher
        self._browser_factory = browser
        self._given_store = store
        self._stack = AsyncExitStack()
        self._store: SnapshotStore | None = None
        self._fetcher: Fetcher | None = None
        self._renderer: Renderer | None = None
        self._browser_failure: str | None = None
        self._render_config: RenderConfig | None = self.config.render_config
        self._browser_lock = asyncio.Lock()
        self._scope = Scope(self.config.allowed_hosts, self.config.scope)
        self._traps = TrapGuard(self.config.trap_limits)
        self._politeness = Politeness(self.config.delay_for, self.config.per_host_concurrency)
        self._retry = RetryPolicy(self.config.retries, self.config.backoff)
        self._budget = Budget(self.config.budget)
        self._budget_reported = False
        self._robots = Robots(self.config.user_agent, self._load_robots)
        self._identity = Identity.load(
            user_agent=self.config.user_agent,
            headers=self.config.headers,
            cookies=self.config.cookies,
            proxy=self.config.proxy,
            storage_state=self.config.storage_state,
        )
        self._loads: InFlight[tuple[str, SnapshotKind], Snapshot] = InFlight()
        self._deciding: InFlight[str, Snapshot | CrawlError] = InFlight()
        self._decisions: dict[str, RenderDecision] = {}
        self._counters = _Counters()
        self._opened = 0.0
        self._closed = 0.0

    # -- lifecycle ------------------------------------------------------------------------------

    async def __aenter__(self) -> Session:
        self._opened = time.monotonic()
        try:
            if self._given_store is not None:
                self._store = self._given_store
            elif self.config.cache is not None:
                self._store = SQLiteStore(self.config.cache)
                self._stack.callback(self._store.close)
            else:
                self._store = MemoryStore()
            if self._given_fetcher is not None:
                self._fetcher = self._given_fetcher
            else:
                http = HttpFetcher(max_redirects=self.config.max_redirects, identity=self._identity)
                self._fetcher = await self._stack.enter_async_context(http)
        except BaseException:
            await self._stack.aclose()
            raise
        return self

    async def close(self) -> None:
        """Stop loads in flight, close the browser and the fetcher, make the store durable."""
        if not self._closed:
            self._closed = time.monotonic()
        try:
            await self._loads.cancel_all()
            await self._deciding.cancel_all()
            await self._robots.close()
        finally:
            await self._stack.aclose()

    # -- URLs -----------------------------------------------------------------------------------

    def canonical(self, url: str, base: str | None = None) -> str:
        """The canonical form of `url` (relative to `base`); raises InvalidURL."""
        return canonical_url(url, base, session_params=self.config.session_params)

    def _link_canonical(self, url: str) -> str:
        """Canonical link URLs for the extractors; a URL that cannot be canonical stays as is."""
        try:
            return canonical_url(url, session_params=self.config.session_params)
        except CrawlError:
            return url

    def in_scope(self, url: str) -> bool:
        """Whether the crawl may visit `url` (any valid URL, before the first fetch fixes it)."""
        try:
            canonical = canonical_url(url, session_params=self.config.session_params)
        except CrawlError:
            return False
        return not self._scope.hosts or self._scope.admits(canonical)

    @property
    def scope(self) -> Scope:
        return self._scope

    # -- state ----------------------------------------------------------------------------------

    @property
    def budget_left(self) -> int | None:
        return self._budget.left

    @property
    def render_decisions(self) -> Mapping[str, RenderDecision]:
        """render="auto" decisions by host (``host[:port]``), as made or read from the store."""
        return MappingProxyType(self._decisions)

    @property
    def render_config(self) -> RenderConfig | None:
        """The browser settings, once a browser was needed (None before)."""
        return self._render_config

    @property
    def browser_started(self) -> bool:
        return self._renderer is not None

    def _browser_navigations(self) -> int:
        """Navigations the browser made; a pool that reuses a page already showing a state's
        prefix performs only the remaining actions, so its own count is the honest one."""
        stats = getattr(self._renderer, "stats", None)
        navigations = getattr(stats, "navigations", None)
        return navigations if isinstance(navigations, int) else self._counters.render_loads

    def _browser_actions(self) -> int:
        """State changes the browser made: each click, select, submit, scroll and load-more
        round (the pool's count); one per action state when the renderer does not count."""
        stats = getattr(self._renderer, "stats", None)
        actions = getattr(stats, "actions", None)
        return actions if isinstance(actions, int) else self._counters.actions

    def action_settle_ms(self) -> tuple[float, ...]:
        """The browser's settle wait after each state change so far (empty without a browser
        or when the renderer does not report them)."""
        waits = getattr(self._renderer, "action_settle_ms", ())
        return tuple(waits) if isinstance(waits, tuple) else ()

    def cost(self) -> Cost:
        """The counters so far.

        `downloads` are page loads over the network: HTTP page fetches (each retry too) plus
        browser navigations; robots.txt is not a page, so only its bytes count. `renders` are
        the browser navigations, `actions` the state changes made in the browser (each click,
        select, submit, scroll and load-more round), `errors` the failed loads.
        """
        c = self._counters
        end = self._closed or time.monotonic()
        navigations = self._browser_navigations()
        return Cost(
            downloads=c.http_fetches + navigations,
            renders=navigations,
            actions=self._browser_actions(),
            cache_hits=c.cache_hits,
            bytes=c.bytes,
            seconds=round(end - self._opened, 3) if self._opened else 0.0,
            errors=c.errors,
        )

    # -- pages ----------------------------------------------------------------------------------

    async def page(
        self,
        url: str,
        *,
        render: bool = False,
        screenshot: ScreenshotMode | None = None,
        fresh: bool = False,
    ) -> Snapshot:
        """The Snapshot of `url`: from the store, or loaded (rendered when asked or needed).

        `render=True` asks for a browser snapshot (boxes and styles) whatever `config.render`
        says; `screenshot` ("viewport" or "full") for a rendered one with PNG bytes. `fresh=True`
        asks for a second, independent load of the page (comparing two loads shows a page's
        random content); it costs one more download the first time and is kept apart from the
        page's usual copy, so a rerun with the same store sees the same two copies. Raises a
        CrawlError subclass when the page cannot be had; an HTTP error status is a Snapshot.
        """
        target = self._admit(url)
        await self._check_robots(target)
        want_render = render or screenshot is not None or self.config.render == "always"
        if not want_render and self.config.render == "auto":
            decided = await self._auto(target)
            if isinstance(decided, Snapshot):
                if not fresh:
                    return decided
                want_render = decided.rendered
            else:
                want_render = decided
        if fresh:
            return await self._get(target, render=want_render, screenshot=None, again=True)
        return await self._get(target, render=want_render, screenshot=screenshot)

    async def pages(
        self,
        urls: Iterable[str],
        *,
        render: bool = False,
        screenshot: ScreenshotMode | None = None,
    ) -> list[Snapshot | CrawlError]:
        """Snapshots of `urls`, loaded concurrently within the politeness limits.

        The list is in input order; a page that cannot be had is its CrawlError (once the budget
        is spent, every page still to load is a BudgetExhausted).
        """

        async def one(url: str) -> Snapshot | CrawlError:
            try:
                return await self.page(url, render=render, screenshot=screenshot)
            except CrawlError as e:
                return e

        return list(await asyncio.gather(*(one(u) for u in urls)))

    async def act(self, snapshot: Snapshot, action: Action) -> Snapshot:
        """Load `snapshot`'s state in the browser, perform `action`, snapshot the new state.

        The new state is cached under its key (URL plus action path), so acting twice the same
        way costs one browser visit.
        """
        state = (snapshot.state or State(snapshot.url)).then(action)
        key = state.key()
        cached = self._store_().get(key, need_render=True)
        if cached is not None:
            return self._hit(cached)
        joined = await self._join_satisfying(key, need_render=True, screenshot=None)
        if joined is not None:
            return joined
        result, shared = await self._loads.run(
            (key, "rendered"), lambda: self._counted(key, self._load_action(state))
        )
        if shared:
            return self._hit(result)
        self.events.emit("page", result, False)
        return result

    # -- admission: URL, scope, robots ----------------------------------------------------------

    def _admit(self, url: str) -> str:
        try:
            target = canonical_url(url, session_params=self.config.session_params)
        except CrawlError as e:
            self._record_error(e)
            raise
        if not self._scope.hosts:
            self._scope = Scope((host_of(target),), self.config.scope)
        if not self._scope.admits(target):
            error = OutOfScope(target, self._scope.hosts)
            self.events.emit("skip", target, str(error))
            raise error
        try:
            self._traps.admit(target)
        except SpiderTrap as trap:
            self.events.emit("skip", target, str(trap))
            raise
        return target

    async def _check_robots(self, url: str) -> None:
        if not self.config.respect_robots:
            return
        if not await self._robots.allowed(url):
            error = RobotsDisallowed(url, self.config.user_agent)
            self.events.emit("skip", url, str(error))
            raise error
        delay = await self._robots.crawl_delay(url)
        if delay is not None:
            self._politeness.raise_delay(host_of(url), delay)

    async def _load_robots(self, where: str) -> str | None:
        """robots.txt text for the Robots piece: from the store, else fetched and stored."""
        host = host_of(where)
        store = self._store_()
        known = store.get_setting(host, "robots_txt")
        if known is None:
            try:
                response = await self._fetch(where, page=False)
            except NavigationError as e:
                log.info("robots.txt %s unavailable (%s): every page is allowed", where, e)
                return None
            if 200 <= response.status < 300:
                known = response.text()
            elif 400 <= response.status < 500:
                known = ""
            else:
                log.info("robots.txt %s answered %s: every page allowed", where, response.status)
                return None
            store.put_setting(host, "robots_txt", known)
        return known or None

    # -- render="auto" --------------------------------------------------------------------------

    async def _auto(self, url: str) -> Snapshot | bool:
        """Whether `url`'s host needs a browser, deciding it on this page if nobody has.

        Returns the page's Snapshot instead when deciding loaded it.
        """
        host = host_of(url)
        while True:
            known = self._known_decision(host)
            if known is not None:
                return known.needs_browser
            cached = self._store_().get(url, need_render=False)
            if cached is not None:
                return self._hit(cached)
            result, shared = await self._deciding.run(host, lambda: self._decide(host, url))
            if not shared:
                if isinstance(result, CrawlError):
                    raise result
                self.events.emit("page", result, False)
                return result
            # Another page decided the host (or failed to, and the next page tries): look again.

    def _known_decision(self, host: str) -> RenderDecision | None:
        if host not in self._decisions:
            stored = self._store_().get_setting(host, "render_decision")
            if stored is None:
                return None
            self._decisions[host] = RenderDecision.from_json(stored)
        return self._decisions[host]

    async def _decide(self, host: str, url: str) -> Snapshot | CrawlError:
        """Fetch `url` over HTTP and render it; record whether `host` needs a browser.

        Returns the Snapshot the decision asks for (or the error that prevented loading the
        page). The decision needs a 2xx HTML page and a browser; without them the HTTP snapshot
        is returned undecided and a later page of the host decides.
        """
        try:
            plain = await self._counted(url, self._load_plain(url))
        except CrawlError as e:
            return e
        if not plain.ok:
            return plain
        static = without_scripts(host, plain)
        if static is not None:
            self._settle_decision(static)
            return plain
        if not self._budget.can_spend():
            log.info("budget too small to decide whether %s needs a browser", host)
            return plain
        try:
            await self._browser(url)
        except BrowserUnavailable as e:
            # Without a browser the host is crawled over HTTP for the rest of this Session
            # (not remembered in the store: the next run may have a browser).
            log.warning("cannot decide whether %s needs a browser: %s", host, e)
            self._record_error(e)
            self._decisions[host] = undecided(host, plain, f"no browser: {e.reason}")
            return plain
        try:
            self._budget.spend(url)
            rendered = await self._render(State(url), screenshot=None)
        except CrawlError as e:
            log.warning("rendering %s to decide its host failed: %s", url, e)
            self._record_error(e)
            return plain
        self._store_().put(rendered)
        decision = decide(host, plain, rendered)
        self._settle_decision(decision)
        return rendered if decision.needs_browser else plain

    def _settle_decision(self, decision: RenderDecision) -> None:
        """Remember (in the Session and the store) and announce how a host is loaded."""
        self._decisions[decision.host] = decision
        self._store_().put_setting(decision.host, "render_decision", decision.to_json())
        log.info(
            "%s %s a browser: %s",
            decision.host,
            "needs" if decision.needs_browser else "does not need",
            decision.reason,
        )
        self.events.emit("decision", decision)

    # -- the store, loads in flight, loading ----------------------------------------------------

    async def _get(
        self, url: str, *, render: bool, screenshot: ScreenshotMode | None, again: bool = False
    ) -> Snapshot:
        store = self._store_()
        cached = store.get(url, need_render=render, screenshot=screenshot, again=again)
        if again and cached is not None and render and not cached.rendered:
            cached = None
        if cached is None and render:
            # A URL known not to be HTML is not worth a browser visit.
            plain = store.get(url, need_render=False)
            if plain is not None and not _is_html_type(plain.content_type):
                cached = plain
        if cached is not None:
            return self._hit(cached)
        joined = await self._join_satisfying(
            url, need_render=render, screenshot=screenshot, again=again
        )
        if joined is not None:
            return joined
        kind: SnapshotKind = "again" if again else screenshot or ("rendered" if render else "http")

        def work() -> Awaitable[Snapshot]:
            if render:
                return self._counted(url, self._load_rendered(url, screenshot, again=again))
            return self._counted(url, self._load_plain(url, again=again))

        result, shared = await self._loads.run((url, kind), work)
        if shared:
            return self._hit(result)
        self.events.emit("page", result, False)
        return result

    async def _join_satisfying(
        self,
        key: str,
        *,
        need_render: bool,
        screenshot: ScreenshotMode | None,
        again: bool = False,
    ) -> Snapshot | None:
        for kind in kinds_satisfying(need_render=need_render, screenshot=screenshot, again=again):
            if self._loads.running((key, kind)):
                return self._hit(await self._loads.join((key, kind)))
        return None

    def _hit(self, snapshot: Snapshot) -> Snapshot:
        """Count an answer that used no network; a stored non-HTML marker raises NotHTML."""
        self._counters.cache_hits += 1
        if snapshot.content_type and not _is_html_type(snapshot.content_type):
            error = NotHTML(snapshot.url, snapshot.content_type)
            self._record_error(error)
            raise error
        self.events.emit("page", snapshot, True)
        return snapshot

    async def _counted(self, url: str, work: Awaitable[T]) -> T:
        """Run one load; record its failure once (callers sharing it only re-raise)."""
        try:
            return await work
        except BudgetExhausted:
            self._report_budget()
            raise
        except CrawlError as e:
            self._record_error(e)
            raise

    async def _load_plain(self, url: str, *, again: bool = False) -> Snapshot:
        self._budget.spend(url)
        snapshot = await self._fetch_page(url)
        self._store_().put(snapshot, again=again)
        if not again:
            self._keep_redirect_target(snapshot)
        if not _is_html_type(snapshot.content_type):
            raise NotHTML(url, snapshot.content_type)
        return snapshot

    def _keep_redirect_target(self, snapshot: Snapshot) -> None:
        """Store a redirected page under its final URL too: loading that URL is then free."""
        try:
            final = canonical_url(snapshot.final_url, session_params=self.config.session_params)
        except CrawlError:
            return
        store = self._store_()
        if final != snapshot.url and store.get(final, need_render=False) is None:
            store.put(replace(snapshot, url=final, state=State(final)))

    async def _load_rendered(
        self, url: str, screenshot: ScreenshotMode | None, *, again: bool = False
    ) -> Snapshot:
        self._budget.spend(url)
        snapshot = await self._render(State(url), screenshot=screenshot)
        self._store_().put(snapshot, screenshot=screenshot, again=again)
        return snapshot

    async def _load_action(self, state: State) -> Snapshot:
        self._budget.spend(state.url)
        snapshot = await self._render(state, screenshot=None)
        self._counters.actions += 1
        self._store_().put(snapshot)
        return snapshot

    # -- HTTP -----------------------------------------------------------------------------------

    async def _fetch(self, url: str, *, page: bool = True) -> RawResponse:
        """One politely fetched response, with retries; raises render's NavigationError.

        Every attempt at a `page` counts as a download; every response's bytes count.
        """
        if self._fetcher is None:
            raise RuntimeError(_NOT_OPEN)
        polite = PoliteFetcher(self._fetcher, self._politeness)

        async def attempt() -> RawResponse:
            response = await polite.fetch(url, timeout=self.config.timeout)
            self._counters.bytes += len(response.body)
            return response

        return await retrying(
            attempt,
            self._retry,
            status_of=lambda r: r.status,
            retry_on=_RETRYABLE,
            on_attempt=self._count_fetch if page else None,
        )

    async def _fetch_page(self, url: str) -> Snapshot:
        try:
            response = await self._fetch(url)
        except NavigationError as e:
            raise FetchFailed(url, _reason(e), self.config.retries + 1) from e
        if not response.is_html:
            return Snapshot(
                url=url,
                final_url=response.final_url,
                status=response.status,
                html="",
                state=State(url),
                content_type=response.content_type,
                fetch_ms=response.elapsed_ms,
            )
        snapshot = snapshot_from_html(
            url,
            response.final_url,
            response.status,
            response.text(),
            canonicalize=self._link_canonical,
            content_type=response.content_type or "text/html",
            fetch_ms=response.elapsed_ms,
        )
        return _with_state(snapshot, State(url))

    def _count_fetch(self, attempt: Attempt) -> None:
        self._counters.http_fetches += 1

    # -- the browser ----------------------------------------------------------------------------

    async def _browser(self, url: str) -> Renderer:
        """The browser, started on first need; a failure to start is remembered."""
        async with self._browser_lock:
            if self._browser_failure is not None:
                raise BrowserUnavailable(url, self._browser_failure)
            if self._renderer is None:
                try:
                    manager = (self._browser_factory or self._default_browser)()
                    self._renderer = await self._stack.enter_async_context(manager)
                except (BrowserNotFound, BrowserCrashed) as e:
                    self._browser_failure = _reason(e)
                    raise BrowserUnavailable(url, self._browser_failure) from e
            return self._renderer

    def _default_browser(self) -> AbstractAsyncContextManager[Renderer]:
        from render import BrowserPool  # Playwright is loaded on first need only

        if self._render_config is None:
            self._render_config = load_render_config(navigation_timeout=self.config.timeout)
        return BrowserPool(self._render_config, self._identity)

    async def _render(self, state: State, *, screenshot: ScreenshotMode | None) -> Snapshot:
        """`state` loaded in the browser, politely, with retries; raises CrawlErrors."""
        renderer = await self._browser(state.url)

        async def attempt() -> Snapshot:
            async with self._politeness.turn(state.url):
                self._counters.render_loads += 1
                loaded = await renderer.load(
                    state, canonicalize=self._link_canonical, screenshot=screenshot
                )
            self._counters.bytes += len(loaded.html.encode())
            return loaded

        try:
            snapshot = await retrying(
                attempt,
                self._retry,
                status_of=lambda s: s.status,
                retry_on=_RETRYABLE,
            )
        except NonHTMLResponse as e:
            raise NotHTML(state.url, e.content_type) from e
        except ActionError as e:
            raise ActionFailed(state.url, e.action, _reason(e)) from e
        except NavigationError as e:
            raise FetchFailed(state.url, _reason(e), self.config.retries + 1) from e
        except (BrowserNotFound, BrowserCrashed) as e:
            raise BrowserUnavailable(state.url, _reason(e)) from e
        except RenderError as e:
            raise FetchFailed(state.url, _reason(e)) from e
        return _with_state(snapshot, state)

    # -- bookkeeping ----------------------------------------------------------------------------

    def _store_(self) -> SnapshotStore:
        if self._store is None:
            raise RuntimeError(_NOT_OPEN)
        return self._store

    def _record_error(self, error: CrawlError) -> None:
        self._counters.errors += 1
        log.info("%s", error)
        if self.events.listeners("error"):
            self.events.emit("error", error)

    def _report_budget(self) -> None:
        if not self._budget_reported and self._budget.limit is not None:
            self._budget_reported = True
            self.events.emit("budget", self._budget.used, self._budget.limit)


def _is_html_type(content_type: str) -> bool:
    return content_type in {"", "text/html", "application/xhtml+xml"}


def _reason(error: BaseException) -> str:
    return str(error) or type(error).__name__


def _with_state(snapshot: Snapshot, state: State) -> Snapshot:
    return snapshot if snapshot.state == state else replace(snapshot, state=state)
