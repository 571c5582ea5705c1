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
  ``/sport/alpine``, the site root above every page; another file of sp's folder is its
  sibling, whatever prefix their names share), then pages sp links to from a short list
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
  reads as an ancestor of sp's beyond the site root (``/sports`` above ``/sport/alpine``), or
  names the folder sp is a file of (the site root's ``/index.html`` above ``/Data-List.html``,
  `own_folder`), the list and the URL hierarchy agree and it settles every other candidate (the host cities
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
  From the seed, the entries of a list of sp of which `DRY_ENTRIES` or more were judged,
  none weighing `WEAK_SHARE` of the best candidate's W_ci, are left out the same: a
  chapter's menu of its sections, each linking back through its Up link alone
  (`Probes.weighed`); while no candidate was found, those of a list whose judged entries all
  link back to sp, none of them a candidate (a manual node's own sections, each pruned as an
  entry of sp's list).
- Pages below sp's own folder: sp naming a folder (``/std/collections/`` or its index document
  ``/std/collections/index.html``), the pages whose URL goes on inside it are its contents,
  none its index page (`below_folder`); but from the seed, with no index page confirmed, one
  listed beside a candidate index page (a message's thread page in its thread overview, beside
  the thread's other messages) is probed (`Probes._beside_candidate`).
- Families that lead nowhere: a family of candidates (`url_families`: one folder below the
  root, or one URL with its numbers changed) none of whose probes linked back to sp is left
  out once two of them failed to load (broken links), or, above the seed (from it once a
  candidate index page was found), once three were probed (`Probes.probed_as`). The pages of
  one script named by their query's values (``/cgi-bin/files?location=*&type=*``) are a family
  of broken links too, once two of them failed (`Probes.broken`).
- Folders first: from a seed named by its path alone, the pages its path names above it are
  probed before its content's other links, menu entries or not, and the best candidate among
  them ends the probe though its list holds more than sp's template (a package index listing
  packages at every depth), as the full probe takes it (`Probes.folders_first`).
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
from siteseer.algorithms.features.url import route, sub_tokens, tokens
from siteseer.algorithms.features.urlshape import is_index_document
from siteseer.algorithms.ssup.heads import declared_above, sequence
from siteseer.algorithms.ssup.urlpaths import (
    below_folder,
    folder_tokens,
    folders_above,
    one_value_apart,
    other_section,
    routed,
    script_family,
    url_ancestors,
    url_families,
    view_of,
)
from siteseer.algorithms.ssup.yields import is_tool
from siteseer.render import Snapshot

__all__ = [
    "BROKEN_PROBES",
    "DRY_ENTRIES",
    "PROBE_ORDERS",
    "RELATED_NOTE",
    "WEAK_SHARE",
    "ProbeOrder",
    "Probes",
    "ancestry",
    "bare_path",
    "below_folder",
    "folders_above",
    "namesake",
    "navigation_paths",
    "one_value_apart",
    "other_section",
    "own_folder",
    "routed",
    "same_menu",
    "url_ancestors",
    "url_families",
    "view_of",
]

ProbeOrder: TypeAlias = Literal["paper", "ranked"]
PROBE_ORDERS: tuple[ProbeOrder, ...] = ("paper", "ranked")


def ancestry(url: str, below: str) -> int:
    """How many tokens of `url` read as those of an ancestor of `below`: each path or query
    token of `url` starts like `below`'s token at the same position (one's first sub-token is a
    prefix of the other's), on the same host; -1 when `url` is no such ancestor (another host,
    more tokens, or a token unlike `below`'s). The site root is 0. A folder's index document
    is the folder (`urlpaths.folder_tokens`: ``/usage/index.html`` reads as ``/usage/``).

    Choice: another file of `below`'s folder (no query on either, as many tokens, the last
    one another) is its sibling, not its ancestor, whatever its name shares with `below`'s: a
    manual's ``/glib-Basic-Types.html`` beside ``/glib-Arrays.html``, a book's
    ``/sect.apt-cache.html`` beside ``/sect.apt-get.html`` (`namesake`). Read as an ancestor,
    every such page would be probed before the folder's index document, which lists them all.
    """
    return -1 if _sibling(url, below) else _above(url, below)


def own_folder(url: str, below: str) -> bool:
    """Whether `url` names the folder `below` is a file of (``/index.html`` or ``/`` for
    ``/Control-Lens-Lens.html``, ``/man/`` for ``/man/ls.html``): the nearest of its URL's
    ancestors, the site root too when `below` sits in it. `below` names a file without a query
    (a folder's own page, or a query's page, has no such folder: the root above ``/?p=7`` is
    any page's)."""
    theirs = tokens(below)
    if _query(below) or len(theirs) < 2 or is_index_document(theirs[-1]):
        return False
    return (
        _above(url, below) == len(theirs) - 2 and len(folder_tokens(tokens(url))) == len(theirs) - 1
    )


def namesake(url: str, below: str) -> bool:
    """Whether `url` is another file of `below`'s folder whose name starts like `below`'s
    (``/Dpkg_1.21.21`` beside ``/Dpkg_1.21.22``): a neighbour of its sequence (the previous
    version, the next section). `Probes.next` probes one first, as it shows which of
    `below`'s lists are its pager or the site's menu, and the others after the pages above
    `below`, before the rest."""
    return _sibling(url, below) and _above(url, below) >= 0


def _sibling(url: str, below: str) -> bool:
    ours, theirs = folder_tokens(tokens(url)), tokens(below)
    return (
        len(ours) == len(theirs) and ours[-1] != theirs[-1] and not (_query(url) or _query(below))
    )


def _above(url: str, below: str) -> int:
    ours, theirs = folder_tokens(tokens(url)), tokens(below)
    if not ours or not theirs or ours[0] != theirs[0] or len(ours) > len(theirs):
        return -1
    for a, b in zip(ours[1:], theirs[1:], strict=False):
        if a != b and not _alike(a, b):
            return -1
    return len(ours) - 1


def _query(url: str) -> str:
    """The query `url` shows (a hash route's too: `route`)."""
    return route(url)[1]


def bare_path(sp: Snapshot) -> frozenset[str]:
    """The page of `sp`'s path without its query (``/cgi-bin/dpkg`` for
    ``/cgi-bin/dpkg?query=perl``) when `sp` is named by a query on a file's path below the site
    root (a script's) and links to other queries of that path but not to the path alone; else
    none.

    Choice (beyond the paper, which judges the pages sp links to): a script that shows one
    record per query value (a package, a manual's node) lists its records when asked with no
    query, while the seed links to the other values' records, its neighbours, each no list of
    it; probed first (`Probes.next`), that one page settles them (`Probes.stop_at`), where it
    was otherwise probed only once they all had failed (`climb._url_ancestor`). A folder's
    path with a query (``/repo/commit/?id=…``, ``/admin/car/details/?id=1``) is a route of
    one record, showing its default record or none without it: not probed first."""
    parts = urlsplit(sp.url)
    if not parts.query or parts.fragment or parts.path.strip("/") == "" or parts.path[-1] == "/":
        return frozenset()
    path = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    linked = {link.url.rstrip("/") for link in sp.links}
    # its neighbours: the script's other records, by another query on the same path
    others = {u for u in linked if u.partition("?")[0] == path and u != sp.url}
    return frozenset({path}) if others and path not in linked else frozenset()


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
RELATED_NOTE = (
    f"a page of the page's own URL template, {DRY_ENTRIES} or more of which were probed and "
    'none listed it among pages like it: its related pages (a "see also"), no list of it'
)
# Probes of one family of candidates that failed (errors, non-2xx, not HTML), none linking to
# the page, after which its other members are left out (`Probes.probed_as`).
BROKEN_PROBES = 2
# From the seed, a list of it whose judged entries, `DRY_ENTRIES` at least, all weigh less than
# this share of the best candidate's W_ci holds no better index page (`Probes.weighed`).
WEAK_SHARE = 0.1
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


def declared_first(page: Snapshot, urls: Sequence[str]) -> list[str]:
    """The pages of `urls` that `page`'s head names above it (`declared_above`) and whose URL
    reads as above its own (`ancestry` ≥ 0).

    Choice: `Probes.next` probes them first, no namesake of the page before them: the page
    itself tells which page lists it, as a namesake's lists would tell its menu from its
    contents (a manual's page naming its contents ``rel="start"``, ``rel="up"``)."""
    above = declared_above(page)
    return [u for u in urls if u in above and ancestry(u, page.url) >= 0]


def bar_mates(page: Snapshot, mode: TagFeature) -> frozenset[str]:
    """The pages `page` lists beside the previous and next pages its head names (`sequence`),
    other than those: the Up and Home links of a manual's "Prev | Up | Home | Next" bar.

    Choice: a page that declares its sequence's neighbours tells its pager apart from the bar
    that shows them: only the pages it names are the other pages of its list; those listed
    beside them are no pagination peers of it (`Probes.peer`), and a candidate index page
    listing the bar beside the page does not settle them (`Probes.confirm`): the chapter the
    page belongs to, which a one-folder manual names like its pages, is among them
    (`weights.candidate_weight` weighs its list as the folder's page's)."""
    named = sequence(page)
    if not named:
        return frozenset()
    mates: set[str] = set()
    for urls in link_collections(page, mode).values():
        if named & set(urls):
            mates.update(urls)
    return frozenset(mates - named - {page.url, page.final_url})


def _alike(a: str, b: str) -> bool:
    """Whether tokens `a` and `b` start alike: the first sub-token of one is a prefix of the
    other's (``members.php`` and ``member.php``, ``sports`` and ``sport``).

    Choice: a single character is the prefix of no longer stem: ``c3ref`` (``c``, ``3``,
    ``ref``) does not start like ``compile.html``; read so, every page of the site's root
    folder whose name starts with its letter would read as an ancestor of the folder's pages.
    Equal ones still match: one-letter query keys (``a=shortlog`` above ``a=commit``) name a
    view's parameter, not a word."""
    sa, sb = sub_tokens(a), sub_tokens(b)
    if not sa or not sb:
        return False
    x, y = sa[0].lower(), sb[0].lower()
    return x == y or (min(len(x), len(y)) > 1 and (x.startswith(y) or y.startswith(x)))


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
    _dominant: str = ""  # the best candidate, weighing many times every other (`dominates`)
    _below: dict[str, str] = field(default_factory=dict)
    _peers: dict[str, str] = field(default_factory=dict)
    _bar: frozenset[str] = frozenset()  # `bar_mates` of sp: no peers, nor listed beside it
    _linking: dict[str, bool] = field(default_factory=dict)  # loaded candidate: links to sp?
    _broken: dict[str, int] = field(default_factory=dict)  # family → its failed probes
    _dead: dict[str, int] = field(default_factory=dict)  # family → loaded, not linking to sp
    _weights: dict[str, float] = field(default_factory=dict)  # judged candidate → its W_ci
    _sound: set[str] = field(default_factory=set)  # families a probe of which linked to sp
    _values: dict[str, int] = field(default_factory=dict)  # family → its value pages probed
    _unvalued: set[str] = field(default_factory=set)  # families a probe of which was no value
    _related: set[str] = field(default_factory=set)  # the seed's own kind, left out (`relate`)

    def __post_init__(self) -> None:
        self.urls = [*sorted(set(self.keep) - set(self.urls)), *self.urls]  # `bare_path`
        self._lists = link_collections(self.sp, self.mode)
        paths: dict[str, dict[str, None]] = {}
        for link in self.sp.links:
            paths.setdefault(link.url, {})[link_path(link, self.mode)] = None
        self._paths = {u: tuple(paths.get(u, ())) for u in self.urls}
        self._bar = bar_mates(self.sp, self.mode)

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

    def probed_as(self, url: str, page: Snapshot | None) -> None:
        """A probe of `url` gave `page` (None: it failed, an error, a non-2xx answer, no HTML):
        a family of candidates (`url_families`) none of whose probes linked back to sp is left
        out once `BROKEN_PROBES` of them failed or, above the seed, `DRY_ENTRIES` of them
        failed or did not link to sp (`broken`).

        Choice: links to documents the site does not serve come in families (a manual's links
        to symbol indexes of releases not generated), and so do, above the seed, the links of
        an index page's text to documents of another kind (a library reference's links into
        the books beside it, all under one folder); a page that cannot be loaded, or, above
        the seed, one that does not link to it, is no index page of it, and neither are its
        family's others, most likely (`_dry` says the same of a list's entries)."""
        targets = {self.sp.url, self.sp.final_url}
        linking = page is not None and any(k.url in targets for k in page.links)
        for family in (*url_families(url), *script_family(url)):
            if linking:
                self._sound.add(family)
            elif page is None:
                self._broken[family] = self._broken.get(family, 0) + 1
            else:
                self._dead[family] = self._dead.get(family, 0) + 1

    def weighed(self, url: str, weight: float, value: bool = False) -> None:
        """The probe of `url` gave a candidate index page of W_ci `weight` (0.0: none), `value`
        when it is the page of a value its entries share (`verdicts.value_page`: a tag's).

        Choice: from the seed, a list of it of which `DRY_ENTRIES` entries were judged, none
        weighing `WEAK_SHARE` of the best candidate's W_ci, is its contents (a chapter's menu
        of its sections, each linking back to it through its Up link alone), no list holding
        a better index page: its other entries are left out (`_weak`), as above the seed the
        entries of a list none of which links back (`_dry`)."""
        self._weights[url] = weight
        for family in url_families(url) if weight > 0.0 else ():
            if value:
                self._values[family] = self._values.get(family, 0) + 1
            else:
                self._unvalued.add(family)

    def lists_kind(self, url: str) -> None:
        """`url`, loaded, lists pages of sp's kind without sp (`fullprobe.lists_kind`): its
        families are not left out as documents of another kind (`broken`)."""
        self._sound.update(url_families(url))

    def broken(self, url: str) -> str:
        """Why `url`'s family is left out (`probed_as`; "" when it is not).

        Choice: the pages of one script named by their query's values (a package browser's
        links to each of a package's files, ``/cgi-bin/dwww?location=*&type=*``) are a family of
        broken links once `BROKEN_PROBES` of them failed, as a folder's are (a script the site
        does not serve); whether they list sp is left to each, as for the numbers' family."""
        scripts = script_family(url)
        for family in (*url_families(url), *scripts):
            if family in self._sound:
                continue
            failed = self._broken.get(family, 0)
            if failed >= BROKEN_PROBES:
                return (
                    f"of the family {family}, {failed} of whose pages could not be loaded and "
                    "none linked to the page: broken links"
                )
            if (
                self._judging
                and family not in scripts
                and failed + self._dead.get(family, 0) >= DRY_ENTRIES
            ):
                return (
                    f"of the family {family}, {DRY_ENTRIES} or more of whose pages were probed "
                    "and none linked to the page: documents of another kind"
                )
        return ""

    @property
    def _judging(self) -> bool:
        """Whether a family's dead probes leave out its others (`broken`): above the seed, or
        from the seed once a candidate index page was found.

        Choice: from the seed, a family of pages its text links to none of which lists it (a
        package's source files, the other packages it uses) holds no index page of it once
        one was found elsewhere; before that, a family may be the seed's neighbours, one of
        which leads on."""
        return self.climbed or any(w > 0.0 for w in self._weights.values())

    def confirm(self, index: Snapshot, sdp: str) -> None:
        """`index` is an index page of sp through its list `sdp`: the pages that list holds are
        sp's level, and the pages sp links to only through lists holding `index` are settled."""
        self._confirmed.append(
            (index.url, frozenset(link_collections(index, self.mode).get(sdp, ())))
        )

    def stop_at(self, index: Snapshot) -> None:
        """`index`, a confirmed index page or the best candidate, reads as an ancestor of sp by
        URL (`ancestry` of at least one token beyond the host, or sp's own folder,
        `own_folder`): every candidate not kept is settled."""
        self._ancestor = index.url

    def dominates(self, index: Snapshot) -> None:
        """`index`, the best candidate, weighs many times every other page probed
        (`fullprobe.dominant`): every candidate not kept is settled."""
        self._dominant = index.url

    def relate(self, url: str) -> None:
        """`url`, of the seed's own URL template, is its related page, no list of it
        (`fullprobe.related`): left out."""
        self._related.add(url)

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
        if url in self._related:
            return RELATED_NOTE
        if below_folder(url, self.sp.url) and not self._beside_candidate(url):
            return "its URL lies below the page's own folder: the page's contents, no list of it"
        if self._ancestor:
            return (
                f"the index page {self._ancestor} (confirmed, or the best candidate) reads as "
                "an ancestor of the page by its URL"
            )
        if self._dominant:
            return (
                f"the best candidate {self._dominant} weighs many times every other page "
                "probed: its list of the page's siblings settles the others"
            )
        paths = self._content_paths(url)
        if paths and all(p in self._below for p in paths):
            mate = self._below[paths[0]]
            return f"listed with {mate}, a page of the level below (it links back as that does)"
        if paths and all(p in self._peers for p in paths) and url not in self._bar:
            mate = self._peers[paths[0]]
            return f"listed with {mate}, {_PEER_NOTE}"
        if self.climbed and paths and all(self._dry(p) for p in paths):
            return (
                f"listed only in lists of the page of which {DRY_ENTRIES} entries or more were "
                "loaded and none links back to it: its contents, pages below it"
            )
        broken = self.broken(url) or valued_family(self, url)
        if broken:
            return broken
        if not self.climbed and paths and all(self._weak(p) for p in paths):
            return (
                f"listed only in lists of the page of which {DRY_ENTRIES} entries or more were "
                f"loaded and none weighs {WEAK_SHARE:g} of the best candidate's W_ci (none a "
                "candidate yet: all link back to it): its contents, pages below it"
            )
        for index, beside in self._confirmed:
            if url in beside and url not in self._bar:
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
        if pool is content and self.folders_first() and not any(map(self.folder, content)):
            # Choice: from a seed named by its path, the folders its path names above it come
            # before its content's other links, though it links to them through site
            # navigation only (a breadcrumb, a menu's entry): a package's index above its
            # page, which a probe of the types and sources its text links to reaches last.
            pool = [u for u in left if self.folder(u)] or content
        if not pool:
            return None
        if pool is content and not self.climbed and self.keep & set(content):
            pool = [u for u in content if u in self.keep]  # Choice: see `bare_path`
        declared = declared_first(self.sp, content)
        if pool is content and declared:  # Choice: see `declared_first`
            pool = declared
        elif (
            pool is content
            and not any(namesake(u, self.sp.url) for u in self.probed)
            and not any(own_folder(u, self.sp.url) and self.folder(u) for u in content)
        ):
            # Choice: one namesake of sp first: it carries sp's template, so its lists tell
            # sp's site navigation (the same menu) and pager apart from sp's content lists
            # before a page above sp is judged through one of them. Not one listed beside a
            # page above sp (a Home/Up/Prev/Next bar, a breadcrumb): that may be sp's index
            # page itself, which would settle the pages above it before they are probed.
            # Nor while the page of sp's own folder below the site root is left
            # (`own_folder`, `folder`: a package's index document beside its files): it
            # lists them all, sp's namesake among them. The site root is no such page: its
            # menu may be every page's, which the namesake tells first.
            pool = [
                u for u in content if namesake(u, self.sp.url) and not self._beside_above(u)
            ] or content
        position = {u: i for i, u in enumerate(self.urls)}
        return min(
            pool,
            key=lambda u: (
                -ancestry(u, self.sp.url),
                -namesake(u, self.sp.url),
                -self._specificity(u),
                position[u],
            ),
        )

    def folders_first(self) -> bool:
        """Whether the folders sp's URL names above it are read as its lists' hierarchy: from
        the seed (not climbed), whose URL names it by its path alone.

        Choice: a page named by a query (``/repo/commit/?id=…``, ``/?p=repo;a=commit;h=…``)
        is a record an application shows; the folders of its path name the application's
        other pages (a repository's summary, which previews a few of its records), no list
        of it."""
        return not self.climbed and not _query(self.sp.url)

    def folder(self, url: str) -> bool:
        """Whether `url` reads as a folder above sp by its URL beyond the site root."""
        return ancestry(url, self.sp.url) >= 1

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

    def in_content(self, url: str) -> bool:
        """Whether sp links to `url` through a list that is not site navigation."""
        return bool(self._content_paths(url))

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

    def _beside_above(self, url: str) -> bool:
        """Whether sp lists `url` beside a page whose URL reads as above sp's (`ancestry` ≥ 0:
        the site root, a folder above)."""
        own = {self.sp.url, self.sp.final_url}
        return any(
            ancestry(u, self.sp.url) >= 0
            for p in self._paths.get(url, ())
            for u in self._lists[p]
            if u not in own
        )

    def _beside_candidate(self, url: str) -> bool:
        """Whether the seed, no index page of it confirmed, lists `url` (below its own folder)
        in a list beside a candidate index page found outside that folder.

        Choice: the pages below a page's folder are its contents, but one its list of its
        siblings holds (a message's thread overview, listing its thread's other messages
        beside the thread's page) is where they are listed, no part of it: it is probed once
        the siblings were, when they confirm no index page."""
        if self.climbed or self._confirmed:
            return False
        return any(
            self._weights.get(u, 0.0) > 0.0 and not below_folder(u, self.sp.url)
            for p in self._content_paths(url)
            for u in self._lists[p]
        )

    def _weak(self, path: str) -> bool:
        """Whether `DRY_ENTRIES` entries or more of sp's list `path` were judged (`weighed`)
        and none weighs `WEAK_SHARE` of the best candidate's W_ci; while no candidate was
        found, whether they all link back to sp and none is a candidate.

        Choice: entries of one list of sp that link back to it yet are no index page of it
        (its own sections, each listing it beside its neighbours; its pagination peers) show
        what the list is: sp's contents or its siblings, whose other entries are the same."""
        best = max(self._weights.values(), default=0.0)
        judged = [u for u in self._lists[path] if u in self._weights]
        if len(judged) < DRY_ENTRIES:
            return False
        if best == 0.0:
            return all(self._linking.get(u, False) for u in judged)
        return max(self._weights[u] for u in judged) < WEAK_SHARE * best

    def _specificity(self, url: str) -> float:
        return max((1.0 / len(self._lists[p]) for p in self._content_paths(url)), default=0.0)


def above_seed(probes: Probes) -> str | None:
    """The next page above the seed `probes.sp` to probe: the folders its URL's path names
    above it (`Probes.url_ancestors`), nearest first, then the site root it links (`home`; not
    one of its sections, ``/#part``).

    Choice: where the site navigation the seed carries lists it among pages like it, the page
    above it carrying that navigation is its index page (`sidebar.navigation_index`): a
    documentation's home page, whose sidebar lists every page of it."""
    home = [u for u in probes.left() if u in probes.home and not urlsplit(u).fragment]
    return next(iter([*probes.url_ancestors(), *home]), None)


def dull(probes: Probes, url: str | None) -> bool:
    """Whether the probe of `url` can only show the seed's site navigation again: no candidate
    is left (None), or `url` is linked from site navigation only, or is the seed's `namesake`."""
    return url is None or not probes.in_content(url) or namesake(url, probes.sp.url)


def valued_family(probes: Probes, url: str) -> str:
    """Why `url`'s family is left out of `probes` as pages of values once an index page is
    confirmed ("" when it is not).

    Choice: a value's page (a tag's) is taken only when no other index page is found
    (`verdicts.Parent.value`); once one is confirmed, a family of which `BROKEN_PROBES`
    probes were value pages, none another candidate, holds only pages that cannot win:
    the other tags a post carries."""
    if not probes._confirmed:
        return ""
    for family in url_families(url):
        count = probes._values.get(family, 0)
        if count >= BROKEN_PROBES and family not in probes._unvalued:
            return (
                f"of the family {family}, {count} of whose pages were pages of a value its "
                "entries share, taken only when no other index page is found, and one is"
            )
    return ""
