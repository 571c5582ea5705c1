"""SSUP's Algorithm 3, pagination: the links of a level's index pages are grouped by weaksim
with the next level's sample and by link DOM path; a group whose first page is at least as
similar (simhtml) to this level's sample as to the next level's is taken as pagination of this
level.

Choices (listed in `algorithms.ssup`'s docstring): it is repeated on the pages it finds until no
new page appears, it leaves out the links of the next level's sample link DOM path (but a pager
built like the entries: `_continues_level`), the site navigation the next level's sample holds
too and pages already placed in the tree, and its candidates are first filtered by URL (a path
or query term shared with this level's sample, or its URL continued; no view of it that changes
two or more query parameters).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from siteseer.algorithms.features.dom import TagFeature, html_schema, link_path, simhtml
from siteseer.algorithms.features.url import url_schema, weaksim
from siteseer.algorithms.features.urlshape import (
    VIEW_PARAMS,
    UrlTemplate,
    continues,
    is_view,
    seed_template,
)
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.climb import path_terms
from siteseer.algorithms.ssup.grouping import SIM_DIGITS
from siteseer.render import Snapshot

__all__ = ["LEVEL_SHARE", "Pagination"]

# Choice (beyond the paper): with a budget, a level's pagination may spend at most this share of
# the pages left when it starts until one of the pages it found shows entity links of the seed's
# group; then it may go on. A third leaves two thirds for what follows a level (the next level's
# catch, its minsim_html sample and probes, the levels below), whatever the level turns out to be.
LEVEL_SHARE = 1 / 3


@dataclass(slots=True)
class _Share:
    """A level's share of the budget: `limit` pages (None: no budget) until `shown`, i.e. until
    a page it loaded shows entity links of the seed's group: links in the next level's sample
    link DOM path `sdp` not among `entries` (those the level's pages held when it began) that
    share a path or query term (`terms`) with the next level's sample."""

    limit: int | None
    mode: TagFeature
    sdp: str
    terms: frozenset[tuple[str, str]]
    entries: set[str]
    spent: int = 0
    shown: bool = False
    left_out: list[str] = field(default_factory=list)

    def allow(self, urls: Sequence[str], run: Run) -> list[str]:
        """The URLs of `urls` the share lets `run` load (every one already loaded, and the
        others in order while the share lasts); the rest go to `left_out`."""
        if self.limit is None or self.shown:
            return list(urls)
        room = self.limit - self.spent
        allowed: list[str] = []
        for url in urls:
            if url in run.pages or url in run.failed:
                allowed.append(url)
            elif room > 0:
                allowed.append(url)
                room -= 1
            else:
                self.left_out.append(url)
        return allowed

    def see(self, pages: Iterable[Snapshot]) -> None:
        """Mark the share `shown` when one of `pages` shows entity links of the seed's group."""
        self.shown = self.shown or any(
            link_path(k, self.mode) == self.sdp
            and k.url not in self.entries
            and bool(self.terms & path_terms(url_schema(k.url)))
            for p in pages
            for k in p.links
        )


@dataclass(frozen=True, slots=True)
class Pagination:
    """Algorithm 3 for one SSUP run: pages and trace go to `run`. `share`: the share of the
    budget left a level's pagination may spend before it has shown entity links (None: no
    bound; see `LEVEL_SHARE`); `stopped` says why levels stopped at it (the run is then
    incomplete: pages were left out)."""

    run: Run
    mode: TagFeature
    share: float | None = LEVEL_SHARE
    stopped: list[str] = field(default_factory=list)  # why levels stopped at their share

    async def find(
        self,
        sp_x: Snapshot,
        sp_next: Snapshot,
        level_pages: Sequence[Snapshot],
        next_sdp: str,
        placed: set[str],
        level: int,
    ) -> list[Snapshot]:
        """Algorithm 3, repeated until no new page: pagination pages of `level`."""
        schema_x = html_schema(sp_x, self.mode)
        schema_next = html_schema(sp_next, self.mode)
        next_terms = url_schema(sp_next.url)
        found: list[Snapshot] = []
        frontier = list(level_pages)
        judged: set[str] = set(placed)
        level_terms = path_terms(url_schema(sp_x.url))
        # Choice: a link the next level's sample holds too, in the same link DOM path, is site
        # navigation (a header menu every page carries), not a pager of this level's list.
        navigation = {(link_path(link, self.mode), link.url) for link in sp_next.links}
        share = self._share(level_pages, sp_next, next_sdp)
        entity = seed_template(sp_next.url)
        while frontier and not share.left_out:
            groups: dict[tuple[float, str], list[str]] = {}
            unlike: list[str] = []
            views: list[str] = []
            for page in frontier:
                for link in page.links:
                    path = link_path(link, self.mode)
                    if link.url in judged or (path, link.url) in navigation:
                        continue
                    # Choice: a pager in the entries' own path (``<li>`` items both) continues
                    # this level's sample by its URL shape (``/`` → ``/page/2/``), where the
                    # entries have the next level's (`_continues_level`).
                    pager = _continues_level(sp_x.url, link.url, entity)
                    if path == next_sdp and not pager:
                        continue
                    judged.add(link.url)
                    if not (pager or level_terms & path_terms(url_schema(link.url))):
                        unlike.append(link.url)
                        continue
                    if is_view(sp_x.url, link.url):
                        views.append(link.url)
                        continue
                    key = (round(weaksim(next_terms, url_schema(link.url)), SIM_DIGITS), path)
                    groups.setdefault(key, []).append(link.url)
            if unlike:
                self.run.note(
                    "pagination",
                    "skip",
                    f"{len(unlike)} links unlike {sp_x.url}",
                    level=level,
                    urls=unlike,
                    note="their URLs share no path or query term with this level's sample",
                )
            if views:
                self.run.note(
                    "pagination",
                    "skip",
                    f"{len(views)} views of {sp_x.url}",
                    level=level,
                    urls=views,
                    note=f"they change {VIEW_PARAMS} or more query parameters of this level's "
                    "sample: a sort order or view combined with a page, not a page of its own",
                )
            new_urls: list[str] = []
            # Every group is judged (no early stop), so their first pages load in one batch.
            firsts = await self._fetch([urls[0] for urls in groups.values()], share)
            for (wsim, path), urls in groups.items():
                first = firsts.get(urls[0])
                if first is None and urls[0] in share.left_out:
                    continue  # the level's share is spent: named in the stop note
                if first is None:
                    self.run.note(
                        "pagination",
                        "prune",
                        urls[0],
                        level=level,
                        urls=urls,
                        values={"weaksim": wsim},
                        note=f"first page unavailable ({path})",
                    )
                    continue
                schema = html_schema(first, self.mode)
                to_x, to_next = simhtml(schema_x, schema), simhtml(schema_next, schema)
                values = {"weaksim": wsim, "simhtml_level": to_x, "simhtml_next": to_next}
                # Choice: a page sharing no link DOM path with this level's sample (to_x = 0)
                # is no page of its list, however unlike the next level it is as well.
                keep = to_x >= to_next and to_x > 0.0
                self.run.note(
                    "pagination",
                    "keep" if keep else "prune",
                    urls[0],
                    level=level,
                    urls=urls,
                    values=values,
                    note=path,
                )
                if keep:
                    new_urls.extend(urls)
            fetched = await self._fetch(new_urls, share)
            pages = [fetched[u] for u in new_urls if u in fetched]
            found.extend(pages)
            # Choice: pagination goes on only from pages that show entries of the list (links in
            # the next level's sample link DOM path); a page kept by the HTML test alone (a view
            # of another list, an archive of dates) is judged by `_contributors` and not paged.
            frontier = [
                p for p in pages if any(link_path(k, self.mode) == next_sdp for k in p.links)
            ]
            paged = {p.url for p in frontier}  # by URL: a Snapshot's == reads every field
            empty = [p.url for p in pages if p.url not in paged]
            if empty:
                self.run.note(
                    "pagination",
                    "skip",
                    f"{len(empty)} pages without entries",
                    level=level,
                    urls=empty,
                    note="they hold no link in the next level's sample link DOM path: not paged",
                )
        if share.left_out:
            why = (
                f"level {level} stopped after {share.spent} pages without entity links: "
                f"its share of the budget ({share.limit} pages)"
            )
            self.stopped.append(why)
            self.run.note(
                "pagination",
                "stop",
                f"level {level}",
                level=level,
                urls=share.left_out,
                values={"pages": share.spent, "share": share.limit or 0},
                note=why,
            )
        return found

    def _share(self, level_pages: Sequence[Snapshot], sp_next: Snapshot, sdp: str) -> _Share:
        """The level's share of the budget left now (no bound without a budget)."""
        left = self.run.session.budget_left
        limit = None if left is None or self.share is None else max(1, math.ceil(left * self.share))
        entries = {k.url for p in level_pages for k in p.links if link_path(k, self.mode) == sdp}
        return _Share(limit, self.mode, sdp, path_terms(url_schema(sp_next.url)), entries)

    async def _fetch(self, urls: Sequence[str], share: _Share) -> dict[str, Snapshot]:
        """`run.fetch` of the URLs of `urls` the level's share allows, counting what it spent;
        when the pages it loaded show entity links, the URLs left out are loaded too."""
        fetched: dict[str, Snapshot] = {}
        wanted = list(urls)
        while wanted:
            before = self.run.session.budget_left
            fetched |= await self.run.fetch(share.allow(wanted, self.run))
            after = self.run.session.budget_left
            if before is not None and after is not None:
                share.spent += before - after
            share.see(fetched.values())
            wanted = []
            if share.shown and share.left_out:
                wanted, share.left_out = share.left_out, []
        return fetched


def _continues_level(sample: str, url: str, entity: UrlTemplate | None) -> bool:
    """Whether `url` may be a page of the list at `sample`, this level's sample, by its URL
    alone: it continues it (`urlshape.continues`: one query parameter added or changed, or a
    page number appended to its path) and does not have the shape of the next level's sample
    (`entity`, its `seed_template`: ``/season/2022/race/3`` below ``/season/2022`` is an entry).

    Choice (beyond the paper): Algorithm 3 judges the links outside the next level's sample
    link DOM path, and filters them by a term shared with this level's sample. A pager whose
    items are built like the entries' (``<ul><li><a>`` both) shares their path, and the site's
    home page, a level's sample with no term, shares none with its own ``/page/2/``.
    """
    return continues(sample, url) and (entity is None or not entity.matches(url))
