"""Algorithm 1's verdicts on one candidate index page of a page sp, read from the pages alone:
what its list through which it links to sp is (site navigation every page carries, a pager
of sp's own level, a tab beside sp, a page of a value sp's entries share, the site's main
list), whether it is confirmed as a list of sp's siblings, and whether ``height="auto"``
climbs to it. The climb (`algorithms.ssup.climb`) downloads the candidates and keeps the
index page these verdicts choose; they are pure functions of Snapshots.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from urllib.parse import parse_qsl, urlsplit

from siteseer.algorithms.features.dom import (
    TagFeature,
    link_collections,
    link_path,
    link_tree,
    link_trees,
    paths_to,
)
from siteseer.algorithms.features.url import SIZE_TERM, term_weights, url_schema
from siteseer.algorithms.features.urlshape import (
    continues,
    is_index_document,
    seed_template,
    template_share,
)
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.candidates import own_urls, path_terms
from siteseer.algorithms.ssup.probes import (
    DRY_ENTRIES,
    ancestry,
    below_folder,
    own_folder,
    same_menu,
)
from siteseer.algorithms.ssup.yields import is_tool, pages_offered
from siteseer.render import Snapshot

__all__ = [
    "NAVIGATION_OVERLAP",
    "WEIGHT_TIE",
    "Parent",
    "climbs",
    "confirmed",
    "confirms",
    "flat_index",
    "is_root_url",
    "is_site_root",
    "is_tab",
    "lists_folders",
    "lists_siblings",
    "lists_through",
    "main_list",
    "menu_of",
    "navigation_list",
    "pagination_peer",
    "prune_reason",
    "second_page",
    "tree_urls",
    "value_page",
]

_EPSILON = 1e-9
# Two candidates' W_ci this close (relative) are a tie: lists of one page size.
WEIGHT_TIE = 0.01
# height="auto" climbs to a candidate when at least this share of its list shares a URL pattern.
_CLIMB_SHARE = 0.5
# A candidate's list that the current page holds with this Jaccard overlap is site navigation.
NAVIGATION_OVERLAP = 0.8


@dataclass(frozen=True, slots=True)
class Parent:
    """A candidate index page chosen by Algorithm 1; `value`: a page of a value its entries
    share (`value_page`), taken only when no other candidate is found; `main`: the site's
    main list (`main_list`), taken before any other."""

    page: Snapshot
    sdp: str
    weight: float
    value: bool = False
    main: bool = False

    @property
    def why(self) -> str:
        """The trace's note on the candidate: its list, and why it comes first or last."""
        if self.main:
            return (
                f"{self.sdp}; the site root lists the page among its siblings and its pager goes "
                "on over more pages: the site's main list, which a category's, a tag's or an "
                "author's page subsets"
            )
        if not self.value:
            return self.sdp
        return (
            f"{self.sdp}; a page of a value its entries share: they link to it as the page does, "
            "so it is taken only when no other index page is found"
        )

    def rank(self) -> tuple[bool, bool, float, tuple[int, ...]]:
        """Algorithm 1's order (the largest W_ci, the smaller URL on a tie), the site's main
        list before and a page of a value after every other candidate."""
        return (not self.value, self.main, self.weight, _neg(self.page.url))

    def outranks(self, other: Parent) -> bool:
        """Whether it comes before `other` in Algorithm 1's order (`rank`), two lists of one
        weight told apart by the pages their pagers offer (`yields.pages_offered`).

        Choice (beyond the paper): W_ci counts the list a page shows, so two lists that each
        fill a page of one size tie, however many pages each goes on over (a tracker's tickets
        of one reporter, 3 pages, beside its open tickets, 10 pages). The list offering more
        pages groups more of sp's siblings: a tie goes to it, then to the smaller URL."""
        if self.main != other.main:
            return self.main
        if self.value == other.value and math.isclose(
            self.weight, other.weight, rel_tol=WEIGHT_TIE
        ):
            mine, theirs = pages_offered(self.page), pages_offered(other.page)
            if mine != theirs:
                return mine > theirs
        return self.rank() > other.rank()


