"""Query-centric exploration of exploratory sites (seed 004), extended to Ajax facets and forms.

`explore(session, start)` recovers the queries an exploratory site supports and the hidden
attributes of its entities::

    async with Session(SessionConfig(render="auto")) as session:
        result = await explore(session, "http://127.0.0.1:8000/shop")
    result.entities["…/product/1/…"]  # {"Colour": ("Black", "Red"), "Category": ("Footwear",), …}

The steps follow the paper's online approach (Section 4.3, Algorithms 1 and 2) with these
choices, each recorded in the trace:

1. Entity pages are recognised by URL (`EntityPattern`): learned from `entity_sample` when
   given, else guessed from the start page's largest repeated link group and checked on one
   sample. Entity identity comes from the list pages' entity links: entity pages are not
   downloaded beyond that one sample.
2. OnlineClustering (Algorithm 1): the pages of one query are found through its pager links,
   each kept only when its non-entity, non-pager links have Jaccard similarity > 1 − ε with the
   query's first page. Restricting the recursion to pager links (instead of every list link)
   keeps drill-downs out of the cluster when a site's facet links do not depend on the current
   query; the Jaccard test is the paper's.
3. Minimal cost: since ``E_{a=v, b=w} = E_{a=v} ∩ E_{b=w}``, every facet value is applied alone
   to the widest query (the start page); a drill-down of a drill-down is explored only when it
   offers an attribute/value the parent did not (hierarchical facets such as a subcategory that
   appears once a category is chosen). Every other combination is reported as skipped
   ("conjunction"). The largest page size the site offers is chosen first.
4. Equivalent queries (Section 4.3): a query with the same entities and the same drill-downs as
   one already explored is not explored below (looked up by hash, `QueryIndex`); the same
   condition set reached twice is not fetched at all (Algorithm 2, line 15). Sort-order variants
   of the start query are fetched once and must pass the equivalence test (same drill-downs
   with the same counts, entities within the start query's); the ordering parameters or controls
   that passed it are then skipped everywhere else without a fetch.
5. Ajax facets are Controls: clicking one gives a new state, replayable from its URL and action
   path; a load-more control is then used until the list stops growing. States are identified by
   structure fingerprint plus result entity set (`state_key`), looked up by hash.
6. Forms: select options, radios and checkboxes are enumerated as attribute values, one field at
   a time; GET forms are submitted by loading the URL the browser would build, POST forms only
   with `allow_post` (in the browser); forms with a password field never. Keyword boxes take the
   `keywords` given, or, when a form has nothing to enumerate, words from anchor texts seen.
7. Safety: links and controls that look like cart, checkout, account, delete, login or logout are
   never followed or clicked (`unsafe_reason`), and only facet controls (under a facet heading),
   pagers and load-more are clicked.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from urllib.parse import urlsplit

from algorithms.querycentric_model import (
    Condition,
    EntityPattern,
    Facet,
    FacetLabel,
    FormChoice,
    FormSpec,
    QueryIndex,
    QueryKey,
    classify_page,
    clean_label,
    control_facets,
    drilldown_labels,
    first_page_form,
    form_choices,
    forms_of,
    get_submission,
    guess_entity_pattern,
    infer_attributes,
    is_subset,
    link_facets,
    list_links,
    load_more_control,
    ordering_links,
    page_size_links,
    pagination_candidates,
    result_container,
    result_entities,
    same_query,
    state_key,
    unsafe_reason,
)
from algorithms.result import (
    Exploration,
    ExploredQuery,
    QueryEdge,
    QueryStatus,
    Skipped,
    SkipReason,
    TraceEntry,
)
from crawler.errors import BudgetExhausted, CrawlError
from crawler.session import Session
from render.snapshot import Action, Control, Snapshot, State

__all__ = ["explore"]

_ORDER_WORDS = ("sort", "order", "sorted")


@dataclass
class _Query:
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


class _Explorer:
    """One exploration: owns the query index, the trace and the skipped list."""

    def __init__(
        self,
        session: Session,
        start: str,
        *,
        entity_sample: str | None,
        keywords: Sequence[str],
        allow_post: bool,
        max_depth: int,
        epsilon: float,
        subset_tolerance: float,
        max_anchor_keywords: int,
        load_more_rounds: int,
    ) -> None:
        self.session = session
        self.load_more_rounds = load_more_rounds
        self.start = start
        self.entity_sample = entity_sample
        self.keywords = tuple(keywords)
        self.allow_post = allow_post
        self.max_depth = max_depth
        self.epsilon = epsilon
        self.tolerance = subset_tolerance
        self.max_anchor_keywords = max_anchor_keywords
        self.pattern: EntityPattern | None = None
        self.containers: frozenset[str] | None = None
        self.queries: list[_Query] = []
        self.edges: list[QueryEdge] = []
        self.skipped: list[Skipped] = []
        self.trace: list[TraceEntry] = []
        self.index = QueryIndex()
        self.by_drilldowns: dict[frozenset[tuple[str, str, int | None]], list[str]] = {}
        self.states: set[str] = set()
        self.state_ids: dict[str, str] = {}
        self.ordering_params: set[str] = set()
        self.ordering_groups: set[str] = set()
        self.complete = True
        self.reason = ""

    # -- plumbing -------------------------------------------------------------------------------

    def note(
        self,
        step: str,
        decision: str,
        subject: str,
        *,
        level: int | None = None,
        urls: Iterable[str] = (),
        values: Iterable[tuple[str, float]] = (),
        note: str = "",
    ) -> None:
        self.trace.append(
            TraceEntry(step, decision, subject, level, tuple(urls), tuple(values), note)
        )

    def skip(self, subject: str, reason: SkipReason, detail: str = "", query: str = "") -> None:
        self.skipped.append(Skipped(subject, reason, detail, query))
        self.note("skip", reason, subject, note=detail)

    def _error(self, subject: str, error: CrawlError, query: str = "") -> None:
        """Record a page or action that failed. Once the budget is spent every further request
        fails at once (no network), so the exploration winds down with what it has."""
        if isinstance(error, BudgetExhausted):
            self.complete = False
            self.reason = "budget spent"
            self.skip(subject, "budget", str(error), query)
            return
        self.skip(subject, "error", str(error), query)

    async def _page(self, url: str, *, render: bool = False) -> Snapshot | None:
        try:
            snap = await self.session.page(url, render=render)
        except CrawlError as e:
            self._error(url, e)
            return None
        self._seen(snap)
        return snap

    async def _pages(self, urls: Sequence[str]) -> list[Snapshot | None]:
        results = await self.session.pages(urls)
        out: list[Snapshot | None] = []
        for url, item in zip(urls, results, strict=True):
            if isinstance(item, Snapshot):
                self._seen(item)
                out.append(item)
            else:
                self._error(url, item)
                out.append(None)
        return out

    async def _act(self, snap: Snapshot, action: Action) -> Snapshot | None:
        try:
            new = await self.session.act(snap, action)
        except CrawlError as e:
            self._error(action.label or action.selector, e)
            return None
        self._seen(new)
        return new

    def _seen(self, snap: Snapshot) -> None:
        self.states.add(snap.key)

    def _entities(self, snap: Snapshot) -> tuple[str, ...]:
        assert self.pattern is not None
        return result_entities(snap, self.pattern, self.containers)

    def _kind(self, snap: Snapshot) -> str:
        assert self.pattern is not None
        return classify_page(snap, self.pattern, self.containers)

    # -- entity pattern -------------------------------------------------------------------------

    async def learn_entities(self, root: Snapshot) -> bool:
        if self.entity_sample:
            sample = await self._page(self.entity_sample)
            if sample is None:
                return False
            self.pattern = EntityPattern.from_urls([sample.final_url])
            self.note("entity-pattern", "sample", sample.final_url, note=self.pattern.describe())
        else:
            guessed = guess_entity_pattern(root)
            if guessed is None:
                self.note("entity-pattern", "none", root.final_url, note="no repeated link group")
                return False
            pattern, urls = guessed
            self.pattern = pattern
            # Fetch one sample to learn what an entity page looks like: it must not show the
            # start page's result list (it may show related entities elsewhere).
            probe = await self._page(urls[0])
            ok = probe is not None and probe.ok and not self._shares_results(root, probe)
            self.note(
                "entity-pattern",
                "guess" if ok else "guess-unverified",
                urls[0],
                values=(("group_links", float(len(urls))),),
                note=pattern.describe(),
            )
        self._learn_containers(root)
        return True

    def _top_container(self, page: Snapshot) -> tuple[str, int] | None:
        assert self.pattern is not None
        counts = Counter(result_container(x) for x in page.links if self.pattern.matches(x.url))
        if not counts:
            return None
        return max(counts.items(), key=lambda kv: (kv[1], kv[0]))

    def _learn_containers(self, page: Snapshot) -> None:
        """The result list is the container holding most entity links of the widest list page
        (other entity links there — featured, related — are not results)."""
        top = self._top_container(page)
        if top is not None:
            self.containers = frozenset({top[0]})
            self.note("result-container", "keep", top[0], values=(("entity_links", float(top[1])),))

    def _shares_results(self, root: Snapshot, sample: Snapshot) -> bool:
        assert self.pattern is not None
        top = self._top_container(root)
        theirs = {result_container(x) for x in sample.links if self.pattern.matches(x.url)}
        return top is not None and top[0] in theirs

    # -- clustering (Algorithm 1) ---------------------------------------------------------------

    def _lx(self, snap: Snapshot) -> frozenset[str]:
        assert self.pattern is not None
        return list_links(snap, self.pattern) - set(pagination_candidates(snap, self.pattern))

    async def cluster(self, first: Snapshot, query: str) -> list[Snapshot]:
        """The list pages of `first`'s query, following pager links (first page first)."""
        return (await self.cluster_many([first], [query]))[0]

    async def cluster_many(
        self, firsts: Sequence[Snapshot], names: Sequence[str]
    ) -> list[list[Snapshot]]:
        """`cluster` for several queries at once: each round fetches the pager links of every
        query's newest pages in one batch."""
        assert self.pattern is not None
        pages = [[first] for first in firsts]
        seen = [{first_page_form(f.url), first_page_form(f.final_url)} for f in firsts]
        lxs = [self._lx(first) for first in firsts]
        frontier = [(i, first) for i, first in enumerate(firsts)]
        while frontier:
            candidates: list[tuple[int, str]] = []
            for i, snap in frontier:
                for url in pagination_candidates(snap, self.pattern):
                    if first_page_form(url) not in seen[i] and not unsafe_reason(url=url):
                        seen[i].add(first_page_form(url))
                        candidates.append((i, url))
            if not candidates:
                break
            frontier = []
            fetched = await self._pages([url for _, url in candidates])
            for (i, url), got in zip(candidates, fetched, strict=True):
                if got is None:
                    continue
                seen[i].add(first_page_form(got.final_url))
                ly = self._lx(got)
                if self._kind(got) == "list" and same_query(lxs[i], ly, self.epsilon):
                    pages[i].append(got)
                    frontier.append((i, got))
                else:
                    score = _jaccard(lxs[i], ly)
                    self.note(
                        "cluster", "other-query", url, values=(("jaccard", score),), note=names[i]
                    )
        return pages

    # -- queries ----------------------------------------------------------------------------------

    def _new_query(
        self, conditions: tuple[Condition, ...], depth: int, first: Snapshot, parent: str = ""
    ) -> _Query:
        q = _Query(f"q{len(self.queries)}", conditions, depth, first, parent=parent)
        self.queries.append(q)
        return q

    def _finish(self, q: _Query, pages: list[Snapshot], facets: tuple[Facet, ...]) -> str | None:
        """Record the query's pages, entities and drill-downs; return the id of an equivalent
        query explored before, if any (then `q` is marked equivalent)."""
        q.pages = pages
        q.entities = list(dict.fromkeys(e for p in pages for e in self._entities(p)))
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

    def _early_equivalent(self, first: Snapshot, facets: tuple[Facet, ...]) -> _Query | None:
        """A known query whose drill-downs (with counts) equal these and whose entities include
        every entity of this first page: equivalent without fetching the remaining pages."""
        drill = drilldown_labels(facets)
        if not drill or not any(c is not None for _, _, c in drill):
            return None
        page = set(self._entities(first))
        for qid in self.by_drilldowns.get(drill, ()):
            known = self.queries[int(qid[1:])]
            if page and page <= known.entity_set:
                return known
        return None

    def _edge(self, parent: _Query, child: _Query, facet: Facet) -> None:
        self.edges.append(QueryEdge(parent.id, child.id, facet.attribute, facet.value))

    def _known_labels(self, q: _Query) -> set[FacetLabel]:
        labels: set[FacetLabel] = set()
        node: _Query | None = q
        while node is not None:
            labels |= node.offered
            labels |= {(a.casefold(), v.casefold()) for a, v in node.conditions}
            node = self.queries[int(node.parent[1:])] if node.parent else None
        return labels

    def _split_drilldowns(self, q: _Query, facets: Sequence[Facet]) -> list[Facet]:
        """The drill-downs of `q` worth exploring: those its ancestors did not offer."""
        if q.parent == "":
            return [f for f in facets if not f.selected]
        known = self._known_labels(self.queries[int(q.parent[1:])])
        known |= {(a.casefold(), v.casefold()) for a, v in q.conditions}
        fresh = [f for f in facets if not f.selected and f.label_key not in known]
        for facet in facets:
            if facet.label_key in known and not facet.selected:
                conditions = _show(_with(q.conditions, facet))
                self.skip(
                    facet.url or f"{facet.attribute}: {facet.value}",
                    "conjunction",
                    f"{conditions}: each value was applied alone to the start query "
                    "(E_{a=v,b=w} = E_{a=v} ∩ E_{b=w}); not fetched",
                    q.id,
                )
        return fresh

    # -- link facets --------------------------------------------------------------------------------

    async def explore_links(self, root: Snapshot) -> _Query:
        assert self.pattern is not None
        root = await self._largest_page_size(root)
        pages = await self.cluster(root, "q0")
        facets = link_facets(root, self.pattern)
        q0 = self._new_query((), 0, root)
        self._finish(q0, pages, facets)
        self.note(
            "query",
            "explore",
            q0.id,
            level=0,
            urls=[p.url for p in pages],
            values=(("entities", float(len(q0.entities))), ("drilldowns", float(len(facets)))),
        )
        await self._check_orderings(q0)
        frontier = [q0]
        while frontier:
            nxt: list[_Query] = []
            for q in frontier:
                nxt.extend(await self._expand_links(q))
            frontier = nxt
        return q0

    async def _largest_page_size(self, root: Snapshot) -> Snapshot:
        sizes = page_size_links(root)
        if not sizes:
            return root
        shown = len(self._entities(root))
        url, size = max(sizes.items(), key=lambda kv: (kv[1], kv[0]))
        for other, n in sorted(sizes.items()):
            if other != url:
                self.skip(other, "page-size", f"{n} a page; {size} chosen", "q0")
        assert self.pattern is not None
        if size <= shown:
            self.skip(url, "page-size", f"{size} a page is not more than the {shown} shown", "q0")
            return root
        if not pagination_candidates(root, self.pattern):
            self.skip(url, "page-size", f"all results fit on the page shown ({shown})", "q0")
            return root
        bigger = await self._page(url)
        if bigger is None or self._kind(bigger) != "list":
            return root
        self.note("page-size", "choose", url, values=(("per_page", float(size)),))
        return bigger

    async def _check_orderings(self, q0: _Query) -> None:
        """Fetch the start query's sort-order variants once and test them for equivalence."""
        variants = ordering_links(q0.first)
        urls = sorted(u for u in variants if u not in {p.url for p in q0.pages})
        if not urls:
            return
        for url, snap in zip(urls, await self._pages(urls), strict=True):
            if snap is None:
                continue
            assert self.pattern is not None
            facets = link_facets(snap, self.pattern)
            same = self._early_equivalent(snap, facets)
            if same is not None:
                self.ordering_params.update(variants[url].split(","))
                self.skip(
                    url,
                    "ordering",
                    f"sort-order variant ({variants[url]}): same drill-downs and counts as "
                    f"{same.id}, entities within it — equivalent, not explored",
                    q0.id,
                )
            else:
                self.skip(
                    url,
                    "ordering",
                    f"sort-order link ({variants[url]}) failed the equivalence test; not explored",
                    q0.id,
                )

    async def _expand_links(self, q: _Query) -> list[_Query]:
        assert self.pattern is not None
        if q.status != "explored":
            return []
        todo: list[tuple[Facet, tuple[Condition, ...]]] = []
        for facet in self._split_drilldowns(q, q.facets):
            conditions = _with(q.conditions, facet)
            why = unsafe_reason(url=facet.url, text=facet.value)
            if why:
                self.skip(facet.url, "unsafe", why, q.id)
                continue
            if q.depth + 1 > self.max_depth:
                self.skip(facet.url, "depth", f"below --max-depth {self.max_depth}", q.id)
                continue
            same = self.index.with_conditions(conditions)
            if same is not None:
                self.skip(facet.url, "same-conditions", f"{_show(conditions)} is {same}", q.id)
                continue
            todo.append((facet, conditions))
        self._skip_orderings(q)
        if not todo:
            return []
        firsts = await self._pages([f.url for f, _ in todo])
        # First pages that show a query already known need no more pages; the others are
        # paginated together, then become queries in facet order.
        plans: list[tuple[Facet, tuple[Condition, ...], Snapshot, tuple[Facet, ...], _Query | None]]
        plans = []
        for (facet, conditions), first in zip(todo, firsts, strict=True):
            if first is None:
                continue
            if self._kind(first) != "list":
                self.skip(facet.url, "not-a-list", "no result entities", q.id)
                continue
            facets = link_facets(first, self.pattern)
            plans.append((facet, conditions, first, facets, self._early_equivalent(first, facets)))
        to_cluster = [(p[2], _show(p[1])) for p in plans if p[4] is None]
        clusters = iter(
            await self.cluster_many([f for f, _ in to_cluster], [n for _, n in to_cluster])
        )
        children: list[_Query] = []
        for facet, conditions, first, facets, early in plans:
            pages = [first] if early is not None else next(clusters)
            child = self._link_child(q, facet, conditions, pages, facets, early)
            if child is not None:
                children.append(child)
        return children

    def _skip_orderings(self, q: _Query) -> None:
        if q.depth == 0:
            return
        for url, keys in sorted(ordering_links(q.first).items()):
            if set(keys.split(",")) <= self.ordering_params:
                self.skip(url, "ordering", f"sort-order variant ({keys}), equivalent at q0", q.id)

    def _link_child(
        self,
        parent: _Query,
        facet: Facet,
        conditions: tuple[Condition, ...],
        pages: list[Snapshot],
        facets: tuple[Facet, ...],
        early: _Query | None,
    ) -> _Query | None:
        """Make the drill-down `parent` → `facet` a query (None when it is not one to explore)."""
        first = pages[0]
        if self.index.with_conditions(conditions) is not None:
            self.skip(facet.url, "same-conditions", _show(conditions), parent.id)
            return None
        if early is not None:
            child = self._new_query(conditions, parent.depth + 1, first, parent=parent.id)
            child.pages, child.facets = [first], facets
            child.entities = list(early.entities)
            child.status, child.equivalent_to = "equivalent", early.id
            key = QueryKey(early.entity_set, drilldown_labels(facets))
            self.index.add(child.id, key, conditions)
            self.skip(
                facet.url,
                "equivalent",
                f"same drill-downs and counts as {early.id}, entities within it",
                parent.id,
            )
            self._edge(parent, child, facet)
            return None
        entities = {e for p in pages for e in self._entities(p)}
        if not is_subset(entities, parent.entities, self.tolerance):
            self.skip(facet.url, "not-drill-down", "results not within the parent's", parent.id)
            return None
        child = self._new_query(conditions, parent.depth + 1, first, parent=parent.id)
        self._finish(child, pages, facets)
        self._edge(parent, child, facet)
        self.note(
            "query",
            "explore" if child.status == "explored" else "equivalent",
            child.id,
            level=child.depth,
            urls=[p.url for p in pages],
            values=(("entities", float(len(child.entities))),),
            note=_show(conditions),
        )
        return child if child.status == "explored" else None

    # -- Ajax facets --------------------------------------------------------------------------------

    async def explore_ajax(self, root: Snapshot, q0: _Query | None) -> _Query | None:
        assert self.pattern is not None
        facets = control_facets(root)
        if not facets:
            return q0
        full = await self._load_all(root)
        if q0 is None:
            q0 = self._new_query((), 0, root)
            self._finish(q0, [full], control_facets(full) or facets)
            self._state(full, q0.id)
            self.note(
                "query",
                "explore",
                q0.id,
                level=0,
                values=(("entities", float(len(q0.entities))), ("drilldowns", float(len(facets)))),
            )
        await self._check_ajax_orderings(q0, root)
        frontier: list[tuple[_Query, Snapshot]] = [(q0, root)]
        while frontier:
            nxt: list[tuple[_Query, Snapshot]] = []
            for q, base in frontier:
                nxt.extend(await self._expand_ajax(q, base))
            frontier = nxt
        return q0

    async def _load_all(self, snap: Snapshot) -> Snapshot:
        """`snap` with its result list grown by the load-more control until it stops growing."""
        control = load_more_control(snap)
        if control is None or unsafe_reason(control):
            return snap
        grown = await self._act(snap, self._more(control))
        return grown if grown is not None else snap

    def _more(self, control: Control) -> Action:
        """Load more until the list stops growing (at most `load_more_rounds` clicks)."""
        return Action(
            "load_more", control.selector, rounds=self.load_more_rounds, label=control.label
        )

    def _state(self, snap: Snapshot, query_id: str) -> str | None:
        """Register an Ajax state by structure fingerprint + result entities; the query id of
        an identical state seen before, if any."""
        key = state_key(snap.fingerprint, self._entities(snap))
        known = self.state_ids.get(key)
        if known is None:
            self.state_ids[key] = query_id
        return known

    async def _check_ajax_orderings(self, q0: _Query, root: Snapshot) -> None:
        for control in root.controls:
            if control.kind != "select" or (control.form and _form_has_submit(root, control.form)):
                continue
            group = control.group.lower()
            if not any(w in re.split(r"\W+", group) for w in _ORDER_WORDS):
                continue
            if unsafe_reason(control):
                continue
            for option in control.options:
                if option.selected:
                    continue
                action = Action("select", control.selector, option.value, label=option.label)
                subject = f"{control.group}: {option.label}"
                snap = await self._act(root, action)
                if snap is None:
                    continue
                same = self._early_equivalent(snap, control_facets(snap))
                if same is not None:
                    self.ordering_groups.add(control.selector)
                    self.skip(
                        subject,
                        "ordering",
                        f"sort-order variant: same drill-downs and counts as {same.id}, "
                        "entities within it — equivalent, not explored",
                        q0.id,
                    )
                else:
                    self.skip(
                        subject, "ordering", "sort control failed the equivalence test", q0.id
                    )

    async def _act_then_load(self, base: Snapshot, action: Action) -> Snapshot | None:
        """Perform `action` on `base`, then grow the list, as one replayable state when the
        base shows a load-more control (one browser visit instead of two)."""
        control = load_more_control(base)
        if control is None or unsafe_reason(control):
            return await self._act(base, action)
        pending = replace(base, state=(base.state or State(base.url)).then(action))
        more = self._more(control)
        return await self._act(pending, more)

    async def _expand_ajax(self, q: _Query, base: Snapshot) -> list[tuple[_Query, Snapshot]]:
        if q.status != "explored":
            return []
        out: list[tuple[_Query, Snapshot]] = []
        todo: list[tuple[Facet, tuple[Condition, ...], str, Action]] = []
        facets = control_facets(q.pages[0]) if q.depth else control_facets(base)
        if q.depth:
            for control in q.pages[0].controls:
                if control.selector in self.ordering_groups:
                    for option in control.options:
                        if not option.selected:
                            self.skip(
                                f"{control.group}: {option.label}",
                                "ordering",
                                "sort-order variant, equivalent at q0",
                                q.id,
                            )
        for facet in self._split_drilldowns(q, facets):
            assert facet.control is not None
            control = facet.control
            conditions = _with(q.conditions, facet)
            subject = f"{facet.attribute}: {facet.value}"
            why = unsafe_reason(control)
            if why:
                self.skip(subject, "unsafe", why, q.id)
                continue
            if q.depth + 1 > self.max_depth:
                self.skip(subject, "depth", f"below --max-depth {self.max_depth}", q.id)
                continue
            same = self.index.with_conditions(conditions)
            if same is not None:
                self.skip(subject, "same-conditions", f"{_show(conditions)} is {same}", q.id)
                continue
            if control.kind == "select":
                option = next(o for o in control.options if _clean_eq(o.label, facet.value))
                action = Action("select", control.selector, option.value, label=subject)
            else:
                action = Action("click", control.selector, label=subject)
            todo.append((facet, conditions, subject, action))
        # The browser pool works on several states at once; results are read in facet order.
        snaps = await asyncio.gather(*(self._act_then_load(base, t[3]) for t in todo))
        for (facet, conditions, subject, action), snap in zip(todo, snaps, strict=True):
            if snap is None:
                continue
            entities = self._entities(snap)
            known = self.state_ids.get(state_key(snap.fingerprint, entities))
            if known is not None:
                self.skip(subject, "equivalent", f"the same state as {known}", q.id)
                continue
            if not is_subset(entities, q.entities, self.tolerance):
                self.skip(subject, "not-drill-down", "results not within the parent's", q.id)
                continue
            child = self._new_query(conditions, q.depth + 1, snap, parent=q.id)
            self._state(snap, child.id)
            self._finish(child, [snap], control_facets(snap))
            self._edge(q, child, facet)
            self.note(
                "query",
                "explore" if child.status == "explored" else "equivalent",
                child.id,
                level=child.depth,
                urls=[snap.key],
                values=(("entities", float(len(child.entities))),),
                note=_show(conditions),
            )
            if child.status == "explored":
                clicked = replace(base, state=(base.state or State(base.url)).then(action))
                out.append((child, clicked))
        return out

    # -- forms --------------------------------------------------------------------------------------

    async def explore_forms(self, root: Snapshot, q0: _Query | None) -> _Query | None:
        assert self.pattern is not None
        for form in forms_of(root):
            if form.submit is None:
                continue  # fields without a submit button act at once: Ajax facets
            why = "password field" if form.has_password else unsafe_reason(form.submit)
            if why:
                self.skip(form.selector, "unsafe", why)
                continue
            if form.method == "post" and not self.allow_post:
                self.skip(form.selector, "post-form", "POST form; pass --allow-post to submit it")
                continue
            if q0 is None:
                q0 = await self._form_root(root, form)
            await self._enumerate_form(root, form, q0)
        return q0

    async def _form_root(self, root: Snapshot, form: FormSpec) -> _Query:
        """The form's widest query: the start page when it is the form's own result page,
        else the form submitted untouched."""
        first = root
        own_page = urlsplit(root.final_url).path == urlsplit(form.action).path
        if not own_page or self._kind(root) != "list":
            if form.method == "get":
                got = await self._page(get_submission(form, {}))
            else:
                got = await self._act(root, _fill_submit(form, {}, "defaults"))
            if got is not None and got.ok:
                first = got
                self._learn_containers(first)
        pages = await self._cluster_any(first, "q0")
        q0 = self._new_query((), 0, first)
        self._finish(q0, pages, ())
        self.note(
            "query",
            "explore",
            q0.id,
            level=0,
            urls=[p.key for p in pages],
            values=(("entities", float(len(q0.entities))),),
        )
        return q0

    async def _cluster_any(self, first: Snapshot, query: str) -> list[Snapshot]:
        if first.state is not None and first.state.actions:
            return await self._cluster_buttons(first, query)
        return await self.cluster(first, query)

    async def _cluster_buttons(self, first: Snapshot, query: str) -> list[Snapshot]:
        """Pages of a POST result list: its pager buttons, clicked one by one from page 1."""
        pages = [first]
        for control in first.controls:
            if control.kind != "submit" or not control.label.strip().isdigit():
                continue
            if control.label.strip() == "1" or unsafe_reason(control):
                continue
            snap = await self._act(
                first, Action("click", control.selector, label=f"page {control.label}")
            )
            if snap is not None and self._entities(snap):
                pages.append(snap)
        return pages

    async def _enumerate_form(self, root: Snapshot, form: FormSpec, q0: _Query) -> None:
        for control in form.fields:
            if control.kind == "select" and _is_ordering(control):
                for option in control.options:
                    if not option.selected:
                        self.skip(
                            f"{control.group}: {option.label}",
                            "ordering",
                            "sort order of the same query; not submitted",
                            q0.id,
                        )
        choices = form_choices(form)
        todo = []
        for choice in choices:
            conditions = ((choice.attribute, choice.value),)
            subject = f"{choice.attribute}: {choice.value}"
            same = self.index.with_conditions(conditions)
            if same is not None:
                self.skip(subject, "same-conditions", f"{_show(conditions)} is {same}", q0.id)
                continue
            todo.append((choice, conditions, subject))
        if form.method == "get":
            urls = [
                get_submission(form, {c.name: c.field_value}, exclusive=_exclusive(form, c.name))
                for c, _, _ in todo
            ]
            firsts = await self._pages(urls)
        else:
            firsts = []
            for c, _, subject in todo:
                firsts.append(
                    await self._act(
                        root, _fill_submit(form, {c.control.selector: _fill_value(c)}, subject)
                    )
                )
        for (choice, conditions, subject), first in zip(todo, firsts, strict=True):
            if first is None:
                continue
            if self._kind(first) != "list":
                self.skip(subject, "not-a-list", "no result entities", q0.id)
                continue
            child = self._new_query(conditions, 1, first, parent=q0.id)
            pages = await self._cluster_any(first, child.id)
            self._finish(child, pages, ())
            if not is_subset(child.entities, q0.entities, self.tolerance) and q0.entities:
                self.queries.pop()
                self.skip(subject, "not-drill-down", "results not within the start query's", q0.id)
                continue
            facet = Facet(choice.attribute, choice.value)
            self._edge(q0, child, facet)
            self.note(
                "query",
                "explore" if child.status == "explored" else "equivalent",
                child.id,
                level=1,
                urls=[p.key for p in pages],
                values=(("entities", float(len(child.entities))),),
                note=_show(conditions),
            )
        await self._keywords(root, form, q0, bool(choices))

    async def _keywords(self, root: Snapshot, form: FormSpec, q0: _Query, enumerable: bool) -> None:
        boxes = form.keyword_fields
        if not boxes:
            return
        words = list(self.keywords)
        source = "--keywords"
        if not words and not enumerable:
            words = _anchor_words(root, self.max_anchor_keywords)
            source = "anchor texts"
        if not words:
            self.note(
                "keywords", "skip", form.selector, note="fields enumerated; no keyword list given"
            )
            return
        box = boxes[0]
        for word in words:
            if form.method == "get":
                snap = await self._page(get_submission(form, {box.name: word}))
            else:
                snap = await self._act(root, _fill_submit(form, {box.selector: word}, word))
            if snap is None or self._kind(snap) != "list":
                continue
            q = self._new_query((), 1, snap, parent=q0.id)
            pages = await self._cluster_any(snap, q.id)
            self._finish(q, pages, ())
            self.note(
                "keyword",
                "query",
                q.id,
                values=(("entities", float(len(q.entities))),),
                note=f"{word!r} from {source}",
            )

    # -- result -------------------------------------------------------------------------------------

    def result(self, params: tuple[tuple[str, object], ...]) -> Exploration:
        listed = [(q.conditions, q.entities) for q in self.queries]
        entities = infer_attributes(listed)
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
        return Exploration(
            method="explore",
            start=self.start,
            entities=entities,
            queries=queries,
            edges=tuple(self.edges),
            skipped=tuple(self.skipped),
            trace=tuple(self.trace),
            cost=self.session.cost(),
            complete=self.complete,
            reason=self.reason,
            states=len(self.states),
            entity_pattern=self.pattern.describe() if self.pattern else "",
            params=params,
        )


