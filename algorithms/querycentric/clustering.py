"""OnlineClustering (Algorithm 1) of one exploration, over the Explorer (core.py): a query's
list pages through its pager links (`cluster_many`: a pager's page is the list's by its address,
by its links, by its links but for one place each: `placeless_alike`, or at the list's path
listing only new entities; walked forward: a later page's "previous page", read by no link of
the first page, is not loaded, nor, where the first page reads as page 1, its own "previous"
or a later page's "1"), the start query's pages with those a documentation tree, a tree of
folders or of lists goes on to (`start_pages`), and the start list at its largest page size
(`largest_page_size`: a page-size link's, else every entity at once where a link or form of its
own list names such a size, else the size its "less" and "more" links bracket).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.algorithms.querycentric.folders import folder_pages
from siteseer.algorithms.querycentric.model import (
    entity_url,
    first_page_form,
    item_links,
    page_size_links,
    pagination_candidates,
    query_links,
    same_list_address,
    same_query,
    unsafe_reason,
    without_page_keys,
    zero_based_pages,
)
from siteseer.algorithms.querycentric.sections import section_pages
from siteseer.algorithms.querycentric.treelists import tree_list_pages
from siteseer.algorithms.querycentric.views import pager_words
from siteseer.algorithms.querycentric.widening import Widths, bracketed_size
from siteseer.algorithms.run import Run
from siteseer.algorithms.ssup.sizes import ALL_ENTRIES, size_offers
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.algorithms.querycentric.core import Explorer

__all__ = ["cluster_many", "largest_page_size", "placeless_alike", "start_pages"]


def _lx(ex: Explorer, snap: Snapshot) -> frozenset[str]:
    assert ex.pattern is not None
    return query_links(snap, ex.pattern, ex.containers)


async def largest_page_size(ex: Explorer, root: Snapshot) -> Snapshot:
    """`root` at the largest page size its page-size links offer (`root` itself when it has
    none, or when all its results fit on it)."""
    sizes = page_size_links(root, ex.canonical)
    if not sizes:
        return await _exported_size(ex, root)
    shown = len(ex.entities(root))
    url, size = max(sizes.items(), key=lambda kv: (kv[1], kv[0]))
    for other, n in sorted(sizes.items()):
        if other != url:
            ex.skip(other, "page-size", f"{n} a page; {size} chosen", "q0")
    assert ex.pattern is not None
    if size <= shown:
        ex.skip(url, "page-size", f"{size} a page is not more than the {shown} shown", "q0")
        return root
    if not pagination_candidates(root, ex.pattern, ex.canonical):
        ex.skip(url, "page-size", f"all results fit on the page shown ({shown})", "q0")
        return root
    bigger = await ex.page(url)
    if bigger is None or ex.kind(bigger) != "list":
        return root
    ex.run.note("page-size", "choose", url, values={"per_page": float(size)})
    return bigger


async def start_pages(ex: Explorer, first: Snapshot) -> list[Snapshot]:
    """The start query's list pages: `first`'s and its pager's (`cluster`), then the
    pages a documentation tree (sections.py), a tree of folders (folders.py) or a tree of lists
    of one template (treelists.py) goes on to."""
    pages = await ex.cluster(first, "q0")
    more = await section_pages(ex, pages) + await folder_pages(ex, pages)
    return pages + more + await tree_list_pages(ex, pages)


async def cluster_many(
    ex: Explorer, firsts: Sequence[Snapshot], names: Sequence[str]
) -> list[list[Snapshot]]:
    """The list pages of each of `firsts`' queries, following pager links (first page first; not a
    link to one of the list's own entities: a documentation's "Next" to its first chapter), for several queries at once: each round fetches the pager links of every
    query's newest pages in one batch, until the run's Halt fires (`_unless_halted`)."""
    assert ex.pattern is not None
    pages = [[first] for first in firsts]
    zero = [zero_based_pages(f) for f in firsts]
    seen = [
        {first_page_form(f.url, zero_based=z), first_page_form(f.final_url, zero_based=z)}
        for f, z in zip(firsts, zero, strict=True)
    ]
    if (lxs := _unless_halted(ex.run, partial(_lx, ex), firsts)) is None:
        return pages
    apart = [_apart(first, ex.containers) for first in firsts]
    ahead = [_pager_texts(first) for first in firsts]  # the words the first page steps on by
    one = [_reads_as_page_one(first) for first in firsts]
    # each page to go on from, and whether a step on led to it ("next page", no number)
    frontier = [(i, first, False) for i, first in enumerate(firsts)]
    widths = [Widths() for _ in firsts]  # one pagination form a list (widening.py)
    while frontier and not ex.run.stopping():
        candidates: list[tuple[int, str, Snapshot]] = []
        for i, snap, stepped in frontier:
            listed = set(ex.entities(snap))  # a "Next" to one of them: no list page
            back = _backward(ahead[i], snap) if stepped else frozenset()
            before = _before_first(snap, firsts[i], one[i])
            above = _above(snap)
            for url in pagination_candidates(snap, ex.pattern, ex.canonical):
                form = first_page_form(url, zero_based=zero[i])
                if url in above:  # a "Prev" to the page "Up" names: up the tree, no list page
                    ex.run.note("cluster", "up", url, note=names[i])
                    continue
                if url in back and form not in seen[i]:  # a page on may still link it
                    ex.run.note("cluster", "backward", url, note=names[i])
                    continue
                if url in before and form not in seen[i]:
                    seen[i].add(form)  # page 1 however another page links it
                    ex.run.note("cluster", "page-one", url, note=names[i])
                    continue
                fresh = form not in seen[i] and widths[i].allows(url, snap)
                if fresh and not unsafe_reason(url=url) and entity_url(url) not in listed:
                    seen[i].add(form)
                    candidates.append((i, url, snap))
        if not candidates:
            break
        frontier = []
        fetched = await ex.pages([url for _, url, _ in candidates])
        for (i, url, source), got in zip(candidates, fetched, strict=True):
            if got is None or ex.run.stopping():
                continue
            seen[i].add(first_page_form(got.final_url, zero_based=zero[i]))
            # the two pages compared without what either holds apart
            drop = apart[i] | _apart(got, ex.containers)
            lx, ly = lxs[i] - drop, _lx(ex, got) - drop
            same = same_list_address(firsts[i].final_url, got.final_url)
            eps = ex.settings.epsilon
            # a history's pages link its tools at their own place (/graph/<node>)
            alike = same_query(lx, ly, eps) or placeless_alike(lx, ly, eps)
            onward = _onward(pages[i], got, ex.entities)
            if widths[i].learn(source, got, ex.entities, pages[i]):
                ex.run.note("page-size", "view", url, note=names[i])
                continue
            if _listing(ex, got) and (same or alike or onward):
                pages[i].append(got)
                frontier.append((i, got, _steps_on(source, url, ahead[i])))
            else:
                score = _jaccard(lx, ly)
                ex.run.note("cluster", "other-query", url, values={"jaccard": score}, note=names[i])
    return pages


async def _exported_size(ex: Explorer, root: Snapshot) -> Snapshot:
    """`root` asking for every entity at once where a link or form of its own list names a
    size parameter so (SSUP's `size_offers`: its export's ``/airports.csv?_size=max``, a size
    no page-size link offers; a number there may be a facet's value, a shoe's size 46), when
    that page lists more than `root`; without one, the size its "less" and "more" links
    bracket (widening.py `bracketed_size`); `root` itself otherwise."""
    shown = ex.entities(root)
    offers = [url for url, size in size_offers(root, len(shown)) if size == ALL_ENTRIES]
    if not offers:
        return await bracketed_size(ex, root)
    url = ex.canonical(offers[0])
    bigger = await ex.page(url)
    if bigger is None or ex.kind(bigger) != "list" or len(ex.entities(bigger)) <= len(shown):
        ex.skip(url, "page-size", "every entity asked for lists no more on the page", "q0")
        return root
    ex.run.note("page-size", "choose", url, note="every entity, as a link or form of the list asks")
    return bigger


def _unless_halted(
    run: Run, links: Callable[[Snapshot], frozenset[str]], pages: Sequence[Snapshot]
) -> list[frozenset[str]] | None:
    """`links` of each page; None once the run's Halt (a time limit, Ctrl-C) has fired between
    two. Comparing a page's links parses its list: over hundreds of loaded pages, a round that
    went on would hold the run (and its signals) for minutes."""
    out: list[frozenset[str]] = []
    for page in pages:
        if run.stopping():
            return None
        out.append(links(page))
    return out


def _pager_texts(first: Snapshot) -> frozenset[frozenset[str]]:
    """The pager's words of each link of `first`, a list's first page, that reads as a pager's
    ("next page", "older posts"): the ways on from it."""
    return frozenset(words for link in first.links if (words := pager_words(link.text)))


def _steps_on(source: Snapshot, url: str, ahead: frozenset[frozenset[str]]) -> bool:
    """Whether `source` links `url` by a pager's words the list's first page reads (`ahead`),
    none an end's ("next page", "older"): one step on, where a number or "last" may jump past
    pages that a step back from there reaches (a blog's last page, then its "Previous")."""
    read = [pager_words(link.text) for link in source.links if link.url == url]
    return bool(read) and all(words in ahead and not words & _ENDS for words in read)


_ENDS = frozenset({"first", "last"})


def _backward(ahead: frozenset[frozenset[str]], snap: Snapshot) -> frozenset[str]:
    """The links of `snap`, a page one step on from another of its list, that read only as a
    pager's words no link of the list's first page reads (`ahead`: "previous page" where the
    first page offers "next page"; "newer" where it offers "older"): the way back to the pages
    walked through, not always at an address seen (a cursor's ``?pageuntil=<title>`` beside
    ``?pagefrom=``)."""
    read: dict[str, set[frozenset[str]]] = {}
    for link in snap.links:
        read.setdefault(link.url, set()).add(pager_words(link.text))
    return frozenset(u for u, texts in read.items() if all(w and w not in ahead for w in texts))


_BACK = frozenset({"previous", "prev"})


def _above(snap: Snapshot) -> frozenset[str]:
    """The pages `snap` links as the one above it ("Up", "Parent": a documentation's navigation
    header): a "Prev" beside such a link to the same page leads up its tree, to no other page
    of its list (a reference's first chapter, whose previous page is the part holding it)."""
    return frozenset(
        link.url for link in snap.links if " ".join(link.text.split()).casefold() in _UP
    )


_UP = frozenset({"up", "parent", "up one level"})


def _reads_as_page_one(first: Snapshot) -> bool:
    """Whether `first`, a list's first page, reads as its page 1: its pager links a page "2"
    and none "1" (the page being read)."""
    texts = {link.text.strip() for link in first.links}
    return "2" in texts and "1" not in texts


def _before_first(snap: Snapshot, first: Snapshot, one: bool) -> frozenset[str]:
    """The links of `snap` that lead back to `first`, its list's first page, when that reads as
    page 1 (`one`): a later page's link reading "1", and `first`'s own links reading only as a
    step back ("previous": a pager's idle "previous" still carrying an address, the list's
    unpaged form): nothing is listed before page 1, and page 1 is `first` (at another address:
    ``/questions/`` beside ``/questions/all/page:1/``)."""
    if not one:
        return frozenset()
    if snap is not first:
        return frozenset(link.url for link in snap.links if link.text.strip() == "1")
    read: dict[str, set[frozenset[str]]] = {}
    for link in snap.links:
        read.setdefault(link.url, set()).add(pager_words(link.text))
    return frozenset(u for u, texts in read.items() if all(w and w <= _BACK for w in texts))


def _apart(snap: Snapshot, containers: frozenset[str] | None) -> frozenset[str]:
    """The links of `snap` another page of its list need not share: those inside its result
    items (they change with the items; the same author or tag link elsewhere on a page, as a
    featured post's, is no link of the query) and its own addresses (a link to the first page
    from the others)."""
    items = item_links(snap, containers) if containers else set()
    return frozenset(map(without_page_keys, items | {snap.url, snap.final_url}))


def _onward(
    pages: list[Snapshot], got: Snapshot, entities: Callable[[Snapshot], Sequence[str]]
) -> bool:
    """Whether `got`, a pager's page at the list's own path, lists only entities its pages so
    far do not: the list's next page whatever its links (a timeline's "More" sets its place,
    ``?b=<date>``, and every link it draws carries that place)."""
    a, b = urlsplit(pages[0].final_url), urlsplit(got.final_url)
    theirs = set(entities(got))
    if (a.netloc, a.path) != (b.netloc, b.path) or not theirs:
        return False
    return not theirs & {e for p in pages for e in entities(p)}


def placeless_alike(lx: frozenset[str], ly: frozenset[str], epsilon: float) -> bool:
    """Whether two pages' links are alike when a link may differ from its match in one path
    segment or query value: a list's pages link its tools at their own place in it (a commit
    log's pages link the graph and the files at their first commit: ``/repo/graph/tip`` on the
    first, ``/repo/graph/411e93a68348`` on the next). Both sides' links matched, over all."""
    kx, ky = _place_keys(lx), _place_keys(ly)
    all_x, all_y = _all(kx), _all(ky)
    matched = sum(1 for u in lx if u in ly or kx[u] & all_y)
    matched += sum(1 for u in ly if u in lx or ky[u] & all_x)
    total = len(lx) + len(ly)
    return total > 0 and matched / total > 1 - epsilon


def _all(keys: Mapping[str, frozenset[str]]) -> frozenset[str]:
    return frozenset(k for ks in keys.values() for k in ks)


def _place_keys(urls: frozenset[str]) -> dict[str, frozenset[str]]:
    """Each URL's forms with one of its path segments or query values a wildcard."""
    out: dict[str, frozenset[str]] = {}
    for url in urls:
        parts = _PLACE.split(url)
        keys = {
            "".join(p if j != i else "*" for j, p in enumerate(parts))
            for i in range(1, len(parts), 2)
        }
        out[url] = frozenset(keys)
    return out


_PLACE = re.compile(r"(?<=[/=])([^/=&;?#]+)")


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = a | b
    return round(len(a & b) / len(union), 4) if union else 1.0


def _listing(ex: Explorer, got: Snapshot) -> bool:
    """Whether a page a pager link led to lists results: a list page, or a page the entity
    pattern takes in that shows result entities where the list does (a pattern learned from
    ``/msg00000.html`` is ``/*``: the next page ``/mail2.html`` is one of its)."""
    kind = ex.kind(got)
    return kind == "list" or (kind == "entity" and bool(ex.entities(got)))
