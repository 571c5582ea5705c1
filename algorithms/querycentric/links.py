"""Facet links: drill-downs that are plain URLs (``/shop?brand=nike``, ``/shop/brand/nike``).

From the start page (at the largest page size the site offers) every facet value is applied
alone; a drill-down's own drill-downs are followed only when they offer an attribute/value its
ancestors did not (hierarchical facets). Each level's first pages are loaded in one batch, then
paginated together. Sort-order links of the start query are tested for equivalence, one per
ordering key (the parameters a link changes: every column's sort link of a table changes the
same one), the key's other links taking its verdict unloaded; the ordering parameters that
pass it are skipped everywhere below. A facet
whose attribute the start query's list table shows for every entity, or its items link every
entity's value of (a post's category), spelled as its values, is not followed (skip "listed"): the list was paged to its end, so its queries would add neither
an entity nor a pair; nor are the sort links tested when no facet is left to follow.

A facet link whose address is a folder of the list's entities (a blog's month archive
``/blog/2026/11/`` above its posts ``/blog/2026/11/03/<slug>/``) lists those the start list,
paged to its end, names under it: its query is made from them without a load. So is the
query of a start-query value whose count is the start list's number of entities (within the
subset tolerance): it holds every one of them.

A facet link may open its value in place: a sitemap's folder link lists the whole list again
with the folder's own pages nested below its item (``ul/li/ul/li``). Its page lists every entity
of the parent's and more, each added one in a list nested in an item: the added entities are
the value's (the query's), not a list beyond the parent's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from siteseer.algorithms.querycentric.beside import addressed_under
from siteseer.algorithms.querycentric.core import Query, show, with_facet
from siteseer.algorithms.querycentric.exploring import Exploring, refused
from siteseer.algorithms.querycentric.facettree import parent_values
from siteseer.algorithms.querycentric.items import item_links, sublist_links
from siteseer.algorithms.querycentric.model import (
    Condition,
    Facet,
    drilldown_labels,
    entity_url,
    is_subset,
    link_facets,
    ordering_links,
    page_size_links,
    pagination_candidates,
    unsafe_reason,
)
from siteseer.algorithms.querycentric.queries import QueryKey
from siteseer.render import Snapshot

__all__ = ["SINGLETON_LEVEL", "LinkFacets"]

# The fewest drill-downs of one attribute below a query that may be a level of singletons.
SINGLETON_LEVEL = 10

# A drill-down's first page with what is known of it before it becomes a query: the facet and
# conditions, the page, the facets it offers, and a query it is already equivalent to.
_Plan = tuple[Facet, tuple[Condition, ...], Snapshot, tuple[Facet, ...], Query | None]


class LinkFacets:
    """The link-facet kind of one exploration (a `FacetKind`, kinds.py): followed as URLs, on
    the start page as loaded."""

    in_page = False

    def __init__(self, ex: Exploring) -> None:
        self.ex = ex
        self.ordering_params: set[str] = set()  # sort parameters found equivalent at q0
        self.given: set[str] = set()  # attributes the start query's list shows (not followed)

    def _facets(self, snap: Snapshot) -> tuple[Facet, ...]:
        """The facet links of `snap` but those inside its result items: an item's links (its
        author's, its tags', its place in a history) are its fields, no drill-down of the list
        (beside.py `item_fields` reads them)."""
        assert self.ex.pattern is not None
        facets = link_facets(snap, self.ex.pattern, self.ex.canonical)
        if not self.ex.containers:
            return facets
        inside = item_links(snap, self.ex.containers)
        return tuple(f for f in facets if f.url not in inside)

    def shown(self, root: Snapshot) -> bool:
        """Whether `root` shows facet links."""
        return bool(self._facets(root))

    def offers(self, root: Snapshot, q0: Query | None) -> bool:
        """Whether there are facet links to follow from `root`."""
        return self.shown(root)

    async def explore(self, root: Snapshot, q0: Query | None) -> Query:
        """The start query from `root` (unless `q0` is one already) and every drill-down below
        it, level by level."""
        ex = self.ex
        if q0 is None:
            root = await ex.largest_page_size(root)
            pages = await ex.start_pages(root)
            facets = self._facets(root)
            q0 = ex.new_query((), 0, root)
            ex.finish(q0, pages, facets)
            ex.note_query(q0, level=0, urls=[p.url for p in pages], drilldowns=len(facets))
        self.given = ex.listed_attributes(q0, (f.label for f in q0.facets))
        if any(f.attribute.casefold() not in self.given for f in q0.facets):
            await self._check_orderings(q0)  # only where drill-downs will be followed
        frontier = [q0]
        while frontier:
            nxt: list[Query] = []
            for q in frontier:
                nxt.extend(await self._expand(q))
            frontier = nxt
        self._levels_above(q0)
        return q0

    def _levels_above(self, q: Query) -> None:
        """The items above `q`'s drill-downs in the tree the page draws them in, offered as no
        value of their own (facettree.py): each a query of its values' entities, no load."""
        ex = self.ex
        for (attribute, value, url), held in parent_values(q.first, q.facets).items():
            conditions = (*q.conditions, (attribute, value))
            ids = {ex.index.with_conditions(with_facet(q.conditions, f)) for f in held}
            members = [e for known in ex.queries if known.id in ids for e in known.entities]
            if not members or ex.index.with_conditions(conditions) is not None:
                continue
            child = ex.new_query(conditions, q.depth + 1, q.first, parent=q.id)
            child.entities = list(dict.fromkeys(members))
            ex.index.add(child.id, QueryKey(child.entity_set, frozenset()), conditions)
            ex.edge(q, child, Facet(attribute, value, url=url))
            note = f"{show(conditions)}: the {len(held)} values below it"
            ex.note_query(child, level=child.depth, note=note)

    async def _check_orderings(self, q0: Query) -> None:
        """Fetch one sort-order variant of the start query per ordering key (the parameters
        it changes: a table's column sort links all change ``o``) and test it for equivalence;
        the key's other variants take its verdict unloaded (each column's own link would only
        show the same list in another order)."""
        ex = self.ex
        variants = ordering_links(q0.first, ex.canonical)
        urls = sorted(u for u in variants if u not in {p.url for p in q0.pages})
        first: dict[str, str] = {}
        for url in urls:
            first.setdefault(variants[url], url)
        tested = sorted(first.values())
        verdicts: dict[str, str] = {}
        for url, snap in zip(tested, await ex.pages(tested), strict=True):
            if snap is None:
                continue
            key = variants[url]
            same = ex.early_equivalent(snap, self._facets(snap))
            if same is not None:
                self.ordering_params.update(key.split(","))
                verdicts[key] = f"equivalent to {same.id}"
                ex.skip(
                    url,
                    "ordering",
                    f"sort-order variant ({key}): same drill-downs and counts as "
                    f"{same.id}, entities within it — equivalent, not explored",
                    q0.id,
                )
            else:
                verdicts[key] = "not equivalent"
                ex.skip(
                    url,
                    "ordering",
                    f"sort-order link ({key}) failed the equivalence test; not explored",
                    q0.id,
                )
        for url in urls:
            key = variants[url]
            if url != first[key] and key in verdicts:
                ex.skip(
                    url,
                    "ordering",
                    f"sort-order variant ({key}): the key's variant tested, {first[key]}, "
                    f"was {verdicts[key]}; not loaded, not explored",
                    q0.id,
                )

    async def _expand(self, q: Query) -> list[Query]:
        """The drill-downs of `q` made queries; those to explore below come back."""
        ex = self.ex
        if q.status != "explored":
            return []
        todo: list[tuple[Facet, tuple[Condition, ...]]] = []
        for facet in self._beyond_singletons(q, self._not_listed(q)):
            conditions = with_facet(q.conditions, facet)
            why = unsafe_reason(url=facet.url, text=facet.value)
            if refused(ex, q, facet.url, conditions, why):
                continue
            todo.append((facet, conditions))
        self._skip_orderings(q)
        todo = self._holding_all(q, self._by_address(q, todo))
        if not todo:
            return []
        firsts = await at_largest_size(ex, await ex.pages([f.url for f, _ in todo]))
        # First pages that show a query already known need no more pages; the others are
        # paginated together, then become queries in facet order.
        plans: list[_Plan] = []
        for (facet, conditions), first in zip(todo, firsts, strict=True):
            if first is None:
                continue
            if ex.kind(first) != "list":
                ex.skip(facet.url, "not-a-list", "no result entities", q.id)
                continue
            facets = self._facets(first)
            plans.append((facet, conditions, first, facets, ex.early_equivalent(first, facets)))
        to_cluster = [(p[2], show(p[1])) for p in plans if p[4] is None]
        clusters = iter(
            await ex.cluster_many([f for f, _ in to_cluster], [n for _, n in to_cluster])
        )
        children: list[Query] = []
        for facet, conditions, first, facets, early in plans:
            pages = [first] if early is not None else next(clusters)
            child = self._child(q, facet, conditions, pages, facets, early)
            if child is not None:
                children.append(child)
        return children

    def _by_address(
        self, q: Query, todo: list[tuple[Facet, tuple[Condition, ...]]]
    ) -> list[tuple[Facet, tuple[Condition, ...]]]:
        """`todo` without the drill-downs known without a load: a facet link whose address is
        a folder holding some, not all, of `q`'s entities (a blog's month archive
        ``/blog/2026/11/`` above ``/blog/2026/11/03/<post>/``): `q`'s list, paged to its end,
        already names them, and the value's query is those (no drill-down of its own); the
        folders of one label (each year's "April") one query of them all."""
        rest: list[tuple[Facet, tuple[Condition, ...]]] = []
        held: dict[tuple[Condition, ...], tuple[Facet, list[str]]] = {}
        for facet, conditions in todo:
            under = addressed_under(facet.url, q.entities)
            if not under or len(under) == len(q.entities):
                rest.append((facet, conditions))
                continue
            first, entities = held.get(conditions, (facet, []))
            held[conditions] = (first, [*entities, *under])
        ex = self.ex
        for conditions, (facet, entities) in held.items():
            if ex.index.with_conditions(conditions) is not None:
                ex.skip(facet.url, "same-conditions", show(conditions), q.id)
                continue
            child = ex.new_query(conditions, q.depth + 1, q.first, parent=q.id)
            child.entities = list(dict.fromkeys(entities))
            ex.index.add(child.id, QueryKey(child.entity_set, frozenset()), conditions)
            ex.edge(q, child, facet)
            ex.note_query(child, level=child.depth, note=f"{show(conditions)}: by address")
        return rest

    def _holding_all(
        self, q: Query, todo: list[tuple[Facet, tuple[Condition, ...]]]
    ) -> list[tuple[Facet, tuple[Condition, ...]]]:
        """`todo` without the start query's drill-downs known without a load: a value whose
        count is the number of entities the start list, paged to its end, names (within the
        subset tolerance: a count may hold a few entities the list leaves out) holds every one
        of them (a shop's one product type, 'car (406)' over 402 cars listed): its query is the
        start query's entities, as its pages would list them again."""
        if q.depth > 0 or not q.entities:
            return todo
        ex = self.ex
        listed = len(q.entities)
        most = listed * (1 + ex.settings.subset_tolerance)
        rest: list[tuple[Facet, tuple[Condition, ...]]] = []
        for facet, conditions in todo:
            if facet.count is None or not listed <= facet.count <= most:
                rest.append((facet, conditions))
                continue
            child = ex.new_query(conditions, q.depth + 1, q.first, parent=q.id)
            child.entities = list(q.entities)
            ex.index.add(child.id, QueryKey(child.entity_set, frozenset()), conditions)
            ex.edge(q, child, facet)
            note = f"{show(conditions)}: {facet.count} counted, every entity of {q.id}"
            ex.note_query(child, level=child.depth, note=note)
        return rest

    def _not_listed(self, q: Query) -> list[Facet]:
        """`q`'s drill-downs worth exploring, but at the start query those of an attribute its
        list shows for every entity (`listed_attributes`): they would add no pair."""
        fresh = self.ex.split_drilldowns(q, q.facets)
        if q.depth > 0 or not self.given:
            return fresh
        for facet in fresh:
            if facet.attribute.casefold() in self.given:
                why = "the list shows every entity's value; the start query was paged to its end"
                self.ex.skip(facet.url, "listed", why, q.id)
        return [f for f in fresh if f.attribute.casefold() not in self.given]

    def _beyond_singletons(self, q: Query, fresh: list[Facet]) -> list[Facet]:
        """`fresh` without the attributes that would split the drill-down `q` into as many
        queries as it lists entities, ten or more (a month's days in a date drill-down): each
        would list about one entity, and its value is that entity's own."""
        if q.depth == 0:
            return fresh
        many = Counter(f.attribute.casefold() for f in fresh)
        split = {a for a, n in many.items() if n >= max(SINGLETON_LEVEL, len(q.entities))}
        for facet in fresh:
            if facet.attribute.casefold() in split:
                why = f"{many[facet.attribute.casefold()]} values over {len(q.entities)} entities"
                self.ex.skip(facet.url, "singletons", why, q.id)
        return [f for f in fresh if f.attribute.casefold() not in split]

    def _skip_orderings(self, q: Query) -> None:
        if q.depth == 0:
            return
        for url, keys in sorted(ordering_links(q.first, self.ex.canonical).items()):
            if set(keys.split(",")) <= self.ordering_params:
                self.ex.skip(
                    url, "ordering", f"sort-order variant ({keys}), equivalent at q0", q.id
                )

    def _child(
        self,
        parent: Query,
        facet: Facet,
        conditions: tuple[Condition, ...],
        pages: list[Snapshot],
        facets: tuple[Facet, ...],
        early: Query | None,
    ) -> Query | None:
        """Make the drill-down `parent` → `facet` a query (None when it is not one to explore)."""
        ex = self.ex
        first = pages[0]
        if ex.index.with_conditions(conditions) is not None:
            ex.skip(facet.url, "same-conditions", show(conditions), parent.id)
            return None
        if early is not None:
            child = ex.new_query(conditions, parent.depth + 1, first, parent=parent.id)
            child.pages, child.facets = [first], facets
            child.entities = list(early.entities)
            child.status, child.equivalent_to = "equivalent", early.id
            key = QueryKey(early.entity_set, drilldown_labels(facets))
            ex.index.add(child.id, key, conditions)
            ex.skip(
                facet.url,
                "equivalent",
                f"same drill-downs and counts as {early.id}, entities within it",
                parent.id,
            )
            ex.edge(parent, child, facet)
            return None
        entities = {e for p in pages for e in ex.entities(p)}
        opened = self._opened_in_place(entities, parent, pages)
        if not opened and not is_subset(entities, parent.entities, ex.settings.subset_tolerance):
            ex.skip(facet.url, "not-drill-down", "results not within the parent's", parent.id)
            return None
        child = ex.new_query(conditions, parent.depth + 1, first, parent=parent.id)
        ex.finish(child, pages, facets)
        if opened:
            child.entities = [e for e in child.entities if e in opened]
        ex.edge(parent, child, facet)
        ex.note_query(child, level=child.depth, urls=[p.url for p in pages], note=show(conditions))
        return child if child.status == "explored" else None

    def _opened_in_place(
        self, entities: set[str], parent: Query, pages: list[Snapshot]
    ) -> set[str]:
        """The entities a facet link's `pages` add to the parent's whole list, when every one
        of them is listed nested below an item of it (a folder opened in place; see the module
        docstring); empty otherwise."""
        ex = self.ex
        added = entities - set(parent.entities)
        if not added or not parent.entities or not set(parent.entities) <= entities:
            return set()
        if ex.pattern is None or ex.containers is None:  # table rows: no nested list
            return set()
        nested = {
            entity_url(x.url)
            for p in pages
            for x in sublist_links(p.links, ex.containers)
            if ex.pattern.matches(x.url)
        }
        return added if added <= nested else set()


async def at_largest_size(
    ex: Exploring,
    firsts: Sequence[Snapshot | None],
) -> list[Snapshot | None]:
    """Drill-downs' first pages at the largest page size their own page-size links offer,
    loaded in one batch (a facet link that drops the page size the start query was given
    would page its results at the default size); a page that shows all its results, or
    offers no larger size, is kept."""
    assert ex.pattern is not None
    want: dict[int, str] = {}
    for i, first in enumerate(firsts):
        if first is None or not pagination_candidates(first, ex.pattern, ex.canonical):
            continue
        sizes = page_size_links(first, ex.canonical)
        if sizes:
            url, size = max(sizes.items(), key=lambda kv: (kv[1], kv[0]))
            if size > len(ex.entities(first)):
                want[i] = url
    out = list(firsts)
    for i, bigger in zip(want, await ex.pages(list(want.values())), strict=True):
        if bigger is not None and ex.kind(bigger) == "list":
            out[i] = bigger
    if want:
        ex.run.note(
            "page-size",
            "choose",
            f"{len(want)} drill-downs",
            values={"pages": float(len(want))},
        )
    return out
