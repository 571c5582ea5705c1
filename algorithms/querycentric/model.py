"""The query-centric model of an exploratory site (seed 004), as pure functions over Snapshots.

An exploratory site answers conjunctive queries ``{a1 = v1, …}``: *list pages* (or list *states*,
for Ajax facets) show the entities ``E_q`` of a query q, *entity pages* describe one entity.
This module holds every decision of the exploration that needs no I/O:

- `EntityPattern`: which URLs are entity pages, learned from a sample entity URL (or guessed
  from the largest repeated group of links on a list page, `guess_entity_pattern`);
  `result_entities` the entity links of a page's result list (the container holding most entity
  links, so "featured" boxes do not count — Section 4.2, step 1).
- `classify_page`: entity page, list page or other (Section 4.1).
- `clean_label`, `facet_heading`, `link_facets` (controls.py: `control_facets`): a drill-down's
  value is the label text without counts such as "(4)", its attribute the facet heading above it
  (Section 4.2, step 3).
- `jaccard`, `pagination_candidates`, `same_query`: OnlineClustering (Algorithm 1) — list pages
  of one query share their non-entity links, ``|l_x ∩ l_y| / |l_x ∪ l_y| > 1 − ε``.
- `unsafe_reason` (the safety filter, algorithms/querycentric/safety.py) re-exported.

Two seams of the model live beside it: queries.py (the queries' index, an Ajax state's identity,
the attributes inferred from the queries) and formfields.py (the form enumeration).

Pure: URLs come from the Snapshot's links, already canonical by the crawl's rules. The two
things that still need those rules — an href read from the tree that no link accounts for, and
the URL of a form submission built here — take them as a `Canonical` (the Session's
`canonical`) from the caller; nothing here imports the crawler.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Literal, Protocol
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from siteseer.algorithms.features.outline import leaf_suffix
from siteseer.algorithms.features.url import path_segments as _segments
from siteseer.algorithms.features.url import route
from siteseer.algorithms.querycentric.items import (
    item_links,
    linked_anchors,
    path_steps,
    result_container,
    sublist_links,
)
from siteseer.algorithms.querycentric.labels import (
    clean_label,
    facet_heading,
    is_selected,
    label_count,
    norm_ws,
    tail_count,
)
from siteseer.algorithms.querycentric.safety import unsafe_reason
from siteseer.algorithms.querycentric.shapes import alike_container, kind_of, namespace, query_pairs
from siteseer.algorithms.querycentric.views import (
    PAGE_KEYS,
    VIEW_WORDS,
    date_field,
    form_pager_links,
    in_header_cell,
    is_all_value,
    is_display_toggle,
    is_format_key,
    is_number_text,
    is_pager_text,
    names_a_pager,
    names_an_order,
    path_page,
    points_up_or_down,
    rel_pager_urls,
    sets_page_size,
)
from siteseer.render import Control, Link, Snapshot

__all__ = [
    "ORDERING_WORDS",
    "PAGE_SIZE_WORDS",
    "SORT_WORDS",
    "Canonical",
    "Condition",
    "EntityPattern",
    "Facet",
    "FacetLabel",
    "PageKind",
    "anchor_urls",
    "carries_state",
    "classify_page",
    "clean_label",
    "drilldown_labels",
    "entity_url",
    "facet_heading",
    "first_page_form",
    "guess_entity_pattern",
    "is_page_key",
    "is_page_size_key",
    "is_subset",
    "item_links",
    "jaccard",
    "label_count",
    "link_facets",
    "list_links",
    "load_more_control",
    "ordering_links",
    "page_size_links",
    "pagination_candidates",
    "path_steps",
    "query_links",
    "query_params",
    "result_container",
    "result_entities",
    "same_list_address",
    "same_query",
    "unsafe_reason",
    "without_page_keys",
    "words_match",
    "zero_based_pages",
]

PageKind = Literal["entity", "list", "other"]
Condition = tuple[str, str]
FacetLabel = tuple[str, str]  # (attribute, value), both as displayed (counts stripped)


class Canonical(Protocol):
    """The crawl's canonicalisation, `Session.canonical`: the absolute canonical form of `url`
    (resolved against `base`); raises ValueError when it is not an http(s) URL."""

    def __call__(self, url: str, base: str | None = None, /) -> str: ...


# Words that mark a control or link group as re-ordering the same results, or choosing how many
# results a page shows. Either way the query does not change.
ORDERING_WORDS = ("sort", "order", "orderby", "ordering", "sortby", "sort_by", "order_by", "dir")
PAGE_SIZE_WORDS = ("per", "per_page", "perpage", "page_size", "pagesize", "limit", "show", "n")
# Words of a facet heading or form label that mark its choices as sort orders.
SORT_WORDS = ("sort", "order", "sorted")

# -- URLs -------------------------------------------------------------------------------------


def _host(url: str) -> str:
    """The ``host[:port]`` of a canonical URL (its port only when not the scheme's default)."""
    return urlsplit(url).netloc.rpartition("@")[2].lower()


# An entity pattern's path stays the document's (its fragment matches any route); its query
# keys are the route's (`features.url.route`): a list's pager and filter states are no entities.
def _route_query(url: str) -> str:
    """The query of `url`'s route (`features.url.route`), a query separated by ";" (HTML 4's
    alternative to "&", as gitweb writes) read as "&"-separated."""
    return route(url)[1].replace(";", "&")


def _has_fragment(url: str) -> bool:
    return bool(urlsplit(url).fragment)


def _query_keys(url: str) -> tuple[str, ...]:
    pairs = query_pairs(_route_query(url))
    return tuple(sorted({k for k, v in pairs if not carries_state(v)}))


_EMBEDDED_QUERY = re.compile(r"^[A-Za-z_][\w.\-\[\]]*=[^=]")


def carries_state(value: str) -> bool:
    """Whether a parameter's (decoded) value carries where the visitor came from — a query
    string (an admin's ``_changelist_filters=p%3D2``, ``o=-1&weather=rain``) or an address
    (``/list/?page=2``) — rather than naming anything: no part of an entity's address."""
    return bool(_EMBEDDED_QUERY.match(value)) or value.startswith(("/", "http://", "https://"))


@lru_cache(maxsize=1 << 16)
def entity_url(url: str) -> str:
    """An entity link's URL without the parameters that carry the list's state back
    (`carries_state`): the row links of an admin's second page or filter results
    (``…/51/change/?_changelist_filters=p%3D2``) name the entity ``…/51/change/``."""
    return _without(url, lambda _, value: carries_state(value))


@lru_cache(maxsize=1 << 16)
def _query(url: str) -> dict[str, list[str]]:
    """`url`'s query parameters (its route's, `features.url.route`), each key's values in
    order; parsed once per URL (every link of every list page is compared with its page), read
    and never changed."""
    out: dict[str, list[str]] = defaultdict(list)
    for key, value in parse_qsl(_route_query(url), keep_blank_values=True):
        out[key].append(value)
    return dict(out)


def query_params(url: str) -> dict[str, list[str]]:
    """`url`'s query parameters (its route's), each key's values in order: read, never changed."""
    return _query(url)


@lru_cache(maxsize=1 << 16)
def _url_shape(url: str) -> tuple[str, tuple[str, ...], tuple[str, ...], bool]:
    """What an entity pattern compares of a URL (host, path segments, query keys, fragment),
    parsed once per URL: every list page's every link is matched, again and again."""
    return _host(url), _segments(url), _query_keys(url), _has_fragment(url)


@dataclass(frozen=True, slots=True)
class EntityPattern:
    """Which URLs are entity pages: same host, same path depth, same leading literal segments
    (e.g. ``/product/<id>/<slug>`` → prefix ``("product",)``, depth 3), the same query keys, and
    a fragment when the samples have one (the states of a hash-routed page, ``/#<title>``: URLs
    keep a fragment only there, see crawler.hashrouting)."""

    host: str
    prefix: tuple[str, ...]
    depth: int
    query_keys: tuple[str, ...] = ()
    fragment: bool = False
    # Every path depth the entities have, when they have several (the pages of a documentation
    # tree, listed at every level of one nested list); () for `depth` alone.
    depths: tuple[int, ...] = ()
    # The namespace of the samples' last segment (`namespace`: "" for none), None when they
    # differ: a wiki's category and special pages are no articles.
    namespace: str | None = ""
    # Parameters whose value picks a view of the entity (`a=commit`, beside `a=commitdiff` of
    # the same commit): the entity page's value, fixed.
    views: tuple[tuple[str, str], ...] = ()
    # Every entity's last-segment form when a list names it (outline.py `leaf_suffix`: "html",
    # "/" a folder); "" for any. Where set, a list's text sources beside its pages are none.
    suffix: str = ""
    nested: bool = True  # sublists' items are entities too (False: a manual's chapters only)
    kind: str = ""  # the word every entity's file name starts with (shapes.py `kind_of`)

    @classmethod
    def from_urls(cls, urls: Sequence[str]) -> EntityPattern:
        """The pattern shared by sample entity URLs (the common leading literal segments; the
        depths they have, from the shallowest)."""
        if not urls:
            raise ValueError("an entity pattern needs at least one sample URL")
        first = urls[0]
        segs = [_segments(u) for u in urls]
        every = sorted({len(s) for s in segs})
        depth = every[0]
        prefix: list[str] = []
        for i in range(max(depth - 1, 0)):
            column = {s[i] for s in segs}
            if len(column) == 1 and not any(ch.isdigit() for ch in segs[0][i]):  # literal
                prefix.append(segs[0][i])
            else:
                break
        spaces = {namespace(u) for u in urls}
        return cls(
            _host(first),
            tuple(prefix),
            depth,
            _query_keys(first),
            _has_fragment(first),
            tuple(every) if len(every) > 1 else (),
            spaces.pop() if len(spaces) == 1 else None,
        )

    def matches(self, url: str) -> bool:
        host, segs, keys, fragment = _url_shape(url)
        if host != self.host:
            return False
        if segs[: len(self.prefix)] != self.prefix:
            return False
        if len(segs) != self.depth and len(segs) not in self.depths:
            return False
        if keys != self.query_keys or fragment != self.fragment:
            return False
        if self.views and any(_query(url).get(k) != [v] for k, v in self.views):
            return False
        if self.suffix and leaf_suffix(url) != self.suffix:
            return False
        if self.kind and kind_of(url) != self.kind:
            return False
        return self.namespace is None or namespace(url) == self.namespace

    def describe(self) -> str:
        if self.depths:
            head = "/".join(self.prefix)
            depths = ",".join(str(d) for d in self.depths)
            keys = self._keys()
            tail = "#*" if self.fragment else ""
            return f"{self.host}/{head + '/' if head else ''}** ({depths} segments){keys}{tail}"
        stars = "/".join(["*"] * (self.depth - len(self.prefix)))
        head = "/".join(self.prefix)
        path = "/" + "/".join(p for p in (head, stars) if p)
        return f"{self.host}{path}{self._keys()}" + ("#*" if self.fragment else "")

    def _keys(self) -> str:
        fixed = dict(self.views)
        keys = "&".join(f"{k}={fixed.get(k, '*')}" for k in self.query_keys)
        form = f" (*{'/' if self.suffix == '/' else '.' + self.suffix})" if self.suffix else ""
        return ("?" + keys if keys else "") + form


def guess_entity_pattern(snapshot: Snapshot) -> tuple[EntityPattern, tuple[str, ...]] | None:
    """Guess the entity pattern from a list page: the largest group of links that share a DOM
    path and a URL shape whose path varies (not just its query), other than the page's own shape.

    Returns the pattern and the group's URLs (sorted), or None when no group has three or more
    distinct URLs. Ties go to the group with the longer anchor texts (entity names), then by URL.
    """
    own = (_host(snapshot.final_url), len(_segments(snapshot.final_url)))
    groups: dict[tuple[str, str, int, str, tuple[str, ...]], dict[str, str]] = defaultdict(dict)
    for link in snapshot.links:
        segs = _segments(link.url)
        if not segs or urlsplit(entity_url(link.url)).query:
            continue
        key = (link.path_attrs, _host(link.url), len(segs), segs[0], _query_keys(link.url))
        groups[key].setdefault(entity_url(link.url), link.text)
    best: tuple[tuple[int, float], tuple[str, ...], tuple[Any, ...]] | None = None
    for key, members in sorted(groups.items()):
        own_shape = (key[1], key[2]) == own and key[3] == _first(snapshot.final_url)
        if len(members) < 3 or own_shape:
            continue
        urls = tuple(sorted(members))
        if len({_segments(u)[-1] for u in urls}) == 1:
            continue
        mean_text = sum(len(t) for t in members.values()) / len(members)
        rank = (len(urls), mean_text)
        if best is None or rank > best[0] or (rank == best[0] and urls[0] < best[1][0]):
            best = (rank, urls, key)
    if best is None:
        return None
    (_, urls, key), prefix = best, EntityPattern.from_urls(best[1]).prefix
    # Items of the same list one segment deeper under the same literal prefix are the same
    # entities with a two-part name (a scoped package `@scope/name` beside `name`).
    if len(prefix) == key[2] - 1:
        deeper = groups.get((key[0], key[1], key[2] + 1, key[3], key[4]), {})
        urls = tuple(sorted({*urls, *(u for u in deeper if _segments(u)[: len(prefix)] == prefix)}))
    return EntityPattern.from_urls(urls), urls


def _first(url: str) -> str:
    segs = _segments(url)
    return segs[0] if segs else ""


# -- pages ------------------------------------------------------------------------------------


def _entity_links(snapshot: Snapshot, pattern: EntityPattern) -> list[Link]:
    """The page's links to entities, a link carrying a parameter of the page's own address
    (its value too: a larger page size, ``?revcount=120``, written into every link of the
    page) read without it when only so it is an entity's."""
    own = {(k, v) for k, values in _query(snapshot.final_url).items() for v in values}
    out: list[Link] = []
    for link in snapshot.links:
        if pattern.matches(link.url):
            out.append(link)
        elif not own:
            continue
        elif (bare := _without(link.url, lambda k, v: (k, v) in own)) != link.url and (
            pattern.matches(bare)
        ):
            out.append(replace(link, url=bare))
    return out


def result_entities(
    snapshot: Snapshot, pattern: EntityPattern, containers: frozenset[str] | None = None
) -> tuple[str, ...]:
    """The entities a list page shows as its results, in page order, without repeats.

    With `containers` (learned on the start page), only entity links in those containers count;
    without, the container holding the most entity links of this page is used. A page none of
    whose entity links is in `containers` lists those in a container alike but for a modifier
    class (`shapes.alike_container`: a wiki's short category drops "mw-category-columns").
    """
    links = _entity_links(snapshot, pattern)
    if not links:
        return ()
    if containers is None:
        counts = Counter(result_container(link) for link in links)
        top = max(counts.items(), key=lambda kv: (kv[1], kv[0]))[0]
        containers = frozenset({top})
    listed = [x for x in links if result_container(x) in containers]
    if not listed:  # the same list drawn with a modifier class more or less (a short page)
        listed = [x for x in links if alike_container(result_container(x), containers)]
    nested = set(sublist_links(links, containers)) if listed and pattern.nested else set()
    if nested:  # a nested list is one list: its items' own lists too, in page order
        nested.update(listed)
        listed = [x for x in links if x in nested]
    return tuple(dict.fromkeys(entity_url(x.url) for x in listed))


def classify_page(
    snapshot: Snapshot, pattern: EntityPattern, containers: frozenset[str] | None = None
) -> PageKind:
    """Entity page (its URL follows the entity pattern), list page (shows result entities and is
    not an entity page), or other."""
    if pattern.matches(snapshot.final_url) or pattern.matches(snapshot.url):
        return "entity"
    if result_entities(snapshot, pattern, containers):
        return "list"
    return "other"


def query_links(
    snapshot: Snapshot, pattern: EntityPattern, containers: frozenset[str] | None = None
) -> frozenset[str]:
    """``l_x`` as OnlineClustering compares it: the page's own links (`list_links`) without
    its pager links and its link to itself (a pager link on the other pages), without the links
    inside the result items (a post's tags: they change with the items), each without its page
    parameters (a sort or page-size link that keeps the current page is the same link on every
    page of the list)."""
    links = list_links(snapshot, pattern) - set(pagination_candidates(snapshot, pattern))
    items = item_links(snapshot, containers) if containers else set()
    own = {snapshot.url, snapshot.final_url}
    return frozenset(without_page_keys(url) for url in links - items - own)


def list_links(snapshot: Snapshot, pattern: EntityPattern) -> frozenset[str]:
    """``l_x``: the page's links that are not entity links, on the page's own host."""
    host = _host(snapshot.final_url)
    return frozenset(
        link.url
        for link in snapshot.links
        if not pattern.matches(link.url) and _host(link.url) == host
    )


def jaccard(a: Iterable[str], b: Iterable[str]) -> float:
    """|a ∩ b| / |a ∪ b| (1 for two empty sets)."""
    sa, sb = set(a), set(b)
    union = sa | sb
    return len(sa & sb) / len(union) if union else 1.0


def same_query(lx: Iterable[str], ly: Iterable[str], epsilon: float) -> bool:
    """Algorithm 1, line 8: two list pages belong to one query when their non-entity links have
    Jaccard similarity above 1 − ε."""
    return jaccard(lx, ly) > 1 - epsilon


def is_subset(child: Iterable[str], parent: Iterable[str], tolerance: float = 0.0) -> bool:
    """E_child ⊆ E_parent, relaxed: at most `tolerance` of the child's entities may be missing
    from the parent (Section 4.2, step 2). An empty child is never a drill-down."""
    sc = set(child)
    if not sc:
        return False
    return len(sc - set(parent)) <= tolerance * len(sc)


_PAGE_KEYS = PAGE_KEYS
# Words of a compound parameter name ("page_ItemView", "resultsPage", "psize_list") that make it
# a page number or a page size: frameworks qualify their parameters with the list's name.
_PAGE_TOKENS = frozenset({"page", "pagenum", "pageno", "offset", "cursor", "startwith", "ofs"})
_SIZE_TOKENS = frozenset({"psize", "pagesize", "perpage", "limit"})
# What a "start" parameter counts when it names a list's first entry (startRow, startIndex).
_START_UNITS = frozenset({"row", "rows", "record", "records", "index", "item", "items", "result"})
_KEY_TOKEN = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


@lru_cache(maxsize=1 << 12)
def _key_tokens(key: str) -> frozenset[str]:
    """A parameter name's words, lower case: split on punctuation and camelCase."""
    return frozenset(t.lower() for t in _KEY_TOKEN.findall(key))


def is_page_size_key(key: str) -> bool:
    """Whether the parameter `key` sets how many results a page shows (``per_page``,
    ``psize_ItemView``, ``pageSize``)."""
    if key.lower() in PAGE_SIZE_WORDS:
        return True
    tokens = _key_tokens(key)
    return bool(tokens & _SIZE_TOKENS) or ("page" in tokens and bool(tokens & {"size", "per"}))


def is_page_key(key: str) -> bool:
    """Whether the parameter `key` selects a page of the results (``page``, ``offset``,
    ``page_ItemView``; "start" with the unit it counts: ``startRow``, ``startIndex``), not
    their number per page."""
    if key.lower() in _PAGE_KEYS:
        return True
    tokens = _key_tokens(key)
    if "start" in tokens and len(tokens) == 2 and tokens & _START_UNITS:
        return True
    return not is_page_size_key(key) and bool(tokens & _PAGE_TOKENS)


def _without(url: str, drop: Callable[[str, str], bool], *, fragment: bool = True) -> str:
    """`url` without the query parameters `drop(key, value)` selects (and without its fragment
    unless `fragment`, when something was dropped); `url` itself when nothing is."""
    parts = urlsplit(url)
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    kept = [(k, v) for k, v in pairs if not drop(k, v)]
    if len(kept) == len(pairs):
        return url
    rest = parts.fragment if fragment else ""
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(kept), rest))


