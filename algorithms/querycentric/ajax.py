"""Ajax facets: drill-downs that are controls (checkboxes, radios, buttons, selects) acted on in
the browser.

Each click gives a new state, replayable from its URL and action path; when the page has a
load-more control it is used in the same visit until the list stops growing, and an Ajax pager
is followed (lists.py: `ListGrower`, which also asks a load-more list's own request directly
once it is learned). A list's own page-size control is set to its largest first. States are known by structure fingerprint plus
result entity set (`state_key`), looked up by hash. A select under a sort heading is tried once
on the start state and must pass the equivalence test; the sort controls that pass it are
skipped everywhere below. Only facet controls (under a facet heading), pagers and load-more are
clicked.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from dataclasses import replace

from siteseer.algorithms.querycentric.controls import control_facets
from siteseer.algorithms.querycentric.core import Query, show, with_facet
from siteseer.algorithms.querycentric.disclosures import (
    disclosure_facets,
    is_disclosure,
    seen_links,
)
from siteseer.algorithms.querycentric.exploring import Exploring, refused
from siteseer.algorithms.querycentric.listing import page_size_choice, shows_its_size
from siteseer.algorithms.querycentric.lists import ListGrower
from siteseer.algorithms.querycentric.model import (
    SORT_WORDS,
    Condition,
    Facet,
    clean_label,
    is_subset,
    label_count,
    load_more_control,
    unsafe_reason,
)
from siteseer.algorithms.querycentric.queries import state_key
from siteseer.algorithms.querycentric.rows import popup_openers, popup_options
from siteseer.algorithms.querycentric.safety import unsafe_controls
from siteseer.render import Action, RenderConfig, Snapshot, State

__all__ = ["OPENED_FIRST", "VIEWED_FIRST", "AjaxFacets"]

# A facet to act on: the facet, its query's conditions, its subject and the actions reaching it.
_Todo = tuple[Facet, tuple[Condition, ...], str, tuple[Action, ...]]
# The disclosures of one group opened before the rest: when none of them reveals an entity,
# the rest is not clicked.
OPENED_FIRST = 3
# The values of one control visited in full before the rest: when each shows the parent's own
# results, the rest is read on its first page.
VIEWED_FIRST = 2


class AjaxFacets:
    """The Ajax-facet kind of one exploration (a `FacetKind`, kinds.py): facet controls and
    disclosures acted on in the browser, on the start page's widest view."""

    in_page = True

    def __init__(self, ex: Exploring) -> None:
        self.ex = ex
        self.state_ids: dict[str, str] = {}  # state_key → the query first seen in that state
        self.ordering_groups: set[str] = set()  # selectors of sort controls equivalent at q0
        # One visit (a facet's state, then its pages) per browser page at a time: a visit's
        # clicks then continue on the page that shows its last state instead of replaying it
        # (sized when the exploration starts, by then the browser has its settings).
        self.lanes = asyncio.Semaphore(1)
        self.lists = ListGrower(ex)  # grows and pages the result lists of the states

    def shown(self, root: Snapshot) -> bool:
        """Whether `root` shows facet controls (before it is rendered: disclosures need the
        browser's ARIA state)."""
        return bool(control_facets(root))

    def offers(self, root: Snapshot, q0: Query | None) -> bool:
        """Whether `root` offers facets to click: facet controls and disclosures, less the facet
        links already followed as URLs when they made `q0`."""
        clickable = facets_of(root)
        if q0 is not None:
            clickable = tuple(f for f in clickable if f.control is None or f.control.kind != "link")
        return bool(clickable)

    async def explore(self, root: Snapshot, q0: Query | None) -> Query | None:
        """Every facet control of `root` acted on, level by level; `q0` is the start query when
        facet links made it already (else the start state, its list grown, becomes it)."""
        ex = self.ex
        self.lanes = asyncio.Semaphore(_browser_pages(ex))
        for control, why in unsafe_controls(root):
            ex.skip(control.label or control.name or control.selector, "unsafe", why)
        facets = facets_of(root)
        if not facets and not popup_openers(root):
            return q0
        if q0 is None:
            root = await self._largest_page_size(root)
            # a list its pager links page at other addresses is paged there (a list is a list),
            # also when the page-size choice took the page to an address of its own
            addressed = root.state is None or not root.state.actions or _navigated(root)
            pages = await ex.start_pages(root) if addressed else [root]
            if len(pages) == 1:
                pages = await self.lists.paged(await self.lists.load_all(root))
            q0 = ex.new_query((), 0, root)
            ex.finish(q0, pages, facets_of(pages[0]) or facets)
            self._state(pages, q0.id)
            ex.note_query(q0, level=0, drilldowns=len(facets))
        await self._check_orderings(q0, root)
        frontier: list[tuple[Query, Snapshot]] = [(q0, root)]
        while frontier:
            nxt: list[tuple[Query, Snapshot]] = []
            for q, base in frontier:
                nxt.extend(await self._expand(q, base))
            frontier = nxt
        return q0

    async def _largest_page_size(self, root: Snapshot) -> Snapshot:
        """`root` at the largest page size its own page-size control offers (every state below
        is reached from there); `root` itself without one, or when the choice shows fewer
        results."""
        choice = page_size_choice(root)
        if choice is None or unsafe_reason(text=choice.label):
            return root
        ex = self.ex
        larger = await ex.act(root, choice)
        if larger is None or len(ex.entities(larger)) < len(ex.entities(root)):
            return root
        ex.run.note(
            "page-size",
            "choose",
            choice.label,
            values={"entities": float(len(ex.entities(larger)))},
            note=choice.selector,
        )
        return larger

    async def _visit(
        self, base: Snapshot, steps: tuple[Action, ...], *, paged: bool = True
    ) -> list[Snapshot] | None:
        """The pages of the result list the actions `steps` on `base` lead to (one visit; only
        its first page unless `paged`: a popup's list has no pages); None when one failed."""
        async with self.lanes:
            snap = await self._act_then_load(_then(base, steps[:-1]), steps[-1])
            if snap is None:
                return None
            return await self.lists.paged(snap) if paged else [snap]

    async def _visits(
        self, q: Query, base: Snapshot, todo: list[_Todo], popups: set[Facet]
    ) -> dict[int, list[Snapshot] | None]:
        """The pages each of `todo` leads to (`_visit`), by its place, several at once. A
        disclosure group whose first `OPENED_FIRST` openings reveal no entity opens the rest
        of it in place too (a reference's models, each its own details): not clicked. A
        dropdown (its options reached by opening it, each visit opening it anew) whose first
        `VIEWED_FIRST` values each show `q`'s own results (a year that
        changes the figures of the same rows: a view, no filter) has its other values read on
        their first page: one showing `q`'s first page is that view too, not paged."""
        tried: Counter[str] = Counter()
        acted: Counter[str] = Counter()
        dropdowns = Counter(t[0].attribute for t in todo if len(t[3]) > 1 and t[0] not in popups)
        first, later = [], []
        for i, (facet, *_) in enumerate(todo):
            tried[facet.attribute] += facet in popups
            acted[facet.attribute] += facet not in popups
            if facet in popups:
                if tried[facet.attribute] <= OPENED_FIRST:
                    first.append(i)
            elif acted[facet.attribute] > VIEWED_FIRST and dropdowns[facet.attribute]:
                later.append(i)
            else:
                first.append(i)
        visits = await self._gather(base, todo, first, popups)
        opened = {todo[i][0] for i in first if todo[i][0] in popups}
        barren = {f.attribute for f in opened} - {
            f.attribute
            for i, f in ((i, todo[i][0]) for i in first)
            if f in opened and self._reveals(visits[i])
        }
        views = self._views(q, todo, first, visits, popups)
        rest = [i for i, t in enumerate(todo) if i not in visits and t[0].attribute not in barren]
        glimpsed = [i for i in rest if i in later and todo[i][0].attribute in views]
        glimpses = await self._gather(base, todo, glimpsed, popups, paged=False)
        shown = frozenset(self.ex.entities(q.pages[0])) if q.pages else frozenset()
        for i, pages in glimpses.items():
            if pages and shown and frozenset(self._listed(pages)) == shown:
                note = f"its first page is {q.id}'s, as its control's first values showed"
                self.ex.skip(todo[i][2], "view", note, q.id)
                visits[i] = None
        rest = [i for i in rest if i not in visits]
        visits |= await self._gather(base, todo, rest, popups)
        for i, (_, _, subject, _) in enumerate(todo):
            if i not in visits:
                note = f"the first {OPENED_FIRST} of its group revealed no entity"
                self.ex.skip(subject, "barren", note, q.id)
        return visits

    def _views(
        self,
        q: Query,
        todo: list[_Todo],
        visited: list[int],
        visits: dict[int, list[Snapshot] | None],
        popups: set[Facet],
    ) -> set[str]:
        """The attributes of `todo` (no disclosure's) whose first `VIEWED_FIRST` values, all
        visited, each list exactly `q`'s results."""
        out: dict[str, list[bool]] = {}
        for i in visited:
            facet = todo[i][0]
            if facet not in popups:
                pages = visits.get(i)
                same = bool(pages) and frozenset(self._listed(pages or [])) == q.entity_set
                out.setdefault(facet.attribute, []).append(same)
        return {a for a, seen in out.items() if len(seen) >= VIEWED_FIRST and all(seen)}

    async def _gather(
        self,
        base: Snapshot,
        todo: list[_Todo],
        which: list[int],
        popups: set[Facet],
        *,
        paged: bool = True,
    ) -> dict[int, list[Snapshot] | None]:
        visits = await asyncio.gather(
            *(
                self._visit(base, todo[i][3], paged=paged and todo[i][0] not in popups)
                for i in which
            )
        )
        return dict(zip(which, visits, strict=True))

    async def _popup_facets(self, q: Query, base: Snapshot) -> dict[Facet, Action]:
        """The facets behind the custom dropdowns of `base`, each with the click that opens its
        dropdown: every dropdown whose attribute no ancestor of `q` offered is opened once, and
        the options it shows become facets (selected: the one its button shows)."""
        ex = self.ex
        known = ex.known_attributes(q)
        out: dict[Facet, Action] = {}
        for opener in popup_openers(base):
            attribute = clean_label(opener.group)
            if attribute.casefold() in known or unsafe_reason(opener):
                continue
            opening = Action("click", opener.selector, label=f"open {attribute}")
            opened = await ex.act(base, opening)
            if opened is None:
                continue
            options = popup_options(base, opened)
            ex.run.note(
                "dropdown",
                "open",
                attribute,
                values={"options": float(len(options))},
                note=opener.selector,
            )
            for option in options:
                value = clean_label(option.label)
                selected = _clean_eq(opener.label, value) or option.checked
                facet = Facet(attribute, value, label_count(option.label), control=option)
                out[replace(facet, selected=selected)] = opening
        return out

    def _reveals(self, pages: list[Snapshot] | None) -> bool:
        """Whether a visit's pages list an entity."""
        return bool(pages) and bool(self._listed(pages or []))

    def _listed(self, pages: list[Snapshot]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(e for p in pages for e in self.ex.entities(p)))

    def _state(self, pages: list[Snapshot], query_id: str) -> str | None:
        """Register an Ajax state by structure fingerprint + result entities (of all its
        pages); the query id of an identical state seen before, if any."""
        key = state_key(pages[0].fingerprint, self._listed(pages))
        known = self.state_ids.get(key)
        if known is None:
            self.state_ids[key] = query_id
        return known

    async def _check_orderings(self, q0: Query, root: Snapshot) -> None:
        ex = self.ex
        for control in root.controls:
            if control.kind != "select" or (control.form and _form_has_submit(root, control.form)):
                continue
            group = control.group.lower()
            if not any(w in re.split(r"\W+", group) for w in SORT_WORDS):
                continue
            if unsafe_reason(control):
                continue
            for option in control.options:
                if option.selected:
                    continue
                action = Action("select", control.selector, option.value, label=option.label)
                subject = f"{control.group}: {option.label}"
                snap = await ex.act(root, action)
                if snap is None:
                    continue
                same = ex.early_equivalent(snap, control_facets(snap))
                if same is not None:
                    self.ordering_groups.add(control.selector)
                    ex.skip(
                        subject,
                        "ordering",
                        f"sort-order variant: same drill-downs and counts as {same.id}, "
                        "entities within it — equivalent, not explored",
                        q0.id,
                    )
                else:
                    ex.skip(subject, "ordering", "sort control failed the equivalence test", q0.id)

    async def _act_then_load(self, base: Snapshot, action: Action) -> Snapshot | None:
        """Perform `action` on `base`, then grow the list, as one replayable state when the
        base shows a load-more control (one browser visit instead of two)."""
        control = load_more_control(base)
        if control is None or unsafe_reason(control):
            return await self.ex.act(base, action)
        pending = replace(base, state=(base.state or State(base.url)).then(action))
        return await self.lists.grown(pending, control)

    def _skip_orderings(self, q: Query) -> None:
        for control in q.pages[0].controls:
            if control.selector in self.ordering_groups:
                for option in control.options:
                    if not option.selected:
                        self.ex.skip(
                            f"{control.group}: {option.label}",
                            "ordering",
                            "sort-order variant, equivalent at q0",
                            q.id,
                        )

    def _action(self, q: Query, facet: Facet) -> tuple[tuple[Condition, ...], str, Action] | None:
        """The conditions, subject and action of acting on `facet` below `q`; None (and a skip)
        when it is not to be tried."""
        ex = self.ex
        assert facet.control is not None
        control = facet.control
        conditions = with_facet(q.conditions, facet)
        subject = f"{facet.attribute}: {facet.value}"
        if refused(ex, q, subject, conditions, unsafe_reason(control)):
            return None
        if control.kind == "select":
            option = next(o for o in control.options if _clean_eq(o.label, facet.value))
            return (
                conditions,
                subject,
                Action("select", control.selector, option.value, label=subject),
            )
        return conditions, subject, Action("click", control.selector, label=subject)

    async def _expand(self, q: Query, base: Snapshot) -> list[tuple[Query, Snapshot]]:
        """The drill-downs of `q` (shown in state `base`) made queries; those to explore below
        come back with the state they were reached in."""
        ex = self.ex
        if q.status != "explored":
            return []
        out: list[tuple[Query, Snapshot]] = []
        shown = q.pages[0] if q.depth else base
        # its page-size menu is no drill-down, though it made the Ajax list the start query
        facets = facets_of(shown, len(ex.entities(shown)))
        if q.depth:
            self._skip_orderings(q)
        openings = await self._popup_facets(q, base)
        q.facets = tuple(dict.fromkeys((*q.facets, *openings)))  # known to the drill-downs
        todo: list[_Todo] = []
        for facet in ex.split_drilldowns(q, (*facets, *openings)):
            planned = self._action(q, facet)
            if planned is not None:
                conditions, subject, action = planned
                opening = openings.get(facet)
                steps: tuple[Action, ...] = (action,) if opening is None else (opening, action)
                todo.append((facet, conditions, subject, steps))
        # A disclosure's popup lists the entities with its value: read them off what it adds.
        popups = {t[0] for t in todo if t[0].control and is_disclosure(t[0].control)}
        if popups:
            before = seen_links(base)
            for facet, _, _, steps in todo:
                if facet in popups:
                    ex.opened[_then(base, steps).key] = (before, facet.value)
        # The browser pool works on several states at once; results are read in facet order.
        visits = await self._visits(q, base, todo, popups)
        for i, (facet, conditions, subject, steps) in enumerate(todo):
            pages = visits.get(i)
            if pages is None:
                continue
            snap = pages[0]
            entities = self._listed(pages)
            known = self.state_ids.get(state_key(snap.fingerprint, entities))
            if known is not None:
                ex.skip(subject, "equivalent", f"the same state as {known}", q.id)
                continue
            popup = facet in popups  # its own list, not a filter of the page's
            if not popup and not is_subset(entities, q.entities, ex.settings.subset_tolerance):
                ex.skip(subject, "not-drill-down", "results not within the parent's", q.id)
                continue
            if not popup and q.entities and frozenset(entities) == q.entity_set:
                ex.skip(subject, "view", "exactly the parent's results: a view, no filter", q.id)
                continue
            child = ex.new_query(conditions, q.depth + 1, snap, parent=q.id)
            self._state(pages, child.id)
            ex.finish(child, pages, () if popup else control_facets(snap))
            ex.edge(q, child, facet)
            ex.note_query(child, level=child.depth, urls=[snap.key], note=show(conditions))
            if child.status == "explored" and not popup:  # a popup's state is a leaf
                out.append((child, _then(base, steps)))
        return out


