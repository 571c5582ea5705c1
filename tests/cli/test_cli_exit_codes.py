"""One exit code per outcome: every crawling command and discovery method, given the same
unusable seeds, ends the same way — exit 2, one line on stderr, nothing written (README, "Exit
codes"). Loopback only: a malformed URL, a closed port on 127.0.0.1, a seed robots.txt refuses
(a loopback server's), and a host under ``.invalid`` (RFC 6761: it never resolves, and the
crawler's resolver says so without asking a name server)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from echo_server import EchoServer, echo_server

from siteseer.cli import app

runner = CliRunner()

# Every command that crawls from a seed URL, and every discovery method.
COMMANDS = {
    "render": ["render"],
    "discover ssup": ["discover", "--method", "ssup"],
    "discover indesit": ["discover", "--method", "indesit"],
    "discover gpp": ["discover", "--method", "gpp"],
    "explore": ["explore"],
    "templates cluster": ["templates", "cluster"],
    "describe": ["describe"],
    "explain": ["explain"],
}
SEEDS = ("malformed", "closed port", "robots.txt refuses", "no such name")


@pytest.fixture(scope="module")
def echo() -> Iterator[EchoServer]:
    with echo_server() as server:
        yield server


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names this process asked the system resolver for; one under .invalid is refused
    here as well, so that a resolver that forgot RFC 6761 sends no query in this test."""
    asked: list[str] = []
    real = socket.getaddrinfo

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        asked.append(str(host))
        if str(host).rstrip(".").endswith(".invalid"):
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return asked


def _seed(kind: str, echo: EchoServer, closed_port: int) -> str:
    return {
        "malformed": "notaurl",
        "closed port": f"http://127.0.0.1:{closed_port}/items",
        "robots.txt refuses": echo.url("/private"),  # its robots.txt disallows /private
        "no such name": "http://catalogue.invalid/items",
    }[kind]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("command", COMMANDS)
def test_an_unusable_seed_exits_2_for_every_command_and_method(
    command: str,
    seed: str,
    echo: EchoServer,
    closed_port: int,
    lookups: list[str],
    tmp_path: Path,
) -> None:
    url = _seed(seed, echo, closed_port)
    out = tmp_path / "out"
    args = [*COMMANDS[command], url, "--no-cache", "--retries", "0"]
    if command == "explore":
        args += ["--out", str(out)]
    elif command.startswith("discover") or command == "templates cluster":
        args += ["--out", str(out / "rows.jsonl")]
    elif command == "explain":
        args += ["--out", str(out / "explain.png")]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (command, seed, result.output)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("siteseer: "), result.stderr
    assert "incomplete" not in lines[0] and "Traceback" not in result.output
    assert not out.exists()
    assert not [name for name in lookups if name.endswith(".invalid")]  # refused before asking
