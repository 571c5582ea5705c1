"""The crawl Session: the one way methods get pages.

    async with Session(SessionConfig(render="auto", cache=Path("crawl.sqlite"))) as session:
        snap = await session.page(url)
        snaps = await session.pages(urls)
        new = await session.act(snap, action)
        answer = await session.data(api_url)  # a JSON (or any) body a method reads itself

For every request the Session canonicalises the URL, keeps to the crawl's scope and robots.txt,
answers from its store when it can, shares a load already in flight, spends the budget, and only
then loads: over HTTP (politely, with retries) or in the browser (a pool started on first need).
Each of those is its own small piece (crawler.urls, crawler.robots, crawler.store,
crawler.dedup, crawler.budget, crawler.politeness, crawler.retry, crawler.autorender,
crawler.hashrouting, crawler.hops), and the Session's state and I/O for each is a collaborator
it delegates to: `Admission` (URLs, scope, trap guards), `Hops` (HTTP: polite fetches, redirects
hop by hop, robots.txt), `PageCache` (the store's answers, loads in flight), `Browser`,
`AutoRender` (render="auto" by host), `Routing` (hash routing by document) and `Loads` (one
load: the budget spent, over HTTP or in the browser, kept, its failure recorded once). The
Session admits each request and decides how it is loaded, and reports through `events` (pyee):

- ``"page"(snapshot, cached: bool)`` — a Snapshot was returned (`cached`: no network used);
- ``"skip"(url, reason: str)`` — a URL was refused (out of scope, disallowed by robots.txt,
  a likely spider trap: crawler.urls);
- ``"trap"(stop: TrapStop)`` — the trap guard stopped a URL family (once per family, listed
  in `trap_stops` too; its refused URLs are "skip" events as well);
- ``"error"(error: CrawlError)`` — a load failed (no response, not HTML, no browser …);
- ``"budget"(used: int, limit: int)`` — the budget, or the page cap, ran out (emitted once);
- ``"decision"(decision: RenderDecision)`` — render="auto" decided a host (once per host);
- ``"routing"(decision: RoutingDecision)`` — a document was found hash-routed or not (once per
  document, crawler.hashrouting).

Every hop of a load — an HTTP redirect (followed by the Session itself, one request at a time)
or a navigation inside the browser — passes the same scope and robots.txt checks as the first
URL and crawler.hops' address policy; a refused hop makes the load a RedirectRefused and nothing
of it is stored. Transient answers (5xx, 429) are returned but never stored, so a rerun asks
again; one with Retry-After holds every request to its host for that long (capped at 60 s), not
only its own retry.

Fragments: a link's fragment is kept only where its document is hash-routed (decided on the
first rendered load of the document that links to a fragment naming none of its elements, by
loading the document at that fragment and comparing what the two show). `page(url#fragment)`
decides the same way for the fragment asked for; a hash-routed document's fragment states are
then pages of their own, loaded in the browser from their URL.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable, Mapping
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from datetime import timedelta
from types import MappingProxyType

from pyee.asyncio import AsyncIOEventEmitter

from siteseer.crawler.autorender import AutoRender, RenderDecision
from siteseer.crawler.browsing import Browser, BrowserFactory, Renderer
from siteseer.crawler.budget import Budget
from siteseer.crawler.cache import PageCache
from siteseer.crawler.config import SessionConfig
from siteseer.crawler.cost import Cost, Counters
from siteseer.crawler.errors import (
    CrawlError,
    OutOfScope,
    SpiderTrap,
)
from siteseer.crawler.hashrouting import (
    Routing,
    RoutingDecision,
    keep_routed,
)
from siteseer.crawler.hops import Hops
from siteseer.crawler.loads import Loads
from siteseer.crawler.politeness import Fetcher, Politeness
from siteseer.crawler.retry import RetryPolicy
from siteseer.crawler.store import (
    SnapshotStore,
)
from siteseer.crawler.urls import Admission, Scope, TrapStop
from siteseer.render import (
    Action,
    AsyncClosing,
    Identity,
    NavigationCheck,
    RenderConfig,
    ScreenshotMode,
    Snapshot,
    State,
    load_render_config,
)

__all__ = ["Renderer", "Session"]


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
        self._given_store = store
        self._stack = AsyncExitStack()
        self._render_config: RenderConfig | None = self.config.render_config
        self._routing = Routing(self)
        self._urls = Admission(
            Scope(self.config.allowed_hosts, self.config.scope),
            self.config.trap_limits,
            session_params=self.config.session_params,
            routed=self._routing.routed,
        )
        self.trap_stops: Mapping[str, TrapStop] = self._urls.trap_stops  # a live view, in order
        self._retry = RetryPolicy(self.config.retries, self.config.backoff)
        self._politeness = Politeness(
            self.config.delay_for,
            self.config.concurrency,
            max_hold=self._retry.max_retry_after,
        )
        self._budget = Budget(self.config.budget, self.config.page_cap)
        self._counters = Counters()
        self._hops = Hops(
            self.config,
            politeness=self._politeness,
            retry=self._retry,
            counters=self._counters,
            urls=self._urls,
            store=self._store_,
            fetcher=fetcher,
        )
        self._identity = Identity.load(
            user_agent=self.config.user_agent,
            headers=self.config.headers,
            cookies=self.config.cookies,
            proxy=self.config.proxy,
            storage_state=self.config.storage_state,
        )
        self._cache = PageCache(
            self.config,
            counters=self._counters,
            events=self.events,
            record_error=self._record_error,
            identity=self._identity.cache_key,
        )
        self._browsing = Browser(
            browser or self._default_browser,
            self._stack,
            self.config,
            politeness=self._politeness,
            retry=self._retry,
            counters=self._counters,
            canonicalize=self._urls.link,
        )
        self._loads = Loads(
            budget=self._budget,
            counters=self._counters,
            cache=self._cache,
            hops=self._hops,
            browsing=self._browsing,
            events=self.events,
            keep_routed=lambda snapshot: keep_routed(snapshot, self._routing.routed),
            routes=self._routing.routes,
        )
        self._auto = AutoRender(self)
        self._opened = 0.0
        self._closed = 0.0

    # -- lifecycle ------------------------------------------------------------------------------

    async def __aenter__(self) -> Session:
        self._opened = time.monotonic()
        try:
            self._cache.open(self._given_store, self._stack)
            await self._hops.open(self._stack, self._identity)
        except BaseException:
            await self._stack.aclose()
            raise
        return self

    async def close(self) -> None:
        """Stop loads in flight, close the browser and the fetcher, make the store durable."""
        if not self._closed:
            self._closed = time.monotonic()
        try:
            await self._cache.close()
            await self._auto.close()
            await self._routing.close()
            await self._hops.close()
        finally:
            await self._stack.aclose()

    # -- URLs -----------------------------------------------------------------------------------

    def canonical(self, url: str, base: str | None = None) -> str:
        """The canonical form of `url` (relative to `base`; its fragment kept only where its
        document is hash-routed); raises InvalidURL."""
        return self._urls.canonical(url, base)

    def in_scope(self, url: str) -> bool:
        """Whether the crawl may visit `url` (any valid URL, before the first fetch fixes it)."""
        return self._urls.in_scope(url)

    @property
    def scope(self) -> Scope:
        return self._urls.scope

    # -- state ----------------------------------------------------------------------------------

    @property
    def budget_left(self) -> int | None:
        return self._budget.left

    @property
    def render_decisions(self) -> Mapping[str, RenderDecision]:
        """render="auto" decisions by host (``host[:port]``), as made or read from the store."""
        return MappingProxyType(self._auto.decisions)

    @property
    def routing_decisions(self) -> Mapping[str, RoutingDecision]:
        """Hash-routing decisions by document (``host[:port]/path``), as made or read from the
        store (crawler.hashrouting)."""
        return self._routing.decisions

    @property
    def render_config(self) -> RenderConfig | None:
        """The browser settings, once a browser was needed (None before)."""
        return self._render_config

    @property
    def browser_started(self) -> bool:
        return self._browsing.renderer is not None

    def action_settle_ms(self) -> tuple[float, ...]:
        """The browser's settle wait after each state change so far (empty without a browser
        or when the renderer does not report them)."""
        return self._browsing.action_settle_ms()

    def cost(self) -> Cost:
        """The counters so far (crawler.cost `Counters.cost` says what each one counts)."""
        end = self._closed or time.monotonic()
        seconds = round(end - self._opened, 3) if self._opened else 0.0
        return self._counters.cost(self._browsing.count, seconds)

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
        state = await self._routing.fragment_state(target, url)
        if state is not None:
            shot = None if fresh else screenshot
            return await self._loads.get(state, render=True, screenshot=shot, again=fresh)
        if not want_render and self.config.render == "auto":
            decided = await self._auto.mode(target)
            if isinstance(decided, Snapshot):
                if not fresh:
                    return decided
                want_render = decided.rendered
            else:
                want_render = decided
        if fresh:
            return await self._loads.get(target, render=want_render, screenshot=None, again=True)
        return await self._loads.get(target, render=want_render, screenshot=screenshot)

    def stored(self, url: str) -> Snapshot | None:
        """The Snapshot of `url` the store already holds (loaded by this Session or kept in its
        cache), plain or rendered, or None; loads nothing, spends nothing, emits no event."""
        try:
            key = self.canonical(url)
        except CrawlError:
            return None
        return self._cache.get(key, need_render=False)

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
        cached = self._cache.get(key, need_render=True)
        if cached is not None:
            return self._cache.hit(cached)
        loads = self._loads
        return await self._cache.share(
            key, "rendered", lambda: loads.counted(key, loads.action(state))
        )

    async def data(self, url: str) -> Snapshot:
        """The answer at `url` over HTTP whatever its content type, its body kept as text in the
        Snapshot's `html` (a JSON document, an HTML fragment): what a page's script asks of its
        server, asked directly. Scope, spider-trap guards, robots.txt, politeness, retries, the
        budget and the store apply as to `page`; it counts as a download. A body gzipped by
        itself (its magic bytes, whatever its name or type: a sitemap's `.gz`) is kept
        decompressed, at most 50 MB (`truncated` beyond). Raises CrawlErrors like `page`,
        except that a body that is not HTML is no error."""
        target = self._admit(url)
        await self._check_robots(target)
        cached = self._cache.lookup_data(target)
        if cached is not None:
            return self._cache.hit(cached, html=False)
        snapshot = await self._loads.counted(target, self._loads.data(target))
        self.events.emit("page", snapshot, False)
        return snapshot

    async def robots_sitemaps(self, url: str) -> tuple[str, ...]:
        """The sitemaps the `Sitemap:` lines of `url`'s host's robots.txt name, as written, in
        order (none when it has no robots.txt or it cannot be had now); read once per host."""
        return await self._hops.robots.sitemaps(self._admit(url))

    async def crawl_delay(self, url: str) -> timedelta | None:
        """The Crawl-delay `url`'s host's robots.txt asks of this Session's user agent (None:
        none, or robots.txt not respected); read once per host, as every load reads it."""
        if not self.config.respect_robots:
            return None
        return await self._hops.robots.crawl_delay(self._admit(url))

    async def disallowed(self, url: str) -> str:
        """Why robots.txt keeps this Session from `url`, an in-scope URL ("" when it may be
        loaded, or robots.txt is ignored); reads its host's robots.txt once, loads no page."""
        refusal = await self._hops.robots_refusal(self._admit(url))
        return "" if refusal is None else str(refusal)

    # -- admission: URL, scope, robots ----------------------------------------------------------

    def _admit(self, url: str) -> str:
        try:
            return self._urls.admit(url)
        except (OutOfScope, SpiderTrap) as refused:
            for stop in self._urls.new_stops():  # each a warning in the log too
                self.events.emit("trap", stop)
            self.events.emit("skip", refused.url, str(refused))
            raise
        except CrawlError as e:
            self._record_error(e)
            raise

    async def _check_robots(self, url: str) -> None:
        refusal = await self._hops.robots_refusal(url)
        if refusal is not None:
            self.events.emit("skip", url, str(refusal))
            raise refusal

    # -- the browser ----------------------------------------------------------------------------

    @property
    def navigation_check(self) -> NavigationCheck:
        """The check each browser navigation of this Session passes (scope, robots.txt, address
        policy), for a browser shared by several Sessions to call for this one's pages."""
        return self._hops.navigation_check

    @property
    def resource_check(self) -> NavigationCheck:
        """The check of this Session's pages' subresources in the browser (`Hops.resource_check`)."""
        return self._hops.resource_check

    def _default_browser(self) -> AbstractAsyncContextManager[Renderer]:
        from siteseer.render import BrowserPool  # Playwright is loaded on first need only

        if self._render_config is None:
            self._render_config = load_render_config(navigation_timeout=self.config.timeout)
        return BrowserPool(
            self._render_config,
            self._identity,
            check_navigation=self.navigation_check,
            check_resource=self.resource_check,
            confined=self._hops.confined,
        )

    # -- bookkeeping ----------------------------------------------------------------------------

    def _store_(self) -> SnapshotStore:
        return self._cache.store

    def _record_error(self, error: CrawlError) -> None:
        self._loads.record_error(error)
