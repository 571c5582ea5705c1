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
    choice,
    crawl,
    echo_err,
    fail,
    run,
    warn_incomplete,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.command("urls", cls=Command)
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
@click.option(
    "--format",
    "fmt",
    type=choice(OutputFormat),
    default="jsonl",
    help="jsonl, json or csv. Each record: url, source, kind, lastmod, check.",
)
@cache_options
@crawl_flags
def list_urls(site: str, cache: Path, no_cache: bool, *, flags: CrawlFlags, **given: Any) -> None:
    """List the URLs SITE publishes in its sitemaps and feeds, one row each.

    Reads the Sitemap: lines of robots.txt, else /sitemap.xml and /sitemap_index.xml, nested
    indexes and gzipped files, and the RSS/Atom feeds the site's page links to. Each row names
    the file that lists the URL and its lastmod. For example, the drivers a site publishes,
    five of them loaded to see that they answer and look like the one given:

    \b
        siteseer urls http://127.0.0.1:8000/ --check 5 \\
            --like http://127.0.0.1:8000/drivers/ana-almeida
    """
    from siteseer.commands import urls as command

    options = command.UrlsOptions(
        site, crawl(flags, render="never", cache=cache_file(cache, no_cache)), **given
    )
    outcome = run(command.list_urls(options))
    echo_err(outcome.summary)
    if outcome.failure is not None:
        raise fail(str(outcome.failure))
    if outcome.written is None:
        click.echo(outcome.rows, nl=False)
    if not outcome.published.complete:
        raise click.exceptions.Exit(warn_incomplete(outcome.published.reason))
