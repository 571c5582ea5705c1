"""How the entry search scores and judges a candidate list page: pure functions over Snapshots.

`list_score` reads one page as a `ListCandidate` (entity items, facets, table rows, links shaped
as the entity sample, the pages its pager offers); `widest_list` picks the widest of them (see
entrypoint.py's module docstring for the order of the choices), and the judgements the search
takes between two rounds of loads: whether a linked page adds nothing to the start page's list
(`adds_nothing`), which links are the sample's peers rather than lists of them (`peers_of`),
whether a wider list adds only members of the start's entries (`members_beside`). entrypoint.py
does the loading.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlsplit

from siteseer.algorithms.querycentric.beside import lists_beside
from siteseer.algorithms.querycentric.controls import control_facets
from siteseer.algorithms.querycentric.entities import listed_with_sample, sample_pattern
from siteseer.algorithms.querycentric.formfields import form_choices, forms_of
from siteseer.algorithms.querycentric.model import (
    Canonical,
    anchor_urls,
    entity_url,
    guess_entity_pattern,
    link_facets,
)
from siteseer.algorithms.querycentric.rows import listed_fields
from siteseer.algorithms.querycentric.shapes import members_only
from siteseer.algorithms.querycentric.throughviews import entity_view, through_view
from siteseer.algorithms.querycentric.views import folder_form
from siteseer.algorithms.ssup.yields import pages_offered
from siteseer.algorithms.startpages import MINIMUM_ROWS

if TYPE_CHECKING:
    from siteseer.render import Snapshot

__all__ = [
    "DWARFED",
    "MAX_CANDIDATES",
    "MINIMUM_ITEMS",
    "MINIMUM_ROWS",
    "REPEATED",
    "ListCandidate",
    "adds_nothing",
    "beside_sample",
    "closed_list",
    "dwarfed",
    "holds_linked_peers",
    "is_home",
    "links_no_peer",
    "list_score",
    "members_beside",
    "peers_of",
    "shortest_linking",
    "widest_list",
    "widest_of",
]

MINIMUM_ITEMS = 3  # entity items a list page shows at least
MAX_CANDIDATES = 40  # linked pages loaded at most
DWARFED = 2  # a list of links showing this many times more of the sample's kind than a faceted one
# Links to one page shaped as the sample (its sections' anchors count: a table of contents
# links a page's every section, up to about 11 times on a documentation home page) beyond
# which a page indexes what the pages hold (an index of values links a module 54 times)
REPEATED = 20


@dataclass(frozen=True, slots=True)
class ListCandidate:
    """A page scored as a list page: its entity items and facets."""

    url: str
    items: int
    facets: int
    rows: int = 0  # entity items shown as rows of a table with a header (counted without facets)
    like_sample: int = 0  # links shaped as the entity sample's (with a sample, when it is linked)
    pages: int = 1  # the pages its pager offers (a list linking the sample, a list of lists)

    @property
    def is_list(self) -> bool:
        return self.items >= MINIMUM_ITEMS and self.facets > 0

    @property
    def is_facetless_list(self) -> bool:
        return self.rows >= MINIMUM_ROWS and self.facets == 0

    @property
    def score(self) -> int:
        return self.items + self.facets


def list_score(
    page: Snapshot, canonical: Canonical, entity_sample: str | None = None
) -> ListCandidate:
    """`page`'s entity items and facets, and without facets its items shown as table rows (see
    the module docstring); `canonical` is the crawl's canonicalisation (`Session.canonical`).
    With `entity_sample`, the links shaped as it is (`like_sample`) when the page links it."""
    like = 0
    if entity_sample:  # a list may link each entity through a view of its page
        shape = sample_pattern(entity_sample)
        page = through_view(page, shape, entity_view(page, shape, entity_sample), entity_sample)
    # an entity link may carry the list's state back (``?pk=9&_origin=/list``): named without it
    if entity_sample and any(entity_url(link.url) == entity_sample for link in page.links):
        shape = sample_pattern(entity_sample)
        shaped = [x.url for x in page.links if shape.matches(x.url)]
        like = len({entity_url(u) for u in shaped})
        # an index of what the pages hold (values, types: a row each, naming its page) links
        # each page over REPEATED times: no list of the pages themselves
        if len(shaped) > REPEATED * like:
            like = 0
    guessed = guess_entity_pattern(page)
    # a list linking the sample is as wide as its links times the pages its pager offers (a
    # "Next" to a page shaped as the sample leads to an entity: no page of the list)
    pages = 1
    if like and entity_sample:
        pages = pages_offered(page, sample_pattern(entity_sample).matches)
    # a page whose largest group of links alike leads to another site lists that site's pages
    # (a changelog's hundreds of links to its tracker's issues): no list of this one's
    if guessed is None or urlsplit(guessed[1][0]).netloc != urlsplit(page.final_url).netloc:
        return ListCandidate(page.url, 0, 0, like_sample=like, pages=pages)
    pattern, urls = guessed
    facets = len(link_facets(page, pattern, canonical))
    facets += len(control_facets(page))
    facets += sum(len(form_choices(form)) for form in forms_of(page) if not form.has_password)
    rows = 0
    if not facets:
        rows = len(listed_fields(page, dict(anchor_urls(page, canonical)), set(urls)))
    return ListCandidate(page.url, len(urls), facets, rows, like, pages)


def _query_size(url: str) -> int:
    return len(parse_qsl(urlsplit(url).query, keep_blank_values=True))


def widest_list(candidates: list[ListCandidate]) -> ListCandidate | None:
    """The widest list page: of each path's list pages the least filtered one, then the highest
    score (ties: the shorter URL); without a list page offering facets, the first candidate (the
    start page) when it is a list without facets, else the same choice over those lists; with a
    sample, over those that link it when any does."""
    if not candidates:
        return None
    # with a sample, the lists that link it stand for the site's (a git browser's summary of
    # the sample's repository, not another repository's)
    linking = [c for c in candidates if c.like_sample > 0]
    best = widest_of([c for c in (linking or candidates) if c.is_list])
    if best is not None and not dwarfed(best, linking):
        return best
    # likewise the tables of rows that link the sample (a family tree's people beside its
    # surnames): the start page stands for them only when it is one of them
    tables = [c for c in linking if c.is_facetless_list] or candidates
    if candidates[0].is_facetless_list and candidates[0] in tables:
        return candidates[0]
    best = widest_of([c for c in tables if c.is_facetless_list], lambda c: c.rows)
    if best is not None:
        return best
    # a list of links (an index, a blog's posts) that links the sample: the most links shaped
    # as it is times the pages its pager offers (a forum's front page paging every topic over a
    # category's page listing a few), the start on a tie
    lists = [c for c in candidates if c.like_sample >= MINIMUM_ROWS]
    most = max((c.like_sample * c.pages for c in lists), default=0)
    return next((c for c in lists if c.like_sample * c.pages == most), None)


def dwarfed(best: ListCandidate, linking: list[ListCandidate]) -> bool:
    """Whether a list of links linking the sample shows `DWARFED` times more links shaped as it
    (times the pages its pager offers) than `best`, a list with facets that links it too: a
    documentation index of every module beside a module page whose few cross-links and a menu
    look like a list with a facet."""
    wide = [c.like_sample * c.pages for c in linking if c.like_sample >= MINIMUM_ROWS]
    return max(wide, default=0) > DWARFED * best.like_sample * best.pages


def members_beside(
    start: ListCandidate, best: ListCandidate, pages: dict[str, Snapshot], sample: str
) -> bool:
    """Whether `best`, a list of links wider than the `start` page's list of the sample's kind
    (at least `MINIMUM_ROWS` links), adds to it only members of its entries: pages of their
    folder named by an entry's file name and a dotted part more (a module index's
    ``Float.Array.html`` beside the start's ``Float.html``: a submodule, no module of the
    sample's kind). The start's list is then the list of the sample's kind."""
    if start is best or start.like_sample < MINIMUM_ROWS or best.is_list or best.is_facetless_list:
        return False
    shape = sample_pattern(sample)

    def shaped(page: Snapshot) -> set[str]:
        return {entity_url(x.url) for x in page.links if shape.matches(x.url)}

    home = pages[start.url]
    own = shaped(home)
    more = {u for u in shaped(pages[best.url]) - own if u not in (home.url, home.final_url)}
    # the start page's own index document is no member
    return members_only({u for u in more if not is_home(u)}, own)


