"""Each bench run's trace, kept beside its row: where every download went, and why.

A tier row that fell, or costs more than its bound, is explained after the fact from
``OUT/traces/<site>--<method>.txt`` (`siteseer lab bench` writes one per run as the run ends, so
a bench stopped half-way keeps the traces of the runs it finished). The file holds the row's
figures, the run's page loads in the order they happened (`LoadLog`: each page or script
state the run loaded, a URL or a URL with the browser actions that reached the state, fetched
or rendered, with its status; answers from the run's own cache are not loads and are left out) and the method's own trace: `siteseer discover --explain`'s tree for a
Discovery, one line per step for the other results.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from siteseer.algorithms import Discovery, TraceEntry, explain_discovery
from siteseer.crawler.progress import Watch, counted
from siteseer.lab.results import BenchRun

__all__ = ["Load", "LoadLog", "run_trace", "slug", "trace_path", "write_trace"]


@dataclass(frozen=True, slots=True)
class Load:
    """One page load of a run: the URL (or an action's state key), whether a browser made it,
    and the HTTP status it answered with."""

    url: str
    rendered: bool
    status: int


class LoadLog(Watch):
    """The Session's loads and failed pages while in its block, in order (`loads`, `failures`)."""

    def __init__(self, session: Any = None) -> None:
        super().__init__(session)
        self.loads: list[Load] = []
        self.failures: list[str] = []

    def _page(self, snapshot: Any, cached: bool) -> None:
        if not cached:
            key = snapshot.state.key() if snapshot.state is not None else snapshot.url
            self.loads.append(Load(key, snapshot.rendered, snapshot.status))

    def _error(self, error: BaseException) -> None:
        self.failures.append(str(error) or type(error).__name__)


def slug(text: str, default: str = "run") -> str:
    """`text` as a file name's part: runs of other characters than letters and digits become
    one hyphen, lower case (`default` when nothing is left)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or default


def trace_path(directory: Path, site: str, method: str) -> Path:
    """Where the trace of `method` on `site` goes under `directory`."""
    return directory / f"{slug(site)}--{slug(method)}.txt"


def run_trace(run: BenchRun, log: LoadLog) -> str:
    """The text of one run's trace (module doc)."""
    row = run.row
    figures = (
        f"precision {row.precision}, recall {row.recall}, F1 {row.f1}"
        if row.error is None
        else f"FAILED: {row.error}"
    )
    lines = [
        f"{row.site} · {row.method}: {figures}",
        f"{counted(row.cost.downloads, 'download')} ({row.cost.renders} rendered, "
        f"{counted(row.cost.actions, 'action')}), lower bound {row.lower_bound_downloads}, {row.seconds:.1f} s"
        + ("" if row.complete else ", incomplete"),
        "",
        f"page loads, in order ({len(log.loads)}):",
    ]
    width = len(str(len(log.loads)))
    for number, load in enumerate(log.loads, 1):
        mode = "rendered" if load.rendered else "fetched"
        lines.append(f"{number:>{width}}. {load.status} {mode:<8} {load.url}")
    if log.failures:
        lines += ["", f"pages that failed ({len(log.failures)}):"]
        lines += [f"  {failure}" for failure in log.failures]
    result = run.run.result if run.run is not None else None
    if isinstance(result, Discovery):
        lines += ["", explain_discovery(result)]
    elif result is not None:
        trace: tuple[TraceEntry, ...] = getattr(result, "trace", ())
        lines += ["", f"{type(result).__name__} trace ({len(trace)} steps):"]
        for entry in trace:
            lines.append(entry.line(level=True))
            if entry.note:
                lines.append(f"    {entry.note}")
    return "\n".join(lines) + "\n"


def write_trace(directory: Path, run: BenchRun, log: LoadLog) -> Path:
    """Write `run`'s trace under `directory` (created); return its path."""
    directory.mkdir(parents=True, exist_ok=True)
    path = trace_path(directory, run.row.site, run.row.method)
    path.write_text(run_trace(run, log))
    return path
