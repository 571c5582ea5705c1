"""`siteseer explore`: query-centric exploration of an exploratory site."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from siteseer.commandline.base import (
    PATH,
    Command,
    cache_file,
    cache_options,
    crawl,
    echo_err,
    exit_if_incomplete,
    render_option,
    run,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.command(
    "explore",
    cls=Command,
    example="siteseer explore https://shop.example.org/ --max-depth 2 --out out/shop",
)
@click.argument("start_url")
@click.option(
    "--entity-sample", help="One entity page of the site (default: guessed from START_URL)."
)
@click.option(
    "--keywords", type=PATH, help="A file of keywords (one a line) for the keyword boxes of forms."
)
@click.option("--allow-post", is_flag=True, help="Submit POST forms too (GET only by default).")
@click.option(
    "--max-depth",
    type=click.IntRange(min=0),
    default=3,
    help="The deepest drill-down explored (START_URL is 0).",
)
@click.option(
    "--entity-pages/--no-entity-pages",
    default=True,
    help="When an entity's page shows a record (label/value pairs) with fields the list and the "
    "facets do not, load every entity page once to read them (page loads).",
)
@click.option(
    "--out",
    type=PATH,
    default=Path("out/explore"),
    help="Directory for entities.jsonl, queries.json, dag.dot, dag.svg.",
)
@click.option(
    "--find-list/--as-given",
    default=True,
    help="Start at the widest list or search page among START_URL and the pages it links to "
    "(a home page will do), or at START_URL as given.",
)
@render_option()
@cache_options
@crawl_flags
def explore_site(
    start_url: str, render: Any, cache: Path, no_cache: bool, *, flags: CrawlFlags, **given: Any
) -> None:
    """Recover the queries an exploratory site supports and the hidden attributes of its entities.

    First finds where to start: the widest list or search page among START_URL and the pages it
    links to, scored by their repeated entity items and their facets, or when no page offers
    facets the one with most entity rows in a table, else, given --entity-sample, the list of
    links linking the sample (a home page will do; --as-given starts at START_URL). From there,
    applies every facet value alone (facet links,
    Ajax checkboxes, radios and dropdowns, form selects, radios and checkboxes), follows
    pagination, Ajax pagers and load-more until each value's list is complete, and drills deeper
    only where a selection reveals new facets. Rows of a result table without entity links are
    entities, named START_URL#<key column>=<key cell> (--entity-sample such a URL names the key
    column; else the first column of distinct, non-numeric cells). A result table with a header
    gives each entity its row's cells as fields (header: cell); when the sample entity page is
    the rows' record and shows more fields, or, for any other list, when two entity pages show
    a record of the same labels with other values (label/value tables, <dl>, "Label: value"
    lines), every entity page is loaded once to read them (--no-entity-pages: never). Facet values keep priority over fields. Equivalent queries
    (same entities and drill-downs: other click orders, sort orders) are detected and not
    explored; cart, account, login and logout controls and password forms are never used.
    Writes entities.jsonl (one {"url", "attributes"} object per entity), queries.json (queries,
    their entity counts, the DAG's edges, what was skipped and why) and the DAG as dag.dot and
    dag.svg (Graphviz when `dot` is on PATH, else matplotlib) to --out; prints a summary.
    """
    from siteseer.commands import explore as command

    options = command.ExploreOptions(
        start_url, crawl(flags, render=render, cache=cache_file(cache, no_cache)), **given
    )
    outcome = run(command.explore_site(options))
    echo_err(outcome.notes)
    exit_if_incomplete(outcome.exploration.complete, outcome.exploration.reason)
