"""What every command of the command line shares: its click classes, the run plumbing and the
options several commands take.

Errors the user can fix (`siteseer.errors.UserError`) end the command with one line on stderr
and exit code 2 (no traceback); an incomplete run (its page budget spent, its --time-limit
reached) writes what it found, marked incomplete, and exits 1; Ctrl-C does the same with exit
code 130 (a second Ctrl-C stops at once, writing nothing); SIGTERM stops at once with 143.
"""

from __future__ import annotations

import logging
import typing
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.core import ParameterSource

from siteseer.choices import OutputFormat, RenderChoice
from siteseer.errors import UserError, one_line

if TYPE_CHECKING:
    from siteseer.sessions import CrawlOptions

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

__all__ = [
    "CONTEXT",
    "DEFAULT_CACHE",
    "EXIT_CODES",
    "GLOBAL_OPTIONS",
    "INPUT_KINDS",
    "PATH",
    "STOP",
    "Command",
    "GlobalOption",
    "Group",
    "Terminated",
    "cache_file",
    "cache_options",
    "choice",
    "configure_run",
    "crawl",
    "echo_err",
    "exit_empty",
    "exit_if_incomplete",
    "fail",
    "format_option",
    "note",
    "output_format",
    "render_option",
    "run",
    "site_option",
    "user_errors",
    "warn_incomplete",
]

EXIT_CODES = """Exit codes: 0 done; 1 incomplete (budget spent: --pages, or --page-cap without
it; time limit reached, pages unreachable: the reason is on stderr; what was found is written, marked incomplete) or nothing
found (why, on stderr); 2 an error you can fix (bad option or input, unwritable output, no browser: one line on stderr, nothing
written); 130 interrupted (Ctrl-C: what was found is written, marked incomplete; a second Ctrl-C
stops at once; rerun with the same cache to continue); 143 terminated (SIGTERM: stops at once,
as a second Ctrl-C, after stopping what the command started); 129 the same on SIGHUP (the
terminal closed)."""

# Every command's context: defaults shown in its help, -h as well as --help.
CONTEXT: dict[str, Any] = {"show_default": True, "help_option_names": ["--help", "-h"]}


# --- the app's own options, taken before the command and after it ------------------------------

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
_GLOBALS = "siteseer.globals"  # ctx.meta: the values of the app's options, as given
_AGAIN = "siteseer.globals.again"  # ctx.meta: some were given after the command


def _remember(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Keep an app option's value in the run's shared `ctx.meta`: the app's own (before the
    command), or one given after the command, which wins."""
    store = ctx.meta.setdefault(_GLOBALS, {})
    given = ctx.get_parameter_source(str(param.name)) is ParameterSource.COMMANDLINE
    if given or param.name not in store:
        store[param.name] = value
    if given and ctx.parent is not None:
        ctx.meta[_AGAIN] = True
    return value


class GlobalOption(click.Option):
    """One of the app's options: -v, -q, --log-level, --stats-every, --stats-json."""


def _global(*names: str, **attrs: Any) -> GlobalOption:
    return GlobalOption(list(names), callback=_remember, expose_value=False, **attrs)


GLOBAL_OPTIONS = (
    _global("--verbose", "-v", count=True, help="More log lines: -v info, -vv debug (each page)."),
    _global("--quiet", "-q", is_flag=True, help="Errors only (no stats lines, no warnings)."),
    _global(
        "--log-level",
        help="DEBUG, INFO, WARNING or ERROR (overrides -v/-q). Default: WARNING, plus one stats "
        "line every --stats-every when standard error is not a terminal.",
    ),
    _global(
        "--stats-every",
        type=click.FloatRange(min=0.05),
        default=10.0,
        help="Seconds between two stats lines (off a terminal).",
    ),
    _global(
        "--stats-json",
        type=click.Path(path_type=Path),
        metavar="PATH",
        help="Write the run's cost, timings, render decisions, stop reason and exit code as "
        "JSON here ('-': standard output).",
    ),
)


