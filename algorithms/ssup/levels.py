"""SSUP's Algorithm 2, catching same-level pages: level by level from the root, the links the
level's index pages hold in the sample link DOM path are grouped (`algorithms.ssup.grouping`);
the best group is kept and teaches the threshold minsim_html (the least simhtml between the
sample and that group's pages); each later group is kept while one of its pages reaches
minsim_html, and the first group that does not ends the level.

The choices `sample_size`, `probe` and the URL-pattern filter at index levels are named in the
code and listed in `algorithms.ssup`'s docstring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from algorithms.features.dom import TagFeature, html_schema, path_urls, simhtml
from algorithms.features.url import SIZE_TERM, spread, term_weights, url_schema
from algorithms.features.urlshape import url_template
from algorithms.run import Run
from algorithms.ssup.grouping import LinkGroup, LinkGrouper
from render import Snapshot

__all__ = ["SameLevel"]


@dataclass(frozen=True, slots=True)
class SameLevel:
    """Algorithm 2 for one SSUP run: pages and trace go to `run`; `grouper` groups a level's
    links; `sample_size` and `probe` bound the pages downloaded to learn and test minsim_html."""

    run: Run
    mode: TagFeature
    grouper: LinkGrouper
    sample_size: int
    probe: int

    async def catch(
        self,
        index_pages: Sequence[Snapshot],
        sp: Snapshot,
        sdp: str,
        level: int,
        leaf: bool,
        kept: list[str],
    ) -> None:
        """Algorithm 2: the pages of `level` linked from `index_pages` through `sdp`, added to
        `kept` (the sample first) group by group, so that a spent budget leaves those found."""
        kept.append(sp.url)
        groups = self.grouper(sp.url, index_pages, sdp, self.mode)
        if not leaf:
            groups = self._same_pattern(groups, sp.url, index_pages, sdp, level)
        if not groups:
            self.run.note("same-level", "keep", sp.url, level=level, note="the sample is alone")
            return
        sample_schema = html_schema(sp, self.mode)
        first, rest = groups[0], groups[1:]
        # The template mates need no download: kept first, so that a spent budget keeps them.
        rest = self._template_mates(rest, (sp.url, *first.urls), level, kept)
        # Choice (`sample_size`): at the leaves, learn minsim_html from a sample of G1.
        learn = spread(first.urls, self.sample_size) if leaf else first.urls
        fetched = await self.run.fetch(learn)
        sims = {u: simhtml(sample_schema, html_schema(p, self.mode)) for u, p in fetched.items()}
        if not sims:
            self.run.note(
                "same-level",
                "prune",
                f"group 1 of {len(groups)}",
                level=level,
                urls=first.urls,
                values={"strongsim": first.score},
                note="no page of the best group could be fetched",
            )
            return
        minsim = min(sims.values())
        kept.extend(first.urls)
        self.run.note(
            "same-level",
            "keep",
            f"group 1 of {len(groups)}",
            level=level,
            urls=first.urls,
            values={"strongsim": first.score, "minsim_html": minsim, "measured": len(sims)},
            note="best strongsim group; sets minsim_html",
        )
        for number, group in enumerate(rest, start=2):
            subject = f"group {number} of {len(groups)}"
            passed, best = await self._probe(group.urls, sample_schema, minsim)
            values = {"strongsim": group.score, "simhtml": best, "minsim_html": minsim}
            if passed:
                kept.extend(group.urls)
                self.run.note(
                    "same-level", "keep", subject, level=level, urls=group.urls, values=values
                )
                continue
            self.run.note(
                "same-level",
                "prune",
                subject,
                level=level,
                urls=group.urls,
                values=values,
                note="simhtml below minsim_html: this and every later group pruned",
            )
            for later, other in enumerate(rest[number - 1 :], start=number + 1):
                self.run.note(
                    "same-level",
                    "prune",
                    f"group {later} of {len(groups)}",
                    level=level,
                    urls=other.urls,
                    values={"strongsim": other.score},
                    note=f"after group {number} failed",
                )
            break

    def _template_mates(
        self, groups: Sequence[LinkGroup], siblings: Sequence[str], level: int, kept: list[str]
    ) -> list[LinkGroup]:
        """Choice: the links of later groups that match the URL template of the sample and the
        best group are kept without an HTML test; the groups left (without them) go on to it.

        Property 8 of Definition 3: pages of one level share a URL structure. Strongsim groups
        split one template by the number of sub-tokens (``/lab/dev/requests/2.34.2`` and
        ``/lab/dev/agent-detector/2.0.0``), and a page whose content holds unusual markup then
        fails minsim_html for its whole group. A template keeps every path segment and query value
        that all the best group's URLs share (``/planes/show/*``, not ``/airports/show/*``); one
        with nothing fixed names no level and is not used.
        """
        template = url_template(siblings)
        if template is None or template.varying == len(template.segments) + len(template.query):
            return list(groups)
        left: list[LinkGroup] = []
        for group in groups:
            mates = [u for u in group.urls if template.matches(u)]
            others = tuple(u for u in group.urls if u not in mates)
            if others:
                left.append(LinkGroup(group.score, others))
            if not mates:
                continue
            kept.extend(mates)
            self.run.note(
                "same-level",
                "keep",
                f"{len(mates)} links of the best group's URL template",
                level=level,
                urls=mates,
                values={"strongsim": group.score},
                note="same URL template as the sample and the best group (property 8)",
            )
        return left

    def _same_pattern(
        self,
        groups: list[LinkGroup],
        sample_url: str,
        index_pages: Sequence[Snapshot],
        sdp: str,
        level: int,
    ) -> list[LinkGroup]:
        """Choice: at an index level, drop the links whose URLs share with the sample no
        weighted term but the number-of-tokens term.

        Property 8 of Definition 3: pages of one level share a URL structure. A menu reached by
        an over-estimated height (``/sports`` among ``/host-cities``, ``/news``, ``/about``)
        shares only its URLs' length, and letting it through makes sibling indexes of another
        entity type (``/host-cities``) index pages of this tree — whose lists the leaf level's
        HTML test cannot tell apart when both types share one template.
        """
        weights = term_weights(sample_url, path_urls(index_pages, self.mode), sdp)
        pattern = {t for t, w in weights.weights.items() if t[0] != SIZE_TERM and w > 0.0}
        kept: list[LinkGroup] = []
        dropped: list[str] = []
        for group in groups:
            alike = tuple(u for u in group.urls if pattern & url_schema(u))
            dropped.extend(u for u in group.urls if u not in alike)
            if alike:
                kept.append(LinkGroup(group.score, alike))
        if dropped:
            self.run.note(
                "same-level",
                "prune",
                f"{len(dropped)} links unlike {sample_url}",
                level=level,
                urls=sorted(dropped),
                note="index level: their URLs share no term with the sample but their length",
            )
        return kept

    async def _probe(
        self, urls: Sequence[str], sample_schema: frozenset[str], minsim: float
    ) -> tuple[bool, float]:
        """Try up to `probe` pages of a group; (passed, best simhtml seen)."""
        best = -1.0
        tried = 0
        for url in urls:
            if tried >= self.probe:
                break
            page = await self.run.fetch_one(url)
            if page is None:
                continue
            tried += 1
            sim = simhtml(sample_schema, html_schema(page, self.mode))
            best = max(best, sim)
            if sim >= minsim:
                return True, sim
        return False, max(best, 0.0)
