"""The helpers every application script of lab/real/apps/ shares (appmain.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "lab" / "real" / "apps"))

from appmain import run_folder


def ended_pid() -> int:
    """The PID of a process that has ended."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_a_serve_folder_names_its_process_and_those_of_ended_serves_go(tmp_path: Path) -> None:
    installed = tmp_path / "tracker-small"
    runs = tmp_path / "runs"
    for name, pid in (("tracker-small-1", ended_pid()), ("tracker-small-2", os.getpid())):
        (runs / name).mkdir(parents=True)
        (runs / name / "pid").write_text(str(pid))
    (runs / "tracker-small-3").mkdir()  # no pid: made before folders named their process
    (runs / f".tracker-small-4.{ended_pid()}.partial").mkdir()

    folder = run_folder(installed, 5)

    assert folder == runs / "tracker-small-5"
    assert (folder / "pid").read_text() == str(os.getpid())
    assert sorted(p.name for p in runs.iterdir()) == ["tracker-small-2", "tracker-small-5"]


def test_a_serve_folder_starts_empty_on_its_port(tmp_path: Path) -> None:
    installed = tmp_path / "app.db"
    first = run_folder(installed, 7)
    (first / "settings.db").write_text("port 7")
    again = run_folder(installed, 7)
    assert again == first and sorted(p.name for p in again.iterdir()) == ["pid"]
