"""The site's navigation hubs as wider lists of a level SSUP's climb found below them.

A climb that ends below the site navigation (the pages above its root link to it through a menu
every page carries) has taken the list through which the page below links up: on a site whose
entity pages link to no list of all their siblings, that is a narrow one (the source file
declaring a documented structure, a thread of messages). The site's lists of all of them are
reached through the navigation: "Data Structures", "Messages by date". Crawlers find them
as hubs: the top entries of the site's menu lead to the pages with the site's lists.
"""

from __future__ import annotations

from collections.abc import Sequence

from siteseer.algorithms.features.dom import link_path, list_tree
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.climb import Climb, wider
from siteseer.algorithms.ssup.probes import ancestry, navigation_paths
from siteseer.algorithms.ssup.verdicts import Parent, is_root_url, navigation_list
from siteseer.algorithms.ssup.yields import is_tool
from siteseer.render import Link, Snapshot

__all__ = ["HUB_PROBES", "hub_list"]

# The top entries of the site navigation probed as wider lists, in menu order.
HUB_PROBES = 3


# The elements holding a list's, a table's or a feed's entries.
_ITEMS = frozenset({"li", "tr", "td", "th", "dd", "dt", "article"})


def _in_list(sdp: str) -> bool:
    """Whether the link DOM path `sdp` runs through a list's, a table's or a feed's entries."""
    return any(step.split("[", 1)[0] in _ITEMS for step in list_tree(sdp).split("/"))


def _top_entries(top: Snapshot, pages: Sequence[Snapshot], climb: Climb) -> list[Link]:
    """The top entries of the site navigation `top` carries (its lists that a loaded page of
    `pages` holds with mostly the same URLs, `probes.navigation_paths`; their shallowest
    links), in menu order: the site root and `top`'s tools left out, `top` itself kept."""
    others = [p for p in pages if p.ok and not own_urls(p) & own_urls(top)]
    menus = navigation_paths(top, others, climb.mode)
    links = [
        link
        for link in top.links
        if link_path(link, climb.mode) in menus
        and not is_root_url(link.url)
        and (link.url in own_urls(top) or not is_tool(link.url, link.text, top.url))
    ]
    if not links:
        return []
    depth = min(link.path.count("/") for link in links)
    return [link for link in links if link.path.count("/") == depth]


def hub_urls(top: Snapshot, pages: Sequence[Snapshot], climb: Climb) -> list[str]:
    """The top entries of the site navigation `top` carries (`_top_entries`), in menu order,
    `top` itself left out."""
    entries = _top_entries(top, pages, climb)
    return list(dict.fromkeys(k.url for k in entries if k.url not in own_urls(top)))


async def hub_list(climb: Climb, chain: list[Snapshot], sdps: list[str]) -> Parent | None:
    """A hub of the site navigation (`hub_urls`, at most `HUB_PROBES`, one download each but
    for those loaded) that is a wider list of the top level of `chain` (root first; its sample
    link DOM paths `sdps`), judged as a page above it (`climb.wider`): it lists the page below
    among more pages like it and holds most of that level's list; else None.

    Choice (beyond the paper): only a climb that stopped below the site navigation at a page
    linking to the page below from no list or table (`_in_list`: a source file's code naming
    the structures it declares) whose URL does not read as an ancestor of the page below
    (``/library/`` of ``/library/json`` does) asks: an index page lists its pages, and a page
    naming them in its text is a page about them; the site's list of all of them is then a
    hub of its menu (a documentation's "Data Structures"). The site root is no hub: the climb
    judged it."""
    if len(chain) < 2:
        return None
    top, below = chain[0], chain[1]
    if (
        is_root_url(top.url)
        or _in_list(sdps[0])
        or ancestry(top.url, below.url) >= 1
        or navigation_list(top, below, sdps[0], climb.mode)
    ):
        return None
    pages = list(climb.run.pages.values())
    if any(k.url in own_urls(top) for k in _top_entries(top, pages, climb)):
        # Choice: the climb stopped at a top entry of the site navigation itself (a blog's
        # "Blog" page, its posts each under a heading): it stands at a hub already.
        note = f"{top.url} is a top entry of the site navigation: a hub itself, no other tried"
        climb.run.note("sample-path", "hub", top.url, level=-len(chain) + 1, note=note)
        return None
    on_path = set().union(*(own_urls(p) for p in chain))
    urls = [u for u in hub_urls(top, pages, climb) if u not in on_path]
    seed_first, sdps_first = chain[::-1], sdps[::-1]
    level = -len(chain)
    for url in urls[:HUB_PROBES]:
        climb.run.note(
            "sample-path",
            "hub",
            url,
            level=level + 1,
            urls=(top.url,),
            note=f"the climb stopped below the site navigation at {top.url}, a list whose URL "
            f"reads as no ancestor of {below.url}'s: trying the navigation's top entries as a "
            "wider list of its level",
        )
        page = await climb.run.fetch_one(url)
        if page is None:
            continue
        found = wider(climb, Parent(page, "", 0.0), seed_first, sdps_first, level, named=True)
        if found is not None:
            return found
    return None
