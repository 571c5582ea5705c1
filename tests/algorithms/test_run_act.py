"""Run.act and Run.rendered over a stand-in Session: failures, the budget, what is kept."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from siteseer.algorithms import BUDGET_SPENT, Run, Stopped
from siteseer.crawler import ActionFailed, BudgetExhausted, Cost, CrawlError, RoutingDecision
from siteseer.render import Action, Snapshot, State

URL = "http://127.0.0.1:8000/shop"


class StandIn:
    """Loads and actions by table; counts what was asked."""

    def __init__(self, *, budget: int = 100) -> None:
        self.budget = budget
        self.asked: list[str] = []

    def _spend(self, what: str) -> None:
        if self.budget <= 0:
            raise BudgetExhausted(what, 1)
        self.budget -= 1
        self.asked.append(what)

    async def page(self, url: str, *, render: bool = False) -> Snapshot:
        self._spend(f"{url} render={render}")
        return Snapshot(url, url, 200, "<html></html>", rendered=render)

    async def pages(self, urls: Iterable[str], *, render: bool = False) -> list[Any]:
        out: list[Snapshot | CrawlError] = []
        for url in urls:
            try:
                out.append(await self.page(url, render=render))
            except CrawlError as e:
                out.append(e)
        return out

    async def act(self, snapshot: Snapshot, action: Action) -> Snapshot:
        state = (snapshot.state or State(snapshot.url)).then(action)
        if action.selector == "#gone":
            raise ActionFailed(snapshot.url, action, "nothing matches '#gone' any more")
        self._spend(state.key())
        return Snapshot(snapshot.url, snapshot.url, 200, "<html></html>", state=state)

    def cost(self) -> Cost:
        return Cost(downloads=len(self.asked))


async def test_act_gives_the_new_state_and_notes_failures_once() -> None:
    session: Any = StandIn()
    run = Run(session)
    page = await run.seed(URL)
    state = await run.act(page, Action("click", "#nike", label="Nike"))
    assert state is not None and state.state == State(URL).then(Action("click", "#nike"))
    gone = Action("click", "#gone", label="Gone")
    assert await run.act(page, gone) is None
    key = State(URL).then(gone).key()
    assert "nothing matches" in run.failed[key]
    assert [(t.step, t.decision, t.subject) for t in run.trace] == [("act", "error", "Gone")]
    assert await run.act(page, gone) is None  # a failed state is not tried again
    assert len(run.trace) == 1 and run.complete
    assert run.cost().downloads == 2  # the seed and the click


async def test_act_stops_the_run_when_the_budget_is_spent() -> None:
    session: Any = StandIn(budget=1)
    run = Run(session)
    page = await run.seed(URL)
    with pytest.raises(Stopped) as stopped:
        await run.act(page, Action("load_more", "#more", rounds=5))
    assert stopped.value.reason == BUDGET_SPENT and run.reason == BUDGET_SPENT
    with pytest.raises(Stopped):  # nothing more is asked once the run stopped
        await run.act(page, Action("click", "#nike"))
    assert len(session.asked) == 1


async def test_rendered_replaces_a_plain_page_once() -> None:
    session: Any = StandIn()
    run = Run(session)
    plain = await run.seed(URL)
    assert not plain.rendered
    assert await run.fetch_one(URL) is plain  # a kept page answers a plain request
    rendered = await run.rendered(URL)
    assert rendered is not None and rendered.rendered and run.pages[URL] is rendered
    assert await run.rendered(URL) is rendered
    assert session.asked == [f"{URL} render=False", f"{URL} render=True"]


async def test_the_sessions_routing_decisions_go_into_the_trace() -> None:
    session: Any = StandIn()
    run = Run(session)
    decision = RoutingDecision(
        "127.0.0.1:8000/shop", True, "#a shows other content", URL, URL + "#a", 0.25
    )
    session.routing_decisions = {decision.document: decision}  # the seed's load decided it
    await run.seed(URL)
    await run.fetch([URL + "/2"])
    [entry] = [e for e in run.trace if e.step == "hash-routing"]
    assert (entry.decision, entry.subject, entry.urls) == ("routed", URL, (URL + "#a",))
    assert entry.values == (("similarity", 0.25),) and entry.note == decision.reason
