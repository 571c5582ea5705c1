"""What a kind of facets may use of its exploration: the interface `Explorer` (core.py) offers
the kinds (kinds.py: links.py, ajax.py, forms.py) and their helpers (lists.py's `ListGrower`,
entities.py's `learn_containers`).

A kind is made from an `Exploring`, not from the `Explorer` itself: what it reads (the
settings, the run's trace, the entity pattern, the query index), what it loads (pages, actions,
pagination) and what it records (skips, queries, their edges). mypy holds each kind to these
members; `Explorer` is the one implementation. A new kind that needs more of the exploration
adds the member here and in core.py. The refusal of a drill-down before it is tried, which
the link and Ajax kinds share, is written here once (`refused`: unsafe, too deep, or its
conditions a query's already).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from siteseer.algorithms.querycentric.core import show

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Query, Settings
    from siteseer.algorithms.querycentric.model import (
        Canonical,
        Condition,
        EntityPattern,
        Facet,
        FacetLabel,
    )
    from siteseer.algorithms.querycentric.queries import QueryIndex
    from siteseer.algorithms.querycentric.rows import RowKey
    from siteseer.algorithms.result import SkipReason
    from siteseer.algorithms.run import Run
    from siteseer.render import Action, Snapshot

__all__ = ["Exploring", "refused"]


class Exploring(Protocol):
    """One exploration as a kind of facets sees it (core.py's `Explorer` says what each does)."""

    # Read: the parameters, the run (its trace), what was learned, the queries so far.
    @property
    def settings(self) -> Settings: ...
    @property
    def run(self) -> Run: ...
    @property
    def canonical(self) -> Canonical: ...
    @property
    def pattern(self) -> EntityPattern | None: ...
    @property
    def rows(self) -> RowKey | None: ...
    @property
    def index(self) -> QueryIndex: ...
    @property
    def queries(self) -> list[Query]: ...
    @property
    def opened(self) -> dict[str, tuple[frozenset[tuple[str, str]], str]]: ...

    # Learned by a kind: the result list's container, the labels forms offer.
    containers: frozenset[str] | None
    form_labels: set[FacetLabel]

    # Loads (a failed or refused load is a skip, and None).
    async def page(self, url: str) -> Snapshot | None: ...
    async def pages(self, urls: Sequence[str]) -> list[Snapshot | None]: ...
    async def act(self, snap: Snapshot, action: Action) -> Snapshot | None: ...
    async def largest_page_size(self, root: Snapshot) -> Snapshot: ...
    async def cluster(self, first: Snapshot, query: str) -> list[Snapshot]: ...
    async def start_pages(self, first: Snapshot) -> list[Snapshot]: ...
    async def cluster_many(
        self, firsts: Sequence[Snapshot], names: Sequence[str]
    ) -> list[list[Snapshot]]: ...

    # Pages judged.
    def entities(self, snap: Snapshot) -> tuple[str, ...]: ...
    def listed_attributes(self, q0: Query, offered: Iterable[FacetLabel]) -> set[str]: ...
    def kind(self, snap: Snapshot) -> str: ...

    # Queries, their edges and skips recorded.
    def skip(self, subject: str, reason: SkipReason, detail: str = "", query: str = "") -> None: ...
    def new_query(
        self, conditions: tuple[Condition, ...], depth: int, first: Snapshot, parent: str = ""
    ) -> Query: ...
    def finish(self, q: Query, pages: list[Snapshot], facets: tuple[Facet, ...]) -> str | None: ...
    def note_query(
        self,
        q: Query,
        *,
        level: int | None,
        urls: Iterable[str] = (),
        drilldowns: int | None = None,
        note: str = "",
    ) -> None: ...
    def edge(self, parent: Query, child: Query, facet: Facet) -> None: ...
    def early_equivalent(self, first: Snapshot, facets: tuple[Facet, ...]) -> Query | None: ...
    def known_attributes(self, q: Query) -> set[str]: ...
    def split_drilldowns(self, q: Query, facets: Sequence[Facet]) -> list[Facet]: ...


def refused(
    ex: Exploring, q: Query, subject: str, conditions: tuple[Condition, ...], unsafe: str
) -> bool:
    """Whether the drill-down `subject` (to `conditions`) below `q` is not to be tried, a
    skip saying why: it is unsafe (`unsafe` is the reason, "" when safe), below
    `max_depth`, or its conditions are a query's already."""
    if unsafe:
        ex.skip(subject, "unsafe", unsafe, q.id)
        return True
    if q.depth + 1 > ex.settings.max_depth:
        ex.skip(subject, "depth", f"below --max-depth {ex.settings.max_depth}", q.id)
        return True
    same = ex.index.with_conditions(conditions)
    if same is not None:
        ex.skip(subject, "same-conditions", f"{show(conditions)} is {same}", q.id)
        return True
    return False
