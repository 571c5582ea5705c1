"""Result types shared by the methods: each carries a trace and the Session's cost.

Plain frozen dataclasses (JSON-serialisable through `to_dict`), so a result is self-contained and
can travel between processes. Each method adds its own result type here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["Cost", "Discovery", "TraceEntry"]


@dataclass(frozen=True, slots=True)
class Cost:
    """What a run cost, read off the Session's counters when the method finished."""

    downloads: int = 0  # page loads over the network (HTTP fetches and browser navigations)
    renders: int = 0  # of which went through the browser
    actions: int = 0  # clicks/selects/submits performed in the browser (new states)
    cache_hits: int = 0
    bytes: int = 0
    seconds: float = 0.0
    errors: int = 0


@dataclass(frozen=True, slots=True)
class TraceEntry:
    """Why a page or a group of links was kept or pruned.

    `step` names the algorithm step ("top-index", "same-level", "pagination", "collection" …),
    `decision` is "keep" or "prune" (or another short verb), `urls` the pages concerned, and
    `values` the similarity figures that decided it (e.g. {"strongsim": 0.82, "simhtml": 0.71}).
    """

    step: str
    decision: str
    subject: str
    level: int | None = None
    urls: tuple[str, ...] = ()
    values: tuple[tuple[str, float], ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Discovery:
    """Entity pages found from one sample entity page (SSUP, Indesit, GPP)."""

    method: str
    seed: str
    entities: tuple[str, ...]
    index_pages: tuple[tuple[str, ...], ...] = ()  # per level, root level first
    sample_path: tuple[str, ...] = ()  # root index page → … → seed
    trace: tuple[TraceEntry, ...] = ()
    cost: Cost = field(default_factory=Cost)
    complete: bool = True
    reason: str = ""  # why incomplete (budget spent, seed unreachable …)
    params: tuple[tuple[str, Any], ...] = ()  # the parameters the run used (e.g. height)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