def without_page_keys(url: str) -> str:
    """`url` without its page parameters: the same link seen from another page of the list."""
    return _without(url, lambda key, _: is_page_key(key))


def same_list_address(first: str, other: str) -> bool:
    """Whether `other` is, by its address, a page of the list `first` shows: the same path and
    the same parameters but page ones (a page number, an offset, a cursor), or a path naming
    another page of it (`path_page`: ``/page/2/``). Such a page is the query's whatever its
    other links: a table browser's facet counts are of the rows from its cursor on, and change
    from page to page; a blog's sidebar lists the months of the posts it shows."""
    a, b = urlsplit(first), urlsplit(other)
    if a.netloc != b.netloc or path_page(_segments(first))[0] != path_page(_segments(other))[0]:
        return False
    kept = [
        sorted((k, v) for k, v in parse_qsl(u.query, True) if not is_page_key(k)) for u in (a, b)
    ]
    return kept[0] == kept[1]


def _differs_by_page(current: str, target: str) -> bool:
    a, b = urlsplit(current), urlsplit(target)
    if (a.netloc, route(current)[0]) == (b.netloc, route(target)[0]):
        qa, qb = _query(current), _query(target)
        changed = {k for k in set(qa) | set(qb) if qa.get(k) != qb.get(k)}
        return bool(changed) and all(is_page_key(k) for k in changed)
    if a.netloc != b.netloc or route(current)[1] != route(target)[1]:
        return False
    # /list/page/2, /page2/, /list/2: the same list's path and another page of it
    (list_a, page_a), (list_b, page_b) = path_page(_segments(current)), path_page(_segments(target))
    return list_a == list_b and page_a != page_b


