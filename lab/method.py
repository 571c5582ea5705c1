"""What a method brings to the lab: a runner, its description (`MethodSpec`) and its run (`MethodRun`).

A runner module in lab/runners/ wraps one method family: it builds the method's parameters from
a site's truth (the seed entity, the start URL …), runs it on a fresh Session, and returns a
`MethodRun`; it lists its runners as a tuple of `MethodSpec`s, `METHODS`, which `lab.registry`
collects. `siteseer lab bench` scores `MethodRun.found` against the truth's target entities
unless the run brings its own `scores` (exploration and clustering measure other things).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from siteseer.lab.truth import SiteTruth

if TYPE_CHECKING:
    from siteseer.algorithms import (
        Discovery,
        EntityDescription,
        Exploration,
        PageClustering,
        TemplateReport,
    )
    from siteseer.crawler import RenderMode, Session

    MethodResult: TypeAlias = (
        Discovery | Exploration | TemplateReport | PageClustering | EntityDescription
    )
    """The result object of one of the methods (one type per method family)."""

__all__ = ["MethodRun", "MethodSpec", "Runner"]


@dataclass(frozen=True)
class MethodRun:
    """What one method run on one site produced.

    `found`: the entity URLs reported (scored against `truth.target_entities` by default).
    `scores`: metrics the runner computed itself (e.g. {"precision": …, "recall": …, "f1": …} over
    entity-attribute pairs, or {"ari": …, "purity": …}); they replace the default scoring of the
    same names. `extra`: further method-specific columns (e.g. {"states": 41}). `result`: the
    method's own result object (Discovery, Exploration …), for the report. `report_s`: seconds
    the runner spent making material for the report after the method ended (annotated
    screenshots); the bench leaves them out of the run's seconds, which are the method's.
    """

    found: tuple[str, ...] = ()
    complete: bool = True
    scores: Mapping[str, float] = field(default_factory=dict)
    extra: Mapping[str, float | int | str] = field(default_factory=dict)
    result: MethodResult | None = None
    report_s: float = 0.0


Runner = Callable[["Session", SiteTruth], Awaitable[MethodRun]]


@dataclass(frozen=True)
class MethodSpec:
    """A runner under its bench name, with the sites it applies to and the Session it wants."""

    name: str
    run: Runner
    kinds: tuple[str, ...]  # truth kinds it applies to ("entity-tree", "shop", …)
    sites: tuple[str, ...] | None = None  # further restricted to these site ids
    # sites of another kind it applies to as well (an entity tree whose list has filters)
    also: tuple[str, ...] = ()
    render: RenderMode = "auto"
    description: str = ""
    # a reference crawl bounded by a page cap (follow-links): read beside the methods, but the
    # real tier's target (F1 within TIER_GAP of the lab) is not asked of it
    reference: bool = False

    def takes(self, site_id: str, kind: str) -> bool:
        """Whether the method runs on site `site_id`, whose truth is of `kind`."""
        if site_id in self.also:
            return True
        return kind in self.kinds and (self.sites is None or site_id in self.sites)

    def applies_to(self, truth: SiteTruth) -> bool:
        return self.takes(truth.site, truth.kind)
