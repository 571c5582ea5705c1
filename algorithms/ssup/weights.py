"""The candidate index-page weight W_ci of SSUP's Algorithm 1 (Definition 14): the sum of
strongsim between a page sp and the links a candidate holds in the link DOM path of its link
to sp, over the path that weighs most. Where the paper's path is the wrong one to weigh (a
table of contents listing sp at two depths, a list marking sp's entry with an ``id``, a list
page featuring sp apart from the others, a sidebar every page carries) the choice is named
in the code and listed in `algorithms.ssup`'s docstring. Pure: pages in, numbers out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from urllib.parse import urlsplit, urlunsplit

from siteseer.algorithms.features.dom import TagFeature, link_collections, list_tree, paths_to
from siteseer.algorithms.features.url import LinkPaths, term_weights
from siteseer.algorithms.features.urlshape import is_index_document, template_share
from siteseer.algorithms.ssup.candidates import own_urls
from siteseer.algorithms.ssup.probes import bar_mates, folders_above
from siteseer.render import Snapshot

__all__ = ["candidate_weight", "entry_paths", "marked_item_paths"]

# A list the page is featured apart from holds at least this share of pages of its template.
_FEATURED_SHARE = 0.5
# W_ci of a list holding the page alone.
_EPSILON = 1e-9


def candidate_weight(
    page: Snapshot,
    sp: Snapshot,
    mode: TagFeature,
    *,
    navigation: Callable[[str], bool] | None = None,
) -> tuple[str, float] | None:
    """(sdp, W_ci(page, sp)) for the path through which `page` links to `sp` with the largest
    weight; None when `page` does not link to `sp`. A path `navigation` tells is site
    navigation (`verdicts.navigation_list`) counts only when every path is.

    Choice: the site root probed from the seed for its main list (`Probes.home`), which links
    to sp through a menu every page carries (a sidebar of recent posts, archives and
    categories) and through a list of its own (a home page's posts), is judged by its own
    list: the menu names no level of the entity tree, wherever it weighs more."""
    own = {sp.url, sp.final_url}
    mine = own | own_urls(page)
    paths: LinkPaths = link_collections(page, mode)
    folder = _folder_page(page, sp) or page.url in bar_mates(sp, mode)
    best: tuple[str, float] | None = None
    listed: tuple[str, float] | None = None  # the best path that is no site navigation
    for target in sorted(own):
        for sdp in entry_paths(paths_to(page, target, mode)):
            for path in _sibling_paths(paths, sdp, own, target):
                # Choice: a list holding sp and the candidate's own entry alone (a menu of
                # "Home" and "Blog" on the home page) groups nothing like sp: W_ci = 1.
                alone = not set(paths[path]) - mine
                weight = 1.0 if alone else _weight(target, paths, path, flat=folder)
                if best is None or (weight, path) > (best[1], best[0]):
                    best = (path, weight)
                if (
                    navigation is not None
                    and (listed is None or (weight, path) > (listed[1], listed[0]))
                    and not navigation(path)
                ):
                    listed = (path, weight)
    return listed or best


def _weight(target: str, paths: LinkPaths, path: str, *, flat: bool) -> float:
    """W_ci of the list `path` for the page `target`: the sum of strongsim over its links, the
    terms weighed over every path of the page (TF × IDF).

    Choice (beyond the paper): on a site whose every page is named alike (``/Name.html``, a
    manual of one folder), each path of a page holds that template, so IDF leaves no term the
    page shares with its list mates a weight, and W_ci = 1 whatever the list holds. On the
    page of the folder holding `target` (`flat`: its index document, which lists the folder's
    pages), a list holding at least `_FEATURED_LIST` other pages of the page's URL template,
    half of it at least, is weighed by TF alone (as on a page of one path): by its size. A
    page of the template itself listing some of them (a man page's table of the functions
    it documents) keeps the paper's weight. So is a page the bar showing `target`'s previous
    and next pages lists beside them (`flat` too: its Up link, `probes.bar_mates`)."""
    urls = set(paths[path]) | {target}
    weights = term_weights(target, paths, path)
    weight = sum(weights.strongsim(u) for u in urls)
    others = [u for u in urls if u != target]
    if (
        not flat
        or weight > 1.0 + _EPSILON
        or len(others) < _FEATURED_LIST
        or template_share(target, others) < _FEATURED_SHARE
    ):
        return weight
    alone = term_weights(target, {path: paths[path]}, path)
    return sum(alone.strongsim(u) for u in urls)


def _folder_page(page: Snapshot, sp: Snapshot) -> bool:
    """Whether `page` is the page of a folder above `sp`'s URL (the folder, or its index
    document: ``/index.html`` of ``/Getting-Started.html``)."""
    above = set(folders_above(sp.url))
    for url in own_urls(page):
        parts = urlsplit(url)
        folder, _, name = parts.path.rpartition("/")
        if parts.query or (name and not is_index_document(name)):
            continue
        if urlunsplit((parts.scheme, parts.netloc, folder, "", "")).rstrip("/") in above:
            return True
    return False


def entry_paths(paths: Sequence[str]) -> list[str]:
    """`paths` (through which a page links to sp), of each nested list (`list_tree`) only the
    shallowest.

    Choice: a tree of pages (a table of contents) lists a page once as an entry and again
    below it, at the next depth, through links to its own sections (``configuration.html#
    general``, the same page once its fragment is dropped); its entry is where the list holds
    it among its siblings, and the deeper level holds its sections and its siblings' sections,
    which are no list of sp's siblings."""
    shallowest: dict[str, str] = {}
    for path in paths:
        tree = list_tree(path)
        if tree not in shallowest or path.count("/li") < shallowest[tree].count("/li"):
            shallowest[tree] = path
    return [p for p in paths if shallowest[list_tree(p)] == p]