def first_page_form(url: str, *, zero_based: bool = False) -> str:
    """`url` without page/offset parameters that point at the first page (``page=1``,
    ``offset=0``; only ``=0`` on a list that numbers its pages from 0), so that the first page
    reached through its pager link is recognised; a folder's index file is the folder
    (``/index.html`` is the ``/`` a static site's pager links as its first page)."""
    first = ("0",) if zero_based else ("0", "1")
    url = _INDEX_FILE.sub("/", url, count=1)
    return _without(url, lambda key, value: is_page_key(key) and value in first, fragment=False)


_INDEX_FILE = re.compile(r"(?<=[^/])/index\.html?(?=$|[?#])")


def zero_based_pages(snapshot: Snapshot) -> bool:
    """Whether the page's pager numbers its pages from 0: a link labelled with page number n
    whose URL differs from the page's only in a page parameter set to n − 1 (``"2"`` →
    ``?page=1``)."""
    here = snapshot.final_url
    for link in snapshot.links:
        text = norm_ws(link.text)
        if not text.isdigit() or not _differs_by_page(here, link.url):
            continue
        mine, theirs = _query(here), _query(link.url)
        for key, values in theirs.items():
            if is_page_key(key) and mine.get(key) != values and values == [str(int(text) - 1)]:
                return True
    return False


