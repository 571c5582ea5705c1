"""Every crawl setting reaches the site: flags, SITESEER_* and siteseer.toml, run through the
real commands against a loopback server that records what each request carried."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from echo_server import EchoServer, echo_server

from siteseer.cli import app

runner = CliRunner()


@pytest.fixture
def echo() -> Iterator[EchoServer]:
    with echo_server() as server:
        yield server


def _render(url: str, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = runner.invoke(app, ["render", url, "--no-cache", *args], env=env)
    return result.exit_code, result.output


def _storage_state(path: Path) -> Path:
    state = {
        "cookies": [
            {
                "name": "sid",
                "value": "logged-in",
                "domain": "127.0.0.1",
                "path": "/",
                "expires": -1,
                "httpOnly": True,
                "secure": False,
                "sameSite": "Lax",
            },
            {
                "name": "other",
                "value": "no",
                "domain": "example.test",
                "path": "/",
                "expires": -1,
                "httpOnly": False,
                "secure": False,
                "sameSite": "Lax",
            },
        ],
        "origins": [],
    }
    path.write_text(json.dumps(state), encoding="utf-8")
    return path


IDENTITY_FLAGS = (
    "--user-agent",
    "TestBot/1.0",
    "--header",
    "X-Team: crawl",
    "--header",
    "Authorization: Bearer t0k",
    "--cookie",
    "lang=et",
)


def _assert_identity(seen: dict[str, str], *, stored: bool) -> None:
    assert seen["user-agent"] == "TestBot/1.0"
    assert seen["x-team"] == "crawl"
    assert seen["authorization"] == "Bearer t0k"
    cookies = dict(part.strip().split("=", 1) for part in seen["cookie"].split(";"))
    assert cookies["lang"] == "et"
    assert ("sid" in cookies) is stored and "other" not in cookies
    if stored:
        assert cookies["sid"] == "logged-in"


def test_identity_flags_reach_the_http_path(echo: EchoServer, tmp_path: Path) -> None:
    state = _storage_state(tmp_path / "state.json")
    code, output = _render(
        echo.url("/page"), "--render", "never", *IDENTITY_FLAGS, "--storage-state", str(state)
    )
    assert code == 0, output
    _assert_identity(echo.seen("/page")[0].headers, stored=True)
    # robots.txt is asked for with the same user agent
    assert echo.seen("/robots.txt")[0].headers["user-agent"] == "TestBot/1.0"


@pytest.mark.browser
def test_identity_flags_reach_the_browser(echo: EchoServer, tmp_path: Path) -> None:
    state = _storage_state(tmp_path / "state.json")
    code, output = _render(
        echo.url("/page"), "--render", "always", *IDENTITY_FLAGS, "--storage-state", str(state)
    )
    assert code == 0, output
    browser = [
        s
        for s in echo.seen("/page")
        if "sec-ch-ua" in s.headers or "upgrade-insecure-requests" in s.headers
    ]
    assert browser, [s.headers for s in echo.seen("/page")]
    _assert_identity(browser[-1].headers, stored=True)
    assert "HeadlessChrome" not in browser[-1].headers["user-agent"]


def test_environment_and_file_layers_reach_the_site(
    echo: EchoServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "siteseer.toml").write_text(
        'user_agent = "FileBot"\nheaders = ["X-From: file"]\n', encoding="utf-8"
    )
    code, output = _render(echo.url("/one"), "--render", "never")
    assert code == 0, output
    seen = echo.seen("/one")[0].headers
    assert seen["user-agent"] == "FileBot" and seen["x-from"] == "file"

    env = {"SITESEER_USER_AGENT": "EnvBot", "SITESEER_COOKIES": "a=1; b=2"}
    code, output = _render(echo.url("/two"), "--render", "never", env=env)
    assert code == 0, output
    seen = echo.seen("/two")[0].headers
    assert seen["user-agent"] == "EnvBot" and seen["cookie"] == "a=1; b=2"
    assert seen["x-from"] == "file"  # the file still gives what the environment does not

    code, output = _render(
        echo.url("/three"), "--render", "never", "--user-agent", "FlagBot", env=env
    )
    assert code == 0, output
    assert echo.seen("/three")[0].headers["user-agent"] == "FlagBot"


def test_proxy_carries_the_http_path(echo: EchoServer, closed_port: int) -> None:
    target = f"http://127.0.0.1:{closed_port}/via-proxy"
    code, output = _render(target, "--render", "never", "--proxy", echo.url(""))
    assert code == 0, output
    assert [s.target for s in echo.seen("/via-proxy")] == [target]
    code, output = _render(target, "--render", "never")  # without it: nothing listens there
    assert code == 2, output


def test_ignore_robots_and_allowed_hosts(echo: EchoServer) -> None:
    code, output = _render(echo.url("/private"), "--render", "never")
    assert code == 2 and "robots.txt disallows" in output
    assert not echo.seen("/private")
    code, output = _render(echo.url("/private"), "--render", "never", "--ignore-robots")
    assert code == 0, output
    assert len(echo.seen("/private")) == 1
    code, output = _render(
        echo.url("/page"), "--render", "never", "--allowed-hosts", "elsewhere.test,other.test"
    )
    assert code == 2 and "scope" in output.lower(), output
    assert not echo.seen("/page")


def test_timeout_and_retries(echo: EchoServer) -> None:
    code, output = _render(
        echo.url("/slow"), "--render", "never", "--timeout", "0.3", "--retries", "0"
    )
    assert code == 2 and "0.3 s" in output, output
    code, output = _render(echo.url("/flaky/none"), "--render", "never", "--retries", "0")
    assert code == 0 and "503" in output, output
    assert len(echo.seen("/flaky/none")) == 1
    code, output = _render(echo.url("/flaky/two"), "--render", "never", "--retries", "2")
    assert code == 0 and "200" in output, output
    assert len(echo.seen("/flaky/two")) == 3


def _cluster(listing: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["templates", "cluster", str(listing), "--no-cache", *args])
    return result.exit_code, result.output


def test_delay_concurrency_and_pages(echo: EchoServer, tmp_path: Path) -> None:
    listing = tmp_path / "urls.txt"
    listing.write_text("".join(echo.url(f"/busy/{i}") + "\n" for i in range(4)), "utf-8")
    code, output = _cluster(listing)
    assert code == 0, output
    assert echo.max_in_flight > 1  # the default: 8 requests in flight per host

    echo.requests.clear()
    echo.max_in_flight = 0
    other = tmp_path / "other.txt"
    other.write_text("".join(echo.url(f"/busy/x{i}") + "\n" for i in range(3)), "utf-8")
    code, output = _cluster(other, "--concurrency", "1", "--delay", "1")
    assert code == 0, output
    assert echo.max_in_flight == 1
    starts = sorted(s.started for s in echo.requests if "/busy/" in s.target)
    assert len(starts) == 3
    # two delays of 1 s between three request starts; the server sees arrivals, and on a loaded
    # machine the first one (a new connection) may arrive late by a few tenths, shortening the
    # span it sees (0.9 s of 1.2 s was seen with 0.6 s delays). Three requests with no delay
    # arrive within a small fraction of that, so the span is held with a margin for that lag.
    assert starts[-1] - starts[0] >= 1.4

    # --pages: a site crawled from its root stops after that many pages (/, /a, /b otherwise)
    echo.requests.clear()
    code, output = _cluster_site(echo.url("/"), "--pages", "2")
    assert code == 1 and "siteseer: incomplete: budget spent" in output, output  # /b left
    assert len([s for s in echo.requests if s.target != "/robots.txt"]) == 2
    echo.requests.clear()
    code, output = _cluster_site(echo.url("/"))
    assert code == 0, output
    assert len([s for s in echo.requests if s.target != "/robots.txt"]) == 3


def _cluster_site(url: str, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["templates", "cluster", url, "--no-cache", *args])
    return result.exit_code, result.output


def test_config_prints_each_setting_and_its_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "siteseer.toml").write_text("delay = 0.5\nretries = 4\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        "[tool.siteseer]\nconcurrency = 3\nretries = 9\n", encoding="utf-8"
    )
    result = runner.invoke(
        app,
        ["config", "--pages", "40", "--max-age", "12h"],
        env={"SITESEER_RETRIES": "5", "SITESEER_REFRESH": "true"},
    )
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    assert lines["delay"].endswith("= 0.5  (siteseer.toml)")
    assert lines["concurrency"].endswith("= 3  (pyproject.toml [tool.siteseer])")
    assert lines["retries"].endswith("= 5  (env)")
    assert lines["budget"].endswith("= 40  (flag)")
    assert lines["timeout"].endswith("= 20.0  (default)")
    assert lines["max_age"].endswith("= 43200.0  (flag)")
    assert lines["refresh"].endswith("= true  (env)")
    assert set(lines) == {
        "delay",
        "concurrency",
        "retries",
        "timeout",
        "user_agent",
        "respect_robots",
        "allow_private_addresses",
        "resources",
        "allowed_hosts",
        "headers",
        "cookies",
        "proxy",
        "budget",
        "page_cap",
        "max_urls_per_pattern",
        "max_urls_per_multi_pattern",
        "time_limit",
        "storage_state",
        "max_age",
        "refresh",
    }
    assert lines["page_cap"].endswith("= 20000  (default)")


def test_the_layers_read_names_in_any_case_lists_and_only_known_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    env = {
        "siteseer_Timeout": "7",  # a variable's name in any case
        "SITESEER_ALLOWED_HOSTS": "a.test, b.test",  # items split by the field's separator
        "SITESEER_HEADERS": '["X-A: 1", "X-B: 2"]',  # or a JSON list
        "SITESEER_LAB_REAL": "/elsewhere",  # not a crawl setting: not read
    }
    result = runner.invoke(app, ["config"], env=env)
    assert result.exit_code == 0, result.output
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    assert lines["timeout"].endswith("= 7.0  (env)")
    assert lines["allowed_hosts"].endswith('= ["a.test", "b.test"]  (env)')
    assert lines["headers"].endswith('= ["X-A: 1", "X-B: 2"]  (env)')
    (tmp_path / "siteseer.toml").write_text("timeout = 5\ncolour = 1\n", encoding="utf-8")
    result = runner.invoke(app, ["config"])
    assert result.exit_code == 2
    assert "siteseer.toml: colour is not a setting" in result.output


@pytest.mark.parametrize(
    ("args", "env", "needle"),
    [
        (["--header", "no-colon"], {}, "Name: value"),
        (["--cookie", "novalue"], {}, "name=value"),
        ([], {"SITESEER_RETRIES": "many"}, "SITESEER_RETRIES"),
        (["--proxy", "ftp://x"], {}, "proxy"),
    ],
)
def test_a_bad_setting_is_one_line_and_exit_2(
    args: list[str], env: dict[str, str], needle: str, tmp_path: Path
) -> None:
    result = runner.invoke(app, ["render", "http://127.0.0.1:9/", "--no-cache", *args], env=env)
    assert result.exit_code == 2, result.output
    assert needle in result.output
    assert "Traceback" not in result.output


def test_every_crawling_command_takes_the_shared_flags() -> None:
    commands = [
        ["render"],
        ["discover"],
        ["explore"],
        ["templates", "urls"],
        ["templates", "cluster"],
        ["describe"],
        ["explain"],
        ["config"],
    ]
    for command in commands:
        result = runner.invoke(app, [*command, "--help"], terminal_width=200)
        assert result.exit_code == 0, result.output
        for flag in (
            "--delay",
            "--concurrency",
            "--retries",
            "--timeout",
            "--user-agent",
            "--ignore-robots",
            "--allow-private-addresses",
            "--allowed-hosts",
            "--header",
            "--cookie",
            "--proxy",
            "--pages",
            "--storage-state",
        ):
            assert flag in result.output, (command, flag)
