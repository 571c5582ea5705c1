"""A real application served by a child process on 127.0.0.1, and stopped by its process group.

`AppProcess.start` launches the application's command in a new session (so the child and
anything it spawns form one process group whose id is the child's PID), its output appended to
a log file, and waits until its root URL answers HTTP (any status below 500), or until the page
it names `ready` answers 200 (for an application that answers before it has loaded what it
serves). `stop` sends SIGTERM to that process group, waits, and sends SIGKILL to what is left
after the grace period. Only that group is ever signalled, and only while its leader is
unreaped. A start that fails, or is cancelled or interrupted (SIGTERM, Ctrl-C) while the
application comes up, stops what it launched; a group still running when the interpreter exits
(its stop cut short) is killed then.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Mapping, Sequence
from datetime import timedelta
from pathlib import Path
from typing import IO

import aiohttp

from siteseer.lab.real.errors import AppFailed

__all__ = ["HOST", "AppProcess", "free_port"]

HOST = "127.0.0.1"
POLL_S = 0.25


_HANDED_OUT: set[int] = set()
# The applications started and not stopped yet, by PID (the id of their process group).
_STARTED: dict[int, subprocess.Popen[bytes]] = {}


def free_port() -> int:
    """A loopback port that was free a moment ago (bound, read, released), and not one this
    process has handed out before.

    A port handed out is released until its server binds it, and the kernel may pick it again
    meanwhile: two sites started one after the other would both be given it, and the second
    one's wait for "its" port to answer would be answered by the first.
    """
    while True:
        with socket.socket() as sock:
            sock.bind((HOST, 0))
            port = int(sock.getsockname()[1])
        if port not in _HANDED_OUT:
            _HANDED_OUT.add(port)
            return port


class AppProcess:
    """One running application: its child process, port and log."""

    def __init__(
        self,
        app_id: str,
        argv: Sequence[str],
        port: int,
        log: Path,
        *,
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
        ready: str | None = None,
    ) -> None:
        self.app_id = app_id
        self.argv = list(argv)
        self.port = port
        self.log = log
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.ready = ready
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Root URL without the trailing slash."""
        return f"http://{HOST}:{self.port}"

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    async def start(self, ready_timeout: timedelta = timedelta(seconds=120)) -> None:
        """Launch the command and wait until it answers (see the module docstring); raise
        `AppFailed` if the process exits first or does not answer in time (it is stopped then)."""
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as out:
            out.write(f"$ {' '.join(self.argv)}\n".encode())
            out.flush()
            launching = asyncio.ensure_future(asyncio.to_thread(self._launch, out))
            try:
                self._proc = await asyncio.shield(launching)
            except asyncio.CancelledError:
                # cancelled while the command was being launched: what it launches is stopped
                self._proc = await launching
                await self.stop()
                raise
        try:
            await self._wait_answering(ready_timeout)
        except BaseException:
            # failed, cancelled (SIGTERM, a second Ctrl-C) or interrupted while it started:
            # nothing of it is left running
            await self.stop()
            raise

    def _launch(self, out: IO[bytes]) -> subprocess.Popen[bytes]:
        """Start the command in a session of its own, registered at once (`_kill_started`)."""
        proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=self.cwd,
            env=self.env,
            start_new_session=True,
        )
        _STARTED[proc.pid] = proc
        return proc

    async def _wait_answering(self, ready_timeout: timedelta) -> None:
        assert self._proc is not None
        pid = self._proc.pid
        deadline = time.monotonic() + ready_timeout.total_seconds()
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as http:
            while True:
                # not reaped: `stop` then signals what the leader left in its group
                code = _exit_code(pid)
                if code is not None:
                    raise AppFailed(
                        self.app_id,
                        f"exited with code {code} before answering on port {self.port}; "
                        f"see {self.log}",
                    )
                if await self._answers(http):
                    return
                if time.monotonic() > deadline:
                    raise AppFailed(
                        self.app_id,
                        f"did not answer on {self.url}{self.ready or '/'} within "
                        f"{ready_timeout.total_seconds():g} s; "
                        f"see {self.log}",
                    )
                await asyncio.sleep(POLL_S)

    async def _answers(self, http: aiohttp.ClientSession) -> bool:
        try:
            async with http.get(self.url + (self.ready or "/"), allow_redirects=False) as response:
                return response.status == 200 if self.ready else response.status < 500
        except (aiohttp.ClientError, TimeoutError, OSError):
            return False

    async def stop(self, grace: timedelta = timedelta(seconds=10)) -> None:
        """SIGTERM the process group, SIGKILL what is left of it after `grace`, reap the child.

        The child is waited for without being reaped (`WNOWAIT`) until the group has been sent
        its last signal: while the leader is unreaped its PID, the group's id, cannot be reused.
        """
        proc, self._proc = self._proc, None
        if proc is None or proc.returncode is not None:
            return
        self._signal(proc.pid, signal.SIGTERM)
        await asyncio.to_thread(_wait_exited, proc.pid, grace.total_seconds())
        # Whatever is left of the group (the leader past its grace, a worker it spawned).
        self._signal(proc.pid, signal.SIGKILL)
        await asyncio.to_thread(proc.wait)
        _STARTED.pop(proc.pid, None)

    @staticmethod
    def _signal(pgid: int, signum: signal.Signals) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, signum)


def _exit_code(pid: int) -> int | None:
    """The exit code of the child `pid` (minus the signal that ended it), None while it runs;
    the child is not reaped."""
    try:
        status = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return 0
    if status is None:
        return None
    return -status.si_status if status.si_code in _SIGNALLED else status.si_status


_SIGNALLED = (os.CLD_KILLED, os.CLD_DUMPED)


@atexit.register
def _kill_started() -> None:
    """At the interpreter's exit, SIGKILL the group of every application this process started
    and did not stop (a stop cut short by a second signal, an event loop closed under it)."""
    for pid, proc in list(_STARTED.items()):
        if proc.returncode is None:
            AppProcess._signal(pid, signal.SIGKILL)
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                proc.wait(timeout=5)
    _STARTED.clear()


def _exited(pid: int) -> bool:
    """Whether the child `pid` has exited, without reaping it."""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _wait_exited(pid: int, timeout_s: float) -> bool:
    """Wait up to `timeout_s` for the child `pid` to exit, without reaping it."""
    deadline = time.monotonic() + timeout_s
    while not _exited(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
