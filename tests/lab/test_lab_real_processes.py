"""Served applications never outlive what started them: a start that fails, is cancelled
(SIGTERM, a second Ctrl-C) or is interrupted stops the application's whole process group; and
a bench goes on without an application that does not start, its runs failed rows saying why."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest
from fake_app import FileServerApp
from tiny_site import SPECS, TinyTreeSite

from siteseer.lab.bench import markdown_table, run_pairs
from siteseer.lab.real import AppFailed, AppProcess, free_port
from siteseer.lab.server import LabServer

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


def exiting_app(home: Path) -> FileServerApp:
    """An installed application whose server exits at once, saying why."""
    return FileServerApp(home, [sys.executable, "-c", "raise SystemExit('no database here')"])


async def test_a_bench_goes_on_without_an_app_that_does_not_start(tmp_path: Path) -> None:
    """One application's server exits before answering: its run is a failed row naming the
    reason (table, JSON), and the run on the other site is scored."""
    follow = SPECS[0]
    sites = [exiting_app(tmp_path), TinyTreeSite()]
    async with LabServer(sites, keep_going=True) as server:
        assert server.site_ids == ["tiny"]
        assert "exited with code 1" in server.failed["test-files"]
        lines: list[str] = []
        runs = await run_pairs(
            server, [("test-files", follow), ("tiny", follow)], progress=lines.append
        )
    failed, scored = (run.row for run in runs)
    assert failed.site == "test-files" and failed.f1 is None
    assert failed.error is not None and failed.error.startswith("not served: test-files: exited")
    assert failed.to_dict()["error"] == failed.error
    assert "not served: test-files" in markdown_table([failed, scored])
    assert lines[0].startswith("[1/2] test-files · follow-links: FAILED not served")
    assert scored.site == "tiny" and scored.f1 == 1.0


async def test_without_keep_going_an_app_that_does_not_start_ends_the_serving(
    tmp_path: Path,
) -> None:
    with pytest.raises(AppFailed, match="exited with code 1"):
        async with LabServer([exiting_app(tmp_path), TinyTreeSite()]):
            pass
