"""Check that a served lab site and its ground truth agree, by crawling it over HTTP.

`check_site(fetcher, truth)` walks the site breadth-first from its root (every `<a href>` within
the host), then runs a list of checks over the crawl and returns the problems found (an empty list
means consistent). The generic checks, for every kind of site:

- the root answers 200 with HTML, and no link inside the host leads to an error status;
- every entity URL (every type, hidden ones included) answers 200 with HTML;
- every page of `templates` except the hidden ones is reachable from the root; hidden pages are
  linked from nowhere; `templates` covers every reachable HTML page;
- `index_levels` and `seed_path` (when the truth has them): every index page is reachable and
  links to the next level (index pages of the next level, entities of the target type after the
  last one); every page of a level is linked from the level above or, pagination, from its own
  level; every target entity is linked from the last level; each seed-path page links to the next
  and the path ends at `seed_entity`.

Checks are plain async functions `(CrawlResult) -> list[str]`; `checks_for(kind)` gives the
default list, and callers add their own (`check_site(fetcher, truth, checks=[*checks_for("shop"),
my_check])`). A fetcher is an aiohttp `ClientSession` or any `async (url) -> Fetched` — e.g.
`app_fetcher`, which reads the links of client-rendered pages from their JSON endpoint.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any
from urllib.parse import urljoin, urlsplit, urlunsplit

import aiohttp
from lxml import html as lxml_html

from siteseer.lab.truth import SiteTruth

__all__ = [
    "Check",
    "CrawlResult",
    "Fetched",
    "Fetcher",
    "app_fetcher",
    "check_site",
    "checks_for",
    "crawl_site",
    "http_fetcher",
    "links_of_html",
]

MAX_PAGES = 20_000


@dataclass(frozen=True, slots=True)
class Fetched:
    """One fetched URL: final status, content type and the in-page links (absolute, no fragment)."""

    url: str
    status: int
    content_type: str
    links: tuple[str, ...] = ()
    error: str = ""  # why the fetch failed (no response), empty otherwise

    @property
    def is_html(self) -> bool:
        return self.status == 200 and self.content_type == "text/html"


Fetcher = Callable[[str], Awaitable[Fetched]]


def _strip_fragment(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))


def links_of_html(base_url: str, html: str) -> tuple[str, ...]:
    """Absolute http(s) targets of every `<a href>` in `html`, in document order, fragments dropped."""
    if not html.strip():
        return ()
    doc = lxml_html.document_fromstring(html)
    out: list[str] = []
    for anchor in doc.iter("a"):
        href = (anchor.get("href") or "").strip()
        if not href or href.startswith(("javascript:", "mailto:", "tel:", "#")):
            continue
        absolute = urljoin(base_url, href)
        if urlsplit(absolute).scheme in ("http", "https"):
            out.append(_strip_fragment(absolute))
    return tuple(out)


def http_fetcher(session: aiohttp.ClientSession) -> Fetcher:
    """GET over plain HTTP (no redirects followed); links parsed from the HTML with lxml."""

    async def fetch(url: str) -> Fetched:
        try:
            async with session.get(url, allow_redirects=False) as response:
                body = await response.text(errors="replace")
                ctype = response.content_type
                links = links_of_html(url, body) if ctype == "text/html" else ()
                return Fetched(url, response.status, ctype, links)
        except (aiohttp.ClientError, TimeoutError) as e:
            return Fetched(url, 0, "", (), f"{type(e).__name__}: {e}")

    return fetch


def _json_links(base_url: str, data: Any) -> Iterator[str]:
    """Every link in JSON page data as `theme.page_data` builds it: [href, text] pairs and
    [label, href, current] pager items."""
    if isinstance(data, dict):
        for value in data.values():
            yield from _json_links(base_url, value)
    elif isinstance(data, list):
        if len(data) == 2 and all(isinstance(v, str) for v in data) and data[0].startswith("/"):
            yield _strip_fragment(urljoin(base_url, data[0]))  # [href, text]
        elif (
            len(data) == 3
            and isinstance(data[1], str)
            and data[1].startswith("/")
            and isinstance(data[2], bool)
        ):
            yield _strip_fragment(urljoin(base_url, data[1]))  # pager item [label, href, current]
        else:
            for value in data:
                yield from _json_links(base_url, value)


def app_fetcher(session: aiohttp.ClientSession, api: str = "/api/page") -> Fetcher:
    """For client-rendered sites: status and type from the page itself, links from the JSON
    the page's script renders (`api + path + query`), i.e. the links a browser would show."""
    plain = http_fetcher(session)

    async def fetch(url: str) -> Fetched:
        page = await plain(url)
        if not page.is_html:
            return page
        parts = urlsplit(url)
        data_url = urlunsplit((parts.scheme, parts.netloc, api + parts.path, parts.query, ""))
        try:
            async with session.get(data_url, allow_redirects=False) as response:
                if response.status != 200:
                    return Fetched(
                        url, page.status, page.content_type, (), f"{data_url}: {response.status}"
                    )
                data = json.loads(await response.text())
        except (aiohttp.ClientError, TimeoutError, ValueError) as e:
            return Fetched(url, page.status, page.content_type, (), f"{data_url}: {e}")
        return Fetched(url, page.status, page.content_type, tuple(_json_links(url, data)))

    return fetch


