"""Help in sections with an example for every command; the app's options after the command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from echo_server import EchoServer, echo_server

from siteseer.cli import app

runner = CliRunner()


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from _commands(command, (*path, name))
        else:
            yield (*path, name)


def test_every_command_shows_an_example_and_its_sections_in_order() -> None:
    commands = list(_commands(app))
    assert len(commands) > 15
    for command in commands:
        shown = runner.invoke(app, [*command, "--help"], terminal_width=100)
        assert shown.exit_code == 0, (command, shown.output)
        text = shown.stdout
        assert "Example:\n  siteseer " in text or "Example:\n  SITESEER_" in text, command
        order = [text.index(title) for title in ("Example:", "Options:", "App options")]
        assert order == sorted(order), command


def test_discover_help_lists_its_own_options_then_the_crawl_settings_by_name() -> None:
    text = runner.invoke(app, ["discover", "--help"], terminal_width=80).stdout
    own, _, rest = text.partition("Crawl settings")
    assert "--method" in own and "--delay" not in own and "--verbose" not in own
    assert "--delay, --concurrency" in rest and "--respect-robots/--ignore-robots" in rest
    assert len(text.splitlines()) < 85
    # no term of the papers without plain words beside it
    assert "minsim_html" not in text and "Algorithm 2" not in text
    # each setting explained once, in `config --help`
    settings = runner.invoke(app, ["config", "--help"], terminal_width=80).stdout
    assert "Seconds between two requests to one host" in settings


@pytest.fixture
def echo() -> Iterator[EchoServer]:
    with echo_server() as server:
        yield server


def test_the_app_options_are_taken_after_the_command(echo: EchoServer, tmp_path: Path) -> None:
    stats = tmp_path / "stats.json"
    args = ["render", echo.url("/page"), "--no-cache", "--render", "never"]
    result = runner.invoke(app, [*args, "-v", "--stats-json", str(stats)])
    assert result.exit_code == 0, result.output
    assert json.loads(stats.read_text())["stop"] == "done"
    bad = runner.invoke(app, ["config", "--log-level", "chatty"])
    assert bad.exit_code == 2 and "--log-level must be one of" in bad.stderr
    quiet = runner.invoke(app, ["config", "-q"], env={"SITESEER_DELAI": "1"})
    assert quiet.exit_code == 0 and "SITESEER_DELAI" not in quiet.stderr
    loud = runner.invoke(app, ["config"], env={"SITESEER_DELAI": "1"})
    assert "SITESEER_DELAI is not a siteseer variable; did you mean SITESEER_DELAY?" in loud.stderr
