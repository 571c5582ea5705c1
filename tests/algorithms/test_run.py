"""The method-run helper on a served lab site: batch fetches, failures, the budget, the cost."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from siteseer.algorithms import BUDGET_SPENT, Run, Stopped
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer


def _urls(lab: Callable[[str], LabServer]) -> tuple[list[str], str]:
    """Four entity pages of the council site, and a URL it answers with 404."""
    truth = lab("council").truth("council")
    return sorted(truth.target_entities)[:4], truth.base_url + "/no-such-page"


async def test_fetch_keeps_2xx_pages_and_notes_the_rest(lab: Callable[[str], LabServer]) -> None:
    pages, missing = _urls(lab)
    async with Session(SessionConfig(render="never")) as session:
        run = Run(session)
        got = await run.fetch([*pages[:2], missing, pages[0]])
        assert list(got) == pages[:2]
        assert run.failed == {missing: "HTTP status 404"}
        assert [(e.step, e.decision, e.subject) for e in run.trace] == [("fetch", "error", missing)]
        before = session.cost().downloads
        assert await run.fetch([missing, pages[1]]) == {pages[1]: run.pages[pages[1]]}
        assert session.cost().downloads == before  # nothing is asked for twice
        assert run.complete and run.reason == ""


async def test_load_keeps_every_status_and_step_none_notes_nothing(
    lab: Callable[[str], LabServer],
) -> None:
    pages, missing = _urls(lab)
    async with Session(SessionConfig(render="never")) as session:
        run = Run(session)
        got = await run.load([pages[0], missing], step=None)
        assert list(got) == [pages[0], missing]
        assert got[missing].status == 404
        assert run.failed == {} and run.trace == []
        assert await run.fetch([missing], step=None) == {}


async def test_a_spent_budget_stops_the_run_and_keeps_the_batch(
    lab: Callable[[str], LabServer],
) -> None:
    pages, _ = _urls(lab)
    async with Session(SessionConfig(render="never", budget=2)) as session:
        run = Run(session)
        with pytest.raises(Stopped) as stop:
            await run.fetch(pages)
        assert stop.value.reason == BUDGET_SPENT
        assert not run.complete and run.reason == BUDGET_SPENT
        assert len(run.loaded(pages)) == 2
        with pytest.raises(Stopped):  # no page is loaded any more
            await run.fetch(pages)
        assert run.cost().downloads == 2


async def test_cost_is_the_runs_own_spend(lab: Callable[[str], LabServer]) -> None:
    pages, _ = _urls(lab)
    async with Session(SessionConfig(render="never")) as session:
        first = Run(session)
        await first.fetch(pages[:3])
        assert first.cost().downloads == 3
        second = Run(session)
        await second.fetch(pages)  # three from the cache, one download
        assert second.cost().downloads == 1
        assert second.cost().cache_hits == 3


async def test_seed_and_stop_give_the_reason(lab: Callable[[str], LabServer]) -> None:
    pages, missing = _urls(lab)
    async with Session(SessionConfig(render="never")) as session:
        run = Run(session)
        with pytest.raises(Stopped) as stop:
            await run.seed(missing)
        assert stop.value.reason.startswith(f"the seed {missing} answered HTTP 404")
        run = Run(session)
        assert (await run.seed(pages[0])).url == pages[0]
        run.unfinished("first reason")
        with pytest.raises(Stopped) as stop:
            run.stop("second reason")
        assert stop.value.reason == "first reason" == run.reason


async def test_again_loads_a_second_copy(lab: Callable[[str], LabServer]) -> None:
    pages, _ = _urls(lab)
    async with Session(SessionConfig(render="never")) as session:
        run = Run(session)
        first = await run.fetch_one(pages[0])
        again = await run.again(pages[0])
        assert first is not None and again.url == first.url
        assert run.cost().downloads == 2
