"""Entity-page discovery methods on the lab's entity-tree sites: SSUP and Indesit.

Each runner starts from the truth's seed entity with the method's one general configuration
(the same parameters on every site) and reports the Discovery's entities.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from siteseer.algorithms import Discovery, Height, indesit, ssup
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.truth import SiteTruth

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = ["METHODS", "discovery_run", "run_indesit", "run_ssup", "run_ssup_auto"]


def discovery_run(discovery: Discovery, truth: SiteTruth) -> MethodRun:
    """A Discovery as the bench's MethodRun: its entities, with index pages, the truth's lower
    bound on downloads, the height SSUP used and why an incomplete run stopped as extras."""
    params = dict(discovery.params)
    extra: dict[str, float | int | str] = {
        "index_pages": sum(len(level) for level in discovery.index_pages),
        "lower_bound": truth.lower_bound_downloads,
    }
    if "height_used" in params:
        extra["height"] = int(params["height_used"])
    if not discovery.complete:
        extra["reason"] = discovery.reason
    return MethodRun(
        found=discovery.entities, complete=discovery.complete, extra=extra, result=discovery
    )


async def _ssup(session: Session, truth: SiteTruth, height: Height) -> MethodRun:
    return discovery_run(await ssup(session, truth.seed_entity, height=height), truth)


async def run_ssup(session: Session, truth: SiteTruth) -> MethodRun:
    return await _ssup(session, truth, 2)


async def run_ssup_auto(session: Session, truth: SiteTruth) -> MethodRun:
    return await _ssup(session, truth, "auto")


async def run_indesit(session: Session, truth: SiteTruth) -> MethodRun:
    return discovery_run(await indesit(session, truth.seed_entity), truth)


METHODS: tuple[MethodSpec, ...] = (
    MethodSpec(
        "ssup",
        run_ssup,
        kinds=("entity-tree",),
        description="SSUP (ICWE 2014), URL + HTML similarity, entity-tree height 2",
    ),
    MethodSpec(
        "ssup-auto",
        run_ssup_auto,
        kinds=("entity-tree",),
        description="SSUP with height='auto': climbs while a heavier index page is found",
    ),
    MethodSpec(
        "indesit",
        run_indesit,
        kinds=("entity-tree",),
        description="Indesit baseline (reconstructed), simhtml T=0.5 over tag+attribute-name paths",
    ),
)
