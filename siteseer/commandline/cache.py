"""`siteseer cache info|prune|clear|export`: the crawl cache."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from siteseer.commandline.base import DEFAULT_CACHE, PATH, Group, fail, user_errors

F = TypeVar("F", bound=Callable[..., Any])


@click.group("cache", cls=Group)
def cache() -> None:
    """The crawl cache: what it holds, prune, clear, export as WARC."""


def _cache_path(command: F) -> F:
    return click.option("--cache", type=PATH, default=DEFAULT_CACHE, help="The cache file.")(
        command
    )


@cache.command("info", example="siteseer cache info --cache .siteseer/cache.sqlite")
@_cache_path
def cache_info(cache: Path) -> None:
    """Say what the cache holds: its size, its snapshots by kind (http, rendered, screenshots,
    second loads), when they were stored, and how many of each host."""
    from siteseer.commands import cache as command

    with user_errors():
        found = command.cache_info(cache)
    for line in found.lines:
        click.echo(line)


@cache.command("prune", example="siteseer cache prune --older-than 7d --site example.org")
@_cache_path
@click.option(
    "--older-than",
    metavar="DURATION",
    help="Delete the pages stored longer ago than this (seconds, or 30m, 12h, 7d).",
)
@click.option("--site", help="Delete the pages of this site (a host or a URL of it).")
def cache_prune(cache: Path, older_than: str | None, site: str | None) -> None:
    """Delete the pages stored longer ago than --older-than and/or those of --site (and the
    hosts' remembered robots.txt and render decisions alike), then compact the file."""
    from siteseer.commands import cache as command
    from siteseer.settings import parse_duration

    with user_errors():
        try:
            seconds = None if older_than is None else parse_duration(older_than)
        except ValueError as e:
            raise fail(f"--older-than: {e}") from None
        deleted, left = command.prune_cache(command.PruneOptions(cache, seconds, site))
    click.echo(
        f"deleted {deleted} snapshots; {left.snapshots} left ({left.file_bytes / 1e6:.2f} MB)"
    )


@cache.command("clear", example="siteseer cache clear --cache .siteseer/cache.sqlite")
@_cache_path
def cache_clear(cache: Path) -> None:
    """Delete the cache file (its pages, robots.txt copies and render decisions)."""
    from siteseer.commands import cache as command

    with user_errors():
        freed = command.clear_cache(cache)
    click.echo(f"deleted {cache} ({freed / 1e6:.2f} MB)")


@cache.command("export", example="siteseer cache export --warc example.warc.gz --site example.org")
@click.option(
    "--warc",
    type=PATH,
    required=True,
    metavar="FILE",
    help="The WARC file to write (gzip-compressed when it ends in .gz).",
)
@_cache_path
@click.option("--site", help="Write only the pages of this site (a host or a URL of it).")
def cache_export(warc: Path, cache: Path, site: str | None) -> None:
    """Write the pages the cache holds as a WARC file: a response record per page (its URL,
    status, content type and HTML as stored), readable by WARC tools and by `siteseer
    templates urls|cluster`."""
    from siteseer.commands import cache as command

    with user_errors():
        count = command.export_cache(command.ExportOptions(cache, warc, site))
    click.echo(f"wrote {count} pages to {warc}", err=True)
