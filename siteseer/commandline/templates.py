"""`siteseer templates urls|cluster`: URL templates (hidden entity pages) and page-template
clusters."""

from __future__ import annotations

from pathlib import Path

import click

from siteseer.choices import ClusterChoice, OutputFormat
from siteseer.commandline.base import (
    INPUT_KINDS,
    PATH,
    Group,
    cache_file,
    cache_options,
    choice,
    crawl,
    echo_err,
    exit_empty,
    exit_if_incomplete,
    format_option,
    output_format,
    run,
    site_option,
    warn_incomplete,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.group("templates", cls=Group)
def templates() -> None:
    """URL templates (hidden entity pages) and page-template clustering."""


@templates.command(
    "urls",
    example="siteseer discover https://example.org/item/17 --out items.jsonl\nsiteseer templates urls items.jsonl --out out/hidden",
)
@click.argument(
    "input_path",
    metavar="INPUT",
    type=PATH,
    help=f"{INPUT_KINDS[0].upper()}{INPUT_KINDS[1:]}.",
)
@site_option
@click.option(
    "--max-per-template",
    type=click.IntRange(min=1),
    help="Generated URLs checked per template at most.",
)
@click.option(
    "--min-values",
    type=click.IntRange(min=1),
    default=100,
    help="Templates with fewer known ids are dropped (thesis: 100).",
)
@click.option(
    "--out",
    type=PATH,
    help="Directory for templates.jsonl, found.txt and checked.jsonl (default: new entity URLs "
    "on standard output).",
)
@click.option("--no-generate", is_flag=True, help="Only build the templates; load no new URLs.")
@cache_options
@crawl_flags
def templates_urls(
    input_path: Path,
    site: str | None,
    max_per_template: int | None,
    min_values: int,
    out: Path | None,
    no_generate: bool,
    cache: Path,
    no_cache: bool,
    *,
    flags: CrawlFlags,
) -> None:
    """Find hidden entity pages from URL templates (Allikmaa 2016).

    Builds templates with one numeric variable from INPUT's URLs (numbers in path elements and
    GET values, prefixed/suffixed numbers, unused category and name elements verified by
    comparing pages), then loads the ids missing between the known ones, gap edges first, and
    keeps the URLs that show an entity page rather than an error or a "not found" page. Prints the
    templates (pattern, known ids, gaps) on stderr.
    """
    from siteseer.commands import templates as command

    options = command.UrlTemplatesOptions(
        input_path,
        site=site,
        max_per_template=max_per_template,
        min_values=min_values,
        out=out,
        generate=not no_generate,
        crawl=crawl(flags, render="never", cache=cache_file(cache, no_cache)),
    )
    outcome = run(command.templates_urls(options))
    echo_err(outcome.notes)
    if outcome.unreachable is not None:
        raise click.exceptions.Exit(warn_incomplete(outcome.unreachable))
    if outcome.wrote is None:
        for url in outcome.report.found:
            click.echo(url)
    else:
        click.echo(outcome.wrote, err=True)
    if outcome.empty is not None:
        raise exit_empty(outcome.empty)
    exit_if_incomplete(outcome.report.complete, outcome.report.reason)


@templates.command(
    "cluster",
    example="siteseer templates cluster https://example.org/ --budget 200 --out clusters.jsonl",
)
@click.argument("input_arg", metavar="INPUT", help=f"A site URL to crawl, or {INPUT_KINDS}.")
@site_option
@click.option(
    "--method",
    type=choice(ClusterChoice),
    default="minhash",
    help="minhash: compare only clusters likely alike (MinHash sketches; fast); exact: every pair.",
)
@click.option(
    "--min-support",
    type=click.IntRange(min=1),
    default=2,
    help="Pages an element path must occur on to count.",
)
@click.option("--out", type=PATH, help="Write the clusters here ('-' or none: standard output).")
@format_option(
    "A jsonl or json record is a cluster (cluster, size, pages, template_paths); a csv row "
    "is a page (url, cluster, size)."
)
@cache_options
@crawl_flags
def templates_cluster(
    input_arg: str,
    site: str | None,
    method: ClusterChoice,
    min_support: int,
    out: Path | None,
    fmt: OutputFormat | None,
    cache: Path,
    no_cache: bool,
    *,
    flags: CrawlFlags,
) -> None:
    """Cluster pages by the template that generated them (the TEXT-MDL method).

    Each page is the set of its element paths (html/body/div/…) that occur on at least
    --min-support pages; two clusters are merged while that makes the whole clustering shorter
    to write down (its templates' paths, which page is in which, and each page's differences:
    minimum description length). Prints one JSON
    line per cluster: its pages and its template paths. A site URL is crawled for at most
    --pages pages (500 when no layer sets it).
    """
    from siteseer.commands import templates as command

    options = command.ClusterOptions(
        input_arg,
        site,
        method,
        min_support,
        out,
        output_format(out, fmt),
        crawl=crawl(flags, render="never", cache=cache_file(cache, no_cache), pages=500),
    )
    outcome = run(command.templates_cluster(options))
    click.echo(outcome.summary, err=True)
    if out is None:
        click.echo(outcome.rows, nl=False)
    exit_if_incomplete(outcome.complete, outcome.reason)
