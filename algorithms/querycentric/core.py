"""The shared core of one exploration: loads, list pages, entities, queries and the result.

`Explorer` is what the kinds of facets (kinds.py: links.py, ajax.py, forms.py) work on:

- loads go through the method-run helper (`algorithms.run.Run`): a page or action that fails is
  a skip ("error"); once the budget is spent every further load is a skip ("budget") and the
  exploration winds down with what it has, the run's reason saying why it is incomplete;
- the entity pattern and the result container (the list of results on a list page), learned
  by entities.py;
- OnlineClustering (Algorithm 1): the pages of one query, through its pager links (clustering.py);
- the queries: their index (equivalence by hash), the DAG's edges, the drill-downs worth
  exploring below a query, and the `Exploration` at the end (with the fields of records.py).

The decisions over pages are model.py's pure functions; this module calls them and keeps the
bookkeeping.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from siteseer.algorithms.querycentric import clustering
from siteseer.algorithms.querycentric.disclosures import revealed_entities
from siteseer.algorithms.querycentric.entities import sample_pattern
from siteseer.algorithms.querycentric.model import (
    Condition,
    EntityPattern,
    Facet,
    FacetLabel,
    classify_page,
    drilldown_labels,
    result_entities,
)
from siteseer.algorithms.querycentric.queries import QueryIndex, QueryKey, infer_attributes
from siteseer.algorithms.querycentric.records import listed_attributes, listed_of
from siteseer.algorithms.querycentric.rows import FieldValue, RowKey
from siteseer.algorithms.querycentric.sightings import Sightings
from siteseer.algorithms.querycentric.throughviews import through_view
from siteseer.algorithms.querycentric.views import folder_form
from siteseer.algorithms.result import (
    Exploration,
    ExploredQuery,
    QueryEdge,
    QueryStatus,
    Skipped,
    SkipReason,
)
from siteseer.algorithms.run import Run, Stopped
from siteseer.render import Action, Snapshot, State

__all__ = ["Explorer", "Query", "Settings", "agreeing", "show", "with_facet", "with_fields"]


@dataclass(frozen=True, slots=True)
class Settings:
    """The parameters of one exploration (see `explore` for each)."""

    entity_sample: str | None = None
    keywords: tuple[str, ...] = ()
    allow_post: bool = False
    max_depth: int = 3
    epsilon: float = 0.2
    subset_tolerance: float = 0.05
    max_anchor_keywords: int = 30
    load_more_rounds: int = 1000
    entity_pages: bool = True
    hub: str | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.epsilon < 1:
            raise ValueError(f"epsilon must be in [0, 1), got {self.epsilon}")
        if self.max_depth < 0:
            raise ValueError(f"max_depth must be ≥ 0, got {self.max_depth}")
        if self.load_more_rounds < 1:
            raise ValueError(f"load_more_rounds must be ≥ 1, got {self.load_more_rounds}")

    def described(self) -> tuple[tuple[str, object], ...]:
        """The parameters as the result reports them."""
        return (
            ("entity_sample", self.entity_sample or ""),
            ("keywords", len(self.keywords)),
            ("allow_post", self.allow_post),
            ("max_depth", self.max_depth),
            ("epsilon", self.epsilon),
            ("subset_tolerance", self.subset_tolerance),
            ("load_more_rounds", self.load_more_rounds),
            ("entity_pages", self.entity_pages),
            ("hub", self.hub or ""),
        )


@dataclass
class Query:
    """A query while it is being explored (mutable; frozen into `ExploredQuery` at the end)."""

    id: str
    conditions: tuple[Condition, ...]
    depth: int
    first: Snapshot
    pages: list[Snapshot] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    facets: tuple[Facet, ...] = ()
    status: QueryStatus = "explored"
    equivalent_to: str = ""
    parent: str = ""

    @property
    def entity_set(self) -> frozenset[str]:
        return frozenset(self.entities)

    @property
    def offered(self) -> frozenset[FacetLabel]:
        return frozenset((f.attribute.casefold(), f.value.casefold()) for f in self.facets)

    @property
    def labels(self) -> frozenset[FacetLabel]:
        """What the query's page offered and what it applied, case-folded."""
        return self.offered | {(a.casefold(), v.casefold()) for a, v in self.conditions}


