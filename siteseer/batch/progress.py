"""`siteseer batch`'s progress: a bar on a terminal, one log line per finished site everywhere.

    with BatchProgress() as progress:
        outcome = await run_batch(options, progress.site, progress.begin)

On a terminal the bar (on stderr) shows sites finished of those to run, how many are done and
failed, the pages per second of the sites finished so far and the time the sites left take at
the rate sites have finished; it is drawn in place and removed at the end (the bar and the
context manager are crawler/progress.py's, as the crawl's progress line). Each finished site
also gets a line above it (``[3/12] done URL: 41 entities, 57 pages, 2.1 s``), never wrapped —
the only output off a terminal (logs, CI), where no bar is drawn.
"""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import TaskID

from siteseer.crawler.progress import Watch, live_bar, pace, time_left

__all__ = ["BatchProgress"]


class BatchProgress(Watch):
    """The progress of one batch (a context manager); `site` and `begin` are run_batch's hooks."""

    def __init__(self, console: Console | None = None) -> None:
        super().__init__()
        self.console = console or Console(stderr=True, highlight=False)
        self.finished = 0
        self.done = 0
        self.failed = 0
        self.total = 0
        bar = min(40, max(10, self.console.width // 5))
        self._progress = live_bar(self.console, total=True, bar_width=bar)
        self._task: TaskID | None = None

    def _begin(self) -> None:
        self._progress.start()

    def _end(self) -> None:
        self._progress.stop()

    def begin(self, total: int, skipped: int) -> None:
        """The batch starts: `total` sites to run, `skipped` already done by an earlier run."""
        self.total = total
        self.started = time.monotonic()
        if skipped:
            self.console.print(
                f"{skipped} sites already done in this output directory: skipped", soft_wrap=True
            )
        self._task = self._progress.add_task("batch", total=total, status=self.status)

    def site(self, row: dict[str, Any]) -> None:
        """A site finished with this manifest row."""
        self.finished += 1
        self.done += row["status"] == "done"
        self.failed += row["status"] == "failed"
        self.pages += int(row["downloads"])
        note = f" ({row['reason']})" if row["reason"] else ""
        of = f"/{self.total}" if self.total else ""
        self.console.print(
            escape(
                f"[{self.finished}{of}] {row['status']} {row['url']}: {row['entities']} entities, "
                f"{row['downloads']} pages, {row['seconds']:.1f} s{note}"
            ),
            soft_wrap=True,  # one line whatever its length: a log is read by lines
        )
        if self._task is not None:
            self._progress.update(self._task, advance=1, status=self.status)

    @property
    def status(self) -> str:
        """`done 5 · failed 1 · 18.2 pages/s · 1:05 left` (the sites left at the rate they
        have finished so far)."""
        seconds = self.seconds
        failed = f"[red]failed {self.failed}[/]" if self.failed else "failed 0"
        shown = f"done {self.done} · {failed} · {pace(self.pages, seconds)}"
        eta = time_left(self.finished, seconds, self.total - self.finished)
        return shown if eta is None else f"{shown} · {eta}"
