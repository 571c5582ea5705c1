"""Crawl events and periodic stats as log records, for runs whose stderr is not a terminal.

    with log_stats(session, "discover (ssup)", every=timedelta(seconds=10)):
        ...

Like Scrapy's LogStats: every `every` one INFO record on the ``crawler.stats`` logger,
``event=stats``, with pages answered, pages per second, errors and the budget left, and one
more at the end of a phase that printed any (a phase shorter than `every` stays quiet, so a
one-page command prints only its own lines); besides, each page, skip, error and the budget's
end is a DEBUG record on ``crawler.events`` (``-vv``). Every record carries `host` and `event` attributes (the structured
formatter of `siteseer.logs` prints them as fields). The context manager and its counts are
crawler/progress.py's `Watch`, as the live line's on a terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from siteseer.crawler.progress import Watch

if TYPE_CHECKING:
    from siteseer.crawler.session import Session

__all__ = ["LogStats", "log_stats"]

stats_logger = logging.getLogger("crawler.stats")
events_logger = logging.getLogger("crawler.events")


def _host(url: str) -> str:
    return urlsplit(url).netloc or "-"


class LogStats(Watch):
    """The periodic stats line and event records of one crawl phase (a context manager)."""

    session: Session

    def __init__(self, session: Session, label: str, every: timedelta) -> None:
        super().__init__(session)
        self.label = label
        self.every = every
        self.host = "-"
        self.lines = 0
        self._task: asyncio.Task[None] | None = None

    def _begin(self) -> None:
        with contextlib.suppress(RuntimeError):  # no running loop: only the final line
            self._task = asyncio.get_running_loop().create_task(self._every())

    def _end(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self.lines:
            self.log_line(final=True)

    async def _every(self) -> None:
        while True:
            await asyncio.sleep(self.every.total_seconds())
            self.log_line()

    def stats(self) -> dict[str, Any]:
        """pages, pages_per_s, errors, budget_left (None: no budget) so far."""
        seconds = max(self.seconds, 1e-9)
        return {
            "pages": self.pages,
            "pages_per_s": round(self.pages / seconds, 2),
            "errors": self.errors,
            "budget_left": self.session.budget_left,
        }

    def log_line(self, *, final: bool = False) -> None:
        """One stats record (`final`: the phase ended)."""
        self.lines += 1
        stats = self.stats()
        left = stats["budget_left"]
        stats_logger.info(
            "%s: %d pages (%.2f pages/s), %d errors, budget left %s%s",
            self.label,
            stats["pages"],
            stats["pages_per_s"],
            stats["errors"],
            "none" if left is None else left,
            " (done)" if final else "",
            extra={"host": self.host, "event": "stats", "fields": stats},
        )

    def _page(self, snapshot: Any, cached: bool) -> None:
        url = str(getattr(snapshot, "url", ""))
        self.host = _host(url) if self.host == "-" else self.host
        events_logger.debug(
            "%s %s%s",
            getattr(snapshot, "status", ""),
            url,
            " (cache)" if cached else "",
            extra={"host": _host(url), "event": "page"},
        )

    def _skip(self, url: str, reason: str) -> None:
        events_logger.debug(
            "skipped %s: %s", url, reason, extra={"host": _host(url), "event": "skip"}
        )

    def _error(self, error: BaseException) -> None:
        url = str(getattr(error, "url", "") or "")
        events_logger.debug("%s", error, extra={"host": _host(url), "event": "error"})

    def _budget(self, used: int, limit: int) -> None:
        events_logger.debug(
            "budget spent: %d of %d page loads",
            used,
            limit,
            extra={"host": self.host, "event": "budget"},
        )


def log_stats(session: Session, label: str, *, every: timedelta) -> LogStats:
    """The stats records of `session`'s phase `label`, one every `every` (see LogStats)."""
    return LogStats(session, label, every)