def pagination_candidates(
    snapshot: Snapshot, pattern: EntityPattern, canonical: Canonical | None = None
) -> tuple[str, ...]:
    """Links that may lead to another page of the same query (sorted): pager texts ("2", "Next
    ›", "[next]", "»"), ``rel`` next or prev, or URLs that differ from the page only in a page,
    offset or cursor parameter (views.py); with `canonical` (the Session's), the buttons of a
    pager drawn as GET forms of hidden fields too (render.form_links), each judged as a link
    labelled as it reads.
    The caller fetches them and keeps those `same_query` confirms (Algorithm 1)."""
    here = snapshot.final_url
    found: set[str] = set()
    rel = rel_pager_urls([(a, link.url) for a, link in linked_anchors(snapshot)])
    links = [(link.url, norm_ws(link.text)) for link in snapshot.links]
    links += form_pager_links(snapshot, canonical) if canonical is not None else []
    paged = any(is_number_text(t) and _differs_by_page(here, u) for u, t in links)
    for url, text in links:
        if url in (here, snapshot.url) or sets_page_size(url, text):
            continue  # the page itself; a size kept as the visitor's (/links-per-page?nb=50)
        if pattern.matches(url) and not names_a_pager(text, url in rel, url):
            continue  # an entity link; one named as a pager is a page of a pattern this wide
        if _differs_by_page(here, url):
            found.add(url)
            continue
        pager = (is_pager_text(text) and not points_up_or_down(text)) or url in rel
        if not pager or _host(url) != _host(here):
            continue
        changed = _changed_keys(here, url)
        # a page number whose link also spells out what the page leaves to its defaults (a
        # first page without parameters, `?page=2&sort=id&perPage=25` beyond it): still a page
        spelled = _spelled_defaults(here, url, text, changed)
        pages_only = all(is_page_key(k) or k in spelled for k in changed)
        if is_number_text(text) and (paged if "<path>" in changed else not pages_only):
            # a number setting another parameter is a value ("8" cylinders, "‹ 2012"), as is one
            # to another address beside pages numbered by a parameter (years beside ?page=2)
            continue
        presentation = {k for k in changed if words_match(k, VIEW_WORDS) and k not in spelled}
        sizes = {k for k in changed if is_page_size_key(k) and k not in spelled}
        # a "next" link may spell out the page size; a number that sets it is a size choice
        if sizes and (text.isdigit() or not any(map(is_page_key, changed))):
            presentation |= sizes
        if not presentation:
            found.add(url)
    return tuple(sorted(found))


