"""SSUP's threshold minsim_html (Algorithm 2): the least simhtml between the sample and the
pages of the best group measured, learned when a later group first needs it, and learned again
over more of the best group when a later group falls below it (`Threshold.widen`).

The choices `on_demand` and beyond `sample_size` are named in the code and listed in
`algorithms.ssup`'s docstring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from siteseer.algorithms.features.dom import TagFeature, html_schema, simhtml
from siteseer.algorithms.features.url import spread
from siteseer.algorithms.run import Run
from siteseer.render import Snapshot

__all__ = ["SIM_EPSILON", "Threshold"]

# Two simhtml values closer than this are equal (float noise of Jaccard ratios).
SIM_EPSILON = 1e-9


@dataclass
class Threshold:
    """minsim_html, learned from the pages `learn` when first needed (the least simhtml
    between the sample and those that load)."""

    run: Run
    mode: TagFeature
    sample_schema: frozenset[str]
    learn: Sequence[str]
    group: Sequence[str] = ()
    sims: dict[str, float] = field(default_factory=dict)
    minsim: float | None = None
    tried: set[str] = field(default_factory=set)  # the pages of `learn` asked for

    async def measure(self) -> float | None:
        """minsim_html over the pages of `learn` that load; None when none does."""
        self.tried.update(self.learn)
        return self._add(await self.run.fetch(self.learn))

    async def reached(self, sim: float) -> bool:
        """Whether `sim` reaches minsim_html over the pages of `learn`, which are measured one
        by one (those loaded already first) only until one is no more like the sample than
        `sim`; False when none loads.

        Choice (`on_demand`): minsim_html is the least simhtml over the sample, and each page
        measured can only lower it: once one measured page is no more like the sample than
        `sim`, the whole sample's verdict is a pass, and the sample's other pages are not
        downloaded. A page of simhtml 1.0 passes with none measured (no minsim_html is
        higher); one that fails has the whole sample measured. Only the sample's own pages
        are measured, so every verdict is the whole sample's."""
        if sim >= 1.0 - SIM_EPSILON:
            return True
        untried = [u for u in self.learn if u not in self.tried]
        loaded = self.run.loaded(untried)
        minsim = await self._measure_until(sim, sorted(untried, key=lambda u: u not in loaded))
        return minsim is not None and minsim <= sim

    def exhausted(self) -> bool:
        """Whether every page of `learn` was asked for and none loaded."""
        return self.minsim is None and self.tried.issuperset(self.learn)

    def _add(self, fetched: dict[str, Snapshot]) -> float | None:
        """minsim_html with the pages `fetched` measured too (it never rises: a later group
        kept by `widen` may have lowered it below every page measured)."""
        self.sims |= {
            u: simhtml(self.sample_schema, html_schema(p, self.mode)) for u, p in fetched.items()
        }
        least = [*self.sims.values(), *([] if self.minsim is None else [self.minsim])]
        self.minsim = min(least) if least else None
        return self.minsim

    async def _measure_until(self, below: float, urls: Sequence[str]) -> float | None:
        """minsim_html with the pages `urls` measured, loaded one by one until it falls to
        `below` (the later pages cannot raise it back: the verdict is the whole round's)."""
        for url in urls:
            if self.minsim is not None and self.minsim <= below:
                break
            self.tried.add(url)
            self._add(await self.run.fetch([url]))
        return self.minsim

    async def widen(
        self, below: float, subject: str, level: int, later: Sequence[str] = ()
    ) -> bool:
        """Whether minsim_html, learned again over more of `group` (the best group), falls to
        `below` (the best simhtml of a later group, `subject`, that failed it; 0 when none
        loaded): `learn`'s number of pages more, spread over those not measured yet, round
        after round while a round lowers it; noted in `run`'s trace when a page was measured.
        Short of that, whether a page of `later` (the later group's links, its first one
        probed already), `learn`'s number of them spread over the rest, reaches minsim_html.

        Choice (beyond `sample_size`): the paper learns minsim_html from the whole best group;
        a sample of it is as low only when the group is alike throughout. A later group's
        failure is the sign that it may not be (a list's classes, some with a few members and
        some with many, under the seed's own folder, and the same list's other folders'): the
        sample grows before the group is pruned, and stops growing when the pages it adds are
        no less like the sample than those it had. It grows only when the later group falls
        below minsim_html by no more than the sample's pages differ among themselves (the
        spread of their simhtml): a sample alike throughout shows a group alike throughout,
        and a group far below it (a page of another kind) is none of its kind. A later group
        within that spread, or larger than the best group (whose few pages may not show the
        kind's spread), is judged as the best group was, by a few of its pages, not by its
        first alone (a manual's guides beside its commands, an inheritance tree's classes
        beside the few at the sample's depth: each page's links its own); a group kept so
        brings minsim_html down to the least simhtml of its pages measured. A round's pages
        load one by one and the round ends at the first that brings minsim_html down to
        `below`: the rest of it could only lower minsim_html further, which the verdict
        does not need."""
        sims = self.sims.values()
        if self.minsim is None or below <= 0.0:
            return False
        # A sample of one page shows no spread: the group's next pages show it.
        near = len(self.learn) < 2 or self.minsim - below <= max(sims) - min(sims) + SIM_EPSILON
        if not near and len(later) <= len(self.group):
            return False
        measured = len(self.sims)
        while near and self.minsim is not None and self.minsim > below:
            left = [u for u in self.group if u not in self.sims]
            before = self.minsim
            self.learn = spread(left, len(self.learn))
            if (
                not left
                or await self._measure_until(below, self.learn) is None
                or self.minsim >= before
            ):
                break
        passed = self.minsim is not None and self.minsim <= below
        if not passed and self.minsim is not None and len(later) > 1:
            fetched = await self.run.fetch(spread(later[1:], len(self.learn)))
            seen = [
                simhtml(self.sample_schema, html_schema(p, self.mode)) for p in fetched.values()
            ]
            passed = any(sim >= self.minsim for sim in seen)
            if passed:  # the group is of the kind: its pages measured show how far it varies
                self.minsim = min(below, *seen)
        if len(self.sims) > measured:
            self.run.note(
                "same-level",
                "keep" if passed else "prune",
                f"best group's sample for {subject}",
                level=level,
                urls=self.group,
                values={"minsim_html": self.minsim or 0.0, "measured": len(self.sims)},
                note="a later group below minsim_html: minsim_html learned again over more of "
                "the best group",
            )
        return passed
