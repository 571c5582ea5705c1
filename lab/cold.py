"""Cold scores: each real application's first bench result per method, kept with its commit.

When an application joins the real tier, the methods have never seen it: the first run of a
method on it is a held-out figure, and the only honest measure of how far rules written for the
other applications reach. `siteseer lab bench` keeps that first result, once: for each run on a
real application (and size) that has no cold score yet, it writes the run's figures with the
commit the methods ran at into ``<directory>/<app id>.json``, a file committed with the
repository (``bench/cold/`` in a source tree). An entry is never overwritten: later benches are
current scores, shown beside the cold ones (`lab.results.tier_comparison`, the markdown table,
report.html). An application's record is open only at the commit it was begun at: once the
methods have moved on, a method or size it lacks gets no entry (its first run now would not be
cold), and a bench of it no longer changes the tracked file.

The applications that were in the tier before cold scores were kept (`JOINED_WARM`) get none:
the methods were tuned on them first, so their first recorded run would not be cold.

One file per application, entries keyed ``"<method>@<size>"``::

    {"site": "real-sqliteweb", "scores": {"ssup@small": {"f1": 0.0, "precision": 1.0, …,
     "commit": "1a2b3c4", "date": "2026-11-27", "downloads": 612, "lower_bound_downloads": 22,
     "complete": false, "reason": "…"}, …}}
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from siteseer.lab.results import REAL_PREFIX, BenchRow

__all__ = [
    "JOINED_WARM",
    "ColdScore",
    "current_commit",
    "default_cold_dir",
    "read_cold",
    "record_cold",
]

# The real tier as it stood when cold scores started to be kept: tuned on before any was kept.
JOINED_WARM = frozenset(
    {"real-planes", "real-gapminder", "real-tiddlywiki", "real-dokuwiki", "real-devpi"}
)
_REPO = Path(__file__).resolve().parents[1]
_KEPT = ("precision", "recall", "f1", "downloads", "lower_bound_downloads", "complete", "found")


@dataclass(frozen=True)
class ColdScore:
    """A method's first result on a real application at one size, and the commit it ran at."""

    site: str
    method: str
    size: str
    f1: float | None
    commit: str
    date: str
    row: Mapping[str, Any]  # the figures kept (see `_KEPT`), the reason and the error

    @property
    def key(self) -> str:
        return f"{self.method}@{self.size}"


def default_cold_dir() -> Path:
    """``bench/cold`` in the source tree siteseer runs from, else ~/.cache/siteseer/cold."""
    if (_REPO / "pyproject.toml").exists():
        return _REPO / "bench" / "cold"
    return Path.home() / ".cache" / "siteseer" / "cold"


def current_commit(repo: Path = _REPO) -> str:
    """The short commit of `repo`'s HEAD, with ``+dirty`` when tracked files are changed;
    ``unknown`` outside a git checkout."""

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(repo), *args],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            check=True,
        )
        return done.stdout.strip()

    try:
        commit = git("rev-parse", "--short=12", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return commit + ("+dirty" if dirty else "")


def _file(directory: Path, site: str) -> Path:
    return directory / f"{site}.json"


def read_cold(directory: Path, sites: Sequence[str]) -> dict[tuple[str, str, str], ColdScore]:
    """The cold scores of `sites` kept in `directory`, by (site, method, size). A file that
    cannot be read counts as none (the bench then says so when it would write one)."""
    out: dict[tuple[str, str, str], ColdScore] = {}
    for site in dict.fromkeys(sites):
        for key, entry in _entries(_file(directory, site)).items():
            method, _, size = key.partition("@")
            f1 = entry.get("f1")
            out[site, method, size] = ColdScore(
                site,
                method,
                size,
                None if f1 is None else float(f1),
                str(entry.get("commit", "unknown")),
                str(entry.get("date", "")),
                entry,
            )
    return out


def _entries(path: Path) -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    scores = data.get("scores") if isinstance(data, dict) else None
    return {k: v for k, v in (scores or {}).items() if isinstance(v, dict)}


def _clean(commit: object) -> str:
    """A commit without the ``+dirty`` mark (the methods are that commit's either way)."""
    return str(commit).removesuffix("+dirty")


def _entry(row: BenchRow, commit: str, date: str) -> dict[str, Any]:
    full = row.to_dict()
    entry: dict[str, Any] = {"commit": commit, "date": date}
    entry |= {k: full[k] for k in _KEPT if k in full}
    if "entity_recall" in full:
        entry["entity_recall"] = full["entity_recall"]
    if full.get("reason") is not None:
        entry["reason"] = full["reason"]
    return entry


def record_cold(
    directory: Path,
    rows: Sequence[BenchRow],
    size: str,
    commit: str | None = None,
    now: datetime | None = None,
) -> list[ColdScore]:
    """Write the cold score of every finished run in `rows` on a real application (not
    `JOINED_WARM`) that has none yet for its method at `size`, while the application's record
    is new or was begun at `commit`; return those written. A run that failed (raised, timed
    out) is no score and is not kept: the next run that finishes at that commit is. Existing
    entries are never changed; each file is replaced whole (written aside, renamed)."""
    commit = commit or current_commit()
    date = (now or datetime.now(UTC)).strftime("%Y-%m-%d")
    by_site: dict[str, list[BenchRow]] = {}
    for row in rows:
        if row.site.startswith(REAL_PREFIX) and row.site not in JOINED_WARM and not row.error:
            by_site.setdefault(row.site, []).append(row)
    written: list[ColdScore] = []
    for site, site_rows in by_site.items():
        path = _file(directory, site)
        entries = _entries(path)
        if entries and _clean(commit) not in {_clean(e.get("commit")) for e in entries.values()}:
            continue  # begun at another commit: what runs now is no longer cold
        added = False
        for row in site_rows:
            key = f"{row.method}@{size}"
            if key in entries:
                continue
            entries[key] = _entry(row, commit, date)
            written.append(ColdScore(site, row.method, size, row.f1, commit, date, entries[key]))
            added = True
        if added:
            directory.mkdir(parents=True, exist_ok=True)
            text = json.dumps({"site": site, "scores": dict(sorted(entries.items()))}, indent=2)
            partial = path.with_suffix(f".{os.getpid()}.partial")
            partial.write_text(text + "\n", encoding="utf-8")
            partial.replace(path)
    return written
