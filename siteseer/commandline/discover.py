"""`siteseer discover`: every entity page of a sample page's type (SSUP, Indesit, GPP)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from siteseer.choices import OutputFormat, ProbeOrderChoice, TagFeatureChoice
from siteseer.commandline.base import (
    PATH,
    Command,
    cache_file,
    cache_options,
    choice,
    crawl,
    fail,
    format_option,
    method_option,
    output_format,
    render_option,
    run,
    warn_incomplete,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.command(
    "discover",
    cls=Command,
    example="siteseer discover https://example.org/players/17 --out players.jsonl\n"
    "siteseer discover https://example.org/players/17 --method indesit --budget 300 -v",
)
@click.argument("seed_url", help="One entity page of the site (a player's, a product's).")
@method_option()
@click.option(
    "--visual",
    is_flag=True,
    help="SSUP: also group links by the list they are shown in (renders index pages where "
    "their structure leaves it open).",
)
@click.option(
    "--iterations",
    type=click.IntRange(min=1),
    default=1,
    metavar="N",
    help="GPP: rounds of growing paths.",
)
@click.option(
    "--height",
    default="2",
    metavar="N|auto",
    help="SSUP: levels of index (list) pages above the entity pages, or 'auto'.",
)
@click.option(
    "--probe-order",
    type=choice(ProbeOrderChoice),
    default="ranked",
    help="SSUP: ranked (load the most promising linked pages first, skipping site menus) or "
    "paper (load them all, as the SSUP paper does).",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 1.0),
    default=0.5,
    metavar="0..1",
    help="Indesit: how alike a page's link structure must be to the sample's (the paper's "
    "simhtml).",
)
@click.option(
    "--tag-feature",
    type=choice(TagFeatureChoice),
    default=None,
    help="How a link's place in the page is compared: tags, attrs (and attribute names; the "
    "default) or values (and their values).",
)
@render_option()
@click.option(
    "--out", type=PATH, help="Write the entity pages here ('-' or none: standard output)."
)
@format_option("A record: url, method, seed, title, status, index_page, depth, source.")
@click.option(
    "--details",
    is_flag=True,
    help="Load every entity page found, so that every record has its title and HTTP status.",
)
@click.option("--explain", is_flag=True, help="Print why each page was kept or pruned, as a tree.")
@click.option(
    "--discovery",
    "discovery_json",
    type=PATH,
    help="Also write the whole run (sample path, index pages, trace, cost) here as JSON, "
    "for `siteseer explain --seed-path`.",
)
@click.option(
    "--sitemaps/--no-sitemaps",
    default=True,
    help="Use the site's sitemaps and feeds too: their URLs shaped like the seed's are entity "
    "pages when a sample looks like the seed (a record's source: sitemap, links or both).",
)
@click.option(
    "--audit-sitemap",
    type=PATH,
    help="Also check the sitemap against a full crawl; write what it misses or holds wrongly "
    "here (JSON).",
)
@cache_options
@crawl_flags
def discover(
    seed_url: str,
    render: Any,
    cache: Path,
    no_cache: bool,
    out: Path | None,
    fmt: OutputFormat | None,
    *,
    flags: CrawlFlags,
    **given: Any,
) -> None:
    """Find every entity page of the same type as SEED_URL on its site.

    SSUP climbs from the sample page up to the site's list pages, then walks down level by
    level, keeping the links whose URLs and pages resemble the sample's. Indesit crawls from
    the site's root and keeps the pages built like the sample. GPP renders pages and follows
    the lists on the way from the root to the sample. Prints a summary on stderr and the
    entity pages to --out. How each method works: docs/ARCHITECTURE.md (algorithms/).
    """
    from siteseer.commands import discover as command

    crawled = crawl(flags, render=render, cache=cache_file(cache, no_cache))
    fmt = output_format(out, fmt)
    options = command.DiscoverOptions(seed_url, crawled, out=out, fmt=fmt, **given)
    outcome = run(command.discover(options))
    result = outcome.discovery
    if outcome.explanation is not None:
        click.echo(outcome.explanation, err=True)
    click.echo(outcome.summary, err=True)
    code = 0 if result.complete else warn_incomplete(result.reason)
    if outcome.failure is not None:
        raise fail(str(outcome.failure))
    if outcome.wrote is None:
        click.echo(outcome.rows, nl=False)
    else:
        click.echo(outcome.wrote, err=True)
    if code:
        raise click.exceptions.Exit(code)
