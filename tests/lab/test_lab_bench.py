"""The bench end to end (serve → Session → runner → score → outputs), on a tiny site and the lab."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp import web
from tiny_site import PIXEL_PNG, REPORT_S, SPECS, TinyTreeSite

from siteseer.algorithms import Discovery
from siteseer.crawler import INTERRUPTED, Cost, Halt
from siteseer.lab import LabServer, MethodRun
from siteseer.lab.bench import (
    BenchConfig,
    markdown_table,
    plan,
    run_bench,
    run_pairs,
    score_run,
    write_outputs,
)
from siteseer.lab.errors import BenchError
from siteseer.lab.registry import methods
from siteseer.lab.results import BenchRun


@pytest.fixture(scope="module")
def traces_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("bench") / "traces"


@pytest.fixture(scope="module")
async def tiny_runs(traces_dir: Path) -> AsyncIterator[list[BenchRun]]:
    async with LabServer([TinyTreeSite()]) as server:
        lines: list[str] = []
        pairs = [("tiny", s) for s in SPECS]
        runs = await run_pairs(server, pairs, progress=lines.append, traces=traces_dir)
        assert len(lines) == 3  # one line per applicable run; "shops-only" does not apply
        assert lines[0].startswith("[1/3] tiny · follow-links: precision 1.000")
        yield runs


def test_follow_links_finds_every_item_and_nothing_else(tiny_runs: list[BenchRun]) -> None:
    run = tiny_runs[0]
    truth = run.truth
    assert run.run is not None
    assert set(run.run.found) == set(truth.target_entities)
    row = run.row
    assert (row.precision, row.recall, row.f1) == (1.0, 1.0, 1.0)
    assert row.complete and row.error is None
    # every page once: home, about, 2 lists, 6 items (the seed is one of them, loaded first and
    # answered from the cache when the crawl reaches it); robots.txt may count as a download
    assert row.cost.downloads in (10, 11)
    assert row.cost.cache_hits == 1
    assert row.lower_bound_downloads == 4  # home, 2 lists, seed (already in the lists' level)
    assert row.extra["crawled"] == 10
    assert isinstance(run.run.result, Discovery)


def test_failed_run_is_a_row(tiny_runs: list[BenchRun]) -> None:
    row = tiny_runs[1].row
    assert tiny_runs[1].run is None
    assert row.method == "broken"
    assert row.error is not None and "RuntimeError: the method fell over" in row.error
    assert row.f1 is None and not row.complete
    assert row.cost.downloads >= 1  # the cost spent before the failure is kept
    assert row.to_dict()["error"] == row.error


def test_own_scores_replace_default_scoring(tiny_runs: list[BenchRun]) -> None:
    row = tiny_runs[2].row
    assert row.scores == {"ari": 0.5, "purity": 0.75}
    assert (row.precision, row.recall, row.f1) == (None, None, None)
    assert row.extra == {"clusters": 3}
    assert row.images[0][0] == "shot"
    # The picture for the report is not the method's time.
    assert 0.0 <= row.seconds < REPORT_S


def _loads(trace: str) -> list[tuple[str, str, str]]:
    """A trace's page loads: (status, mode, URL) of each numbered line, in order."""
    found = re.findall(r"^ *\d+\. (\d{3}) (rendered|fetched) +(\S+)$", trace, re.M)
    return [(status, mode, url) for status, mode, url in found]


def test_each_run_leaves_its_trace_with_every_load_in_order(
    tiny_runs: list[BenchRun], traces_dir: Path
) -> None:
    run = tiny_runs[0]
    trace = (traces_dir / "tiny--follow-links.txt").read_text()
    truth = run.truth
    loads = _loads(trace)
    # every download once, in order, the seed first; each page of the site, robots.txt aside
    assert len(loads) == run.row.cost.downloads
    urls = [url for _, _, url in loads if not url.endswith("/robots.txt")]
    assert urls[0] == truth.seed_entity
    assert sorted(urls) == sorted(truth.templates)
    assert all(mode == "fetched" for _, mode, _ in loads)
    assert {code for code, _, url in loads if url in truth.templates} == {"200"}
    assert trace.startswith("tiny · follow-links: precision 1.0, recall 1.0, F1 1.0\n")
    assert f"lower bound {truth.lower_bound_downloads}" in trace
    assert "└─ 6 entities" in trace  # the Discovery's own trace follows the loads


