"""`siteseer render URL` from the outside: summaries, JSON, screenshots, and one-line errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from siteseer.cli import app
from siteseer.lab import LabServer
from siteseer.render import Snapshot

runner = CliRunner()
SITESEER = [sys.executable, "-c", "from cli import app; app()"]


@pytest.fixture(scope="module")
def base(lab: Callable[[str], LabServer]) -> str:
    return lab("testbed").url("testbed")


def _fields(stdout: str) -> dict[str, str]:
    return {line[:10].strip(): line[11:] for line in stdout.splitlines() if line.strip()}


def test_summary_of_a_static_page_and_a_cached_rerun(base: str, tmp_path: Path) -> None:
    cache = tmp_path / "cache.sqlite"
    first = runner.invoke(app, ["render", f"{base}/static", "--cache", str(cache)])
    assert first.exit_code == 0, first.output
    fields = _fields(first.stdout)
    assert fields["status"] == "200"
    assert fields["final URL"] == f"{base}/static"
    assert fields["links"] == "24" and fields["controls"] == "0"
    assert fields["rendered"].startswith("no (raw HTML has no scripts")
    assert "1 download (0 rendered)" in first.stderr  # no script: decided without a render
    second = runner.invoke(app, ["render", f"{base}/static", "--cache", str(cache)])
    assert second.exit_code == 0, second.output
    assert _fields(second.stdout) == fields
    assert "0 downloads (0 rendered) · 1 from the cache (the oldest stored " in second.stderr


def test_json_prints_the_whole_snapshot(base: str) -> None:
    result = runner.invoke(
        app, ["render", f"{base}/form", "--json", "--no-cache", "--render", "never"]
    )
    assert result.exit_code == 0, result.output
    snap = Snapshot.from_dict(json.loads(result.stdout))
    assert snap.url == f"{base}/form" and snap.status == 200 and not snap.rendered
    assert "<form" in snap.html
    assert {c.kind for c in snap.controls} >= {"select", "text", "submit"}
    assert [link.url for link in snap.links] == [
        f"{base}/",
        f"{base}/static",
        f"{base}/facets",
        f"{base}/form",
        f"{base}/about",
        f"{base}/contact",
    ]


@pytest.mark.browser
def test_screenshot_of_a_rendered_page(base: str, tmp_path: Path) -> None:
    png = tmp_path / "page.png"
    result = runner.invoke(
        app,
        [
            "render",
            f"{base}/scripted",
            "--render",
            "always",
            "--no-cache",
            "--screenshot",
            str(png),
        ],
    )
    assert result.exit_code == 0, result.output
    fields = _fields(result.stdout)
    assert fields["links"] == "13"  # 9 in the HTML, 4 added by the script
    assert fields["rendered"] == "yes (asked for)"
    assert "headless shell" in fields["browser"].lower() or "chrom" in fields["browser"].lower()
    assert fields["settle"].endswith("ms")
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.slow
@pytest.mark.browser
def test_auto_says_why_a_page_needed_a_browser(base: str) -> None:
    result = runner.invoke(app, ["render", f"{base}/scripted", "--no-cache"])
    assert result.exit_code == 0, result.output
    fields = _fields(result.stdout)
    assert fields["rendered"].startswith("yes (4 of the rendered page's 13 link URLs")
    assert fields["links"] == "13"


@pytest.mark.browser
def test_auto_renders_a_scripted_page_from_its_one_download(
    lab: Callable[[str], LabServer],
) -> None:
    server = lab("spa")
    truth = server.truth("spa")
    page, following = truth.seed_path[0], truth.seed_path[1]
    path = "/" + page.split("/", 3)[3]
    shown: dict[str, Snapshot] = {}
    for mode in ("auto", "always"):
        before = server.requests("spa")
        result = runner.invoke(app, ["render", page, "--render", mode, "--no-cache", "--json"])
        assert result.exit_code == 0, result.output
        assert (server.requests("spa") - before)[path] == 1, mode
        assert "1 download (1 rendered)" in result.stderr, mode
        shown[mode] = Snapshot.from_dict(json.loads(result.stdout))
    auto, always = shown["auto"], shown["always"]
    assert auto.rendered and following in {link.url for link in auto.links}
    assert [(lk.url, lk.text) for lk in auto.links] == [(lk.url, lk.text) for lk in always.links]
    assert (auto.final_url, auto.status, auto.title) == (
        always.final_url,
        always.status,
        always.title,
    )


def test_robots_and_ignore_robots(base: str) -> None:
    refused = runner.invoke(app, ["render", f"{base}/private/page", "--no-cache"])
    assert refused.exit_code == 2
    assert "robots.txt disallows" in refused.stderr and "--ignore-robots" in refused.stderr
    allowed = runner.invoke(
        app,
        ["render", f"{base}/private/page", "--no-cache", "--ignore-robots", "--render", "never"],
    )
    assert allowed.exit_code == 0, allowed.output
    assert _fields(allowed.stdout)["title"] == "Private"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["not a url"], "invalid URL 'not a url': no scheme"),
        (["ftp://127.0.0.1/file"], "scheme 'ftp' is not http or https"),
        (["{closed}"], "could not fetch http://127.0.0.1:"),
        (["{base}/doc.pdf"], "is not an HTML page (content type 'application/pdf')"),
        (["{base}/slow", "--timeout", "0.3"], "within 0.3 s"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    base: str, args: list[str], message: str, closed_port: int
) -> None:
    closed = f"http://127.0.0.1:{closed_port}/"
    argv = [a.format(base=base, closed=closed) for a in args]
    result = runner.invoke(app, ["render", *argv, "--no-cache", "--render", "never"])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("siteseer: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_no_browser_is_one_line_and_exit_2(base: str) -> None:
    result = runner.invoke(
        app,
        ["render", f"{base}/static", "--render", "always", "--no-cache"],
        env={"SITESEER_CHROMIUM": "/nonexistent/chromium"},
    )
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("siteseer: no browser to render")
    assert "python -m siteseer.render.install" in lines[0]


def _descendants(pid: int) -> set[int]:
    """Every live process below `pid` (read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(int(entry))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.browser
def test_ctrl_c_closes_the_browser_and_exits_130(base: str, tmp_path: Path) -> None:
    process = subprocess.Popen(
        [*SITESEER, "render", f"{base}/slow", "--render", "always", "--cache", str(tmp_path / "c")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 20
        browser: set[int] = set()
        while time.monotonic() < deadline and not browser:
            time.sleep(0.2)
            browser = {p for p in _descendants(process.pid) if "chrom" in _name(p)}
        assert browser, "the browser never started"
        time.sleep(0.5)  # the navigation to /slow (6 s) is under way
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130
    assert err.strip().splitlines()[-1] == (
        "siteseer: interrupted; rerun with the same cache to continue"
    )
    assert "Traceback" not in err
    time.sleep(0.5)
    assert not [p for p in browser if _alive(p)]


def _name(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as comm:
            return comm.read().strip().lower()
    except OSError:
        return ""
