"""`siteseer config`: the effective crawl settings and where each came from."""

from __future__ import annotations

import click

from siteseer.commandline.base import Command, user_errors
from siteseer.flags import CrawlFlags, crawl_flags


@click.command(
    "config",
    cls=Command,
    full_settings=True,
    example="SITESEER_RETRIES=4 siteseer config --delay 0.5",
)
@crawl_flags
def show_config(*, flags: CrawlFlags) -> None:
    """Print the effective crawl settings and where each came from.

    Each line reads `name = value  (source)`; the source is the layer that set it: flag (the
    options given to this command), env (a SITESEER_* variable), siteseer.toml, pyproject.toml
    [tool.siteseer], or default. Precedence: flag > env > file > default. Every crawling
    command (render, discover, explore, templates urls|cluster, describe, explain) takes the
    same options.
    """
    from siteseer.settings import describe_settings, load_settings

    with user_errors():
        settings, sources = load_settings(flags)
    for line in describe_settings(settings, sources):
        click.echo(line)
