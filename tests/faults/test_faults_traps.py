"""Fault cases of endless URL families crawled without a budget: a grid counting in two
positions at once (three spellings of each cell), a calendar coded in letters, and the page cap
of a crawl given no --pages. The hostile server's request log is the evidence: how many requests
reached /grid and /diary."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from cases import fault, http_config
from click.testing import CliRunner
from hostile import HostileServer

from siteseer.algorithms import Run
from siteseer.algorithms.result import Discovery
from siteseer.algorithms.ssup.explanation import explain_discovery
from siteseer.cli import app
from siteseer.crawler import Session, SessionConfig

Saw = Callable[[str], None]
GRID = ("/grid/#/#", "/grid/#/#/detail", "/grid/#/#?view=#")


async def crawl(config: SessionConfig, start: str) -> tuple[Run, int]:
    """Follow every link of `start`'s host breadth first, with no budget, until none is left:
    the method run (its trace) and the pages it loaded."""
    host = urlsplit(start).netloc
    seen, frontier, loaded = {start}, [start], 0
    async with Session(config) as session:
        run = Run(session)
        while frontier:
            batch, frontier = frontier[:64], frontier[64:]
            pages = await run.fetch(batch, step=None)
            loaded += len(pages)
            for page in pages.values():
                for link in page.links:
                    if urlsplit(link.url).netloc == host and link.url not in seen:
                        seen.add(link.url)
                        frontier.append(link.url)
    return run, loaded


def asked(hostile: HostileServer, path: str, before: int) -> int:
    """The URLs under `path` requested since the first `before` hits: each once, however often
    it was asked (a request timed out on a loaded machine is asked again)."""
    return len({(h.path, h.query) for h in hostile.hits(path)[before:]})


def stops(run: Run, origin: str) -> dict[str, int]:
    """The trap guard's stops in the run's trace: family (without `origin`) → URLs admitted."""
    return {
        e.subject.removeprefix(origin): int(dict(e.values)["urls"])
        for e in run.trace
        if e.step == "trap-guard"
    }


async def grid_case(hostile: HostileServer, config: SessionConfig, cap: int, saw: Saw) -> None:
    before = len(hostile.hits("/grid/"))
    run, loaded = await crawl(config, hostile.url(f"/grid/0/0?cap={cap}"))
    requested = asked(hostile, "/grid/", before)
    # Each spelling of a cell is a family of its own, stopped at the cap; the start URL (a
    # spelling of its own) and nothing else besides.
    assert stops(run, hostile.url("")) == dict.fromkeys(GRID, cap)
    assert requested <= 3 * cap + 1 and loaded - requested <= 3  # the home page and its two links
    explained = explain_discovery(Discovery("crawl", "", (), trace=tuple(run.trace)))
    assert f"trap-guard: stop http://127.0.0.1:{urlsplit(hostile.url('/')).port}/grid/#/#" in (
        explained
    )
    assert f"stopped after {cap} URLs (varies in 2 positions" in explained
    saw(f"{requested} URLs asked of /grid, 3 families stopped at {cap}; the crawl ended by itself")


async def diary_case(hostile: HostileServer, config: SessionConfig, cap: int, saw: Saw) -> None:
    before = len(hostile.hits("/diary/"))
    run, loaded = await crawl(config, hostile.url(f"/diary/baa?cap={cap}"))
    requested = asked(hostile, "/diary/", before)
    assert stops(run, hostile.url("")) == {"/diary/*": cap}
    # The first 30 days are URLs of their own until the position reads as a counter.
    assert requested <= cap + 31 and loaded - requested <= 3
    saw(f"{requested} URLs asked of /diary, the family /diary/* stopped at {cap}")


@fault(
    "a grid counting in two positions, three spellings (guard at 40)",
    "each spelling's family stops at 40 distinct URLs, named in the trace; the crawl ends",
    within=30,
)
async def test_a_grid_trap_stops(hostile: HostileServer, saw: Saw) -> None:
    await grid_case(hostile, http_config(max_urls_per_multi_pattern=40, retries=1), 40, saw)


@pytest.mark.slow
@fault(
    "a grid counting in two positions, default guard, no budget",
    "each spelling stops at 1,000 (not 16,000 pages in 300 s): at most 3,001 requests",
    within=240,
)
async def test_a_grid_trap_stops_by_default(hostile: HostileServer, saw: Saw) -> None:
    await grid_case(hostile, http_config(retries=1), 1000, saw)


@fault(
    "an endless calendar coded in letters (guard at 60)",
    "/diary/* read as a counter, stopped at 60 distinct URLs; the crawl ends",
    within=30,
)
async def test_a_letter_coded_calendar_stops(hostile: HostileServer, saw: Saw) -> None:
    await diary_case(hostile, http_config(max_urls_per_multi_pattern=60, retries=1), 60, saw)


@pytest.mark.slow
@fault(
    "an endless calendar coded in letters, default guard, no budget",
    "stopped at 1,000 days (not 9,000 pages in 98 s): at most 1,031 requests",
    within=120,
)
async def test_a_letter_coded_calendar_stops_by_default(hostile: HostileServer, saw: Saw) -> None:
    await diary_case(hostile, http_config(retries=1), 1000, saw)


@fault(
    "a crawl given no --pages reaches the page cap",
    "stops cleanly at the cap: what it found written, 'budget spent: the page cap', exit 1",
    within=60,
)
def test_the_page_cap_stops_a_run_without_a_budget(
    hostile: HostileServer, tmp_path: Path, saw: Saw
) -> None:
    out = tmp_path / "found.jsonl"
    seed = hostile.url("/grid/5/5?page-cap=1")
    args = ["discover", seed, "--method", "indesit", "--render", "never", "--no-cache"]
    runner = CliRunner(env={"NO_COLOR": "1", "COLUMNS": "200"})
    before = len(hostile.hits())
    done = runner.invoke(app, [*args, "--out", str(out), "--page-cap", "3"])
    asked = len([h for h in hostile.hits()[before:] if h.path != "/robots.txt"])
    assert isinstance(done.exception, SystemExit), done.exception  # no traceback
    assert done.exit_code == 1, done.stderr
    assert "incomplete: budget spent: the page cap of 3 page loads" in done.stderr
    assert out.exists() and '"complete": false' in out.read_text()
    assert asked == 3
    # The same run with the cap lifted completes (indesit loads 5 pages here).
    lifted = runner.invoke(app, [*args, "--out", str(out), "--page-cap", "0"])
    assert lifted.exception is None and lifted.exit_code == 0, lifted.stderr
    saw(f"exit 1 after {asked} requests, the reason on stderr, rows marked; --page-cap 0: exit 0")
