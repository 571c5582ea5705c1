"""The discovery methods, declared once: a name, the entry point, its typed parameters.

    method = discovery_method("gpp")                        # ValueError names the known ones
    params = method.parameters({"iterations": 2, "height": 3})   # GPPParams(iterations=2)
    found = await method.discover(session, seed, params)    # a Discovery

Everything that offers a choice of discovery method reads this mapping: the Python API
(`siteseer.discover(method=…)`), the command line's `--method` (through `siteseer.choices`, whose
`DiscoverMethod` mirrors the names for start-up's sake and is held equal to them by a test),
a batch's ``"method"`` key and the lab's runners (lab/runners/discovery.py makes a bench method
of each entry). A new discovery method is its module and one entry in `DISCOVERY_METHODS` (its
parameter dataclass beside it): each field is a keyword of the entry point, with the same
default.

Choice: each method's parameters are a frozen dataclass whose fields are the entry point's own
keyword names, so that a caller holding values of several methods' options (the command line,
a batch line) gives them all and each method takes its own (`parameters`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from siteseer.algorithms.features.dom import TagFeature
from siteseer.algorithms.gpp import gpp
from siteseer.algorithms.indesit import THRESHOLD, indesit
from siteseer.algorithms.result import Discovery
from siteseer.algorithms.ssup import Height, ProbeOrder, ssup

if TYPE_CHECKING:
    from siteseer.crawler import RenderMode, Session

__all__ = [
    "DISCOVERY_METHODS",
    "DiscoveryMethod",
    "GPPParams",
    "IndesitParams",
    "SSUPParams",
    "discovery_method",
    "height_of",
]


@dataclass(frozen=True)
class SSUPParams:
    """SSUP: the entity tree's `height` (a number, or ``"auto"`` to climb while a heavier index
    page is found), `visual` grouping of links by visual list, the climb's `probe_order`, the
    link DOM path form `tag_feature`."""

    height: Height = 2
    visual: bool = False
    probe_order: ProbeOrder = "ranked"
    tag_feature: TagFeature = "attrs"


@dataclass(frozen=True)
class IndesitParams:
    """Indesit: the simhtml `threshold` a page needs to be like the seed, the link DOM path
    form `tag_feature`."""

    threshold: float = THRESHOLD
    tag_feature: TagFeature = "attrs"


@dataclass(frozen=True)
class GPPParams:
    """GPP: how many growing `iterations` (the SSUP paper ran 1)."""

    iterations: int = 1


P = TypeVar("P")


@dataclass(frozen=True)
class DiscoveryMethod(Generic[P]):
    """One discovery method: its `name`, its entry point `run(session, seed, **params)`, the
    dataclass of its `params`, a one-line `description` (help, the lab bench) and the render
    mode it needs (`render`: GPP sees every page rendered; None: the Session's own)."""

    name: str
    run: Callable[..., Awaitable[Discovery]]
    params: type[P]
    description: str
    render: RenderMode | None = None

    def parameters(self, values: Mapping[str, Any] = MappingProxyType({})) -> P:
        """The method's parameters from `values`, taking the keys that are its fields (the
        others belong to other methods) and the defaults for the rest."""
        names = {f.name for f in fields(self.params)}  # type: ignore[arg-type]
        return self.params(**{k: v for k, v in values.items() if k in names})

    async def discover(self, session: Session, seed: str, params: P | None = None) -> Discovery:
        """Run the method from `seed` with `params` (None: the defaults)."""
        given = self.parameters() if params is None else params
        if not isinstance(given, self.params):
            raise ValueError(f"{self.name} takes {self.params.__name__}, not {given!r}")
        keywords = {f.name: getattr(given, f.name) for f in fields(given)}  # type: ignore[arg-type]
        return await self.run(session, seed, **keywords)


DISCOVERY_METHODS: Mapping[str, DiscoveryMethod[Any]] = MappingProxyType(
    {
        method.name: method
        for method in (
            DiscoveryMethod(
                "ssup",
                ssup,
                SSUPParams,
                "SSUP (ICWE 2014), URL + HTML similarity, entity-tree height 2",
            ),
            DiscoveryMethod(
                "indesit",
                indesit,
                IndesitParams,
                "Indesit baseline (reconstructed), simhtml T=0.5 over tag+attribute-name paths",
            ),
            DiscoveryMethod(
                "gpp",
                gpp,
                GPPParams,
                "GPP (Weninger et al.), visual lists grown from the site root, K=1 iteration",
                render="always",
            ),
        )
    }
)
"""Every discovery method by name, in the order the command line lists them."""


def discovery_method(name: str) -> DiscoveryMethod[Any]:
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
