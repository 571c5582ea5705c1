"""SSUP runs for the tests: a lab site served on loopback, SSUP run from its seed entity with no
cache and no browser, and the pages it downloaded, in order."""

from __future__ import annotations

from typing import Any

from siteseer.algorithms import Discovery, ssup
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth


async def ssup_counting(seed: str, **options: Any) -> tuple[Discovery, list[str]]:
    """SSUP from `seed` (a site already served), and the URLs it downloaded (cache hits aside)."""
    downloaded: list[str] = []
    async with Session(SessionConfig(render="never", cache=None)) as session:
        session.events.on(
            "page", lambda snap, cached: None if cached else downloaded.append(snap.url)
        )
        return await ssup(session, seed, **options), downloaded


async def serve_and_discover(site: Site, **options: Any) -> tuple[SiteTruth, Discovery, list[str]]:
    """Serve `site`, run SSUP from its seed entity: its truth, the discovery, the downloads."""
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        result, downloaded = await ssup_counting(truth.seed_entity, **options)
        return truth, result, downloaded
