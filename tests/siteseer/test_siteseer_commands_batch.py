"""`run_batch` with the local engine on lab sites: results against the lab's truth, the
manifest, bad lines, resume."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from siteseer.batch import Manifest, SiteResult, TaskOptions, read_jobs
from siteseer.commands.batch import BatchOptions, BatchOutcome, by_expected_work, run_batch
from siteseer.commands.explore import ExploreOptions, explore_site
from siteseer.commands.templates import ClusterOptions, templates_cluster
from siteseer.lab.server import LabServer
from siteseer.sessions import crawl_options

Lab = Callable[[str], LabServer]
SITES = ("council", "cars")
HTTP_ONLY = TaskOptions(render="never")


def _input(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "input.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _manifest(out: Path) -> list[dict[str, object]]:
    text = (out / "manifest.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


async def _batch(tmp_path: Path, lines: list[str], **kw: object) -> BatchOutcome:
    options = BatchOptions(_input(tmp_path, lines), tmp_path / "out", HTTP_ONLY, **kw)  # type: ignore[arg-type]
    return await run_batch(options)


async def test_discover_batch_finds_each_sites_entities(lab: Lab, tmp_path: Path) -> None:
    seeds = [lab(site).truth(site).seed_entity for site in SITES]
    seen: list[str] = []
    options = BatchOptions(_input(tmp_path, seeds), tmp_path / "out", HTTP_ONLY, workers=2)
    outcome = await run_batch(options, lambda row: seen.append(str(row["url"])))
    assert outcome.complete and outcome.skipped == 0
    assert sorted(seen) == sorted(seeds)
    for site, row in zip(SITES, outcome.rows, strict=True):
        truth = lab(site).truth(site)
        host = truth.base_url.split("//")[1].rstrip("/")
        written = (tmp_path / "out" / f"{host.replace(':', '_')}.jsonl").read_text(encoding="utf-8")
        found = {json.loads(line)["url"] for line in written.splitlines()}
        assert found == set(truth.target_entities)
        assert row["status"] == "done" and row["entities"] == len(found)
        assert row["host"] == host and int(str(row["downloads"])) > 0
        assert str(row["worker"]).startswith("local:")
        assert row["browser"] == ""  # no site needed one: none was started
        assert float(str(row["cpu_seconds"])) > 0 and float(str(row["rss_mb"])) > 0
    assert len(_manifest(tmp_path / "out")) == 2
    assert outcome.table[-1].startswith("2 sites: 2 done (0 skipped")


async def test_a_rendering_site_names_the_browser_and_counts_it_in_the_workers_usage(
    lab: Lab, tmp_path: Path
) -> None:
    truth = lab("council").truth("council")
    line = json.dumps({"url": truth.seed_entity, "render": "always"})
    options = BatchOptions(_input(tmp_path, [line]), tmp_path / "out", TaskOptions())
    (row,) = (await run_batch(options)).rows
    assert row["status"] == "done" and row["entities"] == len(truth.target_entities)
    assert int(str(row["renders"])) > 0 and "Chromium" in str(row["browser"])
    assert float(str(row["rss_mb"])) > 100  # the worker's process and its browser's


async def test_bad_lines_fail_and_the_batch_goes_on(
    lab: Lab, tmp_path: Path, closed_port: int
) -> None:
    seed = lab("council").truth("council").seed_entity
    lines = [seed, "not a url", seed, f"http://127.0.0.1:{closed_port}/x"]
    outcome = await _batch(tmp_path, lines)
    statuses = [(row["status"], str(row["reason"])[:20]) for row in outcome.rows]
    assert statuses[0] == ("done", "")
    assert statuses[1] == ("failed", "not an http(s) URL")
    assert statuses[2] == ("failed", "duplicate host 127.0")
    assert statuses[3][0] == "failed" and "could not fetch" in str(outcome.rows[3]["reason"])
    assert len(_manifest(tmp_path / "out")) == 4
    assert not outcome.complete


async def test_resume_skips_done_sites_and_retries_the_rest(
    lab: Lab, tmp_path: Path, closed_port: int
) -> None:
    seed = lab("council").truth("council").seed_entity
    lines = [seed, f"http://127.0.0.1:{closed_port}/x"]
    first = await _batch(tmp_path, lines, cache_dir=tmp_path / "cache")
    assert [row["status"] for row in first.rows] == ["done", "failed"]
    again = await _batch(tmp_path, lines, cache_dir=tmp_path / "cache")
    assert again.skipped == 1
    assert again.rows[0] == first.rows[0]  # not run again: the same line
    rows = _manifest(tmp_path / "out")
    assert [row["status"] for row in rows] == [
        "done",
        "failed",
        "failed",
    ]  # only the failure retried


def test_a_rerun_starts_the_longest_expected_sites_first(tmp_path: Path) -> None:
    urls = [f"http://127.0.0.{n}/" for n in range(2, 7)]
    jobs = read_jobs(urls, TaskOptions())
    manifest = Manifest(tmp_path)
    for job, seconds in zip(jobs[:3], (5.0, 40.0, 12.0), strict=True):  # earlier attempts
        manifest.record(
            SiteResult(job.line, job.url, job.host, "discover", "failed", seconds=seconds)
        )
    order = [job.url for job in by_expected_work(list(jobs), Manifest(tmp_path))]
    # never run (no line: maybe long) first in input order, then the longest attempts first
    assert order == [urls[3], urls[4], urls[1], urls[2], urls[0]]


@pytest.mark.parametrize("task", ["explore", "templates"])
async def test_explore_and_templates_write_their_commands_files(
    lab: Lab, tmp_path: Path, task: str
) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    url = server.url("shop-links") + "/shop"
    line = json.dumps({"url": url, "task": task, "max_depth": 1, "pages": 30})
    outcome = await _batch(tmp_path, [line])
    (row,) = outcome.rows
    assert row["status"] in ("done", "incomplete") and int(str(row["entities"])) > 0
    host = str(row["host"]).replace(":", "_")
    if task == "explore":
        assert row["files"] == [
            f"{host}/{n}" for n in ("entities.jsonl", "queries.json", "dag.dot", "dag.svg")
        ]
        entities = (tmp_path / "out" / host / "entities.jsonl").read_text(encoding="utf-8")
        urls = {json.loads(line)["url"] for line in entities.splitlines()}
        assert urls and urls <= set(truth.target_entities)
    else:
        # the same rows as `siteseer templates cluster URL --pages 30 --out …`
        single = await templates_cluster(
            ClusterOptions(url, crawl=crawl_options(render="never", budget=30))
        )
        written = (tmp_path / "out" / f"{host}.jsonl").read_text(encoding="utf-8")
        assert written == single.rows and row["entities"] == single.pages == 30


async def test_batch_explore_from_a_home_page_writes_what_explore_writes(
    lab: Lab, tmp_path: Path
) -> None:
    home = lab("shop-links").url("shop-links") + "/"
    outcome = await _batch(tmp_path, [json.dumps({"url": home, "task": "explore"})])
    (row,) = outcome.rows
    single = await explore_site(
        ExploreOptions(home, crawl_options(render="never"), out=tmp_path / "single")
    )
    assert row["status"] == "done" and row["entities"] == len(single.exploration.entities)
    host = str(row["host"]).replace(":", "_")
    written = sorted(p.name for p in (tmp_path / "out" / host).iterdir())
    assert written == sorted(p.name for p in (tmp_path / "single").iterdir())
    assert "queries.json" in written

    def read(folder: Path, name: str) -> str:
        return (folder / name).read_text(encoding="utf-8")

    batch, alone = tmp_path / "out" / host, tmp_path / "single"
    assert read(batch, "entities.jsonl") == read(alone, "entities.jsonl")
    queries = [json.loads(read(d, "queries.json"))["queries"] for d in (batch, alone)]
    assert queries[0] == queries[1]  # the documents differ in their seconds only


async def test_discover_batch_reads_each_sites_sitemaps_unless_told_not_to(
    lab: Lab, tmp_path: Path
) -> None:
    # drivers-sitemap publishes a complete sitemap: with it, every driver at the cost of the
    # sitemap files and a sample; without it, the same drivers by paging the site's lists.
    truth = lab("drivers-sitemap").truth("drivers-sitemap")
    host = truth.base_url.split("//")[1].rstrip("/")
    rows: dict[bool, dict[str, object]] = {}
    for sitemaps in (True, False):
        line = json.dumps({"url": truth.seed_entity, "sitemaps": sitemaps})
        out = tmp_path / f"sitemaps-{sitemaps}"
        options = BatchOptions(_input(tmp_path, [line]), out, HTTP_ONLY)
        outcome = await run_batch(options)
        assert outcome.complete
        written = (out / f"{host.replace(':', '_')}.jsonl").read_text(encoding="utf-8")
        records = [json.loads(line) for line in written.splitlines()]
        assert {r["url"] for r in records} == set(truth.target_entities)
        assert {r["source"] for r in records} == ({"sitemap", "both"} if sitemaps else {"links"})
        rows[sitemaps] = outcome.rows[0]
    assert int(str(rows[True]["downloads"])) < int(str(rows[False]["downloads"]))