def _neg(url: str) -> tuple[int, ...]:
    """A key that makes the smaller URL win a max() tie."""
    return tuple(-ord(c) for c in url)


def pagination_peer(
    candidate: Snapshot, sp: Snapshot, sdp: str, mode: TagFeature, *, seed: bool = False
) -> bool:
    """Whether `candidate` is a page of `sp`'s own level rather than its index page.

    Choice (Algorithm 1 knows no levels): a pagination page and the page it continues link to
    each other through one path (the pager) and share a path or query term
    (``/sports?page=4`` ↔ ``/sports``), where an index page lists `sp` in one path and `sp` links
    back through another (a breadcrumb). Without this test, climbing from ``/sports`` picks its
    own page 4 as its index page. A page below `sp`'s own folder continues its list only by a
    page number (``/sports/page/2``, `urlshape.continues`); another (a message's thread,
    ``/<id>/T/``) lists `sp` among pages of its own.

    Choice: the page of the folder the `seed` (an entity page, no page of a list) is a file
    of (``/index.html`` above ``/pattern.html``, `probes.own_folder`) is no peer of it unless
    its URL continues that page's (``/index2.html``, `urlshape.continues`): a documentation
    set's contents link to every page in one block, as each page links to the contents and
    its neighbours, and that list is the level above. Above the seed, a list's shorter URL
    (``/records`` beside ``/records/all``) may be its tab or first page.
    """
    back = set(paths_to(sp, candidate.url, mode)) | set(paths_to(sp, candidate.final_url, mode))
    if sdp not in back:
        return False
    if below_folder(candidate.url, sp.url) and not continues(sp.url, candidate.url):
        return False
    if seed and own_folder(candidate.url, sp.url) and not continues(candidate.url, sp.url):
        return False
    return bool(path_terms(url_schema(candidate.url)) & path_terms(url_schema(sp.url)))


def prune_reason(sp: Snapshot, sdp: str, weight: float, *, navigation: bool, peer: bool) -> str:
    """Why Algorithm 1 takes no candidate linking to `sp` through `sdp` with W_ci `weight`
    ("" when it may be the index page): its list is site navigation, it is a pagination peer
    (`pagination_peer`), or its list groups nothing like `sp`."""
    if navigation:
        return f"its list ({sdp}) is site navigation: {sp.url} holds the same list"
    if peer:
        return (
            "a pagination peer: it and the page link to each other through one path and "
            "share a URL pattern (Definition 4)"
        )
    if weight <= 1.0 + _EPSILON:
        # Choice: W_ci = 1 means the list holds the page alone (or pages sharing nothing
        # with it); an index page groups pages (Definition 1), so this is none.
        return f"its list ({sdp}) groups nothing like the page"
    return ""


def is_tab(
    candidate: Snapshot, sp: Snapshot, sdp: str, level: int | None, mode: TagFeature
) -> bool:
    """Whether `candidate`, above the seed's level, is a tab beside `sp` rather than its index
    page: a page of a value (`value_page`: its list is mostly of other kinds) that `sp` links
    to through the very path it lists `sp` in.

    Choice (beyond the paper): a main menu of tabs (Projects, Activity, Issues) lists each tab
    on every other, both ways through one path; an index page lists its pages in a list and is
    linked back from a breadcrumb, another path. A pagination peer shares the page's URL
    pattern too (`pagination_peer`); tabs name other kinds of pages."""
    if level is None or level >= -1 or not value_page(candidate, sp, sdp, mode, entries=False):
        return False
    back = set(paths_to(sp, candidate.url, mode)) | set(paths_to(sp, candidate.final_url, mode))
    return sdp in back


