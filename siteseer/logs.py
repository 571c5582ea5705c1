"""Logging and run status, configured once per command line.

    configure(Status(level=logging.INFO, stats_every=timedelta(seconds=10), stats_json=path))

`configure` installs one handler on the root logger, writing to standard error as it is at
each record (so a test runner's captured stderr gets it). On a terminal a record is one plain
line (``siteseer: WARNING message``); elsewhere (a pipe, CI, a log file) it is one structured
line of ``key=value`` fields — timestamp, level, host, event, logger, the message — and a
stats record adds its fields (pages, pages_per_s, errors, budget_left):

    ts=2026-11-26T07:31:02Z level=INFO host=127.0.0.1:8000 event=stats logger=crawler.stats pages=40 …

A library that logs at every start what siteseer's user cannot act on (Ray's token
authentication warning at each ``ray.init``) is routed into the same log at debug level
(`at_debug`): its warnings show with ``-vv``, not on every run.

`STATUS` is the configuration in force: `siteseer.sessions.watched_session` reads it for the
stats interval, and hands each Session it closes to `RUN` (the run's record), which
`write_run_stats` writes as JSON for ``--stats-json``: the command, each crawl phase's cost,
timings and render decisions, the stop reason and the exit code.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # the command line configures logging before a command loads the crawler
    from siteseer.crawler import Session

__all__ = [
    "RUN",
    "STATUS",
    "RunRecord",
    "Status",
    "StructuredFormatter",
    "at_debug",
    "configure",
    "write_run_stats",
]

ROOT_LOGGERS = ("render", "crawler", "algorithms", "output", "lab", "siteseer")


@dataclass(frozen=True)
class Status:
    """How a run reports: the log level, whether the periodic stats lines show whatever the
    level (`stats`), whether records are structured (None: when standard error is not a
    terminal), the stats interval and the ``--stats-json`` file."""

    level: int = logging.WARNING
    stats: bool = False
    structured: bool | None = None
    stats_every: timedelta = timedelta(seconds=10)
    stats_json: Path | None = None

    def is_structured(self) -> bool:
        if self.structured is not None:
            return self.structured
        return not sys.stderr.isatty()


STATUS = Status()


class _StderrHandler(logging.StreamHandler):
    """A handler writing to `sys.stderr` as it is when a record comes."""

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        pass


def _value(value: Any) -> str:
    text = "none" if value is None else str(value)
    if not text or any(c in text for c in ' ="\n'):
        return json.dumps(text, ensure_ascii=False)
    return text


class StructuredFormatter(logging.Formatter):
    """One ``key=value`` line per record (see the module docstring)."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = datetime.fromtimestamp(record.created, UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        fields: dict[str, Any] = {
            "ts": stamp[:-4] + "Z",
            "level": record.levelname,
            "host": getattr(record, "host", "-"),
            "event": getattr(record, "event", "log"),
            "logger": record.name,
        }
        fields.update(getattr(record, "fields", {}) or {})
        fields["msg"] = record.getMessage()
        line = " ".join(f"{key}={_value(value)}" for key, value in fields.items())
        if record.exc_info:
            line += " exc=" + _value(self.formatException(record.exc_info))
        return line


class _PlainFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return f"siteseer: {record.levelname} {record.getMessage()}"


_HANDLER = _StderrHandler()


class _AtDebug(logging.Filter):
    """The handler's filter that lowers the records of the loggers named in `names` (and their
    children) below ERROR to DEBUG, and keeps them only when the handler shows DEBUG."""

    def __init__(self, handler: logging.Handler) -> None:
        super().__init__()
        self.handler = handler
        self.names: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR:
            return True
        if record.name.split(".", 1)[0] not in self.names:
            return True
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return self.handler.level <= logging.DEBUG


_DEMOTED = _AtDebug(_HANDLER)
_HANDLER.addFilter(_DEMOTED)


def at_debug(name: str, level: int = logging.WARNING) -> None:
    """Route the top-level logger `name` (a library's: "ray") into siteseer's log: its records
    from `level` up reach the log's handler, its warnings at debug level (shown with -vv), its
    errors as errors; the handlers the library installed on it are removed."""
    _DEMOTED.names.add(name)
    logger = logging.getLogger(name)
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
    logger.setLevel(level)
    logger.propagate = True


def configure(status: Status) -> None:
    """Configure the loggers for `status` (once; a second call replaces the first)."""
    global STATUS
    STATUS = status
    RUN.reset()
    _HANDLER.setFormatter(StructuredFormatter() if status.is_structured() else _PlainFormatter())
    root = logging.getLogger()
    if _HANDLER not in root.handlers:
        root.addHandler(_HANDLER)
    shown = min(status.level, logging.INFO) if status.stats else status.level
    _HANDLER.setLevel(shown)
    root.setLevel(min(status.level, logging.WARNING))
    for name in ROOT_LOGGERS:
        logging.getLogger(name).setLevel(status.level)
    logging.getLogger("crawler.stats").setLevel(shown)


@dataclass
class RunRecord:
    """What `--stats-json` writes: the command and its crawl phases, as they happen."""

    command: str = ""
    started: float = field(default_factory=time.time)
    phases: list[dict[str, Any]] = field(default_factory=list)

    def reset(self, command: str = "") -> None:
        self.command = command
        self.started = time.time()
        self.phases = []

    def add_phase(self, label: str, session: Session, seconds: float) -> None:
        """A closed Session's phase: its cost, how long it took, its render decisions."""
        self.phases.append(
            {
                "label": label,
                "seconds": round(seconds, 3),
                "cost": asdict(session.cost()),
                "budget_left": session.budget_left,
                "render_decisions": {
                    host: asdict(decision) for host, decision in session.render_decisions.items()
                },
            }
        )

    def to_dict(self, stop: str, reason: str, exit_code: int) -> dict[str, Any]:
        totals: dict[str, float] = {}
        for phase in self.phases:
            for key, value in phase["cost"].items():
                totals[key] = round(totals.get(key, 0) + value, 3)
        return {
            "command": self.command,
            "started": datetime.fromtimestamp(self.started, UTC).isoformat(),
            "seconds": round(time.time() - self.started, 3),
            "stop": stop,
            "reason": reason,
            "exit_code": exit_code,
            "cost": totals,
            "phases": self.phases,
        }


RUN = RunRecord()


def write_run_stats(stop: str, reason: str, exit_code: int) -> Path | None:
    """Write the run's record to `STATUS.stats_json` (when set); the file written, or None."""
    path = STATUS.stats_json
    if path is None:
        return None
    document = RUN.to_dict(stop, reason, exit_code)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    if str(path) == "-":
        sys.stdout.write(text)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
