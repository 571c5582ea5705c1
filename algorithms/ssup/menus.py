"""The site menu above a confirmed index page, as the level the climb stopped below.

A climb that ends below the site navigation has confirmed an index page (a documentation
section listing its documents) that the pages above link to only through a menu every page
carries: the paper's climb takes such a page as a further root and prunes its extra level;
ours stops below it and counts that level as climbed. Where the menu lists the index page among
pages like it (the site's other sections, each listing its own documents in the same list),
that menu is the level above, and the pages of it are the site's other index pages of that
level. How its links look does not tell a menu of sections from a menu of tools ("About",
"Recent changes"): what a menu entry's page yields does. A page of it listing, through the
index page's own list, links of the seed's URL template that the index page does not is a page
like it, and the menu the level above; one listing none is not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import label_schema, link_path, list_tree, simlabels
from siteseer.algorithms.features.urlshape import moved, seed_template
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.candidates import url_length as _length
from siteseer.algorithms.ssup.climb import Climb, Height
from siteseer.algorithms.ssup.kinds import KIND_SIM
from siteseer.algorithms.ssup.probes import navigation_paths, routed, same_menu
from siteseer.algorithms.ssup.verdicts import Parent, is_root_url, is_site_root
from siteseer.algorithms.ssup.yields import is_tool
from siteseer.render import Snapshot

__all__ = ["MENU_DRY", "MENU_PROBES", "menu_level", "menu_pages", "named_below", "other_kind"]

# The entries of the menu probed for their yield, the index page's URL family first, before the
# menu is taken as no level of the tree.
MENU_PROBES = 2
# The menu level's pages downloaded in a row adding no link to the next level, after which the
# menu's entries left are not loaded (`menu_pages`).
MENU_DRY = 3
# Two pages' copies of one menu share this Jaccard overlap of their URLs at least.
_MENU_OVERLAP = 0.8


def named_below(top: str, seed: str) -> bool:
    """Whether `seed`'s URL names it straight below `top`'s: `top`'s path segments and one
    more, the same query (``/intro/contributing/`` below ``/intro/``).

    Choice: a section's page lists its documents under its own name, each named by one more
    segment; a record reached through a route word after its model's name
    (``/admin/car/details/1`` beside ``/admin/car/list``, ``/flight/7/change/`` below
    ``/flight/``) is a CRUD route that every model of an admin shares, whose menu lists the other
    models' lists, each built like the seed's and listing records of another kind."""
    a, b = urlsplit(top), urlsplit(seed)
    ours = [s for s in a.path.split("/") if s]
    theirs = [s for s in b.path.split("/") if s]
    return a.query == b.query and len(theirs) == len(ours) + 1 and theirs[:-1] == ours


def other_kind(page: Snapshot, top: Snapshot) -> bool:
    """Whether `page` (a menu entry's) and `top` (the index page) both show labels
    (`features.dom.label_schema`: column headers, field names) that they share less than
    `kinds.KIND_SIM` of: lists of records of two kinds."""
    ours, theirs = label_schema(top, key_cells=True), label_schema(page, key_cells=True)
    return bool(ours and theirs) and simlabels(ours, theirs) < KIND_SIM


def _menu_tree(top: Snapshot, pages: Sequence[Snapshot], climb: Climb) -> str | None:
    """The nested list (`list_tree`) of the site navigation that lists `top` among its entries:
    a list of `top` that a loaded page holds with mostly the same URLs
    (`probes.navigation_paths`) and through which `top` or a loaded page carrying it links to
    `top`; else None."""
    others = [p for p in pages if p.ok and not own_urls(p) & own_urls(top)]
    menus = {list_tree(path) for path in navigation_paths(top, others, climb.mode)}
    own = own_urls(top)
    for page in (top, *others):
        for link in page.links:
            tree = list_tree(link_path(link, climb.mode))
            if link.url in own and tree in menus:
                return tree
    return None


def _entries(page: Snapshot, tree: str, climb: Climb) -> list[str]:
    """The URLs `page` links to through the nested list `tree`, in menu order, but its own and
    its tools (`yields.is_tool`)."""
    own = own_urls(page)
    return list(
        dict.fromkeys(
            link.url
            for link in page.links
            if link.url not in own
            and list_tree(link_path(link, climb.mode)) == tree
            and not is_tool(link.url, link.text, page.url)
        )
    )


def _yield(page: Snapshot, top: Snapshot, sdp: str, seed: Snapshot, climb: Climb) -> set[str]:
    """The links `page` holds through `sdp` (the list through which `top` lists the page below
    it) of the seed's URL template as `page` lists it (`urlshape.moved`; any link without one) that
    `top`'s list does not hold: the new entity links of the seed's group it yields."""
    shaped = moved(seed_template(seed.url), top.url, page.url)
    listed = {link.url for link in top.links if link_path(link, climb.mode) == sdp}
    return {
        link.url
        for link in page.links
        if link_path(link, climb.mode) == sdp
        and link.url not in listed
        and (shaped is None or shaped.matches(link.url))
    }


async def _root_of(climb: Climb, top: Snapshot, tree: str, level: set[str]) -> Parent | None:
    """The page the menu level hangs from: a loaded page carrying the menu `tree` of `top`
    (the same URLs, `probes.same_menu`, each page's own left out) that is no page of the level
    (`level`: the menu's entries but the site root, and the sample page path), the site root first (loaded if
    need be, one download), else the shortest; with the link DOM path through which it links
    to `top`."""
    parts = urlsplit(top.url)
    if not any(is_site_root(p) for p in climb.run.pages.values() if p.ok):
        await climb.run.fetch_one(f"{parts.scheme}://{parts.netloc}/")
    mine = own_urls(top)
    carrying: list[tuple[Snapshot, str]] = []
    for page in climb.run.pages.values():
        if not page.ok or own_urls(page) & level:
            continue
        paths = [
            link_path(link, climb.mode)
            for link in page.links
            if link.url in mine and list_tree(link_path(link, climb.mode)) == tree
        ]
        ours = set(_entries(top, tree, climb)) - own_urls(page)
        theirs = set(_entries(page, tree, climb)) - mine
        if paths and same_menu(ours, theirs, _MENU_OVERLAP):
            carrying.append((page, paths[0]))
    if not carrying:
        return None
    page, sdp = min(carrying, key=lambda c: (not is_site_root(c[0]), _length(routed(c[0].url))))
    return Parent(page, sdp, float(len(level)))


async def menu_level(
    climb: Climb, chain: list[Snapshot], sdps: list[str], height: Height
) -> Parent | None:
    """The level above the top of `chain` (root first; its sample link DOM paths `sdps`) when the
    climb stopped below the site navigation there: the page carrying the menu that lists the
    top (`_menu_tree`, `_root_of`) and the menu's path, when a probed entry of the menu
    (at most `MENU_PROBES`, in menu order, those whose URL varies a part of the top's that the
    seed's URL carries: `urlshape.moved`; the site root, the path's pages and tools left out)
    yields links of the seed's group that the top's
    list does not hold (`_yield`) under the top's labels (`other_kind`); else None. Only a
    climb shorter than `height` asks, and only where the seed's URL names it straight below the
    top's (`named_below`).

    Choice (beyond the paper): a documentation CMS lists each section's documents on the
    section's page and links the sections from a menu every page carries (the home page's
    own list empty): the climb confirms the seed's section and stops below the menu, and the
    level is one section of seven. The menu's entries are the level's other index pages when
    their pages yield more entity links of the seed's group through the same list; the walk
    then loads them by yield (`tree._Walk._index_level`), as every index level."""
    if len(chain) < 2 or (height != "auto" and len(chain) - 1 >= height):
        return None
    top, seed = chain[0], chain[-1]
    if is_site_root(top):
        return None
    pages = list(climb.run.pages.values())
    tree = _menu_tree(top, pages, climb)
    if tree is None:
        return None
    on_path = set().union(*(own_urls(p) for p in chain))
    host = urlsplit(top.url).netloc
    entries = [
        u
        for u in _entries(top, tree, climb)
        if u not in on_path and not is_root_url(u) and urlsplit(u).netloc == host
    ]
    # Choice: only the entries whose URL differs from the top's where the seed's URL carries
    # the top's (``/topics/`` beside ``/intro/`` for ``/intro/contributing/``) are probed: the
    # seed's URL names its place in the menu, and such an entry's page would list its own
    # pages under its own name. A menu of pages the seed's URL does not name (a council's
    # committees and news beside its members) costs no download.
    # Choice: only where the seed's URL names it straight below the top's (`named_below`): an
    # admin's record route names the model, then an action, and its menu lists other models.
    template = seed_template(seed.url)
    named = [u for u in entries if moved(template, top.url, u) != template]
    level = -len(chain)
    for url in named[:MENU_PROBES] if named_below(top.url, seed.url) else []:
        page = await climb.run.fetch_one(url)
        found = set() if page is None or not page.ok else _yield(page, top, sdps[0], seed, climb)
        if found and page is not None and other_kind(page, top):
            climb.run.note(
                "sample-path",
                "menu",
                url,
                level=level,
                note=f"this entry of the site navigation listing {top.url} lists links shaped "
                f"as the seed's under other labels than {top.url}: records of another kind, "
                "the menu no level of the tree",
            )
            return None
        climb.run.note(
            "sample-path",
            "menu",
            url,
            level=level,
            urls=tuple(sorted(found)),
            values={"yield": float(len(found))},
            note=f"the climb stopped below the site navigation at {top.url}, which lists it: "
            + (
                f"this entry of it lists {len(found)} links of the seed's group through "
                f"{sdps[0]} that {top.url} does not, a page like it"
                if found
                else f"this entry of it lists no link of the seed's group through {sdps[0]} "
                f"that {top.url} does not"
            ),
        )
        if not found:
            continue
        parent = await _root_of(climb, top, tree, {*entries, *on_path})
        if parent is not None:
            climb.run.note(
                "sample-path",
                "menu",
                parent.page.url,
                level=level,
                urls=(top.url,),
                note=f"the site navigation ({tree}) lists {top.url} among pages like it: "
                "the level above, hung from this page",
            )
        return parent
    return None


async def menu_pages(
    run: Run,
    root: Snapshot | None,
    sample: Snapshot,
    urls: Sequence[str],
    down: Callable[[Snapshot], set[str]],
    seen: set[str],
    level: int,
) -> dict[str, Snapshot]:
    """The pages `urls` of the site menu's level (`menu_level`), its `sample` and the others
    each judged by its own yield: those loaded already first (no download), then in the order the menu
    lists them on the level's `root`; each one's links to the next level (`down`) added to
    `seen`. Once `MENU_DRY` downloads in a row add none, the entries left are not loaded.

    Choice (beyond the paper, which downloads an index level whole): a menu's sections
    partition the site, no page of it is a view of another (the first page of a family of
    them tells nothing of the rest), and a menu names its tools ("About", "Contact") in a row
    of their own."""
    order = {link.url: i for i, link in enumerate(root.links)} if root is not None else {}
    others = [u for u in urls if u != sample.url]
    ranked = sorted(others, key=lambda u: (u not in run.pages, order.get(u, len(order))))
    fetched: dict[str, Snapshot] = {sample.url: sample}
    dry = 0
    for i, url in enumerate(ranked):
        if dry >= MENU_DRY:
            run.note(
                "same-level",
                "stop",
                f"{len(ranked) - i} entries of the site menu",
                level=level,
                urls=ranked[i:],
                note=f"the last {MENU_DRY} pages of the menu downloaded added no link to the "
                "next level: its entries left are not downloaded",
            )
            break
        loaded = url in run.pages
        page = await run.fetch_one(url)
        links = set() if page is None else down(page)
        if page is not None:
            fetched[url] = page
        if not loaded:
            dry = 0 if links - seen else dry + 1
        seen |= links
    return fetched
