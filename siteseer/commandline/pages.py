"""`siteseer render`, `explain` and `describe`: one page as siteseer sees it, its link
collections drawn, an entity type described."""

from __future__ import annotations

from pathlib import Path

import click

from siteseer.choices import RenderChoice
from siteseer.commandline.base import (
    INPUT_KINDS,
    PATH,
    Command,
    cache_file,
    cache_options,
    crawl,
    echo_err,
    exit_if_incomplete,
    note,
    render_option,
    run,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.command(
    "render", cls=Command, example="siteseer render https://example.org/ --screenshot page.png"
)
@click.argument("url", help="The page to load, an absolute http(s) URL.")
@click.option(
    "--screenshot",
    type=PATH,
    help="Write a full-page PNG here ('-': standard output; renders the page in the browser).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the whole Snapshot as JSON (links, controls, HTML; the PNG goes only to "
    "--screenshot) instead of the summary.",
)
@render_option(
    "auto: render only if the host needs a browser (decided once per host and remembered in "
    "the cache); always; never."
)
@cache_options
@crawl_flags
def render_page(
    url: str,
    screenshot: Path | None,
    as_json: bool,
    render: RenderChoice,
    cache: Path,
    no_cache: bool,
    *,
    flags: CrawlFlags,
) -> None:
    """Load one page the way every siteseer method sees it, and describe it.

    Prints the HTTP status, the final URL after redirects, how many links and controls
    (facets, form fields, buttons) the page has, how long it took to settle, whether it needed
    a browser (and which one), then what the load cost. Bad input — an invalid URL, an
    unreachable host, a response that is not HTML, a timeout, no browser — ends with one line
    on stderr and exit code 2.
    """
    from siteseer.commands import render as command
    from siteseer.crawler.progress import print_summary

    options = command.RenderOptions(
        url, crawl(flags, render=render, cache=cache_file(cache, no_cache)), screenshot, as_json
    )
    outcome = run(command.render_page(options))
    # With the PNG on standard output (--screenshot -), the description goes to stderr.
    click.echo(outcome.text, err=screenshot is not None and str(screenshot) == "-")
    if outcome.wrote is not None:
        click.echo(outcome.wrote, err=True)
    print_summary(outcome.cost)


@click.command(
    "explain", cls=Command, example="siteseer explain https://example.org/players --out players.png"
)
@click.argument("url", help="The page to draw, an absolute http(s) URL.")
@click.option(
    "--out",
    type=PATH,
    default=Path("explain.png"),
    help="Where to write the annotated PNG ('-': standard output).",
)
@click.option(
    "--seed-path",
    type=PATH,
    help="The Discovery `siteseer discover --discovery FILE` wrote (its sample page path), a "
    "JSON list of URLs or one URL a line: outline in red the sample link DOM path of this page.",
)
@cache_options
@crawl_flags
def explain_page(
    url: str,
    out: Path,
    seed_path: Path | None,
    cache: Path,
    no_cache: bool,
    *,
    flags: CrawlFlags,
) -> None:
    """Draw a page's link collections on its full-page screenshot.

    Renders URL in the browser, takes a full-page screenshot and draws on it every link
    collection: each anchor filled with the colour of its link DOM path group (what SSUP and
    Indesit compare), each visual list outlined and labelled (what GPP and visual SSUP compare),
    with a legend panel on the right. With --seed-path, the links under the sample link DOM path
    (towards the next page of the sample page path) get a thick red outline. An unreachable or
    invalid URL ends with one line on stderr and exit code 2.
    """
    from siteseer.commands import explain as command

    options = command.ExplainOptions(
        url, out, seed_path, crawl(flags, render="always", cache=cache_file(cache, no_cache))
    )
    outcome = run(command.explain_page(options))
    click.echo(outcome.wrote, err=True)


@click.command(
    "describe",
    cls=Command,
    example="siteseer describe https://a.example/player/1 https://b.example/p/9 --check https://c.example/x/4",
)
@click.argument(
    "samples",
    nargs=-1,
    metavar="URL...",
    help="Sample entity pages of one type, one per site (e.g. a player page of each), or files "
    f"of them: {INPUT_KINDS} (the first page of each host is its sample).",
)
@click.option(
    "--sites",
    multiple=True,
    help="Lab site ids (repeated or comma-separated): serve them and use each one's seed entity "
    "as a sample.",
)
@click.option(
    "--check",
    multiple=True,
    help="Pages to judge with isInstance against the description (repeatable): URLs, or files "
    "of them (every page of the file).",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 1.0),
    default=0.5,
    help="--check: the share of the description's words a page's template must show.",
)
@render_option()
@cache_options
@crawl_flags
def describe_entities(
    samples: tuple[str, ...],
    sites: tuple[str, ...],
    check: tuple[str, ...],
    threshold: float,
    render: RenderChoice,
    cache: Path,
    no_cache: bool,
    *,
    flags: CrawlFlags,
) -> None:
    """Describe an entity type by the words its pages share on every site (the Outdesit paper).

    For each sample page, the site's pages built like it are found (as discover --method
    indesit does), and the words their template prints on every page (labels, not values),
    minus the site's own frame (menus, footer), are kept. The description is the words the
    samples of different sites share, typically the attribute labels (height, weight, team for
    a player). Prints them on one line; with --check, one "yes"/"no" line per page: whether
    its template shows enough of them (the paper's isInstance).
    """
    from siteseer.commands import describe as command

    options = command.DescribeOptions(
        samples,
        crawl(flags, render=render, cache=cache_file(cache, no_cache)),
        sites=sites,
        check=check,
        threshold=threshold,
    )
    outcome = run(command.describe_entities(options, note))
    echo_err(outcome.notes)
    for line in outcome.lines:
        click.echo(line)
    description = outcome.description
    exit_if_incomplete(description.complete, description.reason)
    if not description.terms:
        click.secho(
            "siteseer: the samples share no template terms; give samples of one entity type",
            err=True,
            fg="yellow",
        )
        raise click.exceptions.Exit(1)
