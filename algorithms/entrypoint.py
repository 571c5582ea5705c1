"""Entry points: from any page of an exploratory site to its widest list or search page.

Query-centric exploration starts at the widest query a site offers (all products, all results).
A user often has only the home page. `find_list_page(session, start)` scores the start page and,
when it is not a list page itself, every page it links to on its host:

- **entity items**: the size of the page's largest group of links that share a DOM path and a
  URL shape whose path varies (`querycentric.model.guess_entity_pattern`: the repeated items of
  a result list or grid);
- **facets**: its facet links under a facet heading, its Ajax facet controls and the choices of
  its forms (selects, radios, checkboxes) — what makes a list explorable.

A list page has at least `MINIMUM_ITEMS` entity items and at least one facet. The widest is the
one with the most entity items plus facets (a home page's featured grid, even beside a search
box, shows fewer items than the list or search page it links to). Choice: a candidate whose URL
only adds query conditions to another candidate's URL (``/shop?category=tops`` next to
``/shop``) lists a subset of it, so of the candidates sharing a path, the one with the fewest
query parameters stands for them.

When no page offers facets (a list whose filters take typed text, or none), the widest list is
the page showing the most entity items as *rows* of a table with a header (a CRUD list view:
`querycentric.rows.listed_fields`), at least `MINIMUM_ROWS` of them, the shorter URL on a tie; a
start page that is such a list is kept (with a sample, of the tables that link it when any does:
a family tree's table of surnames gives way to its table of people). A menu or a grid of links is no such list, nor a short
table on a content page (an agenda); exploring a table reads its rows' fields. Without such a
table either, a list of links is a list when an entity sample says which: the page linking the
sample with the most links shaped as it is (`EntityPattern.from_urls`, at least `MINIMUM_ROWS`:
an index of modules, a blog's posts), the start page on a tie; without a sample, the start. A
wider list that adds to the start page's list of the sample's kind only members of its entries
(pages of their folder named by an entry's file name and dotted parts more: an index of
modules listing ``Float.Array.html`` beside the start's ``Float.html``) gives way to the start
page (`members_beside`). A
page linking each of those pages over `REPEATED` times (an index of values, a row per value
naming its module) indexes what they hold and links none as a list would.

With a sample, the candidates that link it stand for the site's lists when any does (a git
browser's summary of the sample's repository, not of another), a list with facets among them
unless a list of links shows `DWARFED` times more pages shaped as the sample (a documentation
index beside module pages whose few cross-links and a form look like a list with a facet;
a sample that is its folder's index document, ``/std/collections/index.html``, is shaped as
``/std/*/*``: entities.py `sample_pattern`), and the chosen list's "more"
links ("[...]", "more", pager words to another path; `MAX_CONTINUATIONS` of them) are loaded
once: a page they lead to that links more pages shaped as the sample is the list (a summary's
ten newest commits stand for the log that pages them all).

When no page scored links the sample, their links to the sample's collection (a path ending
in the word the sample's address names it in: ``/issues`` for ``/issues/37875``) are loaded
and scored, one step further (a tracker's home page links its projects, whose tab is the list);
when no list of lists below (entrybeyond.py `lists_of_lists`) links it either, the pages the sample's
URL names above it (its folder and the folders above, not the root: a branch's folder
redirecting to its log, a wiki's folder listing its pages), and last the pages of the
sample's folder that the pages loaded link (its index document beside it: a package's
``00Index.html``, linked from the list of packages). When no list is found at all, the page
linking most pages shaped as the sample, at least `MINIMUM_ITEMS`, is the list (a gallery's
album of nine pictures a page, found above the sample's address: `shortest_linking`).

A start page that links nowhere and sends the browser on by a meta refresh (a documentation's
root redirecting to its first page) stands for the page it sends it to (`refresh_target`).

A start page that is a web server's listing of a folder's files (nearly every link named by its
own file name: Python's "Directory listing for /", Apache's "Index of /") lists every file
alike, member lists and data files beside the entity pages: the file it lists as the folder's
index document (``qtbluetooth-index.html``, `listing_index`) is loaded and stands for the start
page.

With a sample and no linked page near it, the start page listing fewer than `MINIMUM_ROWS`
links shaped as it, the pages of the first round that the sample's own page links are loaded
first, one at a time, then the start's later links it links, none shaped as it, where the start
links no site index (`_named_first`: a database's home page links the table's rows view after
its other tools): one listing more of its kind than the start page, or a
list with facets linking it, that links every page of its kind the sample's page links
(`holds_linked_peers`: the start page's links and, in a list whose every entry's file name
begins alike, pages named otherwise are none of its kind) ends the search there (a class page
naming the class index among a reference's menu). Of those, the pages the sample's page links
by a text naming the collection its address names it in ("View Tickets" for ``/ticket/17``:
`_titled_for_collection`) come first, and one that links none of its kind lists lists of
them: its items, `ROUND` at most, are loaded in turn (entrybeyond.py `lists_of_lists`), and
one listing `MINIMUM_ROWS` of its kind ends the search (a tracker's reports, the menu's wiki
and timeline not loaded). When no page of the first round links the
sample and the start's link to its site's index ("Sitemap") is among them, the rest of its
links are not loaded: the index is where the site lists its pages (a wiki's menu of
namespaces' start pages beside it). When the sample's page links none of the first
round, the few pages it links in its own folder (`MAX_CONTINUATIONS` at most: its folder's
index document, a help page's ``00Index.html``) are those pages.

Linked pages are loaded `ROUND` first, then the rest (`MAX_CANDIDATES` in all). A start page
holding the sample in its own nested list of `MINIMUM_ROWS` entries or more (a table of
contents, no menu: `tree_with_sample`) lists its kind: none of its entries is loaded. With a sample,
the linked pages nearest it come first (sharing a folder of its path, or its file name's first
word: `nearness`; of each tier, the pages named for the sample's collection first:
`names_collection`), loaded `ROUND` at a time before any other when the start page lists fewer
than `MINIMUM_ROWS` links shaped as the sample: the nearest alone first, and when it scores as
the start page does (the same entity items, facets, rows and links shaped as the sample: the
menu every page carries), it stands for the start's list and no other page is loaded
(`_nearest_same`: a home page draws that menu among lists of its own); once one lists that many, the farther pages are
not loaded (a function list in the functions' folder, a manual's ``sql-commands.html`` above
``sql-select.html``, a repository's page above its changesets), nor once a round adds no wider
list than the one an earlier round found (a documentation whose every page carries the home
page's menu: the farther pages carry it too). Else, on a start page that lists
`MINIMUM_ROWS` links shaped as it, the pages named for the sample's collection
(``/photologue/photolist/`` for ``/photologue/photo/yellowflower/``) are loaded first, one at a
time, and one listing more of its kind than the start page (times the pages its pager offers)
is the list, no other page loaded (`_collection_named`: a gallery's index showing a few photos
of each gallery). Else a start page that lists
`MINIMUM_ROWS` links shaped as it without facets (a documentation's index, whose every page
carries a menu of the same pages) loads none of its links shaped as the sample (its entities:
a manual's chapters, a module index's modules), and is the list, none of the others loaded,
when the sample's own page links no page of its kind that the start's list does not hold, one
of those it links at least an entry of that list (`closed_list`: what the list's entities link
leads nowhere it does not; a blog's front page of its newest posts is no such list, an older
post linking one it does not show), or else when no page of the first
round of the others is a wider one (a start that is a list with facets too, when no page of
that round shows more items, facets or pages: every page carrying its menu and a settings
form) (when the sample's page links no page of its kind at all,
only its way back to the lists, the pages it links among the start's are that round: a class
page linking only the index and its table of contents)
(a module page whose few links and a form read as a list with a facet, fewer than
`MINIMUM_ROWS` items that the start's links dwarf, is none): the rest are not loaded. Else, when the start page or a page of the
first round lists `MINIMUM_ROWS` links shaped as the sample and none is a list with facets or a
table of rows, the rest shaped as the sample (its peers: a module index's modules, a manual's
nodes) are not loaded: only the others are. A page linking each entity through a view of its
page (a mail archive's thread views ``<message>/T/#t``: throughviews.py) is scored as linking
the entities.

Not loaded: links that look like cart, account, log-in or log-out actions (`unsafe_reason`),
addresses whose path holds a value in angle brackets (a template's object printed unrendered,
``/revision/<bound method …>``, which the server answers with an error),
links to the entity pages themselves, the filtered views of the start page (its facet, sort and
page links: narrower by definition; a hash route's headings, ``#/?id=welcome``, on any page), and
links labelled as an ordering ("Sort title in alphabetical order": another order of a list,
wherever their path leads). A start page that is a list page and not the site's home page (its
root; a home page may carry the site's search form beside a featured grid) is kept as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.entrybeyond import (
    MAX_CONTINUATIONS,
    ancestors,
    beside_in_folder,
    collections,
    lists_of_lists,
    named_alike,
    site_index,
    site_index_link,
)
from siteseer.algorithms.entryscores import (
    MAX_CANDIDATES,
    MINIMUM_ITEMS,
    MINIMUM_ROWS,
    ListCandidate,
    adds_nothing,
    beside_sample,
    closed_list,
    holds_linked_peers,
    is_home,
    links_no_peer,
    list_score,
    members_beside,
    peers_of,
    shortest_linking,
    widest_list,
)
from siteseer.algorithms.nearness import collection_word, names_collection, nearness
from siteseer.algorithms.querycentric.entities import (
    listed_with_sample,
    sample_pattern,
    tree_with_sample,
)
from siteseer.algorithms.querycentric.model import (
    entity_url,
    guess_entity_pattern,
    unsafe_reason,
)
from siteseer.algorithms.querycentric.views import (
    folder_form,
    is_pager_text,
    names_an_order,
    narrower_view,
)
from siteseer.algorithms.result import TraceEntry
from siteseer.algorithms.run import Run, Stopped
from siteseer.algorithms.startpages import listing_index, refresh_target
from siteseer.crawler import Cost

if TYPE_CHECKING:
    from siteseer.crawler import Session
    from siteseer.render import Snapshot

__all__ = [
    "MINIMUM_ITEMS",
    "MINIMUM_ROWS",
    "EntryPoint",
    "ListCandidate",
    "find_list_page",
    "list_score",
]


@dataclass(frozen=True)
class EntryPoint:
    """Where to start exploring: `url`, the widest list page found from `start` (`start` itself
    when it is a list page, or when no list page was found: `found` is then False)."""

    start: str
    url: str
    found: bool
    candidates: tuple[ListCandidate, ...] = ()
    trace: tuple[TraceEntry, ...] = ()
    cost: Cost = field(default_factory=Cost)
    complete: bool = True
    reason: str = ""


def _canonical_sample(session: Session, entity_sample: str | None) -> str | None:
    """The sample entity page's canonical URL; None without one, or for no http(s) URL
    (explore itself says so)."""
    try:
        return session.canonical(entity_sample) if entity_sample else None
    except ValueError:
        return None


def _links(
    page: Snapshot, session: Session, *, views: bool = True, sample: str | None = None
) -> list[str]:
    """The pages worth scoring that `page` links to: same host, safe, neither entity pages nor,
    when `page` is a list (`views`) or in its hash route, filtered views of it (its facet, sort
    and page links; the links of a page that lists nothing that add a query to its address are
    other pages of one script: ``/?p=dpkg.git;a=summary``). The entity pages are those of the
    page's largest group of links alike; with an entity `sample` the page does not link, a group
    of fewer than `MINIMUM_ROWS` links not shaped as it is none (an admin's home page linking
    each table's list); without such a group, on a page that links a sample named by its
    fragment (a hash route), those shaped as it. Not the page itself under its folder's other
    name (``/`` and ``/index.html``: `folder_form`), nor an address whose path holds a value in
    angle brackets (``/revision/<bound method …>``: a template's value left unrendered). In the
    page's order, all of them."""
    guessed = guess_entity_pattern(page)
    pattern = guessed[0] if guessed is not None else None
    linked = sample and any(entity_url(x.url) == sample for x in page.links)
    if guessed is not None and sample and not linked and len(guessed[1]) < MINIMUM_ROWS:
        shape = sample_pattern(sample)
        pattern = pattern if any(shape.matches(u) for u in guessed[1]) else shape
    elif guessed is None and sample and linked and urlsplit(sample).fragment:
        # a hash-routed page's routes differ in their fragment, never in a path the guess
        # groups links by: the sample's own shape names the entity pages the page links
        pattern = sample_pattern(sample)
    here = page.final_url
    host = urlsplit(here).netloc
    # the page's folder and its index document are one page (``/`` and ``/index.html``)
    own = {folder_form(page.url), folder_form(here)}
    out: dict[str, None] = {}
    for link in page.links:
        url = link.url
        if (
            urlsplit(url).netloc != host
            or url in (page.url, here)
            or folder_form(url) in own
            or ((views or urlsplit(url).fragment) and narrower_view(here, url))
        ):
            continue
        if pattern is not None and pattern.matches(url):
            continue
        if unsafe_reason(url=url, text=link.text) or not session.in_scope(url):
            continue
        if _UNRENDERED.search(urlsplit(url).path):  # a template's value left unrendered
            continue
        if names_an_order(link.text):  # "Sort title in alphabetical order": a list's view
            continue
        out.setdefault(url)
    return list(out)


# An address whose path holds a value in angle brackets (``/revision/<bound method …>``): a
# template printed an object where a value belonged, and the server answers it with an error.
_UNRENDERED = re.compile(r"%3C.*?%3E", re.IGNORECASE)


async def _linked(
    run: Run, session: Session, pages: dict[str, Snapshot], links: list[str], sample: str | None
) -> tuple[dict[str, ListCandidate], str | None]:
    """The pages of `links` (into `pages`, whose first is the start page; `MAX_CANDIDATES` of
    them, the nearest the sample first when the start lists fewer than `MINIMUM_ROWS` of its
    kind, loaded first: `_near_list`), the first `ROUND` of them, then the rest. When the start page is a list of links linking the `sample`
    (`MINIMUM_ROWS` links shaped as it, no facets: a documentation's index, a wiki's list of
    pages), the pages shaped as the sample are its entities, none loaded, and when no page of
    the first round of the others is a wider list (`adds_nothing`), the start is the list, and
    the rest (the site's other pages, most carrying the same menu) are not loaded.
    Else the rest shaped as the sample are not loaded once a list of it is found (`peers_of`).
    The entries of a table of contents holding the sample (`tree_with_sample`) are never loaded.
    The scores it took (`list_score` with `sample`), by URL, for the caller to keep, and the
    page that stands for the start page's list when the page nearest the sample shows the same
    (`_nearest_same`; None else)."""
    start = next(iter(pages.values()))
    own = list_score(start, session.canonical, sample)
    # a nested list holding the sample (a documentation's menu): its entries, not lists
    tree = tree_with_sample(start, sample) if sample else frozenset()
    if len(tree) >= MINIMUM_ROWS and len(tree) > own.like_sample:
        run.note("entry", "tree", start.url, values={"entries": len(tree)})
        own = replace(own, like_sample=len(tree))
        links = [u for u in links if entity_url(u) not in tree]
    scored = {start.url: own}
    # a start listing the sample's kind itself is judged against the first round instead
    near = own.like_sample < MINIMUM_ROWS
    if sample and near:  # the pages nearest the sample first (sorted is stable)
        links = sorted(links, key=lambda u: nearness(u, sample), reverse=True)
    links = links[:MAX_CANDIDATES]
    # no page near the sample: the first round is loaded as it comes, those the sample's page
    # links first, one at a time, each a list it may name
    far = sample and near and not any(nearness(u, sample) > (0, False) for u in links)
    if far and await _named_first(run, session, pages, links, str(sample), scored):
        return scored, None
    if (
        sample
        and near
        and (same := await _nearest_same(run, session, sample, links, (pages, scored)))
    ):
        return scored, same
    if sample and near and await _near_list(run, session, pages, links, sample, scored):
        return scored, None
    links = [u for u in links if u not in scored]
    if sample and not near:
        # a start listing the sample's kind: the pages its list holds beside the sample are
        # its entities
        peers = peers_of([own], links, sample) & listed_with_sample(start, sample)
        if peers:
            run.note("entry", "peers-left", start.url, values={"left": len(peers)})
            links = [u for u in links if u not in peers]
    first, rest = links[:ROUND], links[ROUND:]
    if sample and not near and not own.is_list and links:
        # a start listing the sample's kind: when the sample's page (explore loads it anyway)
        # links no page of its kind that the start's list does not hold, no other page adds
        # to that list
        sample_page = (await run.fetch([sample], step="entry")).get(sample)
        if sample_page is not None and closed_list(start, sample_page, sample, tree):
            run.note("entry", "start-closed", start.url, values={"left": len(links)})
            return scored, None
        if sample_page is not None and links_no_peer(start, sample_page, sample):
            # its page links none of its kind, only its way back to the lists: those it
            # links are the first round
            named = set(_links(sample_page, session, sample=sample))
            own_round = [u for u in links if u in named][:ROUND]
            if own_round:
                run.note("entry", "sample-round", sample, values={"round": len(own_round)})
                first, rest = own_round, [u for u in links if u not in own_round]
    if (
        sample
        and not near
        and await _collection_named(run, session, sample, links, (pages, scored))
    ):
        return scored, None
    pages.update(await run.fetch(first, step="entry"))
    if rest and sample:
        scored |= {u: list_score(pages[u], session.canonical, sample) for u in first if u in pages}
        if own.like_sample >= MINIMUM_ROWS and all(
            adds_nothing(c, own) for c in list(scored.values())[1:]
        ):
            run.note("entry", "start-widest", start.url, values={"left": len(rest)})
            return scored, None
        index = site_index_link(start, session)
        if (
            index is not None
            and index[0] in first
            and not any(c.like_sample for c in scored.values())
        ):
            # no page of the round links the sample, the site's index among them: the lists
            # of the site's pages are there, not in the rest of its menu
            run.note("entry", "site-index-round", index[0], values={"left": len(rest)})
            return scored, None
        peers = peers_of(list(scored.values()), rest, sample)
        if peers:
            run.note("entry", "peers-left", start.url, values={"left": len(peers)})
            rest = [u for u in rest if u not in peers]
    pages.update(await run.fetch(rest, step="entry"))
    return scored, None


async def _named_first(
    run: Run,
    session: Session,
    pages: dict[str, Snapshot],
    links: list[str],
    sample: str,
    scored: dict[str, ListCandidate],
) -> bool:
    """The pages of the first round (the first `ROUND` of the start's `links`) that the
    sample's own page links (explore loads it anyway; its menu, a breadcrumb's class list), in
    the round's order, then, when it links any, the start's later links it links too (a
    database's rows view its home page links after its tools), none shaped as the sample (its
    peers), none on a start linking its site's index (whose round ends the search:
    `site_index_link`), loaded one at a time and scored, until one lists `MINIMUM_ROWS` links shaped as the sample, more than the
    start page, or is a list with facets of `MINIMUM_ROWS` items linking it, and links every
    page of its kind the sample's page links (`holds_linked_peers`): the list the sample names
    itself, kept in `pages` and `scored` (whose first is the start page). Whether one did: the
    rest of the round and the start's other links are then not loaded; else the round goes on
    as though none had been loaded (a page loaded is not loaded again)."""
    own = next(iter(scored.values()))
    start = pages[own.url]
    sample_page = (await run.fetch([sample], step="entry")).get(sample)
    if sample_page is None:
        return False
    named = _links(sample_page, session, sample=sample)
    linked = set(named)
    todo = [u for u in links[:ROUND] if u in linked]
    if todo and site_index_link(start, session) is None:
        shape = sample_pattern(sample)
        todo += [u for u in links[ROUND:] if u in linked and not shape.matches(u)]
    if not todo:
        # the sample's page names none of the round: the few pages it links beside it in its
        # own folder (its folder's index document, ``00Index.html`` beside ``iris.html``; a
        # page linking more of its folder links its peers)
        todo = [u for u in named if _in_folder(u, sample) and u not in pages]
        todo = todo if len(todo) <= MAX_CONTINUATIONS else []
    titled = _titled_for_collection(sample_page, sample)
    todo.sort(key=lambda u: u not in titled)  # stable: those titled for its kind first
    for url in todo:
        page = (await run.fetch([url], step="entry")).get(url)
        if page is None:
            continue
        candidate = list_score(page, session.canonical, sample)
        if (
            url in titled
            and not candidate.like_sample
            and await _lists_titled(run, session, (pages, scored), page, candidate, sample)
        ):
            return True
        wider = candidate.like_sample >= MINIMUM_ROWS and (
            candidate.like_sample * candidate.pages > own.like_sample * own.pages
        )
        faceted = candidate.is_list and candidate.like_sample and candidate.items >= MINIMUM_ROWS
        if (wider or faceted) and holds_linked_peers(page, sample_page, sample, start):
            run.note("entry", "sample-named", url, values={"like_sample": candidate.like_sample})
            pages[url], scored[url] = page, candidate
            return True
    return False


async def _collection_named(
    run: Run, session: Session, sample: str, links: list[str], found: _Found
) -> bool:
    """The start's `links` named for the sample's collection (`names_collection`:
    ``/photologue/photolist/`` for ``/photologue/photo/yellowflower/``), `MAX_CONTINUATIONS` at
    most, loaded one at a time and scored (into `pages` and `scored`, whose first is the start
    page, a list of the sample's kind), until one lists `MINIMUM_ROWS` links shaped as the
    sample, more (times the pages its pager offers) than the start page: the list the site
    names for the sample's kind, where a gallery's index shows a few of each gallery's.
    Whether one did: the start's other links are then not loaded."""
    pages, scored = found
    own = next(iter(scored.values()))
    named = [u for u in links if names_collection(u, sample)][:MAX_CONTINUATIONS]
    for url in named:
        page = (await run.fetch([url], step="entry")).get(url)
        if page is None:
            continue
        pages[url] = page
        scored[url] = candidate = list_score(page, session.canonical, sample)
        if (
            candidate.like_sample >= MINIMUM_ROWS
            and candidate.like_sample * candidate.pages > own.like_sample * own.pages
        ):
            run.note("entry", "collection-named", url, values={"left": len(links) - len(scored)})
            return True
    return False


def _titled_for_collection(sample_page: Snapshot, sample: str) -> set[str]:
    """The pages the sample's own page links by a text naming the collection its address names
    it in ("View Tickets" for ``/ticket/17``): the site's own way to the lists of its kind."""
    word = collection_word(sample)
    if not word:
        return set()
    return {
        x.url
        for x in sample_page.links
        if any(w.startswith(word) for w in re.split(r"[^a-z]+", x.text.casefold()))
    }


async def _lists_titled(
    run: Run, session: Session, found: _Found, page: Snapshot, candidate: ListCandidate, sample: str
) -> bool:
    """Whether `page`, titled for the sample's collection on the sample's page and linking none
    of its kind, lists lists of them (a tracker's reports, each a query of its tickets): its
    items, `ROUND` at most, are loaded in turn (`lists_of_lists`), and one linking
    `MINIMUM_ROWS` pages shaped as the sample is the list, kept in `pages` and `scored`."""
    pages, scored = found
    seen = {**pages, page.url: page}
    best = await lists_of_lists(run, session, seen, [candidate], sample, limit=ROUND)
    if not best or best[0].like_sample < MINIMUM_ROWS:
        return False
    run.note("entry", "titled-lists", page.url, values={"like_sample": best[0].like_sample})
    # the widest of them stands for them (the others are no candidates, as lists_of_lists has it)
    pages[page.url], pages[best[0].url] = page, seen[best[0].url]
    scored[page.url], scored[best[0].url] = candidate, best[0]
    return True


def _in_folder(url: str, sample: str) -> bool:
    """Whether `url` is a file of the folder the `sample` is a file of (not the site root's)."""
    here, there = urlsplit(sample), urlsplit(url)
    folder = here.path[: here.path.rfind("/") + 1]
    rest = there.path.removeprefix(folder)
    return (
        there.netloc == here.netloc
        and bool(folder.strip("/"))
        and rest != there.path
        and bool(rest)
        and "/" not in rest
    )


async def _near_list(
    run: Run,
    session: Session,
    pages: dict[str, Snapshot],
    links: list[str],
    sample: str,
    scored: dict[str, ListCandidate],
) -> bool:
    """The pages of `links` near the `sample` (sharing a folder of its path or its file name's
    first word: `nearness`), the nearest first, those of a tier named for the sample's
    collection (``/photologue/photolist/`` beside ``/photologue/gallery/2021/`` for
    ``/photologue/photo/yellowflower/``: `names_collection`) before its others, `ROUND` at a
    time, each scored (into `pages`
    and `scored`, whose first is the start page), until one lists `MINIMUM_ROWS` links shaped
    as the sample, more (times the pages its pager offers) than the start page: a list of the
    sample's kind lives beside it (a function list in the functions' folder, a manual's
    ``sql-commands.html`` above ``sql-select.html``, a repository's log above its changesets).
    A round that adds no wider list (`widest_list`) than the one an earlier round found ends the
    search as well (pages carrying the same menu: the farther ones add none either). Whether
    either happened: the farther pages are then not loaded."""
    own = next(iter(scored.values()))
    held = None  # the widest list a round found (`widest_list` of the pages scored)
    tiers: dict[tuple[int, bool, bool], list[str]] = {}
    for url in links:
        if (near := nearness(url, sample)) > (0, False):
            # of a tier, the pages named for the sample's collection first, alone
            tiers.setdefault((*near, names_collection(url, sample)), []).append(url)
    for tier in sorted(tiers, reverse=True):
        for at in range(0, len(tiers[tier]), ROUND):
            chunk = tiers[tier][at : at + ROUND]
            pages.update(await run.fetch([u for u in chunk if u not in pages], step="entry"))
            for url in chunk:
                if url in pages:
                    scored[url] = list_score(pages[url], session.canonical, sample)
            wider = [
                c
                for c in (scored[u] for u in chunk if u in scored)
                if c.like_sample >= MINIMUM_ROWS
                and c.like_sample * c.pages > own.like_sample * own.pages
            ]
            if wider:
                run.note(
                    "entry",
                    "near-list",
                    wider[0].url,
                    values={"left": len(links) - len(scored) + 1},
                )
                return True
            widest = widest_list(list(scored.values()))
            if held is not None and widest == held:
                # a round that adds no wider list than the one an earlier round found (pages
                # carrying the same menu): the farther pages add none either
                left = len(links) - len(scored) + 1
                run.note("entry", "near-yield", held.url, values={"left": left})
                return True
            held = widest if widest is not None and widest.url != own.url else None
    return False


# the pages loaded and the scores taken of them (the start page's first)
_Found = tuple[dict[str, "Snapshot"], dict[str, ListCandidate]]


async def _nearest_same(
    run: Run, session: Session, sample: str, links: list[str], found: _Found
) -> str | None:
    """The page of `links` nearest the `sample` (`nearness`), loaded alone and scored (into
    `pages` and `scored`, whose first is the start page, a page linking the sample), when it
    scores as the start page does, its entity items, facets, table rows and links shaped as the
    sample all the same: every page carries the start's menu and no list of its own (the
    farther pages carry it too, and none is loaded), and the page nearest the sample reads
    that menu as the sample's pages do (a home page draws it among lists of its own); None
    when there is no such page, or it scores otherwise."""
    pages, scored = found
    own = next(iter(scored.values()))
    url = next((u for u in links if nearness(u, sample) > (0, False)), None)
    if url is None or not own.like_sample:
        return None
    page = (await run.fetch([url], step="entry")).get(url)
    if page is None:
        return None
    pages[url] = page
    scored[url] = candidate = list_score(page, session.canonical, sample)
    if replace(candidate, url=own.url) != own:
        return None
    run.note("entry", "near-same", url, values={"like_sample": candidate.like_sample})
    return url


ROUND = 8  # linked pages loaded before judging whether any adds to the start page's list


def _more_links(page: Snapshot, paged: bool = False) -> list[str]:
    """The links of `page` to the rest of what it lists: pager words or an ellipsis ("[...]",
    "more", "» ") leading to another path of its host (a summary's "[...]" under its ten newest
    commits, to the log that pages them all). Not a link back ("Prev", "First"): what comes
    before a page (a manual's part above its chapter) is no rest of its list. On a list its
    own pager pages (`paged`), its pager's links are its own pages ("(0)", "-300": a log's
    earlier revisions), no wider list: only "more" and the ellipsis are."""
    here = urlsplit(page.final_url)
    out: dict[str, None] = {}
    for link in page.links:
        there = urlsplit(link.url)
        text = " ".join(link.text.split())
        if there.netloc != here.netloc or there.path == here.path or not text:
            continue
        if _BACK.search(text.lower()):
            continue
        if (is_pager_text(text) and not paged) or _MORE.fullmatch(text.lower()):
            out.setdefault(link.url)
    return list(out)[:MAX_CONTINUATIONS]


_MORE = re.compile(r"[\[(]?\s*(?:\.{3}|…|more|see all|view all|show all|all)\s*[\])]?")
_BACK = re.compile(r"\b(?:prev|previous|first)\b")


async def _continued(
    run: Run, session: Session, page: Snapshot, best: ListCandidate, sample: str
) -> ListCandidate:
    """`best`, or the page its "more" links lead to that links more pages shaped as the sample
    (`_more_links`): a list's short excerpt stands for the whole list it links. A "more" link
    to a page shaped as the sample leads to one of its entities (a log's "Older" beside each
    revision's row, to that revision), no further list: not loaded."""
    shape = sample_pattern(sample)
    more = _more_links(page, paged=best.pages > 1)
    urls = [u for u in more if u not in run.pages and not shape.matches(u)]
    if not urls:
        return best
    try:
        fetched = await run.fetch(urls, step="entry")
    except Stopped:
        return best
    for linked in fetched.values():
        scored = list_score(linked, session.canonical, sample)
        run.note("entry", "continue", linked.url, values={"like_sample": scored.like_sample})
        if scored.like_sample > best.like_sample:
            best = scored
    return best


async def find_list_page(
    session: Session, start: str, entity_sample: str | None = None
) -> EntryPoint:
    """The widest list or search page among `start` and the pages it links to (see the module
    docstring; `entity_sample`, one entity page, tells a list of links without facets or table
    rows). Never raises for a bad start or a spent budget: the EntryPoint is then incomplete,
    with the reason, and points at `start`."""
    run = Run(session)
    candidates: list[ListCandidate] = []
    pages: dict[str, Snapshot] = {}
    url, found = start, False
    sample = None
    same = None  # the page standing for the start's list, when one shows the same
    try:
        page = await run.seed(start)
        # named once the start is loaded: a sample's fragment is kept where the start page's
        # load found its document hash-routed
        sample = _canonical_sample(session, entity_sample)
        refreshed = refresh_target(page)
        if refreshed is not None:
            # a start page that only sends the browser on (a documentation's root redirecting
            # to its first page) stands for the page it sends it to
            run.note("entry", "refresh", page.url, note=f"sends the browser to {refreshed}")
            page = (await run.fetch([refreshed], step="entry")).get(refreshed) or page
            start = page.url
        index = listing_index(page, sample)
        if index is not None:
            # a server's listing of a folder's files lists every file alike: the folder's index
            # document is the site's own start page
            run.note("entry", "file-listing", page.url, note=f"its index document {index}")
            page = (await run.fetch([index], step="entry")).get(index) or page
            start = page.url
        pages[page.url] = page
        listing = list_score(page, session.canonical).is_list
        known: dict[str, ListCandidate] = {}
        if is_home(page.final_url) or not listing:
            links = _links(page, session, views=listing, sample=sample)
            known, same = await _linked(run, session, pages, links, sample)
        for linked in pages.values():
            scored = known.get(linked.url) or list_score(linked, session.canonical, sample)
            candidates.append(scored)
            values = {"items": scored.items, "facets": scored.facets, "rows": scored.rows}
            if sample:
                values["like_sample"] = scored.like_sample
            run.note("entry", "score", linked.url, values=values)
        if sample and not any(c.like_sample for c in candidates):
            candidates += await collections(run, session, pages, sample)
        if sample and not any(c.like_sample for c in candidates):
            candidates += await lists_of_lists(run, session, pages, candidates, sample)
        if sample and not any(c.like_sample for c in candidates):
            candidates += await ancestors(run, session, pages, sample)
        if sample and not any(c.like_sample for c in candidates):
            candidates += await beside_in_folder(run, session, pages, sample)
        if sample and not any(c.like_sample for c in candidates) and not widest_list(candidates):
            candidates += await named_alike(run, session, pages, sample)
    except Stopped:
        pass  # run.reason says why
    best = widest_list(candidates)
    if best is None and same is not None:
        best = next(c for c in candidates if c.url == same)
    # a start page that links the sample is its list when no page lists more of its kind; one
    # that does not may lead to a shorter list of it, or to the site's index
    if best is None and sample and candidates and not candidates[0].like_sample:
        best = beside_sample(candidates, pages[candidates[0].url], sample)
        if best is None and run.complete:
            best = await site_index(run, session, pages, pages[candidates[0].url], sample)
        if best is None:
            best = shortest_linking(candidates)
    if best is not None and sample and best.like_sample and candidates:
        if members_beside(candidates[0], best, pages, sample):
            run.note("entry", "members", best.url, note="adds only members of the start's entries")
            best = candidates[0]
        best = await _continued(run, session, pages[best.url], best, sample)
    if best is not None:
        url, found = (start if best.url == candidates[0].url else best.url), True
        note = "" if best.is_list else "no page offers facets: the list with most entity items"
        if not best.is_list and not best.is_facetless_list:
            note = "no facets, no table of rows: the list linking the entity sample"
        run.note("entry", "keep", url, values={"score": best.score}, note=note)
    return EntryPoint(
        start=start,
        url=url,
        found=found,
        candidates=tuple(candidates),
        trace=tuple(run.trace),
        cost=run.cost(),
        complete=run.complete,
        reason=run.reason,
    )
