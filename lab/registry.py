"""The methods `siteseer lab bench` and `siteseer demo` run, by name.

Registration is explicit: each runner module in lab/runners/ lists its `MethodSpec`s in a tuple
`METHODS`, and this module builds one read-only mapping from the modules named in `_RUNNERS`. A
new runner module is added there; a test or a caller with other methods builds its own mapping
with `build_registry` and passes it on (`lab.bench.plan(..., registry)`).

Imported by name (not through `lab`): it imports every runner, hence the methods themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from siteseer.lab.method import MethodSpec
from siteseer.lab.runners import (
    discovery,
    exploration,
    reference,
    sitemaps,
    templates,
    visual,
)

__all__ = ["build_registry", "methods"]

_RUNNERS: tuple[tuple[MethodSpec, ...], ...] = (
    discovery.METHODS,
    exploration.METHODS,
    reference.METHODS,
    sitemaps.METHODS,
    templates.METHODS,
    visual.METHODS,
)


def build_registry(specs: Iterable[MethodSpec]) -> Mapping[str, MethodSpec]:
    """A read-only mapping name → spec, sorted by name; raises ValueError on a repeated name."""
    by_name: dict[str, MethodSpec] = {}
    for spec in specs:
        if spec.name in by_name:
            raise ValueError(f"method {spec.name!r} is registered twice")
        by_name[spec.name] = spec
    return MappingProxyType(dict(sorted(by_name.items())))


_METHODS = build_registry(spec for specs in _RUNNERS for spec in specs)


def methods() -> Mapping[str, MethodSpec]:
    """Every method of lab/runners/, by name (read-only)."""
    return _METHODS