_ID_STEP = re.compile(r"\[@id(?:=[^\]]*)?\]")


def marked_item_paths(paths: LinkPaths, sdp: str, own: set[str]) -> tuple[str, ...]:
    """`sdp`, and when it holds the page alone, the paths that differ from it only in ``id``
    attributes.

    Choice: a list often marks the entry of the page being viewed (a sitemap's "you are here"
    item, ``<li class="level2" id="scroll__here">``): the page then sits alone in its own link
    DOM path and W_ci = 1, though the list beside it holds its siblings. An ``id`` names one
    element, so it tells that entry apart, not a different list.
    """
    if set(paths.get(sdp, ())) - own:
        return (sdp,)
    bare = _ID_STEP.sub("", sdp)
    return (sdp, *(p for p in paths if p != sdp and _ID_STEP.sub("", p) == bare))


# A list the page is featured apart from holds at least this many other pages of its template.
_FEATURED_LIST = 3


def _sibling_paths(paths: LinkPaths, sdp: str, own: set[str], target: str) -> tuple[str, ...]:
    """The paths over which W_ci is computed when a candidate links to `target` through `sdp`:
    `sdp` and its marked-entry variants (`_marked_item_paths`), and, when `sdp` holds the page
    alone, every path of the candidate that lists at least `_FEATURED_LIST` other pages of which
    at least half match the URL template `target` stands for (`template_share`).

    Choice (beyond the paper): a list page often features one entry apart from the list (the
    newest post in an ``<aside id="featured">`` above the others, a pinned item), so the page
    being viewed sits alone in a path of its own while the page lists its siblings in another:
    W_ci = 1 would prune the page that lists them all. A group of one says nothing of the page
    when the page lists many of the page's alikes beside it; a page linking to the page alone
    and listing nothing like it (a "next post" link, a related item) stays a group of one.
    """
    marked = marked_item_paths(paths, sdp, own)
    if set(paths.get(sdp, ())) - own:
        return marked
    featured = tuple(
        p
        for p, urls in paths.items()
        if p not in marked
        and len(set(urls) - own) >= _FEATURED_LIST
        and template_share(target, (u for u in urls if u not in own)) >= _FEATURED_SHARE
    )
    return (*marked, *featured)