# -- helpers ---------------------------------------------------------------------------------------


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return round(len(a & b) / len(union), 4) if union else 1.0


def _with(conditions: tuple[Condition, ...], facet: Facet) -> tuple[Condition, ...]:
    return (*conditions, (facet.attribute, facet.value))


def _show(conditions: Iterable[Condition]) -> str:
    return "{" + ", ".join(f"{a}={v}" for a, v in conditions) + "}"


def _clean_eq(label: str, value: str) -> bool:
    return clean_label(label).casefold() == value.casefold()


def _is_ordering(control: Control) -> bool:
    words = re.split(r"\W+", f"{control.group} {control.name}".lower())
    return any(w in words for w in _ORDER_WORDS)


def _form_has_submit(snap: Snapshot, form: str) -> bool:
    return any(c.kind == "submit" and c.form == form for c in snap.controls)


def _exclusive(form: FormSpec, name: str) -> tuple[str, ...]:
    kinds = {c.kind for c in form.fields if c.name == name}
    return (name,) if "checkbox" in kinds else ()


def _fill_submit(form: FormSpec, values: dict[str, str], label: str) -> Action:
    selector = form.submit.selector if form.submit is not None else ""
    return Action("fill_submit", selector, fields=tuple(sorted(values.items())), label=label)