def test_a_failed_run_leaves_its_trace_with_the_loads_before_the_failure(
    tiny_runs: list[BenchRun], traces_dir: Path
) -> None:
    trace = (traces_dir / "tiny--broken.txt").read_text()
    assert trace.startswith("tiny · broken: FAILED: RuntimeError: the method fell over (at ")
    assert "\n1 download (0 rendered, 0 actions), lower bound 4, " in trace
    base = tiny_runs[1].truth.base_url
    assert [url for _, _, url in _loads(trace) if not url.endswith("/robots.txt")] == [
        base + "/about"
    ]
    assert sorted(p.name for p in traces_dir.iterdir()) == [
        "tiny--broken.txt",
        "tiny--clusterer.txt",
        "tiny--follow-links.txt",
    ]


def test_score_run_defaults_to_target_entities() -> None:
    truth = TinyTreeSite().truth("http://x")
    spec = SPECS[0]
    run = MethodRun(found=(*truth.target_entities[:3], "http://x/about"))
    row = score_run(spec, truth, run, cost=Cost(downloads=3, actions=2), seconds=2.0)
    assert (row.precision, row.recall) == (0.75, 0.5)
    assert row.f1 == pytest.approx(0.6)
    assert (row.found, row.relevant) == (4, 6)
    # three of the four found are target entities: per second of the run, per page load
    assert row.correct == 3
    assert row.correct_per_s == pytest.approx(1.5)
    assert row.correct_per_download == pytest.approx(1.0)
    assert row.to_dict()["state_changes"] == 5


