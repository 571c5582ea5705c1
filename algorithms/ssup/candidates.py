"""The pages SSUP's climb judges as candidate index pages of a page (Algorithm 1's candidates)
and those it leaves out before any download: the page's own tools, its list's views (its URL
with query parameters added, exports), its hash route's sections, and the links leading down
the tree. Pure: a page in, URLs out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from os.path import commonprefix
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from siteseer.algorithms.features.dom import (
    TagFeature,
    link_dom_path,
    link_path,
    linked_anchors,
    nested_list,
    paths_to,
)
from siteseer.algorithms.features.url import SIZE_TERM, tokens, url_schema
from siteseer.algorithms.features.urlshape import is_file, is_index_document, refines
from siteseer.algorithms.result import TraceEntry
from siteseer.algorithms.ssup.heads import declared_data
from siteseer.algorithms.ssup.probes import other_section, view_of
from siteseer.algorithms.ssup.yields import is_export, is_tool, names_export
from siteseer.render import Snapshot

if TYPE_CHECKING:
    from siteseer.crawler import Session

__all__ = [
    "candidates",
    "first_page",
    "first_pages",
    "folder_length",
    "listed_beside",
    "own_urls",
    "pager_bar",
    "path_terms",
    "refused",
    "refused_urls",
    "robots_refused",
    "url_length",
]


def own_urls(page: Snapshot) -> set[str]:
    """The URLs that name `page` (requested and final)."""
    return {page.url, page.final_url}


def candidates(
    sp: Snapshot, down_path: str | None, mode: TagFeature, *, climbed: bool
) -> tuple[list[str], list[tuple[str, list[str], str]]]:
    """The pages `sp` links to that Algorithm 1 judges, and those it leaves out (the trace's
    subject, the URLs, why) (see `Climb.top_index_page`).

    Choices: on a hash-routed document, sp's route with a query of its own (``#/page?id=part``,
    Docsify's sections) shows sp itself, not a page listing it; sp's own tools (its history,
    edit form, a permanent link to it: links that name it, `yields.is_tool`) show sp again;
    above the seed (`climbed`), sp's own URL with query parameters added, and exports of its
    data, are its list's views (`_variants`); the links in `down_path` lead down the tree, and so
    do those of the nested list holding it at other depths (`features.dom.nested_list`); a file
    no server answers as a page (a package, an archive, a database, a PDF, an image:
    `urlshape.is_file`) and an export of any page's data (the seed's record as ``.json``,
    `yields.is_export`; a feed its link names: "RSS" at ``?a=rss``, `yields.names_export`; a
    feed sp's head declares of its type, ``application/atom+xml``: `heads.declared_data`)
    list nothing; above the seed, a page of a folder just below the site root is listed from
    the root or from within that folder, not from another folder's pages
    (`probes.other_section`); above the seed, an entry of the list through which sp lists the
    page below, beside it (`listed_beside`), is no page above sp, unless it may be the first
    page of a list sp continues (`first_pages`)."""
    targets = own_urls(sp)
    urls = list(dict.fromkeys(link.url for link in sp.links))
    # A nested list is one list: its entries at other depths (a sitemap's top pages beside
    # the namespace holding the page below) lead down the tree as well.
    tree = None if down_path is None else nested_list(down_path)
    down = sorted(
        {
            link.url
            for link in sp.links
            if tree is not None
            and (link_path(link, mode) == down_path or nested_list(link_path(link, mode)) == tree)
        }
    )
    views = [u for u in urls if u not in targets and any(_section_of(u, t) for t in targets)]
    variants = _variants(sp, targets | set(views)) if climbed else []
    named = {link.url for link in sp.links if is_tool(link.url, link.text, sp.url)}
    tools = [u for u in urls if u in named and u not in targets | set(down) | set(variants)]
    exports = {link.url for link in sp.links if names_export(link.url, link.text)}
    exports |= declared_data(sp)
    files = [
        u
        for u in urls
        if (is_file(u) or is_export(u) or u in exports)
        and u not in targets | set(down) | set(variants) | named
    ]
    left_out = targets | set(down) | set(views) | set(variants) | set(tools) | set(files)
    # A section's page above the seed (``/std/index.html``) is listed from the site root or
    # its files, or from within its own folder: another section's documents (the book's
    # chapters, the sources) cite it in their text, they do not list it among pages like it.
    sections = (
        [u for u in urls if u not in left_out and other_section(u, sp.url)] if climbed else []
    )
    left_out |= set(sections)
    beside: list[str] = []
    firsts = first_pages(sp, urls) if climbed else frozenset()
    if climbed and down_path is not None:
        mates = row_mates(sp, down_path, mode)
        beside = [
            u
            for u in urls
            if u not in left_out
            and u not in firsts
            and (u in mates or listed_beside(sp, u, down_path, mode))
        ]
    left_out |= set(beside)
    pager = [u for u in pager_bar(sp, mode) if u not in left_out | firsts] if climbed else []
    left_out |= set(pager)
    skipped = [
        (
            f"{len(files)} files {sp.url} links to",
            files,
            "not downloaded: files of a format no server answers as a page (packages, archives, "
            "databases, documents, images) and exports of data list nothing",
        ),
        (
            f"{len(tools)} tools of {sp.url}",
            tools,
            "not downloaded: they name the page in their query (its history, its edit form, a "
            "permanent link to it), so they show it again",
        ),
        (
            f"{len(variants)} views of {sp.url}",
            variants,
            "not downloaded: its own URL with query parameters added (its list paged, sorted "
            "or filtered) or an export of its data",
        ),
        (
            f"{len(views)} sections of {sp.url}",
            views,
            "not downloaded: the page's own route with a query (its sections)",
        ),
        (
            f"{len(sections)} pages of other sections than {sp.url}'s",
            sections,
            "not downloaded: they lie in another folder below the site root than the one this "
            "section's page names, and a section is listed from the root or from within itself",
        ),
        (
            f"{len(down)} links below {sp.url}",
            down,
            "the path leading down the tree holds no index page of it",
        ),
        (
            f"{len(pager)} pages of the pager of {sp.url}",
            pager,
            "not downloaded: linked from a bar of links most of which read as a pager's "
            "(numbers, arrows, 'more', 'next'): the other pages and sizes of its own list",
        ),
        (
            f"{len(beside)} entries beside the page below {sp.url}",
            beside,
            "not downloaded: listed within the list through which the page lists the page "
            "below (a term beside its entries), an entry of that list, no page above it",
        ),
    ]
    return [u for u in urls if u not in left_out], [s for s in skipped if s[1]]


def pager_bar(sp: Snapshot, mode: TagFeature) -> list[str]:
    """The URLs of `sp`'s pager: the links of a link DOM path of `sp` holding two links or
    more, most of which read as a pager's (a number, arrows, pager words: `is_pager_text`),
    one at least by its words ("more", "next": `pager_words`).

    Choice (beyond the paper): above the seed, the pages a page's pager links are its own
    list's other pages and sizes (a log's "less", "more", "(0)", "-60" under another path than
    its own, which `_variants` does not read as its views), none a page listing it. A bar of
    numbers alone (a blog's years) names no pager by its words: its pages may be above it."""
    # querycentric imports SSUP's nested lists, which import this module.
    from siteseer.algorithms.querycentric.views import is_pager_text, pager_words

    labels: dict[str, list[str]] = {}
    for link in sp.links:
        labels.setdefault(link_path(link, mode), []).append(link.text)
    bar = {
        path
        for path, texts in labels.items()
        if len(texts) >= 2
        and 2 * sum(map(is_pager_text, texts)) > len(texts)
        and any(pager_words(t) for t in texts)
    }
    return list(dict.fromkeys(lk.url for lk in sp.links if link_path(lk, mode) in bar))


# A step of a link DOM path that opens a list (``ul``, ``dl[@class]``, ``table``).
_LIST_STEP = re.compile(r"^(?:ul|ol|dl|table)(?:\[|$)")


def listed_beside(sp: Snapshot, url: str, down: str, mode: TagFeature) -> str | None:
    """The link DOM path through which `sp` links to `url` from within the list through which
    it lists the page below (`down`): a path sharing with `down` the steps down to a list
    element (``dl/dt/a`` beside ``dl/dd/ul/li/a``), or None."""
    steps = down.split("/")
    for path in paths_to(sp, url, mode):
        shared = commonprefix([steps, path.split("/")])  # noqa: RUF071 (lists of steps)
        if any(_LIST_STEP.match(step) for step in shared):
            return path
    return None


def row_mates(sp: Snapshot, down: str, mode: TagFeature) -> set[str]:
    """The URLs `sp` links to from within the items of the list through which it lists the
    page below (`down`), beside an entry in its item: each entry's item is its highest
    ancestor holding no link of `down` to another page (a row of ``div`` blocks: a topic, the
    member who wrote it, the member who wrote last), when the list holds two entries or more.

    Choice: the pages an entry's item links beside it (its author, its last poster, its
    category) are about that entry; the page above sp lists sp among its siblings, it is no
    attribute of sp's entries. `listed_beside` reads a list's element on the link DOM paths;
    a list of blocks shows its items only in the tree."""
    paired = [(a, link.url) for a, link in linked_anchors(sp)]
    entries = [(a, url) for a, url in paired if link_dom_path(a, mode) == down]
    if len({url for _, url in entries}) < 2:
        return set()
    under: dict[Any, set[str]] = {}
    for a, url in entries:
        for e in a.iterancestors():
            under.setdefault(e, set()).add(url)
    items = set()
    for a, url in entries:
        item = None
        for e in a.iterancestors():
            if under[e] != {url}:
                break
            item = e
        if item is not None:
            items.add(item)
    mates = {url for a, url in paired if any(e in items for e in a.iterancestors())}
    return mates - {url for _, url in entries}


def _variants(sp: Snapshot, left_out: set[str]) -> list[str]:
    """The pages `sp` links to (but `left_out`) that show `sp`'s own list paged, sorted or
    filtered (its URL with query parameters added: ``?p=2``, ``?o=1``, ``?weather=rain``) or
    export its data (``/export/csv``).

    Choice: above the seed, such a page links back to sp through its list's own pager or
    controls, never as its index page, and an export is no page at all: not downloaded.
    """
    return [
        u
        for u in dict.fromkeys(link.url for link in sp.links)
        if u not in left_out and (refines(sp.url, u) or is_export(u))
    ]


def _section_of(url: str, page: str) -> bool:
    """Whether `url` is `page`'s own hash route with more query parameters (a section of it:
    ``/#/guide/a?id=part`` of ``/#/guide/a``)."""
    return bool(urlsplit(url).fragment) and url != page and view_of(url, page)


def first_pages(sp: Snapshot, urls: Sequence[str]) -> frozenset[str]:
    """The URLs among `urls` that may be the first page of a list `sp` continues: shorter than
    `sp`'s, sharing a path or query term with it, on its path or a path above it (a list's
    pages are ``/sports?page=4`` of ``/sports``, ``/2022/page/2`` of ``/2022``; see
    `first_page`): ``/tracker/users`` is no first page of ``/tracker/issues?page=2``."""
    ours = path_terms(url_schema(sp.url))
    path = _segments(sp.url)
    return frozenset(
        u
        for u in urls
        if url_length(u) < url_length(sp.url)
        and path_terms(url_schema(u)) & ours
        and path[: len(_segments(u))] == _segments(u)
    )


def first_page(current: Snapshot, peers: Sequence[Snapshot]) -> Snapshot | None:
    """The pagination peer with the shortest URL (fewest tokens, then fewest characters), when
    it is shorter than `current`'s: the first page of the list `current` continues (the climb
    goes on from there).

    Choice: a peer whose URL numbers more of its tokens than `current`'s (``mail2.html`` beside
    ``maillist.html``, ``/page/2/`` beside ``/``) is a later page of the list `current` begins,
    however short: a list's first page goes unnumbered."""
    ours = _numbered_tokens(current.url)
    first = [p for p in peers if _numbered_tokens(p.url) <= ours]
    if not first:
        return None
    shortest = min(first, key=lambda p: url_length(p.url))
    return shortest if url_length(shortest.url) < url_length(current.url) else None


def _numbered_tokens(url: str) -> int:
    """How many of `url`'s tokens hold a digit."""
    return sum(any(c.isdigit() for c in token) for token in tokens(url))


def url_length(url: str) -> tuple[int, int, str]:
    """A URL's length: its tokens, then its characters (then the URL, for a total order)."""
    return (len(tokens(url)), len(url), url)


def folder_length(url: str) -> tuple[int, int, str]:
    """`url_length` of `url` with a folder's index document read as the folder it names
    (``/index.html`` as the site root ``/``, ``/usage/index.html`` as ``/usage/``): a web server
    answers the folder's URL with it, and a site's pages link its home page by either name."""
    parts = urlsplit(url)
    head, _, last = parts.path.rpartition("/")
    if is_index_document(last):
        url = parts._replace(path=f"{head}/").geturl()
    return url_length(url)


def _segments(url: str) -> list[str]:
    return [s for s in urlsplit(url).path.split("/") if s]


def path_terms(schema: frozenset[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """The terms of a url-schema outside the host (token 1) and other than the size term."""
    return frozenset(t for t in schema if t[0] not in ("1", SIZE_TERM))


async def refused(session: Session, sp: Snapshot) -> list[str]:
    """The pages of the site `sp` links to (but itself and its tools) that robots.txt
    disallows: Algorithm 1 cannot judge them, and when the index pages of `sp` are among them
    (a wiki keeping its category and index pages from crawlers), no crawl that honours
    robots.txt reaches its lists there."""
    urls = dict.fromkeys(link.url for link in sp.links if not is_tool(link.url, link.text, sp.url))
    own = own_urls(sp)
    return [u for u in urls if u not in own and session.in_scope(u) and await session.disallowed(u)]


def refused_urls(trace: Sequence[TraceEntry]) -> list[str]:
    """The pages the climb noted robots.txt disallows (`Climb._robots`), in trace order."""
    return list(dict.fromkeys(u for e in trace if e.decision == "robots" for u in e.urls))


def robots_refused(trace: Sequence[TraceEntry]) -> str:
    """The reason's words on the pages robots.txt kept the climb from ("" when none): the
    index pages of the seed may be among them."""
    refused = refused_urls(trace)
    if not refused:
        return ""
    shown = ", ".join(refused[:5]) + (f" and {len(refused) - 5} more" if len(refused) > 5 else "")
    return f"; the index pages may be disallowed by robots.txt, which keeps it from {shown}"