class Explorer:
    """One exploration: its run, the entity pattern, the queries, their index and the skips."""

    def __init__(self, run: Run, start: str, settings: Settings) -> None:
        self.run = run
        self.start = start
        self.settings = settings
        self.canonical = run.session.canonical  # the crawl's canonicalisation, for the model
        self.pattern: EntityPattern | None = None
        self.rows: RowKey | None = None  # entities are result-table rows, not pages
        self.containers: frozenset[str] | None = None
        self.lists: frozenset[str] = (
            frozenset()
        )  # pages of the pattern that are lists (treelists.py)
        self.queries: list[Query] = []
        self.edges: list[QueryEdge] = []
        self.skipped: list[Skipped] = []
        self.index = QueryIndex()
        self.by_drilldowns: dict[frozenset[tuple[str, str, int | None]], list[str]] = {}
        self.states = Sightings(self)  # every state seen and the entities it listed
        # States a disclosure opened: their entities are the links the popup added, not the
        # page's result list (state key → the links of the state before, the value opened)
        self.opened: dict[str, tuple[frozenset[tuple[str, str]], str]] = {}
        self.sample: Snapshot | None = None  # the entity page loaded to learn the pattern
        # entity → the fields its own page shows and no list or facet gave (`read_records`)
        self.records: dict[str, dict[str, FieldValue]] = {}
        # (attribute, value) pairs, case-folded, that forms offer (their enumerable fields)
        self.form_labels: set[FacetLabel] = set()
        self.listed: dict[str, dict[str, FieldValue]] | None = None  # records.py `listed_of`, once
        # controls whose action led to a request the browser refused: never acted on again
        self.unsafe_selectors: set[str] = set()
        # (a page's state, a select's selector) that failed to take a value (`act`)
        self.stuck_selects: set[tuple[str, str]] = set()
        # the path below an entity's page the start list links each entity through
        # (throughviews.py): every page loaded names those links by their entities
        self.view: tuple[str, ...] = ()

    # -- skips and loads --------------------------------------------------------------------------

    def skip(self, subject: str, reason: SkipReason, detail: str = "", query: str = "") -> None:
        self.skipped.append(Skipped(subject, reason, detail, query))
        self.run.note("skip", reason, subject, note=detail)

    def _not_loaded(self, subject: str, key: str) -> None:
        """Record a load that gave nothing: an error (the run traced why) or the spent budget."""
        why = self.run.failed.get(key)
        if why is not None:
            self.skipped.append(Skipped(subject, "error", why))
        else:
            self.skip(subject, "budget", self.run.reason)

    def as_hub(self, url: str) -> str:
        """`url`, or the page the start list was found on (`Settings.hub`) where `url` is that
        page's folder's index document (``/index.html`` for ``/``): the same page, loaded
        already."""
        hub = self.settings.hub
        return hub if hub and folder_form(url) == folder_form(hub) else url

    async def page(self, url: str) -> Snapshot | None:
        """`pages` for one URL."""
        return (await self.pages([url]))[0]

    async def pages(self, urls: Sequence[str]) -> list[Snapshot | None]:
        """The 2xx Snapshots of `urls` in order, loaded in one batch; None for each that failed
        or that the budget no longer allowed (a skip says which)."""
        try:
            got = await self.run.fetch(urls)
        except Stopped:  # the budget ran out: keep what the batch loaded
            got = {u: p for u in urls if (p := self.run.pages.get(u)) is not None and p.ok}
        out: list[Snapshot | None] = []
        for url in urls:
            snap = got.get(url)
            if snap is None:
                self._not_loaded(url, url)
            else:
                snap = self.through_view(snap)
                self.states.add(snap)
            out.append(snap)
        return out

    async def rendered(self, url: str) -> Snapshot | None:
        """`url` loaded in the browser (a page kept from a plain load is replaced)."""
        try:
            snap = await self.run.rendered(url)
        except Stopped:
            snap = None
        if snap is None:
            self._not_loaded(url, url)
        else:
            snap = self.through_view(snap)
            self.states.add(snap)
        return snap

    async def act(self, snap: Snapshot, action: Action) -> Snapshot | None:
        """The state `action` leads to from `snap` (in the browser); None when it failed, or
        when its page sent a request the browser refused (render/effects.py): the control is
        then unsafe, named in the trace, and never acted on again."""
        subject = action.label or action.selector
        if (action.selector or action.key()) in self.unsafe_selectors:
            return None
        # a select that could not be set to one value (hidden, disabled: a search panel's
        # scope list drawn closed) takes no other on the same page either
        stuck = (snap.key, action.selector) if action.kind == "select" else None
        if stuck is not None and stuck in self.stuck_selects:
            self.skip(subject, "error", "its select could not be set to another value here")
            return None
        failed = False
        try:
            new = await self.run.act(snap, action)
            failed = new is None
        except Stopped:
            new = None
        if failed and stuck is not None:
            self.stuck_selects.add(stuck)
        if new is None:
            self._not_loaded(subject, (snap.state or State(snap.url)).then(action).key())
        elif new.refused:
            self.unsafe_selectors.add(action.selector or action.key())
            self.skip(subject, "unsafe", "its action sent " + "; ".join(new.refused))
            return None
        else:
            new = self.through_view(new)
            self.states.add(new)
        return new

    def through_view(self, snap: Snapshot) -> Snapshot:
        """`snap` with its links to the entities' `view` named by their entities."""
        sample = self.settings.entity_sample
        if not self.view or not sample:
            return snap
        return through_view(snap, sample_pattern(sample), self.view, sample)

    # -- pages ------------------------------------------------------------------------------------

    def entities(self, snap: Snapshot) -> tuple[str, ...]:
        opened = self.opened.get(snap.key)
        if opened is not None and self.pattern is not None:
            return revealed_entities(snap, self.pattern, *opened)
        if self.rows is not None:
            return self.rows.entities(snap)
        assert self.pattern is not None
        found = result_entities(snap, self.pattern, self.containers)
        return tuple(u for u in found if u not in self.lists) if self.lists else found

    def kind(self, snap: Snapshot) -> str:
        if self.rows is not None:
            return "list" if self.rows.entities(snap) else "other"
        assert self.pattern is not None
        return classify_page(snap, self.pattern, self.containers)

    # -- clustering (Algorithm 1): clustering.py ---------------------------------------------------

    async def largest_page_size(self, root: Snapshot) -> Snapshot:
        """clustering.py `largest_page_size`."""
        return await clustering.largest_page_size(self, root)

    async def start_pages(self, first: Snapshot) -> list[Snapshot]:
        """clustering.py `start_pages`."""
        return await clustering.start_pages(self, first)

    async def cluster(self, first: Snapshot, query: str) -> list[Snapshot]:
        """The list pages of `first`'s query, following pager links (clustering.py)."""
        return (await self.cluster_many([first], [query]))[0]

    async def cluster_many(
        self, firsts: Sequence[Snapshot], names: Sequence[str]
    ) -> list[list[Snapshot]]:
        """clustering.py `cluster_many`."""
        return await clustering.cluster_many(self, firsts, names)

    # -- queries ----------------------------------------------------------------------------------

    def new_query(
        self, conditions: tuple[Condition, ...], depth: int, first: Snapshot, parent: str = ""
    ) -> Query:
        q = Query(f"q{len(self.queries)}", conditions, depth, first, parent=parent)
        self.queries.append(q)
        return q

    def finish(self, q: Query, pages: list[Snapshot], facets: tuple[Facet, ...]) -> str | None:
        """Record the query's pages, entities and drill-downs; return the id of an equivalent
        query explored before, if any (then `q` is marked equivalent)."""
        q.pages = pages
        q.entities = list(dict.fromkeys(e for p in pages for e in self.entities(p)))
        q.facets = facets
        drill = drilldown_labels(facets)
        key = QueryKey(q.entity_set, drill)
        same = self.index.equivalent(key)
        if same is not None:
            q.status, q.equivalent_to = "equivalent", same
            self.skip(q.id, "equivalent", f"same entities and drill-downs as {same}", q.id)
            return same
        self.index.add(q.id, key, q.conditions)
        self.by_drilldowns.setdefault(drill, []).append(q.id)
        return None

    def note_query(
        self,
        q: Query,
        *,
        level: int | None,
        urls: Iterable[str] = (),
        drilldowns: int | None = None,
        note: str = "",
    ) -> None:
        """The trace entry of a query made (explored, or equivalent to one explored before)."""
        values = {"entities": float(len(q.entities))}
        if drilldowns is not None:
            values["drilldowns"] = float(drilldowns)
        self.run.note(
            "query",
            "explore" if q.status == "explored" else "equivalent",
            q.id,
            level=level,
            urls=urls,
            values=values,
            note=note,
        )

    def early_equivalent(self, first: Snapshot, facets: tuple[Facet, ...]) -> Query | None:
        """A known query whose drill-downs (with counts) equal these and whose entities include
        every entity of this first page: equivalent without fetching the remaining pages."""
        drill = drilldown_labels(facets)
        if not drill or not any(c is not None for _, _, c in drill):
            return None
        page = set(self.entities(first))
        for qid in self.by_drilldowns.get(drill, ()):
            known = self.queries[int(qid[1:])]
            if page and page <= known.entity_set:
                return known
        return None

    def edge(self, parent: Query, child: Query, facet: Facet) -> None:
        self.edges.append(QueryEdge(parent.id, child.id, facet.attribute, facet.value))

    def _known_labels(self, q: Query) -> set[FacetLabel]:
        labels: set[FacetLabel] = set()
        node: Query | None = q
        while node is not None:
            labels |= node.labels
            node = self.queries[int(node.parent[1:])] if node.parent else None
        return labels

    def known_attributes(self, q: Query) -> set[str]:
        """The attributes (case-folded) `q`'s ancestors offered or applied ("" for none at the
        start query, whose own drill-downs are all new)."""
        if q.parent == "":
            return set()
        return {a for a, _ in self._known_labels(self.queries[int(q.parent[1:])])}

    def split_drilldowns(self, q: Query, facets: Sequence[Facet]) -> list[Facet]:
        """The drill-downs of `q` worth exploring: those its ancestors did not offer."""
        if q.parent == "":
            return [f for f in facets if not f.selected]
        known = self._known_labels(self.queries[int(q.parent[1:])])
        known |= {(a.casefold(), v.casefold()) for a, v in q.conditions}
        fresh = [f for f in facets if not f.selected and f.label_key not in known]
        for facet in facets:
            if facet.label_key in known and not facet.selected:
                conditions = show(with_facet(q.conditions, facet))
                self.skip(
                    facet.url or f"{facet.attribute}: {facet.value}",
                    "conjunction",
                    f"{conditions}: each value was applied alone to the start query "
                    "(E_{a=v,b=w} = E_{a=v} ∩ E_{b=w}); not fetched",
                    q.id,
                )
        return fresh

    # -- fields of entities -----------------------------------------------------------------------

    def listed_attributes(self, q0: Query, offered: Iterable[FacetLabel]) -> set[str]:
        """records.py `listed_attributes`: the attributes of `offered` the start query's list
        shows for every entity (their drill-downs add no pair)."""
        return listed_attributes(self, q0, offered)

    def facet_labels(self) -> set[FacetLabel]:
        """Every (attribute, value) a facet or form offered or a query applied, case-folded."""
        return self.form_labels.union(*(q.labels for q in self.queries))

    # -- the result -------------------------------------------------------------------------------

    def entity_description(self) -> str:
        if self.rows is not None:
            return self.rows.describe()
        return self.pattern.describe() if self.pattern else ""

    def why_no_entities(self) -> str:
        """Why a run yielded no entity: the page taken for the list and what it saw there."""
        seen = f"{len(self.states)} list page(s) and state(s) seen"
        described = self.entity_description()
        why = (
            f"entity links were recognised ({described}) but none was listed"
            if described
            else "no group of links there looked like links to entity pages"
        )
        return f"no entities: {self.start} was taken for the list; {why} ({seen})"

    def result(self) -> Exploration:
        # a condition every entity of the start query meets names no attribute: it shows the
        # same results another way (a search box's "search in: author" with no words)
        whole = self.queries[0].entity_set if self.queries else frozenset()
        listed = [(q.conditions if q.entity_set != whole else (), q.entities) for q in self.queries]
        listed += [] if self.run.complete else [((), self.states.entities())]  # stopped early
        labels = self.facet_labels()
        queries = tuple(
            ExploredQuery(
                q.id,
                tuple(sorted(q.conditions)),
                tuple(sorted(q.entities)),
                tuple(p.key for p in q.pages),
                q.depth,
                "equivalent" if q.status == "equivalent" else "explored",
                q.equivalent_to,
            )
            for q in self.queries
        )
        entities = with_fields(
            infer_attributes(listed),
            *(agreeing(fields, labels) for fields in (listed_of(self), self.records)),
        )
        if not entities:
            self.run.unfinished(self.why_no_entities())
        return Exploration(
            method="explore",
            start=self.start,
            entities=entities,
            queries=queries,
            edges=tuple(self.edges),
            skipped=tuple(self.skipped),
            trace=tuple(self.run.trace),
            cost=self.run.cost(),
            complete=self.run.complete,
            reason=self.run.reason,
            states=len(self.states),
            entity_pattern=self.entity_description(),
            params=self.settings.described(),
        )