def configure_run(ctx: click.Context) -> None:
    """Configure logging and the run's record from the app's options (`ctx.meta`); a bad
    --log-level ends the command (exit 2)."""
    from siteseer import logs

    given = ctx.meta.get(_GLOBALS, {})
    quiet, log_level = bool(given.get("quiet")), given.get("log_level")
    level = _log_level(int(given.get("verbose") or 0), quiet, log_level)
    structured = logs.Status().is_structured()
    stats_json = given.get("stats_json")
    logs.configure(
        logs.Status(
            level=level,
            stats=level <= logging.INFO or (structured and not quiet and log_level is None),
            stats_every=timedelta(seconds=float(given.get("stats_every", 10.0))),
            stats_json=stats_json,
        )
    )
    root = ctx.find_root()
    if stats_json is not None and not root.meta.get("siteseer.stats_json"):
        root.meta["siteseer.stats_json"] = True
        root.call_on_close(_write_run_stats)


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

    stop, reason, code = STOP[-1] if STOP else ("done", "", 0)
    try:
        logs.write_run_stats(stop, reason, code)
    except OSError as e:
        click.secho(f"siteseer: cannot write --stats-json: {e}", err=True, fg="red")


# --- commands and their help -----------------------------------------------------------------------


class Command(click.Command):
    """A siteseer command: click's, with the context settings every command shares, the app's
    options accepted after it too (`siteseer discover URL -v`), and its help in sections: what
    it does and one example, its arguments, its own options, then the crawl settings (each
    setting's full help: `siteseer config --help`) and the app's options, by name. Its arguments
    are listed by click (`click.argument(..., help=)`)."""

    def __init__(
        self, *args: Any, example: str | None = None, full_settings: bool = False, **kwargs: Any
    ) -> None:
        kwargs.setdefault("context_settings", dict(CONTEXT))
        super().__init__(*args, **kwargs)
        self.params.extend(GLOBAL_OPTIONS)
        self.example = example
        self.full_settings = full_settings

    def invoke(self, ctx: click.Context) -> Any:
        if ctx.meta.pop(_AGAIN, False):
            configure_run(ctx)
        return super().invoke(ctx)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        if self.example:
            with formatter.section("Example"):
                for line in self.example.splitlines():
                    formatter.write(f"{'':>{formatter.current_indent}}{line}\n")

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        params = self.get_params(ctx)
        panels: dict[str, list[click.Option]] = {}
        for param in params:
            if isinstance(param, click.Option):
                panels.setdefault(getattr(param, "panel", "Options"), []).append(param)
        own = [p for p in panels.pop("Options", []) if not isinstance(p, GlobalOption)]
        rows = [row for p in own if (row := p.get_help_record(ctx)) is not None]
        if rows:
            with formatter.section("Options"):
                formatter.write_dl(rows)
        for title, options in panels.items():
            with formatter.section(title):
                if self.full_settings:
                    formatter.write_dl([r for p in options if (r := p.get_help_record(ctx))])
                else:
                    _write_names(formatter, [_spelling(p) for p in options])
        with formatter.section("App options (before or after the command; siteseer --help)"):
            _write_names(formatter, [_spelling(p) for p in GLOBAL_OPTIONS])


def _write_names(formatter: click.HelpFormatter, names: list[str]) -> None:
    """`names` as comma-separated lines filling the help's width, never broken inside one."""
    indent = " " * formatter.current_indent
    width = max((formatter.width or 80) - formatter.current_indent, 40)
    line = ""
    for i, name in enumerate(names):
        item = name + ("," if i < len(names) - 1 else ".")
        if line and len(line) + 1 + len(item) > width:
            formatter.write(f"{indent}{line}\n")
            line = item
        else:
            line = f"{line} {item}" if line else item
    formatter.write(f"{indent}{line}\n")


def _spelling(option: click.Option) -> str:
    """An option's flags, as in `--budget (--pages)` or `--respect-robots/--ignore-robots`."""
    first, *others = option.opts
    pair = f"{first}/{option.secondary_opts[0]}" if option.secondary_opts else first
    return pair + (f" ({', '.join(others)})" if others else "")


class Group(click.Group):
    """A siteseer command group: its commands listed in the order they were added, each a
    `Command` unless it says otherwise."""

    command_class = Command

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", dict(CONTEXT))
        super().__init__(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)


def choice(literal: Any) -> click.Choice[str]:
    """The click choice of a `Literal` of strings (siteseer.choices)."""
    return click.Choice(typing.get_args(literal))


# How the run ended, for --stats-json: (stop, reason, exit code); "done" unless set below.
STOP: list[tuple[str, str, int]] = []


def fail(message: str) -> click.exceptions.Exit:
    """Print one line on stderr; the caller raises what this returns (exit code 2)."""
    click.secho(f"siteseer: {message}", err=True, fg="red")
    STOP.append(("error", message, 2))
    return click.exceptions.Exit(2)


