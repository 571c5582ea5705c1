"""The Session's loads: each spends the budget, goes over HTTP or into the browser, is kept in
the store, and has its failure recorded once.

    snapshot = await loads.get(url, render=False, screenshot=None)   # store, in flight, or loaded
    snapshot = await loads.counted(url, loads.rendered(url, None))    # loaded in the browser

`Loads` holds what a load needs once the Session has admitted its URL (scope, traps, robots.txt)
and decided how to load it (render mode, hash routing): the `budget`, the `cache` (the store's
answers, loads in flight), `Hops` (HTTP), the `browsing` side, the counters, and the `events` it
reports errors and the spent budget through. Which fragments a page's links keep is Routing's
(crawler.hashrouting), handed in as `keep_routed` and `routes` so that this module imports
neither it nor the Session.

crawler.autorender's `AutoRender` (a host decided on its first page) and crawler.hashrouting's
`Routing` (a document probed at a fragment) load pages through the same `Loads`, counted and
recorded as every other load, and are handed the Session at construction: `SessionLoads` names
what they use of it, so that neither imports the Session module, which imports them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from pyee.asyncio import AsyncIOEventEmitter

from siteseer.crawler.browsing import Browser
from siteseer.crawler.budget import Budget
from siteseer.crawler.cache import PageCache, is_html_type
from siteseer.crawler.config import SessionConfig
from siteseer.crawler.cost import Counters
from siteseer.crawler.errors import BudgetExhausted, CrawlError, NotHTML
from siteseer.crawler.hops import Hops
from siteseer.crawler.retry import RetryPolicy
from siteseer.crawler.store import SnapshotKind
from siteseer.render import RawResponse, ScreenshotMode, Snapshot, State

__all__ = ["Loads", "SessionLoads"]

log = logging.getLogger("siteseer.crawler.session")

T = TypeVar("T")

Routes = Callable[[Snapshot, State], Awaitable[Snapshot]]
"""A rendered snapshot with fragments only in the links of hash-routed documents."""


class Loads:
    """The loads of one Session (see the module docstring)."""

    def __init__(
        self,
        *,
        budget: Budget,
        counters: Counters,
        cache: PageCache,
        hops: Hops,
        browsing: Browser,
        events: AsyncIOEventEmitter,
        keep_routed: Callable[[Snapshot], Snapshot],
        routes: Routes,
    ) -> None:
        self.budget = budget
        self.counters = counters
        self.cache = cache
        self.hops = hops
        self.browsing = browsing
        self.events = events
        self._keep_routed = keep_routed
        self._routes = routes
        self._budget_reported = False

    async def get(
        self, url: str, *, render: bool, screenshot: ScreenshotMode | None, again: bool = False
    ) -> Snapshot:
        """A page from the store, a load in flight, or loaded (the budget spent)."""
        cached = self.cache.lookup(url, render=render, screenshot=screenshot, again=again)
        if cached is not None:
            return self.cache.hit(cached)
        kind: SnapshotKind = "again" if again else screenshot or ("rendered" if render else "http")

        def work() -> Awaitable[Snapshot]:
            if render:
                return self.counted(url, self.rendered(url, screenshot, again=again))
            return self.counted(url, self.plain(url, again=again))

        return await self.cache.share(url, kind, work)

    async def counted(self, url: str, work: Awaitable[T]) -> T:
        """Run one load; record its failure once (callers sharing it only re-raise)."""
        try:
            return await work
        except BudgetExhausted:
            self._report_budget()
            raise
        except CrawlError as e:
            self.record_error(e)
            raise

    async def plain(self, url: str, *, again: bool = False) -> Snapshot:
        """A page loaded over HTTP and kept."""
        snapshot, _ = await self.plain_response(url, again=again)
        return snapshot

    async def plain_response(
        self, url: str, *, again: bool = False
    ) -> tuple[Snapshot, RawResponse]:
        """`plain`, and the response it was made from (its last hop's)."""
        self.budget.spend(url)
        snapshot, response = await self.hops.page(url)
        snapshot = self._keep_routed(snapshot)
        if self.cache.keep(snapshot, again=again) and not again:
            self.cache.keep_redirect_target(snapshot)
        if not is_html_type(snapshot.content_type):
            transient = RetryPolicy.retry_status(snapshot.status)
            raise NotHTML(url, snapshot.content_type, transient=transient)
        return snapshot, response

    async def rendered(
        self, url: str, screenshot: ScreenshotMode | None, *, again: bool = False
    ) -> Snapshot:
        """A page loaded in the browser and kept."""
        self.budget.spend(url)
        snapshot = await self.render(State(url), screenshot=screenshot)
        self.cache.keep_rendered(url, snapshot, screenshot, again=again)
        return snapshot

    async def action(self, state: State) -> Snapshot:
        """A state reached by actions, loaded in the browser and kept."""
        self.budget.spend(state.url)
        snapshot = await self.render(state, screenshot=None)
        self.counters.actions += 1
        self.cache.keep(snapshot)
        return snapshot

    async def data(self, url: str) -> Snapshot:
        """An answer of any content type loaded over HTTP and kept."""
        self.budget.spend(url)
        snapshot = await self.hops.data(url)
        self.cache.keep(snapshot)
        return snapshot

    async def render(
        self,
        state: State,
        *,
        screenshot: ScreenshotMode | None,
        routes: bool = True,
        document: RawResponse | None = None,
    ) -> Snapshot:
        """`state` loaded in the browser, politely, with retries; not kept; raises CrawlErrors.

        Its links keep fragments where their document is hash-routed (`routes`, which may decide
        the state's own document first; not for a probe, `routes=False`). A `document` (the
        page's HTTP response) answers the navigation's own request."""
        snapshot = await self.browsing.load(state, screenshot=screenshot, document=document)
        return await self._routes(snapshot, state) if routes else snapshot

    def record_error(self, error: CrawlError) -> None:
        """Count a failed load, log it and report it (``"error"``)."""
        self.counters.errors += 1
        log.info("%s", error)
        if self.events.listeners("error"):
            self.events.emit("error", error)

    def _report_budget(self) -> None:
        if not self._budget_reported and self.budget.bound is not None:
            self._budget_reported = True
            self.events.emit("budget", self.budget.used, self.budget.bound)


class SessionLoads(Protocol):
    """The Session as its loading collaborators see it (crawler.session.Session is the one)."""

    config: SessionConfig
    events: AsyncIOEventEmitter
    _loads: Loads

    def canonical(self, url: str, base: str | None = None) -> str: ...
