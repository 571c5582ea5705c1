"""A live progress line for command-line crawls, driven by a Session's events.

    async with Session(config) as session:
        with progress(session, "discover", total=budget):
            result = await ssup(session, seed)
        print_summary(session.cost())

The line (on stderr) shows pages answered, downloads, renders, cache hits, skipped pages, errors
and what is left of the budget; with `total` it also draws a bar. It listens to the Session's
``page``, ``skip``, ``error`` and ``budget`` events and stops listening on exit, so one Session
can show several phases one after another. On a terminal the line is redrawn in place and
removed at the end; elsewhere (logs, CI) nothing is drawn and only `print_summary` prints.
rich is imported only where a line may be drawn: a run off a terminal does not wait for it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any

from siteseer.crawler.cost import Cost

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID

    from siteseer.crawler.session import Session

__all__ = ["CrawlProgress", "format_cost", "print_summary", "progress"]


def format_cost(cost: Cost) -> str:
    """One line: ``12 downloads (3 rendered, 1 action) · 5 cache hits · 1.2 MB · 3.4 s · 0 errors``."""
    parts = [f"{_count(cost.downloads, 'download')} ({cost.renders} rendered"]
    if cost.actions:
        parts[0] += f", {_count(cost.actions, 'action')}"
    parts[0] += ")"
    parts.append(_count(cost.cache_hits, "cache hit"))
    parts.append(_size(cost.bytes))
    parts.append(f"{cost.seconds:.1f} s")
    parts.append(_count(cost.errors, "error"))
    return " · ".join(parts)


def _count(n: int, noun: str) -> str:
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


class CrawlProgress:
    """The live progress line of one phase of a crawl (a context manager).

    `total` (pages expected, or the budget) draws a bar; `label` names the phase. The counts
    are kept on the instance (`pages`, `cached`, `skipped`, `errors`) for callers to read.
    """

    def __init__(
        self,
        session: Session,
        *,
        total: int | None = None,
        label: str = "crawl",
        console: Console | None = None,
    ) -> None:
        self.session = session
        self.total = total
        self.label = label
        self.pages = 0
        self.cached = 0
        self.skipped = 0
        self.errors = 0
        self.budget_spent = False
        self._progress: Progress | None = None  # None: nothing is drawn
        self._task: TaskID | None = None
        if console is None and not _may_draw_on_stderr():
            self._bar = 0
        else:
            self._start_drawing(console)
        self._handlers: dict[str, Callable[..., None]] = {
            "page": self._on_page,
            "skip": self._on_skip,
            "error": self._on_error,
            "budget": self._on_budget,
        }

    def _start_drawing(self, console: Console | None) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )

        self._console = console or Console(stderr=True)
        columns: list[ProgressColumn] = [SpinnerColumn(), TextColumn("[bold]{task.description}")]
        self._bar = min(40, max(10, self._console.width // 6))
        if self.total is not None:
            columns += [BarColumn(bar_width=self._bar), MofNCompleteColumn()]
        columns += [TextColumn("{task.fields[status]}"), TimeElapsedColumn()]
        self._progress = Progress(
            *columns,
            console=self._console,
            transient=True,
            disable=not self._console.is_terminal,
        )

    def __enter__(self) -> CrawlProgress:
        if self._progress is not None:
            status = self._status()
            self._task = self._progress.add_task(self.label, total=self.total, status=status)
            self._progress.start()
        for event, handler in self._handlers.items():
            self.session.events.on(event, handler)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        for event, handler in self._handlers.items():
            self.session.events.remove_listener(event, handler)
        if self._progress is not None:
            self._progress.stop()

    # -- events ---------------------------------------------------------------------------------

    def _on_page(self, snapshot: Any, cached: bool) -> None:
        self.pages += 1
        self.cached += int(cached)
        self._refresh(advance=1)

    def _on_skip(self, url: str, reason: str) -> None:
        self.skipped += 1
        self._refresh()

    def _on_error(self, error: BaseException) -> None:
        self.errors += 1
        self._refresh()

    def _on_budget(self, used: int, limit: int) -> None:
        self.budget_spent = True
        self._refresh()

    def _status(self) -> str:
        """The counts that fit the terminal's width: pages, skipped, errors and the budget
        always, then downloads, rendered and cached as room allows."""
        cost = self.session.cost()
        left = self.session.budget_left
        parts: list[tuple[int, str]] = [(0, f"{self.pages} pages")]
        if self.skipped:
            parts.append((0, f"{self.skipped} skipped"))
        optional = [f"{cost.downloads} downloads", f"{cost.renders} rendered"]
        optional.append(f"{cost.cache_hits} cached")
        if self.errors:
            parts.append((0, f"[red]{self.errors} errors[/]"))
        if self.budget_spent:
            parts.append((0, "[yellow]budget spent[/]"))
        elif left is not None:
            parts.append((0, f"left {left}"))
        room = self._console.width - self._fixed_width()
        used = sum(_visible(text) + 3 for _, text in parts)
        kept: list[str] = []
        for text in optional:
            if used + _visible(text) + 3 <= room:
                kept.append(text)
                used += _visible(text) + 3
        return " · ".join([parts[0][1], *kept, *(text for _, text in parts[1:])])

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
