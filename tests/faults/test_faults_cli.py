"""Fault cases of whole runs: Ctrl-C, kill and resume, two processes, broken caches, output."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from cases import fault, http_config
from hostile import HostileServer

from siteseer.crawler import CacheFailed, MemoryStore, Session

Saw = Callable[[str], None]
ROOT = Path(__file__).resolve().parents[2]
SITESEER = [sys.executable, "-c", "from cli import app; app()"]
SCRIPT = Path(__file__).with_name("crawl_script.py")
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "COLUMNS": "200"}


def _run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*SITESEER, *args], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=timeout
    )


def _rows(cache: Path) -> int:
    with sqlite3.connect(cache) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        return int(db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0])


@pytest.mark.slow
@pytest.mark.browser
@fault(
    "Ctrl-C while a page hangs the renderer",
    "stops within 2 s: the one line printed, exit 130",
    within=40,
)
def test_ctrl_c_acts_at_once(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    url = hostile.url("/js/busy-after-load?ctrl-c=1")
    process = subprocess.Popen(
        [*SITESEER, "render", url, "--render", "always", "--no-cache"],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[tuple[float, str]] = []

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.append((time.monotonic(), line))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not any(
            h.query == "ctrl-c=1" for h in hostile.hits("/js/busy-after-load")
        ):
            time.sleep(0.1)
        time.sleep(1.5)  # the page's loop has started
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=20)
        exited = time.monotonic() - sent
        reader.join(5)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    said = [(at - sent, line) for at, line in lines if "interrupted" in line]
    assert process.returncode == 130 and said and said[0][0] < 2.0
    assert not any("Traceback" in line for _, line in lines)
    assert exited < 6.0  # the interpreter's own teardown comes on top, on a loaded machine
    saw(f"the line {said[0][0]:.2f} s after SIGINT; exit 130 after {exited:.1f} s")


@pytest.mark.slow
@fault(
    "kill -9 mid-crawl, then resume", "cache intact; the rerun downloads only the rest", within=60
)
def test_kill_and_resume(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    cache = tmp_path / "crawl.sqlite"
    base = hostile.url("").rstrip("/") + "/resume"
    command = [sys.executable, str(SCRIPT), str(cache), base, "60"]
    process = subprocess.Popen(command, cwd=ROOT, env=ENV, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.strip() == "20":
            break
    process.kill()
    process.wait()
    kept = _rows(cache)
    assert kept >= 20
    done = subprocess.run(command, cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    summary = done.stdout.strip().splitlines()[-1]
    downloads = int(summary.split()[0].split("=")[1])
    assert downloads == 60 - kept and _rows(cache) == 60
    saw(f"{kept} pages kept through SIGKILL; the rerun downloaded {downloads}")


@pytest.mark.slow
@fault("two processes on one cache", "both finish; every page kept", within=60)
def test_two_processes_one_cache(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    cache = tmp_path / "shared.sqlite"
    runs = [
        subprocess.Popen(
            [sys.executable, str(SCRIPT), str(cache), hostile.url(f"/two{n}"), "30"],
            cwd=ROOT,
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in (1, 2)
    ]
    results = [r.communicate(timeout=60) for r in runs]
    assert all(r.returncode == 0 for r in runs), [e for _, e in results]
    assert _rows(cache) == 60
    saw("both exit 0; 60 rows")


@pytest.mark.slow
@fault("corrupt cache file", "one line saying what to do; the file untouched", within=30)
def test_a_corrupt_cache_file(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    cache = tmp_path / "bad.sqlite"
    cache.write_bytes(b"this is not a database" * 100)
    before = cache.read_bytes()
    result = _run(
        "render", hostile.url("/page?corrupt=1"), "--render", "never", "--cache", str(cache)
    )
    lines = result.stderr.strip().splitlines()
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert len(lines) == 1 and "cache" in lines[0] and "move the file aside" in lines[0]
    assert cache.read_bytes() == before
    saw(f"exit {result.returncode}: {lines[0][:90]}…")


def _damage(cache: Path, how: str) -> bytes:
    """Damage the cache file under a running crawl; the bytes its header had."""
    with cache.open("rb") as file:
        header = file.read(100)
    if how == "file removed":
        cache.unlink()
    elif how == "header overwritten":
        with cache.open("r+b") as file:
            file.write(b"garbage!" * 12)
    else:  # garbage over the database and its journal
        for path in (cache, cache.with_name(cache.name + "-wal")):
            size = path.stat().st_size
            with path.open("r+b") as file:
                file.write(b"garbage!" * (size // 8))
    return header


@pytest.mark.parametrize(
    "how", ["garbage over file and journal", "header overwritten", "file removed"]
)
@fault(
    "cache damaged mid-crawl",
    "CacheFailed, one line, at the next page; nothing fetched after; what was stored recoverable",
    within=20,
)
async def test_a_cache_damaged_mid_crawl(
    hostile: HostileServer, tmp_path: Path, how: str, saw: Saw
) -> None:
    cache = tmp_path / "mid.sqlite"
    tag = how.split()[0]
    async with Session(http_config(cache=cache)) as session:  # a first run: 5 pages kept
        for i in range(5):
            await session.page(hostile.url(f"/page?{tag}={i}"))
    with pytest.raises(CacheFailed) as caught:
        async with Session(http_config(cache=cache)) as session:  # resumed, 3 more pages
            for i in range(8):
                await session.page(hostile.url(f"/page?{tag}={i}"))
            header = _damage(cache, how)
            for i in range(8, 20):
                await session.page(hostile.url(f"/page?{tag}={i}"))
    asked = sorted(
        int(h.query.split("=")[1]) for h in hostile.hits("/page") if h.query.startswith(f"{tag}=")
    )
    message = str(caught.value)
    assert len(message.splitlines()) == 1 and "cannot be used" in message
    assert asked == list(range(9))  # the crawl stopped at the page it could not store
    if how == "header overwritten":  # the header put back, every page stored before is there
        # with the database's size in pages as the file has it now: closing checkpointed the
        # journal into the file, which may have grown since the header was read
        pages = cache.stat().st_size // int.from_bytes(header[16:18], "big")
        with cache.open("r+b") as file:
            file.write(header[:28] + pages.to_bytes(4, "big") + header[32:])
        assert _rows(cache) == 8
    saw(f"{how}: CacheFailed at page 9 of 20, one line ({caught.value.reason})")


@pytest.mark.slow
@fault(
    "cache locked by another process", "CacheFailed naming the lock; earlier pages kept", within=30
)
async def test_a_locked_cache(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    cache = tmp_path / "locked.sqlite"
    async with Session(http_config(cache=cache)) as session:
        await session.page(hostile.url("/page?lock=0"))
        other = sqlite3.connect(cache, isolation_level=None)
        try:
            other.execute("BEGIN EXCLUSIVE")
            with pytest.raises(CacheFailed, match="another process") as caught:
                await session.page(hostile.url("/page?lock=1"))
        finally:
            other.execute("ROLLBACK")
            other.close()
    assert _rows(cache) == 1
    saw(str(caught.value)[:100] + "…")


class _FullDisk(MemoryStore):
    """A back-end whose disk fills up after its first page."""

    def _put_kind(self, snapshot, kind, identity):  # type: ignore[no-untyped-def]
        if len(self) >= 1:
            raise sqlite3.OperationalError("database or disk is full")
        super()._put_kind(snapshot, kind, identity)


@fault("disk full mid-crawl", "CacheFailed saying to free space; stored pages kept", within=10)
async def test_a_full_disk(hostile: HostileServer, saw: Saw) -> None:
    from siteseer.crawler.storeguard import GuardedStore

    inner = _FullDisk()
    store = GuardedStore(inner, "full.sqlite")
    async with Session(http_config(), store=store) as session:  # type: ignore[arg-type]
        await session.page(hostile.url("/page?full=0"))
        with pytest.raises(CacheFailed, match="free disk space") as caught:
            await session.page(hostile.url("/page?full=1"))
    assert len(inner) == 1
    saw(str(caught.value)[:100] + "…")


@pytest.mark.slow
@fault("credentials in a URL, --json output", "no secret in the output", within=30)
def test_credentials_not_in_json(hostile: HostileServer, saw: Saw) -> None:
    url = f"http://user:secret@127.0.0.1:{hostile.port}/page?json=1"
    result = _run("render", url, "--render", "never", "--no-cache", "--json")
    assert result.returncode == 0, result.stderr
    assert "secret" not in result.stdout and "secret" not in result.stderr
    saw("exit 0; 'secret' nowhere in stdout or stderr")


@pytest.mark.parametrize("url", ["htp://x/", pytest.param("http://[::1", marks=pytest.mark.slow)])
@fault("bad URL on the command line", "exit 2, one line, no traceback", within=30)
def test_bad_url_on_the_command_line(url: str, saw: Saw) -> None:
    result = _run("render", url, "--render", "never", "--no-cache")
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and "Traceback" not in result.stderr
    saw(lines[0][:90])


@pytest.mark.slow
@fault(
    "page that never answers, from the command line",
    "exit 2, one line naming the timeout",
    within=30,
)
def test_timeout_on_the_command_line(hostile: HostileServer, saw: Saw) -> None:
    result = _run(
        "render",
        hostile.url("/hang?cli=1"),
        "--render",
        "never",
        "--no-cache",
        "--timeout",
        "1",
        "--retries",
        "0",
    )
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(lines) == 1 and "within 1 s" in lines[0]
    saw(lines[0][:90])
