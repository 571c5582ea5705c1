"""--version, -v/-q/--log-level, structured log lines off a terminal, --stats-json: run
through the real commands against a loopback server."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from echo_server import EchoServer, echo_server

from siteseer.cli import app

runner = CliRunner()
STRUCTURED = re.compile(
    r"^ts=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z level=(\w+) host=(\S+) event=(\w+) ", re.M
)


@pytest.fixture
def echo() -> Iterator[EchoServer]:
    with echo_server() as server:
        yield server


@pytest.fixture
def listing(echo: EchoServer, tmp_path: Path) -> Path:
    path = tmp_path / "urls.txt"
    path.write_text("".join(echo.url(f"/busy/{i}") + "\n" for i in range(4)), "utf-8")
    return path


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert re.fullmatch(r"siteseer \S+\n", result.stdout)


def test_off_a_terminal_log_lines_are_structured_with_periodic_stats(
    echo: EchoServer, listing: Path, tmp_path: Path
) -> None:
    stats = tmp_path / "run" / "stats.json"
    result = runner.invoke(
        app,
        [
            "--stats-every",
            "0.2",
            "--stats-json",
            str(stats),
            "templates",
            "cluster",
            str(listing),
            "--no-cache",
            "--concurrency",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = STRUCTURED.findall(result.stderr)
    host = f"127.0.0.1:{echo.port}"
    stat_lines = [line for line in lines if line[2] == "stats"]
    assert len(stat_lines) >= 3  # periodic ones (4 pages × 0.3 s), then the final one
    assert all(level == "INFO" and where in (host, "-") for level, where, _ in stat_lines)
    assert stat_lines[-1][1] == host  # "-" only before the first page
    final = [line for line in result.stderr.splitlines() if "(done)" in line][-1]
    assert "pages=4 " in final and "errors=0" in final and "budget_left=none" in final
    assert "pages_per_s=" in final

    document = json.loads(stats.read_text("utf-8"))
    assert document["stop"] == "done" and document["exit_code"] == 0
    assert document["command"] == "templates"
    assert document["cost"]["downloads"] == 4 and document["cost"]["errors"] == 0
    [phase] = document["phases"]
    assert phase["label"] == "templates cluster"
    assert phase["cost"]["downloads"] == 4 and phase["seconds"] >= 1.0
    assert set(phase["render_decisions"]) <= {host}


def test_quiet_and_verbose(echo: EchoServer, listing: Path) -> None:
    quiet = runner.invoke(app, ["-q", "templates", "cluster", str(listing), "--no-cache"])
    assert quiet.exit_code == 0, quiet.output
    assert not STRUCTURED.findall(quiet.stderr)
    debug = runner.invoke(
        app, ["-vv", "--stats-every", "0.1", "templates", "cluster", str(listing), "--no-cache"]
    )
    assert debug.exit_code == 0, debug.output
    events = {event for _, _, event in STRUCTURED.findall(debug.stderr)}
    assert {"page", "stats"} <= events
    level = runner.invoke(
        app, ["--log-level", "warning", "templates", "cluster", str(listing), "--no-cache"]
    )
    assert level.exit_code == 0 and not STRUCTURED.findall(level.stderr)
    bad = runner.invoke(app, ["--log-level", "chatty", "config"])
    assert bad.exit_code == 2 and "--log-level" in bad.output


def test_stats_json_of_a_failed_run(closed_port: int, tmp_path: Path) -> None:
    stats = tmp_path / "stats.json"
    result = runner.invoke(
        app,
        [
            "--stats-json",
            str(stats),
            "render",
            f"http://127.0.0.1:{closed_port}/",
            "--no-cache",
            "--retries",
            "0",
        ],
    )
    assert result.exit_code == 2, result.output
    document = json.loads(stats.read_text("utf-8"))
    assert document["stop"] == "error" and document["exit_code"] == 2
    assert str(closed_port) in document["reason"]
