"""Visual-aware link grouping for SSUP (`ssup(..., visual=True)`).

SSUP judges, at each level of the entity tree, only the links its level's index pages hold in the
*sample link DOM path* (Algorithm 2). Its paper names the failure this causes (case ii): entity
links that sit under other DOM paths — a card grid of faculty next to a list of students, a
table on one index page and a list on another — are never looked at.

The rule (`role_mates`), on the rendered index pages of a level:

1. The *sample lists* are the visual lists (features.visual) that hold links of the sample link
   DOM path; their horizontal extent, widened by its own width on each side, is the *sample
   column*. A page without such links uses the column of the other pages (same-level pages
   share a layout).
2. Another visual list is a *role-mate* when all hold: (a) it is not a site-wide menu (the same
   signature and targets on most of the level's pages); (b) it lies in the sample column (its
   horizontal extent overlaps it), so sidebars and ads are out; (c) it links to none of the
   level's index pages and not to the site's home page (a pager, sibling indexes, navigation).
3. A role-mate stands for its *kind*: anchors with its container path and anchor style. The
   kind counts only when such anchors appear on at least `MIN_PAGES` (2) of the level's index
   pages — a second entity list is part of the level's layout and recurs, a one-off box
   ("featured" items on a home page) does not; a level of one index page is left to SSUP. On
   every index page, all anchors of the kind join — also where they are too few to form a list.
4. The links of each role-mate kind become one more group for Algorithm 2, after SSUP's own
   groups (the strongsim groups of the sample link DOM path, unchanged): "as well as the DOM
   path". It is judged like any later group — kept when a probed page reaches minsim_html, the
   threshold SSUP learned from its best group — so a role-mate list of another entity type is
   pruned by the HTML test, and SSUP's decisions on its own groups cannot change.

Pages fetched without a browser have no boxes: the grouping is then exactly SSUP's.

Visual features on demand (`VisualLevel`, what `ssup(visual=True)` uses): every page is loaded as
plain SSUP loads it (HTTP snapshots where the site needs no browser), and a level's index pages
are rendered only when the DOM leaves their grouping ambiguous (`ambiguity`): links shaped like
the level's sample (its host, its number of URL tokens) under another link DOM path that recurs
on `MIN_PAGES` of the level's pages,
is no site-wide menu (the same targets on most of them) and links to none of the level's pages
nor the home page — rule 2 without the column test, which needs boxes. Such a path is a
possible role-mate, and only boxes can tell; otherwise the role-mate rule has nothing to find
and the render is not spent. The trace says, per level, whether the pages were rendered and why
(step ``visual``). Rendered pages are grouped through the sample link DOM path as the browser drew
it (`rendered_path`: a class a script sets on an ancestor is not another list).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import TagFeature, link_path, path_tags, path_urls, paths_to
from siteseer.algorithms.features.url import SIZE_TERM, term_weights, url_schema
from siteseer.algorithms.features.visual import VisualList, is_menu, menu_signatures, visual_lists
from siteseer.algorithms.ssup.grouping import SIM_DIGITS, LinkGroup, group_links
from siteseer.algorithms.ssup.levels import SameLevel
from siteseer.render import Link, Snapshot

__all__ = ["RoleMate", "VisualLevel", "ambiguity", "role_mates", "visual_group_links"]

# A role-mate kind must recur on this many of the level's index pages (see the module docstring).
MIN_PAGES = 2


@dataclass(frozen=True, slots=True)
class RoleMate:
    """A kind of visual list that plays the sample list's role on a level's index pages:
    anchors under `container` with the anchor style `style` (font size, weight, family,
    colour), and the URLs such anchors link to on those pages, in page then document order."""

    container: str
    style: tuple[float, int, str, str]
    urls: tuple[str, ...]


def _kind(vl: VisualList) -> tuple[str, tuple[float, int, str, str]]:
    sig = vl.signature
    return sig[0], (sig[2], sig[3], sig[4], sig[5])


def _column(lists: Sequence[VisualList]) -> tuple[float, float] | None:
    """The horizontal extent of `lists`, widened by its own width on each side."""
    if not lists:
        return None
    left = min(vl.box.x for vl in lists)
    right = max(vl.box.x + vl.box.w for vl in lists)
    width = right - left
    return left - width, right + width


def _overlaps(vl: VisualList, column: tuple[float, float]) -> bool:
    return vl.box.x < column[1] and column[0] < vl.box.x + vl.box.w


def _home(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/"


def role_mates(
    index_pages: Sequence[Snapshot], sdp: str, mode: TagFeature = "attrs"
) -> list[RoleMate]:
    """The kinds of visual list on `index_pages` that play the role of the sample link DOM
    path's lists (the rule in the module docstring), ordered by container and style."""
    lists = {page.url: visual_lists(page) for page in index_pages}
    if not any(lists.values()):
        return []
    if len(index_pages) < MIN_PAGES:
        return []
    menus = menu_signatures(index_pages)
    level = {u for page in index_pages for u in (page.url, page.final_url)}
    sample_lists = {
        page.url: [
            vl for vl in lists[page.url] if any(link_path(lk, mode) == sdp for lk in vl.links)
        ]
        for page in index_pages
    }
    sample_kinds = {_kind(vl) for found in sample_lists.values() for vl in found}
    everywhere = _column([vl for found in sample_lists.values() for vl in found])
    if everywhere is None:
        return []
    kinds: set[tuple[str, tuple[float, int, str, str]]] = set()
    for page in index_pages:
        column = _column(sample_lists[page.url]) or everywhere
        for vl in lists[page.url]:
            if vl in sample_lists[page.url] or _kind(vl) in sample_kinds or is_menu(vl, menus):
                continue
            targets = set(vl.urls)
            if targets & (level | {_home(page.url)}) or not _overlaps(vl, column):
                continue
            kinds.add(_kind(vl))
    mates: list[RoleMate] = []
    for container, style in sorted(kinds):
        urls: dict[str, None] = {}
        seen_on = 0
        for page in index_pages:
            found = False
            for lk in page.links:
                if lk.box is None or lk.style is None or not lk.style.visible:
                    continue
                key = (lk.path.rpartition("/")[0], _style_of(lk))
                if key == (container, style) and lk.url not in level:
                    urls[lk.url] = None
                    found = True
            seen_on += found
        if seen_on >= MIN_PAGES:
            mates.append(RoleMate(container, style, tuple(urls)))
    return mates


