"""`siteseer batch` throughput: one site at a time, the local engine and Ray, on the lab sites.

    python -m bench.batch [--size small|medium] [--sites council,cars,…] [--no-ray]

Serves the lab sites on loopback and runs one batch over them three times, one method per site
(discover with SSUP from the site's sample entity page where it has one, else templates over
up to 200 pages): (a) the local engine with one worker — one site at a time; (b) the local
engine with two workers; (c) the Ray engine with two workers (a local Ray started and shut down
by the run, its start-up counted). Each run writes to a fresh directory with no page cache.
Prints a markdown table: sites, wall seconds, sites/min, pages/s, and the driver's own cost
per site (writing a result and its manifest line, timed around `Manifest.record`).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lab import SITE_IDS, LabServer, Size, running_lab
from siteseer.batch import Manifest, SiteResult, TaskOptions
from siteseer.choices import BatchEngine
from siteseer.commands.batch import BatchOptions, run_batch

__all__ = ["Row", "main", "run"]


@dataclass(frozen=True)
class Row:
    label: str
    sites: int
    done: int
    pages: int
    seconds: float
    record_ms: float

    @property
    def sites_per_minute(self) -> float:
        return 60 * self.sites / self.seconds

    @property
    def pages_per_second(self) -> float:
        return self.pages / self.seconds


def _lines(server: LabServer, site_ids: list[str]) -> list[str]:
    lines = []
    for site in site_ids:
        truth = server.truth(site)
        if truth.seed_entity:
            lines.append(f'{{"url": "{truth.seed_entity}", "task": "discover"}}')
        else:
            lines.append(f'{{"url": "{truth.base_url}", "task": "templates", "pages": 200}}')
    return lines


async def _one(label: str, lines: list[str], engine: BatchEngine, workers: int) -> Row:
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        source = Path(tmp) / "input.jsonl"
        source.write_text("\n".join(lines) + "\n", encoding="utf-8")
        options = BatchOptions(
            str(source), Path(tmp) / "out", TaskOptions(), engine=engine, workers=workers
        )
        outcome = await run_batch(options)
        started = time.perf_counter()
        again = Manifest(Path(tmp) / "again")
        for row in outcome.rows:  # the driver's part of a site: its files and manifest line
            files = tuple((name, (Path(tmp) / "out" / name).read_bytes()) for name in row["files"])
            again.record(_result(row, files))
        record_ms = 1000 * (time.perf_counter() - started) / max(1, len(outcome.rows))
    pages = sum(int(row["downloads"]) for row in outcome.rows)
    return Row(label, len(outcome.rows), outcome.count("done"), pages, outcome.seconds, record_ms)


def _result(row: dict[str, Any], files: tuple[tuple[str, bytes], ...]) -> SiteResult:
    fields = {k: v for k, v in row.items() if k != "files"}
    return SiteResult(**fields, files=files)


async def run(size: Size, site_ids: list[str], with_ray: bool) -> list[Row]:
    with running_lab(site_ids, size, 0) as server:
        lines = _lines(server, site_ids)
        rows = [
            await _one("(a) one site at a time", lines, "local", 1),
            await _one("(b) --engine local --workers 2", lines, "local", 2),
        ]
        if with_ray:
            rows.append(await _one("(c) --engine ray --workers 2", lines, "ray", 2))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="medium", choices=["small", "medium", "large"])
    parser.add_argument("--sites", default=",".join(SITE_IDS))
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    rows = asyncio.run(run(args.size, args.sites.split(","), not args.no_ray))
    print("| run | sites (done) | pages | seconds | sites/min | pages/s | driver ms/site |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r.label} | {r.sites} ({r.done}) | {r.pages} | {r.seconds:.1f} | "
            f"{r.sites_per_minute:.1f} | {r.pages_per_second:.1f} | {r.record_ms:.2f} |"
        )


if __name__ == "__main__":
    main()
