"""DIR/manifest.jsonl: one line per input site, appended as each site finishes.

    manifest = Manifest(out)                 # reads what an earlier run left
    manifest.done                            # keys (task + URL) of sites already done
    manifest.row(job)                        # the last line written for an input line
    manifest.record(result)                  # writes the result's files, then its line (flushed)

A line holds ``line url host task status reason entities downloads renders seconds worker
files cpu_seconds rss_mb browser started`` (`started`: when the site began on its worker,
Unix seconds). The file is only appended to: a rerun adds lines for the sites it retries, and the
last line of a key is its status (`latest`). The result files are written before the line,
so a line with status done always has its files; a driver killed mid-run loses at most the
sites in flight.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from siteseer.batch.jobs import SiteJob
from siteseer.batch.site import SiteResult
from siteseer.errors import BadInput
from siteseer.outputs import write_bytes, writing

__all__ = ["MANIFEST", "Manifest"]

MANIFEST = "manifest.jsonl"


class Manifest:
    """The manifest of an output directory (created), and the result files beside it."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.path = out / MANIFEST
        with writing(f"the output directory {out}"):
            out.mkdir(parents=True, exist_ok=True)
        self.latest: dict[str, dict[str, Any]] = {}
        if self.path.exists():
            for number, text in enumerate(self.path.read_text(encoding="utf-8").splitlines(), 1):
                if not text.strip():
                    continue
                try:
                    row = json.loads(text)
                    self.latest[_key(row)] = row
                except (json.JSONDecodeError, RecursionError, KeyError, TypeError):
                    raise BadInput(f"{self.path}:{number} is not a manifest line") from None

    @property
    def done(self) -> dict[str, dict[str, Any]]:
        """The rows whose last line says done, by task and URL (`SiteJob.key`)."""
        rows = (row for row in self.latest.values() if row["status"] == "done")
        return {f"{row['task']} {row['url']}": row for row in rows}

    def row(self, job: SiteJob) -> dict[str, Any]:
        """The last line of `job`'s input line, or of its task and URL when the line moved."""
        key = f"{job.line} {job.key}"
        return self.latest.get(key) or self.done[job.key]

    def record(self, result: SiteResult) -> dict[str, Any]:
        """Write `result`'s files under the directory, then append its manifest line."""
        for name, data in result.files:
            write_bytes(self.out / name, data, f"{self.out / name}", parents=True)
        row = asdict(result)
        row["files"] = [name for name, _ in result.files]
        with writing(f"the manifest {self.path}"), self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
            f.flush()
        self.latest[_key(row)] = row
        return row


def _key(row: dict[str, Any]) -> str:
    return f"{row['line']} {row['task']} {row['url']}"
