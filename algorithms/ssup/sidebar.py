"""The site navigation as the seed's level (beyond the paper, for documentation sites): when the
pages the climb loaded link to the seed only through the navigation it carries too, among pages
like it, that navigation is its list and its index page the shortest page of it reading as an
ancestor of the seed (the site root when it carries the navigation too). Listed in
`algorithms.ssup`'s docstring; the climb (`climb.Climb`) asks it from the seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import html_schema, simhtml
from siteseer.algorithms.features.urlshape import seed_template
from siteseer.algorithms.ssup.candidates import folder_length as _length
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.probes import Probes, ancestry, folders_above, routed
from siteseer.algorithms.ssup.verdicts import (
    Parent,
    is_site_root,
    navigation_list,
    prune_reason,
    tree_urls,
)
from siteseer.algorithms.ssup.weights import candidate_weight
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.ssup.climb import Climb

__all__ = ["navigation_index", "navigation_settles"]

# A navigation list is taken as the seed's list when at least half of the pages it holds that
# the climb loaded are at least this alike to the seed (simhtml; Indesit's general threshold).
_NAVIGATION_LIST_SIM = 0.5
# A navigation no page of which reads as the seed's ancestor is its level when at least this
# many pages carrying it were loaded, and it holds this share of the pages of the seed's URL
# template they link to (`_navigation_whole`).
_WHOLE_PAGES = 3
_WHOLE_SHARE = 0.9


async def navigation_settles(climb: Climb, sp: Snapshot, probes: Probes) -> bool:
    """Whether the site navigation names the seed `sp`'s index page (`navigation_index`)
    and settles the candidates left: it is a page the path of `sp`'s URL names above it,
    or no such page is left to probe.

    Choice: every page carrying the navigation lists the seed's level, the seed's
    siblings too (a tag's page beside the other tags: a URL alike token by token reads as
    an ancestor, `probes.ancestry`); the page its URL's path names above it (the
    repository's page above its tags') is the index page a crawler climbing the URL
    finds, probed before the menu's entries (`probes.Probes.url_ancestors`)."""
    menu = await navigation_index(climb, sp, settling=True)
    if menu is None:
        return False
    above = routed(menu.page.url).rstrip("/") in folders_above(sp.url)
    return above or not probes.url_ancestors()


async def navigation_index(climb: Climb, sp: Snapshot, *, settling: bool = False) -> Parent | None:
    """The index page of `sp` when only the site navigation lists it among pages like it
    (`navigation_list`; half of the loaded pages it lists at simhtml ≥ `_NAVIGATION_LIST_SIM`,
    or of the loaded pages carrying it when it lists none): the
    shortest page of it, loaded if need be, whose URL reads as an ancestor of `sp`'s; else
    None. `settling` (the climb asks whether the navigation settles its candidates): None too
    when that shortest page lists `sp` in a list of its own, which Algorithm 1 judges. Choice
    beyond the paper (documentation sites), see `algorithms.ssup`."""
    own = own_urls(sp)
    menus: dict[str, Parent] = {}
    for page in list(climb.run.pages.values()):
        if not page.ok or own_urls(page) & own:
            continue
        scored = candidate_weight(page, sp, climb.mode)
        if scored is not None and navigation_list(page, sp, scored[0], climb.mode):
            menus[page.url] = Parent(page, scored[0], scored[1])
    if not menus:
        return None
    members = tree_urls(sp, next(iter(menus.values())).sdp, climb.mode) - own
    schema = html_schema(sp, climb.mode)
    # The pages it lists are judged, or the pages carrying it when the climb loaded none: an
    # API reference's source listings and home carry its sidebar of classes, unlike a class.
    loaded = {url: page for url, page in climb.run.pages.items() if page.ok}
    judged = members & loaded.keys() or (members | menus.keys()) & loaded.keys()
    sims = [simhtml(schema, html_schema(loaded[url], climb.mode)) for url in judged]
    if sum(s >= _NAVIGATION_LIST_SIM for s in sims) * 2 < len(sims):
        return None
    best = min(menus.values(), key=lambda m: _length(routed(m.page.url)))
    shortest = min(members, key=lambda u: _length(routed(u)), default=None)
    if shortest is not None and _length(routed(shortest)) < _length(routed(best.page.url)):
        home = climb.run.pages.get(shortest) or await climb.run.fetch_one(shortest)
        scored = None if home is None else candidate_weight(home, sp, climb.mode)
        if home is not None and scored and navigation_list(home, sp, scored[0], climb.mode):
            best = Parent(home, scored[0], scored[1])
        elif home is not None and scored and settling and not _lone(sp, scored):
            # The shortest page of the navigation lists sp among pages like it in a list of
            # its own (a table of its content): Algorithm 1 judges it, the navigation settles
            # nothing.
            return None
    # The index page of a site's navigation reads as an ancestor of sp by its URL (the site
    # root, a section): a list of related pages that sp's neighbours carry too is none,
    # unless it holds the pages of sp's kind the pages loaded link to (`_navigation_whole`).
    # The site root carrying it is its index page (`_root_menu`).
    if ancestry(routed(best.page.url), routed(sp.url)) < 0 and (
        len(menus) < _WHOLE_PAGES or not _navigation_whole(climb, sp, members)
    ):
        return None
    return best if is_site_root(best.page) else await _root_menu(climb, sp) or best


async def _root_menu(climb: Climb, sp: Snapshot) -> Parent | None:
    """The site root as the index page of the navigation listing `sp` (`navigation_index`)
    when it carries that navigation too (one download, once); else None.

    Choice (beyond the paper): a documentation book's sidebar lists every chapter on every
    page, the home page's too, and names no page above them (the book's first chapter is its
    first entry, the home page a copy of it): the site root carrying the list is the page a
    reader starts from, and a part's page reading as a folder above the seed (``/items.html``
    above ``/items/functions.html``) one of the list's pages, not its index page."""
    parts = urlsplit(sp.url)
    url = f"{parts.scheme}://{parts.netloc}/"
    home = climb.run.pages.get(url) or await climb.run.fetch_one(url)
    if home is None or not home.ok or own_urls(home) & own_urls(sp):
        return None
    scored = candidate_weight(home, sp, climb.mode)
    if scored is None or not navigation_list(home, sp, scored[0], climb.mode):
        return None
    return Parent(home, scored[0], scored[1])


def _navigation_whole(climb: Climb, sp: Snapshot, members: set[str]) -> bool:
    """Whether the navigation listing `sp` (its pages `members`) is the whole list of `sp`'s
    kind: it holds at least `_WHOLE_SHARE` of the pages of `sp`'s URL template
    (`seed_template`) that the pages the climb loaded link to.

    Choice (beyond the paper): the pages loaded are the yield that tells a site's
    navigation, which lists every page of its kind (a book's chapters in its sidebar), from a
    list every page carries that holds a few of them (a blog's recent posts, beside archives
    and tags listing the others) or a list of related pages that slides from page to page."""
    template = seed_template(sp.url)
    if template is None:
        return False
    own = own_urls(sp)
    shown = {
        link.url
        for page in climb.run.pages.values()
        if page.ok
        for link in page.links
        if link.url not in own and template.matches(link.url)
    }
    return bool(shown) and len(shown & members) >= _WHOLE_SHARE * len(shown)


def _lone(sp: Snapshot, scored: tuple[str, float]) -> bool:
    """Whether the list of path and weight `scored` groups nothing like `sp` (W_ci = 1)."""
    return bool(prune_reason(sp, scored[0], scored[1], navigation=False, peer=False))