def beside_sample(
    candidates: list[ListCandidate], hub: Snapshot, sample: str
) -> ListCandidate | None:
    """Without a list of `MINIMUM_ROWS` links shaped as the sample, a shorter one that the start
    page (`hub`) links among lists alike (beside.py `lists_beside`: a source browser's folders,
    each listing its files) is one value of those lists: the one linking most pages shaped as
    the sample, at least `MINIMUM_ITEMS`, no page shaped as the sample itself."""
    shape = sample_pattern(sample)
    return shortest_linking(
        candidates,
        lambda c: not shape.matches(c.url) and lists_beside(hub, c.url) is not None,
    )


def shortest_linking(
    candidates: list[ListCandidate], keep: Callable[[ListCandidate], bool] = lambda c: True
) -> ListCandidate | None:
    """Of the candidates after the start page that `keep` keeps, the page linking most pages
    shaped as the sample, at least `MINIMUM_ITEMS`. Without any list nor site index, a short
    list of the sample's kind is a list all the same (a gallery's album of nine pictures a
    page, found above the sample's address)."""
    fits = [c for c in candidates[1:] if c.like_sample >= MINIMUM_ITEMS and keep(c)]
    return max(fits, key=lambda c: c.like_sample, default=None)


def widest_of(
    candidates: list[ListCandidate], score: Callable[[ListCandidate], int] = lambda c: c.score
) -> ListCandidate | None:
    by_path: dict[tuple[str, str], ListCandidate] = {}
    for c in candidates:
        parts = urlsplit(c.url)
        key = (parts.netloc, parts.path)
        kept = by_path.get(key)
        if kept is None or (_query_size(c.url), -score(c), c.url) < (
            _query_size(kept.url),
            -score(kept),
            kept.url,
        ):
            by_path[key] = c
    if not by_path:
        return None
    return max(by_path.values(), key=lambda c: (score(c), -len(c.url), c.url))


