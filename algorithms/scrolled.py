"""Lists drawn as they scroll: a rendered page's links include those its virtualised list draws
only once their rows scroll into view.

A virtualised list (a package registry's, a data grid's) keeps room for every row but draws only
the rows in view, taking the others out of the document as it scrolls: a page loaded and
extracted once shows a screenful of a list of hundreds. render/ says where (`ScrollRegion`: a
region that scrolls with a stretch at least a view tall where nothing is drawn); here such a page
is scrolled through once — one ``scroll`` action (`Run.act`: in the budget as one load, each of
its steps an action) — and the links and openers drawn along the way join the page's own, after
them, each once. The page keeps its state (its URL): a method reads the links as it reads any
page's, and a later action on the page replays from its load. A page reached by a scroll is not
scrolled again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from siteseer.render import Action, Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.run import Run

__all__ = ["Scrolling"]


class Scrolling:
    """The virtualised lists of a Run's rendered pages, drawn whole (see the module)."""

    def __init__(self, run: Run) -> None:
        self.run = run

    async def drawn(self, page: Snapshot) -> Snapshot:
        """`page` with every link and opener its scroll region draws as it scrolls (itself
        when it shows no region drawn in part)."""
        if not page.rendered or not page.ok or not page.scroll_regions:
            return page
        if page.state is not None and any(a.kind == "scroll" for a in page.state.actions):
            return page
        region = max(page.scroll_regions, key=lambda r: r.blank)
        where = region.selector or "the document"
        action = Action("scroll", region.selector, label=f"scroll {where}")
        scrolled = await self.run.act(page, action, step="scroll", open_items=False)
        if scrolled is None:
            return page
        seen = {(x.url, x.path_values) for x in page.links}
        links = tuple(x for x in scrolled.links if (x.url, x.path_values) not in seen)
        known = {(o.path_values, o.text, o.attrs) for o in page.openers}
        openers = tuple(
            o for o in scrolled.openers if (o.path_values, o.text, o.attrs) not in known
        )
        self.run.note(
            "scroll",
            "drawn",
            where,
            urls=(page.url,),
            values={"links": len(links), "openers": len(openers), "blank": region.blank},
            note=(
                f"a stretch of {region.blank:.0f} px of a {region.height:.0f} px region was drawn "
                "empty (a list drawing only the rows in view): scrolled through once"
                + ("; stopped at its time limit" if scrolled.settle_capped else "")
            ),
        )
        if not links and not openers:
            return page
        return replace(page, links=page.links + links, openers=page.openers + openers)