def _spelled_defaults(here: str, url: str, text: str, changed: set[str]) -> set[str]:
    """The parameters a pager link to page `text` adds that the page has none of (its list's
    defaults written out); none when no page parameter of the link holds `text`."""
    mine, theirs = _query(here), _query(url)
    if not any(is_page_key(k) and text in theirs.get(k, ()) for k in changed):
        return set()
    return {k for k in changed if k not in mine and not is_page_key(k)}


def _changed_keys(current: str, target: str) -> set[str]:
    a, b = urlsplit(current), urlsplit(target)
    if (a.netloc, route(current)[0]) != (b.netloc, route(target)[0]):
        return {"<path>"}
    qa, qb = _query(current), _query(target)
    return {k for k in set(qa) | set(qb) if qa.get(k) != qb.get(k)}


def words_match(text: str, words: Sequence[str]) -> bool:
    """Whether one of `words` is a word of `text` (lower case; words split at punctuation)."""
    tokens = set(re.split(r"[^a-z0-9_]+", text.lower()))
    # a framework's reserved prefix and a numbered field's number: "_sort" and "@group0" are
    # "sort" and "group"
    tokens |= {t.strip("_").rstrip("0123456789") for t in tokens}
    return any(w in tokens for w in words)


class _Anchors:
    """A page's anchors with their canonical URLs (read on first use), headings computed once,
    on demand."""

    def __init__(self, snapshot: Snapshot, canonical: Canonical) -> None:
        self.snapshot = snapshot
        self.canonical = canonical
        self._headings: dict[str, str] = {}
        self._siblings: dict[Any, str | None] = {}  # facet_heading's reading of the page

    @cached_property
    def items(self) -> list[tuple[Any, str]]:
        return anchor_urls(self.snapshot, self.canonical)

    @cached_property
    def _by_url(self) -> dict[str, Any]:
        by_url: dict[str, Any] = {}
        for anchor, url in self.items:
            by_url.setdefault(url, anchor)
        return by_url

    def in_header(self, url: str) -> bool:
        anchor = self._by_url.get(url)
        return anchor is not None and in_header_cell(anchor)

    def heading(self, url: str) -> str:
        if url not in self._headings:
            anchor = self._by_url.get(url)
            self._headings[url] = "" if anchor is None else facet_heading(anchor, self._siblings)
        return self._headings[url]


