"""The discovery methods, declared once: a name, the entry point, its typed parameters.

    method = discovery_method("gpp")                        # ValueError names the known ones
    params = method.parameters({"iterations": 2, "height": 3})   # GPPParams(iterations=2)
    found = await method.discover(session, seed, params)    # a Discovery

Everything that offers a choice of discovery method reads this mapping: the Python API
(`siteseer.discover(method=…)`), the command line's `--method` (its choices and its help, from
`name` and `summary`), a batch's ``"method"`` key and the lab's runners (lab/runners/discovery.py
makes a bench method of each entry). A new discovery method is its module (the entry point and
its parameter dataclass) and one entry in `DISCOVERY_METHODS`: each field of the dataclass is a
keyword of the entry point, with the same default (tests/algorithms/test_methods.py holds it).

Choice: the registry names each entry point and parameter dataclass by ``"module:name"``,
imported on first use, so that reading the registry (the command line's `--help`, a batch's
input check) imports no algorithm (numpy, lxml, the crawler): this module imports the standard
library alone.

Choice: each method's parameters are a frozen dataclass whose fields are the entry point's own
keyword names, so that a caller holding values of several methods' options (the command line,
a batch line) gives them all and each method takes its own (`parameters`).
"""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, fields
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from siteseer.algorithms.result import Discovery
    from siteseer.algorithms.ssup import Height
    from siteseer.crawler import RenderMode, Session

__all__ = [
    "DISCOVERY_METHODS",
    "DiscoveryMethod",
    "discovery_method",
    "height_of",
    "resolve",
]

_Entry = Callable[..., Awaitable["Discovery"]]


@dataclass(frozen=True)
class DiscoveryMethod:
    """One discovery method: its `name`, its `entry` point ``run(session, seed, **params)``
    and the dataclass of its `params_type` (each ``"module:name"``, or the object itself), a
    one-line `description` (the lab bench), a few words of `summary` for the command line's
    help, and the render mode it needs (`render`: GPP sees every page rendered; None: the
    Session's own)."""

    name: str
    entry: str | _Entry
    params_type: str | type[Any]
    description: str
    summary: str = ""
    render: RenderMode | None = None

    @property
    def run(self) -> _Entry:
        """The entry point (imported on first use)."""
        return resolve(self.entry) if isinstance(self.entry, str) else self.entry

    @property
    def params(self) -> type[Any]:
        """The parameter dataclass (imported on first use)."""
        kind = self.params_type
        return resolve(kind) if isinstance(kind, str) else kind

    def parameters(self, values: Mapping[str, Any] = MappingProxyType({})) -> Any:
        """The method's parameters from `values`, taking the keys that are its fields (the
        others belong to other methods) and the defaults for the rest."""
        params = self.params
        names = {f.name for f in fields(params)}
        return params(**{k: v for k, v in values.items() if k in names})

    async def discover(self, session: Session, seed: str, params: Any = None) -> Discovery:
        """Run the method from `seed` with `params` (None: the defaults)."""
        given = self.parameters() if params is None else params
        if not isinstance(given, self.params):
            raise ValueError(f"{self.name} takes {self.params.__name__}, not {given!r}")
        keywords = {f.name: getattr(given, f.name) for f in fields(given)}
        return await self.run(session, seed, **keywords)


@cache
def resolve(reference: str) -> Any:
    """The object a ``"package.module:name"`` reference names, its module imported."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


DISCOVERY_METHODS: Mapping[str, DiscoveryMethod] = MappingProxyType(
    {
        method.name: method
        for method in (
            DiscoveryMethod(
                "ssup",
                "siteseer.algorithms.ssup.tree:ssup",
                "siteseer.algorithms.ssup.tree:SSUPParams",
                "SSUP (ICWE 2014), URL + HTML similarity, entity-tree height 2",
                summary="compares URLs and page structure",
            ),
            DiscoveryMethod(
                "indesit",
                "siteseer.algorithms.indesit:indesit",
                "siteseer.algorithms.indesit:IndesitParams",
                "Indesit baseline (reconstructed), simhtml T=0.5 over tag+attribute-name paths",
                summary="page structure only",
            ),
            DiscoveryMethod(
                "gpp",
                "siteseer.algorithms.gpp:gpp",
                "siteseer.algorithms.gpp:GPPParams",
                "GPP (Weninger et al.), visual lists grown from the site root, K=1 iteration",
                summary="the lists a browser shows; renders every page",
                render="always",
            ),
        )
    }
)
"""Every discovery method by name, in the order the command line lists them."""


def discovery_method(name: str) -> DiscoveryMethod:
    """The method called `name`; ValueError naming the known ones otherwise."""
    try:
        return DISCOVERY_METHODS[name]
    except KeyError:
        known = ", ".join(DISCOVERY_METHODS)
        raise ValueError(f"unknown method {name!r}; use {known}") from None


def height_of(text: str) -> Height:
    """SSUP's height as an option gives it: a positive whole number or ``"auto"`` (else
    ValueError)."""
    if text == "auto":
        return "auto"
    if text.isdigit() and int(text) >= 1:
        return int(text)
    raise ValueError(f"height must be a positive whole number or 'auto', not {text!r}")
