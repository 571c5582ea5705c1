"""Result types shared by the methods: each carries a trace and the Session's cost.

Plain frozen dataclasses (JSON-serialisable through `to_dict`), so a result is self-contained and
can travel between processes. Each method adds its own result type here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from siteseer.crawler import Cost

__all__ = [
    "Discovery",
    "EntityDescription",
    "Exploration",
    "ExploredQuery",
    "GeneratedUrl",
    "PageCluster",
    "PageClustering",
    "PageTemplateParts",
    "QueryEdge",
    "QueryStatus",
    "SkipReason",
    "Skipped",
    "TemplateReport",
    "TraceEntry",
    "UrlTemplate",
]


@dataclass(frozen=True, slots=True)
class TraceEntry:
    """Why a page or a group of links was kept or pruned.

    `step` names the algorithm step ("top-index", "same-level", "pagination", "collection" …),
    `decision` is "keep" or "prune" (or another short verb), `urls` the pages concerned, and
    `values` the similarity figures that decided it (e.g. {"strongsim": 0.82, "simhtml": 0.71}).
    """

    step: str
    decision: str
    subject: str
    level: int | None = None
    urls: tuple[str, ...] = ()
    values: tuple[tuple[str, float], ...] = ()
    note: str = ""

    def line(self, *, level: bool = False) -> str:
        """The entry on one line, its note left out: ``step: decision subject [3 pages]
        (simhtml=0.71)``; with `level`, the level it was taken at after the step
        (``step (level 1): …``) when it has one."""
        at = f" (level {self.level})" if level and self.level is not None else ""
        size = f" [{len(self.urls)} page{'s' if len(self.urls) != 1 else ''}]" if self.urls else ""
        values = ", ".join(f"{k}={v:g}" for k, v in self.values)
        text = f"{self.step}{at}: {self.decision} {self.subject}{size}"
        return text + (f" ({values})" if values else "")


@dataclass(frozen=True)
class Discovery:
    """Entity pages found from one sample entity page (SSUP, Indesit, GPP)."""

    method: str
    seed: str
    entities: tuple[str, ...]
    index_pages: tuple[tuple[str, ...], ...] = ()  # per level, root level first
    sample_path: tuple[str, ...] = ()  # root index page → … → seed
    trace: tuple[TraceEntry, ...] = ()
    cost: Cost = field(default_factory=Cost)
    complete: bool = True
    reason: str = ""  # why incomplete (budget spent, seed unreachable …)
    params: tuple[tuple[str, Any], ...] = ()  # the parameters the run used (e.g. height)
    # entity URL → "sitemap", "links" or "both" when published URLs were used (else empty)
    sources: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def source_of(self, url: str) -> str:
        """Where an entity came from: "sitemap", "links" or "both" ("links" without sources)."""
        return dict(self.sources).get(url, "links")


@dataclass(frozen=True)
class SitemapAudit:
    """A sitemap checked against the crawl: how many published URLs fit the seed's template
    (`published`) out of how many files read; the entity pages the crawl found that it misses,
    its entries that do not answer at their own URL (`stale`: 4xx/5xx, redirects) or show
    another page template, and `orphans` — entity pages it lists that no list links to."""

    published: int
    files: int
    missing: tuple[str, ...] = ()
    stale: tuple[str, ...] = ()
    other_template: tuple[str, ...] = ()
    orphans: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        return (
            f"sitemap audit: {self.published} entries of the seed's template in {self.files} "
            f"files; {len(self.missing)} entity pages missing from it, {len(self.stale)} stale, "
            f"{len(self.other_template)} of another template, {len(self.orphans)} orphans"
        )


# --- query-centric exploration (seed 004) ------------------------------------------------------

QueryStatus = Literal["explored", "equivalent"]
SkipReason = Literal[
    "equivalent",  # same entities and same drill-downs as a query already explored
    "same-conditions",  # the same attribute/value set was reached by another path
    "ordering",  # a sort-order variant of a query (equivalent by the root's test)
    "page-size",  # a smaller page size than the one chosen
    "conjunction",  # a combination of facet values already applied alone (E_{a,b} = E_a ∩ E_b)
    "not-drill-down",  # its results are not a subset of the parent's (Assumption 3 fails)
    "view",  # exactly the parent's results (another view of them, e.g. other figures shown)
    "unsafe",  # cart, checkout, account, delete, login/logout, password form
    "post-form",  # a POST form, skipped without --allow-post
    "depth",  # below --max-depth
    "budget",  # the page budget ran out
    "error",  # the page or action failed
    "not-a-list",  # the target shows no result entities
    "singletons",  # a level of many drill-downs of about one entity each (a date's days)
    "listed",  # its attribute the start query's list shows for every entity: no new pair
    "barren",  # a disclosure whose group's first openings revealed no entity
]


@dataclass(frozen=True)
class ExploredQuery:
    """One query of the site: its conditions, the entities it returns, the pages that list them.

    `id` is stable within a run ("q0" is the start query). `conditions` are (attribute, value)
    pairs sorted; `entities` sorted entity URLs; `pages` the keys of the list pages or states of
    its cluster (pagination, load-more). `status` is "equivalent" when the query matched one
    already explored (`equivalent_to`) and was not explored below.
    """

    id: str
    conditions: tuple[tuple[str, str], ...]
    entities: tuple[str, ...]
    pages: tuple[str, ...]
    depth: int
    status: QueryStatus = "explored"
    equivalent_to: str = ""


@dataclass(frozen=True, slots=True)
class QueryEdge:
    """A drill-down: `child` = `parent` ∪ {attribute = value}."""

    parent: str
    child: str
    attribute: str
    value: str


@dataclass(frozen=True, slots=True)
class Skipped:
    """A link, control or form submission deliberately not followed, and why."""

    subject: str  # URL, state key or control label
    reason: SkipReason
    detail: str = ""
    query: str = ""  # the query it was seen on


@dataclass(frozen=True)
class Exploration:
    """The queries of an exploratory site and the attributes they reveal (seed 004).

    `entities` maps each entity URL to {attribute: values}, learned from the queries that list it,
    then the fields its list-table row and its own page (when read) show (one value each).
    `edges` form the query DAG. `states` counts the distinct list pages and Ajax states seen.
    """

    method: str
    start: str
    entities: dict[str, dict[str, tuple[str, ...]]]
    queries: tuple[ExploredQuery, ...] = ()
    edges: tuple[QueryEdge, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    trace: tuple[TraceEntry, ...] = ()
    cost: Cost = field(default_factory=Cost)
    complete: bool = True
    reason: str = ""
    states: int = 0
    entity_pattern: str = ""  # how entity links were recognised
    params: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# --- URL templates and page templates (seeds 001, 002, 003) ------------------------------------

GeneratedVerdict = Literal["entity", "empty", "error", "duplicate"]


@dataclass(frozen=True)
class UrlTemplate:
    """One final URL template: `pattern` with ``{N}`` for the entity index.

    `key` shows unused texts as ``{T}`` (``/item/{T}{N}``), `pattern` fills them with their most
    frequent value (the URL the generated ones are made from); `values` are the known indices, `gaps` the inclusive ranges missing between them, `urls` the
    input URLs it matched, `tried` the URLs generated from it and `found` the new entity pages.
    """

    pattern: str
    regex: str
    values: tuple[int, ...]
    gaps: tuple[tuple[int, int], ...]
    urls: int
    key: str = ""
    tried: int = 0
    found: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GeneratedUrl:
    """A generated URL and how it was judged (an entity page, an empty page, an error …)."""

    url: str
    template: str
    verdict: GeneratedVerdict
    final_url: str
    status: int


@dataclass(frozen=True)
class TemplateReport:
    """URL templates of a site and the hidden entity pages found with them.

    `stages` counts the templates after each step of template generation (INIT, PREFIX, FILTER,
    UNUSED, NUM, UNUSED2, FINAL). `dropped` are the templates left out at FINAL for knowing fewer
    ids than `minimum_values`: each one's key and how many ids it knew, most first.
    """

    method: str
    templates: tuple[UrlTemplate, ...]
    found: tuple[str, ...]
    checked: tuple[GeneratedUrl, ...] = ()
    stages: tuple[tuple[str, int], ...] = ()
    trace: tuple[TraceEntry, ...] = ()
    cost: Cost = field(default_factory=Cost)
    complete: bool = True
    reason: str = ""
    params: tuple[tuple[str, Any], ...] = ()
    dropped: tuple[tuple[str, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class PageTemplateParts:
    """The template part of one page: its template text and the DOM paths of its regions."""

    url: str
    text: str
    regions: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class PageCluster:
    """Pages generated by one template, with the template's (essential) paths."""

    pages: tuple[str, ...]
    paths: tuple[str, ...]


@dataclass(frozen=True)
class PageClustering:
    """A clustering of pages by template and its MDL cost (bits)."""

    method: str
    clusters: tuple[PageCluster, ...]
    mdl_bits: float
    seconds: float = 0.0
    merges: int = 0
    cost: Cost = field(default_factory=Cost)
    params: tuple[tuple[str, Any], ...] = ()

    def labels(self) -> dict[str, int]:
        """Page URL → cluster number."""
        return {url: n for n, c in enumerate(self.clusters) for url in c.pages}

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class EntityDescription:
    """The intensional description of an entity type (Outdesit, section 5.1).

    `terms` are shared by the page templates of samples from different sites; `per_sample` holds
    each sample's template terms (site-template terms removed) and `similar` the pages used.
    `complete` is False, with the `reason`, when the run stopped early (budget, time limit,
    Ctrl-C): the terms then come from the pages found until then, and `samples` holds only the
    samples described.
    """

    terms: tuple[str, ...]
    samples: tuple[str, ...]
    per_sample: tuple[tuple[str, ...], ...] = ()
    similar: tuple[tuple[str, ...], ...] = ()
    cost: Cost = field(default_factory=Cost)
    complete: bool = True
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