def is_home(url: str) -> bool:
    """Whether `url` is a site's home page: its root, or an index file at the root."""
    path = urlsplit(url).path
    return path in ("", "/") or (path.count("/") == 1 and path[1:].startswith(("index.", "home")))


def adds_nothing(scored: ListCandidate, start: ListCandidate) -> bool:
    """Whether a linked page is no wider list than the start page, a list of links linking
    the sample: no table of rows, no list with facets but one of fewer than `MINIMUM_ROWS`
    items the start dwarfs (a module page whose few cross-links and a form look like a list
    with a facet: `dwarfed`), no more links shaped as the sample (times the pages its pager
    offers) than the start's. When the start is a list with facets itself, a list with facets
    showing no more items, facets and pages than it adds nothing either (every page of a
    documentation carrying the index's menu and its settings form)."""
    if scored.is_facetless_list:
        return False
    if start.is_list and scored.is_list:
        return (
            scored.items * scored.pages <= start.items * start.pages
            and scored.facets <= start.facets
            and scored.like_sample * scored.pages <= start.like_sample * start.pages
        )
    if scored.is_list and (scored.items >= MINIMUM_ROWS or not dwarfed(scored, [start])):
        return False
    return scored.like_sample * scored.pages <= start.like_sample * start.pages


def peers_of(scored: list[ListCandidate], rest: list[str], sample: str) -> set[str]:
    """The pages of `rest` shaped as the `sample` when a page of `scored` (the start page and
    the first round) lists `MINIMUM_ROWS` links shaped as it and none is a list with facets or
    a table of rows: the sample's peers, entities of that list (a module index's modules, a
    manual's nodes), not lists of them; none otherwise."""
    if any(c.is_list or c.is_facetless_list for c in scored):
        return set()
    if max((c.like_sample for c in scored), default=0) < MINIMUM_ROWS:
        return set()
    shape = sample_pattern(sample)
    return {u for u in rest if shape.matches(u)}


