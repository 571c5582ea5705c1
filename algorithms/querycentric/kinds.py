"""The kinds of facets an exploration follows, behind one small interface, and their
registration.

    FACET_KINDS = (LinkFacets, AjaxFacets, Forms)     # in the order they run

A kind is made once per exploration from its `Exploring` (exploring.py: the part of core.py's
`Explorer` a kind may use) and is driven by
explorer.py: the kinds that follow URLs (`in_page` False) run on the start page as it was
loaded; then, unless one of them made the start query or the page shows facets of an in-page
kind, the start page is rendered; the in-page kinds (acted on in the browser) run on the start
page's widest tab view. Each runs only when it `offers` something on that page, and returns the
start query: the one it was given, else the one it made (None when it made none). A new kind is
its module (a class with these four members over an `Exploring`) and one entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from siteseer.algorithms.querycentric.ajax import AjaxFacets
from siteseer.algorithms.querycentric.core import Query
from siteseer.algorithms.querycentric.exploring import Exploring
from siteseer.algorithms.querycentric.forms import Forms
from siteseer.algorithms.querycentric.links import LinkFacets
from siteseer.render import Snapshot

__all__ = ["FACET_KINDS", "FacetKind"]


class FacetKind(Protocol):
    """One kind of drill-down (facet links, Ajax controls, forms) over one exploration."""

    @property
    def in_page(self) -> bool:
        """True: acted on in the browser (on the start page's widest view); False: followed
        as URLs (on the start page as loaded, before any in-page kind)."""
        ...

    def shown(self, root: Snapshot) -> bool:
        """Whether `root`, as loaded, shows facets of this kind (an in-page kind's facets
        spare the start page a render)."""
        ...

    def offers(self, root: Snapshot, q0: Query | None) -> bool:
        """Whether there is anything to explore on `root`, given the start query `q0` an
        earlier kind made (None: none did)."""
        ...

    async def explore(self, root: Snapshot, q0: Query | None) -> Query | None:
        """Explore every drill-down of this kind below the start query `q0` (made from `root`
        when None); the start query."""
        ...


FACET_KINDS: tuple[Callable[[Exploring], FacetKind], ...] = (LinkFacets, AjaxFacets, Forms)
"""The registered kinds, in the order they run."""