def _same_list(here: str, url: str) -> bool:
    a, b = urlsplit(here), urlsplit(url)
    return (a.netloc, a.path) == (b.netloc, b.path)


def ordering_links(snapshot: Snapshot, canonical: Canonical) -> dict[str, str]:
    """Links that re-order the page's results: URL → the ordering key (parameter name or heading).

    A link qualifies when its URL differs from the page's only in parameters named like an
    ordering ("sort", "order", …), when its label reads as one ("Sort by date", an icon's
    title "Sort title in alphabetical order"), or when it sits under a heading such as "Sort
    by" (on the page's host, wherever its path leads).
    """
    return _ordering_links(snapshot, _Anchors(snapshot, canonical))


def _ordering_links(snapshot: Snapshot, anchors: _Anchors) -> dict[str, str]:
    here = snapshot.final_url
    out: dict[str, str] = {}
    for link in snapshot.links:
        if link.url in out or _host(link.url) != _host(here):
            continue
        same = _same_list(here, link.url)
        changed = _changed_keys(here, link.url)
        if same and changed and all(words_match(k, VIEW_WORDS) for k in changed):
            out[link.url] = ",".join(sorted(changed))
            continue
        if names_an_order(link.text):  # "Sort title in alphabetical order" (its title)
            out[link.url] = ",".join(sorted(changed)) if same and changed else "sort"
            continue
        heading = anchors.heading(link.url)
        if heading and words_match(heading, SORT_WORDS):
            # wherever its links lead: an order spelled in the path (``/q/sort:votes-desc/``)
            out[link.url] = ",".join(sorted(changed)) if same and changed else heading
        elif same and changed and anchors.in_header(link.url):  # a column's sort link
            out[link.url] = ",".join(sorted(changed))
    return out


