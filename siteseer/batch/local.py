"""The local engine: up to N sites at a time in this process, over one warm BrowserPool.

Each site runs in its own Session (its own politeness, budget and cache) under an asyncio
semaphore of `workers`; the browser, when a site needs one, is started once and shared by all,
with the configured pages (tabs) for each of the `workers` sites, as `workers` Ray actors
would have.
Results are handed to `emit` as each site finishes. The worker is this process, which may
have run other work before the batch (imports, an earlier batch) and other children (servers):
its `cpu_seconds` count from the batch's start, like a Ray actor's from its own, and its
`cpu_seconds` and `rss_mb` leave out the children it had before the batch.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from siteseer.batch.jobs import SiteJob
from siteseer.batch.site import SharedBrowser, SiteResult, run_site
from siteseer.batch.usage import Usage, child_pids, worker_usage
from siteseer.sessions import CrawlOptions

__all__ = ["run_local"]


async def run_local(
    jobs: Sequence[SiteJob],
    emit: Callable[[SiteResult], None],
    *,
    workers: int,
    cache_dir: Path | None,
    crawl: CrawlOptions | None = None,
) -> None:
    """Run `jobs`, `workers` at a time, calling `emit` with each result as it finishes."""
    slots = asyncio.Semaphore(max(1, workers))
    others = child_pids()  # not the batch's: they are left out of its usage

    def usage() -> Usage:
        return worker_usage(leave_out=others)

    before = usage().cpu_seconds  # this process's CPU before the batch

    async def one(job: SiteJob, browser: SharedBrowser) -> None:
        async with slots:
            worker = f"local:{os.getpid()}"
            result = await run_site(
                job, browser, cache_dir, worker=worker, crawl=crawl, usage=usage
            )
        if result.cpu_seconds:
            result = replace(result, cpu_seconds=round(max(0.0, result.cpu_seconds - before), 2))
        emit(result)

    async with SharedBrowser(sites=workers) as browser, asyncio.TaskGroup() as group:
        for job in jobs:
            group.create_task(one(job, browser))