def tree_urls(page: Snapshot, sdp: str, mode: TagFeature) -> set[str]:
    """The URLs `page` links to through the nested list (`link_tree`) `sdp` belongs to, but its
    own (a menu's ``href="#"`` toggle names the page it is on; two pages' menus are compared
    without either page) and its tools (`yields.is_tool`, which differ on every page)."""
    trees = link_trees(page, sdp, mode)
    own = own_urls(page)
    return {
        link.url
        for link in page.links
        if link.url not in own
        and link_tree(link) in trees
        and not is_tool(link.url, link.text, page.url)
    }


def menu_of(candidate: Snapshot, sp: Snapshot, mode: TagFeature) -> Callable[[str], bool]:
    """Whether a link DOM path of `candidate` is site navigation `sp` holds too."""
    return lambda sdp: navigation_list(candidate, sp, sdp, mode)


def navigation_list(candidate: Snapshot, sp: Snapshot, sdp: str, mode: TagFeature) -> bool:
    """Whether the list through which `candidate` links to `sp` is site navigation.

    Choice (Definition 3, property 7: an index page links to its children through one path; a
    child does not hold its parent's list): when `sp` holds a list in the same link DOM path
    with mostly the same URLs (`probes.same_menu`), the list is a menu or header
    every page carries — a sort or page-size variant of a list page, the home page and the login
    page all link to the list page through it — and names no level of the entity tree.

    Lists are compared as nested lists (`list_tree`): a navigation tree puts each depth in a
    path of its own, and a page may mark its own entry or its body with an attribute that
    others lack (``<body class="homepage">``), which would split the same menu in two paths.
    """
    theirs = tree_urls(candidate, sdp, mode) - own_urls(sp)
    ours = tree_urls(sp, sdp, mode) - own_urls(candidate)
    return same_menu(ours, theirs, NAVIGATION_OVERLAP)


def lists_through(page: Snapshot, sdp: str, mode: TagFeature) -> bool:
    """Whether `page` links to any page through the link DOM path `sdp`."""
    return any(link_path(link, mode) == sdp for link in page.links)


def confirms(parent: Parent, sp: Snapshot, mode: TagFeature) -> bool:
    """Whether `parent`, a candidate index page of `sp`, is confirmed: its list is a list of
    `sp`'s siblings (and so settles the candidates it makes needless, `algorithms.ssup.probes`).

    Choice (property 8 of Definition 3: pages of one level share a URL structure): most of the
    list shares a weighted URL term with `sp` (`climbs`) and at least half of it matches the URL
    template `sp`'s URL stands for (`template_share`: ``/repo/commit/?id=*``), and it is no page
    of a value its entries share (`value_page`). A term alone does not tell a list of sp's
    siblings from a dashboard's table that mixes them with other kinds (a repository's summary:
    its branches, its tags and its last commits, all under ``/repo/``), which lists a few of
    them where another page lists them all.
    """
    if parent.value or not climbs(parent, sp, mode)[0]:
        return False
    return lists_siblings(parent, sp, mode)


def lists_siblings(parent: Parent, sp: Snapshot, mode: TagFeature, *, widen: bool = False) -> bool:
    """Whether at least half of the list through which `parent` links to `sp` matches the URL
    template `sp`'s URL stands for (`template_share`; with `widen`, its fixed segments between
    the first and the last left free where the list varies them: `urlshape.widened`)."""
    listed = link_collections(parent.page, mode).get(parent.sdp, ())
    others = (u for u in on_site(listed, sp) if u != sp.final_url)
    return template_share(sp.url, others, widen=widen) >= _CLIMB_SHARE


def on_site(urls: Iterable[str], sp: Snapshot) -> list[str]:
    """`urls` on `sp`'s host: a list's links to other sites (a bookmark's or a package's
    homepage beside its own page, in the same cell) are no pages of its level.

    Choice (as the level's groups leave out the links out of the crawl's scope,
    `levels.SameLevel._in_scope`): a list of sp's siblings each beside its external link is
    half made of them; counted, they would hide the level from the climb."""
    host = urlsplit(sp.final_url or sp.url).netloc
    listed = list(urls)
    kept = [u for u in listed if urlsplit(u).netloc == host]
    # Choice: a few links beside the external ones (a message's links to its thread's
    # other messages beside a style guide's) are no list of the level either way: such a
    # list is read whole.
    own = own_urls(sp)
    return kept if sum(u not in own for u in kept) >= DRY_ENTRIES else listed


