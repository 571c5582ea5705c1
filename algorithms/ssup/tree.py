"""SSUP's Algorithm 4 and the entry point `ssup`: climb from the seed to the root of its entity
tree (`algorithms.ssup.climb`), then, level by level from the root, paginate the level's index
pages (`algorithms.ssup.pagination`) and catch the next level's pages through the sample link
DOM path (`algorithms.ssup.levels`). The leaves are the entity pages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.besidefolders import beside_folders
from siteseer.algorithms.features.dom import TagFeature, link_path
from siteseer.algorithms.features.url import query_pairs, route
from siteseer.algorithms.features.urlshape import moved, shape_of
from siteseer.algorithms.result import Discovery
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.ssup.ahead import family_stops
from siteseer.algorithms.ssup.candidates import refused_urls, robots_refused
from siteseer.algorithms.ssup.climb import Climb, Height, landed, own_urls
from siteseer.algorithms.ssup.grouping import LinkGrouper, group_links
from siteseer.algorithms.ssup.hubs import hub_list
from siteseer.algorithms.ssup.levels import SameLevel
from siteseer.algorithms.ssup.menus import menu_level, menu_pages
from siteseer.algorithms.ssup.nested import one_template_tree, tree_template
from siteseer.algorithms.ssup.pagination import LEVEL_SHARE, Pagination
from siteseer.algorithms.ssup.probes import PROBE_ORDERS, ProbeOrder
from siteseer.algorithms.ssup.sections import outline_entries
from siteseer.algorithms.ssup.trails import folder_root, trail_root, trail_root_url
from siteseer.algorithms.ssup.verdicts import lists_through, navigation_list
from siteseer.algorithms.ssup.visual import VisualLevel, visual_group_links
from siteseer.algorithms.ssup.yields import Families, family_of, stateless, value_words
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = ["SSUPParams", "ssup"]


@dataclass(frozen=True)
class SSUPParams:
    """SSUP's parameters in the method registry (algorithms/methods.py): the entity tree's
    `height` (a number, or ``"auto"`` to climb while a heavier index page is found), `visual`
    grouping of links by visual list, the climb's `probe_order`, the link DOM path form
    `tag_feature`."""

    height: Height = 2
    visual: bool = False
    probe_order: ProbeOrder = "ranked"
    tag_feature: TagFeature = "attrs"


@dataclass
class _Walk:
    """One SSUP run's entity tree, as found so far: the levels, the index pages that lead to the
    next level, the entities. Its steps load pages and write the trace through `run`."""

    run: Run
    mode: TagFeature
    climb: Climb
    same_level: SameLevel
    pagination: Pagination
    levels: list[list[str]] = field(default_factory=list)
    index_pages: list[list[str]] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)
    sample_path: list[str] = field(default_factory=list)
    height_used: int = 0
    shortfall: str = ""  # set when a fixed height could not be climbed
    seed: Snapshot | None = None
    sdps: list[str] = field(default_factory=list)  # the climb's sample link DOM paths
    families: dict[int, Families] = field(default_factory=dict)  # an index level's, paged first
    flat: bool = False  # the root is the flat list of the seed's tree (`trails.trail_root`)
    menu: bool = False  # the root is the site menu above the climb's top (`menus.menu_level`)

    async def walk(self, seed: Snapshot, height: Height) -> None:
        """Algorithm 4: climb from `seed`, then catch each level from the root down.

        Choice (beyond the paper): a confirmed level is never lost. When the walk down from a
        root the climb found above the seed's own index page finds no entity but the seed,
        the levels above were no levels of its tree (a menu, a filter sidebar): the walk is
        made again from the next page down the sample page path, down to the seed's index page,
        the highest level that finds entities. The pages loaded are not loaded again.
        """
        chain, sdps, below_navigation, lower = await self.climb.sample_path(seed, height)
        trail = await trail_root(self.climb, chain, sdps, height)
        if trail is not None:  # the root of the seed's trail, nothing above it
            lower = lower or (list(chain), list(sdps))
            chain, sdps, self.flat = trail
            below_navigation = True
        if trail is None and not below_navigation and height != "auto" and len(chain) > height:
            folder = await folder_root(self.climb, chain, sdps)
            if folder is not None:  # a tree of folders as deep as each branch goes
                chain, sdps = folder
        hub = await hub_list(self.climb, chain, sdps) if below_navigation and not trail else None
        if hub is not None:  # the navigation's hub takes the top level's place
            lower = lower or (list(chain), list(sdps))
            chain[0], sdps[0] = landed(self.run, hub.page, -len(chain) + 1), hub.sdp
        above = None
        if below_navigation and trail is None and hub is None:
            above = await menu_level(self.climb, chain, sdps, height)
        if above is not None:  # the menu listing the top among pages like it: the level above
            lower = lower or (list(chain), list(sdps))
            chain.insert(0, above.page)
            sdps.insert(0, above.sdp)
            self.menu = True
        self.seed, self.sdps = seed, list(sdps)
        while True:
            await self._walk_down(seed, chain, sdps, height, below_navigation)
            if set(self.entities) - {seed.url}:
                await self._one_template(chain, sdps)
                return
            if len(chain) <= 2:
                if lower is None:
                    return
                # A wider list took a confirmed level's place (`climb.wider`): that level
                # is never lost.
                self.run.note(
                    "sample-path",
                    "fallback",
                    lower[0][0].url,
                    urls=(chain[0].url,),
                    note=f"the walk from {chain[0].url} found no entity but the seed: walking "
                    f"again from {lower[0][0].url}, the level it took the place of",
                )
                (chain, sdps), lower = lower, None
                self.flat = self.menu = False
                self.sdps = list(sdps)
                self.levels, self.index_pages, self.entities = [], [], []
                continue
            self.run.note(
                "sample-path",
                "fallback",
                chain[1].url,
                urls=(chain[0].url,),
                note=f"the walk from {chain[0].url} found no entity but the seed: its level is "
                f"none of the tree; walking again from {chain[1].url}, the highest level below",
            )
            chain, sdps = chain[1:], sdps[1:]
            # The level left out counts as climbed, as site navigation above a root does.
            below_navigation = True
            self.levels, self.index_pages, self.entities = [], [], []

    async def _one_template(self, chain: list[Snapshot], sdps: list[str]) -> None:
        """Choice (beyond the paper): a tree whose lists are pages of the seed's own template,
        nested to any depth, is followed to every depth (`nested.one_template_tree`), from
        the path's index pages and the root of the seed's trail when it has the template too."""
        template = None if self.flat else tree_template(chain, sdps)
        if template is None:
            return
        roots = list(chain[:-1])
        top = trail_root_url(chain, self.climb)
        page = self.run.pages.get(top) if top is not None else None
        if page is not None and page.ok and template.matches(page.url):
            roots.insert(0, page)
        self.index_pages[-1] += await one_template_tree(
            self.run, self.mode, template, chain, roots, self.entities, len(chain) - 1, sdps[-1]
        )

    async def _walk_down(
        self,
        seed: Snapshot,
        chain: list[Snapshot],
        sdps: list[str],
        height: Height,
        below_navigation: bool,
    ) -> None:
        """Algorithm 4, lines 13–24: each level of the sample page path `chain` caught from its
        root down."""
        self.shortfall = ""
        self.sample_path = [p.url for p in chain]
        depth = len(chain) - 1
        self.height_used = depth
        if depth == 0:
            self.run.stop(
                f"found no index page for {seed.url}: no page it links to lists it among "
                "pages like it (SSUP needs an entity page that links to its index page)"
                + robots_refused(self.run.trace)
            )
        # Choice: the site navigation above the root counts as the level the paper's climb
        # would have taken (and pruned), see `Climb.sample_path`.
        if height != "auto" and depth + int(below_navigation) < height:
            self.shortfall = (
                f"height {height} is larger than the site's entity tree: climbing stopped after "
                f"{depth} level(s) at {chain[0].url}; the pages below it were searched with "
                f"height {depth} (try --height {depth} or --height auto)"
            )
        # The seed's list is the site navigation (`sidebar.navigation_index`): the level is that
        # list, which every page carries whole, so no page of it is paginated or downloaded.
        # So is a flat list of the seed's tree that holds the pages of its trail
        # (`trails.trail_root`): every entry of it is a page of the tree.
        menu = depth > 0 and (
            self.flat or navigation_list(chain[-2], chain[-1], sdps[-1], self.mode)
        )
        level_pages: list[Snapshot] = [chain[0]]
        ended: list[Snapshot] = []  # index pages linking to no page of the level below theirs
        self.levels = [[chain[0].url]]
        placed: set[str] = set(own_urls(chain[0]))
        for i in range(depth):
            sp_next, sdp = chain[i + 1], sdps[i]
            leaf = i + 1 == depth
            if leaf and menu:
                self.index_pages.append([p.url for p in level_pages])
                source = "a flat list of the seed's tree" if self.flat else "the site's navigation"
                self.entities = self.same_level.navigation_level(
                    level_pages, sp_next, sdp, i + 1, source
                )
                self.levels.append(self.entities)
                break
            # Choice: paginate every index level (the root included), see the module docstring.
            more = await self.pagination.find(
                chain[i],
                sp_next,
                level_pages,
                sdp,
                placed | set(self.levels[i]),
                i,
                self.families.pop(i, None),
                leaf,
                _listing(ended, sdp, self.mode) if leaf else (),
            )
            if more:
                level_pages = level_pages + [p for p in more if p.url not in self.levels[i]]
                self.levels[i] = [p.url for p in level_pages]
                placed.update(self.levels[i])
            if leaf and self.pagination.other_kinds:
                # Choice: a level page whose list is of another kind (`_other_kind`) lists
                # no entity: its entries are left out of the level's groups.
                level_pages = [p for p in level_pages if p.url not in self.pagination.other_kinds]
            # Choice: entries carrying a parameter of their list page's own URL that no entry's
            # URL has (a page size) name the entity without it (`yields.state_params`).
            names = frozenset(n for n, _ in query_pairs(route(sp_next.url)[1]))
            level_pages = [stateless(p, names) for p in level_pages]
            caught: list[str] = []
            if leaf:
                level_pages += self._ended(ended, sdp, i)
                self.entities = caught  # grows with every group kept: a spent budget keeps them
            await self.same_level.catch(level_pages, sp_next, sdp, i + 1, leaf, caught)
            caught = [u for u in caught if u not in placed or u == sp_next.url]
            self.index_pages.append(
                _contributors(self.run, self.mode, level_pages, sdp, set(caught), i)
            )
            ended += [p for p in level_pages if p.url not in self.index_pages[-1]]
            if leaf:
                self.entities = caught
                # Choice (beyond the paper): a hand-written index lists the level in sections
                # alike, in lists of any form (`outline_entries`).
                outline_entries(self.run, level_pages, sp_next.url, caught, i + 1)
                # Choice (beyond the paper): a section page among the leaves lists more of
                # them in the same kind of list (a documentation tree), see `sections`.
                self.index_pages[-1] += await self.same_level.sections(
                    level_pages, sdp, caught, i + 1, sp_next
                )
                if depth == 1 and len(level_pages) == 1:  # nothing above lists it
                    # Choice (beyond the paper): the folders beside the index folder list
                    # more pages of the seed's kind (`besidefolders`).
                    self.index_pages[-1] += await beside_folders(
                        self.run, level_pages[0], sp_next, sdp, self.mode, caught, i + 1
                    )
                self.levels.append(caught)
                break
            known = _listing(ended, sdps[i + 1], self.mode) if i + 2 == depth else []
            level_pages = await self._index_level(
                caught, chain[i + 1 : i + 3], sdps[i + 1], placed, known
            )
            self.levels.append([p.url for p in level_pages])
            placed.update(self.levels[-1])

    async def _index_level(
        self,
        caught: Sequence[str],
        samples: Sequence[Snapshot],
        sdp: str,
        placed: set[str],
        known: Sequence[Snapshot] = (),
    ) -> list[Snapshot]:
        """The pages of an index level among `caught`, its sample's own list paged first
        (`Pagination.find`), the others loaded by yield: grouped in families by what each
        varies of the level's sample (`samples[0]`; `samples[1]` the next level's), a family
        whose first page shows no link through `sdp` (the path down to the next level) that the
        pages before it did not is not loaded further.

        Choice (beyond the paper, which downloads an index level whole): such a page lists
        again what the level's other pages list, from another starting point (a repository's
        log from each of its tags, a window sliding over one history): its family's other pages
        are views of the same entities, which the sample's own pages reach (`known`: shown)."""
        sample, below = samples
        level = len(self.levels)
        leaf = level + 1 == self.height_used
        # The level's families, their stops kept for its pagination over all its pages.
        self.families[level] = Families()
        own = await self.pagination.find(
            sample,
            below,
            [sample],
            sdp,
            placed | set(caught),
            level,
            self.families[level],
            known=known,
        )
        shape = shape_of(below.url)
        # Choice: the pages of the site menu's level (`menus.menu_level`) each list the next
        # level under their own URL (``/topics/*`` on ``/topics/``): shaped as each lists it.
        moves = self.menu and level == 1

        def down(page: Snapshot) -> set[str]:
            """The links of `page` through `sdp` shaped as the next level's sample."""
            shaped = moved(shape, sample.url, page.url) if moves else shape
            return {
                k.url
                for k in page.links
                if link_path(k, self.mode) == sdp and (shaped is None or shaped.matches(k.url))
            }

        seen = {u for p in (sample, *own) for u in down(p)}
        fetched: dict[str, Snapshot] = {}
        if moves:  # the menu's pages are none another's view: each is judged by its yield
            root = self.run.pages.get(self.levels[0][0])
            fetched = await menu_pages(self.run, root, sample, caught, down, seen, level)
        views, settled = await entry_lists(self.run, samples, caught, down, seen, placed, level)
        fetched |= views
        families: dict[str, list[str]] = {}
        alone: list[str] = []
        for url in [] if moves else [u for u in caught if u not in settled]:
            found = family_of(sample.url, url) if url != sample.url else None
            if found is None:
                alone.append(url)
            else:
                families.setdefault(found[0], []).append(url)
        fetched |= await self.run.fetch(alone)
        for page in fetched.values():
            seen |= down(page)
        for template, urls in families.items():
            first = await self.run.fetch_one(urls[0])
            if first is not None:
                fetched[urls[0]] = first
                links = down(first)
                ahead = (self.same_level, (sample, below), first, sdp, links, seen, leaf)
                why = await family_stops(*ahead) if len(urls) > 1 else None
                if why is not None:
                    placed.update(urls[1:])  # no page of the level, nor of its lists
                    self.run.note(
                        "same-level",
                        "stop",
                        template,
                        level=level,
                        urls=urls[1:],
                        note=f"its first page {urls[0]} {why}: its other pages are not downloaded",
                    )
                    continue
                seen |= links
            fetched |= await self._by_yield(sample.url, template, urls[1:], down, seen, placed)
        return [fetched[u] for u in caught if u in fetched] + [
            p for p in own if p.url not in fetched
        ]

    async def _by_yield(
        self,
        page: str,
        template: str,
        urls: list[str],
        down: Callable[[Snapshot], set[str]],
        seen: set[str],
        placed: set[str],
    ) -> dict[str, Snapshot]:
        """The pages `urls` of a level's family `template` (links on `page`), each added to
        `seen`: those whose varying value's leading word no other holds first, then each group
        of values sharing one (`yields.value_words`: an attribute's values, another partition
        of the same entities), whose pages after its first are not loaded when that first
        one shows no link to the next level that the pages before it did not."""
        groups = value_words(page, urls)
        fetched = await self.run.fetch([u for g in groups if len(g) == 1 for u in g])
        for loaded in fetched.values():
            seen |= down(loaded)
        for group in [g for g in groups if len(g) > 1]:
            first = await self.run.fetch_one(group[0])
            links = set() if first is None else down(first)
            if first is not None:
                fetched[group[0]] = first
            if first is not None and not links - seen:
                placed.update(group[1:])
                self.run.note(
                    "same-level",
                    "stop",
                    template,
                    level=len(self.levels),
                    urls=group[1:],
                    note=f"{group[0]} shows no link to the next level that the pages before it "
                    "did not: the values sharing its leading word are another partition of the "
                    "same entities, not downloaded",
                )
                continue
            seen |= links
            rest = await self.run.fetch(group[1:])
            for loaded in rest.values():
                seen |= down(loaded)
            fetched |= rest
        return fetched

    def partial(self) -> None:
        """Choice (beyond the paper): a run stopped (budget, time limit, signal) before its
        entity level was caught is never empty when it saw entity links: the entities are then
        the seed and the best strongsim group of the links in the seed's sample link DOM path on
        the pages it loaded (the run stays incomplete, its reason says why)."""
        if self.run.complete or self.seed is None or not self.sdps or self.entities:
            return
        sdp = self.sdps[-1]
        seed = self.seed
        pages = [
            p
            for p in self.run.pages.values()
            if p.ok and p.url != seed.url and any(link_path(k, self.mode) == sdp for k in p.links)
        ]
        groups = self.same_level.grouper(seed.url, pages, sdp, self.mode) if pages else []
        if not groups:
            return
        self.entities = [seed.url, *(u for u in groups[0].urls if u != seed.url)]
        self.index_pages = [[p.url for p in pages]]
        self.run.note(
            "same-level",
            "partial",
            f"group 1 of {len(groups)}",
            urls=tuple(self.entities),
            values={"strongsim": groups[0].score},
            note=f"the run stopped before its entity level ({self.run.reason}): the best group "
            f"of the links through the seed's list on the {len(pages)} pages it loaded",
        )

    def _ended(self, ended: Sequence[Snapshot], sdp: str, level: int) -> list[Snapshot]:
        """Choice (beyond the paper): an index page of a level above the leaves' parents that
        links to no page of the level below its own but to pages through the leaves' sample
        link DOM path `sdp` is a branch of the tree that ends sooner (a gallery's album of
        images beside albums of albums): a page of the leaves' parents too."""
        extra = _listing(ended, sdp, self.mode)
        if extra:
            self.run.note(
                "same-level",
                "keep",
                f"{len(extra)} index pages of a level above",
                level=level,
                urls=[p.url for p in extra],
                note=f"they list no page of the level below theirs, but pages through {sdp}: "
                "branches of the tree that end sooner, parents of leaves too",
            )
        return extra


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
    probe_order: ProbeOrder = "ranked",
    level_share: float | None = LEVEL_SHARE,
) -> Discovery:
    """Find the entity pages of the same type as `seed` on its site (SSUP, Algorithms 1–4).

    `height` is the entity tree's height H (the paper's only parameter; 2 is its best general
    value), or ``"auto"`` to climb until no candidate index page outweighs the current root.
    `tag_feature` sets the link DOM path form used by every step. `sample_size` and `probe` bound
    the pages downloaded to learn and test minsim_html (see `algorithms.ssup`). `grouper`
    replaces Algorithm 2's strongsim grouping (e.g. by visual features). `visual=True` groups,
    unless `grouper` is given, the links of the sample link DOM path together with those of the
    visual lists that play its role (`algorithms.ssup.visual.visual_group_links`, for SSUP's
    failure case ii), rendering a level's index pages only where their DOM leaves that
    ambiguous (`algorithms.ssup.visual.VisualLevel`; the trace says which and why).
    `probe_order` is the order of Algorithm 1's downloads: ``"ranked"`` downloads the pages a
    page links to most promising first and leaves out those the loaded pages settle, and
    Algorithm 2 drops menu entries and learns minsim_html only when a later group needs it;
    ``"paper"`` downloads them all (`algorithms.ssup.probes`, `algorithms.ssup.levels`). `level_share`: with a budget,
    a level's pagination may spend at most this share of the pages left when it starts until
    one of its pages shows entity links of the seed's group (None: no bound; without a budget
    there is none either, see `algorithms.ssup.pagination.LEVEL_SHARE`).

    Never raises for a bad seed or a spent budget: the Discovery comes back with
    ``complete=False`` and a `reason`, holding whatever was found before the run stopped.
    """
    if height != "auto" and (not isinstance(height, int) or height < 1):
        raise ValueError(f"height must be a positive integer or 'auto', not {height!r}")
    if sample_size < 1 or probe < 1:
        raise ValueError("sample_size and probe must be at least 1")
    if probe_order not in PROBE_ORDERS:
        raise ValueError(
            f"probe_order must be one of {', '.join(PROBE_ORDERS)}, not {probe_order!r}"
        )
    if level_share is not None and not 0.0 < level_share <= 1.0:
        raise ValueError(f"level_share must be in (0, 1] or None, not {level_share!r}")
    same_level = SameLevel
    if visual and grouper is group_links:
        grouper, same_level = visual_group_links, VisualLevel
    # Choice: a page's links that carry the page back (its query, its address: a "back to the
    # list" state) name what they name without it, for every step (`yields.stateless`).
    run = Run(session, tidy=stateless)
    pagination = Pagination(run, tag_feature, level_share)
    walk = _Walk(
        run,
        tag_feature,
        Climb(run, tag_feature, probe_order),
        same_level(run, tag_feature, grouper, sample_size, probe, probe_order == "ranked"),
        pagination,
    )
    with suppress(Stopped):  # run.reason says why
        await walk.walk(await _seed(run, seed), height)
    walk.partial()
    for why in (walk.shortfall, *pagination.stopped):
        if why:
            run.unfinished(why)
    dust = run.dust()
    # Choice: the seed's URL names an entity page as the user knows it; a parameter it carries
    # is kept though DUST finds it changes little (a tag's tree view ``?path=`` beside its
    # history, a page alike but for its file list under a menu of hundreds of tags).
    named = frozenset(name for name, _ in query_pairs(urlsplit(seed).query))
    params: tuple[tuple[str, object], ...] = (
        ("height", height),
        ("robots_disallowed", len(refused_urls(run.trace))),
        ("height_used", walk.height_used),
        ("tag_feature", tag_feature),
        ("sample_size", sample_size),
        ("probe", probe),
        ("grouper", getattr(grouper, "__name__", repr(grouper))),
        ("visual", visual),
        ("probe_order", probe_order),
        ("level_share", level_share),
        ("dust_params", ",".join(sorted(dust.params))),
    )
    return Discovery(
        method="ssup",
        seed=seed,
        entities=tuple(sorted({dust.canonical(u, named) for u in walk.entities})),
        index_pages=tuple(
            tuple(dict.fromkeys(dust.canonical(u, named) for u in level))
            for level in walk.index_pages
        ),
        sample_path=tuple(walk.sample_path),
        trace=tuple(run.trace),
        cost=run.cost(),
        complete=run.complete,
        reason=run.reason,
        params=params,
    )


