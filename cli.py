"""siteseer's command line: the assembly point of its commands.

`app` is a click group that loads each command's declaration (siteseer/commandline/<family>.py)
when that command is asked for — click's lazily loading group — so that `siteseer --help` and
`siteseer render URL` import only what they use. Each command parses its options, calls one
function of `siteseer.commands` (imported when it runs: the methods pull in numpy, OpenCV and
Playwright) and prints what it returns; siteseer/commandline/base.py maps its outcome to the
exit codes below (`EXIT_CODES`).

The app's own options (-v, -q, --log-level, --stats-every, --stats-json; declared once in
base.py) configure logging and the run's record before the command runs; every command takes
them after its name as well.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from siteseer.commandline.base import (
    CONTEXT,
    EXIT_CODES,
    GLOBAL_OPTIONS,
    STOP,
    Group,
    configure_run,
    fail,
)

__all__ = ["COMMANDS", "LazyGroup", "app"]

# Each command: its name → "module:object" of its declaration, in the order --help lists them.
COMMANDS = {
    "config": "siteseer.commandline.config:show_config",
    "cache": "siteseer.commandline.cache:cache",
    "lab": "siteseer.commandline.lab:lab",
    "demo": "siteseer.commandline.lab:demo",
    "discover": "siteseer.commandline.discover:discover",
    "urls": "siteseer.commandline.urls:list_urls",
    "templates": "siteseer.commandline.templates:templates",
    "explore": "siteseer.commandline.explore:explore_site",
    "batch": "siteseer.commandline.batch:batch",
    "render": "siteseer.commandline.pages:render_page",
    "explain": "siteseer.commandline.pages:explain_page",
    "describe": "siteseer.commandline.pages:describe_entities",
}


class LazyGroup(Group):
    """A group whose commands are imported when asked for (click's documented pattern for
    lazily loading subcommands): `lazy_subcommands` maps a name to "module:object"."""

    def __init__(self, *args: Any, lazy_subcommands: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_subcommands = lazy_subcommands

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*super().list_commands(ctx), *self.lazy_subcommands]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.lazy_subcommands:
            return super().get_command(ctx, cmd_name)
        module, _, name = self.lazy_subcommands[cmd_name].partition(":")
        command = getattr(importlib.import_module(module), name)
        assert isinstance(command, click.Command), self.lazy_subcommands[cmd_name]
        return command

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; standard output that cannot be written (a full disk, /dev/full, a
        closed pipe) ends it with one line on stderr and exit code 2, like any unwritable output."""
        try:
            return super().invoke(ctx)
        except OSError as e:
            if not _writing_stdout(e):
                raise
            devnull = os.open(os.devnull, os.O_WRONLY)  # the interpreter's last flush, too
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
            raise fail(f"cannot write to standard output: {e.strerror or e}") from None


def _writing_stdout(error: OSError) -> bool:
    """Whether `error` came from a write to standard output (click.echo's `file`)."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return False
    return any(value is sys.stdout for value in tb.tb_frame.f_locals.values())


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib import metadata

    try:
        version = metadata.version("siteseer")
    except metadata.PackageNotFoundError:
        version = "unknown"
    click.echo(f"siteseer {version}")
    ctx.exit()


@click.group(
    "siteseer",
    cls=LazyGroup,
    lazy_subcommands=COMMANDS,
    epilog=EXIT_CODES,
    context_settings=CONTEXT,
    params=[
        click.Option(
            ["--version"],
            is_flag=True,
            callback=_version,
            expose_value=False,
            is_eager=True,
            help="Print the version and exit.",
        ),
        *GLOBAL_OPTIONS,
    ],
)
@click.pass_context
def app(ctx: click.Context) -> None:
    """Crawl JavaScript-heavy sites, discover entity pages, explore facets and forms.

    Crawl settings come from the command's flags, SITESEER_* variables, siteseer.toml (or
    [tool.siteseer] in pyproject.toml) and defaults, in that order: `siteseer config` shows them.
    The options below are taken after the command too (`siteseer discover URL -v`).
    """
    from siteseer import logs

    configure_run(ctx)
    logs.RUN.reset(ctx.invoked_subcommand or "")
    STOP.clear()


if __name__ == "__main__":  # python -m siteseer.cli, the `siteseer` command of a source tree
    app(prog_name="siteseer")
