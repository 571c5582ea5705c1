"""`siteseer urls`: the URLs a site publishes in its sitemaps and feeds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from siteseer.choices import OutputFormat
from siteseer.commandline.base import (
    PATH,
    Command,
    cache_file,
    cache_options,
    crawl,
    echo_err,
    fail,
    format_option,
    output_format,
    run,
    warn_incomplete,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.command(
    "urls",
    cls=Command,
    example="siteseer urls http://127.0.0.1:8000/ --check 5 \\\n"
    "    --like http://127.0.0.1:8000/drivers/ana-almeida",
)
@click.argument("site")
@click.option("--like", help="Keep the URLs that fit this entity page's URL template.")
@click.option("--pattern", help="Keep the URLs matching this glob ('/item/*'), or 're:REGEX'.")
@click.option(
    "--check",
    type=click.IntRange(min=0),
    default=0,
    help="Load a sample of N of the URLs kept and report how many answer and look like the "
    "--like page.",
)
@click.option(
    "--sitemap",
    "sitemaps",
    multiple=True,
    help="Read this sitemap instead of robots.txt's and the defaults (repeatable).",
)
@click.option("--feeds/--no-feeds", default=True, help="Read the feeds the site's page links to.")
@click.option("--out", type=PATH, help="Write the URLs here ('-' or none: standard output).")
@format_option("A record: url, source, kind, lastmod, check.")
@cache_options
@crawl_flags
def list_urls(
    site: str,
    cache: Path,
    no_cache: bool,
    out: Path | None,
    fmt: OutputFormat | None,
    *,
    flags: CrawlFlags,
    **given: Any,
) -> None:
    """List the URLs SITE publishes in its sitemaps and feeds, one row each.

    Reads the Sitemap: lines of robots.txt, else /sitemap.xml and /sitemap_index.xml, nested
    indexes and gzipped files, and the RSS/Atom feeds the site's page links to. Each row names
    the file that lists the URL and its lastmod. The example: the drivers a site publishes,
    five of them loaded to see that they answer and look like the one given.
    """
    from siteseer.commands import urls as command

    crawled = crawl(flags, render="never", cache=cache_file(cache, no_cache))
    fmt = output_format(out, fmt)
    options = command.UrlsOptions(site, crawled, out=out, fmt=fmt, **given)
    outcome = run(command.list_urls(options))
    echo_err(outcome.summary)
    if outcome.failure is not None:
        raise fail(str(outcome.failure))
    if outcome.written is None:
        click.echo(outcome.rows, nl=False)
    if not outcome.published.complete:
        raise click.exceptions.Exit(warn_incomplete(outcome.published.reason))
