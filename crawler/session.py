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
crawler.dedup, crawler.budget, crawler.politeness, crawler.retry, crawler.autorender); the
Session orchestrates them, counts what it spends, and reports through `events` (pyee):

- ``"page"(snapshot, cached: bool)`` — a Snapshot was returned (`cached`: no network used);
- ``"skip"(url, reason: str)`` — a URL was refused (out of scope, disallowed by robots.txt,
  a likely spider trap: crawler.urls);
- ``"error"(error: CrawlError)`` — a load failed (no response, not HTML, no browser …);
- ``"budget"(used: int, limit: int)`` — the budget ran out (emitted once);
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
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from types import MappingProxyType
from typing import Protocol, TypeVar
from urllib.parse import urljoin

from pyee.asyncio import AsyncIOEventEmitter

from siteseer.crawler.autorender import RenderDecision, decide, undecided, without_scripts
from siteseer.crawler.budget import Budget
from siteseer.crawler.config import SessionConfig
from siteseer.crawler.cost import Cost
from siteseer.crawler.dedup import InFlight
from siteseer.crawler.errors import (
    ActionFailed,
    BrowserUnavailable,
    BudgetExhausted,
    CacheFailed,
    CrawlError,
    FetchFailed,
    NotHTML,
    OutOfScope,
    RedirectRefused,
    RobotsDisallowed,
    SpiderTrap,
)
from siteseer.crawler.gzipped import inflate, is_gzip
from siteseer.crawler.hashrouting import (
    RoutingDecision,
    document_key,
    document_of,
    fragment_of,
    keep_routed,
    route_candidates,
)
from siteseer.crawler.hashrouting import decide as decide_routing
from siteseer.crawler.hops import hop_refusal
from siteseer.crawler.politeness import Fetcher, PoliteFetcher, Politeness
from siteseer.crawler.retry import Attempt, RetryPolicy, parse_retry_after, retrying
from siteseer.crawler.robots import Robots, RobotsUnavailable
from siteseer.crawler.store import (
    MemoryStore,
    SnapshotKind,
    SnapshotStore,
    SQLiteStore,
    kinds_satisfying,
)
from siteseer.crawler.storeguard import GuardedStore
from siteseer.crawler.urls import Scope, TrapGuard, canonical_url, host_of
from siteseer.render import (
    Action,
    ActionError,
    AsyncClosing,
    BrowserCrashed,
    BrowserNotFound,
    Canonicalize,
    HttpFetcher,
    Identity,
    NavigationCheck,
    NavigationError,
    NavigationFailed,
    NavigationRefused,
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
    """Loads a page state in a browser (render.pool.BrowserPool is one); `document`, the
    state's page as an HTTP fetch received it, answers the navigation's own request instead of
    the network."""

    async def load(
        self,
        state: State,
        *,
        canonicalize: Canonicalize,
        screenshot: ScreenshotMode | None,
        document: RawResponse | None = None,
    ) -> Snapshot: ...


BrowserFactory = Callable[[], AbstractAsyncContextManager[Renderer]]

_RETRYABLE = (NavigationFailed, NavigationTimeout)
# Documents of one host probed for hash routing before the host is taken for one without it
# (each probe is one more browser load; `page(url#fragment)` still probes what it is asked).
PROBES_PER_HOST = 3
_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_NOT_OPEN = "the Session is not open: use `async with Session(config) as session`"


@dataclass(slots=True)
class _Counters:
    http_fetches: int = 0  # HTTP page fetches, retries included (robots.txt is not a page)
    render_loads: int = 0  # browser loads asked of the renderer, retries included
    handed_over: int = 0  # of which were handed their document fetched already
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
        self._retry = RetryPolicy(self.config.retries, self.config.backoff)
        self._politeness = Politeness(
            self.config.delay_for,
            self.config.per_host_concurrency,
            max_hold=self._retry.max_retry_after,
        )
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
        # Pages this Session rendered: with render="never", a rendered copy stored by an
        # earlier run does not answer a plain request, but one rendered here on request does.
        self._rendered_here: set[str] = set()
        self._loads: InFlight[tuple[str, SnapshotKind], Snapshot] = InFlight()
        self._deciding: InFlight[str, Snapshot | CrawlError] = InFlight()
        self._decisions: dict[str, RenderDecision] = {}
        self._routing: dict[str, dict[str, RoutingDecision]] = {}  # host → document → decision
        self._routing_runs: InFlight[str, RoutingDecision | None] = InFlight()
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
                self._store = _open_cache(self.config.cache, self.config.fresh_after())
                self._stack.callback(self._store.close)
            else:
                self._store = MemoryStore()
            if self._given_fetcher is not None:
                self._fetcher = self._given_fetcher
            else:
                http = HttpFetcher(
                    max_redirects=self.config.max_redirects,
                    follow_redirects=False,
                    identity=self._identity,
                )
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
            await self._routing_runs.cancel_all()
            await self._robots.close()
        finally:
            await self._stack.aclose()

    # -- URLs -----------------------------------------------------------------------------------

    def canonical(self, url: str, base: str | None = None) -> str:
        """The canonical form of `url` (relative to `base`; its fragment kept only where its
        document is hash-routed); raises InvalidURL."""
        params = self.config.session_params
        canonical = canonical_url(url, base, session_params=params, keep_fragment=True)
        return (
            canonical if "#" not in canonical or self._routed(canonical) else document_of(canonical)
        )

    def _link_canonical(self, url: str) -> str:
        """Canonical link URLs for the extractors, fragments kept (`_routes` drops those of
        documents not hash-routed); a URL that cannot be canonical stays as is."""
        try:
            return canonical_url(url, session_params=self.config.session_params, keep_fragment=True)
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
    def routing_decisions(self) -> Mapping[str, RoutingDecision]:
        """Hash-routing decisions by document (``host[:port]/path``), as made or read from the
        store (crawler.hashrouting)."""
        return MappingProxyType({k: v for by in self._routing.values() for k, v in by.items()})

    @property
    def render_config(self) -> RenderConfig | None:
        """The browser settings, once a browser was needed (None before)."""
        return self._render_config

    @property
    def browser_started(self) -> bool:
        return self._renderer is not None

    def _renderer_count(self, name: str, fallback: int) -> int:
        """The renderer's own count `name` (the pool's `stats`), else the Session's `fallback`.

        The pool's counts are the honest ones: it reuses a page already showing a state's prefix
        (performing only the remaining actions) and counts each load-more round as an action."""
        stats = getattr(self._renderer, "stats", None)
        count = getattr(stats, name, None)
        return count if isinstance(count, int) else fallback

    def action_settle_ms(self) -> tuple[float, ...]:
        """The browser's settle wait after each state change so far (empty without a browser
        or when the renderer does not report them)."""
        waits = getattr(self._renderer, "action_settle_ms", ())
        return tuple(waits) if isinstance(waits, tuple) else ()

    def cost(self) -> Cost:
        """The counters so far.

        `downloads` are page loads over the network: HTTP page fetches (each retry too) plus
        browser navigations, except those answered from a document fetched already (render="auto"
        renders the page it decides a host on from its HTTP response: one download, one render);
        robots.txt is not a page, so only its bytes count. `renders` are the browser
        navigations, `actions` the state changes made in the browser (each click, select,
        submit, scroll and load-more round), `errors` the failed loads.
        """
        c = self._counters
        end = self._closed or time.monotonic()
        navigations = self._renderer_count("navigations", c.render_loads)
        handed_over = self._renderer_count("handed_over", c.handed_over)
        return Cost(
            downloads=c.http_fetches + navigations - handed_over,
            renders=navigations,
            actions=self._renderer_count("actions", c.actions),
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
        if fragment_of(url).strip("!/") and await self._fragment_routed(target, url):
            state = canonical_url(
                url, session_params=self.config.session_params, keep_fragment=True
            )
            shot = None if fresh else screenshot
            return await self._get(state, render=True, screenshot=shot, again=fresh)
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

    def stored(self, url: str) -> Snapshot | None:
        """The Snapshot of `url` the store already holds (loaded by this Session or kept in its
        cache), plain or rendered, or None; loads nothing, spends nothing, emits no event."""
        try:
            key = self.canonical(url)
        except CrawlError:
            return None
        return self._store_().get(key, need_render=False)

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
        cached = self._store_().get(target, need_render=False)
        # A page load of a non-HTML URL keeps only a marker without a body: that is no answer.
        if cached is not None and (cached.html or _is_html_type(cached.content_type)):
            self._counters.cache_hits += 1
            self.events.emit("page", cached, True)
            return cached
        snapshot = await self._counted(target, self._load_data(target))
        self.events.emit("page", snapshot, False)
        return snapshot

    async def _load_data(self, url: str) -> Snapshot:
        self._budget.spend(url)
        try:
            response, chain = await self._fetch_hops(url)
        except NavigationError as e:
            raise FetchFailed(url, _reason(e), self.config.retries + 1) from e
        text, cut = response.text(), response.truncated
        if is_gzip(response.body):  # a .gz file served as it is, known by its bytes
            inflated, cut = inflate(response.body)
            text = inflated.decode("utf-8", errors="replace")
        snapshot = Snapshot(
            url=url,
            final_url=response.final_url,
            status=response.status,
            html=text,
            state=State(url),
            content_type=response.content_type,
            fetch_ms=response.elapsed_ms,
            redirects=tuple(chain),
            truncated=cut,
        )
        self._keep(snapshot)
        return snapshot

    async def robots_sitemaps(self, url: str) -> tuple[str, ...]:
        """The sitemaps the `Sitemap:` lines of `url`'s host's robots.txt name, as written, in
        order (none when it has no robots.txt or it cannot be had now); read once per host."""
        return await self._robots.sitemaps(self._admit(url))

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
            error = RobotsDisallowed(url, self.config.user_agent, self._robots.unavailable(url))
            self.events.emit("skip", url, str(error))
            raise error
        delay = await self._robots.crawl_delay(url)
        if delay is not None:
            self._politeness.raise_delay(host_of(url), delay)

    async def _load_robots(self, where: str) -> str | None:
        """robots.txt text for the Robots piece: from the store, else fetched and stored.

        A 4xx means no robots.txt (stored as ""), and so does a refused connection (no server:
        the page's own fetch fails); a 5xx, a timeout or a redirect that is not followed raises
        RobotsUnavailable (nothing stored: it is asked again later).
        """
        host = host_of(where)
        store = self._store_()
        known = store.get_setting(host, "robots_txt")
        if known is None:
            try:
                response, _ = await self._fetch_hops(where, page=False)
            except NavigationFailed as e:  # no server at all: the page's own fetch says so
                log.info("robots.txt %s unreachable (%s)", where, e)
                return None
            except (NavigationError, RedirectRefused) as e:
                raise RobotsUnavailable(_reason(e)) from e
            if 200 <= response.status < 300:
                known = response.text()
            elif 400 <= response.status < 500:
                known = ""
            else:
                raise RobotsUnavailable(f"it answered HTTP {response.status}")
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

        The render is answered from the HTTP response (the page is downloaded once); one cut at
        the body limit is downloaded again in the browser, within the budget. Returns the
        Snapshot the decision asks for (or the error that prevented loading the page). The
        decision needs a 2xx HTML page and a browser; without them the HTTP snapshot is
        returned undecided and a later page of the host decides.
        """
        try:
            plain, response = await self._counted(url, self._load_plain_response(url))
        except CrawlError as e:
            return e
        if not plain.ok:
            return plain
        static = without_scripts(host, plain)
        if static is not None:
            self._settle_decision(static)
            return plain
        document = None if response.truncated else response
        if document is None and not self._budget.can_spend():
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
            if document is None:
                self._budget.spend(url)
            rendered = await self._render(State(url), screenshot=None, document=document)
        except CrawlError as e:
            log.warning("rendering %s to decide its host failed: %s", url, e)
            self._record_error(e)
            return plain
        self._keep(rendered)
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

    # -- hash routing ---------------------------------------------------------------------------

    def _host_routing(self, host: str) -> dict[str, RoutingDecision]:
        """The routing decisions about `host`'s documents, read from the store once."""
        known = self._routing.get(host)
        if known is None:
            known = _routing_setting(self._store_().get_setting(host, "hash_routing"))
            self._routing[host] = known
        return known

    def _routing_of(self, url: str) -> RoutingDecision | None:
        """The hash-routing decision about `url`'s document, as made or read from the store."""
        return self._host_routing(host_of(url)).get(document_key(url))

    def _routed(self, url: str) -> bool:
        """Whether `url`'s document is known to be hash-routed (its fragments are states)."""
        decision = self._routing_of(url)
        return decision is not None and decision.hash_routed

    async def _routes(self, snapshot: Snapshot, state: State) -> Snapshot:
        """A loaded `snapshot` with fragments only in the links of hash-routed documents.

        A rendered document nobody has decided yet, linking to fragments of itself that name
        none of its elements, is decided here first: loaded at the first such fragment and
        compared (crawler.hashrouting). Links to fragments that all name elements leave it
        undecided (in-page anchors: dropped); so does a host whose first `PROBES_PER_HOST`
        probes all found documents not hash-routed (no more probes there).
        """
        undecided = (
            snapshot.rendered
            and snapshot.ok
            and not state.actions
            and "#" not in state.url
            and any("#" in x.url for x in snapshot.links)
            and self._routing_of(state.url) is None
        )
        if undecided and not self._probed_enough(state.url):
            candidates = route_candidates(snapshot)
            if candidates:
                await self._routing_runs.run(
                    document_key(state.url),
                    lambda: self._decide_routing(snapshot, candidates[0]),
                )
        routed = keep_routed(snapshot, self._routed)
        if "#" in routed.final_url:
            try:
                final = self.canonical(routed.final_url)
            except CrawlError:
                final = document_of(routed.final_url)
            routed = replace(routed, final_url=final)
        return routed

    def _probed_enough(self, url: str) -> bool:
        """Whether `url`'s host had `PROBES_PER_HOST` documents probed, none hash-routed."""
        known = self._host_routing(host_of(url)).values()
        probed = [d for d in known if d.probe]
        return len(probed) >= PROBES_PER_HOST and not any(d.hash_routed for d in probed)

    async def _decide_routing(self, page: Snapshot, probe_url: str) -> RoutingDecision | None:
        """Load `page`'s document at a fragment (`probe_url`) and decide whether it is
        hash-routed; None when the budget or the browser did not allow the probe."""
        if not self._budget.can_spend():
            log.info("budget too small to decide whether %s routes by fragment", page.url)
            return None
        try:
            self._budget.spend(probe_url)
            probe = await self._render(State(probe_url), screenshot=None, routes=False)
        except CrawlError as e:
            log.warning("loading %s to decide its document's routing failed: %s", probe_url, e)
            self._record_error(e)
            return None
        decision = decide_routing(page, probe)
        self._settle_routing(decision)
        if decision.hash_routed:  # the probe is a state of its own: loading it again is free
            self._store_().put(keep_routed(probe, self._routed))
        return decision

    def _settle_routing(self, decision: RoutingDecision) -> None:
        """Remember (in the Session and the store) and announce a document's routing."""
        host = host_of(decision.url)
        known = self._host_routing(host)
        known[decision.document] = decision
        text = json.dumps({k: v.to_json() for k, v in sorted(known.items())})
        self._store_().put_setting(host, "hash_routing", text)
        log.info(
            "%s %s: %s",
            decision.document,
            "is hash-routed" if decision.hash_routed else "is not hash-routed",
            decision.reason,
        )
        self.events.emit("routing", decision)

    async def _fragment_routed(self, document: str, url: str) -> bool:
        """Whether `url`'s fragment is a state of its `document` (hash-routed), deciding it on
        the document rendered and, when its own links did not settle it, on this fragment."""
        if self.config.render == "never":
            return False
        decision = self._routing_of(document)
        if decision is None or (not decision.hash_routed and not decision.probe):
            page = await self._get(document, render=True, screenshot=None)
            decision = self._routing_of(document)
            if decision is None or (not decision.hash_routed and not decision.probe):
                probe = canonical_url(
                    url, session_params=self.config.session_params, keep_fragment=True
                )
                decision, _ = await self._routing_runs.run(
                    document_key(document), lambda: self._decide_routing(page, probe)
                )
                if decision is not None and decision.hash_routed:
                    # The document was kept without its fragment links: load it again.
                    await self._counted(document, self._load_rendered(document, None))
        return decision is not None and decision.hash_routed

    # -- the store, loads in flight, loading ----------------------------------------------------

    async def _get(
        self, url: str, *, render: bool, screenshot: ScreenshotMode | None, again: bool = False
    ) -> Snapshot:
        store = self._store_()
        exact = self.config.render == "never" and url not in self._rendered_here
        cached = store.get(url, need_render=render, screenshot=screenshot, again=again, exact=exact)
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

    def _keep(
        self, snapshot: Snapshot, *, screenshot: ScreenshotMode | None = None, again: bool = False
    ) -> bool:
        """Store `snapshot` unless its answer is transient (5xx, 429: asked again next time)."""
        if RetryPolicy.retry_status(snapshot.status):
            return False
        self._store_().put(snapshot, screenshot=screenshot, again=again)
        return True

    async def _load_plain(self, url: str, *, again: bool = False) -> Snapshot:
        snapshot, _ = await self._load_plain_response(url, again=again)
        return snapshot

    async def _load_plain_response(
        self, url: str, *, again: bool = False
    ) -> tuple[Snapshot, RawResponse]:
        """`_load_plain`, and the response it was made from (its last hop's)."""
        self._budget.spend(url)
        snapshot, response = await self._fetch_page(url)
        if self._keep(snapshot, again=again) and not again:
            self._keep_redirect_target(snapshot)
        if not _is_html_type(snapshot.content_type):
            raise NotHTML(url, snapshot.content_type)
        return snapshot, response

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
        self._keep(snapshot, screenshot=screenshot, again=again)
        self._rendered_here.add(url)
        return snapshot

    async def _load_action(self, state: State) -> Snapshot:
        self._budget.spend(state.url)
        snapshot = await self._render(state, screenshot=None)
        self._counters.actions += 1
        self._keep(snapshot)
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
            self._hold_host(url, response)
            return response

        return await retrying(
            attempt,
            self._retry,
            status_of=lambda r: r.status,
            retry_on=_RETRYABLE,
            on_attempt=self._count_fetch if page else None,
            retry_after_of=lambda r: parse_retry_after(r.header("retry-after")),
        )

    def _hold_host(self, url: str, response: RawResponse) -> None:
        """A 429 or 5xx with Retry-After holds every request to its host, not only its own
        retry (capped at the retry policy's `max_retry_after`)."""
        if not RetryPolicy.retry_status(response.status):
            return
        seconds = parse_retry_after(response.header("retry-after"))
        if not seconds:
            return
        host = host_of(url)
        held = self._politeness.hold(host, timedelta(seconds=seconds))
        log.info(
            "%s answered %d with Retry-After %g s: no request to %s for %g s",
            url,
            response.status,
            seconds,
            host,
            held.total_seconds(),
        )

    async def _fetch_hops(self, url: str, *, page: bool = True) -> tuple[RawResponse, list[str]]:
        """`url` fetched, following its redirects one checked hop at a time.

        Returns the last response and the URLs passed through before it. Raises
        RedirectRefused for a hop the checks refuse (`_hop`), NavigationFailed for more than
        `max_redirects` hops, and render's NavigationError when a hop gets no answer.
        """
        chain: list[str] = []
        current = url
        while True:
            response = await self._fetch(current, page=page)
            location = response.header("location") if response.status in _REDIRECTS else ""
            if not location:
                break
            if len(chain) >= self.config.max_redirects:
                raise NavigationFailed(
                    f"{url} redirects more than {self.config.max_redirects} times "
                    "(a redirect loop?)",
                    url=url,
                )
            chain.append(current)
            current = await self._hop(url, urljoin(current, location), page=page)
        if response.final_url not in {current, url}:  # a fetcher that follows redirects itself
            await self._hop(url, response.final_url, page=page)
        return response, chain

    async def _hop(self, origin: str, target: str, *, page: bool = True) -> str:
        """The canonical `target` of a hop from a load that started at `origin`, once checked.

        Every hop passes the address policy (crawler.hops); a page's hops also the crawl's scope
        and robots.txt, like the first URL. Raises RedirectRefused.
        """
        refusal = hop_refusal(origin, target, allow_private=self.config.allow_private_addresses)
        if refusal is not None:
            raise RedirectRefused(origin, target, refusal)
        try:
            canonical = self.canonical(target)
        except CrawlError as e:
            raise RedirectRefused(origin, target, str(e)) from e
        if not page:
            return canonical
        if self._scope.hosts and not self._scope.admits(canonical):
            hosts = ", ".join(self._scope.hosts)
            raise RedirectRefused(origin, canonical, f"it is outside the crawl's scope ({hosts})")
        if self.config.respect_robots and not await self._robots.allowed(canonical):
            unavailable = self._robots.unavailable(canonical)
            why = f"robots.txt is unavailable ({unavailable})" if unavailable else "robots.txt"
            raise RedirectRefused(origin, canonical, f"{why} disallows it")
        return canonical

    @property
    def navigation_check(self) -> NavigationCheck:
        """The check each browser navigation of this Session passes (scope, robots.txt, address
        policy), for a browser shared by several Sessions to call for this one's pages."""
        return self._browser_hop

    async def _browser_hop(self, origin: str, target: str) -> str | None:
        """The browser's check of a navigation: why it is refused (None: it may go on)."""
        try:
            await self._hop(origin, target)
        except RedirectRefused as e:
            return e.reason
        return None

    async def _fetch_page(self, url: str) -> tuple[Snapshot, RawResponse]:
        try:
            response, chain = await self._fetch_hops(url)
        except NavigationError as e:
            raise FetchFailed(url, _reason(e), self.config.retries + 1) from e
        snapshot = self._snapshot_of(url, response)
        if chain or response.truncated:
            snapshot = replace(snapshot, redirects=tuple(chain), truncated=response.truncated)
        return snapshot, response

    def _snapshot_of(self, url: str, response: RawResponse) -> Snapshot:
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
        return _with_state(keep_routed(snapshot, self._routed), State(url))

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
        from siteseer.render import BrowserPool  # Playwright is loaded on first need only

        if self._render_config is None:
            self._render_config = load_render_config(navigation_timeout=self.config.timeout)
        return BrowserPool(self._render_config, self._identity, check_navigation=self._browser_hop)

    async def _render(
        self,
        state: State,
        *,
        screenshot: ScreenshotMode | None,
        routes: bool = True,
        document: RawResponse | None = None,
    ) -> Snapshot:
        """`state` loaded in the browser, politely, with retries; raises CrawlErrors.

        Its links keep fragments where their document is hash-routed (`_routes`, which may decide
        the state's own document first; not for a probe, `routes=False`). A `document` (the
        page's HTTP response, its bytes counted already) answers the navigation's own request."""
        renderer = await self._browser(state.url)

        async def attempt() -> Snapshot:
            async with self._politeness.turn(state.url):
                self._counters.render_loads += 1
                if document is not None:
                    self._counters.handed_over += 1
                loaded = await renderer.load(
                    state,
                    canonicalize=self._link_canonical,
                    screenshot=screenshot,
                    document=document,
                )
            if document is None:
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
        except NavigationRefused as e:
            raise RedirectRefused(state.url, e.target, e.reason) from e
        except ActionError as e:
            raise ActionFailed(state.url, e.action, _reason(e)) from e
        except NavigationError as e:
            raise FetchFailed(state.url, _reason(e), self.config.retries + 1) from e
        except (BrowserNotFound, BrowserCrashed) as e:
            raise BrowserUnavailable(state.url, _reason(e)) from e
        except RenderError as e:
            raise FetchFailed(state.url, _reason(e)) from e
        snapshot = _with_state(snapshot, state)
        return await self._routes(snapshot, state) if routes else snapshot

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


def _routing_setting(stored: str | None) -> dict[str, RoutingDecision]:
    """A host's stored routing decisions (the "hash_routing" setting) by document."""
    if stored is None:
        return {}
    return {k: RoutingDecision.from_json(v) for k, v in json.loads(stored).items()}


def _reason(error: BaseException) -> str:
    return str(error) or type(error).__name__


def _with_state(snapshot: Snapshot, state: State) -> Snapshot:
    return snapshot if snapshot.state == state else replace(snapshot, state=state)


def _open_cache(path: Path, fresh_after: float = 0.0) -> GuardedStore:
    """The SQLite cache at `path` (answers stored before `fresh_after` are stale), its failures
    as CacheFailed."""
    try:
        store = SQLiteStore(path, fresh_after=fresh_after)
    except OSError as e:
        cause = e.__cause__ or e
        raise CacheFailed(str(path), str(cause).strip().splitlines()[0]) from e
    return GuardedStore(store, str(path))
