"""What the Session's collaborators that load pages ask of it.

crawler.autorender's `AutoRender` (a host decided on its first page) and crawler.hashrouting's
`Routing` (a document probed at a fragment) load pages through the Session that holds them —
its store, budget, browser and loads, counted and recorded as every other load — and are handed
it at construction. `SessionLoads` names what they use, so that neither imports the Session
module, which imports them.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Protocol, TypeVar

from pyee.asyncio import AsyncIOEventEmitter

from siteseer.crawler.browsing import Browser
from siteseer.crawler.budget import Budget
from siteseer.crawler.cache import PageCache
from siteseer.crawler.config import SessionConfig
from siteseer.crawler.errors import CrawlError
from siteseer.render import RawResponse, ScreenshotMode, Snapshot, State

__all__ = ["SessionLoads"]

T = TypeVar("T")


class SessionLoads(Protocol):
    """The Session as its loading collaborators see it (crawler.session.Session is the one)."""

    config: SessionConfig
    events: AsyncIOEventEmitter
    _budget: Budget
    _cache: PageCache
    _browsing: Browser

    def canonical(self, url: str, base: str | None = None) -> str: ...

    async def _counted(self, url: str, work: Awaitable[T]) -> T:
        """Run one load; record its failure once."""
        ...

    async def _get(
        self, url: str, *, render: bool, screenshot: ScreenshotMode | None, again: bool = False
    ) -> Snapshot:
        """A page from the store, a load in flight, or loaded (the budget spent)."""
        ...

    async def _load_plain_response(
        self, url: str, *, again: bool = False
    ) -> tuple[Snapshot, RawResponse]:
        """A page loaded over HTTP and kept, and the response it was made from."""
        ...

    async def _load_rendered(
        self, url: str, screenshot: ScreenshotMode | None, *, again: bool = False
    ) -> Snapshot:
        """A page loaded in the browser and kept."""
        ...

    async def _render(
        self,
        state: State,
        *,
        screenshot: ScreenshotMode | None,
        routes: bool = True,
        document: RawResponse | None = None,
    ) -> Snapshot:
        """A state loaded in the browser (its fragments kept where `routes`), not kept."""
        ...

    def _record_error(self, error: CrawlError) -> None: ...