def _fill_value(choice: FormChoice) -> str:
    """The value a fill_submit action sets: the option's value for a select, "on" for a
    checkbox or radio (the control's selector already names the value)."""
    return "on" if choice.control.kind in ("checkbox", "radio") else choice.field_value


def _anchor_words(snap: Snapshot, limit: int) -> list[str]:
    """Distinct words of the page's anchor texts, longest first (the Outdesit idea)."""
    words: dict[str, None] = {}
    for link in snap.links:
        for word in re.findall(r"[A-Za-z][A-Za-z-]{3,}", link.text):
            words.setdefault(word.lower(), None)
    return sorted(words, key=lambda w: (-len(w), w))[:limit]


async def explore(
    session: Session,
    start: str,
    *,
    entity_sample: str | None = None,
    keywords: Sequence[str] = (),
    allow_post: bool = False,
    max_depth: int = 3,
    epsilon: float = 0.2,
    subset_tolerance: float = 0.05,
    max_anchor_keywords: int = 30,
    load_more_rounds: int = 1000,
) -> Exploration:
    """Explore the exploratory site whose widest list page is `start` (seed 004, extended).

    - `entity_sample`: one entity page of the site (learn entity URLs from it; else guessed from
      the start page and checked on one sample).
    - `keywords`: values for keyword boxes of forms.
    - `allow_post`: submit POST forms too (GET only by default; never password forms).
    - `max_depth`: the deepest drill-down explored (the start query is depth 0).
    - `epsilon`: OnlineClustering's ε (pages of one query: Jaccard > 1 − ε).
    - `load_more_rounds`: the most clicks one load-more action may take (it stops earlier, as
      soon as the list stops growing).
    - `subset_tolerance`: the share of a drill-down's entities that may be missing from its
      parent's (Section 4.2, step 2's relaxed inclusion).
    """
    if not 0 <= epsilon < 1:
        raise ValueError(f"epsilon must be in [0, 1), got {epsilon}")
    if max_depth < 0:
        raise ValueError(f"max_depth must be ≥ 0, got {max_depth}")
    if load_more_rounds < 1:
        raise ValueError(f"load_more_rounds must be ≥ 1, got {load_more_rounds}")
    explorer = _Explorer(
        session,
        start,
        entity_sample=entity_sample,
        keywords=keywords,
        allow_post=allow_post,
        max_depth=max_depth,
        epsilon=epsilon,
        subset_tolerance=subset_tolerance,
        max_anchor_keywords=max_anchor_keywords,
        load_more_rounds=load_more_rounds,
    )
    params: tuple[tuple[str, object], ...] = (
        ("entity_sample", entity_sample or ""),
        ("keywords", len(keywords)),
        ("allow_post", allow_post),
        ("max_depth", max_depth),
        ("epsilon", epsilon),
        ("subset_tolerance", subset_tolerance),
        ("load_more_rounds", load_more_rounds),
    )
    await _run(explorer, start)
    return explorer.result(params)