def closed_list(start: Snapshot, sample_page: Snapshot, sample: str, tree: frozenset[str]) -> bool:
    """Whether the `start` page's list of the sample's kind (its links shaped as the `sample`,
    and the entries of the table of contents holding it: `tree`) already holds every page of
    that kind the sample's own page links (`sample_page`: its previous and next pages, its
    sidebar's entries), one of them at least an entry of the list holding the sample on the
    start page: what the list's entities link of their kind leads nowhere the list does not,
    so no other page adds to it (a documentation's index beside guides and indexes of another
    kind). The sample's own members are none of its peers: pages whose file name carries a
    word of the sample's that no other page the list holds does (``method.TabView.append.html``
    and ``type_List.html`` beside ``class.TabView.html`` and ``List.html``: `_members_of`), nor
    the start page under its folder's other name (``/index.html`` for ``/``). A blog's front
    page of its newest posts is no such list (an older post links posts it does not show), nor
    a start page whose entries link only a menu beside it (the indexes a module's page
    carries: one of them may list more modules)."""
    listed, theirs = _peers(start, sample_page, sample, tree)
    beside = {entity_url(u) for u in listed_with_sample(start, sample)} | tree
    return bool(theirs & beside) and theirs <= listed


def holds_linked_peers(page: Snapshot, sample_page: Snapshot, sample: str, start: Snapshot) -> bool:
    """Whether `page`, a page linking the `sample`, links every page of the sample's kind the
    sample's own page links (`sample_page`; its own members left out, as `closed_list` does),
    or the sample's page links none: a reference page linking only its way back (an index, a
    contents) names no page of its kind that a list of them would miss. The entries of a list
    whose file names all begin alike (`MINIMUM_ROWS` of them at least) are of the kind that
    beginning names. The pages the `start` page links (the site's menu, the start itself) are
    none of its peers either."""
    listed, theirs = _peers(page, sample_page, sample, frozenset())
    menu = {folder_form(entity_url(u)) for u in (start.url, start.final_url)}
    menu |= {folder_form(entity_url(x.url)) for x in start.links}
    theirs = {u for u in theirs if folder_form(u) not in menu}
    # a list whose every entry's file name begins alike names its kind by that beginning
    # (``struct…`` beside the file pages of a flat folder): the sample's links to others
    # are none of its peers
    names = [_file_name(entity_url(u)) for u in listed_with_sample(page, sample)]
    prefix = _common_start(names) if len(names) >= MINIMUM_ROWS else ""
    return {u for u in theirs if _file_name(u).startswith(prefix)} <= listed


def _file_name(url: str) -> str:
    return urlsplit(url).path.rsplit("/", 1)[-1]


def _common_start(names: list[str]) -> str:
    """The characters every one of `names` begins with."""
    first, last = min(names), max(names)
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    return first[:size]


def links_no_peer(start: Snapshot, sample_page: Snapshot, sample: str) -> bool:
    """Whether the sample's own page (`sample_page`) links no page of its kind but for its own
    members and the `start` page: its only links are its way back to the lists (an index, a
    table of contents)."""
    return not _peers(start, sample_page, sample, frozenset())[1]


def _peers(
    start: Snapshot, sample_page: Snapshot, sample: str, tree: frozenset[str]
) -> tuple[set[str], set[str]]:
    """The pages of the sample's kind `start` lists (its links shaped as the `sample` on its
    host, and the entries of `tree`), and those the sample's own page links, the sample, its
    own members and `start` under either name left out."""
    shape = sample_pattern(sample)
    host = urlsplit(start.final_url).netloc

    def shaped(page: Snapshot) -> set[str]:
        return {
            entity_url(x.url)
            for x in page.links
            if urlsplit(x.url).netloc == host and shape.matches(x.url)
        }

    listed = shaped(start) | tree
    own = {sample, entity_url(sample_page.url), entity_url(sample_page.final_url)}
    home = {folder_form(entity_url(start.url)), folder_form(entity_url(start.final_url))}
    theirs = {u for u in shaped(sample_page) - own if folder_form(u) not in home}
    return listed, theirs - _members_of(sample, listed, theirs)


def _name_words(url: str) -> set[str]:
    """The words of `url`'s file name (its last segment, its extension left out), split at
    dots, underscores and hyphens."""
    segs = [s for s in urlsplit(url).path.split("/") if s]
    name = segs[-1] if segs else ""
    stem = name.rsplit(".", 1)[0] if "." in name else name
    return {w for w in re.split(r"[._-]+", stem) if w}


def _members_of(sample: str, listed: set[str], linked: set[str]) -> set[str]:
    """The pages of `linked` whose file name carries a word of the `sample`'s that no other
    page of `listed` carries: the sample's own members (its methods, its type's page)."""
    others = {w for u in listed if u != sample for w in _name_words(u)}
    words = _name_words(sample) - others
    return {u for u in linked if _name_words(u) & words}