def lists_folders(parent: Parent, sp: Snapshot, mode: TagFeature) -> bool:
    """Whether `sp` is a folder's index document (``/mate/index.html``) and `parent` a confirmed
    index page of it as of a folder (`confirms`, its list matching the template of the folders'
    index documents, ``/*/index.html``, where `seed_template` would vary the file name).

    Choice: a page of a folder that links it by its index document is named by its folder, as
    the folder's URL names it (`urlshape.is_index_document`)."""
    template = seed_template(sp.url)
    name = urlsplit(sp.url).path.rpartition("/")[2]
    if template is None or len(template.segments) < 2 or not is_index_document(name):
        return False
    if parent.value or not climbs(parent, sp, mode)[0]:
        return False
    folders = replace(template, segments=(*template.segments[:-2], None, name))
    own = own_urls(sp)
    listed = link_collections(parent.page, mode).get(parent.sdp, ())
    others = [u for u in dict.fromkeys(listed) if u not in own]
    return bool(others) and sum(folders.matches(u) for u in others) / len(others) >= _CLIMB_SHARE


def confirmed(run: Run, parent: Parent, sp: Snapshot, mode: TagFeature, level: int | None) -> bool:
    """Whether `parent` is a confirmed index page of `sp` (`confirms`), or one the URL
    hierarchy confirms where no URL term can (`flat_index`, noted in the trace)."""
    if confirms(parent, sp, mode):
        return True
    if not flat_index(parent, sp, mode):
        return False
    run.note(
        "top-index",
        "confirm",
        parent.page.url,
        level=level,
        urls=(sp.url,),
        note=(
            f"names the folder {sp.url} is a file of and lists it among pages of its URL "
            "template, which share no URL term of weight with it (every list holds their "
            "extension): the level the URL hierarchy names"
        ),
    )
    return True


def flat_index(parent: Parent, sp: Snapshot, mode: TagFeature) -> bool:
    """Whether `parent`, a candidate index page of `sp` that `confirms` does not confirm for
    want of a URL term, is confirmed by the URL hierarchy: it names the folder sp is a file of
    (`own_folder`: the site root's ``/index.html`` above ``/Data-Types.html``), its list
    holding sp is mostly of sp's URL template (`template_share`) with `DRY_ENTRIES` entries
    at least beside sp, and no page of a value its entries share.

    Choice (property 8 of Definition 3, read by the URL hierarchy): on a site whose pages are
    all files of one folder under names of their own (a manual's nodes, a module reference's
    modules), sp's siblings share with it no URL term of any weight (the extension is in every
    list, `climbs`), and the index page would be confirmed only by probing every other page
    sp links to. A list of sp's template on the page of sp's own folder is sp's level as the
    URL names it."""
    if parent.value:
        return False
    names = {parent.page.url, parent.page.final_url or parent.page.url}
    if not any(own_folder(u, sp.url) for u in names):
        return False
    own = own_urls(sp)
    listed = link_collections(parent.page, mode).get(parent.sdp, ())
    siblings = [u for u in dict.fromkeys(listed) if u not in own]
    if len(siblings) < DRY_ENTRIES:
        return False
    return template_share(sp.url, siblings) >= _CLIMB_SHARE


