"""Entity-page discovery methods on the lab's entity-tree sites: every registered one.

Each method of `algorithms.DISCOVERY_METHODS` is a bench method of the same name (SSUP, Indesit,
GPP, and any method added there), run from the truth's seed entity with its default parameters
(the same on every site) in the render mode it asks for, and reporting the Discovery's entities;
``ssup-auto`` is SSUP with ``height="auto"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from siteseer.algorithms import DISCOVERY_METHODS, Discovery, DiscoveryMethod, SSUPParams
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.truth import SiteTruth

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = ["METHODS", "discovery_run", "registered", "run_ssup_auto"]


def discovery_run(discovery: Discovery, truth: SiteTruth) -> MethodRun:
    """A Discovery as the bench's MethodRun: its entities, with index pages, the truth's lower
    bound on downloads, the height SSUP used, the pages robots.txt kept its climb from and why an
    incomplete run stopped as extras."""
    params = dict(discovery.params)
    extra: dict[str, float | int | str] = {
        "index_pages": sum(len(level) for level in discovery.index_pages),
        "lower_bound": truth.lower_bound_downloads,
    }
    if "height_used" in params:
        extra["height"] = int(params["height_used"])
    if params.get("robots_disallowed"):
        # the pages the climb could not judge: a list of the seed may be among them
        extra["robots_disallowed"] = int(params["robots_disallowed"])
    if not discovery.complete:
        extra["reason"] = discovery.reason
    return MethodRun(
        found=discovery.entities, complete=discovery.complete, extra=extra, result=discovery
    )


def registered(method: DiscoveryMethod) -> MethodSpec:
    """The bench method of a registered discovery method: its defaults, its render mode."""

    async def run(session: Session, truth: SiteTruth) -> MethodRun:
        return discovery_run(await method.discover(session, truth.seed_entity), truth)

    run.__name__ = f"run_{method.name}"
    render = method.render or "auto"
    return MethodSpec(
        method.name, run, kinds=("entity-tree",), render=render, description=method.description
    )


async def run_ssup_auto(session: Session, truth: SiteTruth) -> MethodRun:
    ssup = DISCOVERY_METHODS["ssup"]
    return discovery_run(await ssup.discover(session, truth.seed_entity, SSUPParams("auto")), truth)


METHODS: tuple[MethodSpec, ...] = (
    *(registered(method) for method in DISCOVERY_METHODS.values()),
    MethodSpec(
        "ssup-auto",
        run_ssup_auto,
        kinds=("entity-tree",),
        description="SSUP with height='auto': climbs while a heavier index page is found",
    ),
)
