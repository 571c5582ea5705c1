"""A library's own log records routed into siteseer's log: its warnings at debug level (Ray's
token-authentication warning at every `ray.init`), its errors as errors."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from siteseer.lab import LabServer
from siteseer.logs import Status, at_debug, configure

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def library() -> Iterator[logging.Logger]:
    logger = logging.getLogger("somelib")
    logger.addHandler(logging.StreamHandler())  # what a library installs on import
    logger.propagate = False
    yield logger
    configure(Status())


@pytest.mark.parametrize("level", [logging.WARNING, logging.DEBUG])
def test_a_library_warns_at_debug_level_and_errs_as_it_does(
    library: logging.Logger, level: int, capsys: pytest.CaptureFixture[str]
) -> None:
    configure(Status(level=level, structured=True))
    at_debug("somelib")
    child = logging.getLogger("somelib.setup")
    child.info("started")  # below the library's level: nowhere
    child.warning("token authentication is enabled")
    child.error("the cluster is gone")
    lines = capsys.readouterr().err.splitlines()
    errors = [line for line in lines if "level=ERROR" in line]
    assert len(errors) == 1 and "logger=somelib.setup" in errors[0]
    warned = [line for line in lines if "token authentication" in line]
    assert warned == ([] if level > logging.DEBUG else [warned[0]])
    assert all("level=DEBUG" in line for line in warned)
    assert not any("started" in line for line in lines) and len(lines) == 1 + len(warned)


@pytest.mark.slow
def test_ray_says_nothing_at_each_start_unless_asked(
    lab: Callable[[str], LabServer], tmp_path: Path
) -> None:
    seed = lab("council").truth("council").seed_entity
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = ["batch", "-", "--engine", "ray", "--workers", "1", "--render", "never"]

    def batch(*before: str) -> str:
        out = tmp_path / f"out{len(before)}"
        command = [sys.executable, "-m", "siteseer.cli", *before, *args, "--out", str(out)]
        done = subprocess.run(
            command, input=seed + "\n", env=env, capture_output=True, text=True, timeout=240
        )
        assert done.returncode == 0, done.stderr
        return done.stderr

    quiet = batch()
    assert "Token authentication" not in quiet and "1 sites: 1 done" in quiet
    debug = [line for line in batch("-vv").splitlines() if "Token authentication" in line]
    assert debug and all("level=DEBUG" in line and "logger=ray." in line for line in debug)
