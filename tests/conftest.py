"""Shared fixtures: lab sites served on loopback, the browser pytest-playwright launches."""

from __future__ import annotations

import asyncio
import inspect
import os
import signal
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterator
from contextlib import ExitStack
from typing import Any, TypeVar

import pytest
from aiohttp import web

from siteseer.lab import LabServer, running_lab
from siteseer.lab.real import resolve_site_ids
from siteseer.render import RenderConfig, load_render_config
from siteseer.render.driver import acquire_driver, driver_kept, release_driver

# The real applications a test run installs and serves (`--real-apps`, else $SITESEER_REAL_APPS,
# else these): CI's slow half runs three, the cheapest to install and crawl here; `real` runs
# every one. `make bench` benchmarks the whole tier whatever this says.
T = TypeVar("T")

DEFAULT_REAL_APPS = "real-planes,real-sqliteweb,real-mkdocs"
REAL_APPS_VARIABLE = "SITESEER_REAL_APPS"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--real-apps",
        default=None,
        help="Real applications whose tests run (comma-separated ids, `real` for all); "
        f"default ${REAL_APPS_VARIABLE}, else {DEFAULT_REAL_APPS}.",
    )


def pytest_configure(config: pytest.Config) -> None:
    """Tests send Ctrl-C (SIGINT) to the commands they start. A test run started in the
    background by a shell without job control (`make test-all &` in a script, nohup) inherits
    SIGINT *ignored*, and so would every command it starts, unlike a user's at a terminal: the
    run takes SIGINT back, so that its children start with the default."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def chosen_real_apps(config: pytest.Config) -> set[str]:
    """The real applications this run tests (see DEFAULT_REAL_APPS)."""
    value = config.getoption("--real-apps") or os.environ.get(REAL_APPS_VARIABLE)
    try:
        return set(resolve_site_ids([value or DEFAULT_REAL_APPS]))
    except KeyError as e:
        raise pytest.UsageError(f"--real-apps: {e.args[0]}") from None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the tests of real applications (`@pytest.mark.real_app(id)`) the run does not
    choose: a run installs and serves only the applications it names."""
    chosen = chosen_real_apps(config)
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        apps = {a for mark in item.iter_markers("real_app") for a in mark.args}
        (keep if apps <= chosen else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


@pytest.fixture(scope="session", autouse=True)
async def one_playwright_driver() -> AsyncIterator[asyncio.AbstractEventLoop]:
    """The browser pools opened in the tests' event loop share one Playwright driver (a Node
    process costing 0.7 s of CPU to start) for the whole run, instead of starting one each.
    Gives that loop. The driver starts here, before any test: its connection's tasks are the
    loop's own, never among the tasks a command run leaves (commands_on_the_tests_loop)."""
    async with driver_kept():
        await acquire_driver()
        try:
            yield asyncio.get_running_loop()
        finally:
            await release_driver()


@pytest.fixture(autouse=True)
def commands_on_the_tests_loop(
    request: pytest.FixtureRequest,
    one_playwright_driver: asyncio.AbstractEventLoop,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A command a plain (not async) test runs in this process (`CliRunner().invoke`), and any
    `asyncio.run` of the test's own, runs its coroutine on the tests' event loop, idle between
    tests, instead of a new loop: its browser pool finds the kept driver there. As `asyncio.run`
    does, the tasks the coroutine leaves are cancelled and awaited before it returns. From
    another thread, or while that loop runs, `asyncio.run` is itself."""
    if inspect.iscoroutinefunction(getattr(request, "function", None)):
        return
    loop = one_playwright_driver
    own_run = asyncio.run

    def run(main: Coroutine[Any, Any, T], *, debug: bool | None = None) -> T:
        if (
            loop.is_running()
            or loop.is_closed()
            or threading.current_thread() is not threading.main_thread()
        ):
            return own_run(main, debug=debug)
        before = asyncio.all_tasks(loop)
        try:
            return loop.run_until_complete(main)
        finally:
            left = asyncio.all_tasks(loop) - before
            for task in left:
                task.cancel()
            if left:
                loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))

    monkeypatch.setattr(asyncio, "run", run)


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
