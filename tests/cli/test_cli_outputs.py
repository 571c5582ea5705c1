"""Outputs: `--out -` is standard output for every single-file output; a run that could not
start writes nothing; the exit codes are documented in `siteseer --help`."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from echo_server import EchoServer, echo_server

from siteseer.cli import app
from siteseer.lab import LabServer

runner = CliRunner()
Lab = Callable[[str], LabServer]


@pytest.fixture
def echo() -> Iterator[EchoServer]:
    with echo_server() as server:
        yield server


def test_discover_out_dash_and_discovery_dash_go_to_standard_output(lab: Lab) -> None:
    truth = lab("cars").truth("cars")
    args = ["discover", truth.seed_entity, "--render", "never", "--no-cache", "--height", "auto"]
    result = runner.invoke(app, [*args, "--out", "-"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows and all(row["seed"] == truth.seed_entity for row in rows)
    assert f"wrote {len(rows)} entity pages to standard output" in result.stderr
    assert not Path("-").exists()
    whole = runner.invoke(app, [*args, "--out", "/dev/null", "--discovery", "-"])
    assert whole.exit_code == 0, whole.output
    assert json.loads(whole.stdout)["seed"] == truth.seed_entity


def test_cluster_out_dash(echo: EchoServer, tmp_path: Path) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text("".join(echo.url(f"/p{i}") + "\n" for i in range(3)), "utf-8")
    result = runner.invoke(app, ["templates", "cluster", str(listing), "--no-cache", "--out", "-"])
    assert result.exit_code == 0, result.output
    clusters = [json.loads(line) for line in result.stdout.splitlines()]
    assert sum(len(c["pages"]) for c in clusters) == 3
    assert not Path("-").exists()


def test_stats_json_dash(echo: EchoServer) -> None:
    result = runner.invoke(
        app, ["--stats-json", "-", "render", echo.url("/page"), "--no-cache", "--render", "never"]
    )
    assert result.exit_code == 0, result.output
    start = result.stdout.index("{\n")
    document = json.loads(result.stdout[start:])
    assert document["stop"] == "done" and document["cost"]["downloads"] == 1


@pytest.mark.browser
def test_png_outputs_to_standard_output(echo: EchoServer) -> None:
    shot = runner.invoke(app, ["render", echo.url("/page"), "--no-cache", "--screenshot", "-"])
    assert shot.exit_code == 0, shot.output
    assert shot.stdout_bytes.startswith(b"\x89PNG\r\n\x1a\n")
    assert "status" in shot.stderr and "wrote standard output" in shot.stderr
    drawn = runner.invoke(app, ["explain", echo.url("/page"), "--no-cache", "--out", "-"])
    assert drawn.exit_code == 0, drawn.output
    assert drawn.stdout_bytes.startswith(b"\x89PNG\r\n\x1a\n")


def test_a_discover_that_could_not_start_writes_nothing(closed_port: int, tmp_path: Path) -> None:
    out = tmp_path / "entities.jsonl"
    whole = tmp_path / "discovery.json"
    result = runner.invoke(
        app,
        [
            "discover",
            f"http://127.0.0.1:{closed_port}/x",
            "--render",
            "never",
            "--no-cache",
            "--retries",
            "0",
            "--out",
            str(out),
            "--discovery",
            str(whole),
        ],
    )
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("siteseer: cannot use the seed ")
    assert not out.exists() and not whole.exists()


def test_help_documents_the_exit_codes() -> None:
    result = runner.invoke(app, ["--help"], terminal_width=200)
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    for code in ("0 done", "1 incomplete", "2 an error you can fix", "130 interrupted"):
        assert code in text


def test_format_follows_the_out_extension_and_a_mismatch_is_an_error(
    echo: EchoServer, tmp_path: Path
) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text("".join(echo.url(f"/p{i}") + "\n" for i in range(3)), "utf-8")
    args = ["templates", "cluster", str(listing), "--no-cache"]
    as_csv = tmp_path / "clusters.csv"
    result = runner.invoke(app, [*args, "--out", str(as_csv)])
    assert result.exit_code == 0, result.output
    assert as_csv.read_text().splitlines()[0] == "url,cluster,size"
    wrong = tmp_path / "wrong.csv"
    result = runner.invoke(app, [*args, "--out", str(wrong), "--format", "jsonl"])
    assert result.exit_code == 2
    assert (
        "--format jsonl does not match --out" in result.stderr and "--format csv" in result.stderr
    )
    assert not wrong.exists()
