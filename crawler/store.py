"""Where a Session keeps the Snapshots it loaded, and what it learned about each host.

`SnapshotStore` is the interface; `SQLiteStore` (one file, WAL, snapshots as zlib-compressed
JSON, screenshots as blobs) is the default, so a second run of the same crawl answers from the
file and downloads nothing; `MemoryStore` lives and dies with its Session. A shared back-end (a
database server, an object store) for many processes implements the same four methods.
`SQLiteStore(path, fresh_after=t)` ignores what was stored before the time `t` (what
``--max-age`` and ``--refresh`` ask for): those pages are loaded again and replaced.

Snapshots are kept per state key and kind: ``"http"`` (fetched without a browser),
``"rendered"`` and the two screenshot kinds. A rendered snapshot satisfies a plain request (the
plain one is preferred when both exist); a plain one never satisfies a render request; a
screenshot request needs a snapshot taken with that screenshot mode. A second load of a page made
on purpose (``again=True``: pages whose content changes between loads) is kept apart under the
kind ``"again"``, so a rerun sees the same two copies. A request `exact` about rendering (the
Session's ``render="never"``) takes a plain snapshot only: a rendered one does not answer it.
The state key of a page reached by browser actions holds the actions (`render.State.key`).

Every snapshot is kept under the identity it was fetched as as well (`identity`: the Session's
`render.Identity.cache_key`, a digest of its headers, cookies and storage state; "" for the
anonymous crawler): a request answers only from snapshots of its own identity, so a logged-in
page never reaches an anonymous run nor the other way round. Offline readers (`identity=None`)
read every identity's. A file written before snapshots carried their identity has its old rows
marked `UNKNOWN_IDENTITY` when it is opened: they answer no request (they are loaded again once)
and stay readable offline.
"""

from __future__ import annotations

import os
import sqlite3
import struct
import time
import zlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, Protocol
from urllib.parse import urlsplit

from siteseer.render import ScreenshotMode, Snapshot

__all__ = [
    "UNKNOWN_IDENTITY",
    "MemoryStore",
    "SQLiteStore",
    "SettingName",
    "SnapshotKind",
    "SnapshotStore",
    "StoreStats",
    "kinds_satisfying",
]

# The identity of the snapshots a file kept before snapshots carried one: no request's.
UNKNOWN_IDENTITY = "?"

SnapshotKind = Literal["http", "rendered", "viewport", "full", "again"]
# What a store remembers per host: the render="auto" decision (JSON), robots.txt text
# ("" when the host has none), its documents' hash-routing decisions (JSON, by document).
SettingName = Literal["render_decision", "robots_txt", "hash_routing"]


def kinds_satisfying(
    *,
    need_render: bool,
    screenshot: ScreenshotMode | None = None,
    again: bool = False,
    exact: bool = False,
) -> tuple[SnapshotKind, ...]:
    """The stored kinds that answer a request, in order of preference (`exact`: a plain request
    takes a plain snapshot only)."""
    if again:
        return ("again",)
    if screenshot is not None:
        return (screenshot,)
    if need_render:
        return ("rendered", "viewport", "full")
    if exact:
        return ("http",)
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
        exact: bool = False,
        identity: str | None = "",
    ) -> Snapshot | None:
        """The stored snapshot that answers a request for `key` made as `identity` (None: as
        any, for offline readers), or None."""
        ...

    def put(
        self,
        snapshot: Snapshot,
        *,
        screenshot: ScreenshotMode | None = None,
        again: bool = False,
        identity: str = "",
    ) -> None:
        """Keep `snapshot` under its key and the `identity` it was fetched as (`screenshot`:
        the mode its PNG was taken with; `again`: a deliberate second load)."""
        ...

    def stored_at(self, key: str, *, identity: str = "") -> float | None:
        """When the oldest usable snapshot of `key` kept as `identity` was stored (seconds
        since the epoch), or None."""
        ...

    def get_setting(self, host: str, name: SettingName) -> str | None: ...

    def put_setting(self, host: str, name: SettingName, value: str) -> None: ...

    def close(self) -> None:
        """Make everything durable and release the back-end."""
        ...