def agreeing(
    fields: Mapping[str, Mapping[str, FieldValue]], facet_labels: set[FacetLabel]
) -> dict[str, dict[str, FieldValue]]:
    """`fields` without those named as a facet's attribute whose value is none of that facet's
    values: a list's exact "Price" is not the price *band* a facet of the same name filters on,
    and reporting it under that name would contradict the facet's own labels (a field of
    several values: each of them). A field whose values are the facet's for most of the entities
    that have it is the facet's attribute, every value kept: a facet may list its most
    frequent values only."""
    values: dict[str, set[str]] = {}
    for attribute, value in facet_labels:
        values.setdefault(attribute, set()).add(value)

    def agrees(name: str, value: FieldValue) -> bool:
        return all(v.casefold() in values[name.casefold()] for v in _values(value))

    # A field whose values are mostly the facet's is the facet's attribute: the facet lists its
    # most frequent values only (">30" values, 30 shown), and the rest are values all the same.
    named_alike = Counter(
        (name.casefold(), agrees(name, value))
        for named in fields.values()
        for name, value in named.items()
        if name.casefold() in values
    )
    same = {a for (a, yes), n in named_alike.items() if yes and n > named_alike[a, False]}
    return {
        entity: {
            name: value
            for name, value in named.items()
            if name.casefold() not in values or name.casefold() in same or agrees(name, value)
        }
        for entity, named in fields.items()
    }


