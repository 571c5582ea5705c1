"""A live progress line for command-line crawls, driven by a Session's events.

    async with Session(config) as session:
        with progress(session, "discover", total=budget):
            result = await ssup(session, seed)
        print_summary(session.cost())

The line (on stderr) shows pages answered, downloads, renders, cache hits, skipped pages, errors,
what is left of the budget, the pages per second and, where the budget or `total` bounds the
work, the time left at that rate; with `total` it also draws a bar. It listens to the Session's
``page``, ``skip``, ``error`` and ``budget`` events and stops listening on exit, so one Session
can show several phases one after another. On a terminal the line is redrawn in place and
removed at the end; elsewhere (logs, CI) nothing is drawn and only `print_summary` prints.
rich is imported only where a line may be drawn: a run off a terminal does not wait for it.

`Watch` is the context manager every progress display of siteseer is (this line, the periodic
stats records of crawler/logstats.py, a batch's bar in siteseer/batch/progress.py): it counts a
Session's events while in its block; `live_bar` is the bar the two terminal displays draw,
`pace` and `time_left` their rate and the time left.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from siteseer.crawler.cost import Cost

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID

    from siteseer.crawler.session import Session

__all__ = [
    "CrawlProgress",
    "Watch",
    "counted",
    "format_cost",
    "live_bar",
    "pace",
    "print_summary",
    "progress",
    "time_left",
]


def format_cost(cost: Cost) -> str:
    """One line: ``12 downloads (3 rendered, 1 action) · 5 from the cache (the oldest stored
    2 h ago) · 1.2 MB · 3.4 s · 0 errors``."""
    parts = [f"{counted(cost.downloads, 'download')} ({cost.renders} rendered"]
    if cost.actions:
        parts[0] += f", {counted(cost.actions, 'action')}"
    parts[0] += ")"
    parts.append(cost.cache_note())
    parts.append(_size(cost.bytes))
    parts.append(f"{cost.seconds:.1f} s")
    parts.append(counted(cost.errors, "error"))
    return " · ".join(parts)


def counted(n: int, noun: str) -> str:
    """``1 download``, ``2 downloads``: `n` and `noun`, plural when `n` is not 1."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} B"
    if count < 1024 * 1024:
        return f"{count / 1024:.1f} KB"
    return f"{count / (1024 * 1024):.1f} MB"


def print_summary(cost: Cost, *, label: str = "", console: Console | None = None) -> None:
    """Print `format_cost(cost)` on stderr, or on `console` (prefixed with `label` when given)."""
    line = f"{label}: {format_cost(cost)}" if label else format_cost(cost)
    if console is None:
        print(line, file=sys.stderr)  # plain text: what rich prints for it, without loading rich
    else:
        console.print(line, soft_wrap=True)


def _may_draw_on_stderr() -> bool:
    """False where rich's `Console(stderr=True).is_terminal` is surely False: standard error is
    not a terminal and neither TTY_COMPATIBLE=1 nor a non-empty FORCE_COLOR says it is one."""
    forced = os.environ.get("TTY_COMPATIBLE") == "1" or bool(os.environ.get("FORCE_COLOR"))
    return forced or sys.stderr.isatty()


def pace(done: float, seconds: float, unit: str = "pages") -> str:
    """``12.5 pages/s``: the rate of `done` in `seconds`."""
    return f"{done / seconds if seconds > 0 else 0.0:.1f} {unit}/s"


def time_left(done: float, seconds: float, left: float) -> str | None:
    """``0:42 left``: the time the work `left` takes at the rate of `done` in `seconds` (in the
    same units); None while nothing is done or nothing is left."""
    if done <= 0 or seconds <= 0 or left <= 0:
        return None
    return f"{_clock(left * seconds / done)} left"


def _clock(seconds: float) -> str:
    """``0:42``, ``12:05``, ``1:02:03``."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def live_bar(console: Console, *, total: bool, bar_width: int) -> Progress:
    """The live line a terminal display draws on `console`: a spinner, the task's description,
    with `total` a bar of `bar_width` and done/total, then the task's ``status`` field and the
    time elapsed; redrawn in place, removed at the end, drawn only on a terminal."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    columns: list[ProgressColumn] = [SpinnerColumn(), TextColumn("[bold]{task.description}")]
    if total:
        columns += [BarColumn(bar_width=bar_width), MofNCompleteColumn()]
    columns += [TextColumn("{task.fields[status]}"), TimeElapsedColumn()]
    return Progress(*columns, console=console, transient=True, disable=not console.is_terminal)


