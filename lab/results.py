"""The bench's results as values: one scored run (`BenchRow`), the run with what produced it
(`BenchRun`), and the per-method means the table and the report show (`method_means`).

`lab.bench` produces them and writes ``results.json``/``results.md``; `lab.report` draws them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from siteseer.crawler import Cost
from siteseer.lab.method import MethodRun
from siteseer.lab.score import cost_row
from siteseer.lab.truth import SiteTruth

if TYPE_CHECKING:
    from siteseer.lab.cold import ColdScore

__all__ = [
    "REAL_PREFIX",
    "TIER_GAP",
    "BenchRow",
    "BenchRun",
    "cold_cell",
    "method_means",
    "tier_comparison",
]

REAL_PREFIX = "real-"  # the real tier's site ids
TIER_GAP = 0.05  # how far below the lab a real application's F1 may be


@dataclass(frozen=True)
class BenchRow:
    """One (site, method) run, scored. `to_dict` is its ``results.json`` row."""

    site: str
    method: str
    precision: float | None
    recall: float | None
    f1: float | None
    seconds: float
    lower_bound_downloads: int
    complete: bool
    cost: Cost = field(default_factory=Cost)
    found: int = 0
    relevant: int = 0
    correct: int | None = None  # found entities that are relevant (None: not scored by entities)
    scores: Mapping[str, float] = field(default_factory=dict)  # further metrics (ari, purity …)
    extra: Mapping[str, float | int | str] = field(default_factory=dict)
    images: tuple[tuple[str, str], ...] = ()  # (label, path or data URI)
    error: str | None = None

    @property
    def downloads(self) -> int:
        return self.cost.downloads

    @property
    def renders(self) -> int:
        return self.cost.renders

    @property
    def correct_per_s(self) -> float | None:
        """Correct entities found per second of the run (None when not counted or no time)."""
        if self.correct is None or self.error is not None or self.seconds <= 0:
            return None
        return self.correct / self.seconds

    @property
    def correct_per_download(self) -> float | None:
        """Correct entities found per page load (None when not counted or nothing loaded)."""
        if self.correct is None or self.error is not None or self.cost.downloads <= 0:
            return None
        return self.correct / self.cost.downloads

    def to_dict(self) -> dict[str, Any]:
        row: dict[str, Any] = {
            "site": self.site,
            "method": self.method,
            "precision": _round(self.precision),
            "recall": _round(self.recall),
            "f1": _round(self.f1),
            "downloads": self.cost.downloads,
            "renders": self.cost.renders,
            "seconds": round(self.seconds, 3),
            "lower_bound_downloads": self.lower_bound_downloads,
            "complete": self.complete,
        }
        for key, value in self.scores.items():
            row[key] = _round(value)
        row["found"] = self.found
        row["relevant"] = self.relevant
        if self.correct is not None:
            row["correct"] = self.correct
            row["correct_per_s"] = _round(self.correct_per_s)
            row["correct_per_download"] = _round(self.correct_per_download)
        row["state_changes"] = self.cost.state_changes
        for name, amount in cost_row(self.cost).items():
            row.setdefault(name, amount)
        if self.lower_bound_downloads:
            row["download_ratio"] = round(self.cost.downloads / self.lower_bound_downloads, 3)
        for name, extra in self.extra.items():
            row[name if name not in row else f"extra_{name}"] = extra
        if self.images:
            row["images"] = dict(self.images)
        if self.error is not None:
            row["error"] = self.error
        return row


@dataclass(frozen=True)
class BenchRun:
    """A scored row with what produced it: the site's truth and the method's run (None if it
    failed), for the report."""

    row: BenchRow
    truth: SiteTruth
    run: MethodRun | None


def method_means(rows: Sequence[BenchRow]) -> list[dict[str, Any]]:
    """Per method: mean precision, recall, F1, downloads, seconds and correct entities per second
    and per download over its runs.

    Failed runs are left out of the means and counted in ``failed``; a metric no run of the
    method reported is None.
    """
    by_method: dict[str, list[BenchRow]] = {}
    for row in rows:
        by_method.setdefault(row.method, []).append(row)
    means: list[dict[str, Any]] = []
    for name in sorted(by_method):
        group = by_method[name]
        ok = [r for r in group if r.error is None]
        entry: dict[str, Any] = {"method": name, "runs": len(group), "failed": len(group) - len(ok)}
        for metric in ("precision", "recall", "f1"):
            values = [v for r in ok if (v := getattr(r, metric)) is not None]
            entry[metric] = sum(values) / len(values) if values else None
        entry["downloads"] = sum(r.cost.downloads for r in ok) / len(ok) if ok else None
        entry["seconds"] = sum(r.seconds for r in ok) / len(ok) if ok else None
        for rate in ("correct_per_s", "correct_per_download"):
            rates = [v for r in ok if (v := getattr(r, rate)) is not None]
            entry[rate] = sum(rates) / len(rates) if rates else None
        means.append(entry)
    return means


def _round(value: float | None) -> float | None:
    return None if value is None else round(float(value), 4)


def tier_comparison(
    rows: Sequence[BenchRow],
    reference: Sequence[Mapping[str, Any]] = (),
    cold: Mapping[tuple[str, str], ColdScore] | None = None,
) -> list[dict[str, Any]]:
    """One entry per run on a real application: its F1, downloads, renders and seconds beside
    the same method's mean F1 over the lab's synthetic sites — from the synthetic rows of this
    bench, else from `reference` (``results.json`` rows of an earlier lab bench) — the gap
    (real − lab) and whether it is within `TIER_GAP`. None where a side has no F1, and for a
    reference method (`MethodSpec.reference`), whose F1 is bounded by its page cap. ``verdict``
    says it in a word for the tables. `cold` ((site, method) → the cold score kept for the
    bench's size, `lab.cold`) sets each run's cold F1 and the commit it was scored at beside
    it (``cold_f1``, ``cold_commit``; None where the application has none)."""
    from siteseer.lab.registry import methods  # here: the registry imports every runner

    registry = methods()
    lab: dict[str, list[float]] = {}
    own = [r.to_dict() for r in rows if not r.site.startswith(REAL_PREFIX)]
    for entry in own or reference:
        if str(entry["site"]).startswith(REAL_PREFIX) or entry.get("error"):
            continue
        if entry.get("f1") is not None:
            lab.setdefault(str(entry["method"]), []).append(float(entry["f1"]))
    out = []
    for row in rows:
        if not row.site.startswith(REAL_PREFIX):
            continue
        scores = lab.get(row.method)
        lab_f1 = sum(scores) / len(scores) if scores else None
        gap = None if row.f1 is None or lab_f1 is None else row.f1 - lab_f1
        spec = registry.get(row.method)
        is_reference = spec is not None and spec.reference
        within = None if gap is None or is_reference else gap >= -TIER_GAP
        verdict = "reference" if is_reference else {None: "–", True: "yes", False: "no"}[within]
        first = (cold or {}).get((row.site, row.method))
        out.append(
            {
                "method": row.method,
                "site": row.site,
                "f1": _round(row.f1),
                "lab_f1": _round(lab_f1),
                "lab_sites": len(scores or ()),
                "gap": _round(gap),
                "within": within,
                "verdict": verdict,
                "downloads": row.cost.downloads,
                "lower_bound": row.lower_bound_downloads,
                "renders": row.cost.renders,
                "seconds": round(row.seconds, 1),
                "error": row.error,
                "cold_f1": None if first is None else _round(first.f1),
                "cold_commit": None if first is None else first.commit,
            }
        )
    return out


def cold_cell(tier: Mapping[str, Any]) -> str:
    """A `tier_comparison` entry's cold score in words: "0.412 @ 1a2b3c4", or "–" where none
    was kept (an application of the tier before cold scores were kept, or no run finished)."""
    commit = tier.get("cold_commit")
    if commit is None:
        return "–"
    f1 = tier.get("cold_f1")
    return f"{'–' if f1 is None else f'{f1:.3f}'} @ {commit}"
