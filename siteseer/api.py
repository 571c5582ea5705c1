"""The Python API: siteseer's methods for scripts, notebooks and tests.

Every function takes its input first and returns the method's result type::

    import siteseer

    found = siteseer.discover_sync("http://127.0.0.1:8000/player/7")       # a script
    found = await siteseer.discover("http://127.0.0.1:8000/player/7")      # async code, notebooks

    async with siteseer.Session(siteseer.SessionConfig(budget=300)) as session:
        found = await siteseer.ssup(seed, height="auto", session=session)
        shape = await siteseer.describe([found.entities[0]], session=session)

Without `session=`, a call opens its own Session from `config` (a `SessionConfig`; by default
pages are kept in memory only, nothing is written) and closes it before returning; with one,
calls share its cache, budget and cost. `load_config()` builds a SessionConfig from the same
layers the command line reads (`SITESEER_*`, siteseer.toml, [tool.siteseer]).

Each async function has a blocking twin, `<name>_sync`, for scripts: it runs the coroutine to
the end on its own event loop (in a worker thread when the caller's thread already runs one, as
a notebook's does), so it takes `config` but not a Session, which belongs to one loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from siteseer.algorithms import (
    ClusterMethod,
    Discovery,
    EntityDescription,
    Exploration,
    Height,
    PageClustering,
    ProbeOrder,
    TagFeature,
    TemplateReport,
    crawl_pages,
    discover_published,
    discovery_method,
)
from siteseer.algorithms import cluster_pages as _cluster
from siteseer.algorithms import describe as _describe
from siteseer.algorithms import explore as _explore
from siteseer.algorithms import is_instance as _is_instance
from siteseer.algorithms import url_templates as _url_templates
from siteseer.chaining import input_urls
from siteseer.crawler import Session, SessionConfig
from siteseer.render import Snapshot
from siteseer.sessions import crawl_options, session_config
from siteseer.settings import load_settings

__all__ = [
    "blocking",
    "cluster_pages",
    "cluster_pages_sync",
    "describe",
    "describe_sync",
    "discover",
    "discover_sync",
    "explore",
    "explore_sync",
    "gpp",
    "indesit",
    "is_instance",
    "load_config",
    "ssup",
    "url_templates",
    "url_templates_sync",
]

P = ParamSpec("P")
T = TypeVar("T")


def load_config(**settings: Any) -> SessionConfig:
    """The SessionConfig the command line would use: `settings` (the setting names of
    ``siteseer config``: ``delay=0.5``, ``budget=200``, ``respect_robots=False`` …) over
    ``SITESEER_*`` over siteseer.toml over [tool.siteseer] over the defaults. Pages are kept
    in memory (no cache file); a value no layer accepts is a `siteseer.errors.BadOption`."""
    loaded, _sources = load_settings(settings, source="argument")
    return session_config(crawl_options(loaded))


@asynccontextmanager
async def _using(session: Session | None, config: SessionConfig | None) -> AsyncIterator[Session]:
    """`session` itself, or a Session of its own from `config` closed on leaving."""
    if session is not None:
        if config is not None:
            raise ValueError("give a session or a config, not both (the session has its own)")
        yield session
        return
    async with Session(config or SessionConfig()) as own:
        yield own


async def discover(
    seed: str,
    *,
    method: str = "ssup",
    height: Height = 2,
    visual: bool = False,
    probe_order: ProbeOrder = "ranked",
    tag_feature: TagFeature = "attrs",
    threshold: float = 0.5,
    iterations: int = 1,
    params: object | None = None,
    sitemaps: bool = False,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> Discovery:
    """Every entity page of the same type as `seed` on its site, by `method` (a name of
    `siteseer.algorithms.DISCOVERY_METHODS`): ``ssup`` (with its `height`, ``"auto"`` or a
    number, `visual` grouping and `probe_order`), ``indesit`` (simhtml `threshold`) or ``gpp``
    (growing `iterations`); each method takes the keywords that are its own. `params`, the
    method's own parameter dataclass (`SSUPParams`, …), replaces them all. With `sitemaps`
    the site's sitemaps and feeds are used as `siteseer discover` uses them by default
    (`algorithms.discover_published`; `Discovery.sources` says where each page came from). An
    unreachable seed is not an error: the Discovery is incomplete, with its reason."""
    entry = discovery_method(method)
    if params is None:
        given = {
            "height": height,
            "visual": visual,
            "probe_order": probe_order,
            "tag_feature": tag_feature,
            "threshold": threshold,
            "iterations": iterations,
        }
        params = entry.parameters(given)
    async with _using(session, config) as s:
        if sitemaps:
            found, _ = await discover_published(s, seed, entry, params)
            return found
        return await entry.discover(s, seed, params)


async def ssup(
    seed: str,
    *,
    height: Height = 2,
    visual: bool = False,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> Discovery:
    """`discover(seed, method="ssup")`: SSUP from one sample entity page."""
    return await discover(seed, height=height, visual=visual, session=session, config=config)


async def indesit(
    seed: str,
    *,
    threshold: float = 0.5,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> Discovery:
    """`discover(seed, method="indesit")`: pages whose DOM paths are like the seed's."""
    return await discover(
        seed, method="indesit", threshold=threshold, session=session, config=config
    )


