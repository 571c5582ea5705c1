"""Fault cases of signals in every phase: SIGTERM and a first Ctrl-C sent to a child process in
a long analysis on the event loop (DUST learning; `templates cluster`'s clustering of a WARC of
generated pages), while page loads are in flight, and while explore's browser runs (nothing of
it left running)."""

from __future__ import annotations

import io
import json
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

    def signal(self, signum: int, wait: float = 30) -> tuple[int, float]:
        """Send `signum`; the exit code and the seconds until the process ended (killed after
        `wait` seconds)."""
        sent = time.monotonic()
        self.process.send_signal(signum)
        try:
            code = self.process.wait(timeout=wait)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        took = time.monotonic() - sent
        for reader in self._readers:
            reader.join(5)
        return code, took

    def stopped_by(self, signum: int, within: float = 10) -> tuple[str, float]:
        """Send `signum` (SIGTERM, SIGHUP or SIGINT); the process must end within `within`
        seconds as the command line says (143 or 129 "terminated", or 130 "incomplete:
        interrupted"), with no traceback. Its stderr and the seconds it took."""
        code, took = self.signal(signum, wait=3 * within)
        stderr = "".join(self.stderr)
        if signum in (signal.SIGTERM, signal.SIGHUP):
            name = signal.Signals(signum).name
            assert code == 128 + signum and f"terminated ({name})" in stderr, stderr
        else:
            assert code == 130 and "incomplete: interrupted (Ctrl-C)" in stderr, stderr
        assert "Traceback" not in stderr and "never retrieved" not in stderr, stderr
        assert took < within  # loosely: the work interrupted runs for minutes
        return stderr, took


def _analysis(tmp_path: Path) -> _Child:
    child = _Child([sys.executable, str(HERE / "analysis_script.py"), "60000"], tmp_path)
    child.wait_for(lambda: "analysing\n" in child.stdout)
    time.sleep(0.3)  # inside the learning (minutes of it)
    return child


@fault(
    "SIGTERM inside a long analysis on the event loop (DUST learning)",
    "exit 143 at once, one line, no traceback",
    within=30,
)
def test_sigterm_inside_a_long_analysis(tmp_path: Path, saw: Saw) -> None:
    child = _analysis(tmp_path)
    _, took = child.stopped_by(signal.SIGTERM)
    saw(f"exit 143 {took:.2f} s after SIGTERM")


@fault(
    "first Ctrl-C inside a long analysis on the event loop",
    "the analysis stops, the run ends incomplete: exit 130, no traceback",
    within=30,
)
def test_ctrl_c_inside_a_long_analysis(tmp_path: Path, saw: Saw) -> None:
    child = _analysis(tmp_path)
    _, took = child.stopped_by(signal.SIGINT)
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


# -- clustering ---------------------------------------------------------------------------------


