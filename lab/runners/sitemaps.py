"""Discovery with the site's sitemaps and feeds (`algorithms.discover_published`), on the lab's
sites that publish them and on two that do not.

Each registered discovery method has a ``<name>-sitemaps`` twin: the same method and defaults,
with the published URLs as `siteseer discover` uses them by default, so the bench compares each
method with and without sitemaps on the same sites. ``ssup-audit`` runs SSUP with the sitemap
audit and scores it against the truth's `published` (extras ``audit_precision`` and
``audit_recall`` over the missing and stale entries it names).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from siteseer.algorithms import DISCOVERY_METHODS, DiscoveryMethod, discover_published
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.runners.discovery import discovery_run
from siteseer.lab.score import set_scores
from siteseer.lab.truth import SiteTruth

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = ["METHODS", "PUBLISHING", "run_ssup_audit"]

PUBLISHING = (
    "drivers-sitemap",
    "council-sitemap-incomplete",
    "council-sitemap-stale",
    "olympic-sitemap-mixed",
    "cars-sitemap-gz",
    "people-sitemap-hosts",
    "drivers-feed",
)
# Sites without sitemaps, where the twins must find what the methods find.
_WITHOUT = ("council", "drivers")


def _with_sitemaps(method: DiscoveryMethod) -> MethodSpec:
    async def run(session: Session, truth: SiteTruth) -> MethodRun:
        found, _ = await discover_published(session, truth.seed_entity, method)
        done = discovery_run(found, truth)
        extra = {**done.extra, "sitemap": str(dict(found.params).get("sitemap", "none"))}
        return MethodRun(done.found, done.complete, extra=extra, result=found)

    run.__name__ = f"run_{method.name}_sitemaps"
    return MethodSpec(
        f"{method.name}-sitemaps",
        run,
        kinds=("entity-tree",),
        sites=PUBLISHING + _WITHOUT,
        render=method.render or "auto",
        description=f"{method.name} with the site's sitemaps and feeds, checked against the crawl",
    )


async def run_ssup_audit(session: Session, truth: SiteTruth) -> MethodRun:
    found, audit = await discover_published(
        session, truth.seed_entity, DISCOVERY_METHODS["ssup"], audit=True
    )
    done = discovery_run(found, truth)
    named = set(audit.missing) | set(audit.stale) if audit is not None else set()
    wanted = set(truth.published.get("missing", ())) | set(truth.published.get("stale", ()))
    scores = set_scores(named, wanted)
    extra = {
        **done.extra,
        "audit_precision": round(scores.precision, 3),
        "audit_recall": round(scores.recall, 3),
        "audit_missing": len(audit.missing) if audit else 0,
        "audit_stale": len(audit.stale) if audit else 0,
        "audit_orphans": len(audit.orphans) if audit else 0,
    }
    return MethodRun(done.found, done.complete, extra=extra, result=found)


METHODS: tuple[MethodSpec, ...] = (
    *(_with_sitemaps(method) for method in DISCOVERY_METHODS.values()),
    MethodSpec(
        "ssup-audit",
        run_ssup_audit,
        kinds=("entity-tree",),
        sites=PUBLISHING,
        description="SSUP with the sitemap audit: missing and stale entries against the truth",
    ),
)
