"""The describe run's judging (isInstance on every page of a site) stops where the run's time
limit fires and keeps the verdicts given until then."""

from __future__ import annotations

from collections.abc import Callable

from siteseer.algorithms import describe
from siteseer.crawler import Halt, Session, SessionConfig
from siteseer.lab import LabServer
from siteseer.lab.runners.templates import JUDGED_AT_ONCE, judge_pages

LabFactory = Callable[[str], LabServer]

ASKS = 5  # pages let through to be judged before the time limit fires


class _LimitAfter(Halt):
    """A time limit reached once `asks` pages were let through to be judged."""

    def __init__(self, asks: int) -> None:
        super().__init__()
        self.asks = asks

    def stopping(self) -> bool:
        self.asks -= 1
        if self.asks < 0:
            self.halt("time limit of 1 s reached")
        return super().stopping()


async def test_judging_stopped_by_the_time_limit_keeps_its_verdicts(lab: LabFactory) -> None:
    truth = lab("drivers").truth("drivers")
    pages = sorted(truth.templates)
    assert len(pages) > JUDGED_AT_ONCE
    async with Session(SessionConfig(render="never", cache=None)) as session:
        description = await describe(session, [truth.seed_entity])
        whole = await judge_pages(session, pages, description, halt=None)
        cut = await judge_pages(session, pages, description, halt=_LimitAfter(ASKS))
    assert list(whole) == pages
    assert {u for u, yes in whole.items() if yes} & set(truth.target_entities)
    assert len(cut) == ASKS
    assert all(whole[u] == yes for u, yes in cut.items())
