"""The real tier beside the lab: each real application's run against its method's lab F1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from siteseer.commands.lab import read_results
from siteseer.crawler import Cost
from siteseer.errors import BadInput
from siteseer.lab.bench import markdown_table
from siteseer.lab.results import BenchRow, tier_comparison


def _row(site: str, method: str, f1: float | None, error: str | None = None) -> BenchRow:
    cost = Cost(downloads=40, renders=3)
    return BenchRow(site, method, f1, f1, f1, 2.5, 10, True, cost=cost, error=error)


LAB = [_row("council", "ssup", 1.0), _row("cars", "ssup", 0.9), _row("council", "gpp", 0.8)]
REAL = [
    _row("real-planes", "ssup", 0.9),
    _row("real-devpi", "ssup", 0.96),
    _row("real-planes", "gpp", None, error="timed out"),
    _row("real-planes", "indesit", 0.5),  # no lab run of indesit: no comparison
]


def test_each_real_run_is_set_beside_its_methods_lab_mean() -> None:
    tiers = {(t["site"], t["method"]): t for t in tier_comparison([*LAB, *REAL])}
    assert len(tiers) == 4  # the real runs only
    planes = tiers["real-planes", "ssup"]
    assert planes["lab_f1"] == 0.95 and planes["lab_sites"] == 2
    assert planes["gap"] == -0.05 and planes["within"] is True
    devpi = tiers["real-devpi", "ssup"]
    assert devpi["gap"] == 0.01 and devpi["within"] is True
    assert tiers["real-planes", "gpp"]["within"] is None  # failed: no F1
    assert tiers["real-planes", "indesit"]["lab_f1"] is None
    low = tier_comparison([*LAB, _row("real-x", "ssup", 0.89)])
    assert low[0]["within"] is False and low[0]["downloads"] == 40


def test_a_reference_crawl_is_set_beside_the_lab_but_not_judged() -> None:
    # follow-links stops at its page cap, which a real application's thousands of pages reach
    lab = [_row("council", "follow-links", 0.8), _row("cars", "follow-links", 0.9)]
    (tier,) = tier_comparison([*lab, _row("real-devpi", "follow-links", 0.5)])
    assert tier["gap"] == -0.35 and tier["within"] is None and tier["verdict"] == "reference"
    (judged,) = tier_comparison([*LAB, _row("real-x", "ssup", 0.89)])
    assert judged["verdict"] == "no"


def test_an_earlier_lab_bench_is_the_lab_side_when_this_one_ran_only_real_apps(
    tmp_path: Path,
) -> None:
    (tmp_path / "results.json").write_text(json.dumps([r.to_dict() for r in LAB]))
    reference = read_results(tmp_path)
    (planes, *_) = tier_comparison(REAL, reference)
    assert planes["lab_f1"] == 0.95
    table = markdown_table(REAL, reference)
    assert (
        "| ssup | real-planes | 0.900 | – | 0.950 (2) | -0.050 | yes | 40 | 10 | 3 | 2.5 |" in table
    )
    assert "failed: timed out" in table


def test_a_bad_results_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BadInput, match="cannot read the bench results"):
        read_results(tmp_path / "missing.json")
    (tmp_path / "r.json").write_text('{"site": "x"}')
    with pytest.raises(BadInput, match=r"is not a bench's results\.json"):
        read_results(tmp_path / "r.json")
