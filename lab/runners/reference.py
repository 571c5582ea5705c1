"""The reference method "follow-links": crawl everything, keep what looks like the seed.

A breadth-first crawl from the site's root that follows every link within the root's host, level
by level, fetching each level in one `session.pages` batch, until no new page is left or the page
cap is reached. A crawled page is reported as an entity page when its link-DOM-path schema — the
set of `Link.path_attrs` (tags with attribute names) of its anchors, Indesit's page schema — has a
Jaccard similarity of at least 0.8 with the seed entity page's schema, the threshold SSUP's
paper reports as best for Indesit on council sites.

It knows nothing of index pages or URLs, so it spends the most downloads a method can spend on a
site: the bench reads it as a cost upper bound and as a recall reference for the other methods.

On a spider trap it relies on the Session: session ids are stripped from every link by
canonicalisation, and the Session's trap guards refuse the endless rest (a calendar's days beyond
`SessionConfig.max_urls_per_multi_pattern`, or `max_urls_per_pattern` where that is lower).
Refused URLs (out of scope, robots.txt, spider trap) cost no download and do not count against
the page cap, so the crawl ends when the guards leave nothing new.

It watches the current `Halt` (the bench's time limit, Ctrl-C) as a method's run does: the loads
of a batch still waiting when it fires (a Crawl-delay's turn among them) are cancelled, and the
crawl reports what it loaded before, marked incomplete with the Halt's reason.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms import Discovery, TraceEntry
from siteseer.crawler import (
    CrawlError,
    Halt,
    OutOfScope,
    RobotsDisallowed,
    SpiderTrap,
    current_halt,
)
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.truth import SiteTruth
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = ["METHODS", "SCHEMA_THRESHOLD", "follow_links", "page_cap", "schema", "schema_similarity"]

SCHEMA_THRESHOLD = 0.8
MIN_CAP = 200  # pages, for sites whose truth lists few templates
BATCH = 64  # URLs per session.pages call


def schema(snapshot: Snapshot) -> frozenset[str]:
    """The page's link-DOM-path schema: the set of its anchors' tag-and-attribute-name paths."""
    return frozenset(link.path_attrs for link in snapshot.links)


def schema_similarity(a: frozenset[str], b: frozenset[str]) -> float:
    """Jaccard similarity of two schemas (1.0 when both are empty)."""
    union = len(a | b)
    return len(a & b) / union if union else 1.0


def page_cap(truth: SiteTruth) -> int:
    """Pages the crawl may load: twice the pages the truth knows of, at least `MIN_CAP`."""
    return max(2 * len(truth.templates), MIN_CAP)


def _host(url: str) -> str:
    return urlsplit(url).netloc


def _batches(urls: list[str], size: int) -> Iterable[list[str]]:
    for start in range(0, len(urls), size):
        yield urls[start : start + size]


async def _loaded(
    session: Session, urls: list[str], halt: Halt | None
) -> dict[str, Snapshot | CrawlError]:
    """The answers to `urls` by URL: every one, or with a Halt only those had before it fired
    (the loads still waiting are cancelled)."""
    if halt is None:
        return dict(zip(urls, await session.pages(urls), strict=True))
    done: dict[str, Snapshot | CrawlError] = {}

    async def one(url: str) -> None:
        try:
            done[url] = await session.page(url)
        except CrawlError as e:
            done[url] = e

    await halt.race(asyncio.gather(*(one(u) for u in urls)))
    return done


async def follow_links(session: Session, truth: SiteTruth) -> MethodRun:
    """Crawl the site breadth-first from its root; report pages whose schema matches the seed's."""
    halt = current_halt()
    seed = (await _loaded(session, [truth.seed_entity], halt)).get(truth.seed_entity)
    if isinstance(seed, CrawlError):
        raise seed
    seed_schema = schema(seed) if seed is not None else frozenset()
    root = truth.base_url + "/"
    host = _host(root)
    cap = page_cap(truth)
    seen: set[str] = {root}
    frontier = [root] if seed is not None else []  # none: the Halt fired while it loaded
    crawled: dict[str, Snapshot] = {}
    failed = 0
    skipped = 0
    while frontier and len(crawled) + failed < cap and not (halt and halt.check()):
        room = cap - len(crawled) - failed
        level, rest = frontier[:room], frontier[room:]
        next_level: list[str] = []
        for batch in _batches(level, BATCH):
            if halt is not None and halt.check():
                break
            answers = await _loaded(session, batch, halt)
            for url in (u for u in batch if u in answers):
                answer = answers[url]
                if isinstance(answer, OutOfScope | RobotsDisallowed | SpiderTrap):
                    skipped += 1
                    continue
                if isinstance(answer, CrawlError):
                    failed += 1
                    continue
                crawled[url] = answer
                for link in answer.links:
                    target = link.url
                    if target not in seen and _host(target) == host:
                        seen.add(target)
                        next_level.append(target)
        frontier = sorted(rest) + sorted(next_level)
    similarities = {
        url: schema_similarity(seed_schema, schema(snap))
        for url, snap in crawled.items()
        if snap.ok
    }
    found = tuple(sorted(u for u, s in similarities.items() if s >= SCHEMA_THRESHOLD))
    stopped = halt.reason if halt is not None else ""
    complete = not frontier and not stopped
    if stopped:
        reason = stopped
    else:
        reason = "" if complete else f"page cap of {cap} reached with {len(frontier)} URLs left"
    trace = (
        TraceEntry(
            step="crawl",
            decision="keep",
            subject=f"{len(found)} of {len(crawled)} crawled pages match the seed's schema",
            urls=found,
            values=(
                ("threshold", SCHEMA_THRESHOLD),
                ("cap", float(cap)),
                ("skipped", float(skipped)),
            ),
        ),
    )
    discovery = Discovery(
        method="follow-links",
        seed=truth.seed_entity,
        entities=found,
        trace=trace,
        cost=session.cost(),
        complete=complete,
        reason=reason,
        params=(("threshold", SCHEMA_THRESHOLD), ("cap", cap)),
    )
    return MethodRun(
        found=found,
        complete=complete,
        extra={"crawled": len(crawled), "failed": failed, "skipped": skipped, "cap": cap},
        result=discovery,
    )


METHODS: tuple[MethodSpec, ...] = (
    MethodSpec(
        "follow-links",
        follow_links,
        kinds=("entity-tree", "shop", "trap"),
        description="Breadth-first crawl of every in-host link; entity pages by link-schema "
        "Jaccard ≥ 0.8 with the seed (reference and cost upper bound).",
        reference=True,
    ),
)