def value_page(
    page: Snapshot, sp: Snapshot, sdp: str, mode: TagFeature, *, entries: bool = True
) -> bool:
    """Whether `page`, a candidate index page of `sp` through its list `sdp`, is the page of a
    value its entries share (a tag, a category, an author): the entries link back to `page`
    itself with the text `sp` links to it with (``dpkg`` beside every post of ``/tags/dpkg/``),
    at least once for every two pages the list holds, and twice at least.

    Choice (beyond the paper): such a page lists the pages of one value, a subset of a list
    that other pages hold whole (the home page's, paged), and sp has one for each of its values;
    Algorithm 1 takes it only when no other candidate is found (`Parent.rank`), and it confirms
    nothing (`confirms`). W_ci favours it, as its entries share the value in their URLs too.
    A value stands beside each entry: the links back counted are those of a link DOM path
    holding two of them at least (`entries`), not a menu's, a breadcrumb's and a footer's
    single link to the page (a blog's list of all posts, named as its header menu names it).
    `entries=False` counts every link back (a tab names itself in menus, `is_tab`).
    """
    own = own_urls(page)
    names = {link.text for link in sp.links if link.url in own and link.text}
    if not names:
        return False
    paths = Counter(
        link_path(link, mode) for link in page.links if link.url in own and link.text in names
    )
    back = sum(n for n in paths.values() if n >= 2 or not entries)
    listed = set(link_collections(page, mode).get(sdp, ())) - own
    return back >= 2 and 2 * back >= len(listed)


def is_site_root(page: Snapshot) -> bool:
    """Whether `page` is its site's root (``/``, or its index document: ``/index.html``)."""
    return is_root_url(page.final_url or page.url)


def is_root_url(url: str) -> bool:
    """Whether `url` names its site's root (``/``, or its index document: ``/index.html``)."""
    return ancestry(url, url) == 0


def main_list(parent: Parent, sp: Snapshot, mode: TagFeature) -> bool:
    """Whether `parent`, a candidate index page of `sp`, is the site's main list: the site root,
    confirmed as an index page of `sp` (its list is mostly `sp`'s siblings, `confirms`), whose
    pager offers more pages (`yields.pages_offered`).

    Choice (beyond the paper): a blog's home page lists every post, newest first, over as many
    pages as it takes; its category, tag, author and date archives list the posts of one value.
    W_ci counts the list one page shows, so an archive of one page holding more posts than a
    home page's first page outweighs it, though it subsets it. The root's list that goes on
    over more pages is the list the others subset: it outranks every candidate but an index
    page whose URL reads as an ancestor of `sp`'s beyond the root (probed first, it settles
    the root), and settles the candidates left. A root that lists `sp` among a few others on
    one page (the latest entries of a portal) is a candidate like any other. A pager drawn as
    an icon alone (an arrow, no text, no number) offers a second page too (`second_page`)."""
    page = parent.page
    offered = pages_offered(page) > 1 or second_page(page)
    return is_site_root(page) and offered and confirms(parent, sp, mode)


def second_page(page: Snapshot) -> bool:
    """Whether `page` links, by a link with no text (an icon: an arrow of its pager), to its
    own address with one query parameter added whose value is 2 (``/?page=2`` from ``/``): the
    second page of its list.

    Choice: a pager drawn as an icon names no number and no word (`Family.last_page` reads
    neither), but the page it leads to is the list's second page by its address alone: the
    first page leaves the parameter to its default, the link sets it to 2."""
    own = urlsplit(page.final_url or page.url)
    mine = parse_qsl(own.query, keep_blank_values=True)
    for link in page.links:
        if link.text.strip():
            continue
        theirs = urlsplit(link.url)
        if (theirs.netloc, theirs.path) != (own.netloc, own.path):
            continue
        pairs = parse_qsl(theirs.query, keep_blank_values=True)
        added = [pair for pair in pairs if pair not in mine]
        if len(pairs) == len(mine) + 1 and len(added) == 1 and added[0][1] == "2":
            return True
    return False


def climbs(parent: Parent, current: Snapshot, mode: TagFeature) -> tuple[bool, float]:
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
    own = own_urls(current)
    listed = on_site(dict.fromkeys(paths.get(parent.sdp, ())), current)
    siblings = [u for u in listed if u not in own]
    if not siblings or not pattern:
        return False, 0.0
    alike = sum(1 for u in siblings if pattern & url_schema(u))
    share = alike / len(siblings)
    return share >= _CLIMB_SHARE, share
