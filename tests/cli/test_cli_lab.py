"""`siteseer lab truth`, `lab serve`, `lab bench` and `demo` from the outside."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import SITE_IDS
from siteseer.lab.server import build_sites

runner = CliRunner()
SITESEER = [sys.executable, "-c", "from cli import app; app()"]


def test_truth_prints_the_sites_truth() -> None:
    result = runner.invoke(app, ["lab", "truth", "shop-links", "--base-url", "http://h:1/"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    (site,) = build_sites(["shop-links"])
    expected = json.loads(json.dumps(site.truth("http://h:1").to_dict()))
    assert printed == expected
    assert printed["base_url"] == "http://h:1"
    assert all(u.startswith("http://h:1/") for u in printed["entities"]["product"])


def test_truth_defaults_to_the_placeholder_base() -> None:
    result = runner.invoke(app, ["lab", "truth", "shop-form", "--seed", "3"])
    assert result.exit_code == 0
    printed = json.loads(result.stdout)
    (site,) = build_sites(["shop-form"], "small", 3)
    assert printed == json.loads(json.dumps(site.truth("http://lab.invalid").to_dict()))


@pytest.mark.parametrize(
    "args",
    [
        ["lab", "truth", "nowhere"],
        ["lab", "serve", "--sites", "council,nowhere"],
        ["lab", "bench", "--sites", "nowhere"],
        ["demo", "--sites", "nowhere"],
    ],
)
def test_unknown_site_exits_2_listing_known_ids(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "unknown lab site nowhere" in result.stderr
    assert ", ".join(SITE_IDS) in result.stderr


def test_bench_unknown_method_exits_2() -> None:
    result = runner.invoke(app, ["lab", "bench", "--methods", "no-such-method"])
    assert result.exit_code == 2
    assert "unknown method 'no-such-method'" in result.stderr


def test_truth_rejects_a_bad_base_url() -> None:
    result = runner.invoke(app, ["lab", "truth", "shop-links", "--base-url", "ftp://x"])
    assert result.exit_code == 2
    assert "--base-url must be an http(s) URL" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_serve_prints_urls_serves_and_stops_cleanly(signum: signal.Signals) -> None:
    """Ctrl-C, SIGTERM (`timeout`) and SIGHUP (its terminal closed) each stop the lab cleanly."""
    process = subprocess.Popen(
        [*SITESEER, "lab", "serve", "--sites", "shop-links,shop-form"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline().split() for _ in range(2)]
        assert [line[0] for line in lines] == ["shop-links", "shop-form"]
        for _, url in lines:
            assert url.startswith("http://127.0.0.1:")
            with urllib.request.urlopen(url + "/", timeout=10) as response:
                assert response.status == 200
                assert "<html" in response.read().decode().lower()
        process.send_signal(signum)
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0
    assert "Traceback" not in err
    assert "lab stopped" in err


def test_bench_command_writes_outputs(tmp_path: Path) -> None:
    out = tmp_path / "bench"
    result = runner.invoke(
        app,
        ["lab", "bench", "--sites", "council", "--methods", "follow-links", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads((out / "results.json").read_text())
    assert [(r["site"], r["method"]) for r in rows] == [("council", "follow-links")]
    assert rows[0]["recall"] >= 0.9 and rows[0]["downloads"] > 0
    assert "| council | follow-links |" in result.stdout
    assert "[1/1] council · follow-links" in result.stderr
    assert (out / "report.html").read_text().startswith("<!DOCTYPE html>")


@pytest.mark.slow
def test_demo_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["demo", "--sites", "council"])
    assert result.exit_code == 0, result.output
    assert "council  ssup " in result.stdout and "council  gpp " in result.stdout
    report = tmp_path / "out" / "demo" / "report.html"
    assert report.is_file()
    assert f"report: {report}" in result.stdout
    rows = json.loads((tmp_path / "out" / "demo" / "results.json").read_text())
    by_method = {row["method"]: row for row in rows if row["site"] == "council"}
    assert set(by_method) == {"ssup", "indesit", "gpp", "ssup-visual"}
    assert by_method["ssup"]["f1"] >= 0.95 and by_method["ssup-visual"]["f1"] >= 0.95
