"""The root of the trail that leads to the seed, as the index page a climb through it misses.

A page of a tree of pages (an API reference's namespaces, a wiki's articles under articles)
shows the trail of its ancestors ("Index » YARD » CLI » Command", "Home » gnutls28 »
3.7.9-2"): the climb follows the trail's pages, the seed's ancestors, each an index page of the
one below. The trail's first entry, its root, is the page every page of the tree links to
through the trail: the climb leaves it out as site navigation (every page links to it), and a
climb stopped by its height never reaches it. It is either a flat list of the whole tree (an
alphabetic index of every object of the reference, the namespaces among them), or the index
page of the top of the path the climb found (the wiki's home listing its articles of the
first depth). One download tells which.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import link_collections, link_path, link_tree, link_trees
from siteseer.algorithms.features.urlshape import is_index_document
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.climb import MAX_AUTO_HEIGHT, Climb, Height, landed, wider
from siteseer.algorithms.ssup.probes import ancestry, same_menu, url_ancestors
from siteseer.algorithms.ssup.verdicts import (
    NAVIGATION_OVERLAP,
    Parent,
    confirms,
    is_site_root,
    lists_folders,
    navigation_list,
)
from siteseer.algorithms.ssup.weights import candidate_weight
from siteseer.render import Snapshot

__all__ = ["folder_root", "trail_root", "trail_root_url"]

# A trail's container lies below html/body: its link DOM path has at least this many steps.
_CONTAINER_DEPTH = 2


def trail_root_url(chain: list[Snapshot], climb: Climb) -> str | None:
    """The URL of the root of the trail on the seed (`chain`'s last page; root first, the
    pages the climb found above it): the link the seed shows just before its first link to a
    page of `chain` above it, in the trail's container (the element holding its anchor holds
    that link too: its link DOM path is a prefix of the other's), which every page of `chain`
    links to, on the seed's site and no page of `chain`; else None. The container is an
    element inside the page's body: a bar of links straight in the body is no trail.

    Choice (beyond the paper): a trail lists the seed's ancestors in order, root first; the
    root is its entry that the climb, which judges the pages linking to the seed in lists of
    its siblings, has no reason to take (every page of the tree links to it alike)."""
    seed, above = chain[-1], chain[:-1]
    on_path = set().union(*(own_urls(p) for p in chain))
    ups = set().union(*(own_urls(p) for p in above))
    links = seed.links
    first = next((i for i, link in enumerate(links) if link.url in ups), None)
    if first is None:
        return None
    trail = link_path(links[first], climb.mode)
    host = urlsplit(seed.url).netloc
    for link in reversed(links[:first]):
        container = link_path(link, climb.mode).rsplit("/", 1)[0]
        if container.count("/") < _CONTAINER_DEPTH or not trail.startswith(container + "/"):
            return None
        url = link.url.split("#", 1)[0]
        if not url or url in on_path or urlsplit(url).netloc != host:
            continue
        linked = all(url in {lk.url.split("#", 1)[0] for lk in page.links} for page in above)
        return url if linked and not _menu_above(chain, container, climb) else None
    return None


def _menu_above(chain: list[Snapshot], container: str, climb: Climb) -> bool:
    """Whether a page loaded above the top of `chain` by its URL (a folder its path names:
    ``/photologue/`` above ``/photologue/photolist/``), none of `chain`, holds the seed's links
    in `container` with mostly the same URLs (`probes.same_menu`): a bar of the site's
    sections every page carries, no trail.

    Choice (beyond the paper): a trail shortens above its pages (an ancestor shows the trail to
    itself, without the pages below it); a list the pages above show whole is a menu, and its
    link before the index page is another section, no root above it."""
    seed, top = chain[-1], chain[0]
    on_path = set().union(*(own_urls(p) for p in chain))
    ours = _held(seed, container, climb) - own_urls(seed)
    for page in list(climb.run.pages.values()):
        if not page.ok or own_urls(page) & on_path or ancestry(page.url, top.url) < 0:
            continue
        theirs = _held(page, container, climb) - own_urls(page)
        if same_menu(ours, theirs, NAVIGATION_OVERLAP):
            return True
    return False


def _held(page: Snapshot, container: str, climb: Climb) -> set[str]:
    """The URLs `page` links to inside `container` (a link DOM path's parent)."""
    return {
        link.url.split("#", 1)[0]
        for link in page.links
        if link_path(link, climb.mode).startswith(container + "/")
    }


async def trail_root(
    climb: Climb, chain: list[Snapshot], sdps: list[str], height: Height
) -> tuple[list[Snapshot], list[str], bool] | None:
    """The sample page path `chain` (root first, its sample link DOM paths `sdps`) with the
    root of the seed's trail (`trail_root_url`, one download) in its place or above it, and
    whether the path collapsed to one level; else None.

    - A flat list of the tree: the root lists the seed among more pages like it than the
      seed's index page does, and most of that page's list of them (`climb.wider`), and it
      lists every page of `chain` above the seed too, in one list: those pages are entries of
      its list, not levels above it, and the path is the root, then the seed.
    - The index page of the top of `chain`: it lists that page among pages like it
      (`verdicts.confirms`, no site navigation) in the link DOM path through which that page
      lists the page below it, and the path is shorter than `height`: the root is the level
      above it.

    Choice (beyond the paper): a tree of pages of one kind nests the seed's siblings under
    pages that are its siblings too; the trail's root is where a reader goes for the whole."""
    if len(chain) < 2 or is_site_root(chain[0]) or _navigation_above(chain, sdps, climb):
        # Choice: the site root above the path is where a trail starts; a trail's link
        # before it is a neighbour ("Previous"), no root above it.
        return None
    url = trail_root_url(chain, climb)
    if url is None:
        return None
    seed, top = chain[-1], chain[0]
    level = -len(chain)
    climb.run.note(
        "sample-path",
        "trail",
        url,
        level=level,
        urls=(seed.url,),
        note=f"{seed.url} shows the trail of its ancestors from {url}, which every page of the "
        "path links to: trying the trail's root as a flat list of the tree or the index page "
        f"of {top.url}",
    )
    page = climb.run.pages.get(url) or await climb.run.fetch_one(url)
    if page is None or own_urls(page) & set().union(*(own_urls(p) for p in chain)):
        return None
    flat = wider(climb, Parent(page, "", 0.0), [seed, chain[-2]], [sdps[-1]], -2)
    if flat is not None:
        listed = set(link_collections(page, climb.mode).get(flat.sdp, ()))
        if all(own_urls(p) & listed for p in chain[:-1]):
            climb.run.note(
                "sample-path",
                "flat",
                page.url,
                level=-2,
                urls=[p.url for p in chain[:-1]],
                note=f"it lists {seed.url} and every page above it on the path in one list "
                f"({flat.sdp}): those pages are entries of its list, not levels above it",
            )
            return [landed(climb.run, page, -2), seed], [flat.sdp], True
    limit = MAX_AUTO_HEIGHT if height == "auto" else height
    above = None if len(chain) > limit else _level_above(climb, page, chain, sdps)
    return None if above is None else (*above, False)


def _navigation_above(chain: list[Snapshot], sdps: list[str], climb: Climb) -> bool:
    """Whether the seed's level is the site navigation (`navigation_list`: the seed holds the
    list its index page lists it in) and the seed links to the pages above it through that
    list: the links beside them there are its entries, no trail of ancestors.

    Choice (beyond the paper): a documentation's menu lists its indexes beside its files; the
    entry before the index page the climb took is another index, no root above it."""
    seed, index = chain[-1], chain[-2]
    if not navigation_list(index, seed, sdps[-1], climb.mode):
        return False
    trees = link_trees(index, sdps[-1], climb.mode)
    above = set().union(*(own_urls(p) for p in chain[:-1]))
    return any(link.url in above and link_tree(link) in trees for link in seed.links)


def _level_above(
    climb: Climb, page: Snapshot, chain: list[Snapshot], sdps: list[str]
) -> tuple[list[Snapshot], list[str]] | None:
    """`chain` and `sdps` with `page` above the top of `chain` when it lists that top among
    pages like it (`verdicts.confirms`, no site navigation) in the link DOM path through which
    the top lists the page below it; else None.

    A tree of pages of one kind lists each page's children alike: the root lists the top in
    the path through which the top lists the page below it (a menu of the same entries beside
    it names no level, a bar of links to neighbours no list of siblings)."""
    top, level = chain[0], -len(chain)
    scored = candidate_weight(page, top, climb.mode, navigation=lambda path: path != sdps[0])
    if scored is None or scored[0] != sdps[0]:
        return None
    parent = Parent(page, scored[0], scored[1])
    if navigation_list(page, top, parent.sdp, climb.mode):
        return None
    if not confirms(parent, top, climb.mode) and not lists_folders(parent, top, climb.mode):
        return None
    climb.run.note(
        "sample-path",
        "root",
        page.url,
        level=level - 1,
        urls=(top.url,),
        values={"weight": parent.weight},
        note=f"it lists {top.url} among pages like it ({parent.sdp}): the level above it",
    )
    return [landed(climb.run, page, level - 1), *chain], [parent.sdp, *sdps]


async def folder_root(
    climb: Climb, chain: list[Snapshot], sdps: list[str]
) -> tuple[list[Snapshot], list[str]] | None:
    """The sample page path `chain` (root first, its sample link DOM paths `sdps`), which the
    climb's height stopped at a folder's page below its site's root, with the page of the folder above
    that top (one download) as the level above it when it lists the top in the very list
    through which the top lists the page below it (`_level_above`); else None.

    Choice (beyond the paper): a tree of folders that each list their sub-folders alike (a
    gallery's albums of albums) is as deep as each branch goes, no tree of one height: the
    folder above lists the top's siblings, some of which list entities straight away."""
    top = chain[0]
    head, _, name = urlsplit(top.url).path.rpartition("/")
    # Choice: a folder's index document (``/mate/index.html``) is the folder's page.
    if len(chain) < 2 or (name and not is_index_document(name)):
        return None
    folder = next(
        (u for u in url_ancestors(top.url) if _path(u).endswith("/") and _path(u) != f"{head}/"),
        None,
    )
    if folder is None:
        return None
    page = climb.run.pages.get(folder) or await climb.run.fetch_one(folder)
    if page is None or own_urls(page) & set().union(*(own_urls(p) for p in chain)):
        return None
    return _level_above(climb, page, chain, sdps)


def _path(url: str) -> str:
    return urlsplit(url).path
