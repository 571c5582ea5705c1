"""`siteseer batch` throughput: one site at a time, the local engine and Ray, on the lab sites.

    python -m bench.batch [--size small|medium] [--sites council,cars,…]
                          [--render auto|never|always] [--no-ray] [--keep DIR] [--timeline]

Serves each lab site on loopback from a process of its own (`LabServer(apart=True)`, so the
server's work is not charged to the crawling processes) and runs one batch over them three
times, one method per site as the lab scores it (discover with SSUP from an entity-tree
site's sample entity page, explore from a shop's widest list page, templates over up to 200
pages of the others): (a) the local engine with one worker — one site at a time; (b) the
local engine with two workers; (c) the Ray engine with two workers (a local Ray started and
shut down by the run, its start-up counted); then (d) the same as (c) joining a Ray cluster
that already runs (`--address`; a one-node cluster of 2 CPUs on loopback, started before the
run and stopped after it, neither timed), as a batch on a standing cluster runs. `--render auto` (default) renders where a page
needs it, `always` renders every page in Chromium (the browser-heavy batch), `never` takes
the HTTP path only. Each run writes to a fresh directory with no page cache. Prints a markdown
table: sites, wall seconds, sites/min, pages/s, the CPU seconds and peak resident memory of
each worker (its browser included; see siteseer.batch.usage), and the driver's own cost per
site (writing a result and its manifest line, timed around `Manifest.record`); sites not done
are named on stderr. `--keep DIR` copies each run's manifest.jsonl to DIR/a.jsonl, b.jsonl,
c.jsonl, d.jsonl (per-site seconds, pages, CPU and worker, for finding where a run's time goes).
Then the issue's targets: (c) and (d) against (a) (goal ≥ 1.6×) and (c) against (b) (goal
within 10 %). `--timeline` prints each run's sites per worker on the batch's clock (start, end, the gaps
between them), its start-up (the batch's start to the first site's), its tail (the first
worker going idle for good to the last site's end) and its wind-down (the last site's end to
the batch's).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from siteseer.batch import Manifest, SiteResult, TaskOptions
from siteseer.choices import BatchEngine
from siteseer.commands.batch import BatchOptions, run_batch
from siteseer.crawler import RenderMode
from siteseer.lab import SITE_IDS, SiteTruth, Size, start_url
from siteseer.lab.server import running_lab

__all__ = ["Row", "main", "run"]

# Ray turns a loopback node address into the machine's own IP ("remotely reachable") unless
# told it runs no multi-machine cluster: the cluster of (d) lives on 127.0.0.1 only. Read when
# Ray loads.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

SCORED = [site for site in SITE_IDS if site not in ("testbed", "bench")]  # the 12 scored sites


@dataclass(frozen=True)
class Span:
    """One site on the batch's clock: its name, worker, start and end (seconds)."""

    site: str
    worker: str
    start: float
    end: float


@dataclass(frozen=True)
class Row:
    label: str
    sites: int
    done: int
    pages: int
    seconds: float
    record_ms: float
    cpu_per_worker: float
    rss_per_worker: float
    spans: tuple[Span, ...] = ()

    @property
    def sites_per_minute(self) -> float:
        return 60 * self.sites / self.seconds

    @property
    def pages_per_second(self) -> float:
        return self.pages / self.seconds


@contextmanager
def served(site_ids: list[str], size: Size) -> Iterator[list[SiteTruth]]:
    """Serve the sites, each from a process of its own; yield their truths."""
    with running_lab(site_ids, size, apart=True) as server:
        yield [server.truth(site_id) for site_id in site_ids]


def _lines(truths: list[SiteTruth], render: RenderMode) -> list[str]:
    """One line per scored site, with the method its kind is scored by: discover (SSUP) from
    an entity-tree site's sample entity, explore from a shop's widest list page, templates
    over up to 200 pages of any other site."""
    lines = []
    for truth in truths:
        line: dict[str, object]
        if truth.kind == "entity-tree":
            line = {"url": truth.seed_entity, "task": "discover"}
        elif truth.kind == "shop":
            line = {"url": start_url(truth), "task": "explore"}
            line["entity_sample"] = truth.seed_entity
        else:
            line = {"url": truth.base_url + "/", "task": "templates", "pages": 200}
        lines.append(json.dumps({**line, "render": render}))
    return lines


async def _one(
    label: str,
    lines: list[str],
    names: list[str],
    engine: BatchEngine,
    workers: int,
    keep: Path | None,
    address: str | None = None,
) -> Row:
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        source = Path(tmp) / "input.jsonl"
        source.write_text("\n".join(lines) + "\n", encoding="utf-8")
        options = BatchOptions(
            str(source),
            Path(tmp) / "out",
            TaskOptions(),
            engine=engine,
            address=address,
            workers=workers,
        )
        began = time.time()
        outcome = await run_batch(options)
        if keep is not None:
            shutil.copy(Path(tmp) / "out" / "manifest.jsonl", keep / f"{label[1]}.jsonl")
        started = time.perf_counter()
        again = Manifest(Path(tmp) / "again")
        for row in outcome.rows:  # the driver's part of a site: its files and manifest line
            files = tuple((name, (Path(tmp) / "out" / name).read_bytes()) for name in row["files"])
            again.record(_result(row, files))
        record_ms = 1000 * (time.perf_counter() - started) / max(1, len(outcome.rows))
    for row in outcome.rows:
        if row["status"] != "done":
            print(f"{label}: {row['status']} {row['url']} ({row['reason']})", file=sys.stderr)
    pages = sum(int(row["downloads"]) for row in outcome.rows)
    cpu: dict[str, float] = {}  # worker → CPU seconds so far, the latest site's reading
    rss: dict[str, float] = {}
    for row in outcome.rows:
        cpu[row["worker"]] = max(cpu.get(row["worker"], 0.0), row["cpu_seconds"])
        rss[row["worker"]] = max(rss.get(row["worker"], 0.0), row["rss_mb"])
    n = max(1, len(cpu))
    return Row(
        label,
        len(outcome.rows),
        outcome.count("done"),
        pages,
        outcome.seconds,
        record_ms,
        sum(cpu.values()) / n,
        max(rss.values(), default=0.0),
        tuple(
            Span(
                names[row["line"] - 1], row["worker"], start - began, start - began + row["seconds"]
            )
            for row in outcome.rows
            if (start := float(row.get("started") or 0.0))
        ),
    )