async def _run(explorer: _Explorer, start: str) -> None:
    try:
        root = await explorer.session.page(start)
    except CrawlError as e:
        explorer._error(start, e)
        explorer.complete, explorer.reason = False, f"start page could not be loaded: {e}"
        return
    explorer._seen(root)
    if not root.ok:
        explorer.complete, explorer.reason = False, f"start page answered HTTP {root.status}"
        return
    if not await explorer.learn_entities(root):
        explorer.complete, explorer.reason = False, "no entity pages recognised"
        return
    assert explorer.pattern is not None
    q0: _Query | None = None
    if link_facets(root, explorer.pattern):
        q0 = await explorer.explore_links(root)
    interactive = control_facets(root) or forms_of(root)
    if q0 is None and not interactive and not root.rendered:
        rendered = await explorer._page(start, render=True)
        root = rendered if rendered is not None else root
    clickable = control_facets(root)
    if q0 is not None:  # facet links were followed as URLs: do not click them too
        clickable = tuple(f for f in clickable if f.control is None or f.control.kind != "link")
    if clickable:
        q0 = await explorer.explore_ajax(root, q0)
    if forms_of(root):
        q0 = await explorer.explore_forms(root, q0)
    if q0 is None:
        explorer.complete, explorer.reason = False, "no facets, Ajax controls or forms found"
