"""Cold scores: a real application's first result per method is kept once, with its commit, and
shown beside the current score in the bench's table and report."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from siteseer.crawler import Cost
from siteseer.lab.bench import markdown_table
from siteseer.lab.cold import JOINED_WARM, current_commit, read_cold, record_cold
from siteseer.lab.report import render_report
from siteseer.lab.results import BenchRow, BenchRun
from siteseer.lab.truth import SiteTruth

NOW = datetime(2026, 11, 27, tzinfo=UTC)


def _row(site: str, method: str, f1: float | None, error: str | None = None) -> BenchRow:
    cost = Cost(downloads=40, renders=3)
    return BenchRow(site, method, f1, f1, f1, 2.5, 12, f1 is not None, cost=cost, error=error)


def _cold(directory: Path, site: str) -> dict[tuple[str, str], object]:
    return {
        (method, size): score.f1
        for (s, method, size), score in read_cold(directory, [site]).items()
        if s == site
    }


def test_the_first_run_per_method_is_kept_and_never_overwritten(tmp_path: Path) -> None:
    first = [
        _row("real-new", "ssup", 0.25),
        _row("real-new", "gpp", None, error="timed out after 900 s"),
        _row("council", "ssup", 1.0),  # synthetic: no cold score
        _row("real-planes", "ssup", 1.0),  # joined before cold scores were kept
    ]
    kept = record_cold(tmp_path, first, "small", commit="abc123", now=NOW)
    assert [(k.site, k.method, k.f1) for k in kept] == [("real-new", "ssup", 0.25)]
    assert "real-planes" in JOINED_WARM
    assert sorted(p.name for p in tmp_path.iterdir()) == ["real-new.json"]
    data = json.loads((tmp_path / "real-new.json").read_text())
    entry = data["scores"]["ssup@small"]
    assert entry["commit"] == "abc123" and entry["date"] == "2026-11-27"
    assert (entry["f1"], entry["downloads"], entry["lower_bound_downloads"]) == (0.25, 40, 12)
    assert "gpp@small" not in data["scores"]  # a failed run is no score: the next one is kept
    # another bench at the same commit (a dirty tree is still that commit): the kept scores
    # stay; a new method and a new size are added
    again = [_row("real-new", "ssup", 0.99), _row("real-new", "gpp", 0.5)]
    kept = record_cold(tmp_path, again, "small", commit="abc123+dirty", now=NOW)
    assert [(k.method, k.commit) for k in kept] == [("gpp", "abc123+dirty")]
    record_cold(tmp_path, [_row("real-new", "ssup", 0.9)], "medium", commit="abc123", now=NOW)
    expected = {("ssup", "small"): 0.25, ("gpp", "small"): 0.5, ("ssup", "medium"): 0.9}
    assert _cold(tmp_path, "real-new") == expected
    # a bench once the methods have moved on: nothing is cold any more, the file is untouched
    before = (tmp_path / "real-new.json").read_bytes()
    later = [_row("real-new", "indesit", 0.7), _row("real-new", "ssup", 1.0)]
    assert record_cold(tmp_path, later, "large", commit="def456", now=NOW) == []
    assert (tmp_path / "real-new.json").read_bytes() == before


def test_the_table_and_report_show_the_cold_score_beside_the_current_one(
    tmp_path: Path,
) -> None:
    record_cold(tmp_path, [_row("real-new", "ssup", 0.25)], "small", commit="abc123", now=NOW)
    record_cold(tmp_path, [_row("real-new", "gpp", None, "boom")], "small", "abc123", NOW)
    record_cold(tmp_path, [_row("real-new", "indesit", None)], "small", "abc123", NOW)
    cold = {(s, m): c for (s, m, _), c in read_cold(tmp_path, ["real-new"]).items()}
    rows = [
        _row("council", "ssup", 1.0),
        _row("real-new", "ssup", 0.9),
        _row("real-new", "gpp", 0.5),
        _row("real-new", "indesit", 0.5),
        _row("real-planes", "ssup", 1.0),
    ]
    table = markdown_table(rows, cold=cold)
    assert "| ssup | real-new | 0.900 | 0.250 @ abc123 | 1.000 (1) |" in table
    assert "| gpp | real-new | 0.500 | – |" in table  # its first run failed: none kept
    assert "| indesit | real-new | 0.500 | – @ abc123 |" in table  # kept, without an F1
    assert "| ssup | real-planes | 1.000 | – | 1.000 (1) |" in table
    truth = SiteTruth(site="real-new", base_url="http://h", kind="entity-tree")
    html = render_report([BenchRun(r, truth, None) for r in rows], cold=cold)
    assert "cold F1 @ commit" in html and "0.250 @ abc123" in html


def test_an_unreadable_cold_file_counts_as_none(tmp_path: Path) -> None:
    (tmp_path / "real-new.json").write_text("not json")
    assert read_cold(tmp_path, ["real-new"]) == {}
    assert read_cold(tmp_path / "missing", ["real-new"]) == {}


def test_the_commit_names_a_dirty_tree(tmp_path: Path) -> None:
    assert current_commit(tmp_path) == "unknown"  # not a git checkout
    commit = current_commit()
    assert commit == "unknown" or len(commit.split("+")[0]) == 12