def timeline(row: Row) -> list[str]:
    """`row`'s sites per worker on the batch's clock, with the run's start-up, gaps, tail and
    wind-down (see the module docstring)."""
    lines = [f"{row.label}: {row.seconds:.1f} s"]
    workers: dict[str, list[Span]] = {}  # a worker running sites side by side: one lane each
    for span in sorted(row.spans, key=lambda s: s.start):
        lane = 1
        while (spans := workers.get(f"{span.worker}#{lane}")) and spans[-1].end > span.start + 0.05:
            lane += 1
        workers.setdefault(f"{span.worker}#{lane}", []).append(span)
    for name, spans in workers.items():
        gaps = sum(b.start - a.end for a, b in pairwise(spans))
        busy = sum(s.end - s.start for s in spans)
        sites = " ".join(f"{s.site}[{s.start:.1f}-{s.end:.1f}]" for s in spans)
        lines.append(f"  {name}: busy {busy:.1f} s, gaps {gaps:.1f} s: {sites}")
    if row.spans:
        first = min(s.start for s in row.spans)
        last = max(s.end for s in row.spans)
        idle = min(max(s.end for s in spans) for spans in workers.values())
        lines.append(
            f"  start-up {first:.1f} s, tail {last - idle:.1f} s, "
            f"wind-down {row.seconds - last:.1f} s"
        )
    return lines


def _result(row: dict[str, Any], files: tuple[tuple[str, bytes], ...]) -> SiteResult:
    fields = {k: v for k, v in row.items() if k != "files"}
    return SiteResult(**fields, files=files)


async def run(
    size: Size, site_ids: list[str], render: RenderMode, with_ray: bool, keep: Path | None = None
) -> list[Row]:
    with served(site_ids, size) as truths:
        lines = _lines(truths, render)
        rows = [
            await _one("(a) one site at a time", lines, site_ids, "local", 1, keep),
            await _one("(b) --engine local --workers 2", lines, site_ids, "local", 2, keep),
        ]
        if with_ray:
            rows.append(await _one("(c) --engine ray --workers 2", lines, site_ids, "ray", 2, keep))
            with running_ray(cpus=2) as address:
                label = "(d) --engine ray --workers 2 --address (running)"
                rows.append(await _one(label, lines, site_ids, "ray", 2, keep, address))
    return rows


@contextmanager
def running_ray(cpus: int) -> Iterator[str]:
    """A Ray cluster of one node with `cpus` CPUs on loopback, started before a run and stopped
    after it (neither timed): the cluster a batch joins with `--address`. Yields its address."""
    from ray.cluster_utils import Cluster

    head = {"num_cpus": cpus, "node_ip_address": "127.0.0.1", "include_dashboard": False}
    cluster = Cluster(initialize_head=True, head_node_args=head)
    try:
        cluster.wait_for_nodes()
        yield cluster.address
    finally:
        cluster.shutdown()


def targets(rows: list[Row]) -> list[str]:
    """The issue's targets on `rows`: (c) ≥ 1.6× (a), and (c) within 10 % of (b); (d), the same
    batch joining a running cluster, against (a) too."""
    by = {row.label[:3]: row for row in rows}
    lines = []
    if "(a)" in by:
        for key in ("(c)", "(d)"):
            if key in by:
                ratio = by["(a)"].seconds / by[key].seconds
                lines.append(f"target: {key} {ratio:.2f}× (a) (goal ≥ 1.60)")
    if "(b)" in by and "(c)" in by:
        slower = 100 * (by["(c)"].seconds / by["(b)"].seconds - 1)
        lines.append(f"target: (c) {slower:+.1f} % against (b) (goal ≤ +10 %)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="medium", choices=["small", "medium", "large"])
    parser.add_argument("--sites", default=",".join(SCORED))
    parser.add_argument("--render", default="auto", choices=["auto", "never", "always"])
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument("--keep", type=Path, help="copy each run's manifest.jsonl here")
    parser.add_argument("--timeline", action="store_true", help="print each run's sites per worker")
    args = parser.parse_args()
    sites = args.sites.split(",")
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    rows = asyncio.run(run(args.size, sites, args.render, not args.no_ray, args.keep))
    print(f"render {args.render}, size {args.size}")
    print(
        "| run | sites (done) | pages | seconds | sites/min | pages/s | CPU s/worker "
        "| RSS MB/worker | driver ms/site |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r.label} | {r.sites} ({r.done}) | {r.pages} | {r.seconds:.1f} | "
            f"{r.sites_per_minute:.1f} | {r.pages_per_second:.1f} | {r.cpu_per_worker:.1f} | "
            f"{r.rss_per_worker:.0f} | {r.record_ms:.2f} |"
        )
    for line in targets(rows):
        print(line)
    if args.timeline:
        for r in rows:
            print("\n".join(timeline(r)))


if __name__ == "__main__":
    main()