def _style_of(link: Link) -> tuple[float, int, str, str]:
    style = link.style
    assert style is not None
    return (round(style.font_size, 1), style.font_weight, style.font_family, style.color)


def visual_group_links(
    sample_url: str, index_pages: Sequence[Snapshot], sdp: str, mode: TagFeature = "attrs"
) -> list[LinkGroup]:
    """SSUP's Algorithm 2 groups (equal strongsim over the sample link DOM path, best first),
    followed by one group per role-mate kind (`role_mates`) holding its links that SSUP's groups
    do not. A drop-in `LinkGrouper` for `ssup`.

    A role-mate group comes after all of SSUP's groups, so SSUP's own decisions are unchanged;
    its `score` is the best strongsim of its links under SSUP's term weights (for the trace).
    """
    groups = group_links(sample_url, index_pages, sdp, mode)
    taken = {u for g in groups for u in g.urls} | {sample_url}
    weights = term_weights(sample_url, path_urls(index_pages, mode), sdp)
    for mate in role_mates(index_pages, sdp, mode):
        urls = sorted(u for u in mate.urls if u not in taken)
        if not urls:
            continue
        taken.update(urls)
        score = round(max(weights.strongsim(u) for u in urls), SIM_DIGITS)
        groups.append(LinkGroup(score, tuple(urls)))
    return groups


# A link DOM path whose targets are the same on this share of a level's pages is a menu.
MENU_SHARE = 0.8


def _size(url: str) -> str:
    return next(sub for term, sub in url_schema(url) if term == SIZE_TERM)


