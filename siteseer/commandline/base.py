"""What every command of the command line shares: its click classes, the run plumbing and the
options several commands take.

Errors the user can fix (`siteseer.errors.UserError`) end the command with one line on stderr
and exit code 2 (no traceback); an incomplete run (its page budget spent, its --time-limit
reached) writes what it found, marked incomplete, and exits 1; Ctrl-C does the same with exit
code 130 (a second Ctrl-C stops at once, writing nothing); SIGTERM stops at once with 143.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Coroutine, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from siteseer.choices import RenderChoice
from siteseer.errors import UserError, one_line

if TYPE_CHECKING:
    from siteseer.sessions import CrawlOptions

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])

__all__ = [
    "CONTEXT",
    "DEFAULT_CACHE",
    "EXIT_CODES",
    "INPUT_KINDS",
    "PATH",
    "STOP",
    "Argument",
    "Command",
    "Group",
    "Terminated",
    "cache_file",
    "cache_options",
    "choice",
    "crawl",
    "echo_err",
    "exit_if_incomplete",
    "fail",
    "note",
    "render_option",
    "run",
    "site_option",
    "user_errors",
    "warn_incomplete",
]

EXIT_CODES = """Exit codes: 0 done; 1 incomplete (budget spent, time limit reached, pages
unreachable: the reason is on stderr; what was found is written, marked incomplete); 2 an error
you can fix (bad option or input, unwritable output, no browser: one line on stderr, nothing
written); 130 interrupted (Ctrl-C: what was found is written, marked incomplete; a second Ctrl-C
stops at once; rerun with the same cache to continue); 143 terminated (SIGTERM: stops at once,
as a second Ctrl-C, after stopping what the command started)."""

# Every command's context: defaults shown in its help, -h as well as --help.
CONTEXT: dict[str, Any] = {"show_default": True, "help_option_names": ["--help", "-h"]}


class Argument(click.Argument):
    """A positional argument with a line of help (shown under "Arguments")."""

    def __init__(self, *args: Any, help: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = help


class Command(click.Command):
    """A siteseer command (click's, with the context settings every command shares); its
    arguments' help is listed before its options."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("context_settings", dict(CONTEXT))
        super().__init__(*args, **kwargs)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [
            (param.make_metavar(ctx), param.help)
            for param in self.get_params(ctx)
            if isinstance(param, Argument) and param.help
        ]
        if rows:
            with formatter.section("Arguments"):
                formatter.write_dl(rows)
        super().format_options(ctx, formatter)


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
    except Terminated:
        click.echo(
            "siteseer: terminated (SIGTERM); rerun with the same cache to continue", err=True
        )
        STOP.append(("terminated", "SIGTERM", 143))
        raise click.exceptions.Exit(143) from None


class Terminated(BaseException):
    """The command's process was sent SIGTERM; its coroutine was cancelled and cleaned up.

    A BaseException, as KeyboardInterrupt is: raised inside a long computation (see
    `_terminable`), no `except Exception` on its way out may take it for an error to handle."""


# How long SIGTERM waits for the event loop to take the cancellation before it is raised inside
# whatever computation keeps the loop from it.
_BUSY_S = 0.5


async def _terminable(main: Coroutine[Any, Any, T]) -> T:
    """Await `main`; SIGTERM cancels it as a second Ctrl-C does, so that every `finally` and
    `async with` inside runs (a served real application's process group is stopped, the cache
    closed) before `Terminated` is raised. Outside the main thread nothing changes.

    The cancellation is handed to the event loop; when the loop has not taken it within
    `_BUSY_S` (a long analysis runs on it: DUST learning, clustering), the signal is delivered
    again and `Terminated` raised where that computation stands. It unwinds the computation and
    then the tasks, whose clean-ups run as on a cancellation."""
    import _thread
    import asyncio
    import signal
    import threading

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
                raise Terminated
            return
        received.append(signum)
        loop.call_soon_threadsafe(cancel)
        threading.Thread(target=nudge, name="sigterm-nudge", daemon=True).start()

    previous = signal.signal(signal.SIGTERM, on_sigterm)
    try:
        return await main
    except asyncio.CancelledError:
        if received:
            raise Terminated from None
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


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
    from siteseer.settings import crawl_options, load_settings

    with user_errors():
        settings, _ = load_settings(flags)
        return crawl_options(settings, render=render, cache=cache, pages=pages)