@dataclass(frozen=True)
class CrawlResult:
    """A breadth-first crawl of a site from its root, with the truth it is checked against."""

    truth: SiteTruth
    pages: dict[str, Fetched]  # every URL fetched: reachable ones plus those fetched by checks
    reachable: frozenset[str]  # URLs reached by following links from the root
    linked_from: dict[str, tuple[str, ...]]  # URL → reachable pages linking to it (sorted)
    fetch: Fetcher
    truncated: bool

    def links(self, url: str) -> tuple[str, ...]:
        page = self.pages.get(url)
        return page.links if page else ()

    async def get(self, urls: Iterable[str]) -> list[Fetched]:
        """Fetch (or reuse) `urls`, 8 at a time."""
        wanted = sorted(set(urls) - set(self.pages))
        semaphore = asyncio.Semaphore(8)

        async def one(u: str) -> None:
            async with semaphore:
                self.pages[u] = await self.fetch(u)

        await asyncio.gather(*(one(u) for u in wanted))
        return [self.pages[u] for u in urls]


Check = Callable[[CrawlResult], Awaitable[list[str]]]


def _in_host(url: str, base_url: str) -> bool:
    a, b = urlsplit(url), urlsplit(base_url)
    return (a.scheme, a.netloc) == (b.scheme, b.netloc)


async def crawl_site(fetch: Fetcher, truth: SiteTruth, max_pages: int = MAX_PAGES) -> CrawlResult:
    """Follow every in-host link breadth-first from `truth.base_url + "/"`, 8 fetches at a time."""
    root = truth.base_url + "/"
    pages: dict[str, Fetched] = {}
    linked: dict[str, set[str]] = {}
    seen = {root}
    frontier = [root]
    truncated = False
    semaphore = asyncio.Semaphore(8)

    async def one(u: str) -> Fetched:
        async with semaphore:
            return await fetch(u)

    while frontier:
        fetched = await asyncio.gather(*(one(u) for u in frontier))
        next_frontier: list[str] = []
        for page in fetched:
            pages[page.url] = page
            for link in page.links:
                if not _in_host(link, truth.base_url):
                    continue
                linked.setdefault(link, set()).add(page.url)
                if link not in seen:
                    if len(seen) >= max_pages:
                        truncated = True
                        continue
                    seen.add(link)
                    next_frontier.append(link)
        frontier = sorted(next_frontier)
    return CrawlResult(
        truth=truth,
        pages=pages,
        reachable=frozenset(seen),
        linked_from={u: tuple(sorted(v)) for u, v in linked.items()},
        fetch=fetch,
        truncated=truncated,
    )


# ---------------------------------------------------------------------------------------------
# checks


def _few(urls: Iterable[str], n: int = 5) -> str:
    items = sorted(urls)
    more = f" … and {len(items) - n} more" if len(items) > n else ""
    return ", ".join(items[:n]) + more


async def check_crawl(crawl: CrawlResult) -> list[str]:
    """The root answers HTML, no link leads to an error status, the crawl was not cut short."""
    problems: list[str] = []
    root = crawl.truth.base_url + "/"
    if not crawl.pages[root].is_html:
        problems.append(f"the root {root} answers {crawl.pages[root].status}, not an HTML page")
    for url in sorted(crawl.reachable):
        page = crawl.pages.get(url)
        if page is not None and page.status != 200:
            refs = _few(crawl.linked_from.get(url, ()), 2)
            why = page.error or f"status {page.status}"
            problems.append(f"broken link to {url} ({why}), linked from {refs}")
    if crawl.truncated:
        problems.append(f"the crawl stopped at {MAX_PAGES} pages: the site links more than that")
    return problems


async def check_entities(crawl: CrawlResult) -> list[str]:
    """Every entity URL of every type answers 200 with HTML; the seed entity is a target entity."""
    truth = crawl.truth
    problems: list[str] = []
    for etype, urls in sorted(truth.entities.items()):
        for page in await crawl.get(urls):
            if not page.is_html:
                problems.append(
                    f"{etype} entity {page.url} answers {page.status} {page.content_type!r}"
                    + (f" ({page.error})" if page.error else "")
                )
    if truth.target_type and truth.target_type not in truth.entities:
        problems.append(f"target type {truth.target_type!r} has no entities in the truth")
    if truth.seed_entity and truth.seed_entity not in set(truth.target_entities):
        problems.append(f"seed entity {truth.seed_entity} is not a {truth.target_type!r} entity")
    return problems


