"""SSUP — Structurally Similar URLs and Pages (Manica, Galante, Dorneles, ICWE 2014).

Given one sample entity page, find every entity page of the same type on its site:

1. *Sample page path* (Algorithms 1 and 4). From the seed, climb the entity tree: the index page
   of a page sp is, among the pages sp links to that link back to sp, the one with the largest
   candidate index-page weight W_ci (Definition 14: the sum of strongsim between sp and the
   links that sit in the same link DOM path as the link to sp). Climbing stops after `height`
   steps, or early when the page found is already on the path.
2. *Catching same-level pages* (Algorithm 2). Level by level from the root, the links the
   level's index pages hold in the sample link DOM path are grouped by their strongsim with the
   next level's sample page (`group_links`); the best group is kept and teaches the threshold
   minsim_html (the least simhtml between the sample and that group's pages); each later group is
   kept while one of its pages reaches minsim_html, and the first group that does not ends the
   level.
3. *Pagination* (Algorithm 3). The links of a level's index pages are grouped by weaksim with the
   next level's sample and by link DOM path; a group whose first page is at least as similar
   (simhtml) to this level's sample as to the next level's is taken as pagination of this level.

Where this implementation chooses what the paper leaves open, or departs from it, the choice is
named in the code (``Choice:``) and its parameters are recorded in the run's params:

- Link DOM paths default to tags with attribute names (`tag_feature="attrs"`, Indesit's best
  general setting in SSUP's evaluation); with tags alone a site menu and a content list built
  from the same tags share one path.
- Climbing (Algorithm 1) does not download the links the current page holds in the path that
  leads down to the page below (its children); does not take a candidate whose list holds the
  page alone (W_ci = 1: it groups nothing, Definition 1); and does not take a *pagination peer*
  (a page linked to and from the current page through one path, sharing its URL pattern —
  page 2 of a list is no index page of page 1). When the current page has a peer with a shorter
  URL, it is page n of a list, and the climb goes on from that first page (Definition 5).

- `sample_size`: at the entity level, minsim_html is learned from an evenly spread sample of the
  best group (the paper downloads the whole group; an entity level is exactly what SSUP must not
  download). Index levels are downloaded whole anyway, so they use the whole group.
- `probe`: Algorithm 2 keeps a later group when the *max* simhtml over it reaches minsim_html;
  the paper's worked example (Figure 5) computes only the first page of each group. We try up to
  `probe` pages, in URL order, and stop at the first that passes.
- Algorithm 4 line 19 (``if i < h - 2``) runs pagination for levels 0 … h-2 counting from the
  leaves' parents; the paper's text says "entity pages do not have pagination", i.e. every index
  level is paginated. We paginate every index level, the root included.
- Pagination is repeated on the pages it finds until no new page appears (a first page usually
  links only to its neighbours), and it leaves out the links of the next level's sample link DOM
  path (Algorithm 2 judges those) and pages already placed in the tree.
- Pagination candidates are first filtered by URL, in SSUP's spirit (no download for what the
  URL rules out): a pagination page of ``/sports`` or ``/season/gp3/2022`` shares a path or
  query term with it (``sports``, ``season``/``gp3``/``2022``); a site menu (``/about``) or a
  sibling index of another type (``/host-cities``) does not. Without this filter the HTML test
  of Algorithm 3 (is the page closer to this level's sample than to the next's?) admits any
  page built on the index template, and with it that page's lists.
- At index levels (not the leaves), links whose URLs share nothing with the sample page's but
  the number of tokens are dropped before the HTML test (see `_Walk._same_pattern`).
- An index page is reported for its level only when it links to a page kept at the next level;
  pagination candidates that turn out to be noise are pruned there (the paper prunes them the
  same way, implicitly, by finding nothing under them).
- ``height="auto"`` (beyond the paper): see `_climb`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, TypeAlias
from urllib.parse import urlsplit

from algorithms.features.dom import (
    TagFeature,
    html_schema,
    link_collections,
    link_path,
    path_urls,
    paths_to,
    simhtml,
)
from algorithms.features.url import (
    SIZE_TERM,
    LinkPaths,
    spread,
    term_weights,
    tokens,
    url_schema,
    weaksim,
)
from algorithms.result import Discovery, TraceEntry
from crawler.cost import Cost
from crawler.errors import BudgetExhausted, CrawlError
from render.snapshot import Snapshot

if TYPE_CHECKING:
    from crawler.session import Session

__all__ = ["Height", "LinkGroup", "LinkGrouper", "explain_discovery", "group_links", "ssup"]

Height: TypeAlias = int | Literal["auto"]

# Two strongsim values closer than this are one group (float noise from summing weights).
_SIM_DIGITS = 9
_EPSILON = 1e-9
# height="auto" never climbs further than this many levels.
MAX_AUTO_HEIGHT = 6
# height="auto" climbs to a candidate when at least this share of its list shares a URL pattern.
_CLIMB_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class LinkGroup:
    """Links judged together by Algorithm 2: `score` is what they share with the sample page
    (their strongsim for `group_links`), `urls` are in URL order."""

    score: float
    urls: tuple[str, ...]


LinkGrouper: TypeAlias = Callable[[str, Sequence[Snapshot], str, TagFeature], list[LinkGroup]]
"""(sample URL, index pages of the level, sample link DOM path, tag feature) → groups, best
first. `group_links` is SSUP's; a visual grouping can take its place."""


