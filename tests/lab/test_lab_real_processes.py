"""Served applications never outlive what started them: a start that fails, is cancelled
(SIGTERM, a second Ctrl-C) or is interrupted stops the application's whole process group."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

from siteseer.lab.real import AppFailed, AppProcess, free_port

# A server that never answers: it starts a worker in its process group, writes the worker's PID
# and its own, then waits (as an application still loading its data does).
SLOW_START = (
    "import subprocess, sys, time\n"
    "worker = subprocess.Popen(['sleep', '600'])\n"
    "with open(sys.argv[1], 'w') as out: out.write(f'{worker.pid}')\n"
    "time.sleep(600)\n"
)


def ended(pid: int) -> bool:
    """Whether the process `pid` has ended (a zombie left to a parent that is gone too counts)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


async def gone(*pids: int) -> bool:
    """Whether the processes `pids` end once signalled (a SIGKILL takes effect when the process
    is next scheduled: a moment, even on a loaded machine; a minute is left for that)."""
    for _ in range(1200):
        if all(ended(pid) for pid in pids):
            return True
        await asyncio.sleep(0.05)
    return False


def written_pid(pid_file: Path) -> int:
    """The worker's PID, once the application has written it."""
    while not (pid_file.is_file() and pid_file.read_text()):
        time.sleep(0.05)
    return int(pid_file.read_text())


async def test_a_start_cancelled_while_the_app_comes_up_stops_its_group(tmp_path: Path) -> None:
    """SIGTERM or a second Ctrl-C cancels a bench while its applications start: each one, and
    whatever it spawned, is stopped."""
    pid_file = tmp_path / "worker.pid"
    argv = [sys.executable, "-c", SLOW_START, str(pid_file)]
    process = AppProcess("test-slow", argv, free_port(), tmp_path / "serve.log")
    starting = asyncio.create_task(process.start())
    worker = await asyncio.to_thread(written_pid, pid_file)
    leader = process.pid
    assert leader is not None
    starting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await starting
    assert await gone(leader, worker)
    assert process.pid is None


async def test_an_app_that_exits_before_answering_leaves_nothing_of_its_group(
    tmp_path: Path,
) -> None:
    """The server exits at once but a worker it started lives on: the worker is stopped too."""
    pid_file = tmp_path / "worker.pid"
    script = f"sleep 600 & echo $! > {pid_file}; exit 3"
    process = AppProcess("test-exit", ["sh", "-c", script], free_port(), tmp_path / "serve.log")
    with pytest.raises(AppFailed, match="exited with code 3"):
        await process.start()
    assert await gone(int(pid_file.read_text()))