@pytest.fixture(scope="module")
def bench_dir(tiny_runs: list[BenchRun], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bench")
    write_outputs(tiny_runs, out, meta={"size": "small"})
    return out


def test_outputs_have_the_fields(bench_dir: Path) -> None:
    rows = json.loads((bench_dir / "results.json").read_text())
    assert [r["method"] for r in rows] == ["follow-links", "broken", "clusterer"]
    required = {"site", "method", "precision", "recall", "f1", "downloads", "renders", "seconds"}
    required |= {"lower_bound_downloads", "complete"}
    for row in rows:
        assert required <= set(row)
    assert rows[0]["f1"] == 1.0 and rows[0]["downloads"] in (10, 11)
    assert rows[0]["correct"] == rows[0]["relevant"] == 6
    assert rows[0]["correct_per_download"] == pytest.approx(6 / rows[0]["downloads"], abs=1e-4)
    assert "error" in rows[1] and "error" not in rows[0]
    assert rows[2]["ari"] == 0.5 and rows[2]["clusters"] == 3
    image = rows[2]["images"]["shot"]
    assert (bench_dir / image).read_bytes() == PIXEL_PNG
    md = (bench_dir / "results.md").read_text()
    assert "| tiny | follow-links | 1.000 | 1.000 | 1.000 | " in md
    assert "error: RuntimeError: the method fell over" in md


def test_markdown_means_leave_failures_out(tiny_runs: list[BenchRun]) -> None:
    table = markdown_table([r.row for r in tiny_runs])
    assert "| broken | 1 | 1 | — | — | — | — | — |" in table
    assert "| follow-links | 1 | 0 | 1.000 | 1.000 | 1.000 | " in table


def test_plan_rejects_unknown_names_and_matches_kinds() -> None:
    registry = {s.name: s for s in SPECS}
    with pytest.raises(BenchError, match="unknown lab site 'nowhere'"):
        plan(["nowhere"], [], registry)
    with pytest.raises(BenchError, match="unknown method 'nothing'; registered: follow-links"):
        plan([], ["nothing"], registry)
    pairs = plan(["shop-links", "council"], ["follow-links", "shops-only"], registry)
    assert [(site, spec.name) for site, spec in pairs] == [
        ("council", "follow-links"),
        ("shop-links", "shops-only"),
    ]


async def test_bench_on_lab_entity_tree_sites(tmp_path: Path) -> None:
    config = BenchConfig(sites=("council", "drivers"), methods=("follow-links",))
    runs = await run_bench(config)
    assert [(r.row.site, r.row.method) for r in runs] == [
        ("council", "follow-links"),
        ("drivers", "follow-links"),
    ]
    for run in runs:
        row = run.row
        assert row.error is None, row.error
        assert row.recall is not None and row.recall >= 0.9
        assert row.f1 is not None and 0.0 <= row.f1 <= 1.0
        assert row.cost.downloads >= row.lower_bound_downloads > 0
    write_outputs(runs, tmp_path)
    rows = json.loads((tmp_path / "results.json").read_text())
    assert {r["site"] for r in rows} == {"council", "drivers"}


@pytest.mark.slow
async def test_a_site_served_apart_serves_the_same_bytes_and_stops_with_the_server() -> None:
    """The bench serves each synthetic site from a process of its own: the same pages as
    in-process at the same size and seed, and nothing left listening after close."""
    import aiohttp

    from siteseer.lab.server import build_sites

    async with (
        LabServer(build_sites(["council"])) as here,
        LabServer(build_sites(["council"]), apart=True) as apart,
    ):
        truth = here.truth("council")
        paths = ["/", truth.seed_entity.removeprefix(truth.base_url), "/no-such-page"]
        async with aiohttp.ClientSession() as http:
            for path in paths:
                async with http.get(here.url("council") + path) as a:
                    mine = (a.status, await a.read())
                async with http.get(apart.url("council") + path) as b:
                    theirs = (b.status, await b.read())
                assert mine == theirs, path
        assert set(apart.truth("council").target_entities) == {
            url.replace(truth.base_url, apart.url("council")) for url in truth.target_entities
        }
        port = int(apart.url("council").rsplit(":", 1)[1])
    with pytest.raises(OSError):
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.close()


class _SlowItems(TinyTreeSite):
    """The tiny site whose item pages but the first take longer to answer than a run may."""

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path.startswith("/item/") and request.path != "/item/1":
            await asyncio.sleep(6)
        return await super().handle(request)


async def test_a_run_stopped_at_the_timeout_is_scored_on_what_it_found() -> None:
    # Indesit takes the first list page's items for entities before it downloads them (to
    # judge them and crawl on); stopped while they load, it returns what it found, and the
    # bench scores that partial result.
    async with LabServer([_SlowItems()]) as server:
        (run,) = await run_pairs(server, [("tiny", methods()["indesit"])], timeout_s=3)
    row = run.row
    assert row.error is None, row.error
    assert not row.complete
    assert run.run is not None and "time limit" in str(run.run.extra["reason"])
    # the items of the first list page, the seed among them; not those of the second
    assert row.recall is not None and 0 < row.recall < 1, run.run.found


async def test_a_bench_halted_scores_the_run_under_way_and_runs_no_more() -> None:
    # Ctrl-C during a bench fires its Halt: the run under way stops as a time limit stops it and
    # is scored on what it found; the pairs after it are not run.
    bench = Halt()
    async with LabServer([_SlowItems()]) as server:
        lines: list[str] = []
        pairs = [("tiny", methods()["indesit"]), ("tiny", methods()["follow-links"])]
        pending = asyncio.ensure_future(
            run_pairs(server, pairs, timeout_s=60, progress=lines.append, halt=bench)
        )
        await asyncio.sleep(3)
        bench.halt(INTERRUPTED)
        (run,) = await asyncio.wait_for(pending, 30)
    assert run.row.method == "indesit" and run.row.error is None and not run.row.complete
    assert run.run is not None and run.run.extra["reason"] == INTERRUPTED
    assert run.row.recall is not None and 0 < run.row.recall < 1, run.run.found
    assert len(lines) == 1
