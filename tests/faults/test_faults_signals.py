"""Fault cases of signals in every phase: SIGTERM and a first Ctrl-C sent to a child process in
a long analysis on the event loop, and while page loads are in flight."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from cases import fault
from hostile import HostileServer

Saw = Callable[[str], None]
HERE = Path(__file__).resolve().parent
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}


class _Child:
    """A child process whose stderr is read as it comes, each line with its time."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.stdout: list[str] = []
        self.stderr: list[str] = []
        self._readers = [
            threading.Thread(target=self._read, args=(self.process.stdout, self.stdout)),
            threading.Thread(target=self._read, args=(self.process.stderr, self.stderr)),
        ]
        for reader in self._readers:
            reader.daemon = True
            reader.start()

    @staticmethod
    def _read(stream: object, into: list[str]) -> None:
        for line in stream:  # type: ignore[attr-defined]
            into.append(line)

    def wait_for(self, found: Callable[[], bool], seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while not found():
            assert self.process.poll() is None, "".join(self.stderr)
            assert time.monotonic() < deadline, "".join(self.stderr)
            time.sleep(0.05)

    def signal(self, signum: int) -> tuple[int, float]:
        """Send `signum`; the exit code and the seconds until the process ended."""
        sent = time.monotonic()
        self.process.send_signal(signum)
        try:
            code = self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        took = time.monotonic() - sent
        for reader in self._readers:
            reader.join(5)
        return code, took


def _analysis(tmp_path: Path) -> _Child:
    child = _Child([sys.executable, str(HERE / "analysis_script.py"), "60000"], tmp_path)
    child.wait_for(lambda: "analysing\n" in child.stdout)
    time.sleep(1.0)  # well inside the learning (minutes of it)
    return child


@fault(
    "SIGTERM inside a long analysis on the event loop (DUST learning)",
    "exit 143 at once, one line, no traceback",
    within=30,
)
def test_sigterm_inside_a_long_analysis(tmp_path: Path, saw: Saw) -> None:
    child = _analysis(tmp_path)
    code, took = child.signal(signal.SIGTERM)
    stderr = "".join(child.stderr)
    assert code == 143 and "terminated (SIGTERM)" in stderr, stderr
    assert "Traceback" not in stderr
    assert took < 10  # the analysis alone runs for minutes
    saw(f"exit 143 {took:.2f} s after SIGTERM")


@fault(
    "first Ctrl-C inside a long analysis on the event loop",
    "the analysis stops, the run ends incomplete: exit 130, no traceback",
    within=30,
)
def test_ctrl_c_inside_a_long_analysis(tmp_path: Path, saw: Saw) -> None:
    child = _analysis(tmp_path)
    code, took = child.signal(signal.SIGINT)
    stderr = "".join(child.stderr)
    assert code == 130 and "incomplete: interrupted (Ctrl-C)" in stderr, stderr
    assert "Traceback" not in stderr
    assert took < 10
    saw(f"exit 130 {took:.2f} s after SIGINT, marked incomplete")


@fault(
    "SIGTERM while page loads are in flight",
    "exit 143, nothing left running, no asyncio traceback",
    within=40,
)
def test_sigterm_with_loads_in_flight(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    urls = [hostile.url(f"/hung/item/{i}") for i in range(0, 400, 2)]
    (tmp_path / "urls.txt").write_text("\n".join(urls) + "\n")
    args = ["templates", "urls", "urls.txt", "--out", "out", "--no-cache", "--timeout", "60"]
    child = _Child([sys.executable, "-m", "siteseer.cli", *args], tmp_path)
    child.wait_for(lambda: bool(hostile.hits("/hung/")))
    time.sleep(0.5)
    code, took = child.signal(signal.SIGTERM)
    stderr = "".join(child.stderr)
    assert code == 143, stderr
    assert "Traceback" not in stderr and "never retrieved" not in stderr, stderr
    saw(f"exit 143 {took:.2f} s after SIGTERM, one line on stderr")
