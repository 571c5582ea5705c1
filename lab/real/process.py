"""Processes of the real-app tier: install commands with a log, servers on loopback by PID.

A real application runs as a subprocess of siteseer bound to 127.0.0.1 on a free port; it is
stopped through the PID that started it (its process group, so a server's workers go too).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

__all__ = ["InstallError", "Server", "free_port", "run_logged", "start_server"]

HOST = "127.0.0.1"


class InstallError(RuntimeError):
    """An install or load step failed; the message names the command and its log."""


def run_logged(
    command: Sequence[str],
    log: Path,
    *,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str | None = None,
) -> None:
    """Run `command`, appending its output to `log`; raise InstallError if it fails."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("a", encoding="utf-8") as out:
        out.write(f"$ {' '.join(command)}\n")
        out.flush()
        done = subprocess.run(
            list(command),
            cwd=cwd,
            env=None if env is None else {**os.environ, **env},
            input=stdin,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
            check=False,
        )
    if done.returncode:
        raise InstallError(f"`{' '.join(command)}` exited {done.returncode}; see {log}")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running application server: its process, port and log."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self, timeout: timedelta = timedelta(seconds=10)) -> None:
        """Terminate the server's process group (by its PID), then kill it if it lingers."""
        if self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout.total_seconds())
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def start_server(
    command: Sequence[str],
    port: int,
    log: Path,
    *,
    ready_path: str = "/",
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    timeout: timedelta = timedelta(seconds=60),
) -> Server:
    """Start `command` (which must bind 127.0.0.1:port) and wait until `ready_path` answers."""
    log.parent.mkdir(parents=True, exist_ok=True)
    out = log.open("ab")
    process = subprocess.Popen(
        list(command),
        cwd=cwd,
        env=None if env is None else {**os.environ, **env},
        stdout=out,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    out.close()
    server = Server(process, port, log)
    deadline = time.monotonic() + timeout.total_seconds()
    while True:
        if process.poll() is not None:
            raise InstallError(f"`{' '.join(command)}` exited {process.returncode}; see {log}")
        try:
            with urllib.request.urlopen(server.url + ready_path, timeout=30) as reply:
                reply.read(1)
            return server
        except urllib.error.HTTPError:
            return server  # it answers: a status is an answer
        except OSError:
            if time.monotonic() > deadline:
                server.stop()
                raise InstallError(f"{server.url} did not answer in {timeout}; see {log}") from None
            time.sleep(0.2)
