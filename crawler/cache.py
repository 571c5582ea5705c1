"""The Session's store seen from its requests: which stored copy answers a request, what a hit
counts, what is kept.

A request for a page is answered by a stored snapshot of a kind that satisfies it
(crawler.store `kinds_satisfying`): a rendered copy answers a plain request, except under
render="never", where only a copy rendered by this Session on request does (a rendered copy
stored by an earlier run would change what a plain crawl sees). A URL known not to be HTML
answers a render request with its marker (no browser visit for it). Transient answers (5xx,
429) are never kept, so a rerun asks again; a redirected page is kept under its final URL too.
A load in flight is shared with every request it satisfies: a state is never loaded twice at
once. Every lookup and addition is made as the Session's identity (`identity`, its
`render.Identity.cache_key`): a page stored for one identity never answers another.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path

from pyee.asyncio import AsyncIOEventEmitter

from siteseer.crawler.config import SessionConfig
from siteseer.crawler.cost import Counters
from siteseer.crawler.dedup import InFlight
from siteseer.crawler.errors import NOT_OPEN, CacheFailed, CrawlError, NotHTML
from siteseer.crawler.retry import RetryPolicy
from siteseer.crawler.store import (
    MemoryStore,
    SnapshotKind,
    SnapshotStore,
    SQLiteStore,
    kinds_satisfying,
)
from siteseer.crawler.storeguard import GuardedStore
from siteseer.crawler.urls import canonical_url
from siteseer.render import ScreenshotMode, Snapshot, State

__all__ = ["PageCache", "is_html_type", "open_cache"]

log = logging.getLogger(__name__)


class PageCache:
    """A Session's lookups in and additions to its store (`store`, set when it opens), made as
    `identity` (crawler.store keys every snapshot by it).

    A hit is counted and announced as a ``"page"`` event with `cached` True; a stored non-HTML
    marker raises NotHTML (`record_error` records it like a failed load)."""

    def __init__(
        self,
        config: SessionConfig,
        *,
        counters: Counters,
        events: AsyncIOEventEmitter,
        record_error: Callable[[CrawlError], None],
        identity: str = "",
    ) -> None:
        self._config = config
        self.identity = identity
        self._counters = counters
        self._events = events
        self._record_error = record_error
        self._store: SnapshotStore | None = None
        # Pages this Session rendered: with render="never", a rendered copy stored by an
        # earlier run does not answer a plain request, but one rendered here on request does.
        self._rendered_here: set[str] = set()
        self._loads: InFlight[tuple[str, SnapshotKind], Snapshot] = InFlight()

    async def close(self) -> None:
        """Stop the loads in flight."""
        await self._loads.cancel_all()

    def open(self, given: SnapshotStore | None, stack: AsyncExitStack) -> None:
        """Use the store `given`, else open the SQLite cache at `config.cache` (closed by
        `stack`), else keep pages in memory."""
        if given is not None:
            self._store = given
        elif self._config.cache is not None:
            cache = open_cache(self._config.cache, self._config.fresh_after())
            stack.callback(cache.close)
            self._store = cache
        else:
            self._store = MemoryStore()

    @property
    def store(self) -> SnapshotStore:
        if self._store is None:
            raise RuntimeError(NOT_OPEN)
        return self._store

    @store.setter
    def store(self, store: SnapshotStore) -> None:
        self._store = store

    def get(self, key: str, *, need_render: bool) -> Snapshot | None:
        """The stored snapshot of `key` (rendered when `need_render`) of this identity, or
        None; counts nothing."""
        return self.store.get(key, need_render=need_render, identity=self.identity)

    def put(self, snapshot: Snapshot) -> None:
        """Keep `snapshot` as this identity's (transient answers too: see `keep`)."""
        self.store.put(snapshot, identity=self.identity)

    def lookup(
        self, url: str, *, render: bool, screenshot: ScreenshotMode | None, again: bool = False
    ) -> Snapshot | None:
        """The stored snapshot that answers a request for `url`, or None (not counted yet)."""
        store = self.store
        exact = self._config.render == "never" and url not in self._rendered_here
        cached = store.get(
            url,
            need_render=render,
            screenshot=screenshot,
            again=again,
            exact=exact,
            identity=self.identity,
        )
        if again and cached is not None and render and not cached.rendered:
            cached = None
        if cached is None and render:
            # A URL known not to be HTML is not worth a browser visit.
            plain = self.get(url, need_render=False)
            if plain is not None and not is_html_type(plain.content_type):
                cached = plain
        return cached

    async def share(
        self, key: str, kind: SnapshotKind, load: Callable[[], Awaitable[Snapshot]]
    ) -> Snapshot:
        """The snapshot of `key` from a load in flight that satisfies a request of `kind`, else
        from `load`, run once for (`key`, `kind`) while others asking for it wait and share it."""
        shot: ScreenshotMode | None = kind if kind == "viewport" or kind == "full" else None
        wanted = kinds_satisfying(
            need_render=kind != "http", screenshot=shot, again=kind == "again"
        )
        for running in wanted:
            if self._loads.running((key, running)):
                return self.hit(await self._loads.join((key, running)), stored=False)
        result, shared = await self._loads.run((key, kind), load)
        if shared:
            return self.hit(result, stored=False)
        self._events.emit("page", result, False)
        return result

    def lookup_data(self, url: str) -> Snapshot | None:
        """The stored answer at `url` for `Session.data` (any content type), or None."""
        cached = self.get(url, need_render=False)
        # A page load of a non-HTML URL keeps only a marker without a body: that is no answer.
        if cached is not None and (cached.html or is_html_type(cached.content_type)):
            return cached
        return None

    def hit(self, snapshot: Snapshot, *, html: bool = True, stored: bool = True) -> Snapshot:
        """Count an answer that used no network (`stored`: from the store, whose age is kept;
        else shared from a load of this run); a stored non-HTML marker raises NotHTML (unless
        `html` is False: any content type answers)."""
        when = self.store.stored_at(snapshot.key, identity=self.identity) if stored else None
        self._counters.cached(when)
        if html and snapshot.content_type and not is_html_type(snapshot.content_type):
            error = NotHTML(snapshot.url, snapshot.content_type)
            self._record_error(error)
            raise error
        self._events.emit("page", snapshot, True)
        return snapshot

    def keep(
        self, snapshot: Snapshot, *, screenshot: ScreenshotMode | None = None, again: bool = False
    ) -> bool:
        """Store `snapshot` unless its answer is transient (5xx, 429: asked again next time)."""
        if RetryPolicy.retry_status(snapshot.status):
            return False
        self.store.put(snapshot, screenshot=screenshot, again=again, identity=self.identity)
        return True

    def keep_rendered(
        self, url: str, snapshot: Snapshot, screenshot: ScreenshotMode | None, *, again: bool
    ) -> None:
        """Store the page of `url` rendered on request: under render="never" it answers this
        Session's plain requests too."""
        self.keep(snapshot, screenshot=screenshot, again=again)
        self._rendered_here.add(url)

    def keep_redirect_target(self, snapshot: Snapshot) -> None:
        """Store a redirected page under its final URL too: loading that URL is then free."""
        try:
            final = canonical_url(snapshot.final_url, session_params=self._config.session_params)
        except CrawlError:
            return
        if final != snapshot.url and self.get(final, need_render=False) is None:
            self.put(replace(snapshot, url=final, state=State(final)))


def is_html_type(content_type: str) -> bool:
    return content_type in {"", "text/html", "application/xhtml+xml"}


def open_cache(path: Path, fresh_after: float = 0.0) -> GuardedStore:
    """The SQLite cache at `path` (answers stored before `fresh_after` are stale), its failures
    as CacheFailed."""
    try:
        store = SQLiteStore(path, fresh_after=fresh_after)
    except OSError as e:
        cause = e.__cause__ or e
        raise CacheFailed(str(path), str(cause).strip().splitlines()[0]) from e
    return GuardedStore(store, str(path))
