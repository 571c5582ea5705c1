"""The order in which SSUP's climb downloads the pages a page links to (Algorithm 1's
candidates), and which of them it may leave out.

Algorithm 1 downloads every page sp links to and keeps those linking back: on an entity page
that is the site menu, the footer, the news column and the related entities, 15 or more
downloads for one index page. ``probe_order="paper"`` does exactly that. ``"ranked"`` (the
default) downloads them one at a time, most promising first, and leaves out those that the
pages already loaded show cannot change the choice:

- Order: pages already loaded first (they cost nothing), then pages whose URL reads as an
  ancestor of sp's (each of their path and query tokens starts like sp's token at the same
  position: ``/members.php`` above ``/member.php?id=810``, ``/sports`` above
  ``/sport/alpine``, the site root above every page), then pages sp links to from a short list
  (a breadcrumb, a "back to the list" link: one link in a list of n weighs 1/n), then document
  order.
- Site navigation: a list sp holds that another loaded page (not a view of sp: `view_of`)
  holds with mostly the same URLs (the Jaccard overlap `verdicts.navigation_list` uses; lists compared by
  their tag paths, as a menu marks the current page's entry with an attribute) is a menu every
  page carries; a page sp links to through such lists only links back to sp, if at all,
  through the same menu, which Algorithm 1 does not take as an index page
  (`verdicts.navigation_list`).
- Confirmed index page: a candidate whose list holding sp is mostly sp's siblings (at least
  half of it shares a weighted URL term with sp and matches the URL template sp's URL stands
  for, property 8 of Definition 3; no page of a value: `verdicts.confirms`) settles the pages
  that list holds beside sp (they are sp's own level), and the pages sp links to only through
  lists holding that candidate (the rest of a breadcrumb or of a "back to" box), and the pages
  whose URL varies one query value of its URL (`one_value_apart`: ``?do=edit&id=x`` beside the
  index ``?do=index&id=x``), the same page's other views and actions or another value's
  list, which list sp among no more pages like it. When its URL
  (or the URL its redirect landed at: a tab ``/projects?jump=issues`` → ``/issues``) also
  reads as an ancestor of sp's beyond the site root (``/sports`` above ``/sport/alpine``),
  the list and the URL hierarchy agree and it settles every other candidate (the host cities
  a sport page links to, an issue's author and version).
- The level below: above the seed, a probed candidate that links to sp exactly as the page
  below sp on the sample page path does (through the same link DOM paths) is a page of that
  level (a featured entry); the pages sp links to only through the lists holding it are its
  list mates and are left out.
- Pagination peers: a probed candidate that is another page of the list sp is a page of
  (`verdicts.pagination_peer`) settles the pages sp links to only through the lists holding it.
- Lists that lead nowhere: above the seed, the entries of a list of sp of which
  `DRY_ENTRIES` or more were loaded, none linking to sp, are left out: sp's contents (a
  manual's guides beside its commands), pages below it, none its index page.
- A page that may be the first page of the list sp continues (a shorter URL sharing a path
  term with sp, see `candidates.first_page`; only for a page reached by climbing) is never left
  out.

When every page left to probe has been probed and no index page was confirmed, the pages left
out are downloaded too (the paper's full probe), unless the climb is above the seed and the pages
left are site navigation only (or a probed page linked to sp through site navigation only): sp
is then the root below the site navigation (`climb.Climb.sample_path`), whatever the menu pages
hold, as they link back to sp, if at all, through the same menu. Above the seed, the menu pages
whose URL reads as an ancestor of sp's beyond the site root are probed first, one at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeAlias
from urllib.parse import urlsplit, urlunsplit

from siteseer.algorithms.features.dom import TagFeature, link_collections, link_path, list_tree
from siteseer.algorithms.features.url import query_pairs, sub_tokens, tokens
from siteseer.algorithms.features.urlshape import is_index_document
from siteseer.algorithms.ssup.yields import is_tool
from siteseer.render import Snapshot

__all__ = [
    "DRY_ENTRIES",
    "PROBE_ORDERS",
    "ProbeOrder",
    "Probes",
    "ancestry",
    "folders_above",
    "navigation_paths",
    "one_value_apart",
    "routed",
    "same_menu",
    "url_ancestors",
    "view_of",
]

ProbeOrder: TypeAlias = Literal["paper", "ranked"]
PROBE_ORDERS: tuple[ProbeOrder, ...] = ("paper", "ranked")


def ancestry(url: str, below: str) -> int:
    """How many tokens of `url` read as those of an ancestor of `below`: each path or query
    token of `url` starts like `below`'s token at the same position (one's first sub-token is a
    prefix of the other's), on the same host; -1 when `url` is no such ancestor (another host,
    more tokens, or a token unlike `below`'s). The site root is 0. A folder's index document
    is the folder (`_folder`: ``/usage/index.html`` reads as ``/usage/``).
    """
    ours, theirs = _folder(tokens(url)), tokens(below)
    if not ours or not theirs or ours[0] != theirs[0] or len(ours) > len(theirs):
        return -1
    for a, b in zip(ours[1:], theirs[1:], strict=False):
        if a != b and not _alike(a, b):
            return -1
    return len(ours) - 1


def url_ancestors(url: str) -> list[str]:
    """The URLs above `url` in its path, nearest first: its path without its query, then each
    folder up to the site root (``/a/b/c?x=1`` → ``/a/b/c``, ``/a/b/``, ``/a/``, ``/``), as a
    crawler climbs a URL; its fragment is left out (a hash route's pages are named there)."""
    parts = urlsplit(url)
    if parts.fragment.startswith(("/", "!")):
        return []
    up = [urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))] if parts.query else []
    segments = [s for s in parts.path.split("/") if s]
    for depth in range(len(segments) - 1, -1, -1):
        path = "/" + "".join(f"{s}/" for s in segments[:depth])
        up.append(urlunsplit((parts.scheme, parts.netloc, path, "", "")))
    return [u for u in dict.fromkeys(up) if u != url]


