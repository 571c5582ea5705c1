"""Served applications never outlive what started them: a start that fails, is cancelled
(SIGTERM, a second Ctrl-C) or is interrupted stops the application's whole process group; a
bench serves its sites in turn, never more than two at once; and a bench goes on without an
application that does not install or start, its runs failed rows saying why."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time
from contextlib import aclosing
from pathlib import Path
from typing import Any

import pytest
from fake_app import FileServerApp
from tiny_site import SPECS, TinyTreeSite

from siteseer.lab.bench import _served_in_turn, markdown_table, run_pairs, run_sites
from siteseer.lab.real import AppFailed, AppProcess, InstallFailed, free_port
from siteseer.lab.server import LabServer

# A server that never answers: it starts a worker in its process group, writes the worker's PID
# and its own, then waits (as an application still loading its data does).
SLOW_START = (
    "import os, subprocess, sys, time\n"
    "worker = subprocess.Popen(['sleep', '600'])\n"
    "with open(sys.argv[1], 'w') as out: out.write(f'{worker.pid} {os.getpid()}')\n"
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


def written_pids(pid_file: Path) -> tuple[int, int]:
    """The worker's PID and the application's, once the application has written them."""
    while not (pid_file.is_file() and pid_file.read_text().endswith(tuple("0123456789"))):
        time.sleep(0.05)
    worker, leader = pid_file.read_text().split()
    return int(worker), int(leader)


async def test_a_start_cancelled_while_the_app_comes_up_stops_its_group(tmp_path: Path) -> None:
    """SIGTERM or a second Ctrl-C cancels a bench while its applications start: each one, and
    whatever it spawned, is stopped."""
    pid_file = tmp_path / "worker.pid"
    argv = [sys.executable, "-c", SLOW_START, str(pid_file)]
    process = AppProcess("test-slow", argv, free_port(), tmp_path / "serve.log")
    starting = asyncio.create_task(process.start())
    worker, leader = await asyncio.to_thread(written_pids, pid_file)
    starting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await starting
    assert await gone(leader, worker)
    assert process.pid is None


def running_with(marker: str) -> list[int]:
    """The live processes whose command line holds `marker` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or ended(int(entry.name)):
            continue
        try:
            if marker.encode() in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


async def test_a_start_cancelled_while_its_command_is_launched_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancelled while its command is still being launched (in a thread): the launch completes
    and what it started is stopped, not left running unrecorded."""
    cancelled, launched = threading.Event(), threading.Event()
    popen = subprocess.Popen

    def late_popen(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        try:
            started = popen(*args, **kwargs)
            cancelled.wait(30)  # the start is cancelled before the launch returns
            return started
        finally:
            launched.set()

    monkeypatch.setattr(subprocess, "Popen", late_popen)
    argv = [sys.executable, "-c", SLOW_START, str(tmp_path / "worker.pid")]
    process = AppProcess("test-slow", argv, free_port(), tmp_path / "serve.log")
    starting = asyncio.create_task(process.start())
    await asyncio.sleep(0.1)  # the launch under way in its thread
    starting.cancel()
    cancelled.set()
    with pytest.raises(asyncio.CancelledError):
        await starting
    assert await asyncio.to_thread(launched.wait, 30)
    for _ in range(200):
        if not running_with(str(tmp_path)):
            break
        await asyncio.sleep(0.05)
    assert running_with(str(tmp_path)) == []
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


class NamedApp(FileServerApp):
    """Python's file server under an id of its own, recording when it is started."""

    def __init__(self, home: Path, app_id: str, started: list[str]) -> None:
        super().__init__(home / app_id)
        self.id = app_id
        self.started = started

    async def start(self, port: int) -> AppProcess:
        self.started.append(self.id)
        return await super().start(port)


class UninstallableApp(FileServerApp):
    """An application not installed whose install step fails."""

    id = "test-broken"

    def installed(self) -> bool:
        return False

    def _install(self, progress: object) -> None:
        raise InstallFailed(self.id, "step 'fetch data' failed (see install.log)")


async def test_a_bench_serves_its_sites_in_turn_two_at_most(tmp_path: Path) -> None:
    """Each site is served while its runs go on and stopped before the one after next starts;
    a site known not to install is not started and comes as a failed server."""
    started: list[str] = []
    apps = [NamedApp(tmp_path, name, started) for name in ("app-a", "app-b", "app-c")]
    unready = {"app-b": "install failed: no data"}
    seen: list[tuple[list[str], dict[str, str], list[str]]] = []
    servers: list[LabServer] = []
    async with aclosing(_served_in_turn(apps, unready, apart=False)) as served:
        async for server in served:
            seen.append((server.site_ids, dict(server.failed), list(started)))
            up = [s for s in servers if s.site_ids]
            assert not up, f"{[s.site_ids for s in up]} still served beside {server.site_ids}"
            servers.append(server)
    assert [ids for ids, _, _ in seen] == [["app-a"], [], ["app-c"]]
    assert seen[1][1] == unready
    assert seen[0][2] in (["app-a"], ["app-a", "app-c"])  # app-c's start may overlap app-a's runs
    assert started == ["app-a", "app-c"]
    assert not any(server.site_ids for server in servers)


async def test_a_bench_goes_on_without_an_app_that_does_not_install(tmp_path: Path) -> None:
    """The install of one application fails: its run is a failed row naming the failed step, and
    the run on the next site is scored."""
    follow = SPECS[0]
    sites = [UninstallableApp(tmp_path), TinyTreeSite()]
    lines: list[str] = []
    runs = await run_sites(
        sites, [("test-broken", follow), ("tiny", follow)], progress=lines.append, apart=False
    )
    failed, scored = (run.row for run in runs)
    assert failed.site == "test-broken" and failed.f1 is None
    assert failed.error == (
        "not served: install failed: test-broken: step 'fetch data' failed (see install.log)"
    )
    assert any(line.startswith("[1/2] test-broken · follow-links: FAILED") for line in lines)
    assert any(line.startswith("[2/2] tiny · follow-links:") for line in lines)
    assert scored.site == "tiny" and scored.f1 == 1.0