class Watch:
    """A progress display as a context manager: `_begin` on entering, `_end` on leaving, and
    while inside, the `session`'s ``page``, ``skip``, ``error`` and ``budget`` events counted
    (`pages`, `cached`, `skipped`, `errors`, `budget_spent`; `started` is when the block began)
    and passed on to `_page`, `_skip`, `_error` and `_budget`. Without a session it counts
    nothing itself (a batch's sites are counted by their own hooks)."""

    def __init__(self, session: Session | None = None) -> None:
        self.session = session
        self.pages = 0
        self.cached = 0
        self.skipped = 0
        self.errors = 0
        self.budget_spent = False
        self.started = time.monotonic()
        self._handlers: dict[str, Callable[..., None]] = {
            "page": self._on_page,
            "skip": self._on_skip,
            "error": self._on_error,
            "budget": self._on_budget,
        }

    def __enter__(self) -> Self:
        self.started = time.monotonic()
        self._begin()
        if self.session is not None:
            for event, handler in self._handlers.items():
                self.session.events.on(event, handler)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.session is not None:
            for event, handler in self._handlers.items():
                self.session.events.remove_listener(event, handler)
        self._end()

    @property
    def seconds(self) -> float:
        """Seconds since the block began."""
        return time.monotonic() - self.started

    def _begin(self) -> None:
        """Entering the block."""

    def _end(self) -> None:
        """Leaving the block."""

    def _on_page(self, snapshot: Any, cached: bool) -> None:
        self.pages += 1
        self.cached += int(cached)
        self._page(snapshot, cached)

    def _on_skip(self, url: str, reason: str) -> None:
        self.skipped += 1
        self._skip(url, reason)

    def _on_error(self, error: BaseException) -> None:
        self.errors += 1
        self._error(error)

    def _on_budget(self, used: int, limit: int) -> None:
        self.budget_spent = True
        self._budget(used, limit)

    def _page(self, snapshot: Any, cached: bool) -> None:
        """A page was answered (after it is counted)."""

    def _skip(self, url: str, reason: str) -> None:
        """A URL was skipped (after it is counted)."""

    def _error(self, error: BaseException) -> None:
        """A page failed (after it is counted)."""

    def _budget(self, used: int, limit: int) -> None:
        """The budget was spent."""


class CrawlProgress(Watch):
    """The live progress line of one phase of a crawl (a context manager).

    `total` (pages expected, or the budget) draws a bar; `label` names the phase. The counts
    are kept on the instance (`pages`, `cached`, `skipped`, `errors`) for callers to read.
    """

    session: Session

    def __init__(
        self,
        session: Session,
        *,
        total: int | None = None,
        label: str = "crawl",
        console: Console | None = None,
    ) -> None:
        super().__init__(session)
        self.total = total
        self.label = label
        self._progress: Progress | None = None  # None: nothing is drawn
        self._task: TaskID | None = None
        self._left_at_start = session.budget_left
        if console is None and not _may_draw_on_stderr():
            self._bar = 0
        else:
            self._start_drawing(console)

    def _start_drawing(self, console: Console | None) -> None:
        from rich.console import Console

        self._console = console or Console(stderr=True)
        self._bar = min(40, max(10, self._console.width // 6))
        self._progress = live_bar(self._console, total=self.total is not None, bar_width=self._bar)

    def _begin(self) -> None:
        self._left_at_start = self.session.budget_left
        if self._progress is not None:
            status = self._status()
            self._task = self._progress.add_task(self.label, total=self.total, status=status)
            self._progress.start()

    def _end(self) -> None:
        if self._progress is not None:
            self._progress.stop()

    # -- events ---------------------------------------------------------------------------------

    def _page(self, snapshot: Any, cached: bool) -> None:
        self._refresh(advance=1)

    def _skip(self, url: str, reason: str) -> None:
        self._refresh()

    def _error(self, error: BaseException) -> None:
        self._refresh()

    def _budget(self, used: int, limit: int) -> None:
        self._refresh()

    def _status(self) -> str:
        """The counts that fit the terminal's width: pages, skipped, errors and the budget
        always, then as room allows the pace (pages per second and, where the budget or the
        total bounds the work, the time left at the rate it is being spent), downloads,
        rendered and cached."""
        cost = self.session.cost()
        left = self.session.budget_left
        parts: list[str] = [f"{self.pages} pages"]
        if self.skipped:
            parts.append(f"{self.skipped} skipped")
        if self.errors:
            parts.append(f"[red]{self.errors} errors[/]")
        if self.budget_spent:
            parts.append("[yellow]budget spent[/]")
        elif left is not None:
            parts.append(f"left {left}")
        optional = [self._pace(), f"{cost.downloads} downloads", f"{cost.renders} rendered"]
        optional.append(f"{cost.cache_hits} cached")
        room = self._console.width - self._fixed_width()
        used = sum(_visible(text) + 3 for text in parts)
        kept: dict[int, str] = {}
        for i, text in enumerate(optional):
            if used + _visible(text) + 3 <= room:
                kept[i] = text
                used += _visible(text) + 3
        counts = [kept[i] for i in range(1, len(optional)) if i in kept]
        return " · ".join([parts[0], *counts, *parts[1:], *([kept[0]] if 0 in kept else [])])

    def _pace(self) -> str:
        """Pages per second, and the time left where the work is bounded: the budget left at
        the rate this phase spends it, else the pages left of the total."""
        seconds = self.seconds
        left = self.session.budget_left
        if left is not None and self._left_at_start is not None:
            eta = time_left(self._left_at_start - left, seconds, left)
        elif self.total is not None:
            eta = time_left(self.pages, seconds, self.total - self.pages)
        else:
            eta = None
        shown = pace(self.pages, seconds)
        return shown if eta is None else f"{shown} · {eta}"

    def _fixed_width(self) -> int:
        """Columns the spinner, label, bar, count and elapsed time take."""
        width = 2 + len(self.label) + 1 + 8
        if self.total is not None:
            width += self._bar + 1 + 2 * len(str(self.total)) + 2
        return width

    def _refresh(self, advance: int = 0) -> None:
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, advance=advance, status=self._status())


def _visible(text: str) -> int:
    """The width of `text` once its rich markup is drawn."""
    from rich.text import Text

    return len(Text.from_markup(text).plain)


def progress(session: Session, description: str, *, total: int | None = None) -> CrawlProgress:
    """The live progress line for `session`, labelled `description` (see CrawlProgress)."""
    return CrawlProgress(session, total=total, label=description)
