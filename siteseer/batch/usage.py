"""What a batch worker costs the machine: CPU seconds and resident memory of its process tree.

    usage = worker_usage()                  # Usage(cpu_seconds=12.4, rss_mb=310.5)
    usage = worker_usage(leave_out=others)  # without children that are not the worker's

A worker is one process (the local engine's, or a Ray actor's) and the processes it started —
Chromium's browser, GPU and renderer processes do most of a rendering crawl's work, so they
are counted with it. On Linux both figures are read from /proc: CPU is user + system time
since each process started, with the time of the children each one has reaped (cutime,
cstime: a renderer that exits leaves its time to the browser that waited for it, so the figure
only grows and a worker's figure after its last site is its whole cost), memory the sum of the tree's resident sets at the moment of reading. A process that
ran other children before it became a worker (servers, an earlier job) leaves them out by
naming them (`child_pids()` taken at the worker's start): they and their own children are not
its work. Elsewhere only the worker's own process is counted (`resource`), and memory is its
peak resident set.
"""

from __future__ import annotations

import os
import resource
import sys
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Usage", "child_pids", "worker_usage"]

PROC = Path("/proc")


@dataclass(frozen=True)
class Usage:
    """CPU seconds (user + system) and resident megabytes of a process tree."""

    cpu_seconds: float
    rss_mb: float


def worker_usage(pid: int | None = None, *, leave_out: Collection[int] = ()) -> Usage:
    """The usage of process `pid` (default: this one) and all its descendants, but for those
    in `leave_out` and their own descendants."""
    root = os.getpid() if pid is None else pid
    if not (PROC / str(root) / "stat").exists():
        return _own_usage()
    stats = _all_stats()
    tree = _descendants(root, stats, frozenset(leave_out))
    ticks = os.sysconf("SC_CLK_TCK")
    page = os.sysconf("SC_PAGE_SIZE")
    cpu = sum(stats[p][1] for p in tree if p in stats) / ticks
    rss = sum(stats[p][2] for p in tree if p in stats) * page / 2**20
    return Usage(round(cpu, 2), round(rss, 1))


def _all_stats() -> dict[int, tuple[int, int, int]]:
    """Every readable process: pid → (parent pid, CPU clock ticks, resident pages)."""
    stats: dict[int, tuple[int, int, int]] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            text = (entry / "stat").read_text()
        except OSError:  # gone since the listing, or not ours to read
            continue
        parsed = parse_stat(text)
        if parsed is not None:
            stats[int(entry.name)] = parsed
    return stats


def parse_stat(text: str) -> tuple[int, int, int] | None:
    """(parent pid, utime + stime + cutime + cstime in ticks, rss in pages) from a
    /proc/PID/stat line.

    The command name (field 2) is in parentheses and may itself hold spaces and parentheses,
    so the fields are counted from its last closing parenthesis."""
    _, _, rest = text.rpartition(")")
    fields = rest.split()
    try:  # after the name: state ppid … utime(14) stime(15) cutime(16) cstime(17) … rss(24)
        return int(fields[1]), sum(map(int, fields[11:15])), int(fields[21])
    except (IndexError, ValueError):
        return None


def child_pids(pid: int | None = None) -> frozenset[int]:
    """The processes whose parent is `pid` (default: this process) now (none off Linux)."""
    root = os.getpid() if pid is None else pid
    if not (PROC / str(root) / "stat").exists():
        return frozenset()
    return frozenset(p for p, (parent, _, _) in _all_stats().items() if parent == root)


def _descendants(
    root: int, stats: dict[int, tuple[int, int, int]], leave_out: frozenset[int] = frozenset()
) -> set[int]:
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in stats.items():
        children.setdefault(parent, []).append(pid)
    tree, todo = {root}, [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in tree and child not in leave_out:
                tree.add(child)
                todo.append(child)
    return tree


def _own_usage() -> Usage:
    own = resource.getrusage(resource.RUSAGE_SELF)
    peak = own.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)  # bytes on macOS
    return Usage(round(own.ru_utime + own.ru_stime, 2), round(peak, 1))