class _KindStore(ABC):
    """A SnapshotStore over a back-end that keeps one snapshot per (state key, kind, identity)."""

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
        kinds = kinds_satisfying(
            need_render=need_render, screenshot=screenshot, again=again, exact=exact
        )
        for kind in kinds:
            found = self._get_kind(key, kind, identity)
            if found is not None:
                return found
        return None

    def put(
        self,
        snapshot: Snapshot,
        *,
        screenshot: ScreenshotMode | None = None,
        again: bool = False,
        identity: str = "",
    ) -> None:
        self._put_kind(snapshot, kind_of(snapshot, screenshot, again), identity)

    @abstractmethod
    def _get_kind(self, key: str, kind: SnapshotKind, identity: str | None) -> Snapshot | None:
        """The snapshot kept under `key`, `kind` and `identity` (None: any), or None."""

    @abstractmethod
    def _put_kind(self, snapshot: Snapshot, kind: SnapshotKind, identity: str) -> None:
        """Keep `snapshot` under its key, `kind` and `identity`, replacing what was there."""


class MemoryStore(_KindStore):
    """A store in a dict: for tests and runs that keep nothing."""

    def __init__(self) -> None:
        self._snapshots: dict[tuple[str, SnapshotKind, str], Snapshot] = {}
        self._stored: dict[tuple[str, str], float] = {}  # (key, identity) → first put
        self._settings: dict[tuple[str, SettingName], str] = {}

    def _get_kind(self, key: str, kind: SnapshotKind, identity: str | None) -> Snapshot | None:
        if identity is not None:
            return self._snapshots.get((key, kind, identity))
        found = (s for (k, c, _), s in self._snapshots.items() if (k, c) == (key, kind))
        return next(found, None)

    def _put_kind(self, snapshot: Snapshot, kind: SnapshotKind, identity: str) -> None:
        self._snapshots[(snapshot.key, kind, identity)] = snapshot
        self._stored.setdefault((snapshot.key, identity), time.time())

    def stored_at(self, key: str, *, identity: str = "") -> float | None:
        return self._stored.get((key, identity))

    def get_setting(self, host: str, name: SettingName) -> str | None:
        return self._settings.get((host, name))

    def put_setting(self, host: str, name: SettingName, value: str) -> None:
        self._settings[(host, name)] = value

    def close(self) -> None:
        return None

    def __len__(self) -> int:
        return len(self._snapshots)


_SQLITE_HEADER = b"SQLite format 3\x00"
_WAL_MAGICS = (0x377F0682, 0x377F0683)

_SNAPSHOTS = """
CREATE TABLE IF NOT EXISTS snapshots (
    key TEXT NOT NULL,
    kind TEXT NOT NULL,
    identity TEXT NOT NULL DEFAULT '',
    snapshot TEXT NOT NULL,
    screenshot BLOB,
    stored_at REAL NOT NULL,
    PRIMARY KEY (key, kind, identity)
)"""
_SCHEMA = f"""
{_SNAPSHOTS};
CREATE TABLE IF NOT EXISTS host_settings (
    host TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    stored_at REAL NOT NULL,
    PRIMARY KEY (host, name)
);
"""


@dataclass(frozen=True)
class StoreStats:
    """What a cache file holds: snapshots per kind and per host, their stored (compressed)
    bytes, the oldest and newest (seconds since the epoch; 0 when empty), the file's size."""

    kinds: tuple[tuple[str, int], ...]
    hosts: tuple[tuple[str, int], ...]
    stored_bytes: int
    oldest: float
    newest: float
    file_bytes: int

    @property
    def snapshots(self) -> int:
        return sum(count for _kind, count in self.kinds)


def _identity(path: Path) -> tuple[int, int]:
    """The file at `path`, as the file system knows it (device, inode)."""
    status = os.stat(path)
    return status.st_dev, status.st_ino


def _host_of_key(key: str) -> str:
    return urlsplit(key.split(" ", 1)[0]).netloc


def pack(text: str) -> bytes:
    """A stored snapshot's JSON, zlib-compressed (level 6: most of level 9's gain, faster)."""
    return zlib.compress(text.encode("utf-8"), 6)


def unpack(value: str | bytes) -> str:
    """A stored snapshot's JSON: decompressed, or as a file written before compression has it."""
    return value if isinstance(value, str) else zlib.decompress(value).decode("utf-8")


_SET_UP_WAIT_S = 5.0  # how long a new store waits for another process setting up its file


