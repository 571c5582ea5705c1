"""The Session's browser: started on first need, each load polite and retried, its errors the
crawler's.

The browser is entered on the Session's exit stack the first time a page needs it (a failure to
start is remembered: every later page gets the same BrowserUnavailable, no second launch). Each
load takes its host's politeness turn, is retried like an HTTP fetch, and render's errors become
the crawler's (`raise … from`): NotHTML, RedirectRefused, ActionFailed, FetchFailed,
BrowserUnavailable. The renderer's own counts (the pool's `stats`) are the honest ones where it
reports them: it reuses a page already showing a state's prefix and counts each load-more round
as an action.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from dataclasses import replace
from typing import Protocol

from siteseer.crawler.config import SessionConfig
from siteseer.crawler.cost import Counters
from siteseer.crawler.errors import (
    ActionFailed,
    BrowserUnavailable,
    FetchFailed,
    NotHTML,
    RedirectRefused,
    reason_of,
)
from siteseer.crawler.hops import FINAL, RETRYABLE
from siteseer.crawler.politeness import Politeness
from siteseer.crawler.retry import RetryPolicy, retrying
from siteseer.render import (
    ActionError,
    BrowserCrashed,
    BrowserNotFound,
    Canonicalize,
    NavigationError,
    NavigationRefused,
    NonHTMLResponse,
    RawResponse,
    RenderError,
    ScreenshotMode,
    Snapshot,
    State,
)

__all__ = ["Browser", "BrowserFactory", "Renderer", "with_state"]


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


class Browser:
    """A Session's browser, entered on `stack` (the Session's) from `factory` on first need.

    `canonicalize` gives the links of each loaded page their canonical form."""

    def __init__(
        self,
        factory: BrowserFactory,
        stack: AsyncExitStack,
        config: SessionConfig,
        *,
        politeness: Politeness,
        retry: RetryPolicy,
        counters: Counters,
        canonicalize: Canonicalize,
    ) -> None:
        self.renderer: Renderer | None = None
        self._factory = factory
        self._stack = stack
        self._config = config
        self._politeness = politeness
        self._retry = retry
        self._counters = counters
        self._canonicalize = canonicalize
        self._failure: str | None = None
        self._lock = asyncio.Lock()

    async def start(self, url: str) -> Renderer:
        """The browser, started on first need (for `url`); a failure to start is remembered."""
        async with self._lock:
            if self._failure is not None:
                raise BrowserUnavailable(url, self._failure)
            if self.renderer is None:
                try:
                    self.renderer = await self._stack.enter_async_context(self._factory())
                except (BrowserNotFound, BrowserCrashed) as e:
                    self._failure = reason_of(e)
                    raise BrowserUnavailable(url, self._failure) from e
            return self.renderer

    async def load(
        self, state: State, *, screenshot: ScreenshotMode | None, document: RawResponse | None
    ) -> Snapshot:
        """`state` loaded in the browser, politely, with retries; raises CrawlErrors. A
        `document` (the page's HTTP response, its bytes counted already) answers the
        navigation's own request."""
        renderer = await self.start(state.url)

        async def attempt() -> Snapshot:
            async with self._politeness.turn(state.url):
                self._counters.render_loads += 1
                if document is not None:
                    self._counters.handed_over += 1
                loaded = await renderer.load(
                    state,
                    canonicalize=self._canonicalize,
                    screenshot=screenshot,
                    document=document,
                )
            if document is None:
                self._counters.bytes += len(loaded.html.encode())
            return loaded

        attempts = self._config.retries + 1
        try:
            snapshot = await retrying(
                attempt,
                self._retry,
                status_of=lambda s: s.status,
                retry_on=RETRYABLE,
                final=FINAL,
            )
        except NonHTMLResponse as e:
            raise NotHTML(state.url, e.content_type) from e
        except NavigationRefused as e:
            raise RedirectRefused(state.url, e.target, e.reason) from e
        except ActionError as e:
            raise ActionFailed(state.url, e.action, reason_of(e)) from e
        except NavigationError as e:
            raise FetchFailed(state.url, reason_of(e), attempts) from e
        except (BrowserNotFound, BrowserCrashed) as e:
            raise BrowserUnavailable(state.url, reason_of(e)) from e
        except RenderError as e:
            raise FetchFailed(state.url, reason_of(e)) from e
        return with_state(snapshot, state)

    def count(self, name: str, fallback: int) -> int:
        """The renderer's own count `name` (the pool's `stats`), else the Session's `fallback`."""
        stats = getattr(self.renderer, "stats", None)
        count = getattr(stats, name, None)
        return count if isinstance(count, int) else fallback

    def action_settle_ms(self) -> tuple[float, ...]:
        """The browser's settle wait after each state change so far (empty without a browser
        or when the renderer does not report them)."""
        waits = getattr(self.renderer, "action_settle_ms", ())
        return tuple(waits) if isinstance(waits, tuple) else ()


def with_state(snapshot: Snapshot, state: State) -> Snapshot:
    """`snapshot` as the page of `state` (itself when it is already)."""
    return snapshot if snapshot.state == state else replace(snapshot, state=state)