def folders_above(url: str) -> list[str]:
    """The folders the path of `url` names above it (`url_ancestors` but its path without its
    query, a view of it), nearest first, each without its final slash: a server answers a
    folder's URL with or without it. Hash routes are read as paths (`routed`)."""
    url = routed(url)
    path = urlunsplit(urlsplit(url)._replace(query="", fragment=""))
    return [u.rstrip("/") for u in url_ancestors(url) if u != path]


def _folder(url_tokens: tuple[str, ...]) -> tuple[str, ...]:
    """`url_tokens` without a last path token naming its folder's index document
    (``/usage/index.html`` is the folder ``/usage/``, ``/index.html`` the site root): a web
    server answers the folder's URL with it, and static site generators link it by name."""
    if len(url_tokens) > 1 and is_index_document(url_tokens[-1]):
        return url_tokens[:-1]
    return url_tokens


def routed(url: str) -> str:
    """`url` with its fragment read as the path it routes to (``/#/a/b?x`` → ``/a/b?x``): a
    link keeps its fragment only on a hash-routed document (`crawler.hashrouting`), where the
    fragment names the page shown."""
    parts = urlsplit(url)
    if not parts.fragment:
        return url
    route, _, query = parts.fragment.lstrip("!").partition("?")
    path = parts.path.rstrip("/") + "/" + route.lstrip("/")
    return urlunsplit((parts.scheme, parts.netloc, path, query or parts.query, ""))


def one_value_apart(url: str, page: str) -> bool:
    """Whether `url` is `page` with one query value changed: the same origin and path, the
    same query names, one value differing (``?do=edit&id=x`` of ``?do=index&id=x``). Hash
    routes are read as paths (`routed`)."""
    a, b = urlsplit(routed(url)), urlsplit(routed(page))
    if (a.scheme, a.netloc, a.path.rstrip("/")) != (b.scheme, b.netloc, b.path.rstrip("/")):
        return False
    ours, theirs = dict(query_pairs(a.query)), dict(query_pairs(b.query))
    if len(ours) != len(query_pairs(a.query)) or ours.keys() != theirs.keys():
        return False
    return sum(ours[n] != theirs[n] for n in ours) == 1