def exit_empty(reason: str) -> click.exceptions.Exit:
    """A run that found nothing to give: why, one yellow line on stderr; the caller raises
    what this returns (exit code 1)."""
    click.secho(f"siteseer: nothing found: {reason}", err=True, fg="yellow")
    STOP.append(("empty", reason, 1))
    return click.exceptions.Exit(1)


def warn_incomplete(reason: str) -> int:
    """Print why a run stopped before it was complete (one yellow line on stderr); return its
    exit code: 130 when Ctrl-C stopped it, else 1."""
    from siteseer.algorithms import INTERRUPTED

    click.secho(f"siteseer: incomplete: {reason}", err=True, fg="yellow")
    if reason == INTERRUPTED:
        STOP.append(("interrupted", reason, 130))
        return 130
    STOP.append(("incomplete", reason, 1))
    return 1


def exit_if_incomplete(complete: bool, reason: str) -> None:
    """End an incomplete run with its reason on stderr and exit code 1 (130: Ctrl-C)."""
    if not complete:
        raise click.exceptions.Exit(warn_incomplete(reason))


@contextmanager
def user_errors() -> Iterator[None]:
    """A UserError inside the block ends the command: its message on stderr, exit code 2."""
    try:
        yield
    except UserError as e:
        raise fail(str(e)) from None


def run(main: Coroutine[Any, Any, T]) -> T:
    """Run a command's coroutine; a UserError, or a ValueError a method raised about its input,
    ends the command with one line on stderr (exit 2).

    Ctrl-C ends it with exit code 130 and one line: what was loaded is in the cache already
    (the Session commits every page), so the same command with the same cache continues.
    """
    import asyncio  # here, not at the top: `siteseer --help` does not wait for it

    try:
        with user_errors():
            return asyncio.run(_terminable(main))
    except ValueError as e:
        raise fail(one_line(str(e))) from None
    except KeyboardInterrupt:
        click.echo("siteseer: interrupted; rerun with the same cache to continue", err=True)
        STOP.append(("interrupted", "Ctrl-C", 130))
        raise click.exceptions.Exit(130) from None
    except Terminated as e:
        click.echo(
            f"siteseer: terminated ({e.name}); rerun with the same cache to continue", err=True
        )
        STOP.append(("terminated", e.name, e.exit_code))
        raise click.exceptions.Exit(e.exit_code) from None


class Terminated(BaseException):
    """The command's process was sent SIGTERM (or SIGHUP: its terminal closed); its coroutine
    was cancelled and cleaned up.

    A BaseException, as KeyboardInterrupt is: raised inside a long computation (see
    `_terminable`), no `except Exception` on its way out may take it for an error to handle."""

    def __init__(self, signum: int) -> None:
        import signal

        super().__init__(signum)
        self.name = signal.Signals(signum).name
        self.exit_code = 128 + signum


# How long SIGTERM waits for the event loop to take the cancellation before it is raised inside
# whatever computation keeps the loop from it.
_BUSY_S = 0.5


async def _terminable(main: Coroutine[Any, Any, T]) -> T:
    """Await `main`; SIGTERM or SIGHUP cancels it as a second Ctrl-C does, so that every
    `finally` and `async with` inside runs (a served real application's process group is
    stopped, the cache closed) before `Terminated` is raised. Outside the main thread nothing
    changes.

    The cancellation is handed to the event loop; when the loop has not taken it within
    `_BUSY_S` (a long analysis runs on it: DUST learning, clustering), the signal is delivered
    again and `Terminated` raised where that computation stands. It unwinds the computation and
    then the tasks, whose clean-ups run as on a cancellation."""
    import _thread
    import asyncio
    import signal
    import threading

    from siteseer.sessions import TERMINATING

    if threading.current_thread() is not threading.main_thread():
        return await main
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    received: list[int] = []
    taken = threading.Event()
    raised: list[bool] = []  # [whether Terminated was raised in `task` itself]

    def cancel() -> None:
        taken.set()
        if not (raised and raised[0]):
            task.cancel()

    def nudge() -> None:
        if not taken.wait(_BUSY_S):
            _thread.interrupt_main(signal.SIGTERM)

    def on_sigterm(signum: int, frame: object) -> None:
        if received:  # delivered again by `nudge`: the loop is busy
            if not taken.is_set() and not raised:
                # raised in the command's own task, it unwinds it: no cancellation on top
                raised.append(asyncio.current_task(loop) is task)
                raise Terminated(received[0])
            return
        received.append(signum)
        loop.call_soon_threadsafe(cancel)
        threading.Thread(target=nudge, name="sigterm-nudge", daemon=True).start()

    previous = {signum: signal.signal(signum, on_sigterm) for signum in TERMINATING}
    try:
        return await main
    except asyncio.CancelledError:
        if received:
            raise Terminated(received[0]) from None
        raise
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def note(line: str) -> None:
    """One line of what a long step is doing, on stderr."""
    click.echo(line, err=True)