async def check_reachability(crawl: CrawlResult) -> list[str]:
    """Templates cover every reachable page; every non-hidden page is reachable; hidden pages
    are linked from nowhere (and still answer 200)."""
    truth = crawl.truth
    problems: list[str] = []
    hidden = set(truth.hidden)
    templates = set(truth.templates)
    reachable_html = {u for u in crawl.reachable if crawl.pages.get(u) and crawl.pages[u].is_html}
    untemplated = reachable_html - templates
    if untemplated:
        problems.append(f"{len(untemplated)} reachable pages have no template: {_few(untemplated)}")
    unreachable = templates - hidden - crawl.reachable
    if unreachable:
        problems.append(
            f"{len(unreachable)} pages of the truth are not reachable from the root: "
            f"{_few(unreachable)}"
        )
    everything = {u for urls in truth.entities.values() for u in urls}
    missing = everything - hidden - crawl.reachable
    if missing:
        problems.append(f"{len(missing)} entity pages are not reachable: {_few(missing)}")
    for url in sorted(hidden):
        refs = crawl.linked_from.get(url)
        if refs:
            problems.append(f"hidden page {url} is linked from {_few(refs, 3)}")
    for page in await crawl.get(sorted(hidden)):
        if not page.is_html:
            problems.append(f"hidden page {page.url} answers {page.status}")
    return problems


async def check_tree(crawl: CrawlResult) -> list[str]:
    """The entity tree: levels linked level to level, pagination within a level, seed path."""
    truth = crawl.truth
    problems: list[str] = []
    levels = [tuple(level) for level in truth.index_levels]
    if not levels:
        return problems
    targets = set(truth.target_entities)
    for depth, level in enumerate(levels):
        below = set(levels[depth + 1]) if depth + 1 < len(levels) else targets
        here = set(level)
        for url in level:
            if url not in crawl.reachable:
                problems.append(f"index page {url} (level {depth}) is not reachable")
                continue
            if not crawl.pages[url].is_html:
                problems.append(
                    f"index page {url} (level {depth}) answers {crawl.pages[url].status}"
                )
                continue
            if not below & set(crawl.links(url)):
                problems.append(
                    f"index page {url} (level {depth}) links to no page of level {depth + 1}"
                )
        above = set(levels[depth - 1]) if depth else set()
        for url in level:
            refs = set(crawl.linked_from.get(url, ()))
            if depth and not refs & (above | here):
                problems.append(
                    f"index page {url} (level {depth}) is linked neither from level {depth - 1} "
                    "nor from its own level"
                )
    last = set(levels[-1])
    orphans = {
        u for u in targets - set(truth.hidden) if not set(crawl.linked_from.get(u, ())) & last
    }
    if orphans:
        problems.append(
            f"{len(orphans)} target entities are linked from no last-level index page: {_few(orphans)}"
        )
    path = truth.seed_path
    if path:
        if path[0] not in set(levels[0]):
            problems.append(f"seed path starts at {path[0]}, not at a root index page")
        if path[-1] != truth.seed_entity:
            problems.append(
                f"seed path ends at {path[-1]}, not at the seed entity {truth.seed_entity}"
            )
        for a, b in pairwise(path):
            if b not in set(crawl.links(a)):
                problems.append(f"seed path: {a} does not link to {b}")
        if len(path) != len(levels) + 1:
            problems.append(f"seed path has {len(path)} pages for a tree of height {len(levels)}")
    return problems


_GENERIC: tuple[Check, ...] = (check_crawl, check_entities, check_reachability)


def checks_for(kind: str) -> tuple[Check, ...]:
    """The default checks for a truth kind ("entity-tree", "shop", …)."""
    if kind == "entity-tree":
        return (*_GENERIC, check_tree)
    return _GENERIC


async def check_site(
    session_or_fetcher: aiohttp.ClientSession | Fetcher,
    truth: SiteTruth,
    *,
    checks: Sequence[Check] | None = None,
) -> list[str]:
    """Crawl the site served at `truth.base_url` and return every disagreement with `truth`.

    `checks` defaults to `checks_for(truth.kind)`. An empty list means site and truth agree.
    """
    if isinstance(session_or_fetcher, aiohttp.ClientSession):
        fetch = http_fetcher(session_or_fetcher)
    else:
        fetch = session_or_fetcher
    crawl = await crawl_site(fetch, truth)
    problems: list[str] = []
    for check in checks if checks is not None else checks_for(truth.kind):
        problems.extend(await check(crawl))
    return problems