def view_of(url: str, page: str) -> bool:
    """Whether `url` shows `page` itself or a view of it: the same path with every query
    parameter of `page` and perhaps more (``?do=backlink&id=x`` of ``?id=x``, ``/sports?page=2``
    of ``/sports``). Such a page holds `page`'s own lists (its page tools, its pager), which are
    then no sign of a menu every page carries. Hash routes are read as paths (`routed`)."""
    a, b = urlsplit(routed(url)), urlsplit(routed(page))
    if (a.scheme, a.netloc, a.path.rstrip("/")) != (b.scheme, b.netloc, b.path.rstrip("/")):
        return False
    return set(query_pairs(b.query)) <= set(query_pairs(a.query))


def navigation_paths(
    page: Snapshot, others: Iterable[Snapshot], mode: TagFeature, overlap: float = 0.8
) -> set[str]:
    """The link DOM paths (in `mode`) of `page`'s lists that one of `others` holds with mostly
    the same URLs (`same_menu`): site navigation, a menu every page carries. Lists are
    compared as nested lists of tags (`list_tree`), as a menu marks the current page's entry
    with an attribute (``<li class="active">``), which splits it in two paths that differ on
    every page, and a navigation tree puts each depth in a path of its own. `page`
    itself and its views (`view_of`) say nothing about site navigation."""
    tags = {link_path(link, mode): list_tree(link.path) for link in page.links}
    ours = _trees(page)
    found: set[str] = set()
    for other in others:
        if not other.ok or view_of(other.url, page.url) or view_of(other.final_url, page.final_url):
            continue
        theirs = _trees(other)
        for path, tag_path in tags.items():
            if path in found or tag_path not in theirs or tag_path not in ours:
                continue
            a = ours[tag_path] - {other.url, other.final_url}
            b = theirs[tag_path] - {page.url, page.final_url}
            if same_menu(a, b, overlap):
                found.add(path)
    return found


# Why a pagination peer's list mates are left out (`Probes.unconfirmed` probes them last).
_PEER_NOTE = "a pagination peer of the page (its list's other pages)"
# Above the seed, a list of the page whose loaded entries, this many at least, none links back
# to it holds no index page of it (`Probes._dry`).
DRY_ENTRIES = 3
# A menu that varies one entry by the page it is on holds at least this many entries alike.
_MENU_ALIKE = 4


def same_menu(ours: set[str], theirs: set[str], overlap: float) -> bool:
    """Whether two pages' lists (`ours`, `theirs`: their URLs, each without the other page) are
    one menu: mostly the same URLs (Jaccard ≥ `overlap`), or every entry but one on each side
    the same, `_MENU_ALIKE` at least. A menu may carry the page's state in one entry (a link
    to another list with the columns the page shows), which differs on every page."""
    if not ours or not theirs:
        return False
    alike = len(ours & theirs)
    if alike / len(ours | theirs) >= overlap:
        return True
    return alike >= _MENU_ALIKE and len(ours - theirs) <= 1 and len(theirs - ours) <= 1


def _trees(page: Snapshot) -> dict[str, set[str]]:
    """The URLs `page` links to, by nested list (`list_tree`), but its own (a menu's
    ``href="#"`` toggle names the page it is on) and its tools (`yields.is_tool`: a menu's
    "history" and "what links here" entries name the page they are on)."""
    trees: dict[str, set[str]] = {}
    for link in page.links:
        # A menu's entries that name the page (its tools: `is_tool`) differ on every page.
        if link.url not in (page.url, page.final_url) and not is_tool(
            link.url, link.text, page.url
        ):
            trees.setdefault(list_tree(link.path), set()).add(link.url)
    return trees


def _alike(a: str, b: str) -> bool:
    sa, sb = sub_tokens(a), sub_tokens(b)
    if not sa or not sb:
        return False
    x, y = sa[0].lower(), sb[0].lower()
    return x.startswith(y) or y.startswith(x)


