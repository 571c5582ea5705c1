"""Fault cases of the command line's last line: inputs and outputs that used to end in a
traceback or the wrong exit code now end in one line on stderr and the README's exit code.
The commands run in the test's process (click's CliRunner), but for the one whose standard
output is a full device, which runs in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cases import fault
from click.testing import CliRunner
from hostile import HostileServer

from siteseer.cli import app

Saw = Callable[[str], None]
SITESEER = [sys.executable, "-m", "siteseer.cli"]
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
runner = CliRunner(env={"NO_COLOR": "1", "COLUMNS": "200"})


def _run(args: list[str], cwd: Path, *, stdout: int) -> tuple[int, str]:
    """The command in a process of its own, its standard output the descriptor `stdout`."""
    done = subprocess.run(
        [*SITESEER, *args],
        cwd=cwd,
        env=ENV,
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stderr


def _invoke(args: list[str], cwd: Path, *, stdin: str = "") -> tuple[int, str]:
    """The command run in this process (click's CliRunner) from `cwd`: its exit code and its
    stderr. An exception it lets out fails the case, as a traceback would on a process's stderr."""
    here = Path.cwd()
    os.chdir(cwd)
    try:
        result = runner.invoke(app, args, input=stdin, prog_name="siteseer")
    finally:
        os.chdir(here)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stderr


def _one_line(stderr: str, *words: str) -> str:
    lines = [line for line in stderr.splitlines() if line.startswith("siteseer: ")]
    assert "Traceback" not in stderr and len(lines) == 1, stderr
    assert all(word in lines[0] for word in words), lines[0]
    return lines[0]


@fault("a JSON line nested 200,000 deep", "exit 2, one line naming the line", within=20)
def test_deeply_nested_json_input(tmp_path: Path, saw: Saw) -> None:
    (tmp_path / "deep.jsonl").write_text('{"url": ' + "[" * 200_000 + "\n")
    code, stderr = _invoke(["templates", "urls", "deep.jsonl"], tmp_path)
    line = _one_line(stderr, "line 1", "nested too deeply")
    assert code == 2
    saw(f"exit {code}: {line[:60]}…")


@fault("a JSON line nested 200,000 deep in batch", "the line failed, not the run", within=20)
def test_deeply_nested_batch_line(tmp_path: Path, saw: Saw) -> None:
    (tmp_path / "sites.jsonl").write_text('{"url": ' + "[" * 200_000 + "\n")
    code, stderr = _invoke(["batch", "sites.jsonl", "--out", "out"], tmp_path)
    assert "Traceback" not in stderr and code == 1, stderr
    manifest = (tmp_path / "out" / "manifest.jsonl").read_text()
    assert "nested too deeply" in manifest
    saw(f"exit {code}; the manifest says the line is nested too deeply")


@fault("render … > /dev/full", "exit 2, one line: standard output cannot be written", within=20)
def test_standard_output_full(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    with open("/dev/full", "w") as full:
        code, stderr = _run(
            ["render", hostile.url("/page?full=1"), "--render", "never", "--no-cache", "--json"],
            tmp_path,
            stdout=full.fileno(),
        )
    line = _one_line(stderr, "standard output")
    assert code == 2
    saw(f"exit {code}: {line}")


@pytest.mark.parametrize("value", ["inf", "nan"])
@fault("--delay inf", "exit 2, one line naming the setting", within=20)
def test_infinite_delay(value: str, tmp_path: Path, saw: Saw) -> None:
    code, stderr = _invoke(["discover", "http://127.0.0.1:9/x", f"--delay={value}"], tmp_path)
    line = _one_line(stderr, "delay")
    assert code == 2
    saw(f"--delay {value}: exit {code}: {line}")


@fault("a seed that times out", "exit 2 (README), one line, nothing written", within=30)
def test_a_seed_that_times_out(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    args = ["discover", hostile.url("/hang?seed=1"), "--render", "never", "--no-cache"]
    args += ["--timeout", "1", "--retries", "0", "--out", "found.jsonl"]
    code, stderr = _invoke(args, tmp_path)
    line = _one_line(stderr, "cannot use the seed", "within 1 s")
    assert code == 2 and not (tmp_path / "found.jsonl").exists()
    saw(f"exit {code}: {line[:70]}…")


@fault("batch - < /dev/null", "exit 2: an input with no site is an error", within=20)
def test_batch_of_nothing(tmp_path: Path, saw: Saw) -> None:
    code, stderr = _invoke(["batch", "-", "--out", "out"], tmp_path)  # an empty stdin
    line = _one_line(stderr, "no site")
    assert code == 2
    saw(f"exit {code}: {line}")
