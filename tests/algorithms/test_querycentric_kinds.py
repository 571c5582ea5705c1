"""The kinds of facets behind one interface (algorithms/querycentric/kinds.py): the registered
ones, and a new kind joining the exploration by one registration."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import pytest

from siteseer.algorithms import explore
from siteseer.algorithms.querycentric import explorer
from siteseer.algorithms.querycentric.ajax import AjaxFacets
from siteseer.algorithms.querycentric.core import Query
from siteseer.algorithms.querycentric.exploring import Exploring
from siteseer.algorithms.querycentric.forms import Forms
from siteseer.algorithms.querycentric.kinds import FACET_KINDS, FacetKind
from siteseer.algorithms.querycentric.links import LinkFacets
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer
from siteseer.lab.runners.exploration import start_url
from siteseer.render import Snapshot

LabFactory = Callable[[str], LabServer]


def test_links_ajax_and_forms_are_registered_in_the_order_they_run() -> None:
    assert (LinkFacets, AjaxFacets, Forms) == FACET_KINDS
    assert [kind.in_page for kind in (LinkFacets, AjaxFacets, Forms)] == [False, True, True]
    for kind in FACET_KINDS:
        for member in ("shown", "offers", "explore"):
            assert callable(getattr(kind, member)), (kind, member)


class _Recorder:
    """A new kind: it sees the start page's widest view after the others and adds nothing."""

    in_page = True
    seen: ClassVar[list[tuple[str, str | None]]] = []

    def __init__(self, ex: Exploring) -> None:
        self.ex = ex

    def shown(self, root: Snapshot) -> bool:
        return False

    def offers(self, root: Snapshot, q0: Query | None) -> bool:
        return True

    async def explore(self, root: Snapshot, q0: Query | None) -> Query | None:
        self.seen.append((root.url, None if q0 is None else q0.id))
        return q0


@pytest.mark.timeout(300)
async def test_a_registered_kind_runs_after_the_others_on_the_start_query(
    lab: LabFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    truth = lab("shop-form").truth("shop-form")

    async def run() -> tuple[str, ...]:
        async with Session(SessionConfig(render="auto")) as session:
            result = await explore(session, start_url(truth), entity_sample=truth.seed_entity)
        return tuple(sorted(result.entities))

    before = await run()
    recorder: Callable[[Exploring], FacetKind] = _Recorder
    monkeypatch.setattr(explorer, "FACET_KINDS", (*FACET_KINDS, recorder))
    after = await run()
    assert _Recorder.seen == [(start_url(truth), "q0")]
    assert after == before and before
