"""Shared fixtures: lab sites served on loopback, the browser pytest-playwright launches."""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from aiohttp import web

from siteseer.lab import LabServer, running_lab
from siteseer.render import RenderConfig, load_render_config


def pytest_configure(config: pytest.Config) -> None:
    """Tests send Ctrl-C (SIGINT) to the commands they start. A test run started in the
    background by a shell without job control (`make test-all &` in a script, nohup) inherits
    SIGINT *ignored*, and so would every command it starts, unlike a user's at a terminal: the
    run takes SIGINT back, so that its children start with the default."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(scope="session")
def render_config() -> RenderConfig:
    """playwright.config.toml, with the browser resolved (the same one siteseer uses)."""
    return load_render_config()


@pytest.fixture(scope="session")
def browser_type_launch_args(render_config: RenderConfig) -> dict[str, Any]:
    """pytest-playwright launches the browser siteseer itself would launch."""
    return render_config.launch_options()


@pytest.fixture(scope="session")
def lab() -> Iterator[Callable[[str], LabServer]]:
    """`lab("council")` → a LabServer serving that site (small size, seed 0), started once."""
    stack = ExitStack()
    servers: dict[str, LabServer] = {}

    def serve(site_id: str) -> LabServer:
        if site_id not in servers:
            servers[site_id] = stack.enter_context(running_lab([site_id], "small", 0))
        return servers[site_id]

    with stack:
        yield serve


@pytest.fixture
def closed_port() -> int:
    """A loopback port nothing listens on (bound once, then released)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
async def serve_app() -> AsyncIterator[Callable[[web.Application], Awaitable[str]]]:
    """Serves an aiohttp application of the test's own on a free loopback port: `await
    serve_app(app)` gives its base URL; every one started is stopped after the test."""
    runners: list[web.AppRunner] = []

    async def start(app: web.Application) -> str:
        runner = web.AppRunner(app)
        await runner.setup()
        runners.append(runner)
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        return f"http://127.0.0.1:{runner.addresses[0][1]}"

    yield start
    for runner in runners:
        await runner.cleanup()