class SQLiteStore(_KindStore):
    """Snapshots in one SQLite file (WAL journal; every put is committed at once).

    Committing each snapshot as it arrives means an interrupted crawl loses nothing: a rerun
    with the same file continues from what was fetched. Snapshots are stored as zlib-compressed
    JSON (a file written before compression, with JSON text, reads as well). `fresh_after`
    (seconds since the epoch) hides the snapshots and host settings stored before it.
    """

    def __init__(self, path: Path | str, *, fresh_after: float = 0.0) -> None:
        self.path = Path(path)
        self.fresh_after = fresh_after
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._set_up()
        except sqlite3.DatabaseError as e:
            raise OSError(
                f"cannot use {self.path} as a snapshot cache: {e}; delete it or choose another file"
            ) from e
        self._file = _identity(self.path)
        # `check` reads the header through this descriptor, open as long as the connection is:
        # closing any descriptor of the file would drop the process's POSIX locks on it, the
        # ones SQLite holds, and another process closing the file would then take itself for
        # its last user and delete the journal this one still writes to.
        self._header_fd = os.open(self.path, os.O_RDONLY)

    def _set_up(self) -> None:
        """WAL journal and the schema. Two processes opening a new file at once contend for
        the switch to WAL, which SQLite answers "locked" without waiting on its busy timeout:
        the loser tries again, for as long as that timeout (5 s) would have waited."""
        deadline = time.monotonic() + _SET_UP_WAIT_S
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
                self._key_by_identity()
                self._db.executescript(_SCHEMA)
                return
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _key_by_identity(self) -> None:
        """A file written before snapshots carried their identity gets the column, its rows
        marked `UNKNOWN_IDENTITY` (one transaction; another process doing it first wins)."""
        if not self._lacks_identity():
            return
        self._db.execute("BEGIN IMMEDIATE")
        try:
            if self._lacks_identity():
                self._db.execute("ALTER TABLE snapshots RENAME TO snapshots_without_identity")
                self._db.execute(_SNAPSHOTS)
                self._db.execute(
                    "INSERT INTO snapshots (key, kind, identity, snapshot, screenshot, stored_at) "
                    "SELECT key, kind, ?, snapshot, screenshot, stored_at "
                    "FROM snapshots_without_identity",
                    (UNKNOWN_IDENTITY,),
                )
                self._db.execute("DROP TABLE snapshots_without_identity")
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def _lacks_identity(self) -> bool:
        columns = {str(row[1]) for row in self._db.execute("PRAGMA table_info(snapshots)")}
        return bool(columns) and "identity" not in columns

    def check(self) -> None:
        """Raise sqlite3.DatabaseError when the file on disk is no longer the database this
        store opened: removed, replaced, or its header or its journal's overwritten.

        SQLite trusts its own page cache and would go on writing into a file damaged under it,
        noticing only on the next open; every write checks first, so the crawl stops at the
        damage and nothing more is written into the file.
        """
        try:
            if _identity(self.path) != self._file:
                raise sqlite3.DatabaseError("the file was replaced during the crawl")
            header = os.pread(self._header_fd, len(_SQLITE_HEADER), 0)
        except FileNotFoundError as e:
            raise sqlite3.DatabaseError("the file was removed during the crawl") from e
        except OSError as e:
            raise sqlite3.DatabaseError(f"the file cannot be read: {e}") from e
        try:  # another process may remove its journal when it is done with it
            with self.path.with_name(self.path.name + "-wal").open("rb") as file:
                magic = file.read(4)
        except OSError:
            magic = b""
        if header and header != _SQLITE_HEADER[: len(header)]:
            raise sqlite3.DatabaseError("file is not a database (its header was overwritten)")
        if len(magic) == 4 and struct.unpack(">I", magic)[0] not in _WAL_MAGICS:
            raise sqlite3.DatabaseError("its journal (-wal) is not a SQLite journal any more")

    def _get_kind(self, key: str, kind: SnapshotKind, identity: str | None) -> Snapshot | None:
        row = self._db.execute(
            "SELECT snapshot, screenshot, stored_at FROM snapshots "
            "WHERE key = ? AND kind = ? AND (? IS NULL OR identity = ?) AND stored_at >= ? "
            "ORDER BY identity = '' DESC, stored_at DESC LIMIT 1",
            (key, kind, identity, identity, self.fresh_after),
        ).fetchone()
        if row is None:
            return None
        snapshot = Snapshot.from_json(unpack(row[0]))
        if row[1] is not None:
            snapshot = replace(snapshot, screenshot=row[1])
        # A page stored before its fetch time was kept: it was fetched just before it was stored.
        return snapshot if snapshot.fetched_at else replace(snapshot, fetched_at=float(row[2]))

    def _put_kind(self, snapshot: Snapshot, kind: SnapshotKind, identity: str) -> None:
        self.check()
        shot = snapshot.screenshot
        # The fingerprint is not stored: it is computed from the HTML when a reader asks for it.
        text = (snapshot if shot is None else replace(snapshot, screenshot=None)).to_json(
            derived=False
        )
        self._db.execute(
            "INSERT OR REPLACE INTO snapshots "
            "(key, kind, identity, snapshot, screenshot, stored_at) VALUES (?, ?, ?, ?, ?, ?)",
            (snapshot.key, kind, identity, pack(text), shot, time.time()),
        )

    def stored_at(self, key: str, *, identity: str = "") -> float | None:
        row = self._db.execute(
            "SELECT MIN(stored_at) FROM snapshots WHERE key = ? AND identity = ? AND stored_at >= ?",
            (key, identity, self.fresh_after),
        ).fetchone()
        return None if row is None or row[0] is None else float(row[0])

    def get_setting(self, host: str, name: SettingName) -> str | None:
        row = self._db.execute(
            "SELECT value FROM host_settings WHERE host = ? AND name = ? AND stored_at >= ?",
            (host, name, self.fresh_after),
        ).fetchone()
        return None if row is None else str(row[0])

    def put_setting(self, host: str, name: SettingName, value: str) -> None:
        self.check()
        self._db.execute(
            "INSERT OR REPLACE INTO host_settings (host, name, value, stored_at) "
            "VALUES (?, ?, ?, ?)",
            (host, name, value, time.time()),
        )

    def close(self) -> None:
        self._db.close()
        if self._header_fd >= 0:  # after the connection: its locks go with it, not before
            os.close(self._header_fd)
            self._header_fd = -1

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0])

    def keys(self) -> list[str]:
        """Every stored state key, sorted (for reports and tests)."""
        rows = self._db.execute("SELECT DISTINCT key FROM snapshots ORDER BY key").fetchall()
        return [str(r[0]) for r in rows]

    def stats(self) -> StoreStats:
        """What the file holds (`siteseer cache info`)."""
        kinds = self._db.execute(
            "SELECT kind, COUNT(*) FROM snapshots GROUP BY kind ORDER BY kind"
        ).fetchall()
        hosts: dict[str, int] = {}
        for (key,) in self._db.execute("SELECT key FROM snapshots"):
            host = _host_of_key(str(key))
            hosts[host] = hosts.get(host, 0) + 1
        size, oldest, newest = self._db.execute(
            "SELECT COALESCE(SUM(LENGTH(snapshot) + COALESCE(LENGTH(screenshot), 0)), 0), "
            "COALESCE(MIN(stored_at), 0), COALESCE(MAX(stored_at), 0) FROM snapshots"
        ).fetchone()
        files = [self.path, *(self.path.with_name(self.path.name + s) for s in ("-wal", "-shm"))]
        return StoreStats(
            kinds=tuple((str(k), int(n)) for k, n in kinds),
            hosts=tuple(sorted(hosts.items(), key=lambda item: (-item[1], item[0]))),
            stored_bytes=int(size),
            oldest=float(oldest),
            newest=float(newest),
            file_bytes=sum(f.stat().st_size for f in files if f.exists()),
        )

    def prune(self, *, stored_before: float | None = None, host: str | None = None) -> int:
        """Delete the snapshots stored before `stored_before` and/or those of `host` (and the
        host settings alike); compact the file; the number of snapshots deleted."""
        if stored_before is None and host is None:
            raise ValueError("prune needs stored_before or host")
        doomed = [
            (str(key), str(kind), str(identity))
            for key, kind, identity, stored_at in self._db.execute(
                "SELECT key, kind, identity, stored_at FROM snapshots"
            )
            if (stored_before is None or stored_at < stored_before)
            and (host is None or _host_of_key(str(key)) == host)
        ]
        self._db.execute("BEGIN")
        self._db.executemany(
            "DELETE FROM snapshots WHERE key = ? AND kind = ? AND identity = ?", doomed
        )
        self._db.execute(
            "DELETE FROM host_settings WHERE (? IS NULL OR stored_at < ?) AND (? IS NULL OR host = ?)",
            (stored_before, stored_before, host, host),
        )
        self._db.execute("COMMIT")
        self._db.execute("VACUUM")
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the journal back to nothing
        return len(doomed)
