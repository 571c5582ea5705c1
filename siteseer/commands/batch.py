"""`siteseer batch`: one task over many sites, one site (host) at a time per worker.

    outcome = await run_batch(BatchOptions(Path("seeds.txt"), Path("out/batch")))

The input's lines become jobs (siteseer.batch.jobs: duplicates of a host and lines that are
not URLs fail with a reason), jobs already `done` in DIR/manifest.jsonl are skipped (resume),
and the rest run on the engine, longest expected first (`by_expected_work`): `local` (this process, N sites at a time over one browser) or
`ray` (one actor per worker on a Ray cluster, siteseer.batch.ray_engine). Every result is
written as it arrives (siteseer.batch.manifest), so every input line ends in the manifest.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from siteseer.batch.jobs import SiteJob, TaskOptions, read_jobs
from siteseer.batch.local import run_local
from siteseer.batch.manifest import Manifest
from siteseer.batch.site import SiteResult
from siteseer.choices import BatchEngine
from siteseer.errors import BadInput, BadOption
from siteseer.sessions import CrawlOptions

__all__ = [
    "RAY_MISSING",
    "BatchOptions",
    "BatchOutcome",
    "by_expected_work",
    "read_input",
    "run_batch",
]

RAY_MISSING = "--engine ray needs Ray: pip install 'siteseer[ray]' (or pip install 'ray>=2.9')"


@dataclass(frozen=True)
class BatchOptions:
    """`batch`: the input (a file, or ``-`` for standard input), the output directory, the
    task and its defaults, the engine, the cluster to join (None: a local Ray), the number of
    workers, the directory of the per-site SQLite caches (None: pages in memory), and the crawl
    settings every site's Session gets (`crawl`: robots, delay, headers, cookies, identity…;
    its render mode, budget and cache are each site's own and are not read)."""

    input: str
    out: Path
    defaults: TaskOptions = field(default_factory=TaskOptions)
    engine: BatchEngine = "local"
    address: str | None = None
    workers: int = 2
    cache_dir: Path | None = None
    crawl: CrawlOptions = field(default_factory=CrawlOptions)


@dataclass(frozen=True)
class BatchOutcome:
    """The manifest rows of this input's sites (input order), how many were skipped as done
    already, and the batch's wall-clock seconds."""

    rows: tuple[dict[str, Any], ...]
    skipped: int
    seconds: float

    def count(self, status: str) -> int:
        """Sites whose last status is `status`."""
        return sum(1 for row in self.rows if row["status"] == status)

    @property
    def complete(self) -> bool:
        """Every site done."""
        return all(row["status"] == "done" for row in self.rows)

    @property
    def table(self) -> tuple[str, ...]:
        """The summary table: one line per site, then the totals."""
        lines = [f"{'status':<10} {'entities':>8} {'pages':>6} {'secs':>7}  site / reason"]
        for row in self.rows:
            note = f"  ({row['reason']})" if row["reason"] else ""
            lines.append(
                f"{row['status']:<10} {row['entities']:>8} {row['downloads']:>6} "
                f"{row['seconds']:>7.1f}  {row['url']}{note}"
            )
        pages = sum(row["downloads"] for row in self.rows)
        rate = pages / self.seconds if self.seconds else 0.0
        lines.append(
            f"{len(self.rows)} sites: {self.count('done')} done ({self.skipped} skipped as done "
            f"before), {self.count('incomplete')} incomplete, {self.count('failed')} failed; "
            f"{self.seconds:.1f} s, {rate:.1f} pages/s"
        )
        return tuple(lines)


def read_input(source: str) -> list[str]:
    """INPUT's lines: a file, or standard input for ``-``."""
    if source == "-":
        return sys.stdin.read().splitlines()
    try:
        return Path(source).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"cannot read {source}: {e}") from None


async def run_batch(
    options: BatchOptions,
    progress: Callable[[dict[str, Any]], None] | None = None,
    begin: Callable[[int, int], None] | None = None,
) -> BatchOutcome:
    """Run the batch (see the module docstring); `begin` is told how many sites will run and
    how many were skipped as done, `progress` sees each manifest row as it is written."""
    if options.workers < 1:
        raise BadOption("--workers must be at least 1")
    jobs = read_jobs(read_input(options.input), options.defaults)
    if not jobs:
        where = "standard input" if options.input == "-" else options.input
        raise BadInput(f"{where} holds no site: give one URL (or JSON object) a line")
    manifest = Manifest(options.out)
    done = manifest.done
    todo = by_expected_work(
        [job for job in jobs if job.failure is not None or job.key not in done], manifest
    )
    started = time.monotonic()
    if begin is not None:
        begin(len(todo), len(jobs) - len(todo))

    def emit(result: SiteResult) -> None:
        row = manifest.record(result)
        if progress is not None:
            progress(row)

    if options.engine == "ray":
        await _run_ray(todo, emit, options)
    else:
        await run_local(
            todo, emit, workers=options.workers, cache_dir=options.cache_dir, crawl=options.crawl
        )
    rows = tuple(manifest.row(job) for job in jobs)
    return BatchOutcome(rows, len(jobs) - len(todo), round(time.monotonic() - started, 3))


def by_expected_work(jobs: list[SiteJob], manifest: Manifest) -> list[SiteJob]:
    """`jobs` in the order to start them: the longest expected first, so that no long site
    starts last and runs alone while the other workers idle. A site's expected work is the
    seconds of its last attempt in the manifest (a rerun retrying it); a site with no line
    there (never run, or in flight when an earlier run was stopped) may be long and goes
    first. Ties keep input order."""
    seconds = {
        job.line: float(row["seconds"])
        for job in jobs
        if (row := manifest.latest.get(f"{job.line} {job.key}")) is not None
    }
    return sorted(jobs, key=lambda job: -seconds.get(job.line, float("inf")))


async def _run_ray(
    jobs: list[SiteJob], emit: Callable[[SiteResult], None], options: BatchOptions
) -> None:
    try:
        from siteseer.batch import ray_engine  # Ray is an optional extra, loaded only here
    except ImportError:
        raise BadOption(RAY_MISSING) from None
    await ray_engine.run_ray(
        jobs,
        emit,
        workers=options.workers,
        address=options.address,
        cache_dir=options.cache_dir,
        crawl=options.crawl,
    )