@dataclass
class Probes:
    """The candidates of one Algorithm 1 step from `sp` (its out-links `urls`), in order of
    promise; `keep` are never left out (possible first pages of sp's list); `home` (the site
    root) is probed though sp links to it only through site navigation (a site title)."""

    sp: Snapshot
    urls: Sequence[str]
    mode: TagFeature
    keep: frozenset[str] = frozenset()
    home: frozenset[str] = frozenset()  # the site root, probed when linked through navigation
    climbed: bool = False  # sp was reached by climbing: its lists are its contents
    overlap: float = 0.8
    probed: set[str] = field(default_factory=set)
    _lists: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _paths: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _navigation: set[str] = field(default_factory=set)
    _seen: set[str] = field(default_factory=set)
    _confirmed: list[tuple[str, frozenset[str]]] = field(default_factory=list)
    _ancestor: str = ""
    _below: dict[str, str] = field(default_factory=dict)
    _peers: dict[str, str] = field(default_factory=dict)
    _linking: dict[str, bool] = field(default_factory=dict)  # loaded candidate: links to sp?

    def __post_init__(self) -> None:
        self._lists = link_collections(self.sp, self.mode)
        paths: dict[str, dict[str, None]] = {}
        for link in self.sp.links:
            paths.setdefault(link.url, {})[link_path(link, self.mode)] = None
        self._paths = {u: tuple(paths.get(u, ())) for u in self.urls}

    def learn(self, pages: Iterable[Snapshot]) -> None:
        """Mark as site navigation the lists of sp that one of `pages` holds with mostly the
        same URLs (`navigation_paths`)."""
        fresh = [p for p in pages if p.url not in self._seen]
        self._seen.update(p.url for p in fresh)
        targets = {self.sp.url, self.sp.final_url}
        for page in fresh:
            if page.url in self._paths:
                self._linking[page.url] = any(k.url in targets for k in page.links)
        self._navigation |= navigation_paths(self.sp, fresh, self.mode, self.overlap)

    def confirm(self, index: Snapshot, sdp: str) -> None:
        """`index` is an index page of sp through its list `sdp`: the pages that list holds are
        sp's level, and the pages sp links to only through lists holding `index` are settled."""
        self._confirmed.append(
            (index.url, frozenset(link_collections(index, self.mode).get(sdp, ())))
        )

    def stop_at(self, index: Snapshot) -> None:
        """`index`, a confirmed index page, reads as an ancestor of sp by URL (`ancestry` of at
        least one token beyond the host): every candidate not kept is settled."""
        self._ancestor = index.url

    def below(self, page: Snapshot) -> None:
        """`page`, a probed candidate, is a page of the level below sp (it links to sp as the
        page below does): the candidates sp links to only through the lists holding `page` are
        its list mates, of that level too (Definition 1: a list groups pages alike)."""
        for path in self._content_paths(page.url):
            self._below.setdefault(path, page.url)

    def peer(self, page: Snapshot) -> None:
        """`page`, a probed candidate, is a pagination peer of sp (`verdicts.pagination_peer`):
        the candidates sp links to only through the lists holding `page` are peers too (the
        other pages of the list sp is a page of), no index page of it."""
        for path in self._content_paths(page.url):
            self._peers.setdefault(path, page.url)

    def _settled(self, url: str) -> str:
        """Why a confirmed index page, or a list mate of a page of the level below, settles
        `url` ("" when none does)."""
        if url in self.keep:
            return ""
        if self._ancestor:
            return (
                f"the index page {self._ancestor} is confirmed and its URL reads as an ancestor "
                "of the page's"
            )
        paths = self._content_paths(url)
        if paths and all(p in self._below for p in paths):
            mate = self._below[paths[0]]
            return f"listed with {mate}, a page of the level below (it links back as that does)"
        if paths and all(p in self._peers for p in paths):
            mate = self._peers[paths[0]]
            return f"listed with {mate}, {_PEER_NOTE}"
        if self.climbed and paths and all(self._dry(p) for p in paths):
            return (
                f"listed only in lists of the page of which {DRY_ENTRIES} entries or more were "
                "loaded and none links back to it: its contents, pages below it"
            )
        for index, beside in self._confirmed:
            if url in beside:
                return f"listed beside the page by its index page {index}"
            if one_value_apart(url, index):
                return (
                    f"its URL varies one query value of its index page {index}: another "
                    "view or action of the same page (its edit form, its history) or another "
                    "value's list, no wider list of the page"
                )
            paths = self._content_paths(url)
            if paths and all(index in self._lists[p] for p in paths):
                return f"linked only from lists that hold its index page {index}"
        return ""

    def next(self, loaded: set[str], *, navigation: bool = False) -> str | None:
        """The most promising candidate neither probed nor settled: one already loaded (free),
        else one linked from a list that is not site navigation, else the site root (`home`),
        else (with `navigation`) one linked from site navigation only whose URL reads as an
        ancestor of sp's beyond the site root (`ancestry` ≥ 1)."""
        left = self.left()
        free = [u for u in left if u in loaded]
        content = [u for u in left if u in self.keep or self._content_paths(u)]
        home = [u for u in left if u in self.home]
        above = [u for u in left if ancestry(u, self.sp.url) >= 1] if navigation else []
        pool = free or content or home or above
        if not pool:
            return None
        position = {u: i for i, u in enumerate(self.urls)}
        return min(
            pool,
            key=lambda u: (-ancestry(u, self.sp.url), -self._specificity(u), position[u]),
        )

    def url_ancestors(self) -> list[str]:
        """The candidates left (`left`) naming a folder above sp's URL (`folders_above`),
        nearest first, the site root left out."""
        left = {u.rstrip("/"): u for u in reversed(self.left()) if ancestry(u, u) != 0}
        up = (left.get(u) for u in folders_above(self.sp.url))
        return [u for u in dict.fromkeys(up) if u is not None]

    def left(self) -> list[str]:
        """The candidates neither probed nor settled, in document order."""
        return [u for u in self.urls if u not in self.probed and not self._settled(u)]

    def unconfirmed(self) -> list[str]:
        """The candidates left for the full probe: those neither probed nor settled, then
        those settled only as list mates of a pagination peer (`peer`), in document order.

        Choice: a peer's list mates are the other pages of sp's list only by a guess (one
        link DOM path holds them); a message's navigation bar holds its "next" link beside
        the date and thread indexes that list it. When no index page is confirmed, they are
        probed after the others."""
        left = self.left()
        mates = [
            u
            for u in self.urls
            if u not in self.probed and u not in left and self._settled(u).endswith(_PEER_NOTE)
        ]
        return left + mates

    def unprobed(self) -> list[str]:
        """The candidates not probed (settled or not), in document order."""
        return [u for u in self.urls if u not in self.probed]

    def why_left_out(self, url: str) -> str:
        """Why `url` was not probed."""
        return (
            self._settled(url) or "linked only from site navigation (lists another page holds too)"
        )

    def home_only(self, url: str) -> bool:
        """Whether `url` is probed as the site root only: sp links to it through site
        navigation alone (its title), so that it links back, if at all, through the same."""
        return url in self.home and url not in self.keep and not self._content_paths(url)

    def navigation_only(self) -> bool:
        """Whether every candidate left is linked from site navigation only."""
        return not any(u in self.keep or self._content_paths(u) for u in self.left())

    def _content_paths(self, url: str) -> tuple[str, ...]:
        return tuple(p for p in self._paths.get(url, ()) if p not in self._navigation)

    def _dry(self, path: str) -> bool:
        """Whether `DRY_ENTRIES` entries or more of sp's list `path` were loaded and none of
        them links to sp."""
        loaded = [self._linking[u] for u in self._lists[path] if u in self._linking]
        return len(loaded) >= DRY_ENTRIES and not any(loaded)

    def _specificity(self, url: str) -> float:
        return max((1.0 / len(self._lists[p]) for p in self._content_paths(url)), default=0.0)
