"""`siteseer cache info|prune|clear|export`: the crawl cache, looked at and looked after.

The cache is the SQLite file every crawling command keeps its pages in (`--cache`, by default
.siteseer/cache.sqlite). `info` says what it holds; `prune` deletes what is older than a
duration or belongs to one site, and compacts the file; `clear` deletes it; `export --warc`
writes its pages (of one site, with `--site`) as a WARC file that WARC tools and `siteseer
templates urls|cluster` read.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

from siteseer.chaining import hosts_of, site_host
from siteseer.crawler import SQLiteStore, StoreStats, stored_snapshots
from siteseer.errors import BadInput, BadOption, OutputFailed
from siteseer.output import write_warc
from siteseer.outputs import writing

__all__ = [
    "CacheInfo",
    "ExportOptions",
    "PruneOptions",
    "cache_info",
    "clear_cache",
    "export_cache",
    "prune_cache",
]


@contextmanager
def _opened(path: Path) -> Iterator[SQLiteStore]:
    """The cache file at `path`; BadInput when there is none, or it is not a cache."""
    if not path.is_file():
        raise BadInput(f"no cache at {path} (a crawl makes one; --cache PATH names another)")
    try:
        store = SQLiteStore(path)
    except OSError as e:
        raise BadInput(str(e)) from None
    try:
        yield store
    finally:
        store.close()


def _when(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, tz=UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _mb(size: int) -> str:
    return f"{size / 1e6:.2f} MB"


@dataclass(frozen=True)
class CacheInfo:
    """What `info` found, and the lines it prints."""

    path: Path
    stats: StoreStats

    @property
    def lines(self) -> tuple[str, ...]:
        stats = self.stats
        kinds = ", ".join(f"{kind} {count}" for kind, count in stats.kinds) or "none"
        lines = [
            f"cache      {self.path}",
            f"file       {_mb(stats.file_bytes)} ({_mb(stats.stored_bytes)} of compressed pages)",
            f"snapshots  {stats.snapshots} ({kinds})",
        ]
        if stats.snapshots:
            lines.append(f"stored     {_when(stats.oldest)} … {_when(stats.newest)}")
        lines.append(f"hosts      {len(stats.hosts)}")
        lines += [f"  {host}  {count}" for host, count in stats.hosts]
        return tuple(lines)


def cache_info(path: Path) -> CacheInfo:
    """What the cache at `path` holds."""
    with _opened(path) as store:
        return CacheInfo(path, store.stats())


@dataclass(frozen=True)
class PruneOptions:
    """`prune`: the cache, and what goes: pages stored more than `older_than` seconds ago
    and/or the pages of `site` (a host or a URL of the site)."""

    path: Path
    older_than: float | None = None
    site: str | None = None


def prune_cache(options: PruneOptions) -> tuple[int, StoreStats]:
    """Delete what `options` names; the number of snapshots deleted and what is left."""
    if options.older_than is None and options.site is None:
        raise BadOption("say what to prune: --older-than DURATION and/or --site HOST")
    with _opened(options.path) as store:
        before = None if options.older_than is None else time.time() - options.older_than
        host = None if options.site is None else site_host(options.site)
        deleted = store.prune(stored_before=before, host=host)
        return deleted, store.stats()


def clear_cache(path: Path) -> int:
    """Delete the cache file at `path` (with its journal files); the bytes freed."""
    files = [path, *(path.with_name(path.name + suffix) for suffix in ("-wal", "-shm"))]
    with _opened(path):
        pass  # it is a cache: refuse to delete anything else
    freed = 0
    for file in files:
        if file.exists():
            try:
                size = file.stat().st_size
                file.unlink()
            except OSError as e:
                raise OutputFailed(f"cannot delete {file}: {e}") from None
            freed += size
    return freed


@dataclass(frozen=True)
class ExportOptions:
    """`export --warc`: the cache, the WARC file to write, the site to keep (None: all)."""

    path: Path
    warc: Path
    site: str | None = None


def export_cache(options: ExportOptions) -> int:
    """Write the cache's pages (no states reached by actions; of `site` only) to the WARC
    file; the number of pages written. BadInput when there is none to write."""
    with _opened(options.path):
        pass
    snapshots = stored_snapshots(options.path)
    if options.site is not None:
        host = site_host(options.site)
        hosts = hosts_of([s.url for s in snapshots])
        snapshots = [s for s in snapshots if urlsplit(s.url).netloc == host]
        if not snapshots:
            raise BadInput(
                f"{options.path} holds no page of {host}; its hosts: {', '.join(hosts[:5])}"
            )
    if not snapshots:
        raise BadInput(f"{options.path} holds no page to export")
    with writing(f"the WARC file {options.warc}"):
        return write_warc(snapshots, options.warc)
