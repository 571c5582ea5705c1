"""The Ray engine: one `SiteWorker` actor per worker, each running one site at a time.

    await run_ray(jobs, emit, workers=2, address=None, cache_dir=None)

`ray.init()` starts a small local Ray (`workers` CPUs, no dashboard, workers' logs kept off the
driver, Ray's own log records routed into siteseer's log with its warnings at debug level,
bound to 127.0.0.1) or joins the cluster at `address` (``ray start --head`` prints
it); a Ray the caller already initialised is used as it is and left running, one started here
is always shut down.

A `SiteWorker` owns one event loop and one SharedBrowser for its whole life: at start it finds
the Chromium of its node (installing one if there is none, as `render.install` does) and names
it in every result; the browser starts once per actor (on the first site that needs it), not
per site, and each site runs in
its own Session, its cache a SQLite file under the node's own `cache_dir`. The driver hands
each idle actor the next site and waits on the sites in flight with `ray.wait`, so results
are written as they arrive; an actor left with nothing to run closes its browser at once,
while the others finish theirs. Faults are Ray's: an actor whose process dies (browser crash,
OOM, kill -9, its node lost) is restarted (`max_restarts`) — elsewhere if its node is gone —
and the site it held is run again (`max_task_retries`); past those limits the site is
`failed` with Ray's reason and a fresh actor takes the worker's place. Jobs and results cross
the wire as plain frozen dataclasses.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import ray
from ray.exceptions import RayActorError, RayError

from siteseer.batch.jobs import SiteJob
from siteseer.batch.site import SharedBrowser, SiteResult, failed_result, run_site
from siteseer.logs import at_debug
from siteseer.sessions import CrawlOptions

__all__ = ["MAX_RESTARTS", "MAX_TASK_RETRIES", "SiteWorker", "run_ray"]

LOOPBACK = "127.0.0.1"
MAX_RESTARTS = 3  # times Ray restarts a worker whose process died
MAX_TASK_RETRIES = 2  # times a site is run again after its worker died under it


class SiteWorker:
    """A Ray actor (see `run_ray`): one warm browser, one site at a time."""

    def __init__(self, cache_dir: str | None) -> None:
        self._cache_dir = Path(cache_dir) if cache_dir is not None else None
        self._loop = asyncio.new_event_loop()
        self._browser = SharedBrowser()
        self._browser.find()
        self.node_id = ray.get_runtime_context().get_node_id()
        self.name = f"{socket.gethostname()}/{self.node_id[:8]}:{os.getpid()}"

    def pid(self) -> int:
        """The actor's process id (what a test kills)."""
        return os.getpid()

    def node(self) -> str:
        """The id of the Ray node the actor runs on (what a test removes)."""
        return self.node_id

    def browser(self) -> str:
        """The Chromium this actor renders with, or why it has none."""
        return self._browser.description

    def run(self, job: SiteJob, crawl: CrawlOptions | None = None) -> SiteResult:
        """Run one site in its own Session (with the batch's `crawl` settings) over the
        actor's browser."""
        return self._loop.run_until_complete(
            run_site(job, self._browser, self._cache_dir, worker=self.name, crawl=crawl)
        )

    def close(self) -> None:
        """Close the browser (the actor is killed after)."""
        self._loop.run_until_complete(self._browser.__aexit__(None, None, None))


RemoteWorker = ray.remote(SiteWorker)


def _actor(cache_dir: Path | None) -> Any:
    return RemoteWorker.options(
        num_cpus=1,
        max_restarts=MAX_RESTARTS,
        max_task_retries=MAX_TASK_RETRIES,
        max_concurrency=1,
    ).remote(str(cache_dir) if cache_dir is not None else None)


def start_ray(workers: int, address: str | None) -> bool:
    """Initialise Ray unless it is already; True when it was started here."""
    if ray.is_initialized():
        return False
    at_debug("ray")  # Ray's own warnings (token authentication, …) go to the log, at debug
    common: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "configure_logging": False,
    }
    if address is None:
        # "local": a Ray of its own, never one another process left running on this machine
        ray.init(address="local", num_cpus=workers, _node_ip_address=LOOPBACK, **common)
    elif urlsplit(f"//{address}").hostname in (LOOPBACK, "localhost"):
        # a cluster on this machine's loopback: the driver's node is there too
        ray.init(address=address, _node_ip_address=LOOPBACK, **common)
    else:
        ray.init(address=address, **common)
    return True


async def run_ray(
    jobs: Sequence[SiteJob],
    emit: Callable[[SiteResult], None],
    *,
    workers: int,
    address: str | None,
    cache_dir: Path | None,
    crawl: CrawlOptions | None = None,
) -> None:
    """Run `jobs` on `workers` actors, calling `emit` with each result as it arrives."""
    queue = deque(job for job in jobs if job.failure is None)
    for job in jobs:
        if job.failure is not None:
            emit(failed_result(job, job.failure))
    if not queue:
        return
    started_here = start_ray(workers, address)
    actors: list[Any] = []
    closing: dict[Any, Any] = {}  # actor → its close() call, for those with nothing left to run
    try:
        actors = [_actor(cache_dir) for _ in range(min(workers, len(queue)))]
        idle = list(actors)
        flight: dict[Any, tuple[Any, SiteJob]] = {}
        while queue or flight:
            while idle and queue:
                actor, job = idle.pop(), queue.popleft()
                flight[actor.run.remote(job, crawl)] = (actor, job)
            ready, _ = await asyncio.to_thread(ray.wait, list(flight), num_returns=1)
            for ref in ready:
                actor, job = flight.pop(ref)
                try:
                    result = ray.get(ref)
                except RayActorError as e:
                    result = failed_result(job, f"worker lost: {_first_line(e)}")
                    actors.remove(actor)
                    actor = _actor(cache_dir)
                    actors.append(actor)
                except RayError as e:
                    result = failed_result(job, f"worker error: {_first_line(e)}")
                emit(result)
                if queue:
                    idle.append(actor)
                else:  # none left for it: its browser closes while the others finish
                    closing[actor] = actor.close.remote()
    finally:
        _stop(actors, closing)
        if started_here:
            ray.shutdown()


def _stop(actors: list[Any], closing: dict[Any, Any]) -> None:
    """Close the browser of each actor not closing yet (`closing`: those already asked),
    wait for them all (briefly), then end the actors."""
    calls = [closing.get(actor) or actor.close.remote() for actor in actors]
    ray.wait(calls, num_returns=len(calls), timeout=20)
    for actor in actors:
        ray.kill(actor, no_restart=True)


def _first_line(error: Exception) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__
