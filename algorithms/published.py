"""Entity pages from what a site publishes (its sitemaps and feeds), checked against the crawl.

    found, audit = await discover_published(session, seed, DISCOVERY_METHODS["ssup"], audit=True)

1. The seed is loaded and the site's sitemaps and the feeds the seed links to are read
   (`crawler.sitemaps.read_published`). The published URLs that fit the seed's URL template
   (`features.urlshape.seed_template`, `widened` where the sitemap shows a category level) are
   the candidates.
2. Completeness: SSUP's climb goes one level up, to the list page that links to the seed, and
   the links of the seed's group there that fit its URL template are compared with the
   candidates.
3. A sample of them (`SAMPLE`, spread over those the list page does not link to — nothing
   vouches for them, and a stale entry is one of them —, then over the others) is loaded and
   checked against the seed's page template (`like_seed`): each must answer 2xx at its own URL
   and share most of the seed's link DOM paths. When the sample agrees and the sitemap holds
   at least `TRUST_SHARE` of the list page's entities, the candidates are the entities (the
   cost: the sitemap files, the seed, the climb, the sample).
4. Otherwise the method crawls as usual (every page loaded so far is cached), and the
   candidates the crawl did not find are loaded and kept where they pass the same check: the
   sitemap is merged with the crawl, never trusted blindly.

Each entity's source (`Discovery.sources`) is ``sitemap``, ``links`` or ``both``. With `audit`
the crawl always runs and `SitemapAudit` names the entity pages the sitemap misses, its entries
that do not answer (or redirect) or show another page template, and the orphans: entity pages
the sitemap lists that no list links to.

Choice: the sample is 3 pages, as SSUP's own `sample_size`, and the trust share 0.9 — a sitemap
that holds fewer than nine in ten of the entities its first list page shows is merged with the
crawl, not trusted. The climb comes before the sample: its probes leave out pages of the seed's
level the run has loaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from siteseer.algorithms.features.dom import link_path, simhtml
from siteseer.algorithms.features.urlshape import UrlTemplate, seed_template, widened
from siteseer.algorithms.result import Discovery, SitemapAudit
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.ssup.climb import Climb
from siteseer.crawler import CrawlError
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.methods import DiscoveryMethod
    from siteseer.crawler import Published, Session

__all__ = [
    "LIKE_THRESHOLD",
    "SAMPLE",
    "TRUST_SHARE",
    "SampleCheck",
    "candidates_of",
    "check_pages",
    "discover_published",
    "like_seed",
    "spread",
]

SAMPLE = 3
TRUST_SHARE = 0.9
LIKE_THRESHOLD = 0.5  # simhtml over tag + attribute-name paths, Indesit's own threshold


@dataclass(frozen=True)
class SampleCheck:
    """Pages checked against the seed: those `alike`, those that answered but show another
    page template (`other`), and those that did not answer 2xx at their own URL (`stale`, with
    why)."""

    alike: tuple[str, ...] = ()
    other: tuple[str, ...] = ()
    stale: tuple[tuple[str, str], ...] = ()
    unchecked: tuple[str, ...] = ()  # not loaded: the run stopped (budget, time, signal) first

    @property
    def checked(self) -> int:
        return len(self.alike) + len(self.other) + len(self.stale)

    @property
    def agrees(self) -> bool:
        """Whether every page of the sample was loaded and shows the seed's template."""
        return self.checked > 0 and not self.unchecked and len(self.alike) == self.checked


def like_seed(seed: Snapshot, page: Snapshot) -> bool:
    """Whether `page` shows the seed's page template: it shares at least `LIKE_THRESHOLD` of
    the link DOM paths (tags and attribute names) the two pages have between them."""
    return simhtml(seed, page, "attrs") >= LIKE_THRESHOLD


def candidates_of(seed: str, urls: Sequence[str]) -> tuple[UrlTemplate | None, tuple[str, ...]]:
    """The seed's URL template (widened where `urls` show a category level) and the `urls`
    that fit it, in their order."""
    template = seed_template(seed)
    if template is None:
        return None, ()
    template = widened(template, urls)
    return template, tuple(u for u in dict.fromkeys(urls) if template.matches(u))


def spread(urls: Sequence[str], n: int) -> list[str]:
    """At most `n` of `urls`, evenly spaced over the list (its first and last included)."""
    if len(urls) <= n:
        return list(urls)
    if n <= 1:
        return list(urls[:n])
    step = (len(urls) - 1) / (n - 1)
    return list(dict.fromkeys(urls[round(i * step)] for i in range(n)))


async def check_pages(run: Run, seed: Snapshot | None, urls: Sequence[str]) -> SampleCheck:
    """Load `urls` through `run` (any status) and check each against `seed` (without one, a
    page that answers is `other`: there is no template to compare it with). When the run stops
    on the way (its budget spent, a signal), the pages it did not load are `unchecked`."""
    try:
        pages = await run.load(urls, step="sitemap-check")
    except Stopped:
        pages = {u: run.pages[u] for u in urls if u in run.pages}
    alike: list[str] = []
    other: list[str] = []
    stale: list[tuple[str, str]] = []
    unchecked: list[str] = []
    for url in urls:
        page = pages.get(url)
        if page is None and url not in run.failed:
            unchecked.append(url)
        elif page is None:
            stale.append((url, run.failed.get(url, "no answer")))
        elif not page.ok:
            stale.append((url, f"HTTP {page.status}"))
        elif page.redirects or _moved(run, url, page):
            stale.append((url, f"redirects to {page.final_url}"))
        elif seed is not None and like_seed(seed, page):
            alike.append(url)
        else:
            other.append(url)
    return SampleCheck(tuple(alike), tuple(other), tuple(stale), tuple(unchecked))


