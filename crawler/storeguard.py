"""A SnapshotStore whose back-end failures end the crawl with one line saying what to do.

A corrupt cache file, one locked by another process for longer than SQLite waits, or a full disk
makes the back-end raise `sqlite3.Error` or `OSError` in the middle of a crawl (`SQLiteStore`
checks its file before every write, so damage done under it is found at the next page, not on the
next run). `GuardedStore` turns each into `crawler.errors.CacheFailed` (the message names the file
and what to do); the back-end commits every put on its own, so what it held before is intact. A
file found damaged, removed or replaced is not touched again: every later call raises the same
CacheFailed without reaching the back-end (only `close` releases it). A single stored row that
cannot be decoded is a miss (logged): the page is loaded again and the row replaced.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from typing import TypeVar

from siteseer.crawler.errors import CacheFailed
from siteseer.crawler.store import SettingName, SnapshotStore
from siteseer.render import ScreenshotMode, Snapshot

__all__ = ["GuardedStore"]

log = logging.getLogger(__name__)

T = TypeVar("T")


class GuardedStore:
    """`store` (kept in the file `where`) with its failures as CacheFailed."""

    def __init__(self, store: SnapshotStore, where: str) -> None:
        self.inner = store
        self.where = where
        self.damaged: str | None = None  # why the file is not used any more

    def _guard(self, work: Callable[[], T]) -> T:
        if self.damaged is not None:
            raise CacheFailed(self.where, self.damaged)
        try:
            return work()
        except (sqlite3.Error, OSError) as e:
            reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            if isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.OperationalError):
                self.damaged = reason  # corrupt, removed, replaced: never written again
            raise CacheFailed(self.where, reason) from e

    def get(
        self,
        key: str,
        *,
        need_render: bool,
        screenshot: ScreenshotMode | None = None,
        again: bool = False,
        exact: bool = False,
        identity: str | None = "",
    ) -> Snapshot | None:
        def read() -> Snapshot | None:
            try:
                return self.inner.get(
                    key,
                    need_render=need_render,
                    screenshot=screenshot,
                    again=again,
                    exact=exact,
                    identity=identity,
                )
            except (ValueError, KeyError, TypeError) as e:
                log.warning("the cached copy of %s is unreadable (%s): loading it again", key, e)
                return None

        return self._guard(read)

    def put(
        self,
        snapshot: Snapshot,
        *,
        screenshot: ScreenshotMode | None = None,
        again: bool = False,
        identity: str = "",
    ) -> None:
        self._guard(
            lambda: self.inner.put(snapshot, screenshot=screenshot, again=again, identity=identity)
        )

    def stored_at(self, key: str, *, identity: str = "") -> float | None:
        return self._guard(lambda: self.inner.stored_at(key, identity=identity))

    def get_setting(self, host: str, name: SettingName) -> str | None:
        return self._guard(lambda: self.inner.get_setting(host, name))

    def put_setting(self, host: str, name: SettingName, value: str) -> None:
        self._guard(lambda: self.inner.put_setting(host, name, value))

    def close(self) -> None:
        if self.damaged is not None:  # released, its failure already reported
            try:
                self.inner.close()
            except (sqlite3.Error, OSError) as e:
                log.info("closing the damaged cache %s: %s", self.where, e)
            return
        self._guard(self.inner.close)
