"""`siteseer batch`: one task over many sites."""

from __future__ import annotations

from pathlib import Path

import click

from siteseer.choices import BatchEngine, BatchTask, RenderChoice
from siteseer.commandline.base import (
    PATH,
    Command,
    choice,
    crawl,
    echo_err,
    method_option,
    render_option,
    run,
)
from siteseer.flags import CrawlFlags, crawl_flags


@click.command(
    "batch",
    cls=Command,
    example="siteseer batch sites.txt --task discover --workers 4 --budget 300 --out out/batch",
)
@click.argument(
    "input_path",
    metavar="INPUT",
    help='One seed URL a line, or JSON lines {"url": …, "task": …, options}; - is stdin.',
)
@click.option(
    "--task", type=choice(BatchTask), default="discover", help="What is done to each site."
)
@click.option(
    "--out",
    type=PATH,
    default=Path("out/batch"),
    help="One result file per site and manifest.jsonl.",
)
@click.option(
    "--engine",
    type=choice(BatchEngine),
    default="local",
    help="local (this process) or ray (a Ray cluster).",
)
@click.option("--address", help="Ray: the cluster to join (default: start a local Ray).")
@click.option("--workers", type=click.IntRange(min=1), default=2, help="Sites crawled at once.")
@method_option("discover: the method, ")
@click.option(
    "--sitemaps/--no-sitemaps",
    default=True,
    help="discover: use each site's sitemaps and feeds too, as `siteseer discover` does.",
)
@click.option(
    "--max-depth", type=click.IntRange(min=0), default=3, help="explore: the deepest drill-down."
)
@click.option(
    "--template-pages",
    type=click.IntRange(min=2),
    default=200,
    help="templates: pages crawled per site (JSON key: pages).",
)
@render_option()
@click.option(
    "--cache-dir",
    type=PATH,
    help="Per-site SQLite caches here, on each node (default: in memory).",
)
@crawl_flags
def batch(
    input_path: str,
    task: BatchTask,
    out: Path,
    engine: BatchEngine,
    address: str | None,
    workers: int,
    method: str,
    sitemaps: bool,
    max_depth: int,
    template_pages: int,
    render: RenderChoice,
    cache_dir: Path | None,
    *,
    flags: CrawlFlags,
) -> None:
    """Run one task over many sites: one site (host) per worker at a time.

    Each line of INPUT is a site; a JSON line's keys (task, method, sitemaps, render, budget,
    max_depth, entity_sample, pages, height, threshold, iterations) override the options. A host listed
    twice runs once: its later lines fail as duplicates, as do lines that are not URLs. The
    crawl settings (flags over SITESEER_* over siteseer.toml, as on every crawling command)
    apply to every site; --pages is each site's own page budget. Writes
    each site's result in its command's own format to --out (discover: <host>.jsonl, explore:
    <host>/, templates: <host>.jsonl) and a line per site to --out/manifest.jsonl as it
    finishes; a rerun with the same --out skips the sites already done. Exit 1 when any site
    is not done.
    """
    from siteseer.batch import BatchProgress, TaskOptions
    from siteseer.commands import batch as command

    crawled = crawl(flags, render=render, cache=None)
    defaults = TaskOptions(
        task=task,
        method=method,
        sitemaps=sitemaps,
        max_depth=max_depth,
        pages=template_pages,
        render=render,
        budget=crawled.config.budget,
    )
    options = command.BatchOptions(
        input_path, out, defaults, engine, address, workers, cache_dir=cache_dir, crawl=crawled
    )
    with BatchProgress() as progress:
        outcome = run(command.run_batch(options, progress.site, progress.begin))
    echo_err(outcome.table)
    if not outcome.complete:
        raise click.exceptions.Exit(1)