def _word(k: int) -> str:
    """Three letters for `k` (digits read as 0 in a page's paths: letters tell templates apart)."""
    return "".join(chr(97 + (k // 26**j) % 26) for j in range(3))


def _cluster_warc(path: Path, pages: int = 3000, templates: int = 600) -> None:
    """A WARC of `pages` generated pages of `templates` templates: minutes of exact clustering
    (its merge loop is quadratic in the clusters)."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as out:
        writer = WARCWriter(out, gzip=False)
        for i in range(pages):
            t = _word(i % templates)
            items = f"<li class='c{t}'><span>v{i}</span></li>" * (i % 13)
            sections = "".join(
                f"<section id='s{t}{_word(k)}'><h2>h</h2><p>x{i}</p></section>"
                for k in range(i % 9)
            )
            body = (
                f"<html><head><title>p{i}</title></head><body><div class='t{t}'><ul>{items}</ul>"
                f"{sections}<div id='u{_word(i % 97)}'><b>{i}</b></div></div></body></html>"
            )
            headers = StatusAndHeaders(
                "200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1"
            )
            record = writer.create_warc_record(
                f"http://127.0.0.1:9/p/{i}",
                "response",
                payload=io.BytesIO(body.encode()),
                http_headers=headers,
            )
            writer.write_record(record)


def _clustering(tmp_path: Path) -> _Child:
    _cluster_warc(tmp_path / "pages.warc")
    args = ["-v", "templates", "cluster", "pages.warc", "--method", "exact", "--out", "c.jsonl"]
    child = _Child([sys.executable, "-m", "siteseer.cli", *args], tmp_path)
    child.wait_for(lambda: any("clustering 3000 pages" in line for line in child.stderr), 120)
    time.sleep(1.0)  # inside the merging (minutes of it)
    return child


@fault(
    "first Ctrl-C inside page clustering (templates cluster, exact)",
    "the clustering stops, the clusters merged so far written, marked incomplete: exit 130",
    within=150,
)
def test_ctrl_c_inside_clustering(tmp_path: Path, saw: Saw) -> None:
    child = _clustering(tmp_path)
    _, took = child.stopped_by(signal.SIGINT)
    rows = (tmp_path / "c.jsonl").read_text().splitlines()
    assert rows and all('"complete": false' in row for row in rows), rows[:1]
    saw(f"exit 130 {took:.2f} s after SIGINT; {len(rows)} rows marked incomplete")


@fault(
    "SIGTERM inside page clustering (templates cluster, exact)",
    "exit 143 at once, one line, no traceback",
    within=150,
)
def test_sigterm_inside_clustering(tmp_path: Path, saw: Saw) -> None:
    child = _clustering(tmp_path)
    _, took = child.stopped_by(signal.SIGTERM)
    saw(f"exit 143 {took:.2f} s after SIGTERM")


# -- explore with the browser running -------------------------------------------------------------


def _descendants(pid: int) -> set[int]:
    """The processes below `pid` (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pids: set[int]) -> set[int]:
    """Those of `pids` still running (not zombies)."""
    alive = set()
    for pid in pids:
        try:
            state = (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(pid)
    return alive


def _stop_mid_explore(hostile: HostileServer, tmp_path: Path, signum: int) -> str:
    """Stop an explore whose browser waits on a page that never settles with `signum`; nothing
    of the browser may be left running. What the case saw."""
    start = hostile.url("/js/forever?explore")  # never settles: the browser waits on it
    args = ["-v", "explore", start, "--render", "always", "--as-given", "--no-cache"]
    child = _Child([sys.executable, "-m", "siteseer.cli", *args, "--out", "out"], tmp_path)
    child.wait_for(lambda: any("launched Chromium" in line for line in child.stderr), 60)
    child.wait_for(lambda: bool(hostile.hits("/js/forever")), 30)
    time.sleep(0.5)  # the page settling in the browser
    browser = _descendants(child.process.pid)
    assert browser, "no browser process under the run"
    _, took = child.stopped_by(signum)
    deadline = time.monotonic() + 5
    while _alive(browser) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = _alive(browser)
    assert not left, f"{len(left)} of the run's {len(browser)} processes left running"
    name = signal.Signals(signum).name
    return (
        f"exit {128 + signum} {took:.2f} s after {name}; 0 of {len(browser)} browser processes left"
    )


@fault(
    "SIGTERM mid-explore with the browser running",
    "exit 143, no traceback, no asyncio 'never retrieved', no browser process left",
    within=90,
)
def test_sigterm_mid_explore(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    saw(_stop_mid_explore(hostile, tmp_path, signal.SIGTERM))


@fault(
    "SIGHUP mid-explore (its terminal closed) with the browser running",
    "exit 129, as SIGTERM: no traceback, no browser process left",
    within=90,
)
def test_sighup_mid_explore(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    saw(_stop_mid_explore(hostile, tmp_path, signal.SIGHUP))


# -- the bench ------------------------------------------------------------------------------------


@fault(
    "first Ctrl-C mid lab bench (a run under way, more to come)",
    "the run under way scored on what it found, no more runs, the outputs written: exit 130",
    within=120,
)
def test_ctrl_c_mid_bench(tmp_path: Path, saw: Saw) -> None:
    sites = "council,cars,drivers,people"  # four GPP runs of seconds each (it renders every page)
    args = ["-v", "lab", "bench", "--sites", sites, "--methods", "gpp", "--out", "out"]
    child = _Child([sys.executable, "-m", "siteseer.cli", *args], tmp_path)
    child.wait_for(lambda: any("launched Chromium" in line for line in child.stderr), 60)
    time.sleep(1.0)  # inside the first run, or (on a fast machine) the next
    # the run under way is scored and every output written before the exit: seconds of work
    # that a loaded machine stretches, so the bound is the case's, not the one for a bare stop
    stderr, took = child.stopped_by(signal.SIGINT, within=60)
    rows = json.loads((tmp_path / "out" / "results.json").read_text())
    # the runs before the one under way complete; that one, when Ctrl-C came inside it, not
    assert 1 <= len(rows) < 4 and all(row["complete"] for row in rows[:-1]), rows
    assert "the rest not run, and no cold score kept" in stderr, stderr
    saw(f"exit 130 {took:.2f} s after SIGINT; {len(rows)} of 4 rows written")
