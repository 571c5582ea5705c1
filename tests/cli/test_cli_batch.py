"""`siteseer batch` from the outside: standard input, the summary, exit codes, Ray missing."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab.server import LabServer

runner = CliRunner()


def test_batch_reads_standard_input_and_prints_a_summary(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    truth = lab("council").truth("council")
    out = tmp_path / "out"
    args = ["batch", "-", "--out", str(out), "--render", "never", "--workers", "1"]
    result = runner.invoke(app, args, input=f"{truth.seed_entity}\n")
    assert result.exit_code == 0, result.output
    assert "1 sites: 1 done (0 skipped as done before)" in result.stderr
    assert f"[1/1] done {truth.seed_entity}: {len(truth.target_entities)} entities" in result.stderr
    (row,) = [json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()]
    assert row["status"] == "done" and row["entities"] == len(truth.target_entities)
    again = runner.invoke(app, args, input=f"{truth.seed_entity}\nnot a url\n")
    assert again.exit_code == 1  # a site not done
    assert "2 sites: 1 done (1 skipped as done before), 0 incomplete, 1 failed" in again.stderr
    assert "1 sites already done in this output directory: skipped" in again.stderr


def test_engine_ray_without_ray_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as if not installed
    monkeypatch.delitem(sys.modules, "siteseer.batch.ray_engine", raising=False)
    (tmp_path / "in.txt").write_text("http://127.0.0.1:9/\n")
    args = ["batch", str(tmp_path / "in.txt"), "--out", str(tmp_path / "out"), "--engine", "ray"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "siteseer: --engine ray needs Ray: pip install 'siteseer[ray]' (or pip install 'ray>=2.9')"
    )


def test_the_crawl_settings_reach_every_site(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    private = lab("testbed").url("testbed") + "/private/page"  # robots.txt disallows /private/
    args = ["batch", "-", "--task", "templates", "--template-pages", "5", "--render", "never"]

    def run(*flags: str) -> tuple[int, dict[str, Any]]:
        out = tmp_path / "-".join(["out", *flags])
        result = runner.invoke(app, [*args, "--out", str(out), *flags], input=private + "\n")
        (row,) = [json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()]
        return result.exit_code, row

    code, row = run()  # robots.txt says no: nothing downloaded, nothing to cluster
    assert code == 1 and row["downloads"] == 0
    assert str(row["reason"]).startswith("fewer than two HTML pages")
    code, row = run("--ignore-robots")  # 5 pages of a larger site: incomplete, as the command
    assert code == 1 and (row["status"], row["reason"]) == ("incomplete", "budget spent")
    assert row["downloads"] == row["entities"] == 5
