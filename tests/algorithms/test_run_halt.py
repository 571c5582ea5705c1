"""Stopping a method run from outside: a whole-run time limit and Ctrl-C, through `Halt`."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

import pytest

from siteseer.algorithms import (
    INTERRUPTED,
    Halt,
    Run,
    Stopped,
    halting,
    indesit,
    ssup,
    time_limit_reason,
)
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer

SLOW = timedelta(seconds=0.1)  # between two requests to the lab host: a crawl one can stop


def _entities(lab: Callable[[str], LabServer]) -> list[str]:
    return sorted(lab("council").truth("council").target_entities)


def test_a_computation_after_a_cut_run_goes_over_what_it_gathered() -> None:
    cut = Halt()
    cut.halt(time_limit_reason(timedelta(seconds=1.5)))
    after_cut = cut.stop_after_now()  # the clustering of a crawl the time limit cut
    assert cut.stopping() and not after_cut()

    running = Halt()
    during = running.stop_after_now()  # a computation the Halt has not cut yet
    assert not during()
    running.halt(INTERRUPTED)
    assert during()


def test_a_halt_fires_once_with_the_first_reason() -> None:
    halt = Halt()
    assert halt.reason == "" and halt.check() == "" and not halt.interrupted
    halt.halt(INTERRUPTED)
    halt.halt("something else")
    assert halt.reason == INTERRUPTED and halt.interrupted
    with pytest.raises(ValueError, match="positive"):
        Halt(timedelta(0))


async def test_a_halt_within_another_fires_with_it() -> None:
    bench = Halt()
    run = Halt(timedelta(minutes=5), within=bench)
    waiting = asyncio.ensure_future(run.wait())
    await asyncio.sleep(0)
    assert not waiting.done() and run.check() == ""
    bench.mark(INTERRUPTED)  # as a signal handler does: seen at once by a long computation
    assert run.stopping() and run.reason == INTERRUPTED
    bench.halt(INTERRUPTED)  # then through the loop: the run's waiters wake
    assert await asyncio.wait_for(waiting, 1) == INTERRUPTED
    # the inner Halt's own limit still fires alone, leaving the outer one running
    short = Halt(timedelta(seconds=0.05), within=Halt())
    assert "time limit" in await asyncio.wait_for(short.wait(), 1)
    assert short.within is not None and short.within.reason == ""


async def test_the_time_limit_stops_a_batch(lab: Callable[[str], LabServer]) -> None:
    pages = _entities(lab)
    limit = timedelta(seconds=0.5)
    async with Session(SessionConfig(render="never", delay=SLOW)) as session:
        await session.page(pages[0])  # the host's robots.txt and first answer, before the clock
        run = Run(session, halt=Halt(limit))
        with pytest.raises(Stopped) as stop:
            await run.fetch(pages[1:])
        assert stop.value.reason == time_limit_reason(limit) == "time limit of 0.5 s reached"
        assert not run.complete and run.reason == stop.value.reason
        assert len(run.loaded(pages)) < len(pages) - 1
        with pytest.raises(Stopped):  # and no page is asked for any more
            await run.fetch(pages)
        # (loads the Session had started go on into its cache until it closes: a rerun on
        # the same cache starts from there)


async def test_halting_reaches_every_run_created_inside_and_keeps_what_loaded(
    lab: Callable[[str], LabServer],
) -> None:
    pages = _entities(lab)
    async with Session(SessionConfig(render="never", delay=SLOW)) as session:
        assert Run(session).halt is None
        with halting(Halt()) as halt:
            run = Run(session)
            assert run.halt is halt
            loaded: list[str] = []

            def on_page(snapshot: object, cached: bool) -> None:
                loaded.append(str(snapshot))
                if len(loaded) == 3:
                    halt.halt(INTERRUPTED)  # as Ctrl-C does, after the third page

            session.events.on("page", on_page)
            with pytest.raises(Stopped) as stop:
                await run.fetch(pages)
            assert stop.value.reason == INTERRUPTED
            assert 3 <= len(run.loaded(pages)) < len(pages)  # the pages loaded are kept
            with pytest.raises(Stopped):  # a halted seed is not loaded either
                await Run(session).seed(pages[0])
        assert Run(session).halt is None


@pytest.mark.parametrize("method", [ssup, pytest.param(indesit, marks=pytest.mark.slow)])
async def test_a_stopped_method_returns_what_it_found(
    lab: Callable[[str], LabServer], method: Callable[..., object]
) -> None:
    truth = lab("council").truth("council")
    async with Session(SessionConfig(render="never")) as session:
        full = await method(session, truth.seed_entity)  # type: ignore[misc]
    assert full.complete and full.entities
    async with Session(SessionConfig(render="never", delay=SLOW)) as session:
        with halting(Halt(timedelta(seconds=full.cost.downloads * 0.1 * 0.8))):
            partial = await method(session, truth.seed_entity)  # type: ignore[misc]
    assert not partial.complete and partial.reason.startswith("time limit of ")
    assert set(partial.entities) <= set(full.entities)
    assert partial.cost.downloads < full.cost.downloads