def _values(value: FieldValue) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def with_fields(
    attributes: dict[str, dict[str, tuple[str, ...]]],
    *sources: Mapping[str, Mapping[str, FieldValue]],
) -> dict[str, dict[str, tuple[str, ...]]]:
    """`attributes` (from the facet queries) with the fields of `sources` added, each source
    adding to an entity only the fields (names compared case-insensitively) it has not got yet:
    the facets first, then the sources in order. Only the entities of `attributes` count. A
    name is spelled one way across the site: its first spelling, the facets' before the
    sources'."""
    # one spelling of each name across the site: the facets' first, then the sources' in order
    # ("weather" from a facet, not "Weather" from the list for the entities no facet query lists)
    spelling: dict[str, str] = {}
    for named in (attributes, *sources):
        for fields in named.values():
            for name in fields:
                spelling.setdefault(name.casefold(), name)
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for entity, attrs in attributes.items():
        merged = {spelling[name.casefold()]: value for name, value in attrs.items()}
        for source in sources:
            for name, value in source.get(entity, {}).items():
                merged.setdefault(spelling[name.casefold()], _values(value))
        out[entity] = dict(sorted(merged.items()))
    return out


def with_facet(conditions: tuple[Condition, ...], facet: Facet) -> tuple[Condition, ...]:
    """`conditions` and the facet's attribute = value."""
    return (*conditions, (facet.attribute, facet.value))


def show(conditions: Iterable[Condition]) -> str:
    """Conditions as people read them: ``{Brand=Nike, Colour=Red}``."""
    return "{" + ", ".join(f"{a}={v}" for a, v in conditions) + "}"


def _host_of(url: str) -> str:
    return urlsplit(url).netloc.rpartition("@")[2].lower()