def facets_of(snap: Snapshot, listed: int = 0) -> tuple[Facet, ...]:
    """The facets a state offers to click: its facet controls, then its disclosures; with
    `listed`, the entities the state lists (its drill-downs chosen), a select of page sizes
    whose chosen size is that number is none (`shows_its_size`)."""
    own = tuple(
        f
        for f in control_facets(snap)
        if f.control is None or not shows_its_size(f.control, listed)
    )
    taken = {f.control.selector for f in own if f.control is not None}
    more = tuple(
        f for f in disclosure_facets(snap) if f.control and f.control.selector not in taken
    )
    return (*own, *more)


def _browser_pages(ex: Exploring) -> int:
    """The pages the Session's browser works on at once (its render configuration's)."""
    config = getattr(ex.run.session, "render_config", None)
    return max(1, config.pages) if isinstance(config, RenderConfig) else 1


def _navigated(snap: Snapshot) -> bool:
    """Whether the actions of `snap`'s state took its page to another address (a select that
    loads the page it names): the state is then a page of its own, paged by its links."""
    state = snap.state
    return state is not None and snap.final_url not in (state.url, snap.url)


def _then(base: Snapshot, steps: tuple[Action, ...]) -> Snapshot:
    """`base` with `steps` appended to its state (not performed: a state to act on)."""
    if not steps:
        return base
    state = base.state or State(base.url)
    for step in steps:
        state = state.then(step)
    return replace(base, state=state)


def _clean_eq(label: str, value: str) -> bool:
    return clean_label(label).casefold() == value.casefold()


def _form_has_submit(snap: Snapshot, form: str) -> bool:
    return any(c.kind == "submit" and c.form == form for c in snap.controls)
