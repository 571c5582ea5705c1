"""GPP — Growing Parallel Paths (Weninger et al., WWW 2011), the visual baseline of SSUP.

The original paper was not available; this follows the reconstruction in ALGORITHMS.md. Steps
marked [reconstructed] there are the named choices below:

1. Seed path: breadth-first from the site root (rendering every page, as GPP does) to the pages
   that link to the seed: root = p0 →a0→ p1 → … → pk = seed. [reconstructed] The search goes
   one level deeper than where the first such page is met (`extra_depth`) and takes, among all
   pages linking to the seed, the one whose visual list holding the seed is the longest (a
   site-wide menu or a lone link counts as none), then the shallowest, then the smallest URL:
   the shortest path alone often runs through a "featured" or "related" box that lists a
   handful of entities rather than through their index. When the first pages met already hold
   the seed in a list of at least `SHORT_LIST` links, the search stops there. A list mostly of
   other URL templates than the seed's counts as none (`_holding_list_size`), and so does a
   server's listing of a folder, every file by its name (`gpplists.listing`), whose hop is
   followed alone. Where no page
   holds the seed in a list of `SHORT_LIST` links or more but its site navigation does, the
   navigation's whole tree of nested lists, collapsed drop-downs included, is its list
   (`gpptrees.navigation_tree`: a documentation site lists its pages only there), and so it is
   where the seed's list is one branch of such a tree (`gpptrees.branch`: a sidebar's open
   section), where the tree reaches `TREE_GAIN` times the pages of a long branch: a page
   index opened at the seed's namespace (317 of its 336 pages) is the list, not the index's
   whole tree. Of the pages whose tree reaches the most pages, the one whose own list holding
   the seed is the longest is taken, then the shallowest (a page index opened at the seed's
   namespace, beside the index of one of its pages, which names that page unlinked). On the
   other pages of its level the tree at the same root is the list matching it
   (`gpptrees.tree_at`): each opens another branch. A list its page pages counts as long however few links it shows (`_long`: a blog's five posts a
   page, beside a box of its five newest on every page). The seed is the page as loaded (a
   hash-routed document's fragment is its page once the document is known). Where no page the
   root leads to links the seed (a wiki whose indexes robots.txt closes), the folder the
   seed's URL names roots its path (`_folder`).
   Where the seed stands alone on every page linking it (a blog's newest post, featured above
   the list of the others), the list of its siblings beside it, with the seed, is its list
   (`_beside`).
   A depth's pages of the seed's own template (its siblings) are rendered last, and not at all
   once another page of that depth holds the seed in a list of `SHORT_LIST` links or more
   (`_siblings_last`); a list is of the seed's template when its template widened over the
   list matches it (`_holding_list_size`: every project's latest release in one index).
2. At each hop, the visual list L_i of p_i that contains a_i (features.visual.visual_lists); when
   a_i is in no visual list (a lone link), the anchors of p_i sharing a_i's container path
   and style stand in for it (`gpplists.collection_of`), or, in a level of a nested list, the
   anchors of that level (`gpptrees.column`: a table of contents' chapters, their sections
   between them). A list of anchors into the target's page alone (its headings) is none. A
   list set in parts that line up apart (columns, runs under headings) is taken whole: every
   anchor of its container path and style (`gpplists.whole_list`), of its URL template or
   below the segments fixed at its head (a package index's rows at every depth of its names),
   or in its other sections, blocks of another value in its fixed segments (an API reference's
   operations, a section per tag: `gpplists.sections`).
3. Grow: F0 = {p0}; F_{i+1} = the targets of the list matching L_i on every page of F_i (on p_i
   itself L_i; elsewhere the most similar non-menu list whose similarity is at least
   `list_threshold`). F_k are the entity pages. A hop through a site-wide menu or a lone link
   is followed alone (ALGORITHMS.md step 5): F_{i+1} = {p_{i+1}}; menus are never fanned out.
   Choice "a list split over pages is one list" (beyond the reconstruction, for real
   applications): a page of F_i whose list matches L_i is followed through its own pagination
   before growing — the links of that list page that continue the level page's list
   (`continues`: its path with one query parameter added or changed, none dropped: ``?page=3``,
   ``?offset=50``, a cursor; or a page number appended to its path: ``/page/3``) and are not
   entries of the list, again from each continuation
   page whose list matches L_i, until no new page appears. Those pages join F_i: they are the
   same index continued, not another iteration, so K=1 covers the whole index list. The last
   page of a list may hold too few entries to line up as a visual list: there the anchors with
   the DOM path and style of L_i's first entry stand in for it (`gpplists.remnant`). A list is paged
   from the URL its page's redirects ended at; a page number appended to that path together
   with the cursor it counts from is a page of it too (``/log`` → ``/log/362?start=382``,
   `pages_on`), and so is a next page addressed to the script that serves the list, its path
   named in a parameter (``/index.php/Category:X`` → ``/index.php?title=Category:X&from=Y``,
   `at_path`). A level page with no next page of its own may show the first page of a list
   whose own URL it links with that list's next pages (a repository's front page ``/repo/``
   linking ``/repo/log`` and ``/repo/log?count=120``): those pages are followed as pages of
   the list at that URL (`other_names`). A chain of pages ends at a page that adds no entry
   to the level (the pages a "more" link widens past the list's end, a "less" link's), and
   no page is loaded twice. Where no link of a page continues its list's URL, the links its
   pager names are its next pages: a "Next Page" link, a page number its URL spells
   (`pager_links`: ``/maillist.html`` → ``/mail2.html``). Where none of them names a next
   page of a level page but its pager shows the list's further pages in place, by script, its
   clicks show them (`gpppages.by_script`: a single-page admin's Next button). The entries
   are read without the state the list hands on to its links (`_entries`:
   ``/rev/7?revcount=120`` listed by ``?revcount=120`` is ``/rev/7``). Views
   (`is_view`: a sort order or page size combined with a page, two or more parameters) are never
   followed, so a list with sort links on every column is rendered once per page, not once per
   order; a one-parameter view (a page size, a lone sort order) costs one page and its own
   pagination, a view of the level page, is not followed. A level page's list is read with
   the defaults its own links spell out for the parameters its URL leaves out (`spelled`: a
   pager writing the default page size beside each page number continues the first page).
   Choice "a list of another kind is no list of the seed's": on the pages of the level above
   the entities, other than the seed's own, a list matching L_{k-1} whose entries are mostly
   not of the seed's URL template (`_of_kind`, widened over the whole level's entries: a
   category segment varies across its pages) lists another type (an admin's index of two
   models whose change lists are laid out alike): only its entries of the seed's template are
   taken (a source browser's symbol index linking each symbol's definition and its file), and
   a page with none of them leaves the level.
4. Iterations [reconstructed]: iteration j+1 renders the pages one hop from the level k−1 pages
   found so far that are neither entities nor menu targets (pagination, sibling index pages) and
   grows from those whose layout holds a list matching L_{k−1}. SSUP's comparison used K=1.
   Choice (for real applications): a view of the index page (`is_view`: two or more query
   parameters added or changed, a sort order combined with a page) is no sibling: it shows the
   entries of the index page's pages in another order, and a list with sort links on every
   column would spend an iteration rendering them all.

Every page GPP analyses is rendered (its cost, and why SSUP's paper found it ~65× slower).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING
from urllib.parse import urlencode, urlsplit, urlunsplit

from siteseer.algorithms import gpplists, gpppages, gpptrees
from siteseer.algorithms.features.url import query_pairs, route
from siteseer.algorithms.features.urlshape import (
    UrlTemplate,
    is_view,
    moved,
    seed_template,
    template_share,
    widened,
)
from siteseer.algorithms.features.visual import (
    MIN_LIST_SIZE,
    MenuKey,
    VisualList,
    is_menu,
    list_similarity,
    menu_signatures,
    visual_lists,
)
from siteseer.algorithms.gpptrees import COLLECTION, COLUMN, KIND_SHARE, NAVIGATION
from siteseer.algorithms.result import Discovery, TraceEntry
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.ssup.menus import named_below
from siteseer.algorithms.ssup.yields import state_params
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = ["GPPParams", "gpp"]

MAX_SEED_DEPTH = 4
LIST_THRESHOLD = 0.7
EXTRA_DEPTH = 1
SHORT_LIST = 11  # a seed list shorter (a front page's ten newest) may be "featured": search on
BATCH = 8  # pages rendered per batch while searching for the seed path
TERMS = 2.0  # a list linking its pages more times each than this is an index of terms
TREE_GAIN = 1.5  # a tree stands for a long branch of it when it reaches this many times its pages


@dataclass(frozen=True)
class GPPParams:
    """GPP's parameters in the method registry (algorithms/methods.py): how many growing
    `iterations` (the SSUP paper ran 1)."""

    iterations: int = 1


async def _render(run: Run, rendered: dict[str, Snapshot], urls: Sequence[str]) -> list[Snapshot]:
    """The rendered 2xx pages of `urls` (those not loaded yet rendered in one batch), also kept
    in `rendered`: the pages GPP met on its way from the root. Once the budget is spent, GPP goes
    on with the pages it has."""
    try:
        pages = await run.fetch(urls)
    except Stopped:
        pages = run.loaded(urls)
    rendered.update(pages)
    return list(pages.values())


def _site_root(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/"


def _folder(url: str) -> str:
    """The folder `url` names its page in (``/library/`` for ``/library/json``).

    Choice "the seed's folder roots its path where the site's root leads nowhere near it"
    (beyond the reconstruction, for real applications): a wiki whose indexes of pages
    robots.txt closes to crawlers (``/_index``) links its pages from no page the root leads
    to; the folder its URL names lists the pages filed in it, and the seed path starts there
    when none starts at the root."""
    parts = urlsplit(url)
    path = parts.path.rstrip("/").rpartition("/")[0] + "/"
    return urlunsplit(parts._replace(path=path, query="", fragment=""))


def _list_with(snapshot: Snapshot, target: str, menus: set[MenuKey]) -> VisualList | None:
    """The visual list on `snapshot` holding a link to `target` (non-menu lists first, then the
    longest), a list of anchors into `target` alone being none (a table of contents lists a
    page's own headings under its entry). A lone link in a level of a nested list
    (`gpptrees.column`) has that level for its list."""
    lists = visual_lists(snapshot)
    holding = [vl for vl in lists if target in vl.urls and len(set(vl.urls)) > 1]
    holding.sort(key=lambda vl: (is_menu(vl, menus), -len(vl.links), vl.urls))
    if holding:
        return gpplists.whole_list(snapshot, holding[0], menus)
    anchor = next((lk for lk in snapshot.links if lk.url == target), None)
    if anchor is None:
        return None
    lone = gpplists.collection_of(snapshot, anchor)
    column = gpptrees.column(snapshot, lone)
    return column if column is not None and len(column.links) >= MIN_LIST_SIZE else lone


def _beside(snapshot: Snapshot, target: str, menus: set[MenuKey]) -> VisualList | None:
    """The longest list of `snapshot` beside the lone link to `target`, the seed, that lists
    the seed's siblings (mostly of its URL template, widened over the list: `template_share`),
    with the seed's link appended; None when the page shows no such list (menus are none).

    Choice "a featured seed stands beside its list" (beyond the reconstruction, for real
    applications): a blog's home page shows its newest post in a box of its own and the posts
    after it in the list below; on every page linking the newest post (the home list, its
    category's, tag's and author's pages) it stands alone, and no page holds it in a list. The
    list of its siblings on the page it stands on is its list, the seed its first entry: the
    level's pages are grown through that list, and the seed is one of its entities."""
    anchor = next((lk for lk in snapshot.links if lk.url == target), None)
    if anchor is None:
        return None
    lists = [
        vl
        for vl in visual_lists(snapshot)
        if target not in vl.urls
        and not is_menu(vl, menus)
        and template_share(target, vl.urls, widen=True) >= KIND_SHARE
    ]
    if not lists:
        return None
    whole = gpplists.whole_list(snapshot, lists[0], menus)
    return replace(whole, links=(*whole.links, anchor))


def _names(url: str) -> frozenset[str]:
    """The names of `url`'s query parameters."""
    return frozenset(n for n, _ in query_pairs(route(url)[1]))


def _stateless(url: str, page: str, names: frozenset[str]) -> str:
    """`url`, a link on the list page `page`, without the list's state it carries
    (`state_params`, `names` the parameters the entries' sample URL has): ``/rev/7?revcount=120``
    on ``/log?revcount=120`` is ``/rev/7``; a return address (``&url=/admin/flight/``) too."""
    state = state_params(url, page, names)
    if not state:
        return url
    parts = urlsplit(url)
    kept = [(n, v) for n, v in query_pairs(parts.query) if n not in state]
    return urlunsplit(parts._replace(query=urlencode(kept), fragment=""))


def _entries(page: Snapshot, chosen: VisualList, names: frozenset[str]) -> set[str]:
    """The entries of `chosen`, the list `page` shows, without the list's state their links
    carry (`_stateless`): the entries of ``/log?revcount=120`` link ``/rev/7?revcount=120``,
    the entity ``/rev/7``."""
    return {_stateless(url, page.url, names) for url in chosen.urls}


def _of_kind(
    run: Run,
    kind: UrlTemplate,
    seed: str,
    parent: str,
    listed_on: dict[str, set[str]],
    level: set[str],
    sections: set[str],
) -> set[str]:
    """The entities of the pages `listed_on` (each kept page of the level above them, with its
    entries), each page's entries all of them where they are mostly of the seed's URL
    template `kind` (`KIND_SHARE`; widened over every page's entries, as `template_share`
    does: a category level varies across the level's pages), else its entries of that
    template only; a page with none leaves `level`. The seed's `parent` is taken whole. On
    a page of `sections` (the sections a menu fans out to, `_sections`) the seed's template
    is read as that page names its own documents (`moved`: ``/intro/*`` on ``/faq/``)."""
    every = set().union(*listed_on.values()) - {seed}
    wide = widened(kind, every)
    found: set[str] = set()
    for url, listed in listed_on.items():
        others = listed - {seed}
        own = wide if url not in sections else widened(moved(kind, parent, url) or kind, every)
        mine = {u for u in listed if own.matches(u)}
        if url == parent or len(mine - {seed}) >= KIND_SHARE * len(others):
            found |= listed
            continue
        found |= mine
        note = "a list mostly of another URL template: its entries of the seed's"
        if not mine:
            level.discard(url)
            note = "a list of another URL template than the seed's"
        run.trace.append(TraceEntry("grow", "narrow", url, urls=tuple(sorted(mine)), note=note))
    return found


def _sections(menu: VisualList, page: str, section: str, session: Session) -> set[str]:
    """The other sections `menu`, a site-wide menu on `page`, lists beside `section`, the
    seed's: its entries named like `section` one segment below the same folder (`named_below`),
    in scope, `page` itself left out.

    Choice "a menu of sections is the level of their lists" (beyond the reconstruction, for
    real applications; SSUP's `ssup.menus.named_below` decides where): step 5 follows a
    site-wide menu's one link and never fans out through it, and a documentation site whose
    sections each list their documents yielded one section's. Where the seed is named straight
    below its section's page (``/intro/contributing/`` below ``/intro/``) and the menu leads to
    that page, the menu's other sections are pages of the level too: each is grown through the
    list like the seed's it shows (`_matching_list`), none where it shows none. A CRUD admin's
    records, named by a route word after their model (``/flight/7/change/``), are not named
    below their list, and their menu of models is followed as before."""
    folder = route(section)[0].rstrip("/").rpartition("/")[0] + "/"
    above = urlunsplit(urlsplit(section)._replace(path=folder, query="", fragment=""))
    return {
        u
        for u in menu.urls
        if u not in (page, section) and session.in_scope(u) and named_below(above, u)
    }


def _matching_list(
    snapshot: Snapshot, model: VisualList, menus: set[MenuKey], threshold: float
) -> tuple[VisualList | None, float]:
    """The list of `snapshot` most like `model` at `threshold` or more, and its similarity.

    A site navigation's whole tree (`gpptrees.navigation_tree`) is the tree at its root on
    every page drawing it with its trunk (`gpptrees.tree_at`, `gpptrees.same_tree`): its open
    branch differs from page to page (a page index opens the namespace it was asked for), and
    no visual list is the whole tree."""
    if model.signature[1] == NAVIGATION:
        tree = gpptrees.tree_at(snapshot, model.signature[0])
        if tree is not None and gpptrees.same_tree(tree, model):
            return tree, 1.0
    best: tuple[VisualList | None, float] = (None, 0.0)
    for vl in visual_lists(snapshot):
        if is_menu(vl, menus):
            continue
        score = list_similarity(vl, model)
        if score > best[1] or (score == best[1] and best[0] is not None and vl.urls < best[0].urls):
            best = (vl, score)
    chosen, score = best
    if chosen is None or score < threshold:
        return None, score
    return gpplists.whole_list(snapshot, chosen, menus), score


async def _clicked(
    run: Run,
    page: Snapshot,
    listed: set[str],
    model: VisualList,
    names: frozenset[str],
    menus: set[MenuKey],
    threshold: float,
) -> set[str]:
    """The entries the further pages of `page`'s list add to `listed`, its entries, where its
    pager shows them in place (`gpppages.by_script`): on each state, the entries of its list
    matching `model` (`_matching_list`) without the state `names` leaves out (`_entries`), in
    scope."""

    def items(state: Snapshot) -> set[str]:
        if state is page:
            return listed
        chosen, _ = _matching_list(state, model, menus, threshold)
        entries = set() if chosen is None else _entries(state, chosen, names)
        return {u for u in entries if run.session.in_scope(u)}

    shown = await gpppages.by_script(run, page, items)
    more = set().union(*map(items, shown)) - listed if shown else set()
    if shown:
        run.trace.append(
            TraceEntry(
                "grow",
                "in-place",
                page.url,
                values=(("pages", float(len(shown) + 1)), ("new", float(len(more)))),
                note="its pager shows the list's further pages in place",
            )
        )
    return more


def _holding_list_size(page: Snapshot, seed: str, menus: set[MenuKey]) -> int:
    """Links in the visual list of `page` that holds `seed` (0 for a menu, a lone link, or a
    list mostly of other URL templates than the seed's).

    Choice (for real applications): a list at least half of whose URLs are not of the seed's
    template (`template_share`) mixes a few of its siblings with other kinds (a repository
    summary's branch, tags and last commits in one table) and is no list of the seed's, however
    long: the search goes on to the page that lists them all (the log). The seed's template is
    widened over the list (`widened`): an index of every project's latest release lists the
    seed's siblings each under its project (``/dev/<project>/<version>``), and is its list. A
    level of a nested list (`gpptrees.column`) lists the pages of one level of its tree, whatever
    folders they are in: no template asked of it. A list in sections (`gpplists.sections`: an
    API reference's operations, a section per tag) is of the seed's template where the seed's
    own section is."""
    model = _list_with(page, seed, menus)
    if model is None or is_menu(model, menus) or model.signature[1] == COLLECTION:
        return 0
    if _of_terms(model) or gpplists.listing(model):
        return 0
    own = seed_template(seed)
    sections = set() if own is None else gpplists.sections(own, model.links)
    urls = [u for u in model.urls if u not in sections]  # a list in sections: the seed's
    if model.signature[1] != COLUMN and template_share(seed, urls, widen=True) < KIND_SHARE:
        return 0
    return len(model.links)


def _of_terms(model: VisualList) -> bool:
    """Whether `model` is an index of terms: it links its pages over `TERMS` times each on
    average (a manual's back-of-book index, a source browser's index of definitions, each
    entry a place in a page).

    Choice "an index of terms is no list of the seed's" (beyond the reconstruction, for real
    applications): a manual's index links the seed under each term it defines, and lists
    every page of the manual that defines one; it is the longest list holding the seed, and
    no list of its kind. A list of entities links each entity once, or twice (its name and
    its number in two columns)."""
    return len(model.links) > TERMS * len(set(model.urls))


def _long(page: Snapshot, seed: str, menus: set[MenuKey], session: Session) -> bool:
    """Whether the list of `page` holding `seed` lists it at length: it holds `SHORT_LIST`
    links or more, or it goes on over pages of its own (`page` links a next page of it:
    `continuations`, `pager_links`), or under its list's own URL (`other_names`: a
    repository's front page showing its log's ten newest and linking the log's next page).

    Choice "a paged list is a long one" (beyond the reconstruction, for real applications): a
    blog's index shows five posts a page, the newest first, and a box of its five recent posts
    beside it on every page; the search went on past the index for a longer list, and took the
    sidebar's tree for the seed's list. A list its page pages is no "featured" box."""
    size = _holding_list_size(page, seed, menus)
    if size >= SHORT_LIST:
        return True
    model = _list_with(page, seed, menus) if size else None
    if model is None:
        return False
    own = {page.url, page.final_url}
    return bool(
        gpppages.continuations(page, [page.final_url], model, own, session)
        or gpppages.pager_links(page, page.final_url, model, own, session)
        or gpppages.other_names(page, model, own, session)
    )


def _siblings_last(
    frontier: Sequence[str], template: UrlTemplate | None
) -> tuple[list[str], list[str]]:
    """`frontier` split into the pages not of the seed's URL `template` and those of it.

    Choice "the seed's siblings are its list's entries, not its list" (beyond the
    reconstruction, for real applications): a page of the seed's own template is another
    entity, which links the seed at most in a box of related pages; the list that holds it is
    on a page of another template (a wiki's sitemap beside its namespaces' pages, an index
    beside its entries). The breadth-first search renders a depth's other pages first, and
    its siblings only when none of those holds the seed in a list of `SHORT_LIST` links or
    more: a wiki whose namespace pages link its 300 pages at the depth of its sitemap's
    namespace lists renders those lists alone."""
    if template is None:
        return list(frontier), []
    own = [u for u in frontier if template.matches(u)]
    mine = set(own)
    return [u for u in frontier if u not in mine], own


async def _seed_path(
    run: Run, rendered: dict[str, Snapshot], root: str, seed: str, max_depth: int, extra_depth: int
) -> tuple[list[str], VisualList | None, str] | None:
    """Breadth-first from `root` (rendering) to the best page linking to `seed` (step 1), the
    list that stands for the seed's list on it when no list holds the seed (the site
    navigation, `gpptrees.navigation_tree`; the list the seed stands beside, `_beside`; None
    otherwise), and the seed's link on it.

    Choice "a link to the seed is the seed without the list's state": a list that hands its
    own address to every entry (an admin's ``/details/?id=1&url=/admin/flight/``, its "back to
    the list" target) links the seed under another URL on each page; a link names the seed
    when it does once that state is left out (`_stateless`)."""
    session = run.session
    parent: dict[str, str] = {root: ""}
    depth_of: dict[str, int] = {root: 0}
    frontier = [root]
    holders: list[str] = []
    seed_links: dict[str, str] = {}  # a holder's link to the seed, as it writes it
    names, seed_path = _names(seed), route(seed)[0]
    hit: int | None = None
    template = seed_template(seed)
    for depth in range(max_depth):
        following: list[str] = []
        # The seed's siblings (pages of its URL template) are rendered last, and only when no
        # other page of this depth already holds the seed in a long list (`_siblings_last`).
        others, siblings = _siblings_last(frontier, template)
        batches = [others[i : i + BATCH] for i in range(0, len(others), BATCH)]
        first_sibling = len(batches)
        batches += [siblings[i : i + BATCH] for i in range(0, len(siblings), BATCH)]
        for number, batch in enumerate(batches):
            if number == first_sibling and holders:
                menus = menu_signatures(rendered.values())
                if any(_long(rendered[u], seed_links[u], menus, session) for u in holders):
                    run.trace.append(
                        TraceEntry(
                            "seed-path",
                            "skip",
                            seed,
                            level=depth,
                            values=(("siblings", float(len(siblings))),),
                            note="the seed's siblings: a page of this depth lists it at length",
                        )
                    )
                    break
            for snapshot in await _render(run, rendered, batch):
                for link in snapshot.links:
                    url = link.url
                    if url == seed or (
                        route(url)[0] == seed_path
                        and session.canonical(_stateless(url, snapshot.url, names)) == seed
                    ):
                        if snapshot.url not in holders:
                            holders.append(snapshot.url)
                            seed_links[snapshot.url] = url
                        continue
                    if url in parent or not session.in_scope(url):
                        continue
                    parent[url] = snapshot.url
                    depth_of[url] = depth + 1
                    following.append(url)
            if not run.complete:
                break
        if not run.complete:
            break
        if holders and hit is None:
            hit = depth
            menus = menu_signatures(rendered.values())
            if any(_long(rendered[u], seed_links[u], menus, session) for u in holders):
                break  # the seed sits in a long list already, not in a "featured" box
        if hit is not None and depth >= hit + extra_depth:
            break
        frontier = sorted(following)
    if not holders:
        return None
    menus = menu_signatures(rendered.values())
    sizes = {u: _holding_list_size(rendered[u], seed_links[u], menus) for u in holders}
    best = min(holders, key=lambda u: (-sizes[u], depth_of[u], u))
    note = "the page whose list holding the seed is the longest"
    navigation: VisualList | None = None
    held = _list_with(rendered[best], seed_links[best], menus)
    long_held = _long(rendered[best], seed_links[best], menus, session)
    if not long_held or gpptrees.branch(held):
        trees = {
            u: t
            for u in holders
            if (t := gpptrees.navigation_tree(rendered[u], seed_links[u])) is not None
        }
        reach = {u: len(set(t.urls)) for u, t in trees.items()}
        longest = max(reach.values(), default=0)
        # a long branch gives way only to a tree reaching `TREE_GAIN` times its pages
        pages = len(set(held.urls)) if held is not None and long_held else 0
        if longest > sizes[best] and longest >= TREE_GAIN * pages:
            best = min(
                (u for u, n in reach.items() if n == longest),
                key=lambda u: (-sizes[u], depth_of[u], u),
            )
            navigation, sizes[best] = trees[best], longest
            note = "the seed is in no long list or a branch of its site navigation, its list"
    if navigation is None and sizes[best] == 0:
        beside = {
            u: vl for u in holders if (vl := _beside(rendered[u], seed_links[u], menus)) is not None
        }
        if beside:
            best = min(beside, key=lambda u: (-len(beside[u].links), depth_of[u], u))
            navigation, sizes[best] = beside[best], len(beside[best].links)
            note = "the seed stands alone beside a list of its siblings: that list is its list"
    run.trace.append(
        TraceEntry(
            "seed-path",
            "parent",
            best,
            urls=tuple(sorted(holders)),
            values=(("list", float(sizes[best])), ("candidates", float(len(holders)))),
            note=note,
        )
    )
    path = [seed, best]
    while parent[path[-1]]:
        path.append(parent[path[-1]])
    return path[::-1], navigation, seed_links[best]


async def gpp(
    session: Session,
    seed: str,
    *,
    iterations: int = 1,
    root: str | None = None,
    max_depth: int = MAX_SEED_DEPTH,
    extra_depth: int = EXTRA_DEPTH,
    list_threshold: float = LIST_THRESHOLD,
) -> Discovery:
    """Find the entity pages of `seed`'s type by growing parallel paths from the site root."""
    if iterations < 1:
        raise ValueError("iterations must be at least 1")
    started = time.perf_counter()
    given, seed = seed, session.canonical(seed)
    run = Run(session, render=True)
    rendered: dict[str, Snapshot] = {}  # the pages met from the root (the seed is only checked)
    params = (
        ("iterations", iterations),
        ("max_depth", max_depth),
        ("extra_depth", extra_depth),
        ("threshold", list_threshold),
    )

    def result(entities: set[str], levels: list[set[str]], path: Sequence[str]) -> Discovery:
        run.trace.append(
            TraceEntry("done", "stop", seed, note=f"{time.perf_counter() - started:.2f}s")
        )
        return Discovery(
            method="gpp",
            seed=seed,
            entities=tuple(sorted(entities)),
            index_pages=tuple(tuple(sorted(level)) for level in levels),
            sample_path=tuple(path),
            trace=tuple(run.trace),
            cost=run.cost(),
            complete=run.complete,
            reason=run.reason,
            params=params,
        )

    try:
        # The seed as loaded: a hash-routed document's fragment is known to be its page only
        # once the document is loaded (before that, the canonical form drops it).
        seed = (await run.seed(given)).url
    except Stopped:
        return result(set(), [], ())
    root = session.canonical(root or _site_root(seed))
    found_path = await _seed_path(run, rendered, root, seed, max_depth, extra_depth)
    folder = _folder(seed)
    if found_path is None and run.complete and folder not in (root, seed):
        note = "no path from the site's root: the seed's folder roots it (`_folder`)"
        run.trace.append(TraceEntry("seed-path", "folder", folder, note=note))
        found_path = await _seed_path(run, rendered, folder, seed, max_depth, extra_depth)
    if found_path is None:
        run.unfinished(f"no path from {root} to the seed within depth {max_depth}")
        return result(set(), [], ())
    path, navigation, seed_link = found_path
    run.trace.append(TraceEntry("seed-path", "keep", seed, urls=tuple(path)))
    menus = menu_signatures(rendered.values())

    # The model list at every hop of the seed path.
    models: list[VisualList] = []
    for i in range(len(path) - 1):
        page = rendered[path[i]]
        last = i == len(path) - 2
        target = seed_link if last else path[i + 1]
        model = navigation if last and navigation else _list_with(page, target, menus)
        assert model is not None  # path[i] links to path[i + 1] by construction
        models.append(model)
        run.trace.append(
            TraceEntry("hop", "keep", path[i], level=i, urls=(path[i + 1],), note=model.orientation)
        )

    # A level page's list like the seed's but mostly of another URL template lists another
    # type (choice "a list of another kind is no list of the seed's"); where the seed has one.
    kind = seed_template(seed)
    levels: list[set[str]] = [{path[0]}]
    sections: set[str] = set()  # the section pages a menu hop fans out to (`_sections`)
    for i, model in enumerate(models):
        if i == len(models) - 2 and named_below(path[i + 1], seed) and is_menu(model, menus):
            sections = _sections(model, path[i], path[i + 1], session)
            run.trace.append(
                TraceEntry(
                    "grow",
                    "fan-out",
                    path[i],
                    level=i,
                    urls=(path[i + 1], *sorted(sections)),
                    note="a site-wide menu lists the seed's section among sections like it",
                )
            )
            levels.append({path[i + 1], *sections})
            continue
        if is_menu(model, menus) or model.signature[1] == COLLECTION or gpplists.listing(model):
            # Step 5: a site-wide menu or a lone link is navigation, not a list: follow a_i only
            # (and a server's listing of a folder, `gpplists.listing`).
            run.trace.append(
                TraceEntry(
                    "grow",
                    "follow",
                    path[i],
                    level=i,
                    urls=(path[i + 1],),
                    note=(
                        "a lone link"
                        if model.signature[1] == COLLECTION
                        else "a server's listing of a folder"
                        if gpplists.listing(model) and not is_menu(model, menus)
                        else "site-wide menu"
                    ),
                )
            )
            levels.append({path[i + 1]})
            continue
        found: set[str] = set()
        chosen: VisualList | None
        last = i == len(models) - 1
        pages = await _render(run, rendered, sorted(levels[i])) if i else [rendered[path[0]]]
        # The list URL each page continues: a level page's own (where its redirects ended),
        # a continuation's that of the page it continues.
        origin = {page.url: page.final_url for page in pages}
        seen = set(origin) | set(origin.values())  # a page is never loaded twice
        spelled: dict[str, str] = {}  # a list's URL with its defaults (`spelled`)
        listed_on: dict[str, set[str]] = {}  # each kept page's entries
        while pages:
            following: list[str] = []
            for page in pages:
                first = origin[page.url]
                level_page = first == page.final_url
                if page.url == path[i]:
                    chosen, score = model, 1.0
                else:
                    chosen, score = _matching_list(page, model, menus, list_threshold)
                if chosen is None and not level_page:
                    chosen = gpplists.remnant(page, model)
                listed = set() if chosen is None else _entries(page, chosen, _names(path[i + 1]))
                note = "" if level_page else f"continues {first}"
                run.trace.append(
                    TraceEntry(
                        "grow",
                        "keep" if chosen is not None else "prune",
                        page.url,
                        level=i,
                        values=(("listsim", score),),
                        note=note,
                    )
                )
                if chosen is None:
                    continue
                levels[i].add(page.url)
                listed = {u for u in listed if session.in_scope(u)}
                listed_on[page.url] = listed
                new = listed - found
                found |= new
                if not new and not level_page and last:
                    # A page of the entities' list that adds none ends its chain (yield); a
                    # list of values above them (a post's author) repeats its values page after
                    # page, and is paged to its end.
                    continue
                if level_page:  # its list's defaults, as its own links spell them
                    spelled[first] = gpppages.spelled(first, [lk.url for lk in page.links])
                at = dict.fromkeys((first, spelled.get(first, first)))
                nexts = dict.fromkeys(
                    gpppages.continuations(page, list(at), chosen, seen, session), first
                )
                if level_page and not nexts:
                    nexts = gpppages.other_names(page, chosen, seen, session)
                if not nexts:
                    nexts = dict.fromkeys(
                        gpppages.pager_links(page, first, chosen, seen, session), first
                    )
                if level_page and not nexts:  # a list paged in place, by script
                    more = await _clicked(
                        run, page, listed, model, _names(path[i + 1]), menus, list_threshold
                    )
                    listed_on[page.url] |= more
                    found |= more
                for url, listed_at in nexts.items():
                    origin[url] = listed_at
                    seen.add(url)
                    following.append(url)
            pages = await _render(run, rendered, sorted(following)) if following else []
            seen.update(page.final_url for page in pages)
        if last and kind is not None:
            found = _of_kind(run, kind, seed, path[i], listed_on, levels[i], sections)
        levels.append(found)

    entities = set(levels[-1])
    last_model = models[-1]
    for iteration in range(1, iterations):
        index_level = levels[-2]
        known = entities | index_level | set(path)
        siblings = sorted(
            {
                lk.url
                for url in index_level
                if url in rendered
                for vl in visual_lists(rendered[url])
                if not is_menu(vl, menus) and vl.signature != last_model.signature
                for lk in vl.links
                if lk.url not in known and session.in_scope(lk.url) and not is_view(url, lk.url)
            }
        )
        added = 0
        for page in await _render(run, rendered, siblings):
            chosen, score = _matching_list(page, last_model, menus, list_threshold)
            if chosen is None:
                continue
            listed = _entries(page, chosen, _names(seed))
            new = {u for u in listed if session.in_scope(u)} - entities
            run.trace.append(
                TraceEntry(
                    "iterate",
                    "keep",
                    page.url,
                    level=len(levels) - 2,
                    values=(("listsim", score), ("new", float(len(new)))),
                    note=f"iteration {iteration + 1}",
                )
            )
            index_level.add(page.url)
            entities |= new
            added += len(new)
        if not added:
            break
    levels[-1] = entities
    return result(entities, levels[:-1], path)
