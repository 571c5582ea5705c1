"""Methods register here to be run by `siteseer lab bench` and `siteseer demo`.

A runner module in lab/runners/ wraps one method family: it builds the method's parameters from
a site's truth (the seed entity, the start URL …), runs it on a fresh Session, and returns a
`MethodRun`. `siteseer lab bench` scores `MethodRun.found` against the truth's target entities
unless the run brings its own `scores` (exploration and clustering measure other things).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from lab.truth import SiteTruth

if TYPE_CHECKING:
    from crawler import Session

__all__ = ["MethodRun", "MethodSpec", "Runner", "methods", "register"]


@dataclass(frozen=True)
class MethodRun:
    """What one method run on one site produced.

    `found`: the entity URLs reported (scored against `truth.target_entities` by default).
    `scores`: metrics the runner computed itself (e.g. {"precision": …, "recall": …, "f1": …} over
    entity-attribute pairs, or {"ari": …, "purity": …}); they replace the default scoring of the
    same names. `extra`: further method-specific columns (e.g. {"states": 41}). `result`: the
    method's own result object (Discovery, Exploration …), for the report.
    """

    found: tuple[str, ...] = ()
    complete: bool = True
    scores: Mapping[str, float] = field(default_factory=dict)
    extra: Mapping[str, float | int | str] = field(default_factory=dict)
    result: Any = None


Runner = Callable[["Session", SiteTruth], Awaitable[MethodRun]]


@dataclass(frozen=True)
class MethodSpec:
    name: str
    run: Runner
    kinds: tuple[str, ...]  # truth kinds it applies to ("entity-tree", "shop", …)
    sites: tuple[str, ...] | None = None  # further restricted to these site ids
    render: Literal["auto", "always", "never"] = "auto"
    description: str = ""

    def applies_to(self, truth: SiteTruth) -> bool:
        if truth.kind not in self.kinds:
            return False
        return self.sites is None or truth.site in self.sites


_METHODS: dict[str, MethodSpec] = {}


def register(
    name: str,
    *,
    kinds: tuple[str, ...],
    sites: tuple[str, ...] | None = None,
    render: Literal["auto", "always", "never"] = "auto",
    description: str = "",
) -> Callable[[Runner], Runner]:
    """Decorator: make `runner` available to the bench as `name`."""

    def decorate(runner: Runner) -> Runner:
        if name in _METHODS and _METHODS[name].run is not runner:
            raise ValueError(f"method {name!r} is registered twice")
        _METHODS[name] = MethodSpec(name, runner, kinds, sites, render, description)
        return runner

    return decorate


def methods() -> dict[str, MethodSpec]:
    """Every registered method, by name (imports all modules of lab/runners/ once)."""
    import lab.runners

    for info in pkgutil.iter_modules(lab.runners.__path__):
        importlib.import_module(f"lab.runners.{info.name}")
    return dict(sorted(_METHODS.items()))