def page_size_links(snapshot: Snapshot, canonical: Canonical) -> dict[str, int]:
    """Links that change how many results a page shows: URL → the size offered."""
    return _page_size_links(snapshot, _Anchors(snapshot, canonical))


def _page_size_links(snapshot: Snapshot, anchors: _Anchors) -> dict[str, int]:
    here = snapshot.final_url
    out: dict[str, int] = {}
    for link in snapshot.links:
        number = re.search(r"\d+", link.text)
        if number is None or not _same_list(here, link.url):
            continue
        changed = _changed_keys(here, link.url)
        sized = {k for k in changed if is_page_size_key(k)}
        if sized and all(k in sized or is_page_key(k) for k in changed):  # size, back to page 1
            out[link.url] = int(number.group(0))
            continue
        heading = anchors.heading(link.url).lower()
        if "per page" in heading or heading.startswith("show"):
            out[link.url] = int(number.group(0))
    return out


# -- facets -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Facet:
    """A drill-down offered on a list page or state: attribute and value as displayed.

    `url` is set for link facets, `control` for Ajax facets and form fields.
    """

    attribute: str
    value: str
    count: int | None = None
    url: str = ""
    control: Control | None = field(default=None, compare=False)
    selected: bool = False

    @property
    def label(self) -> FacetLabel:
        return (self.attribute, self.value)

    @property
    def label_key(self) -> FacetLabel:
        """`label` case-folded, for comparisons."""
        return (self.attribute.casefold(), self.value.casefold())


