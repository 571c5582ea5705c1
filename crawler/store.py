"""Where a Session keeps the Snapshots it loaded, and what it learned about each host.

`SnapshotStore` is the interface; `SQLiteStore` (one file, WAL, snapshots as JSON, screenshots
as blobs) is the default, so a second run of the same crawl answers from the file and downloads
nothing; `MemoryStore` lives and dies with its Session. A shared back-end (a database server, an
object store) for many processes implements the same four methods.

Snapshots are kept per state key and kind: ``"http"`` (fetched without a browser),
``"rendered"`` and the two screenshot kinds. A rendered snapshot satisfies a plain request (the
plain one is preferred when both exist); a plain one never satisfies a render request; a
screenshot request needs a snapshot taken with that screenshot mode. A second load of a page made
on purpose (``again=True``: pages whose content changes between loads) is kept apart under the
kind ``"again"``, so a rerun sees the same two copies.
"""

from __future__ import annotations

import sqlite3
import time
from abc import ABC, abstractmethod
from dataclasses import replace
from pathlib import Path
from typing import Literal, Protocol

from render import ScreenshotMode, Snapshot

__all__ = [
    "MemoryStore",
    "SQLiteStore",
    "SettingName",
    "SnapshotKind",
    "SnapshotStore",
    "kinds_satisfying",
]

SnapshotKind = Literal["http", "rendered", "viewport", "full", "again"]
# What a store remembers per host: the render="auto" decision (JSON), robots.txt text
# ("" when the host has none), its documents' hash-routing decisions (JSON, by document).
SettingName = Literal["render_decision", "robots_txt", "hash_routing"]


def kinds_satisfying(
    *, need_render: bool, screenshot: ScreenshotMode | None = None, again: bool = False
) -> tuple[SnapshotKind, ...]:
    """The stored kinds that answer a request, in order of preference."""
    if again:
        return ("again",)
    if screenshot is not None:
        return (screenshot,)
    if need_render:
        return ("rendered", "viewport", "full")
    return ("http", "rendered", "viewport", "full")


def kind_of(
    snapshot: Snapshot, screenshot: ScreenshotMode | None, again: bool = False
) -> SnapshotKind:
    if again:
        return "again"
    if not snapshot.rendered:
        return "http"
    if screenshot is not None and snapshot.screenshot is not None:
        return screenshot
    return "rendered"


class SnapshotStore(Protocol):
    """Snapshots by state key, plus small per-host settings."""

    def get(
        self,
        key: str,
        *,
        need_render: bool,
        screenshot: ScreenshotMode | None = None,
        again: bool = False,
    ) -> Snapshot | None:
        """The stored snapshot that answers a request for `key`, or None."""
        ...

    def put(
        self, snapshot: Snapshot, *, screenshot: ScreenshotMode | None = None, again: bool = False
    ) -> None:
        """Keep `snapshot` under its key (`screenshot`: the mode its PNG was taken with;
        `again`: a deliberate second load)."""
        ...

    def get_setting(self, host: str, name: SettingName) -> str | None: ...

    def put_setting(self, host: str, name: SettingName, value: str) -> None: ...

    def close(self) -> None:
        """Make everything durable and release the back-end."""
        ...


class _KindStore(ABC):
    """A SnapshotStore over a back-end that keeps one snapshot per (state key, kind)."""

    def get(
        self,
        key: str,
        *,
        need_render: bool,
        screenshot: ScreenshotMode | None = None,
        again: bool = False,
    ) -> Snapshot | None:
        for kind in kinds_satisfying(need_render=need_render, screenshot=screenshot, again=again):
            found = self._get_kind(key, kind)
            if found is not None:
                return found
        return None

    def put(
        self, snapshot: Snapshot, *, screenshot: ScreenshotMode | None = None, again: bool = False
    ) -> None:
        self._put_kind(snapshot, kind_of(snapshot, screenshot, again))

    @abstractmethod
    def _get_kind(self, key: str, kind: SnapshotKind) -> Snapshot | None:
        """The snapshot kept under `key` and `kind`, or None."""

    @abstractmethod
    def _put_kind(self, snapshot: Snapshot, kind: SnapshotKind) -> None:
        """Keep `snapshot` under its key and `kind`, replacing what was there."""


class MemoryStore(_KindStore):
    """A store in a dict: for tests and runs that keep nothing."""

    def __init__(self) -> None:
        self._snapshots: dict[tuple[str, SnapshotKind], Snapshot] = {}
        self._settings: dict[tuple[str, SettingName], str] = {}

    def _get_kind(self, key: str, kind: SnapshotKind) -> Snapshot | None:
        return self._snapshots.get((key, kind))

    def _put_kind(self, snapshot: Snapshot, kind: SnapshotKind) -> None:
        self._snapshots[(snapshot.key, kind)] = snapshot

    def get_setting(self, host: str, name: SettingName) -> str | None:
        return self._settings.get((host, name))

    def put_setting(self, host: str, name: SettingName, value: str) -> None:
        self._settings[(host, name)] = value

    def close(self) -> None:
        return None

    def __len__(self) -> int:
        return len(self._snapshots)


_SCHEMA = """
CREATE TABLE IF NOT EXISTS snapshots (
    key TEXT NOT NULL,
    kind TEXT NOT NULL,
    snapshot TEXT NOT NULL,
    screenshot BLOB,
    stored_at REAL NOT NULL,
    PRIMARY KEY (key, kind)
);
CREATE TABLE IF NOT EXISTS host_settings (
    host TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    stored_at REAL NOT NULL,
    PRIMARY KEY (host, name)
);
"""


class SQLiteStore(_KindStore):
    """Snapshots in one SQLite file (WAL journal; every put is committed at once).

    Committing each snapshot as it arrives means an interrupted crawl loses nothing: a rerun
    with the same file continues from what was fetched.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as e:
            raise OSError(
                f"cannot use {self.path} as a snapshot cache: {e}; delete it or choose another file"
            ) from e

    def _get_kind(self, key: str, kind: SnapshotKind) -> Snapshot | None:
        row = self._db.execute(
            "SELECT snapshot, screenshot FROM snapshots WHERE key = ? AND kind = ?", (key, kind)
        ).fetchone()
        if row is None:
            return None
        snapshot = Snapshot.from_json(row[0])
        return snapshot if row[1] is None else replace(snapshot, screenshot=row[1])

    def _put_kind(self, snapshot: Snapshot, kind: SnapshotKind) -> None:
        shot = snapshot.screenshot
        text = (snapshot if shot is None else replace(snapshot, screenshot=None)).to_json()
        self._db.execute(
            "INSERT OR REPLACE INTO snapshots (key, kind, snapshot, screenshot, stored_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (snapshot.key, kind, text, shot, time.time()),
        )

    def get_setting(self, host: str, name: SettingName) -> str | None:
        row = self._db.execute(
            "SELECT value FROM host_settings WHERE host = ? AND name = ?", (host, name)
        ).fetchone()
        return None if row is None else str(row[0])

    def put_setting(self, host: str, name: SettingName, value: str) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO host_settings (host, name, value, stored_at) "
            "VALUES (?, ?, ?, ?)",
            (host, name, value, time.time()),
        )

    def close(self) -> None:
        self._db.close()

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0])

    def keys(self) -> list[str]:
        """Every stored state key, sorted (for reports and tests)."""
        rows = self._db.execute("SELECT DISTINCT key FROM snapshots ORDER BY key").fetchall()
        return [str(r[0]) for r in rows]
