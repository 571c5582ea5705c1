"""Explore runs for the tests: a lab site served on loopback, `explore` run from one of its
pages (or from the list page found from its root) with the site's seed entity as the sample,
no cache and no browser, and the pages it downloaded, in order."""

from __future__ import annotations

from typing import Any

from siteseer.algorithms import EntryPoint, explore, find_list_page
from siteseer.algorithms.result import Exploration
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth


async def serve_and_explore(
    site: Site, start: str = "/", **options: Any
) -> tuple[SiteTruth, Exploration, list[str]]:
    """Serve `site`, explore it from `start` (a path and query on its root) with its seed
    entity as the sample: its truth, the exploration, the URLs downloaded (cache hits aside)."""
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        downloaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else downloaded.append(snap.url)
            )
            result = await explore(
                session, truth.base_url + start, entity_sample=truth.seed_entity, **options
            )
        return truth, result, downloaded


async def serve_and_explore_from_entry(site: Site) -> tuple[SiteTruth, EntryPoint, Exploration]:
    """Serve `site`, find its list page from its root (`find_list_page`) with its seed entity as
    the sample, and explore from that page: its truth, the entry point, the exploration."""
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
        return truth, entry, result


def tree_truth(site: Site, base_url: str, target: str, urls: list[str], seed: str) -> SiteTruth:
    """The truth of an entity tree `site` served at `base_url`: its entities of `target` (their
    `urls`), `seed` (a full URL) the sample."""
    return SiteTruth(
        site=site.id,
        base_url=base_url,
        kind=site.kind,
        entities={target: tuple(urls)},
        target_type=target,
        seed_entity=seed,
    )