async def _seed(run: Run, seed: str) -> Snapshot:
    """The seed's Snapshot, or `Stopped` saying why it cannot serve as a sample page.

    The seed is loaded as the Session's render mode decides, also for visual SSUP (which
    renders only the index pages whose grouping needs boxes)."""
    page = await run.seed(seed, render=False)
    if not page.links:
        run.stop(
            f"the seed {seed} has no links, so no index page can be found from it; "
            "give an entity page that links back to its list"
        )
    return page


async def entry_lists(
    run: Run,
    samples: Sequence[Snapshot],
    caught: Sequence[str],
    down: Callable[[Snapshot], set[str]],
    seen: set[str],
    placed: set[str],
    level: int,
) -> tuple[dict[str, Snapshot], set[str]]:
    """The pages of an index level among `caught` that are an entry's own view of its list:
    where the level's sample is its entry's URL with a suffix (a message's thread
    ``<mid>/T/`` below the message ``<mid>/``), each page of the level so derived from an
    entry is loaded one at a time, and left out once its entry is among the links to the next
    level the pages loaded showed (`seen`): the list holding that entry was loaded already.
    Returns the pages loaded and every URL of `caught` so judged.

    Choice (beyond the paper): an entry's view lists the entries that share its list (every
    message of the thread), so a list of n entries reached through each of them is loaded
    once, not n times."""
    sample, below = samples
    if sample.url == below.url or not sample.url.startswith(below.url):
        return {}, set()
    suffix = sample.url[len(below.url) :]
    derived = [u for u in caught if u.endswith(suffix) and u != sample.url]
    fetched: dict[str, Snapshot] = {}
    skipped: list[str] = []
    for url in derived:
        if url[: -len(suffix)] in seen:
            skipped.append(url)
            continue
        page = await run.fetch_one(url)
        if page is not None:
            fetched[url] = page
            seen |= down(page)
    if skipped:
        placed.update(skipped)
        run.note(
            "same-level",
            "skip",
            f"{len(skipped)} views of listed entries",
            level=level,
            urls=skipped,
            note=f"each is an entry's URL with {suffix!r} added, as the level's sample is its "
            "entry's: the list of an entry a page loaded already showed, not downloaded",
        )
    return fetched, set(derived)


def _listing(ended: Sequence[Snapshot], sdp: str, mode: TagFeature) -> list[Snapshot]:
    """The pages of `ended` (index pages linking to no page of the level below theirs) that
    list pages through the leaves' sample link DOM path `sdp` (`_Walk._ended`)."""
    return [p for p in ended if lists_through(p, sdp, mode)]


def _contributors(
    run: Run, mode: TagFeature, pages: Sequence[Snapshot], sdp: str, kept: set[str], level: int
) -> list[str]:
    """The level's `pages` that link through `sdp` to a page kept at the next level; the others
    are pruned in the trace."""
    used: list[str] = []
    for page in pages:
        if any(link_path(link, mode) == sdp and link.url in kept for link in page.links):
            used.append(page.url)
        else:
            run.note(
                "index",
                "prune",
                page.url,
                level=level,
                note="links to no page kept at the next level",
            )
    return used