async def discover_published(
    session: Session,
    seed: str,
    method: DiscoveryMethod,
    params: Any = None,
    *,
    audit: bool = False,
    sample: int = SAMPLE,
    published: Published | None = None,
) -> tuple[Discovery, SitemapAudit | None]:
    """`method`'s Discovery from `seed`, with the site's published URLs used as the module
    docstring says, and the sitemap's audit when asked for (None otherwise, and when no
    sitemap of the site lists a URL of the seed's template: a feed is not audited)."""
    from siteseer.crawler import read_published

    outer = Run(session)
    try:
        seed_page = await outer.seed(seed)
    except Stopped:
        return await method.discover(session, seed, params), None
    if published is None:
        published = await read_published(session, seed, pages=[seed_page])
    urls = [u.url for u in published.urls]
    template, candidates = candidates_of(seed_page.url, urls)
    others = [c for c in candidates if c != seed_page.url]
    if template is None or not others:
        found = await method.discover(session, seed, params)
        return _with_cost(found, outer, sources=(), mode="none"), None
    if not audit:
        # Links of the group that do not fit the URL template are other things (cars' test
        # drive pages beside the models): the sitemap need not hold them.
        listed = [u for u in await _first_list(outer, seed_page) if template.matches(u)]
        checked = await check_pages(outer, seed_page, _sample(others, listed, sample))
        if checked.agrees and listed and _share(listed, candidates) >= TRUST_SHARE:
            entities = sorted(set(candidates) | set(listed) | {seed_page.url})
            sources = _sources(entities, set(candidates), set(listed))
            return _trusted(method.name, seed, entities, sources, outer, published), None
    crawl = await method.discover(session, seed, params)
    found_by_links = set(crawl.entities)
    unlisted = [c for c in candidates if c not in found_by_links]
    extra = await check_pages(outer, seed_page, unlisted)
    entities = sorted(found_by_links | set(extra.alike))
    sources = _sources(entities, set(candidates), found_by_links)
    merged = replace(crawl, entities=tuple(entities))
    if extra.unchecked:  # the sitemap's other candidates were left unchecked: say so
        merged = replace(merged, complete=False, reason=crawl.reason or outer.reason)
    merged = _with_cost(merged, outer, sources=sources, mode="merged")
    in_sitemap = {u.url for u in published.sitemap_urls}
    if not audit or not in_sitemap.intersection(candidates):
        return merged, None  # a feed is no sitemap: there is nothing to audit
    report = SitemapAudit(
        published=len(in_sitemap.intersection(candidates)),
        files=sum(
            f.status == "read" and f.kind != "rss" and f.kind != "atom" for f in published.files
        ),
        missing=tuple(sorted(u for u in found_by_links if u not in in_sitemap)),
        stale=tuple(sorted(u for u, _ in extra.stale if u in in_sitemap)),
        other_template=tuple(sorted(u for u in extra.other if u in in_sitemap)),
        orphans=tuple(sorted(u for u in extra.alike if u in in_sitemap)),
    )
    return merged, report


def _moved(run: Run, url: str, page: Snapshot) -> bool:
    """Whether `page` ended elsewhere than `url` (a browser follows redirects itself)."""
    try:
        return run.session.canonical(page.final_url) != url
    except CrawlError:
        return True


def _sample(others: Sequence[str], listed: Sequence[str], n: int) -> list[str]:
    """`n` candidates to load: first those the list page does not link to (nothing vouches
    for them: a stale entry is one of them), then, to make up `n`, those it does."""
    linked = set(listed)
    unvouched = [u for u in others if u not in linked]
    chosen = spread(unvouched, n)
    return chosen + spread([u for u in others if u in linked], n - len(chosen))


async def _first_list(run: Run, seed: Snapshot) -> list[str]:
    """The entity links of the seed's group on the list page that links to it (SSUP's climb,
    one level, before the sample is loaded: its pages would read as the seed's level and be
    left out of the climb's probes); none when the climb finds no such page."""
    with suppress(Stopped):
        chain, sdps, _, _ = await Climb(run, "attrs").sample_path(seed, 1)
        if len(chain) > 1 and sdps:
            top = chain[0]
            return list(dict.fromkeys(a.url for a in top.links if link_path(a, "attrs") == sdps[0]))
    return []


def _share(listed: Sequence[str], candidates: Sequence[str]) -> float:
    held = set(candidates)
    return sum(u in held for u in listed) / len(listed)


def _sources(
    entities: Sequence[str], published: set[str], linked: set[str]
) -> tuple[tuple[str, str], ...]:
    def source(url: str) -> str:
        if url in published and url in linked:
            return "both"
        return "sitemap" if url in published else "links"

    return tuple((url, source(url)) for url in entities)


def _with_cost(
    found: Discovery, outer: Run, *, sources: tuple[tuple[str, str], ...], mode: str
) -> Discovery:
    """`found` costing what the whole run spent (the sitemaps and the checks included)."""
    params = (*found.params, ("sitemap", mode))
    return replace(found, cost=outer.cost(), sources=sources, params=params)


def _trusted(
    method: str,
    seed: str,
    entities: Sequence[str],
    sources: tuple[tuple[str, str], ...],
    run: Run,
    published: Published,
) -> Discovery:
    return Discovery(
        method=method,
        seed=seed,
        entities=tuple(entities),
        trace=tuple(run.trace),
        cost=run.cost(),
        complete=run.complete,
        reason=run.reason,
        params=(("sitemap", "trusted"), ("sitemap_files", published.read_files)),
        sources=sources,
    )
