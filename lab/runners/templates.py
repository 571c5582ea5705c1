"""URL templates, page-template clustering and entity descriptions on the lab.

- ``url-templates`` (catalog sites): crawl the site by its links, build URL templates from the
  crawled URLs, generate the missing ids; scored over the truth's hidden pages, with the
  requests spent per hidden page found, the share of relevant templates and the accuracy of the
  empty-page verdicts on the generated URLs.
- ``page-clusters`` (template sites): crawl the site, cluster the pages by template (TEXT-MDL
  with MinHash candidates), scored by adjusted Rand index and purity against the truth's
  template ids; ``page-clusters-exact`` compares every pair instead.
- ``describe`` (entity-tree sites): the entity description of the target type from the seed
  entity, then isInstance on every page of the site; scored by the precision/recall of
  isInstance against the truth's target entities.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from siteseer.algorithms import (
    SPLIT_MINIMUM_URLS,
    EntityDescription,
    FeatureCache,
    TemplateReport,
    cluster_pages,
    crawl_pages,
    describe,
    is_instance,
    url_templates,
)
from siteseer.crawler import Halt, current_halt
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.score import cluster_scores, set_scores
from siteseer.lab.truth import SiteTruth

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = [
    "METHODS",
    "empty_accuracy",
    "judge_pages",
    "minimum_values_for",
    "run_describe",
    "run_page_clusters",
    "run_page_clusters_exact",
    "run_url_templates",
    "template_precision",
]

CRAWL_LIMIT = 100_000  # pages a lab crawl may take before templates are built


def minimum_values_for(url_count: int) -> int:
    """The thesis drops templates with fewer than 100 known values on crawls of 6,000–21,000
    URLs (about 1%); on the lab's smaller crawls the same share, at least `SPLIT_MINIMUM_URLS`."""
    return max(SPLIT_MINIMUM_URLS, min(100, url_count // 100))


def template_precision(report: TemplateReport, truth: SiteTruth) -> float:
    """Relevant templates over templates reported.

    A template is relevant when most of the truth's pages it matches belong to an entity
    template of the truth (one with an id range) that no earlier template already stood for.
    """
    if not report.templates:
        return 1.0
    claimed: set[str] = set()
    relevant = 0
    for template in report.templates:
        pattern = re.compile(template.regex)
        kinds = Counter(kind for url, kind in truth.templates.items() if pattern.fullmatch(url))
        if not kinds:
            continue
        kind = min(kinds, key=lambda k: (-kinds[k], k))
        if kind in truth.id_ranges and kind not in claimed:
            claimed.add(kind)
            relevant += 1
    return relevant / len(report.templates)


def empty_accuracy(report: TemplateReport, truth: SiteTruth) -> float:
    """Share of generated URLs whose verdict (entity page or not) agrees with the truth."""
    if not report.checked:
        return 1.0
    entities = {u for urls in truth.entities.values() for u in urls}
    right = 0
    for checked in report.checked:
        is_entity = checked.url in entities or checked.final_url in entities
        said_entity = checked.verdict in ("entity", "duplicate")
        right += is_entity == said_entity
    return right / len(report.checked)


# isInstance calls under way at once in a describe run (each loads its page and a few like it).
JUDGED_AT_ONCE = 16


async def run_url_templates(session: Session, truth: SiteTruth) -> MethodRun:
    crawled = await crawl_pages(session, truth.base_url + "/", CRAWL_LIMIT)
    urls = [snap.url for snap in crawled]
    report = await url_templates(session, urls, minimum_values=minimum_values_for(len(urls)))
    scores = set_scores(report.found, truth.hidden)
    found_hidden = scores.correct
    extra: dict[str, float | int | str] = {
        "requests_per_hidden": round(report.cost.downloads / found_hidden, 3)
        if found_hidden
        else float(report.cost.downloads),
        "template_precision": round(template_precision(report, truth), 4),
        "empty_accuracy": round(empty_accuracy(report, truth), 4),
        "templates": len(report.templates),
        "generated": len(report.checked),
        "crawled": len(urls),
    }
    if not report.complete:
        extra["reason"] = report.reason
    return MethodRun(
        found=report.found,
        complete=report.complete,
        scores={"precision": scores.precision, "recall": scores.recall, "f1": scores.f1},
        extra=extra,
        result=report,
    )


async def _page_clusters(session: Session, truth: SiteTruth, exact: bool) -> MethodRun:
    crawled = await crawl_pages(session, truth.base_url + "/", CRAWL_LIMIT)
    clustering = cluster_pages(crawled, method="exact" if exact else "minhash")
    predicted = {url: str(n) for url, n in clustering.labels().items()}
    known = {url: kind for url, kind in truth.templates.items() if url in predicted}
    scores = cluster_scores(known, predicted)
    return MethodRun(
        found=tuple(sorted(predicted)),
        scores={"ari": scores.ari, "purity": scores.purity},
        extra={
            "clusters": len(clustering.clusters),
            "true_templates": len(set(known.values())),
            "pages": len(predicted),
            "cluster_seconds": round(clustering.seconds, 3),
        },
        result=clustering,
    )


async def run_page_clusters(session: Session, truth: SiteTruth) -> MethodRun:
    return await _page_clusters(session, truth, exact=False)


async def run_page_clusters_exact(session: Session, truth: SiteTruth) -> MethodRun:
    return await _page_clusters(session, truth, exact=True)


async def judge_pages(
    session: Session,
    pages: Sequence[str],
    description: EntityDescription,
    *,
    halt: Halt | None,
) -> dict[str, bool]:
    """isInstance of each of `pages`, at most `JUDGED_AT_ONCE` at a time; once `halt` fires (the
    run's time limit), no further page is judged, and the pages not judged are left out."""
    cache = FeatureCache()
    slots = asyncio.Semaphore(JUDGED_AT_ONCE)

    async def judged(url: str) -> bool | None:
        async with slots:
            if halt is not None and halt.stopping():
                return None  # not judged: the time limit came first
            return await is_instance(session, url, description, cache=cache)

    verdicts = await asyncio.gather(*(judged(url) for url in pages))
    return {u: v for u, v in zip(pages, verdicts, strict=True) if v is not None}


async def run_describe(session: Session, truth: SiteTruth) -> MethodRun:
    """The description of the seed's type, then isInstance on every page of the site
    (`judge_pages`). A run whose time limit fires while it judges is scored on the verdicts
    given until then and marked incomplete, as every method's run stopped by its time limit is
    (before, every page's isInstance was started at once, none of them minding the limit, and a
    site of thousands of pages failed the run with nothing scored)."""
    description = await describe(session, [truth.seed_entity])
    pages = sorted(truth.templates)
    verdicts = await judge_pages(session, pages, description, halt=current_halt())
    found = tuple(url for url in pages if verdicts.get(url))
    scores = set_scores(found, truth.target_entities)
    return MethodRun(
        found=found,
        complete=description.complete and len(verdicts) == len(pages),
        scores={"precision": scores.precision, "recall": scores.recall, "f1": scores.f1},
        extra={
            "terms": len(description.terms),
            "description": " ".join(description.terms),
            "judged": len(verdicts),
        },
        result=description,
    )


METHODS: tuple[MethodSpec, ...] = (
    MethodSpec(
        "url-templates",
        run_url_templates,
        kinds=("catalog",),
        render="never",
        description="URL templates (Allikmaa 2016): templates from a link crawl, gap URLs verified by DOM diff",
    ),
    MethodSpec(
        "page-clusters",
        run_page_clusters,
        kinds=("templates",),
        render="never",
        description="TEXT-MDL page clustering by template with MinHash merge candidates",
    ),
    MethodSpec(
        "page-clusters-exact",
        run_page_clusters_exact,
        kinds=("templates",),
        render="never",
        description="TEXT-MDL page clustering by template, every pair compared",
    ),
    MethodSpec(
        "describe",
        run_describe,
        kinds=("entity-tree",),
        description="Outdesit entity description (TEMPLATE TOKENS) of the seed's type, then isInstance on every page",
    ),
)
