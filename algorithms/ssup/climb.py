"""SSUP's climb from the seed to the root of its entity tree: Algorithm 1 (the index page of a
page) repeated by Algorithm 4, lines 4–12 (the sample page path).

The index page of a page sp is, among the pages sp links to that link back to sp, the one with
the largest candidate index-page weight W_ci (Definition 14: the sum of strongsim between sp and
the links that sit in the same link DOM path as the link to sp). Climbing stops after `height`
steps, or early when the page found is already on the path. The choices made where the paper is
silent (children not downloaded, W_ci = 1, pagination peers, ``height="auto"``) are named in
the code and listed in `algorithms.ssup`'s docstring.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from os.path import commonprefix
from typing import Literal, TypeAlias
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import (
    TagFeature,
    link_collections,
    list_tree,
    paths_to,
)
from siteseer.algorithms.features.urlshape import continues
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.candidates import (
    candidates,
    first_page,
    first_pages,
    listed_beside,
    own_urls,
    path_terms,
)
from siteseer.algorithms.ssup.candidates import refused as candidates_refused
from siteseer.algorithms.ssup.contents import listed_above
from siteseer.algorithms.ssup.fullprobe import (
    FullProbe,
    dominated,
    kind_shared,
    mates,
    related,
    shared,
    unconfirmed,
)
from siteseer.algorithms.ssup.inplace import paged_in_place
from siteseer.algorithms.ssup.probes import (
    ProbeOrder,
    Probes,
    above_seed,
    ancestry,
    bare_path,
    dull,
    own_folder,
    url_ancestors,
)
from siteseer.algorithms.ssup.sidebar import navigation_index, navigation_settles
from siteseer.algorithms.ssup.verdicts import (
    WEIGHT_TIE,
    Parent,
    climbs,
    confirmed,
    confirms,
    is_root_url,
    is_site_root,
    is_tab,
    lists_through,
    main_list,
    menu_of,
    navigation_list,
    pagination_peer,
    prune_reason,
    tree_urls,
    value_page,
)
from siteseer.algorithms.ssup.weights import candidate_weight
from siteseer.render import Snapshot

__all__ = [
    "MAX_AUTO_HEIGHT",
    "Climb",
    "Height",
    "landed",
    "own_urls",
    "path_terms",
    "wider",
]

Height: TypeAlias = int | Literal["auto"]

# height="auto" never climbs further than this many levels.
MAX_AUTO_HEIGHT = 6
# The seed's URL ancestors probed, nearest first, when no page it links to is its index page.
_URL_ANCESTORS = 4
# A wider list holds at least this share of the narrower one it replaces (`wider`).
_WIDER_SHARE = 0.8


@dataclass(slots=True)
class Found:
    """What one Algorithm 1 step found so far: the best candidate, the pagination peers, and
    whether a candidate linked back through site navigation only."""

    best: Parent | None = None
    peers: list[Parent] = field(default_factory=list)
    navigation: bool = False
    confirmed: bool = False


@dataclass(frozen=True, slots=True)
class Climb:
    """The climb of one SSUP run: its pages and trace go to `run`; `mode` is the link DOM path
    form; `probe_order` the order of Algorithm 1's downloads (`algorithms.ssup.probes`)."""

    run: Run
    mode: TagFeature
    probe_order: ProbeOrder = "ranked"

    # -- Algorithm 1 ---------------------------------------------------------------------------

    async def top_index_page(
        self,
        sp: Snapshot,
        level: int | None,
        down_path: str | None = None,
        *,
        below: Snapshot | None = None,
    ) -> tuple[Parent | None, list[Parent], bool]:
        """Algorithm 1: the page linked from `sp` that links back to it with the largest W_ci,
        the pagination peers of `sp` met on the way (see `pagination_peer`), and whether a
        candidate was left out because it links to `sp` through site navigation only (see
        `navigation_list`). `below`: the page below `sp` on the sample page path, when `sp` was
        reached by climbing (a root below site navigation may end the climb, and pages of the
        level below are no index pages, see `algorithms.ssup.probes`).

        Choice: when `sp` was reached by climbing, the links it holds in `down_path` (the path
        leading to the page below) point down the tree (property 7 of Definition 3: an index
        page links to all its children through one path), so they are not downloaded as
        candidates: on an index page those are the entity pages SSUP is meant not to download.

        With ``probe_order="ranked"`` the candidates are downloaded in order of promise and
        those the loaded pages settle are left out (`algorithms.ssup.probes`); ``"paper"``
        downloads them all.
        """
        outgoing, skipped = candidates(sp, down_path, self.mode, climbed=below is not None)
        for subject, urls, why in skipped:
            self.run.note("top-index", "skip", subject, level=level, urls=urls, note=why)
        await _note_refused(self.run, sp, level)
        found = Found()
        if self.probe_order == "paper":
            fetched = await self.run.fetch(outgoing)
            for url in outgoing:
                if url in fetched:
                    self.judge(fetched[url], sp, level, found)
        else:
            await self._ranked(sp, outgoing, level, below, found)
        best = found.best
        if best is not None:
            self.run.note(
                "top-index",
                "keep",
                best.page.url,
                level=level,
                urls=(sp.url,),
                values={"weight": best.weight},
                note=f"index page of {sp.url} through {best.sdp}",
            )
        return best, found.peers, found.navigation

    async def _ranked(
        self,
        sp: Snapshot,
        outgoing: list[str],
        level: int | None,
        below: Snapshot | None,
        found: Found,
    ) -> None:
        """Algorithm 1's candidates downloaded one at a time in order of promise, leaving out
        those the loaded pages settle; all of them when that confirms no index page (see
        `algorithms.ssup.probes` and `confirms`)."""
        # Only a page reached by climbing may continue a list (`candidates.first_page`).
        keep = first_pages(sp, outgoing) if below is not None else bare_path(sp)
        # Choice: from the seed, the site root is probed though the seed links to it only
        # through site navigation (its title), after the candidates linked from content and
        # unless a confirmed index page settles it: it may hold the site's main list, which
        # the index page found may subset (`main_list`).
        home = frozenset(u for u in outgoing if is_root_url(u)) if below is None else frozenset()
        probes = Probes(sp, outgoing, self.mode, keep=keep, home=home, climbed=below is not None)
        back = set(paths_to(below, sp.url, self.mode)) if below is not None else set()
        kind = mates(sp) if below is None else None  # Choice: see `fullprobe.related`
        while True:
            probes.learn(self.run.pages.values())
            loaded = set(self.run.pages)
            url = probes.next(loaded)
            if url is None and found.best is None and below is not None and not found.navigation:
                # A page above the seed's level whose out-links are all site navigation: probe
                # those whose URL reads as an ancestor of it, one at a time, until one shows the
                # page is the root below it.
                url = probes.next(loaded, navigation=True)
            elif found.best is None and below is None and found.navigation and dull(probes, url):
                # Choice: a seed the site navigation lists among pages like it probes the pages
                # above it next (`probes.above_seed`) before its neighbours and menu entries:
                # the one carrying that navigation is its index page (`navigation_index`),
                # which they (a repository's hundreds of tags) only confirm again.
                url = above_seed(probes) or url
            if url is None:
                break
            if (
                found.best is None
                and not found.peers
                and _see_also(self.run, sp, url, kind, probes)
            ):
                probes.relate(url)
                continue
            probes.probed.add(url)
            page = await self.run.fetch_one(url)
            probes.probed_as(url, page)
            if page is None:
                continue
            peers = len(found.peers)
            parent = self.judge(page, sp, level, found, probes.home_only(url))
            probes.weighed(url, *_weight(parent))
            if len(found.peers) > peers:
                probes.peer(page)
            if (
                below is None
                and found.best is None
                and found.navigation
                and await navigation_settles(self, sp, probes)
            ):
                # Choice: the site navigation every page carries lists the seed among pages like
                # it: that list is its level (`navigation_index`); no page left lists it otherwise.
                left = probes.left()
                self.run.note(
                    "top-index",
                    "skip",
                    f"{len(left)} pages left out",
                    level=level,
                    urls=left,
                    note="not downloaded: the site navigation lists the page among pages like it",
                )
                probes.probed.update(left)
                break
            if parent is not None and confirmed(self.run, parent, sp, self.mode, level):
                found.confirmed = True
                probes.confirm(parent.page, parent.sdp)
                names = (parent.page.url, parent.page.final_url)  # a tab's redirect too
                if parent.main or any(
                    ancestry(u, sp.url) >= 1 or own_folder(u, sp.url) for u in names
                ):
                    # Choice: the sibling list and the URL hierarchy agree on this index page
                    # (the page of sp's own folder, the site root's too), or it is the site's
                    # main list; the candidates left cannot be a better one.
                    probes.stop_at(parent.page)
            elif (
                parent is not None
                and found.best is parent
                and not parent.value
                and probes.folders_first()
                and probes.folder(url)
            ):
                # Choice: from a seed named by its path, the best candidate yet lists it from a
                # folder above it: the list and the URL hierarchy agree, as the full probe
                # takes them (`FullProbe`), though the list holds more than the seed's URL
                # template (a package index listing packages at every depth).
                probes.stop_at(parent.page)
            elif parent is None and back and set(paths_to(page, sp.url, self.mode)) == back:
                # Choice: it links to sp exactly as the page below does, so it is a page of
                # that level (a featured entry, a related item), and so are its list mates.
                probes.below(page)
            found.confirmed = dominated(self, sp, found, probes, seed=below is None)
        left = probes.left()
        root = below is not None and found.best is None
        if root and not found.navigation and probes.navigation_only():
            # Choice: above the seed, the pages left are all site navigation, which links back
            # to sp, if at all, through the same menu (`navigation_list`): sp is the root below it.
            found.navigation = True
        if not found.confirmed and not found.navigation:
            left = probes.unconfirmed()
        probe, left = FullProbe(), _past_root_menu(below, found, probes, left)
        if left and not found.confirmed and not (root and found.navigation):
            self.run.note(
                "top-index",
                "fallback",
                f"{len(left)} pages left out",
                level=level,
                urls=left,
                note=unconfirmed(found.best),
            )
            await probe.run(self, sp, level, found, probes, left, seed=below is None)
        reasons: dict[str, list[str]] = {}
        for url in probes.unprobed():
            why = probe.left_out(url, sp.url) if url in left else ""
            reasons.setdefault(why or probes.why_left_out(url), []).append(url)
        for why, urls in reasons.items():
            self.run.note(
                "top-index",
                "skip",
                f"{len(urls)} pages {sp.url} links to",
                level=level,
                urls=urls,
                note=f"not downloaded: {why}",
            )

    def judge(
        self, page: Snapshot, sp: Snapshot, level: int | None, found: Found, home: bool = False
    ) -> Parent | None:
        """Algorithm 1's test of one candidate `page` of `sp`, written to `found` and the trace;
        the candidate when it may be the index page. `home`: the site root probed for its main
        list though sp links to it through site navigation only (`Probes.home_only`), judged
        by a list of its own beside that navigation (`weights.candidate_weight`), and no sign
        of a navigation listing sp when it has none."""
        url = page.url
        menu = menu_of(page, sp, self.mode)
        scored = candidate_weight(page, sp, self.mode)
        if scored is None:
            self.run.note("top-index", "prune", url, level=level, note=f"no link to {sp.url}")
            return None
        navigation = menu(scored[0])
        found.navigation = found.navigation or (navigation and not home)
        listed = candidate_weight(page, sp, self.mode, navigation=menu) if navigation else None
        if listed is not None and (home or _own_list(self.mode, page, sp, listed, scored[0])):
            # Choice: a page listing sp in a list of its own beside the site navigation both
            # carry (a blog's list of posts beside the sidebar of recent posts, months and
            # tags every post shows) is judged by its own list when that list confirms it and
            # the navigation holds a sample of it: the navigation names no level of the entity
            # tree, wherever it weighs more. A list of its own that does not confirm it (a
            # "next post" link, a home page's links to sections), or that the navigation holds
            # whole (a book's chapter listing its sections, every one in the book's sidebar),
            # leaves the page judged by its navigation.
            scored, navigation = listed, menu(listed[0])
        sdp, weight = scored
        peer = pagination_peer(page, sp, sdp, self.mode, seed=level == -1)
        if peer:  # also one in a menu of the list's peers (categories in a footer): no
            # index page, but a sign that `sp` continues a list (see `candidates.first_page`)
            found.peers.append(Parent(page, sdp, weight))
        pruned = prune_reason(sp, sdp, weight, navigation=navigation, peer=peer)
        if not pruned and _child_of(page, sp, sdp, self.mode):
            pruned = f"an entry of the page's own list, linking to it ({sdp}) beside its neighbours"
        if not pruned and is_tab(page, sp, sdp, level, self.mode):
            pruned = (
                f"a tab beside it: it lists the page in the menu ({sdp}) through which the page "
                "links to it, among links to pages of other kinds"
            )
        if pruned:
            self.run.note(
                "top-index", "prune", url, level=level, values={"weight": weight}, note=pruned
            )
            return None
        parent = Parent(page, sdp, weight, value_page(page, sp, sdp, self.mode))
        if main_list(parent, sp, self.mode):
            parent = replace(parent, main=True)
        self.run.note(
            "top-index", "candidate", url, level=level, values={"weight": weight}, note=parent.why
        )
        if found.best is None or parent.outranks(found.best):
            found.best = parent
        return parent

    # -- Algorithm 4, lines 4–12 ---------------------------------------------------------------

    async def sample_path(
        self, seed: Snapshot, height: Height
    ) -> tuple[list[Snapshot], list[str], bool, tuple[list[Snapshot], list[str]] | None]:
        """Algorithm 4, lines 4–12: root … seed, the sample link DOM path of each hop, whether
        the climb ended below site navigation (only pages linking to the root through a menu
        every page carries were above it: the paper's climb takes such a page as a further
        root and prunes its extra level, ours stops below it, and the caller counts that level
        as climbed), and the path before a wider list took a level's place (`wider`)."""
        chain = [seed]
        sdps: list[str] = []
        below_navigation = False
        lower: tuple[list[Snapshot], list[str]] | None = None
        widened, weak = 0, False  # wider lists taken; the last index page is a value's
        limit = MAX_AUTO_HEIGHT if height == "auto" else height
        while len(chain) <= limit:
            current = chain[-1]
            level = -len(chain)
            down = sdps[-1] if sdps else None
            below = chain[-2] if sdps else None
            parent, peers, navigation = await self.top_index_page(current, level, down, below=below)
            first = first_page(current, [p.page for p in peers]) if sdps else None
            if first is not None and down is not None and not lists_through(first, down, self.mode):
                # Choice: a confirmed index page is never traded for a "first page" that lists
                # nothing through the sample link DOM path (a tab beside the list, not its page 1).
                self.run.note(
                    "sample-path",
                    "stay",
                    current.url,
                    level=level,
                    urls=(first.url,),
                    note=f"{first.url} is no first page of it: it lists no page through {down}",
                )
                first = None
            if first is not None:
                # Choice: an index page reached on its page n climbs from its first (Definition 5).
                self.run.note(
                    "sample-path",
                    "sideways",
                    first.url,
                    level=level,
                    urls=(current.url,),
                    note=f"{current.url} continues it: climbing from the first page",
                )
                confirmed = current
                chain[-1] = current = first
                parent, _, navigation = await self.top_index_page(current, level, down, below=below)
                if parent is None:
                    # Choice: a confirmed level is never lost: when nothing lists the first
                    # page either, the climb stops at the index page it confirmed.
                    self.run.note(
                        "sample-path",
                        "stay",
                        confirmed.url,
                        level=level,
                        urls=(first.url,),
                        note=f"nothing lists {first.url} among pages like it: the climb stops "
                        f"at {confirmed.url}, the index page it confirmed",
                    )
                    chain[-1] = current = confirmed
            listed = parent is None and (not sdps or kind_shared(peers, chain, navigation))
            menu = await navigation_index(self, current) if listed else None
            if menu is not None:
                # Choice: the seed's list is the site navigation (a documentation site's
                # sidebar): its index page is the shortest page carrying it, and the list is
                # the whole level; nothing above it is climbed (it is the root below the menu).
                chain.append(menu.page)
                sdps.append(menu.sdp)
                below_navigation = True
                self.run.note(
                    "sample-path",
                    "navigation",
                    menu.page.url,
                    level=level,
                    urls=(current.url,),
                    values={"weight": menu.weight},
                    note=f"{current.url} is listed among pages like it only by the site "
                    f"navigation every page carries ({list_tree(menu.sdp)}): that list is "
                    "its level, this page its index page",
                )
                break
            if parent is None and (not sdps or weak):
                # Choice: the seed, or an index page taken as a page of a value (no other was
                # found), linking to no list of it tries its URL's ancestors.
                parent = await _url_ancestor(self, current, level, chain[0] if sdps else None)
            if parent is None:
                below_navigation = navigation and bool(sdps)
                self.run.note(
                    "sample-path",
                    "stop",
                    current.url,
                    note="the root: the pages above link to it through site navigation only"
                    if below_navigation
                    else "no page it links to lists it among pages like it",
                )
                break
            if any(parent.page.url in own_urls(p) for p in chain):
                self.run.note(
                    "sample-path",
                    "stop",
                    parent.page.url,
                    note="already on the sample page path (Algorithm 4 early stop)",
                )
                break
            if down is not None and _listed_beside(self, parent.page.url, current, down, level):
                break
            wide = wider(self, parent, chain, sdps, level) if widened < MAX_AUTO_HEIGHT else None
            if wide is not None:  # the climb goes on from the wider list
                widened += 1
                lower = lower or (chain[::-1], sdps[::-1])
                chain[-1], sdps[-1] = landed(self.run, wide.page, level + 1), wide.sdp
            elif height == "auto" and len(chain) > 1:
                climb, pattern = climbs(parent, current, self.mode)
                self.run.note(
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
            if wide is None:
                weak = parent.value
                chain.append(landed(self.run, parent.page, level))
                sdps.append(parent.sdp)
            if is_site_root(chain[-1]):
                # Choice: nothing lists the site's root as an index page lists its entries (a
                # page above it is reached through its menus); the level above counts as
                # climbed, as site navigation above a root does.
                below_navigation = True
                self.run.note("sample-path", "stop", chain[-1].url, note="the site root")
                break
        chain.reverse()
        sdps.reverse()
        return chain, sdps, below_navigation, lower


# --- helpers ----------------------------------------------------------------------------------


def _see_also(
    run: Run, sp: Snapshot, url: str, kind: Callable[[str], bool] | None, probes: Probes
) -> bool:
    """Whether the seed `sp`'s link `url` is its related page (`fullprobe.related`), with no
    candidate found yet: the ranked probe leaves it out as the full probe does.

    Choice: a manual page's "see also" pages link back to it and to each other from their
    text; `DRY_ENTRIES` of them that list it among no pages like it tell the others. A page
    they all link to (`shared`, through site navigation too: a sequence bar's "Up") is where
    they are listed, no related page."""
    if kind is None or not kind(url):
        return False
    common = shared(sp, [run.pages[u] for u in probes.probed if u in run.pages])
    return related(kind, url, probes, common)


def _own_list(
    mode: TagFeature, page: Snapshot, sp: Snapshot, listed: tuple[str, float], navigation: str
) -> bool:
    """Whether `page`'s list `listed` (path, W_ci), beside the site navigation through
    `navigation`, is a confirmed list of `sp`'s siblings (`confirms`), of no value its
    entries share, that the navigation holds a sample of: it lists pages the navigation
    does not, or goes on over further pages (a link continuing `page`'s URL, ``?page=2``:
    `urlshape.continues`)."""
    sdp, weight = listed
    parent = Parent(page, sdp, weight, value_page(page, sp, sdp, mode))
    if not confirms(parent, sp, mode):
        return False
    own = set(link_collections(page, mode).get(sdp, ())) - own_urls(sp)
    paged = any(continues(page.url, link.url) for link in page.links)
    return paged or bool(own - tree_urls(page, navigation, mode))


def _listed_beside(climb: Climb, url: str, current: Snapshot, down: str, level: int) -> bool:
    """Whether `current` links to `url`, the page found above it, from within the list through
    which it lists the page below (`down`, `candidates.listed_beside`). Noted as the climb's
    stop.

    Choice (beyond the paper): a page the index page lists beside the entries of its level (a
    release notes page under a term of the documentation's index, citing the index in turn) is
    an entry of that list, no page above it; the climb stops at the index page it confirmed."""
    path = listed_beside(current, url, down, climb.mode)
    if path is not None:
        climb.run.note(
            "sample-path",
            "stop",
            url,
            level=level,
            urls=(current.url,),
            note=f"{current.url} lists it within the list through which it lists the page "
            f"below ({path}): an entry of that list, not a page above it",
        )
    return path is not None


async def _url_ancestor(
    climb: Climb, sp: Snapshot, level: int, seed: Snapshot | None = None
) -> Parent | None:
    """The index page of `sp` among the ancestors of its URL (`probes.url_ancestors`: its
    folder, the folder above, … the site root; at most `_URL_ANCESTORS`, nearest first,
    those `sp` links to left out as Algorithm 1 judged them; above the `seed`, only those
    that are the seed's URL ancestors too, but the root: the folders holding both), the
    first one Algorithm 1's test confirms (`Climb.judge`, `confirms`: it lists `sp` among pages
    like it); else None.

    Choice (beyond the paper, which needs an entity page linking to its index page): a
    page that links to no list of its own (a package index's project page links only to
    its files) is still listed by the page its URL's folder names, as crawlers that climb
    a URL (``/a/b/c`` → ``/a/b/`` → ``/a/``) find; each ancestor costs one download."""
    # A folder's URL with or without its final slash is one page (a server redirects one to
    # the other): linked, it was judged.
    linked = {u.rstrip("/") for u in {link.url for link in sp.links} | own_urls(sp)}
    up = url_ancestors(sp.url)
    if seed is not None:
        shared = set(url_ancestors(seed.url))
        up = [u for u in up if u in shared and not is_root_url(u)]
    found = Found()
    if seed is None:
        # Choice: an ancestor loaded already (the script's own page a manual page links to)
        # that lists the section the seed's URL names (``?3`` of ``?3+printf``) has told
        # where the seed is listed: that section is tried before the folders above, each a
        # download that names it no better.
        parent = await listed_above(climb, sp, level, found, _URL_ANCESTORS)
        if parent is not None:
            return parent
    for url in [u for u in up if u.rstrip("/") not in linked][:_URL_ANCESTORS]:
        climb.run.note(
            "sample-path",
            "ancestor",
            url,
            level=level,
            urls=(sp.url,),
            note=f"{sp.url} links to no page that lists it among pages like it: trying "
            "the page its URL's path names above it",
        )
        page = await climb.run.fetch_one(url)
        if page is None:
            why = climb.run.failed.get(url, "no HTML page")
            climb.run.note("top-index", "prune", url, level=level, note=f"no page: {why}")
            continue
        page = await paged_in_place(climb.run, page, seed or sp, level=level)
        parent = climb.judge(page, sp, level, found)
        if parent is not None and confirms(parent, sp, climb.mode):
            return parent
    return None if seed is not None else await listed_above(climb, sp, level, found, _URL_ANCESTORS)


def wider(
    climb: Climb,
    parent: Parent,
    chain: Sequence[Snapshot],
    sdps: Sequence[str],
    level: int,
    *,
    named: bool = False,
) -> Parent | None:
    """`parent`, the index page found above the current one (`chain[-1]`), as the index
    page of the page below it (`chain[-2]`) in its place, when it lists that page among
    pages like it (most of its list shares a weighted URL term with it, `climbs`; no site
    navigation, no page of a value), holds at least `_WIDER_SHARE` of the current index
    page's list of it (`sdps[-1]`, which Algorithm 1 confirmed) and weighs more for it
    (W_ci, the sum of strongsim over that list): else None. The URL template test of
    `confirms` is not asked for: a wider list holds pages of other depths too (a module
    index lists ``/pkg/mod.html`` and ``/pkg/sub/mod.html``); the narrow, confirmed list it
    holds confirms it.

    Choice (beyond the paper, whose levels each list the one below): a module index lists
    every module, a package's page its submodules; a site's index of all pages lists a
    section's pages, which the section's page lists too. The climb from a page reaches the
    narrowest list first; a page above it listing the same group and more pages like it is
    the level's wider list, and a tree built on the narrow list (the index above it, then
    each package's submodules) reaches only the pages nested in lists like it."""
    if len(chain) < 2:
        return None
    below, current, down = chain[-2], chain[-1], sdps[-1]
    page = parent.page
    scored = candidate_weight(page, below, climb.mode)
    narrow = candidate_weight(current, below, climb.mode)
    if scored is None or narrow is None:
        return None
    sdp, weight = scored
    wider = Parent(page, sdp, weight, value_page(page, below, sdp, climb.mode))
    group = set(link_collections(current, climb.mode).get(down, ())) - own_urls(below)
    listed = set(link_collections(page, climb.mode).get(sdp, ()))
    if named:
        # Choice: a hub's list, read whole (`list_tree`: a table's striped rows are one list),
        # names its entries alike (``struct*.html``): it need hold only the narrow list's
        # pages named so, a source file's list mixing in other kinds.
        listed = tree_urls(page, sdp, climb.mode)
        stem = commonprefix(sorted(listed))  # noqa: RUF071 (names, not paths)
        group = {u for u in group if u.startswith(stem)}
    if (
        not group
        or weight <= narrow[1] * (1.0 + WEIGHT_TIE)
        or len(group & listed) < _WIDER_SHARE * len(group)
        or wider.value
        or navigation_list(page, below, sdp, climb.mode)
        or not climbs(wider, below, climb.mode)[0]
    ):
        return None
    climb.run.note(
        "sample-path",
        "wider",
        page.url,
        level=level + 1,
        urls=(current.url, below.url),
        values={"weight": weight, "replaced_weight": narrow[1]},
        note=f"it lists {below.url} among more pages like it ({sdp}) than {current.url} "
        f"does, and {len(group & listed)} of the {len(group)} pages that list holds: the "
        "wider list of that level takes its place",
    )
    return wider


async def _note_refused(run: Run, sp: Snapshot, level: int | None) -> None:
    """Note the pages `sp` links to that robots.txt disallows (`candidates.refused`)."""
    refused = await candidates_refused(run.session, sp)
    if refused:
        run.note(
            "top-index",
            "robots",
            f"{len(refused)} pages {sp.url} links to",
            level=level,
            urls=refused,
            note="not downloaded: robots.txt disallows them; an index page of the page "
            "among them is out of reach of a crawl that honours robots.txt",
        )


def landed(run: Run, page: Snapshot, level: int) -> Snapshot:
    """`page`, an index page the climb keeps, named by the URL its redirects ended at
    (`final_url`, on the same site) and kept in the run under it too.

    Choice (beyond the paper): a tab that redirects to its list (``/projects?jump=issues``
    → ``/issues``) is that list: its pager, sorts and page sizes vary the URL it landed at,
    and the list's own links are written from there."""
    final = page.final_url
    # Only an answer that redirected lands elsewhere (a final URL spelled another way, a
    # percent-encoded ``%2F`` read back as ``/``, names the same page as requested).
    if not page.redirects or not final or urlsplit(final)[:2] != urlsplit(page.url)[:2]:
        return page
    landed = replace(page, url=final)
    run.pages.setdefault(final, landed)
    run.note(
        "sample-path",
        "redirect",
        final,
        level=level,
        urls=(page.url,),
        note=f"{page.url} redirects to {final}: the list is named by the URL it landed at",
    )
    return landed


def _child_of(page: Snapshot, sp: Snapshot, sdp: str, mode: TagFeature) -> bool:
    """Whether candidate `page` reads as an entry of `sp`'s own list (a section of a manual's
    node, whose "Next" and "Up" links name its sibling and `sp`): its path to `sp` holds `sp`
    and one or two other pages (its neighbours), and `sp` lists `page` and them in one list of
    its own of three pages or more. An index page lists `sp` among its siblings, which `sp` does not list
    beside it."""
    own = own_urls(sp)
    mates = {u for u in link_collections(page, mode).get(sdp, ()) if u not in own}
    if not 1 <= len(mates) <= 2:
        return False
    return any(
        len(set(urls)) >= 3 and mates <= set(urls) and own_urls(page) & set(urls)
        for urls in link_collections(sp, mode).values()
    )


def _past_root_menu(
    below: Snapshot | None, found: Found, probes: Probes, left: list[str]
) -> list[str]:
    """The candidates `left` for the full probe, none when, above the seed (`below`), the site
    root is the best candidate and they are all site navigation the root carries too.

    Choice: the site root ends the climb there (nothing lists it); the menu it shares links
    back, if at all, through that menu. A page's own navigation the root lacks (its uses,
    its tree) is probed: it may hold a wider list."""
    if below is None or found.best is None or not is_site_root(found.best.page):
        return left
    menu = {link.url for link in found.best.page.links}
    return [] if probes.navigation_only() and menu.issuperset(left) else left


def _weight(parent: Parent | None) -> tuple[float, bool]:
    """A probe's candidate `parent` as `Probes.weighed` takes it: its W_ci (0.0: none), and
    whether it is the page of a value its entries share."""
    return (0.0, False) if parent is None else (parent.weight, parent.value)
