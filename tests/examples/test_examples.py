"""The scripts in examples/ run as a user runs them, against lab sites, and find the truth."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from siteseer.lab import LabServer, set_scores

ROOT = Path(__file__).resolve().parents[2]
Lab = Callable[[str], LabServer]


def _run(script: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), *args],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=cwd,  # no siteseer.toml of the project's own is read
        env=env,
        check=False,
    )


def test_discover_entities_finds_the_sites_entity_pages(lab: Lab, tmp_path: Path) -> None:
    truth = lab("cars").truth("cars")
    done = _run("discover_entities.py", truth.seed_entity, "--height", "auto", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    found = done.stdout.split()
    assert set_scores(found, truth.target_entities).f1 >= 0.95
    assert f"ssup: {len(found)} entity pages" in done.stderr
    assert not (tmp_path / ".siteseer").exists()  # the API writes no cache unless told to


def test_discover_entities_says_when_the_budget_ran_out(lab: Lab, tmp_path: Path) -> None:
    truth = lab("cars").truth("cars")
    done = _run("discover_entities.py", truth.seed_entity, "--pages", "3", cwd=tmp_path)
    assert done.returncode == 1
    assert "incomplete: budget spent" in done.stderr


def test_discover_many_runs_sites_concurrently(lab: Lab, tmp_path: Path) -> None:
    truths = [lab(site).truth(site) for site in ("cars", "council")]
    done = _run("discover_many.py", *(t.seed_entity for t in truths), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [row["seed"] for row in rows] == [t.seed_entity for t in truths]
    for row, truth in zip(rows, truths, strict=True):
        assert set_scores(row["entities"], truth.target_entities).f1 >= 0.9, truth.site
        assert row["complete"] and row["downloads"] > 0