async def gpp(
    seed: str,
    *,
    iterations: int = 1,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> Discovery:
    """`discover(seed, method="gpp")`: parallel paths grown over visual lists (renders)."""
    return await discover(seed, method="gpp", iterations=iterations, session=session, config=config)


async def explore(
    start: str,
    *,
    entity_sample: str | None = None,
    keywords: Sequence[str] = (),
    allow_post: bool = False,
    max_depth: int = 3,
    entity_pages: bool = True,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> Exploration:
    """The facet queries an exploratory site supports from its widest list page `start`, and
    every entity's hidden attributes (`Exploration.entities`: URL → {attribute: values}), with
    the fields a list table shows and, with `entity_pages`, those only entity pages show."""
    async with _using(session, config) as s:
        return await _explore(
            s,
            start,
            entity_sample=entity_sample,
            keywords=keywords,
            allow_post=allow_post,
            max_depth=max_depth,
            entity_pages=entity_pages,
        )


async def url_templates(
    urls: Sequence[str] | Path,
    *,
    site: str | None = None,
    min_values: int = 100,
    max_per_template: int | None = None,
    generate: bool = True,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> TemplateReport:
    """URL templates of one site's `urls` (or of a file: a URL list, siteseer's JSON lines, a
    WARC file or a crawl store, `site` choosing a host), and the entity pages their missing ids
    lead to (`generate=False` loads nothing)."""
    given = input_urls(urls, site=site) if isinstance(urls, Path) else list(urls)
    async with _using(session, config) as s:
        return await _url_templates(
            s,
            given,
            minimum_values=min_values,
            max_per_template=max_per_template,
            generate=generate,
        )


async def cluster_pages(
    pages: str | Sequence[Snapshot],
    *,
    budget: int = 500,
    method: ClusterMethod = "minhash",
    min_support: int = 2,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> PageClustering:
    """`pages` clustered by the template that generated them (TEXT-MDL): Snapshots already
    loaded, or a site URL whose site is crawled breadth first for up to `budget` pages."""
    if isinstance(pages, str):
        async with _using(session, config) as s:
            pages = await crawl_pages(s, pages, budget)
    return _cluster(pages, method=method, min_support=min_support)


async def describe(
    samples: Sequence[str],
    *,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> EntityDescription:
    """The terms the page templates of `samples` (entity pages of one type, one per site)
    share: the entity type's description (Outdesit)."""
    async with _using(session, config) as s:
        return await _describe(s, list(samples))


async def is_instance(
    url: str,
    description: EntityDescription | Sequence[str],
    *,
    threshold: float = 0.5,
    session: Session | None = None,
    config: SessionConfig | None = None,
) -> bool:
    """Whether the page at `url` shows an entity of the described type."""
    async with _using(session, config) as s:
        return await _is_instance(s, url, description, threshold)


def _run_blocking(coroutine: Coroutine[Any, Any, T]) -> T:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def blocking(function: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, T]:
    """The blocking form of an async API function: it runs the call on its own event loop
    (in a worker thread when this thread runs one already) and returns the result."""

    @functools.wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        if kwargs.get("session") is not None:
            raise ValueError(
                f"{function.__name__}_sync opens its own Session; pass config=, or await "
                f"{function.__name__}(…, session=…) in async code"
            )
        return _run_blocking(function(*args, **kwargs))

    run.__name__ = run.__qualname__ = f"{function.__name__}_sync"
    return run


discover_sync = blocking(discover)
explore_sync = blocking(explore)
url_templates_sync = blocking(url_templates)
cluster_pages_sync = blocking(cluster_pages)
describe_sync = blocking(describe)
