"""`siteseer demo`: the lab served, the methods run stage by stage, tables and a report.

The stages are `lab.demo.STAGES`; this module runs the chosen ones and writes the report to
`lab.demo.OUT_DIR` (out/demo under the working directory).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from siteseer.choices import DemoSize
from siteseer.commands.lab import lab_site_ids
from siteseer.crawler.progress import progress as progress_line
from siteseer.errors import run_failures
from siteseer.lab.bench import Progress, write_outputs
from siteseer.lab.demo import OUT_DIR, format_table, run_demo
from siteseer.lab.errors import BenchError

__all__ = ["DemoOptions", "DemoOutcome", "StageTable", "demo"]


@dataclass(frozen=True)
class DemoOptions:
    """`demo`: the site size, the lab sites as given (empty: every stage's sites), the seed."""

    size: DemoSize = "small"
    sites: tuple[str, ...] = ()
    seed: int = 0


@dataclass(frozen=True)
class StageTable:
    """One stage's title, its note (may be empty) and its table of runs."""

    title: str
    note: str
    table: str


@dataclass(frozen=True)
class DemoOutcome:
    """The stages' tables in order and the report written (an absolute path)."""

    stages: tuple[StageTable, ...]
    report: Path


async def demo(options: DemoOptions, progress: Progress) -> DemoOutcome:
    """Run the demo's stages on the lab and write out/demo (results and report.html).

    `progress` gets a line per stage and per finished run. A demo that cannot run as asked (no
    stage uses the chosen sites) is a RunFailed.
    """
    sites = lab_site_ids(options.sites)
    with run_failures(BenchError):
        results = await run_demo(
            options.size, options.seed, sites, progress=progress, watch=progress_line
        )
    runs = [run for result in results for run in result.runs]
    meta = {
        "size": options.size,
        "seed": str(options.seed),
        "stages": ", ".join(r.stage.name for r in results),
    }
    outputs = write_outputs(runs, OUT_DIR, title="siteseer demo", meta=meta)
    tables = tuple(
        StageTable(r.stage.title, r.stage.note, format_table([run.row for run in r.runs]))
        for r in results
    )
    return DemoOutcome(tables, outputs.report_html.resolve())
