"""Partial results: a crawling command stopped by its page budget, its time limit or Ctrl-C
writes what it found, marked incomplete with the reason, and a rerun on the same cache goes on
from there."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer

Lab = Callable[[str], LabServer]
runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _discover(seed: str, tmp_path: Path, name: str, *args: str) -> tuple[Any, dict[str, Any]]:
    """Run `discover` with --out and --discovery under `tmp_path`/`name`; the CLI result and the
    Discovery JSON."""
    out, document = tmp_path / f"{name}.jsonl", tmp_path / f"{name}.json"
    files = ["--out", str(out), "--discovery", str(document)]
    result = runner.invoke(app, ["discover", seed, "--render", "never", *files, *args])
    return result, json.loads(document.read_text())


def _assert_marked(rows: Sequence[dict[str, Any]], reason: str) -> None:
    assert rows
    assert all(r["complete"] is False and r["reason"] == reason for r in rows)


@pytest.mark.parametrize("method", ["ssup", pytest.param("indesit", marks=pytest.mark.slow)])
def test_discover_stopped_by_its_budget_writes_what_it_found(
    lab: Lab, tmp_path: Path, method: str
) -> None:
    # SSUP needs three pages on council (the seed, its index page, the home page above it): one
    # short of that stops it before any entity level; on cars its last downloads are entity
    # pages (a later group's probe, the minsim_html sample).
    site = "cars" if method == "ssup" else "council"
    truth = lab(site).truth(site)
    full, whole = _discover(truth.seed_entity, tmp_path, "full", "--method", method, "--no-cache")
    assert full.exit_code == 0, full.output
    found = {r["url"] for r in _rows(tmp_path / "full.jsonl")}
    # one page short of what the whole run needs
    budget = str(whole["cost"]["downloads"] - 1)
    args = ["--method", method, "--pages", budget, "--no-cache"]
    result, document = _discover(truth.seed_entity, tmp_path, "part", *args)
    assert result.exit_code == 1, result.output
    assert "siteseer: incomplete: budget spent" in result.stderr
    assert document["complete"] is False and document["reason"] == "budget spent"
    rows = _rows(tmp_path / "part.jsonl")
    _assert_marked(rows, "budget spent")
    urls = {r["url"] for r in rows}
    assert urls <= found and urls & set(truth.target_entities)
    if method == "ssup":  # SSUP's own precision on the site is 1.0: so is its partial list's
        assert urls <= set(truth.target_entities)


def test_a_run_stopped_by_its_budget_before_any_entity_still_writes_its_discovery(
    lab: Lab, tmp_path: Path
) -> None:
    # Council's SSUP needs its seed, its index page and the home page before an entity level:
    # one page is the seed alone. The Discovery says where the page went; the entity file is
    # written, empty.
    truth = lab("council").truth("council")
    args = ["--pages", "1", "--no-cache"]
    result, document = _discover(truth.seed_entity, tmp_path, "seed-only", *args)
    assert result.exit_code == 1, result.output
    assert "siteseer: incomplete: budget spent" in result.stderr
    assert document["complete"] is False and document["reason"] == "budget spent"
    assert document["entities"] == [] and document["cost"]["downloads"] == 1
    assert (tmp_path / "seed-only.jsonl").read_text() == ""


@pytest.mark.slow
def test_gpp_stopped_by_its_budget_writes_what_it_found(lab: Lab, tmp_path: Path) -> None:
    truth = lab("council").truth("council")
    full, whole = _discover(truth.seed_entity, tmp_path, "full", "--method", "gpp", "--no-cache")
    assert full.exit_code == 0, full.output
    found = {r["url"] for r in _rows(tmp_path / "full.jsonl")}
    budget = str(whole["cost"]["downloads"] - 1)
    args = ["--method", "gpp", "--pages", budget, "--no-cache"]
    result, document = _discover(truth.seed_entity, tmp_path, "part", *args)
    assert result.exit_code == 1, result.output
    assert document["complete"] is False and document["reason"] == "budget spent"
    rows = _rows(tmp_path / "part.jsonl")
    _assert_marked(rows, "budget spent")
    urls = {r["url"] for r in rows}
    assert urls <= found and urls <= set(truth.target_entities)


def test_a_partial_csv_has_complete_and_reason_columns(lab: Lab) -> None:
    truth = lab("council").truth("council")
    args = ["discover", truth.seed_entity, "--method", "indesit", "--render", "never"]
    result = runner.invoke(app, [*args, "--pages", "12", "--no-cache", "--format", "csv"])
    assert result.exit_code == 1, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    record = {"url", "method", "seed", "title", "status", "page_from", "index_page", "depth"}
    record |= {"source"}
    assert rows and set(rows[0]) == record | {"complete", "reason"}
    assert {(r["complete"], r["reason"]) for r in rows} == {("false", "budget spent")}


def test_the_time_limit_stops_discover_and_a_rerun_on_the_cache_goes_on(
    lab: Lab, tmp_path: Path
) -> None:
    truth = lab("council").truth("council")
    cache = str(tmp_path / "cache.sqlite")
    slow = ["--method", "indesit", "--cache", cache, "--delay", "0.1"]
    result, document = _discover(truth.seed_entity, tmp_path, "part", *slow, "--time-limit", "2")
    assert result.exit_code == 1, result.output
    reason = "time limit of 2 s reached"
    assert f"siteseer: incomplete: {reason}" in result.stderr
    assert document["complete"] is False and document["reason"] == reason
    rows = _rows(tmp_path / "part.jsonl")
    _assert_marked(rows, reason)
    loaded = document["cost"]["downloads"]
    again, rest = _discover(
        truth.seed_entity, tmp_path, "rest", "--method", "indesit", "--cache", cache
    )
    assert again.exit_code == 0, again.output
    assert rest["complete"] is True
    assert rest["cost"]["cache_hits"] >= loaded  # nothing loaded before is downloaded again
    assert {r["url"] for r in rows} <= {r["url"] for r in _rows(tmp_path / "rest.jsonl")}
    assert "complete" not in _rows(tmp_path / "rest.jsonl")[0]


@pytest.mark.slow  # the fast stand-in: test_cli_explore's budget test, rows marked too
def test_explore_rows_of_a_stopped_run_are_marked(lab: Lab, tmp_path: Path) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    out = tmp_path / "out"
    args = ["explore", server.url("shop-links") + "/shop", "--render", "never", "--no-cache"]
    result = runner.invoke(app, [*args, "--out", str(out), "--delay", "0.1", "--time-limit", "2"])
    assert result.exit_code == 1, result.output
    reason = "time limit of 2 s reached"
    assert f"incomplete: {reason}" in result.stderr
    rows = _rows(out / "entities.jsonl")
    _assert_marked(rows, reason)
    assert {r["url"] for r in rows} <= set(truth.target_entities)
    queries = json.loads((out / "queries.json").read_text())
    assert queries["complete"] is False and queries["reason"] == reason


def test_templates_urls_stopped_by_its_budget_marks_its_rows(lab: Lab, tmp_path: Path) -> None:
    truth = lab("catalog-ids").truth("catalog-ids")
    hidden = set(truth.hidden)
    listing = tmp_path / "crawl.txt"
    listing.write_text("\n".join(u for u in sorted(truth.templates) if u not in hidden) + "\n")
    out = tmp_path / "out"
    args = ["templates", "urls", str(listing), "--no-cache", "--min-values", "20"]
    result = runner.invoke(app, [*args, "--out", str(out), "--pages", "60"])  # of 83
    assert result.exit_code == 1, result.output
    assert "incomplete: budget spent" in result.stderr
    checked = _rows(out / "checked.jsonl")
    _assert_marked(checked, "budget spent")
    _assert_marked(_rows(out / "templates.jsonl"), "budget spent")
    found = set((out / "found.txt").read_text().split())
    assert found and found <= hidden


@pytest.mark.slow
def test_templates_cluster_stopped_by_its_time_limit_clusters_what_it_loaded(
    lab: Lab, tmp_path: Path
) -> None:
    truth = lab("mixed-templates").truth("mixed-templates")
    out = tmp_path / "clusters.jsonl"
    args = ["templates", "cluster", truth.base_url + "/", "--no-cache", "--out", str(out)]
    result = runner.invoke(app, [*args, "--delay", "0.1", "--time-limit", "1.5"])
    assert result.exit_code == 1, result.output
    assert "incomplete: time limit of 1.5 s reached" in result.stderr
    rows = _rows(out)
    _assert_marked(rows, "time limit of 1.5 s reached")
    pages = [url for row in rows for url in row["pages"]]
    assert 2 <= len(pages) < len(truth.templates) and set(pages) <= set(truth.templates)


def _interrupted(command: list[str], tmp_path: Path, pages: int) -> tuple[int, str]:
    """Run `python -m siteseer.cli` with `command` in a child process, send it SIGINT once it has loaded
    `pages` pages (its stats lines say so), and return its exit code and standard error."""
    err = tmp_path / "stderr.txt"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with err.open("w") as stream:
        child = subprocess.Popen(
            [sys.executable, "-m", "siteseer.cli", "--stats-every", "0.2", *command],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=stream,
        )
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and child.poll() is None:
                lines = [line for line in err.read_text().splitlines() if "event=stats" in line]
                if lines and int(lines[-1].split(" pages=")[1].split()[0]) >= pages:
                    break
                time.sleep(0.1)
            assert child.poll() is None, err.read_text()
            child.send_signal(signal.SIGINT)
            code = child.wait(timeout=60)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
    return code, err.read_text()


@pytest.mark.slow
def test_ctrl_c_writes_what_discover_found_and_exits_130(lab: Lab, tmp_path: Path) -> None:
    truth = lab("council").truth("council")
    out, cache = tmp_path / "part.jsonl", tmp_path / "cache.sqlite"
    command = [
        *("discover", truth.seed_entity, "--method", "indesit", "--render", "never"),
        *("--delay", "0.2", "--cache", str(cache), "--out", str(out)),
    ]
    code, stderr = _interrupted(command, tmp_path, pages=8)
    assert code == 130, stderr
    assert "siteseer: incomplete: interrupted (Ctrl-C)" in stderr
    rows = _rows(out)
    _assert_marked(rows, "interrupted (Ctrl-C)")
    again, rest = _discover(
        truth.seed_entity, tmp_path, "rest", "--method", "indesit", "--cache", str(cache)
    )
    assert again.exit_code == 0, again.output
    assert rest["cost"]["cache_hits"] >= 8
    assert {r["url"] for r in rows} <= {r["url"] for r in _rows(tmp_path / "rest.jsonl")}


@pytest.mark.slow
def test_ctrl_c_writes_what_explore_found_and_exits_130(lab: Lab, tmp_path: Path) -> None:
    server = lab("shop-links")
    truth = server.truth("shop-links")
    out = tmp_path / "out"
    command = [
        *("explore", server.url("shop-links") + "/shop", "--render", "never", "--no-cache"),
        *("--delay", "0.2", "--out", str(out)),
    ]
    code, stderr = _interrupted(command, tmp_path, pages=6)
    assert code == 130, stderr
    rows = _rows(out / "entities.jsonl")
    _assert_marked(rows, "interrupted (Ctrl-C)")
    assert {r["url"] for r in rows} <= set(truth.target_entities)
    queries = json.loads((out / "queries.json").read_text())
    assert queries["complete"] is False and queries["reason"] == "interrupted (Ctrl-C)"


def test_describe_stopped_by_its_budget_describes_the_samples_done(lab: Lab) -> None:
    council = lab("council").truth("council").seed_entity
    cars = lab("cars").truth("cars").seed_entity
    args = ["describe", council, cars, "--render", "never", "--no-cache", "--pages", "15"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert "siteseer: incomplete: budget spent" in result.stderr
    assert result.stderr.startswith(f"{council}: ")  # the first sample only
    assert cars not in result.stderr


def test_batch_gives_each_site_its_time_limit(lab: Lab, tmp_path: Path) -> None:
    truth = lab("council").truth("council")
    out = tmp_path / "out"
    args = ["batch", "-", "--out", str(out), "--render", "never", "--method", "indesit"]
    limit = ["--delay", "0.1", "--time-limit", "1.5"]
    result = runner.invoke(app, [*args, *limit], input=f"{truth.seed_entity}\n")
    assert result.exit_code == 1, result.output
    (row,) = _rows(out / "manifest.jsonl")
    assert row["status"] == "incomplete" and row["reason"] == "time limit of 1.5 s reached"
    (written,) = [p for p in out.iterdir() if p.name != "manifest.jsonl"]
    _assert_marked(_rows(written), "time limit of 1.5 s reached")
