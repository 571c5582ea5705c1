"""Query-centric exploration (seed 004) on the lab's exploratory shops.

The runner starts `explore` at the shop's widest list page with the truth's sample product (on
an entity tree whose list has filters, real-planes, at the widest list found from its home page)
and scores the hidden entity-attribute pairs it extracted with the paper's Eq. 6–7
(`lab.score.pair_scores` over the catalogue's hidden attributes, or the truth's facets; on a
site that offers no facets, the entities it listed against the truth's). Its extra columns:

- ``states``: distinct list pages and Ajax states the exploration saw;
- ``lower_bound_downloads``: the fewest state changes (page loads plus browser actions) any
  method needs to learn every facet value's entities — the start page, plus for each
  single-condition facet query the result pages that list its entities at the largest page size
  the shop offers (paginated shops: the first is the facet link or form), or one action for the
  facet value and one load-more click per further chunk of results (the Ajax shop; a real
  application whose queries are states of one page, its truth's `state_rows` entities a
  state: a dashboard's table paged in the page, a tag's popup);
- ``list_lower_bound``: that bound for the lists alone; when the run read entity pages for
  their fields (records the list and the facets do not give: issue's "fields from entity
  pages", one load per entity), ``lower_bound_downloads`` adds one load per target entity whose
  page the list bound does not hold already (``entity_pages_read``: how many the run read);
- ``cost_ratio``: page loads plus browser actions (each click, select, submit, load-more round)
  over that bound, those of the entry point's search from the home page included
  (``entry_state_changes``); ``state_changes`` that sum;
- ``median_click_settle_ms``: the median settle wait after a browser action (Ajax runs);
- ``entity_recall``: share of the catalogue's products found;
- ``queries``, ``equivalent``, ``skipped_orderings``: queries explored, equivalent queries found
  (not explored below), sort-order variants skipped.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from siteseer.algorithms import Exploration, explore, find_list_page
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.real.registry import REAL_IDS
from siteseer.lab.score import pair_scores, set_scores
from siteseer.lab.sites.catalog_data import HIDDEN_ATTRIBUTES
from siteseer.lab.sites.shop_ajax import AJAX_CHUNK
from siteseer.lab.sites.shop_links import PER_PAGE_CHOICES
from siteseer.lab.sites.shops import DEFAULT_PER_PAGE
from siteseer.lab.truth import SiteTruth, start_url

if TYPE_CHECKING:
    from siteseer.crawler import Cost, Session

__all__ = ["METHODS", "exploration_run", "lower_bound", "run_explore", "start_url"]

Listing = Literal["pages", "load-more"]

# How each shop lists results: paginated (at its largest page size) or grown by load-more.
_LISTING: dict[str, tuple[Listing, int]] = {
    "shop-links": ("pages", max(PER_PAGE_CHOICES)),
    "shop-form": ("pages", DEFAULT_PER_PAGE),
    "shop-ajax": ("load-more", AJAX_CHUNK),
}


def lower_bound(truth: SiteTruth) -> int:
    """Facet values plus the result pages (or load-more states) needed to list their entities;
    see the module docstring. On a site whose queries are states of one page (the truth's
    `state_rows`: a dashboard's filter over a table paged in the page, a tag's popup), one
    action for each query's value and one per further chunk of results. 0 for a site this
    runner does not know."""
    listing = _LISTING.get(truth.site)
    if listing is not None:
        _, size = listing
    elif truth.state_rows and truth.queries:
        size = truth.state_rows
    else:
        return 0
    total = 1  # the start page, where the facets are read
    for query in truth.queries:
        n = len(query.entities)
        total += max(1, math.ceil(n / size))
    return total


def exploration_run(
    result: Exploration,
    truth: SiteTruth,
    settle_ms: Sequence[float] = (),
    entry: Cost | None = None,
) -> MethodRun:
    """Score an Exploration against the truth (hidden pairs, entity recall, cost ratio); `entry`
    is what finding the start page cost (its loads count in the state changes and the ratio).

    The hidden attributes are the catalogue's on the lab's shops, and the truth's facets
    (`facet_values`) on any other exploratory site (the real applications)."""
    hidden = HIDDEN_ATTRIBUTES if truth.site in _LISTING else None
    # A site offering no facets (a table browser, a documentation index) has no hidden pairs:
    # the run is scored by the entities it listed.
    by_entities = hidden is None and not truth.facet_values
    pairs = pair_scores(result.entities, truth, hidden)
    every = pair_scores(result.entities, truth)
    entities = set_scores(result.entities, truth.target_entities)
    # an entity tree's bound is its index pages and the seed path (`SiteTruth`)
    lists = lower_bound(truth) or truth.lower_bound_downloads
    read = _entity_pages_read(result)
    bound = lists + (_entity_pages(truth) if read else 0)
    extra: dict[str, float | int | str] = {
        "states": result.states,
        "lower_bound_downloads": bound,
        "list_lower_bound": lists,
        "entity_pages_read": read,
        "entity_recall": round(entities.recall, 4),
        "entity_precision": round(entities.precision, 4),
        "all_pairs_f1": round(every.f1, 4),
        "queries": sum(1 for q in result.queries if q.status == "explored"),
        "equivalent": sum(1 for q in result.queries if q.status == "equivalent"),
        "skipped_orderings": sum(1 for s in result.skipped if s.reason == "ordering"),
    }
    spent = result.cost.state_changes + (entry.state_changes if entry is not None else 0)
    if entry is not None:
        extra["entry_state_changes"] = entry.state_changes
    extra["state_changes"] = spent
    if bound:
        extra["cost_ratio"] = round(spent / bound, 3)
    if settle_ms:
        extra["median_click_settle_ms"] = round(statistics.median(settle_ms), 1)
    if not result.complete:
        extra["reason"] = result.reason
    scored = entities if by_entities else pairs
    if by_entities:
        extra["scored_by"] = "entities (no facets)"
    return MethodRun(
        found=tuple(result.entities),
        complete=result.complete,
        scores={"precision": scored.precision, "recall": scored.recall, "f1": scored.f1},
        extra=extra,
        result=result,
    )


def _entity_pages_read(result: Exploration) -> int:
    """How many entity pages the run loaded to read their records (records.py's trace)."""
    return sum(
        int(dict(t.values).get("pages", 0))
        for t in result.trace
        if t.step == "entity-pages" and t.decision == "read"
    )


def _entity_pages(truth: SiteTruth) -> int:
    """One load per target entity whose page the list bound does not count already (the seed
    path's entity)."""
    return len(set(truth.target_entities) - set(truth.seed_path))


async def run_explore(session: Session, truth: SiteTruth) -> MethodRun:
    start, hub, entry = await _start(session, truth)
    result = await explore(session, start, entity_sample=truth.seed_entity, hub=hub)
    return exploration_run(result, truth, session.action_settle_ms(), entry)


async def _start(session: Session, truth: SiteTruth) -> tuple[str, str | None, Cost | None]:
    """The truth's widest list page; for a site whose truth names none (an entity tree), the
    widest list found from its home page, as `siteseer explore` finds it, that home page (the
    hub of the lists beside it) and what finding it cost (its loads count)."""
    try:
        return start_url(truth), None, None
    except ValueError:
        entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
        hub = entry.start if entry.url != entry.start else None
        return entry.url, hub, entry.cost


METHODS: tuple[MethodSpec, ...] = (
    MethodSpec(
        "explore",
        run_explore,
        kinds=("shop",),
        # every real application: its lists are read whether or not it has facets
        also=REAL_IDS,
        description="Query-centric exploration (seed 004) with Ajax facets, forms and load-more",
    ),
)