def ambiguity(
    index_pages: Sequence[Snapshot], sample_url: str, sdp: str, mode: TagFeature = "attrs"
) -> str | None:
    """Why the grouping of `index_pages` needs visual features (a render), or None when the DOM
    alone settles it: the rule in the module docstring (visual features on demand)."""
    if len(index_pages) < MIN_PAGES:
        return None
    level = {u for page in index_pages for u in (page.url, page.final_url)}
    homes = {_home(page.url) for page in index_pages}
    size = _size(sample_url)
    mates = {lk.url for page in index_pages for lk in page.links if link_path(lk, mode) == sdp}
    mates.discard(sample_url)
    if not mates:
        return None
    host = urlsplit(sample_url).netloc
    per_path: dict[str, list[frozenset[str]]] = {}
    for page in index_pages:
        paths: dict[str, set[str]] = {}
        for lk in page.links:
            path = link_path(lk, mode)
            if path != sdp:
                paths.setdefault(path, set()).add(lk.url)
        for path, urls in paths.items():
            per_path.setdefault(path, []).append(frozenset(urls))
    candidates: list[str] = []
    for path, seen in per_path.items():
        if len(seen) < MIN_PAGES:
            continue
        if Counter(seen).most_common(1)[0][1] >= MENU_SHARE * len(index_pages):
            continue  # a menu: the same targets on most of the level's pages
        targets = frozenset().union(*seen)
        if targets & (level | homes):
            continue  # a pager, sibling indexes, navigation
        alike = [u for u in targets - mates if urlsplit(u).netloc == host and _size(u) == size]
        if len(alike) >= MIN_PAGES:
            candidates.append(path)
    if not candidates:
        return None
    return (
        f"{len(candidates)} link DOM path(s) besides the sample's hold links like the sample "
        f"on {MIN_PAGES}+ of the level's pages (e.g. {min(candidates)}): only boxes tell a "
        "second entity list from other content"
    )


class VisualLevel(SameLevel):
    """SSUP's Algorithm 2 with visual features on demand: a level's index pages are rendered
    (and grouped by `visual_group_links`) only when `ambiguity` finds a reason; otherwise
    they are grouped from the pages as loaded. Each level's choice is in the trace."""

    async def catch(
        self,
        index_pages: Sequence[Snapshot],
        sp: Snapshot,
        sdp: str,
        level: int,
        leaf: bool,
        kept: list[str],
    ) -> None:
        why = ambiguity(index_pages, sp.url, sdp, self.mode)
        urls = [page.url for page in index_pages]
        if why is None or all(page.rendered for page in index_pages):
            self.run.note(
                "visual",
                "keep" if why is None else "rendered",
                f"level {level}",
                level=level,
                urls=urls,
                note="no render: the link DOM paths leave the grouping unambiguous"
                if why is None
                else f"already rendered; {why}",
            )
            await super().catch(index_pages, sp, sdp, level, leaf, kept)
            return
        rendered = await asyncio.gather(*(self.run.rendered(u) for u in urls))
        pages = [r if r is not None else p for r, p in zip(rendered, index_pages, strict=True)]
        drawn = rendered_path(pages, sp.url, sdp, self.mode)
        self.run.note(
            "visual",
            "render",
            f"level {level}",
            level=level,
            urls=[p.url for p in pages if p.rendered],
            note=f"rendered the level's {len(pages)} index page(s): {why}"
            + ("" if drawn == sdp else f"; the sample link DOM path as drawn: {drawn}"),
        )
        await super().catch(pages, sp, drawn, level, leaf, kept)


def rendered_path(
    pages: Sequence[Snapshot | Iterable[Link]], sample_url: str, sdp: str, mode: TagFeature
) -> str:
    """The sample link DOM path `sdp` (read from the pages as served) as the rendered `pages`
    spell it. Scripts set attributes on the drawn DOM (a class on `body`), and then the served
    path finds no link on the drawn pages (the `tbody` a browser adds is already left out of
    every path: render.extract). The answer is `sdp` itself where a page links the sample
    through it; otherwise the first path through which a page links the sample with the same
    tags as `sdp`; `sdp` where none has."""
    want = path_tags(sdp)
    drawn = [path for page in pages for path in paths_to(page, sample_url, mode)]
    if sdp in drawn:
        return sdp
    return next((path for path in drawn if path_tags(path) == want), sdp)