def group_links(
    sample_url: str, index_pages: Sequence[Snapshot], sdp: str, mode: TagFeature = "attrs"
) -> list[LinkGroup]:
    """Algorithm 2, lines 5–9: the links of `index_pages` in the sample link DOM path `sdp`
    (the sample itself left out), grouped by equal strongsim with the sample page, best first.

    Term weights are computed over the link DOM paths of all the level's index pages merged, as
    in the paper's Table 1.
    """
    paths = path_urls(index_pages, mode)
    weights = term_weights(sample_url, paths, sdp)
    grouped: dict[float, list[str]] = {}
    for url in paths.get(sdp, ()):
        if url == sample_url:
            continue
        score = round(weights.strongsim(url), _SIM_DIGITS)
        grouped.setdefault(score, []).append(url)
    return [
        LinkGroup(score, tuple(sorted(urls)))
        for score, urls in sorted(grouped.items(), key=lambda kv: -kv[0])
    ]


# --- the run ----------------------------------------------------------------------------------


class _Stopped(Exception):
    """The run cannot go on (budget spent, seed unusable); `reason` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class _Parent:
    """A candidate index page chosen by Algorithm 1."""

    page: Snapshot
    sdp: str
    weight: float


@dataclass
class _Walk:
    """One SSUP run's working state: the pages seen, the trace, the levels found so far."""

    session: Session
    mode: TagFeature
    grouper: LinkGrouper
    sample_size: int
    probe: int
    pages: dict[str, Snapshot] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    trace: list[TraceEntry] = field(default_factory=list)
    levels: list[list[str]] = field(default_factory=list)
    index_pages: list[list[str]] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    sample_path: list[str] = field(default_factory=list)
    height_used: int = 0
    render: bool = False  # visual SSUP: load every page in the browser (boxes and styles)
    shortfall: str = ""  # set when a fixed height could not be climbed

    # -- I/O ---------------------------------------------------------------------------------

    async def fetch(self, urls: Iterable[str]) -> dict[str, Snapshot]:
        """Snapshots of `urls` that are HTML pages with a 2xx status, fetched in one batch
        (pages already seen are not asked for again). Raises `_Stopped` when the budget ran out.
        """
        wanted = list(dict.fromkeys(urls))
        missing = [u for u in wanted if u not in self.pages and u not in self.failed]
        if missing:
            results = await self.session.pages(missing, render=self.render)
            exhausted: BudgetExhausted | None = None
            for url, result in zip(missing, results, strict=True):
                if isinstance(result, Snapshot):
                    self.pages[url] = result
                    if not result.ok:
                        self.failed[url] = f"HTTP status {result.status}"
                        self.note("fetch", "error", url, note=self.failed[url])
                elif isinstance(result, BudgetExhausted):
                    exhausted = result
                else:
                    self.failed[url] = str(result)
                    self.note("fetch", "error", url, note=str(result))
            if exhausted is not None:
                raise _Stopped(str(exhausted))
        return {u: self.pages[u] for u in wanted if u in self.pages and self.pages[u].ok}

    async def fetch_one(self, url: str) -> Snapshot | None:
        return (await self.fetch([url])).get(url)

    def note(
        self,
        step: str,
        decision: str,
        subject: str,
        *,
        level: int | None = None,
        urls: Iterable[str] = (),
        values: Mapping[str, float] | None = None,
        note: str = "",
    ) -> None:
        self.trace.append(
            TraceEntry(
                step=step,
                decision=decision,
                subject=subject,
                level=level,
                urls=tuple(urls),
                values=tuple((k, round(v, 6)) for k, v in (values or {}).items()),
                note=note,
            )
        )

    # -- Algorithm 1 ---------------------------------------------------------------------------

    async def top_index_page(
        self, sp: Snapshot, level: int | None, down_path: str | None = None
    ) -> tuple[_Parent | None, list[_Parent]]:
        """Algorithm 1: the page linked from `sp` that links back to it with the largest W_ci,
        and the pagination peers of `sp` met on the way (see `_pagination_peer`).

        Choice: when `sp` was reached by climbing, the links it holds in `down_path` (the path
        leading to the page below) point down the tree (property 7 of Definition 3: an index
        page links to all its children through one path), so they are not downloaded as
        candidates: on an index page those are the entity pages SSUP is meant not to download.
        """
        targets = _own(sp)
        down = {
            link.url
            for link in sp.links
            if down_path is not None and link_path(link, self.mode) == down_path
        }
        outgoing = [
            u
            for u in dict.fromkeys(link.url for link in sp.links)
            if u not in targets and u not in down
        ]
        if down:
            self.note(
                "top-index",
                "skip",
                f"{len(down)} links below {sp.url}",
                level=level,
                urls=sorted(down),
                note="the path leading down the tree holds no index page of it",
            )
        fetched = await self.fetch(outgoing)
        best: _Parent | None = None
        peers: list[_Parent] = []
        for url in outgoing:
            page = fetched.get(url)
            if page is None:
                continue
            scored = _candidate_weight(page, sp, self.mode)
            if scored is None:
                continue
            sdp, weight = scored
            if _pagination_peer(page, sp, sdp, self.mode):
                peers.append(_Parent(page, sdp, weight))
                self.note(
                    "top-index",
                    "prune",
                    url,
                    level=level,
                    values={"weight": weight},
                    note="a pagination peer: it and the page link to each other through one "
                    "path and share a URL pattern (Definition 4)",
                )
                continue
            if weight <= 1.0 + _EPSILON:
                # Choice: W_ci = 1 means the list holds the page alone (or pages sharing nothing
                # with it); an index page groups pages (Definition 1), so this is none.
                self.note(
                    "top-index",
                    "prune",
                    url,
                    level=level,
                    values={"weight": weight},
                    note=f"its list ({sdp}) groups nothing like the page",
                )
                continue
            self.note(
                "top-index", "candidate", url, level=level, values={"weight": weight}, note=sdp
            )
            if best is None or (weight, _neg(url)) > (best.weight, _neg(best.page.url)):
                best = _Parent(page, sdp, weight)
        if best is not None:
            self.note(
                "top-index",
                "keep",
                best.page.url,
                level=level,
                urls=(sp.url,),
                values={"weight": best.weight},
                note=f"index page of {sp.url} through {best.sdp}",
            )
        return best, peers

    # -- Algorithm 2 ---------------------------------------------------------------------------

    async def same_level(
        self, index_pages: Sequence[Snapshot], sp: Snapshot, sdp: str, level: int, leaf: bool
    ) -> list[str]:
        """Algorithm 2: the pages of `level` linked from `index_pages` through `sdp`."""
        kept = [sp.url]
        if leaf:
            self.entities = kept  # grows with every group kept: a spent budget keeps them
        groups = self.grouper(sp.url, index_pages, sdp, self.mode)
        if not leaf:
            groups = self._same_pattern(groups, sp.url, index_pages, sdp, level)
        if not groups:
            self.note("same-level", "keep", sp.url, level=level, note="the sample is alone")
            return kept
        sample_schema = html_schema(sp, self.mode)
        first, rest = groups[0], groups[1:]
        # Choice (`sample_size`): at the leaves, learn minsim_html from a sample of G1.
        learn = spread(first.urls, self.sample_size) if leaf else first.urls
        fetched = await self.fetch(learn)
        sims = {u: simhtml(sample_schema, html_schema(p, self.mode)) for u, p in fetched.items()}
        if not sims:
            self.note(
                "same-level",
                "prune",
                f"group 1 of {len(groups)}",
                level=level,
                urls=first.urls,
                values={"strongsim": first.score},
                note="no page of the best group could be fetched",
            )
            return kept
        minsim = min(sims.values())
        kept.extend(first.urls)
        self.note(
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
                self.note(
                    "same-level", "keep", subject, level=level, urls=group.urls, values=values
                )
                continue
            self.note(
                "same-level",
                "prune",
                subject,
                level=level,
                urls=group.urls,
                values=values,
                note="simhtml below minsim_html: this and every later group pruned",
            )
            for later, other in enumerate(rest[number - 1 :], start=number + 1):
                self.note(
                    "same-level",
                    "prune",
                    f"group {later} of {len(groups)}",
                    level=level,
                    urls=other.urls,
                    values={"strongsim": other.score},
                    note=f"after group {number} failed",
                )
            break
        return kept

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
            self.note(
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
            page = await self.fetch_one(url)
            if page is None:
                continue
            tried += 1
            sim = simhtml(sample_schema, html_schema(page, self.mode))
            best = max(best, sim)
            if sim >= minsim:
                return True, sim
        return False, max(best, 0.0)

    # -- Algorithm 3 ---------------------------------------------------------------------------

    async def pagination(
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
        level_terms = _path_terms(url_schema(sp_x.url))
        while frontier:
            groups: dict[tuple[float, str], list[str]] = {}
            unlike: list[str] = []
            for page in frontier:
                for link in page.links:
                    path = link_path(link, self.mode)
                    if link.url in judged or path == next_sdp:
                        continue
                    judged.add(link.url)
                    if not level_terms & _path_terms(url_schema(link.url)):
                        unlike.append(link.url)
                        continue
                    key = (round(weaksim(next_terms, url_schema(link.url)), _SIM_DIGITS), path)
                    groups.setdefault(key, []).append(link.url)
            if unlike:
                self.note(
                    "pagination",
                    "skip",
                    f"{len(unlike)} links unlike {sp_x.url}",
                    level=level,
                    urls=unlike,
                    note="their URLs share no path or query term with this level's sample",
                )
            new_urls: list[str] = []
            # Every group is judged (no early stop), so their first pages load in one batch.
            firsts = await self.fetch(urls[0] for urls in groups.values())
            for (wsim, path), urls in groups.items():
                first = firsts.get(urls[0])
                if first is None:
                    self.note(
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
                keep = to_x >= to_next
                self.note(
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
            fetched = await self.fetch(new_urls)
            frontier = [fetched[u] for u in new_urls if u in fetched]
            found.extend(frontier)
        return found

    # -- Algorithm 4 ---------------------------------------------------------------------------

    async def climb(self, seed: Snapshot, height: Height) -> tuple[list[Snapshot], list[str]]:
        """Algorithm 4, lines 4–12: root … seed, and the sample link DOM path of each hop."""
        chain = [seed]
        sdps: list[str] = []
        limit = MAX_AUTO_HEIGHT if height == "auto" else height
        for step in range(limit):
            current = chain[-1]
            level = -(step + 1)
            down = sdps[-1] if sdps else None
            parent, peers = await self.top_index_page(current, level, down)
            first = _first_page(current, peers) if sdps else None
            if first is not None:
                # Choice: an index page reached on its page n climbs from its first page, where
                # the parent links (Definition 5, the pagination operation).
                self.note(
                    "sample-path",
                    "sideways",
                    first.url,
                    level=level,
                    urls=(current.url,),
                    note=f"{current.url} continues it: climbing from the first page",
                )
                chain[-1] = current = first
                parent, _ = await self.top_index_page(current, level, down)
            if parent is None:
                self.note(
                    "sample-path",
                    "stop",
                    current.url,
                    note="no page it links to lists it among pages like it",
                )
                break
            if any(parent.page.url in _own(p) for p in chain):
                self.note(
                    "sample-path",
                    "stop",
                    parent.page.url,
                    note="already on the sample page path (Algorithm 4 early stop)",
                )
                break
            if height == "auto" and len(chain) > 1:
                climb, pattern = _climb(parent, current, self.mode)
                self.note(
                    "sample-path",
                    "climb" if climb else "stop",
                    parent.page.url,
                    level=level,
                    values={"weight": parent.weight, "pattern_share": pattern},
                    note="height=auto: "
                    + (
                        "its list shares the current root's URL pattern"
                        if climb
                        else "its list shares no URL pattern with the current root"
                    ),
                )
                if not climb:
                    break
            chain.append(parent.page)
            sdps.append(parent.sdp)
            if height == "auto" and _is_site_root(parent.page):
                self.note("sample-path", "stop", parent.page.url, note="the site root")
                break
        chain.reverse()
        sdps.reverse()
        return chain, sdps

    async def run(self, seed: Snapshot, height: Height) -> None:
        chain, sdps = await self.climb(seed, height)
        self.sample_path = [p.url for p in chain]
        depth = len(chain) - 1
        self.height_used = depth
        if depth == 0:
            raise _Stopped(
                f"found no index page for {seed.url}: no page it links to lists it among "
                "pages like it (SSUP needs an entity page that links to its index page)"
            )
        if height != "auto" and depth < height:
            self.shortfall = (
                f"height {height} is larger than the site's entity tree: climbing stopped after "
                f"{depth} level(s) at {chain[0].url}; the pages below it were searched with "
                f"height {depth} (try --height {depth} or --height auto)"
            )
        level_pages: list[Snapshot] = [chain[0]]
        self.levels = [[chain[0].url]]
        placed: set[str] = set(_own(chain[0]))
        for i in range(depth):
            sp_next, sdp = chain[i + 1], sdps[i]
            # Choice: paginate every index level (the root included), see the module docstring.
            more = await self.pagination(
                chain[i], sp_next, level_pages, sdp, placed | set(self.levels[i]), level=i
            )
            if more:
                level_pages = level_pages + [p for p in more if p.url not in self.levels[i]]
                self.levels[i] = [p.url for p in level_pages]
                placed.update(self.levels[i])
            leaf = i + 1 == depth
            caught = await self.same_level(level_pages, sp_next, sdp, level=i + 1, leaf=leaf)
            caught = [u for u in caught if u not in placed or u == sp_next.url]
            self.index_pages.append(self._contributors(level_pages, sdp, set(caught), level=i))
            if leaf:
                self.entities = caught
                self.levels.append(caught)
                break
            fetched = await self.fetch(caught)
            level_pages = [fetched[u] for u in caught if u in fetched]
            self.levels.append([p.url for p in level_pages])
            placed.update(self.levels[-1])

    def _contributors(
        self, pages: Sequence[Snapshot], sdp: str, kept: set[str], level: int
    ) -> list[str]:
        """The level's pages that link through `sdp` to a page kept at the next level."""
        used: list[str] = []
        for page in pages:
            if any(link_path(link, self.mode) == sdp and link.url in kept for link in page.links):
                used.append(page.url)
            else:
                self.note(
                    "index",
                    "prune",
                    page.url,
                    level=level,
                    note="links to no page kept at the next level",
                )
        return used


# --- helpers ----------------------------------------------------------------------------------


def _own(page: Snapshot) -> set[str]:
    """The URLs that name `page` (requested and final)."""
    return {page.url, page.final_url}


def _neg(url: str) -> tuple[int, ...]:
    """A key that makes the smaller URL win a max() tie."""
    return tuple(-ord(c) for c in url)


def _candidate_weight(page: Snapshot, sp: Snapshot, mode: TagFeature) -> tuple[str, float] | None:
    """(sdp, W_ci(page, sp)) for the path through which `page` links to `sp` with the largest
    weight; None when `page` does not link to `sp`."""
    own = _own(sp)
    paths: LinkPaths = link_collections(page, mode)
    best: tuple[str, float] | None = None
    for target in sorted(own):
        for sdp in paths_to(page, target, mode):
            weights = term_weights(target, paths, sdp)
            weight = sum(weights.strongsim(u) for u in set(paths[sdp]))
            if best is None or (weight, sdp) > (best[1], best[0]):
                best = (sdp, weight)
    return best


def _pagination_peer(candidate: Snapshot, sp: Snapshot, sdp: str, mode: TagFeature) -> bool:
    """Whether `candidate` is a page of `sp`'s own level rather than its index page.

    Choice (Algorithm 1 knows no levels): a pagination page and the page it continues link to
    each other through one path (the pager) and share a path or query term
    (``/sports?page=4`` ↔ ``/sports``), where an index page lists `sp` in one path and `sp` links
    back through another (a breadcrumb). Without this test, climbing from ``/sports`` picks its
    own page 4 as its index page.
    """
    back = set(paths_to(sp, candidate.url, mode)) | set(paths_to(sp, candidate.final_url, mode))
    if sdp not in back:
        return False
    return bool(_path_terms(url_schema(candidate.url)) & _path_terms(url_schema(sp.url)))


def _first_page(current: Snapshot, peers: Sequence[_Parent]) -> Snapshot | None:
    """The pagination peer with the shortest URL (fewest tokens, then fewest characters), when
    it is shorter than `current`'s: the first page of the list `current` continues."""
    if not peers:
        return None

    def length(url: str) -> tuple[int, int, str]:
        return (len(tokens(url)), len(url), url)

    shortest = min(peers, key=lambda p: length(p.page.url))
    if length(shortest.page.url) < length(current.url):
        return shortest.page
    return None


def _path_terms(schema: frozenset[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """The terms of a url-schema outside the host (token 1) and other than the size term."""
    return frozenset(t for t in schema if t[0] not in ("1", SIZE_TERM))


def _is_site_root(page: Snapshot) -> bool:
    parts = urlsplit(page.final_url or page.url)
    return parts.path in ("", "/") and not parts.query


def _climb(parent: _Parent, current: Snapshot, mode: TagFeature) -> tuple[bool, float]:
    """height="auto": whether `parent` is a further level of the entity tree above `current`.

    Our reading of "climb while a candidate index page outweighs the current root": W_ci counts
    every link of the candidate's list, and a site menu of equally long URLs gets weight from
    the number-of-tokens term alone. What makes a list a level of the entity tree is property 8
    of Definition 3 — same-level pages share a URL structure. So the candidate is climbed when
    most of its list (the links in the path through which it links to `current`, `current`
    itself left out) share with `current` a term that carries weight other than the size term:
    ``/season/gp3/2021`` next to ``/season/gp3/2022`` does, ``/about`` next to ``/members.php``
    does not. Returns (climb?, share of the list that does).
    """
    paths = link_collections(parent.page, mode)
    weights = term_weights(current.url, paths, parent.sdp)
    pattern = {t for t, w in weights.weights.items() if t[0] != SIZE_TERM and w > 0.0}
    own = _own(current)
    siblings = [u for u in dict.fromkeys(paths.get(parent.sdp, ())) if u not in own]
    if not siblings or not pattern:
        return False, 0.0
    alike = sum(1 for u in siblings if pattern & url_schema(u))
    share = alike / len(siblings)
    return share >= _CLIMB_SHARE, share


# --- entry point ------------------------------------------------------------------------------


async def ssup(
    session: Session,
    seed: str,
    height: Height = 2,
    *,
    tag_feature: TagFeature = "attrs",
    sample_size: int = 3,
    probe: int = 1,
    grouper: LinkGrouper = group_links,
    visual: bool = False,
) -> Discovery:
    """Find the entity pages of the same type as `seed` on its site (SSUP, Algorithms 1–4).

    `height` is the entity tree's height H (the paper's only parameter; 2 is its best general
    value), or ``"auto"`` to climb until no candidate index page outweighs the current root.
    `tag_feature` sets the link DOM path form used by every step. `sample_size` and `probe` bound
    the pages downloaded to learn and test minsim_html (see the module docstring). `grouper`
    replaces Algorithm 2's strongsim grouping (e.g. by visual features). `visual=True` renders
    every page SSUP loads and, unless `grouper` is given, groups the links of the sample link DOM
    path together with those of the visual lists that play its role
    (`algorithms.ssup_visual.visual_group_links`, for SSUP's failure case ii).

    Never raises for a bad seed or a spent budget: the Discovery comes back with
    ``complete=False`` and a `reason`, holding whatever was found before the run stopped.
    """
    if height != "auto" and (not isinstance(height, int) or height < 1):
        raise ValueError(f"height must be a positive integer or 'auto', not {height!r}")
    if sample_size < 1 or probe < 1:
        raise ValueError("sample_size and probe must be at least 1")
    started = time.perf_counter()
    if visual and grouper is group_links:
        from algorithms.ssup_visual import visual_group_links

        grouper = visual_group_links
    walk = _Walk(session, tag_feature, grouper, sample_size, probe, render=visual)
    complete, reason = True, ""
    try:
        start = await _seed(session, seed)
        walk.pages[start.url] = start
        await walk.run(start, height)
    except _Stopped as stop:
        complete, reason = False, stop.reason
    if complete and walk.shortfall:
        complete, reason = False, walk.shortfall
    params: tuple[tuple[str, object], ...] = (
        ("height", height),
        ("height_used", walk.height_used),
        ("tag_feature", tag_feature),
        ("sample_size", sample_size),
        ("probe", probe),
        ("grouper", getattr(grouper, "__name__", repr(grouper))),
        ("visual", visual),
    )
    return Discovery(
        method="ssup",
        seed=seed,
        entities=tuple(sorted(set(walk.entities))),
        index_pages=tuple(tuple(level) for level in walk.index_pages),
        sample_path=tuple(walk.sample_path),
        trace=tuple(walk.trace),
        cost=_cost(session, started),
        complete=complete,
        reason=reason,
        params=params,
    )


async def _seed(session: Session, seed: str) -> Snapshot:
    """The seed's Snapshot, or `_Stopped` saying why it cannot serve as a sample page."""
    try:
        page = await session.page(seed)
    except CrawlError as e:
        raise _Stopped(f"cannot use the seed {seed}: {e}") from e
    if not page.ok:
        raise _Stopped(f"the seed {seed} answered HTTP {page.status}; give a working entity page")
    if not page.links:
        raise _Stopped(
            f"the seed {seed} has no links, so no index page can be found from it; "
            "give an entity page that links back to its list"
        )
    return page


def _cost(session: Session, started: float) -> Cost:
    """The session's cost, timed from `started` when the session kept no time itself."""
    cost = session.cost()
    if cost.seconds > 0:
        return cost
    return replace(cost, seconds=time.perf_counter() - started)


# --- explanation ------------------------------------------------------------------------------


def explain_discovery(discovery: Discovery) -> str:
    """The run's trace as an indented tree: the sample page path, then each step by level.

    Works for any Discovery (SSUP's steps are top-index, sample-path, pagination, same-level and
    index; Indesit's is collection).
    """
    lines = [f"{discovery.method} from {discovery.seed}"]
    if discovery.sample_path:
        lines.append("├─ sample page path")
        for depth, url in enumerate(discovery.sample_path):
            lines.append(f"│  {'   ' * depth}└─ {url}")
    by_level: dict[int | None, list[TraceEntry]] = {}
    for entry in discovery.trace:
        if entry.step == "fetch":
            continue
        by_level.setdefault(entry.level, []).append(entry)
    for level in sorted(by_level, key=lambda v: (v is None, v if v is not None else 0)):
        title = "run" if level is None else (f"climb {-level}" if level < 0 else f"level {level}")
        lines.append(f"├─ {title}")
        for entry in by_level[level]:
            values = ", ".join(f"{k}={v:g}" for k, v in entry.values)
            head = f"{entry.step}: {entry.decision} {entry.subject}"
            size = f" [{len(entry.urls)} page{'s' if len(entry.urls) != 1 else ''}]"
            lines.append(
                f"│  ├─ {head}{size if entry.urls else ''}" + (f" ({values})" if values else "")
            )
            if entry.note:
                lines.append(f"│  │    {entry.note}")
    errors = sum(1 for e in discovery.trace if e.step == "fetch")
    if errors:
        lines.append(f"├─ {errors} page(s) could not be used (errors, non-2xx, not HTML)")
    state = "complete" if discovery.complete else f"incomplete: {discovery.reason}"
    lines.append(
        f"└─ {len(discovery.entities)} entities, "
        f"{sum(len(level) for level in discovery.index_pages)} index pages, {state}"
    )
    return "\n".join(lines)
