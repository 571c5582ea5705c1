"""siteseer's pytest plugin: a site's own CI asserts that its entity pages stay discoverable.

Registered through the ``pytest11`` entry point (``siteseer = "siteseer.pytest_plugin"``), so
installing siteseer is enough::

    # test_catalogue.py, run with: pytest --siteseer-base-url https://staging.example.org
    import siteseer

    async def test_every_product_is_reachable(siteseer_session, siteseer_base_url):
        found = await siteseer.ssup(f"{siteseer_base_url}/product/1", session=siteseer_session)
        assert len(found.entities) >= 500

Fixtures:

- `siteseer_base_url`: the site under test, from ``--siteseer-base-url``, the ini option
  ``siteseer_base_url`` or ``SITESEER_BASE_URL`` (a test that asks for it fails, saying so,
  when none is given).
- `siteseer_render_config` (session): the browser siteseer launches, from
  playwright.config.toml, and, where pytest-playwright is installed, launched the way it is
  configured: its ``browser_type_launch_args`` fixture (``--headed``, ``--browser-channel``,
  ``--slowmo``'s neighbours: headless, channel, executable path, extra launch args).
- `siteseer_config`: the SessionConfig: the settings layers of the command line
  (``SITESEER_*``, siteseer.toml; pages kept in memory) with that browser; override the
  fixture to set a budget or a render mode.
- `siteseer_session`: an open Session on `siteseer_config`, closed after the test (an async
  fixture: it needs pytest-asyncio, as async tests do; without it pytest says so).

The module imports only pytest when pytest loads it; siteseer itself is imported by the
fixtures that use it.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from siteseer.crawler import Session, SessionConfig
    from siteseer.render import RenderConfig

__all__ = [
    "pytest_addoption",
    "siteseer_base_url",
    "siteseer_config",
    "siteseer_render_config",
    "siteseer_session",
]

BASE_URL_ENV = "SITESEER_BASE_URL"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("siteseer", "siteseer: entity-page checks of a site")
    group.addoption(
        "--siteseer-base-url",
        default=None,
        help=f"The site the siteseer_* fixtures check (also the ini option siteseer_base_url "
        f"or {BASE_URL_ENV}).",
    )
    parser.addini("siteseer_base_url", "The site the siteseer_* fixtures check.", default="")


@pytest.fixture(scope="session")
def siteseer_base_url(pytestconfig: pytest.Config) -> str:
    """The site under test, without a trailing slash."""
    given = (
        pytestconfig.getoption("--siteseer-base-url")
        or pytestconfig.getini("siteseer_base_url")
        or os.environ.get(BASE_URL_ENV, "")
    )
    if not given:
        pytest.fail(
            f"no site to check: give --siteseer-base-url URL, the ini option siteseer_base_url "
            f"or {BASE_URL_ENV}",
            pytrace=False,
        )
    if not str(given).startswith(("http://", "https://")):
        pytest.fail(f"--siteseer-base-url must be an http(s) URL, not {given!r}", pytrace=False)
    return str(given).rstrip("/")


def _playwright_launch_args(request: pytest.FixtureRequest) -> dict[str, Any]:
    """pytest-playwright's launch arguments, or nothing when it is not installed."""
    try:
        value = request.getfixturevalue("browser_type_launch_args")
    except pytest.FixtureLookupError:
        return {}
    return dict(value) if isinstance(value, dict) else {}


def launch_overrides(launch: dict[str, Any], own_args: tuple[str, ...]) -> dict[str, Any]:
    """RenderConfig overrides for Playwright launch arguments `launch` (`own_args`: the
    configured browser arguments, which are kept; new ones are added after them)."""
    overrides: dict[str, Any] = {}
    if "headless" in launch:
        overrides["headless"] = bool(launch["headless"])
    if launch.get("channel"):
        overrides["channel"] = str(launch["channel"])
    if launch.get("executable_path"):
        overrides["executable_path"] = str(launch["executable_path"])
    extra = [str(a) for a in launch.get("args") or () if str(a) not in own_args]
    if extra:
        overrides["args"] = (*own_args, *extra)
    return overrides


@pytest.fixture(scope="session")
def siteseer_render_config(request: pytest.FixtureRequest) -> RenderConfig:
    """playwright.config.toml's browser, launched as pytest-playwright is configured."""
    from siteseer.render import load_render_config

    base = load_render_config()
    overrides = launch_overrides(_playwright_launch_args(request), base.args)
    return load_render_config(**overrides) if overrides else base


@pytest.fixture
def siteseer_config(siteseer_render_config: RenderConfig) -> SessionConfig:
    """The command line's settings (SITESEER_*, siteseer.toml) with the test's browser."""
    from dataclasses import replace

    import siteseer

    return replace(siteseer.load_config(), render_config=siteseer_render_config)


try:
    from pytest_asyncio import fixture as _async_fixture
except ImportError:  # pytest itself then says an async fixture needs an async plugin
    _async_fixture = pytest.fixture  # type: ignore[assignment]


@_async_fixture
async def siteseer_session(siteseer_config: SessionConfig) -> AsyncIterator[Session]:
    """An open Session on `siteseer_config`, closed (browser included) after the test."""
    from siteseer.crawler import Session

    async with Session(siteseer_config) as session:
        yield session