def anchor_urls(snapshot: Snapshot, canonical: Canonical) -> list[tuple[Any, str]]:
    """The page's ``<a href>`` elements with their canonical URLs, in document order.

    The Snapshot's links are these anchors (same order), so their URLs are taken when the counts
    agree; otherwise (anchors the extraction left out or added) each href is made canonical with
    `canonical`, the crawl's own rules, and hrefs that are no http(s) URL are dropped.
    """
    tree = snapshot.tree()
    anchors = []
    for anchor in tree.iter("a"):
        href = (anchor.get("href") or "").strip()
        if not href or href.startswith(("javascript:", "mailto:", "tel:", "data:")):
            continue
        anchors.append(anchor)
    if len(anchors) == len(snapshot.links):
        return [(a, link.url) for a, link in zip(anchors, snapshot.links, strict=True)]
    out: list[tuple[Any, str]] = []
    for anchor in anchors:
        try:
            url = canonical(anchor.get("href"), snapshot.final_url)
        except ValueError:
            continue
        out.append((anchor, url))
    return out


def _is_refinement(current: str, target: str) -> bool:
    a, b = urlsplit(current), urlsplit(target)
    if a.netloc != b.netloc:
        return False
    if a.path == b.path:
        qa, qb = set(parse_qsl(a.query)), set(parse_qsl(b.query))
        return bool(qb - qa)
    # a path facet extends the list's own path (/shop → /shop/brand/nike); the site root has
    # no path of its own to extend
    return a.path.strip("/") != "" and b.path.startswith(a.path.rstrip("/") + "/")


def link_facets(
    snapshot: Snapshot, pattern: EntityPattern, canonical: Canonical
) -> tuple[Facet, ...]:
    """The drill-down links of a list page: anchors under a facet heading whose target is not an
    entity page and either carries a result count ("Nike (4)") or refines the page's URL.

    Ordering and page-size links, pagination, the same results in another format (`format=csv`)
    and links marked as the current selection are left out. Sorted by (attribute, value, URL).
    """
    here = snapshot.final_url
    host = _host(here)
    anchors = _Anchors(snapshot, canonical)
    ordering = _ordering_links(snapshot, anchors)
    sizes = _page_size_links(snapshot, anchors)
    pages = set(pagination_candidates(snapshot, pattern))
    found: dict[str, Facet] = {}
    for anchor, url in anchors.items:
        if url in found or url in (here, snapshot.url) or _host(url) != host:
            continue
        if pattern.matches(url) or url in ordering or url in sizes or url in pages:
            continue
        text = norm_ws(anchor.text_content())
        value = clean_label(text)
        if not value or is_all_value(value) or not any(ch.isalnum() for ch in value):
            continue  # "…" (more of a facet's values) names no value
        if is_display_toggle(value):
            continue  # "Show counts": a view of the same results
        changed = _changed_keys(here, url)
        if any(is_format_key(k) for k in changed):
            continue  # the same results in another format (a download: CSV, a feed)
        heading = date_field(changed) or anchors.heading(url)
        if not heading:
            continue
        count = label_count(text)
        if count is None and not _is_refinement(here, url):
            continue
        count = tail_count(anchor) if count is None else count
        found[url] = Facet(heading, value, count, url=url, selected=is_selected(anchor))
    return tuple(sorted(found.values(), key=lambda f: (f.attribute, f.value, f.url)))


def drilldown_labels(facets: Iterable[Facet]) -> frozenset[tuple[str, str, int | None]]:
    """The drill-down set Q of a query as (attribute, value, count): the paper's condition (b) of
    equivalence, made stricter by the counts the site shows."""
    return frozenset((f.attribute.casefold(), f.value.casefold(), f.count) for f in facets)


def load_more_control(snapshot: Snapshot) -> Control | None:
    """The load-more control of a page, if any (first by selector)."""
    controls = sorted(
        (c for c in snapshot.controls if c.kind == "load_more"), key=lambda c: c.selector
    )
    return controls[0] if controls else None
