"""`siteseer discover` end to end on lab sites: outputs parse and match the truth."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer, set_scores

Lab = Callable[[str], LabServer]
runner = CliRunner()


def test_discover_writes_jsonl_that_matches_the_truth(lab: Lab, tmp_path: Path) -> None:
    truth = lab("cars").truth("cars")
    out = tmp_path / "cars.jsonl"
    result = runner.invoke(
        app,
        [
            *("discover", truth.seed_entity, "--render", "never", "--no-cache"),
            *("--height", "auto", "--out", str(out)),
        ],
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert all(row["method"] == "ssup" and row["seed"] == truth.seed_entity for row in rows)
    assert set_scores([r["url"] for r in rows], truth.target_entities).f1 >= 0.95
    # The summary names what was found and what it cost.
    assert f"{len(rows)} entity pages" in result.stderr
    assert "pages downloaded" in result.stderr


def test_discover_records_carry_title_status_index_page_and_depth(lab: Lab) -> None:
    truth = lab("cars").truth("cars")
    args = [*("discover", truth.seed_entity, "--height", "auto", "--render", "never")]
    plain = runner.invoke(app, [*args, "--no-cache", "--format", "json"])
    assert plain.exit_code == 0, plain.output
    rows = json.loads(plain.stdout)  # one JSON array
    assert set_scores([r["url"] for r in rows], truth.target_entities).f1 >= 0.95
    # each entity hangs under an index page of the tree's last level, one level deeper
    depth_of = {u: depth for depth, level in enumerate(truth.index_levels, 1) for u in level}
    assert all(depth_of[r["index_page"]] == r["depth"] == len(truth.index_levels) for r in rows)
    # the pages SSUP loaded anyway have their title and status; the others none yet
    loaded = [r for r in rows if r["status"] is not None]
    assert loaded and len(loaded) < len(rows)
    detailed = runner.invoke(app, [*args, "--no-cache", "--format", "json", "--details"])
    assert detailed.exit_code == 0, detailed.output
    full = json.loads(detailed.stdout)
    assert [r["url"] for r in full] == [r["url"] for r in rows]
    assert all(r["status"] == 200 and r["title"] for r in full)
    by_url = {r["url"]: r for r in full}
    assert all(by_url[r["url"]] == r for r in loaded)


def test_discover_indesit_writes_csv_and_explains(lab: Lab, tmp_path: Path) -> None:
    truth = lab("council").truth("council")
    out = tmp_path / "council.csv"
    result = runner.invoke(
        app,
        [
            *("discover", truth.seed_entity, "--method", "indesit", "--threshold", "0.9"),
            *("--render", "never", "--no-cache", "--format", "csv", "--out", str(out)),
            "--explain",
        ],
    )
    assert result.exit_code == 0, result.output
    with out.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert rows and list(rows[0]) == [
        *("url", "method", "seed", "title", "status", "page_from", "index_page", "depth", "source")
    ]
    assert set_scores([r["url"] for r in rows], truth.target_entities).f1 >= 0.9
    assert "collection: keep" in result.stderr  # the trace tree


def test_discover_explain_prints_the_ssup_trace(lab: Lab) -> None:
    truth = lab("drivers").truth("drivers")
    result = runner.invoke(
        app, ["discover", truth.seed_entity, "--render", "never", "--no-cache", "--explain"]
    )
    assert result.exit_code == 0, result.output
    urls = [json.loads(line)["url"] for line in result.stdout.splitlines()]
    assert set_scores(urls, truth.target_entities).f1 >= 0.95
    assert "sample page path" in result.stderr
    assert "same-level: keep group 1" in result.stderr
    lines = result.stderr.splitlines()
    start = lines.index("├─ sample page path")
    path = [line.split("└─ ", 1)[1] for line in lines[start + 1 : start + 4]]
    # The seed's index page: a season listing the driver (it raced in several; the truth's
    # sample page path names one of them, the climb may take another).
    assert path[0] == truth.seed_path[0] and path[2] == truth.seed_entity, path
    assert path[1] in truth.index_levels[-1], path


def test_a_second_run_with_the_cache_downloads_nothing(lab: Lab, tmp_path: Path) -> None:
    truth = lab("olympic").truth("olympic")
    cache = tmp_path / "cache.sqlite"
    args = ["discover", truth.seed_entity, "--render", "never", "--cache", str(cache)]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == 0 and second.exit_code == 0, second.output
    assert first.stdout == second.stdout
    assert " 0 pages downloaded" in second.stderr


def test_unreachable_seed_is_a_one_line_error(closed_port: int) -> None:
    seed = f"http://127.0.0.1:{closed_port}/x"
    result = runner.invoke(app, ["discover", seed, "--render", "never", "--no-cache"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"siteseer: cannot use the seed {seed}: could not fetch")
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""


def test_bad_height_is_refused() -> None:
    result = runner.invoke(app, ["discover", "http://127.0.0.1:9/x", "--height", "two"])
    assert result.exit_code == 2
    assert "--height" in result.stderr


def test_unwritable_out_is_refused(lab: Lab, tmp_path: Path) -> None:
    truth = lab("council").truth("council")
    out = tmp_path / "missing" / "council.jsonl"
    result = runner.invoke(
        app, ["discover", truth.seed_entity, "--render", "never", "--no-cache", "--out", str(out)]
    )
    assert result.exit_code == 2
    assert "cannot write the entity pages" in result.stderr


@pytest.mark.slow
def test_discover_with_visual_ssup_and_gpp(lab: Lab) -> None:
    # The visual options of `siteseer discover` (the visual methods' CLI entry points).
    people = lab("people").truth("people")
    visual = runner.invoke(
        app, ["discover", people.seed_entity, "--visual", "--height", "1", "--no-cache"]
    )
    assert visual.exit_code == 0, visual.output
    urls = {json.loads(line)["url"] for line in visual.stdout.splitlines()}
    assert urls == set(people.target_entities)  # faculty cards and the student list alike
    council = lab("council").truth("council")
    found = runner.invoke(app, ["discover", council.seed_entity, "--method", "gpp", "--no-cache"])
    assert found.exit_code == 0, found.output
    rows = [json.loads(line) for line in found.stdout.splitlines()]
    assert {r["url"] for r in rows} == set(council.target_entities)
    assert {r["method"] for r in rows} == {"gpp"}
    assert "rendered" in found.stderr


def test_discover_probe_order_paper_keeps_the_papers_full_probe(lab: Lab, tmp_path: Path) -> None:
    truth = lab("council").truth("council")
    found: dict[str, tuple[set[str], int]] = {}
    for order in ("ranked", "paper"):
        record = tmp_path / f"{order}.json"
        result = runner.invoke(
            app,
            [
                *("discover", truth.seed_entity, "--render", "never", "--no-cache"),
                *("--probe-order", order, "--discovery", str(record)),
            ],
        )
        assert result.exit_code == 0, result.output
        discovery = json.loads(record.read_text(encoding="utf-8"))
        assert dict(discovery["params"])["probe_order"] == order
        urls = {json.loads(line)["url"] for line in result.stdout.splitlines()}
        found[order] = (urls, discovery["cost"]["downloads"])
    assert set_scores(found["ranked"][0], truth.target_entities).f1 >= 0.95
    assert found["ranked"][0] == found["paper"][0]
    assert found["ranked"][1] < found["paper"][1]


def test_an_unknown_probe_order_is_refused() -> None:
    result = runner.invoke(app, ["discover", "http://127.0.0.1:9/x", "--probe-order", "best"])
    assert result.exit_code == 2
    assert "--probe-order" in result.stderr
