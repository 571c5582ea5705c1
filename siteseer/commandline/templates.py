"""`siteseer templates urls|cluster`: URL templates (hidden entity pages) and page-template
clusters."""

from __future__ import annotations

from pathlib import Path

import click

from siteseer.choices import ClusterChoice, OutputFormat
from siteseer.commandline.base import (
    INPUT_KINDS,
    PATH,
    Argument,
    Group,
    cache_file,
    cache_options,
    choice,
    crawl,
    echo_err,
    exit_if_incomplete,
    run,
    site_option,
    warn_incomplete,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.group("templates", cls=Group)
def templates() -> None:
    """URL templates (hidden entity pages) and page-template clustering."""


@templates.command("urls")
@click.argument(
    "input_path",
    metavar="INPUT",
    type=PATH,
    cls=Argument,
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
    exit_if_incomplete(outcome.report.complete, outcome.report.reason)


@templates.command("cluster")
@click.argument(
    "input_arg", metavar="INPUT", cls=Argument, help=f"A site URL to crawl, or {INPUT_KINDS}."
)
@site_option
@click.option(
    "--method",
    type=choice(ClusterChoice),
    default="minhash",
    help="minhash: MinHash merge candidates (fast); exact: every pair compared.",
)
@click.option(
    "--min-support",
    type=click.IntRange(min=1),
    default=2,
    help="Pages a DOM path must appear in to be essential.",
)
@click.option("--out", type=PATH, help="Write the clusters here ('-' or none: standard output).")
@click.option(
    "--format",
    "fmt",
    type=choice(OutputFormat),
    default="jsonl",
    help="jsonl (one object per cluster: cluster, size, pages, template_paths), json (one "
    "array of them) or csv (one row per page: url, cluster, size).",
)
@cache_options
@crawl_flags
def templates_cluster(
    input_arg: str,
    site: str | None,
    method: ClusterChoice,
    min_support: int,
    out: Path | None,
    fmt: OutputFormat,
    cache: Path,
    no_cache: bool,
    *,
    flags: CrawlFlags,
) -> None:
    """Cluster pages by the template that generated them (TEXT-MDL).

    Each page is the set of its essential DOM paths; clusters are merged while the MDL cost of
    the clustering (template paths, page memberships, differences) goes down. Prints one JSON
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
        fmt,
        crawl=crawl(flags, render="never", cache=cache_file(cache, no_cache), pages=500),
    )
    outcome = run(command.templates_cluster(options))
    click.echo(outcome.summary, err=True)
    if out is None:
        click.echo(outcome.rows, nl=False)
    exit_if_incomplete(outcome.complete, outcome.reason)