def echo_err(lines: Sequence[str]) -> None:
    """Print `lines` on stderr, one each."""
    for line in lines:
        click.echo(line, err=True)


# --- options several commands take --------------------------------------------------------------

DEFAULT_CACHE = Path(".siteseer/cache.sqlite")
# What a command that reads another's output takes (crawler.inputs reads each kind).
INPUT_KINDS = (
    "a URL list (one a line), siteseer's JSON lines (discover --out, explore's entities.jsonl, "
    "templates cluster), a WARC/ARC file or a siteseer crawl store"
)
PATH = click.Path(path_type=Path)


def render_option(
    help: str = "auto: render only hosts that need a browser; always; never.",
) -> Callable[[F], F]:
    """--render: the Session's render mode (default auto)."""
    return click.option("--render", type=choice(RenderChoice), default="auto", help=help)


def method_option(lead: str = "") -> Callable[[F], F]:
    """--method: a discovery method of the registry (default ssup), its choices and its help
    (each name with its summary) read from `algorithms.DISCOVERY_METHODS`, which imports no
    method; `lead` opens the help."""
    from siteseer.algorithms import DISCOVERY_METHODS

    named = [f"{m.name} ({m.summary})" if m.summary else m.name for m in DISCOVERY_METHODS.values()]
    listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"
    return click.option(
        "--method",
        type=click.Choice(tuple(DISCOVERY_METHODS)),
        default="ssup",
        help=f"{lead}{listed}.",
    )


def cache_options(command: F) -> F:
    """--cache FILE and --no-cache (`cache_file` makes the two one value)."""
    command = click.option("--no-cache", is_flag=True, help="Keep pages in memory only.")(command)
    return click.option(
        "--cache",
        type=PATH,
        default=DEFAULT_CACHE,
        help="SQLite cache of pages: a second run downloads nothing.",
    )(command)


def cache_file(cache: Path, no_cache: bool) -> Path | None:
    """The cache file the options name (None with --no-cache)."""
    return None if no_cache else cache


def format_option(records: str) -> Callable[[F], F]:
    """--format jsonl|json|csv; the command receives it as `fmt` (None: not given, see
    `output_format`). `records` says what one record holds."""
    return click.option(
        "--format",
        "fmt",
        type=choice(OutputFormat),
        default=None,
        show_default=False,
        help=f"jsonl, json or csv (default: --out's extension, else jsonl). {records}",
    )


def output_format(out: Path | None, fmt: OutputFormat | None) -> OutputFormat:
    """The format of an output file: --format as given, else --out's extension (.jsonl,
    .json, .csv), else jsonl; a --format that contradicts the extension ends the command
    (exit 2) rather than write JSON lines into a .csv."""
    suffix = "" if out is None or str(out) == "-" else out.suffix.lower().lstrip(".")
    known = typing.get_args(OutputFormat)
    named = typing.cast("OutputFormat | None", suffix if suffix in known else None)
    if fmt is not None and named is not None and fmt != named:
        raise fail(
            f"--format {fmt} does not match --out {out} (a .{named} file): give --format "
            f"{named}, or an --out ending in .{fmt}"
        )
    return fmt or named or "jsonl"


def site_option(command: F) -> F:
    """--site: the one site of a multi-site INPUT."""
    return click.option(
        "--site",
        help="Use only the pages of this site (a URL or host); needed when INPUT holds several.",
    )(command)


def crawl(
    flags: dict[str, Any], *, render: RenderChoice, cache: Path | None, pages: int | None = None
) -> CrawlOptions:
    """The crawl options of a command: its flags over SITESEER_* over siteseer.toml over the
    defaults (a bad value ends the command, exit 2); `pages` is the command's own budget when
    no layer sets one."""
    from siteseer.sessions import crawl_options
    from siteseer.settings import load_settings

    with user_errors():
        settings, _ = load_settings(flags)
        return crawl_options(settings, render=render, cache=cache, pages=pages)
