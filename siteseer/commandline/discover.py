"""`siteseer discover`: every entity page of a sample page's type (SSUP, Indesit, GPP)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from siteseer.choices import DiscoverMethod, OutputFormat, ProbeOrderChoice, TagFeatureChoice
from siteseer.commandline.base import (
    PATH,
    Command,
    cache_file,
    cache_options,
    choice,
    crawl,
    fail,
    render_option,
    run,
    warn_incomplete,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.command("discover", cls=Command)
@click.argument("seed_url")
@click.option(
    "--method",
    type=choice(DiscoverMethod),
    default="ssup",
    help="ssup (URL + HTML features), indesit (HTML only) or gpp (visual lists, renders every "
    "page).",
)
@click.option(
    "--visual",
    is_flag=True,
    help="SSUP: group links by visual list as well as by DOM path (entity links under several "
    "DOM paths), rendering the index pages whose DOM paths leave that ambiguous.",
)
@click.option(
    "--iterations",
    type=click.IntRange(min=1),
    default=1,
    help="GPP: growing iterations (the SSUP paper ran 1).",
)
@click.option(
    "--height",
    default="2",
    help="SSUP: the entity tree's height (levels of index pages above the entities), or 'auto' "
    "to climb until no heavier index page is found.",
)
@click.option(
    "--probe-order",
    type=choice(ProbeOrderChoice),
    default="ranked",
    help="SSUP: how the climb finds a page's index page among the pages it links to: ranked "
    "(most promising first, leaving out site navigation and what the pages loaded settle; "
    "Algorithm 2 then downloads its minsim_html sample only when a later group needs it) or "
    "paper (download them all, Algorithms 1 and 2).",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 1.0),
    default=0.5,
    help="Indesit: simhtml a page needs to count as similar.",
)
@click.option(
    "--tag-feature",
    type=choice(TagFeatureChoice),
    default=None,
    help="Link DOM path form: tags, attrs (tags + attribute names) or values (+ values). "
    "Default: attrs.",
)
@render_option()
@click.option(
    "--out", type=PATH, help="Write the entity pages here ('-' or none: standard output)."
)
@click.option(
    "--format",
    "fmt",
    type=choice(OutputFormat),
    default="jsonl",
    help="jsonl (one object per entity page), json (one array) or csv. Each record: url, "
    "method, seed, title, status, index_page, depth, source.",
)
@click.option(
    "--details",
    is_flag=True,
    help="Load every entity page the run did not (one page load each) so that every record "
    "has its title and HTTP status; without it, only pages loaded anyway have.",
)
@click.option("--explain", is_flag=True, help="Print why each page was kept or pruned, as a tree.")
@click.option(
    "--discovery",
    "discovery_json",
    type=PATH,
    help="Also write the whole Discovery (sample page path, index pages, trace, cost) as JSON "
    "here ('-': standard output); `siteseer explain --seed-path` reads it.",
)
@click.option(
    "--sitemaps/--no-sitemaps",
    default=True,
    help="Use the site's sitemaps and feeds: URLs of the seed's URL template are entities when "
    "a sample looks like the seed and the sitemap holds what the first list page shows; "
    "otherwise they are merged with the crawl. Each row's source says sitemap, links or both. "
    "A site without any costs two downloads more (/sitemap.xml, /sitemap_index.xml).",
)
@click.option(
    "--audit-sitemap",
    type=PATH,
    help="Also audit the sitemap against the crawl (the crawl runs in full) and write it here "
    "as JSON ('-': standard output): entity pages it misses, entries that do not answer or "
    "redirect, entries of another template, orphans.",
)
@cache_options
@crawl_flags
def discover(
    seed_url: str,
    render: Any,
    cache: Path,
    no_cache: bool,
    *,
    flags: CrawlFlags,
    **given: Any,
) -> None:
    """Find every entity page of the same type as SEED_URL on its site.

    SSUP climbs from the sample page to the root of its entity tree, then walks down level by
    level, keeping the links whose URLs and pages resemble the sample path's (no download for
    links its URL features already rule out). Indesit crawls from the site's root and judges
    every page it downloads by its link structure. GPP renders every page it analyses and grows
    paths from the site root through the visual lists on the sample's path, each list with its
    own pages (?page=2, /page/2; not its sorted views). --visual lets SSUP group links by
    visual list as well as by DOM path. Prints a summary (entities, index pages, pages
    downloaded and rendered, seconds) on stderr and the entity pages to --out.
    """
    from siteseer.commands import discover as command

    options = command.DiscoverOptions(
        seed_url, crawl(flags, render=render, cache=cache_file(cache, no_cache)), **given
    )
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
