"""One site of a batch, run by any engine: a SiteJob in, a SiteResult out (plain data).

    async with SharedBrowser() as browser:
        result = await run_site(job, browser, cache_dir, worker="local")

`run_site` opens one Session for the site — its cache a SQLite file of the host under
`cache_dir` (node-local; None: in memory), its browser lent by `browser`, which starts one
BrowserPool on first need and keeps it warm for every later site — runs the job's task and
returns the files of the single-site command's own format as bytes, for the driver to write:

    discover   <host>.jsonl                the entity pages (url, method, seed), as `discover --out`
    explore    <host>/entities.jsonl, queries.json, dag.dot, dag.svg, as `explore --out`
    templates  <host>.jsonl                one line per page cluster, as `templates cluster --out`

A site that fails (an unreachable host, a method's error) is a `failed` SiteResult with the
reason; nothing escapes but a bug.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import (
    AbstractAsyncContextManager,
    AsyncExitStack,
    asynccontextmanager,
    contextmanager,
)
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from siteseer import api
from siteseer.algorithms import (
    Exploration,
    cluster_pages,
    crawl_site,
    explore,
    find_list_page,
    halting,
    height_of,
)
from siteseer.batch.jobs import SiteJob, host_file_name
from siteseer.batch.usage import Usage, worker_usage
from siteseer.crawler import CacheFailed, CrawlError, Renderer, Session, current_halt
from siteseer.errors import UserError
from siteseer.output import (
    cluster_rows,
    entity_records,
    entity_rows,
    pages_answered,
    write_exploration,
)
from siteseer.render import (
    BrowserNotFound,
    BrowserPool,
    NavigationCheck,
    RenderConfig,
    load_render_config,
)
from siteseer.render.install import ensure_browser
from siteseer.sessions import CrawlOptions, session_config

__all__ = ["SharedBrowser", "SiteResult", "SiteStatus", "failed_result", "run_site"]

SiteStatus = Literal["done", "incomplete", "failed"]


@dataclass(frozen=True)
class SiteResult:
    """What became of one job: its manifest fields and the files to write (relative path,
    bytes). `entities` counts entity pages (discover), entities (explore) or clustered pages
    (templates); `downloads` and `renders` are the site's Session's. `cpu_seconds` and
    `rss_mb` are the worker's whole process tree (its browser included) when the site ended,
    CPU counted since the worker started (see siteseer.batch.usage); `browser` is the Chromium
    the worker renders with, once it has one; `started` the wall-clock time (Unix seconds, the
    worker's clock) the site started on its worker, 0 for a site that never ran."""

    line: int
    url: str
    host: str
    task: str
    status: SiteStatus
    reason: str = ""
    entities: int = 0
    downloads: int = 0
    renders: int = 0
    seconds: float = 0.0
    worker: str = ""
    files: tuple[tuple[str, bytes], ...] = ()
    cpu_seconds: float = 0.0
    rss_mb: float = 0.0
    browser: str = ""
    started: float = 0.0


def failed_result(
    job: SiteJob, reason: str, worker: str = "", seconds: float = 0.0, started: float = 0.0
) -> SiteResult:
    """A `failed` SiteResult for `job` with `reason`."""
    return SiteResult(
        job.line,
        job.url,
        job.host,
        job.options.task,
        "failed",
        reason,
        seconds=seconds,
        worker=worker,
        started=started,
    )


class SharedBrowser:
    """One BrowserPool, started on first need and lent to every Session (which does not close
    it); closed when the SharedBrowser's own context ends. `sites`: how many sites may render
    at once through it; the pool gets the configured pages (tabs) for each, so that a site
    rendering beside another is not left with half a site's tabs."""

    def __init__(self, sites: int = 1) -> None:
        self._sites = max(1, sites)
        self._pool: BrowserPool | None = None
        self._config: RenderConfig | None = None
        self._lock = asyncio.Lock()
        self._stack = AsyncExitStack()
        self._checks: dict[str, NavigationCheck] = {}
        self._resource_checks: dict[str, NavigationCheck] = {}
        self._confined: set[str] = set()  # the hosts whose sites keep to their scope
        self.description = ""

    def find(self) -> str:
        """Find the Chromium this worker will render with, installing one if none is found
        (`render.install`'s resolution); its description, or why there is none. A worker
        without a browser still runs the sites that need none."""
        try:
            ensure_browser()
            self._config = load_render_config()
        except BrowserNotFound as e:
            self.description = f"no browser: {e}"
        else:
            self.description = self._config.browser_description
        return self.description

    async def __aenter__(self) -> SharedBrowser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._pool = None
        await self._stack.aclose()

    @property
    def started(self) -> bool:
        """Whether the browser has been launched."""
        return self._pool is not None

    def lend(self) -> AbstractAsyncContextManager[Renderer]:
        """A Session's browser factory: a share of the pool (launched on the first call, never
        closed by the Session), so that the Session's renders and downloads count its own
        navigations only, not those of the sites running beside it."""
        return self._lent()

    @asynccontextmanager
    async def _lent(self) -> AsyncIterator[Renderer]:
        async with self._lock:
            if self._pool is None:
                self._config = self._config or load_render_config()
                self.description = self._config.browser_description
                config = replace(self._config, pages=self._config.pages * self._sites)
                pool = BrowserPool(
                    config,
                    check_navigation=self._check,
                    check_resource=self._check_resource,
                    confined=self._is_confined,
                )
                self._pool = await self._stack.enter_async_context(pool)
        yield self._pool.share()

    @contextmanager
    def checking(
        self,
        host: str,
        check: NavigationCheck,
        resources: NavigationCheck | None = None,
        *,
        confined: bool = False,
    ) -> Iterator[None]:
        """While in this block, the browser's navigations from `host`'s pages go through `check`
        (its Session's scope, robots.txt and address policy), their subresources through
        `resources` (its Session's `resource_check`), all of them when `confined` (the site's
        ``--resources same-site``)."""
        self._checks[host] = check
        if resources is not None:
            self._resource_checks[host] = resources
        if confined:
            self._confined.add(host)
        try:
            yield
        finally:
            self._checks.pop(host, None)
            self._resource_checks.pop(host, None)
            self._confined.discard(host)

    async def _check(self, origin: str, target: str) -> str | None:
        """The check of the site whose page is navigating: its host's, or the only one running."""
        return await _dispatch(self._checks, origin, target)

    async def _check_resource(self, page: str, target: str) -> str | None:
        """The resource check of the site whose page fetches `target`, as `_check` finds it."""
        return await _dispatch(self._resource_checks, page, target)

    def _is_confined(self, page: str) -> bool:
        """Whether the site whose page is at `page` (as `_check` finds it) keeps its
        subresources to its scope."""
        host = urlsplit(page).netloc.lower()
        if host in self._checks:
            return host in self._confined
        return len(self._checks) == 1 and bool(self._confined)


async def _dispatch(checks: dict[str, NavigationCheck], origin: str, target: str) -> str | None:
    """`checks`' check of `origin`'s host (or the only one), asked about `target`; a page of no
    site of the batch is refused."""
    check = checks.get(urlsplit(origin).netloc.lower())
    if check is None and len(checks) == 1:
        check = next(iter(checks.values()))
    if check is None:
        return f"no site of this batch is being crawled at {origin}"
    return await check(origin, target)


async def run_site(
    job: SiteJob,
    browser: SharedBrowser,
    cache_dir: Path | None,
    *,
    worker: str,
    crawl: CrawlOptions | None = None,
    usage: Callable[[], Usage] = worker_usage,
) -> SiteResult:
    """Run `job` in its own Session (see the module docstring), with the batch's `crawl`
    settings (None: the defaults; its time limit is the site's own) and the job's own render
    mode, budget and cache; `usage` reads the worker's CPU and memory when the site ends."""
    if job.failure is not None:
        return failed_result(job, job.failure, worker)
    started, began = time.monotonic(), time.time()
    options = job.options
    try:
        cache = None if cache_dir is None else cache_dir / f"{host_file_name(job.host)}.sqlite"
        site = (crawl or CrawlOptions()).with_config(
            render=options.render, budget=options.budget, cache=cache
        )
        config = session_config(site)
        async with Session(config, browser=browser.lend) as session:
            with (
                browser.checking(
                    job.host,
                    session.navigation_check,
                    session.resource_check,
                    confined=config.resources == "same-site",
                ),
                halting(site.halt()),  # --time-limit: each site's own
            ):
                status, reason, entities, files = await _task(session, job)
            cost = session.cost()
    except (CrawlError, CacheFailed, UserError, ValueError) as e:
        reason, seconds = " ".join(str(e).split()), time.monotonic() - started
        return failed_result(job, reason, worker, seconds, round(began, 3))
    used = usage()
    return SiteResult(
        job.line,
        job.url,
        job.host,
        options.task,
        status,
        reason,
        entities,
        cost.downloads,
        cost.renders,
        round(time.monotonic() - started, 3),
        worker,
        files,
        used.cpu_seconds,
        used.rss_mb,
        browser.description,
        round(began, 3),
    )


Outcome = tuple[SiteStatus, str, int, tuple[tuple[str, bytes], ...]]


async def _task(session: Session, job: SiteJob) -> Outcome:
    task = job.options.task
    if task == "discover":
        return await _discover(session, job)
    if task == "explore":
        return await _explore(session, job)
    return await _templates(session, job)


async def _discover(session: Session, job: SiteJob) -> Outcome:
    options = job.options
    with pages_answered(session) as loaded:
        result = await api.discover(
            job.url,
            method=options.method,
            height=height_of(options.height),
            threshold=options.threshold,
            iterations=options.iterations,
            sitemaps=options.sitemaps,
            session=session,
        )
    if not result.complete and not result.entities:
        return "failed", result.reason, 0, ()  # the seed or its site could not be used
    records = await entity_records(session, result, loaded=loaded)
    rows = entity_rows(records, "jsonl", complete=result.complete, reason=result.reason).encode()
    name = f"{host_file_name(job.host)}.jsonl"
    status: SiteStatus = "done" if result.complete else "incomplete"
    return status, "" if result.complete else result.reason, len(result.entities), ((name, rows),)


async def _explore(session: Session, job: SiteJob) -> Outcome:
    options = job.options
    # As `siteseer explore` does: a home page serves as a start, the list page found from it.
    entry = await find_list_page(session, job.url, options.entity_sample)
    result = await explore(
        session,
        job.url if entry is None else entry.url,
        entity_sample=options.entity_sample,
        max_depth=options.max_depth,
    )
    if not result.complete and result.states == 0:
        return "failed", result.reason, 0, ()
    files = _exploration_files(result, host_file_name(job.host))
    status: SiteStatus = "done" if result.complete else "incomplete"
    return status, "" if result.complete else result.reason, len(result.entities), files


def _exploration_files(result: Exploration, folder: str) -> tuple[tuple[str, bytes], ...]:
    """The files `explore --out` writes, as (folder/name, bytes)."""
    with tempfile.TemporaryDirectory(prefix="siteseer-batch-") as tmp:
        written = write_exploration(result, Path(tmp))
        paths = (written.entities, written.queries, written.dot, written.svg)
        return tuple((f"{folder}/{p.name}", p.read_bytes()) for p in paths if p.exists())


async def _templates(session: Session, job: SiteJob) -> Outcome:
    crawl = await crawl_site(session, job.url, job.options.pages)
    snaps = crawl.pages
    if len(snaps) < 2:
        return "failed", f"fewer than two HTML pages from {job.url}", 0, ()
    halt = current_halt()  # the site's time limit, Ctrl-C: the clustering stops too
    clustering = cluster_pages(snaps, stop=None if halt is None else halt.stop_after_now())
    reason = crawl.reason or (halt.reason if halt is not None else "")
    rows = cluster_rows(clustering, reason=reason).encode()
    status: SiteStatus = "incomplete" if reason else "done"
    return status, reason, len(snaps), ((f"{host_file_name(job.host)}.jsonl", rows),)
