"""Pagination chosen by yield: a level's candidate list pages grouped in families, each family
judged by the new entity links of the seed's group its pages add per download.

A *family* is what one link varies of the page that links it: the URL template of the link with
the query parameters or path segments where it differs from that page left open (``/day/?p=*``
from ``/day/``, ``/day/?o=1&p=*`` from ``/day/?o=1``, ``/vega/airports?_next=*`` from a table
page and from each of its cursor pages alike). A list's pager is one family, each sort order,
filter, facet toggle or page size another.

`Families` keeps, per family, the pages it loaded and what each added; `Families.best` is the
family to load next: the largest expected yield (the new entity links its last page added, or,
before it loaded any, the entries the page linking it shows, or the largest page size it
offers) after any pager being followed (one of its pages added mostly new entity links: a list
is paged to its end first), a family already followed before one not tried, a family of numbered or "next" links
before others, then the one seen first. A family whose page adds nothing new stops: it
reorders or subsets what the others gave (a view) or shows no entries. A family that has paged a
list to its end, every page adding entries none gave before, makes the list complete: the
families left that only add query parameters to the same level page (sorts, filters, facets,
page sizes) are its views and are not loaded. A page's own tools (`is_tool`: links naming it in
their query, its history or edit form) are no candidates. A first page whose URL leaves its
list's state to defaults its links spell out (a single-page application's ``/#/movies``, every
link carrying ``sort=id&perPage=25`` and each sort order or filter ``page=1``) is read with
those defaults (`spelled_defaults`): its pager varies ``page`` alone, and the link spelling
out only the defaults is the page itself. A hash route's path and query are the URL's
(`features.url.route`).

Pure bookkeeping over URLs and counts: `algorithms.ssup.pagination` loads the pages and writes
the trace.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from urllib.parse import unquote, urlencode, urljoin, urlsplit, urlunsplit

from siteseer.algorithms.features.url import query_pairs, route, sub_tokens
from siteseer.algorithms.features.urlshape import is_index_document
from siteseer.crawler import canonical_url
from siteseer.render import Link, Snapshot, form_links

__all__ = [
    "EXPORT_FORMATS",
    "Families",
    "Family",
    "carried_state",
    "entity_key",
    "family_of",
    "format_switch",
    "is_export",
    "is_tool",
    "leads_back",
    "leads_on",
    "list_links",
    "names_export",
    "pager_text",
    "pages_offered",
    "relation",
    "returns_to",
    "spelled_defaults",
    "state_back",
    "state_params",
    "stateless",
    "value_words",
]

# A link whose last path segment is (or ends in) one of these, or whose format parameter names
# one, downloads the list's data, not a page of it.
EXPORT_FORMATS = frozenset(
    {"csv", "json", "jsonl", "ndjson", "xml", "tsv", "xls", "xlsx", "ods", "rss", "atom", "yaml"}
)
# A format query parameter's values that ask for the data as text, not a page: the data
# formats, and a tab-separated or plain-text rendering (``?format=tab``, ``?format=txt``), names
# too short or too common to read as an export in a path.
_FORMAT_VALUES = EXPORT_FORMATS | {"tab", "txt", "text"}
# Link texts that continue a list (besides page numbers): a family holding one is a pager.
_CONTINUE = frozenset(
    {"next", "previous", "prev", "older", "newer", "more", "last", "first", "»", "«", "›", "‹", "→",
     "←"}
)  # fmt: skip
# Those of them that lead back, to the pages a list's pager came from.
_BACK = frozenset({"previous", "prev", "newer", "first", "«", "‹", "←"})


def is_export(url: str) -> bool:
    """Whether `url` exports data (``/vega/airports.csv``, ``/admin/car/export/json``,
    ``?format=csv``, ``?format=tab``) rather than showing a page: not a page of any list."""
    path, query = route(url)
    last = path.rstrip("/").rsplit("/", 1)[-1].lower()
    if last in EXPORT_FORMATS or ("." in last and last.rpartition(".")[2] in EXPORT_FORMATS):
        return True
    return any(
        "format" in name.lower() and value.lower() in _FORMAT_VALUES
        for name, value in query_pairs(query)
    )


def format_switch(url: str, page: Snapshot) -> bool:
    """Whether `url` is `page` with its format parameter alone set otherwise
    (``/api/?format=api`` on ``/api/``) where a link of `page` sets that parameter to a data
    format (``?format=json``, `is_export`): the page itself in another of its formats, never a
    further page of its list."""
    path, query = route(url)
    own_path, own_query = route(page.url)
    own, pairs = dict(query_pairs(own_query)), dict(query_pairs(query))
    changed = {n for n in own.keys() | pairs.keys() if own.get(n) != pairs.get(n)}
    if path != own_path or len(changed) != 1 or "format" not in (name := min(changed)).lower():
        return False
    return any(is_export(k.url) and name in dict(query_pairs(route(k.url)[1])) for k in page.links)


def names_export(url: str, text: str) -> bool:
    """Whether a link's `text` names a data or feed format its `url` names too (a query value,
    a path segment, an extension): gitweb's "RSS" at ``?p=x.git;a=rss``, "Atom" at ``/atom/``:
    the link says what it downloads, no page of a list."""
    words = [w for w in _name(text.replace(".", " ")).split(" ") if w and w != "feed"]
    if len(words) != 1 or words[0] not in EXPORT_FORMATS:
        return False
    path, query = route(url)
    named = {s.lower() for s in path.replace(".", "/").split("/")}
    named |= {v.lower() for _, v in query_pairs(query)}
    return words[0] in named


def _name(text: str) -> str:
    """`text` folded, its words apart; a run of one sign is that sign (``»»``, ``→→``: the last
    page, as a word continuing a list)."""
    words = " ".join(text.replace("_", " ").split()).casefold().split(" ")
    return " ".join(w[0] if len(w) > 1 and not w[0].isalnum() and w == w[0] * len(w) else w
                    for w in words)  # fmt: skip


def pager_text(text: str) -> bool:
    """Whether a link's text reads as a pager's: a page number or a word that continues a
    list ("Next", "« older")."""
    words = _name(text).split(" ")
    return words[0].isdigit() or words[0] in _CONTINUE or bool(words[-1] in _CONTINUE)


def leads_back(text: str) -> bool:
    """Whether a link's text reads as a pager's way back ("« Newer", "Previous page") and
    not forward."""
    words = _name(text).split(" ")
    ends = {words[0], words[-1]}
    return bool(ends & _BACK) and not ends & (_CONTINUE - _BACK)


def leads_on(text: str) -> bool:
    """Whether a link's text reads as a pager's way forward, by a word ("Next Page", "Older »",
    "›"): not a page number, not "more" (a post's "Read more") nor "last" (the list's end)."""
    words = _name(text).split(" ")
    ends = {words[0], words[-1]}
    return bool(ends & (_CONTINUE - _BACK - {"more", "last"})) and not ends & _BACK


def is_tool(url: str, text: str, page: str) -> bool:
    """Whether `url`, a link with `text` on `page`, is one of `page`'s own tools: it names the
    page by the last segment of its path in a query value (``/w?title=Main_Page&action=history``
    on ``/w/Main_Page``: its history, its edit form, a permanent link to it, a login page
    returning to it; in another namespace, its discussion page) on another path, or by the
    last segment of a longer path (what links to it), and reads as no pager (a page number,
    "next"). It shows that page again or something about it, not another page of its list. A
    number names no page (``/season/3`` beside ``?round=3``), and a folder's index document is
    named by its folder (``/usage/index.html`` is no tool of ``/index.html``)."""
    ours, theirs = urlsplit(page), urlsplit(url)
    (our_path, _), (their_path, their_query) = route(page), route(url)
    if their_path == our_path or (theirs.scheme, theirs.netloc) != (ours.scheme, ours.netloc):
        return False
    segments = our_path.rstrip("/").split("/")
    if len(segments) > 1 and is_index_document(segments[-1]):
        segments = segments[:-1]  # a folder's index document is named by its folder
    name = _name(unquote(segments[-1]))
    if not name or name.isdigit() or pager_text(text):
        return False
    below = their_path.rstrip("/").split("/")
    if len(below) > len(segments) and _name(unquote(below[-1])) == name:
        return True  # a page about it: ``/w/Special:WhatLinksHere/Main_Page``
    return any(_name(v) == name or _namespaced(_name(v), name) for _, v in query_pairs(their_query))


def _namespaced(value: str, name: str) -> bool:
    """Whether the name `value` is the page named `name` in a namespace of its own: the same
    name after a prefix ending in a colon that continues the page's own prefix (a wiki's
    ``Talk:Main_Page`` on ``Main_Page``, ``Category_talk:Dpkg`` on ``Category:Dpkg``: the
    page's discussion, about it; ``Help:Dpkg`` is another page on ``Manual:Dpkg``)."""
    prefix, colon, tail = value.rpartition(":")
    own, _, our_tail = name.rpartition(":")
    return bool(colon and prefix and tail) and tail == our_tail and prefix.startswith(own)


def state_params(url: str, page: str, names: frozenset[str] | None = None) -> frozenset[str]:
    """The query parameters of `url`, a link on the list page `page`, that carry that page back:
    its own query (Django's ``?_changelist_filters=p%3D2`` on ``?p=2``), or its address, a
    return address (Flask-Admin's ``&url=/admin/flight/?page%3D2`` on ``/admin/flight/``,
    ``?next=/list/`` on ``/list/``: `returns_to`). The list's state, for a "back to the list"
    link, is not part of what the link names. With `names` (the parameters an entity's own URL
    has), also each parameter of `page`'s query that `url` carries with `page`'s value and no
    entity URL has (``/rev/<node>?revcount=480`` on a list shown ``?revcount=480``: its page
    size, carried to every entry)."""
    own = sorted(query_pairs(urlsplit(page).query))
    return frozenset(
        name
        for name, value in query_pairs(urlsplit(url).query)
        if (own and "=" in value and sorted(query_pairs(value)) == own)
        or returns_to(value, page)
        or (names is not None and name not in names and (name, value) in own)
    )


# A parameter of a page's URL that its links to this many other paths carry is the page's state.
CARRIED_PATHS = 2


def carried_state(page: Snapshot, names: frozenset[str] = frozenset()) -> frozenset[str]:
    """The query parameters of `page`'s own URL, but `names` (those an entity's URL has), that
    its links to `CARRIED_PATHS` other paths or more carry with `page`'s value: a state chosen
    on the way and handed on to every page (a code browser's branch, ``?h=debian/2.10-1`` on its
    log, tree, diff and commit links; a session), which names none of those pages. A parameter
    carried only along `page`'s own path (a wiki's ``?title=…`` on its pager) is not counted:
    it names the page."""
    own = dict(query_pairs(route(page.url)[1]))
    wanted = {n: v for n, v in own.items() if n not in names and v}
    if not wanted:
        return frozenset()
    here = route(page.url)[0].rstrip("/")
    paths: dict[str, set[str]] = {}
    for link in page.links:
        path, query = route(link.url)
        if path.rstrip("/") == here or urlsplit(link.url).netloc != urlsplit(page.url).netloc:
            continue
        for name, value in query_pairs(query):
            if wanted.get(name) == value:
                paths.setdefault(name, set()).add(path.rstrip("/"))
    return frozenset(n for n, p in paths.items() if len(p) >= CARRIED_PATHS)


# A signed token longer than this is read no further (`_signed_addresses`).
_TOKEN_CHARS = 2000


def _signed_addresses(value: str) -> list[str]:
    """The addresses a signed token carries (a JSON Web Token, ``header.payload.signature``,
    each part base64url: ``{"next_url": "/questions/"}``): the string values of its JSON
    objects that start with ``/`` or ``http``; none for any other value."""
    parts = value.split(".")
    if len(parts) != 3 or len(value) > _TOKEN_CHARS:
        return []
    found: list[str] = []
    for part in parts[:2]:
        try:
            data = json.loads(base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)))
        except (ValueError, UnicodeDecodeError):
            continue
        if isinstance(data, dict):
            found += [
                v for v in data.values() if isinstance(v, str) and v.startswith(("/", "http"))
            ]
    return found


def returns_to(value: str, page: str) -> bool:
    """Whether a query value (percent-decoded, as `query_pairs` gives it) is the address of
    `page`: an absolute URL or a path from the site's root, resolved against `page`, with its
    origin and path (its own query, a list's page or sort, may differ), or a signed token
    carrying such an address (`_signed_addresses`: a forum's ``?next=<JSON Web Token of
    {"next_url": "/questions/"}>`` on every page's sign-in and feedback links). A value that
    names another page (``?path=/src/main.c``, ``?next=/login``) is no return address."""
    if not value.startswith(("/", "http://", "https://")):
        return any(returns_to(v, page) for v in _signed_addresses(value))
    target, ours = urlsplit(urljoin(page, value)), urlsplit(page)
    return (target.scheme, target.netloc.lower(), target.path.rstrip("/")) == (
        ours.scheme,
        ours.netloc.lower(),
        ours.path.rstrip("/"),
    )


def state_back(url: str, page: str, root: str) -> str:
    """`url`, a link on `page` (a page of the list of the level page `root`), with each query
    parameter it carries at `page`'s own value where `root`'s URL sets another set back to
    `root`'s value: the state `page` shows its list in, handed on to its entries.

    Choice (beyond the paper): a list shown in another state (its full texts, a layout, a
    language) may hand that state on to every entry it links (``&fulltexts=1`` on a table's
    rows, the list itself ``&fulltexts=1``): the entries are those `root` links in its own
    state, none new, and the state's pages are a view of the list."""
    ours = dict(query_pairs(urlsplit(page).query))
    theirs = dict(query_pairs(urlsplit(root).query))
    back = {n: theirs[n] for n, v in ours.items() if n in theirs and theirs[n] != v}
    parts = urlsplit(url)
    pairs = query_pairs(parts.query)
    if not any(n in back and v == ours[n] for n, v in pairs):
        return url
    query = [(n, back[n] if n in back and v == ours[n] else v) for n, v in pairs]
    return urlunsplit(parts._replace(query=urlencode(query)))


def entity_key(url: str, names: frozenset[str]) -> str:
    """`url` as the entity it names: its path (a hash route's, `features.url.route`: the
    fragment of ``/#/movies/7/show`` is the entity) with only the query parameters `names`
    (those of the next level's sample URL): a list's state carried along
    (``?_changelist_filters=…``) names no other entity."""
    parts = urlsplit(url)
    path, own = route(url)
    query = [(n, v) for n, v in query_pairs(own) if n in names]
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(sorted(query)), ""))


@dataclass(frozen=True, slots=True)
class _Split:
    origin: str
    segments: tuple[str, ...]
    query: dict[str, str]  # named path segments too, as ``name:`` (`_NAMED`)


# A path segment naming a parameter and its value (``sort:votes-desc``, ``page:2``).
_NAMED = re.compile(r"(?P<name>[A-Za-z][\w-]*):(?P<value>[^:]+)")
# A path holding at least this many such segments reads them as parameters.
_NAMED_SEGMENTS = 2


def _split(url: str) -> _Split | None:
    """`url` cut in origin, path segments and query; a parameter with an empty value (a
    search form's empty field, which next-page links leave out) is left out: it selects
    nothing either way. A hash route's path and query are the URL's (`features.url.route`),
    its document in the origin (``http://host/#`` and ``/movies?page=2``). A path holding
    `_NAMED_SEGMENTS` segments or more that each name a parameter and its value
    (``/questions/scope:all/sort:votes-desc/page:2/``) holds them as parameters (``sort:``):
    a list's state spelled in its path, in any order, and not a place in a tree (a wiki's
    single ``Category:Dpkg`` is a page's name)."""
    parts = urlsplit(url)
    path, own = route(url)
    pairs = query_pairs(own)
    if len({n for n, _ in pairs}) != len(pairs):
        return None
    query = {n: v for n, v in pairs if v}
    origin = f"{parts.scheme}://{parts.netloc}"
    if parts.fragment.lstrip("!").startswith("/"):
        document = parts.path.rstrip("/")
        origin, path = f"{origin}{document}/#", path[len(document) :]
    segments = path.split("/")
    named = [m for m in map(_NAMED.fullmatch, segments) if m is not None]
    if len(named) >= _NAMED_SEGMENTS and len({m["name"] for m in named}) == len(named):
        segments = [s for s in segments if _NAMED.fullmatch(s) is None]
        query |= {f"{m['name']}:": m["value"] for m in named}
    return _Split(origin, tuple(segments), query)


def _unsplit(split: _Split, values: dict[str, str]) -> str:
    """The URL template of `split` with `values` for its parameters (named path segments
    after its path's segments, the others in its query)."""
    named = [f"{n}{v}" for n, v in sorted(values.items()) if n.endswith(":")]
    segments = list(split.segments)
    if named:
        trail = segments[-1] == "" and len(segments) > 1
        segments = [*(segments[:-1] if trail else segments), *named, *[""] * trail]
    query = "&".join(f"{n}={v}" for n, v in sorted(values.items()) if not n.endswith(":"))
    return split.origin + "/".join(segments) + ("?" + query if query else "")


def spelled_defaults(page: str, urls: Iterable[str]) -> dict[str, str]:
    """The values the list at `page` takes for the query parameters its URL leaves out, as the
    links `urls` on it spell them out: a first page without parameters whose links all carry
    ``sort=id&perPage=25``, and ``page=1`` on each sort order and filter. A parameter's default
    is the value most links of `page`'s path carry while they differ in another parameter (a
    pager's page numbers under one sort, the sort orders of one page), when no other value is
    carried as often; a value no such links share (``?page=2`` twice: a pager's "2" and
    "next") is none."""
    own = _split(page)
    if own is None:
        return {}
    carried: dict[str, dict[str, list[dict[str, str]]]] = {}
    for url in urls:
        link = _split(url)
        if link is None or (link.origin, link.segments) != (own.origin, own.segments):
            continue
        added = {n: v for n, v in link.query.items() if n not in own.query}
        for name, value in added.items():
            carried.setdefault(name, {}).setdefault(value, []).append(added)
    defaults: dict[str, str] = {}
    for name, values in carried.items():
        counts = sorted(
            ((len(links), value) for value, links in values.items() if _vary(links, name)),
            reverse=True,
        )
        if counts and (len(counts) == 1 or counts[0][0] > counts[1][0]):
            defaults[name] = counts[0][1]
    return defaults


def _vary(queries: list[dict[str, str]], name: str) -> bool:
    """Whether the link queries `queries` differ in a parameter other than `name`."""
    others = {n for q in queries for n in q} - {name}
    return any(len({q.get(n) for q in queries}) > 1 for n in others)


def family_of(
    page: str,
    url: str,
    defaults: dict[str, str] | None = None,
    carried: frozenset[str] = frozenset(),
) -> tuple[str, tuple[str, ...]] | None:
    """The family of `url`, a link on `page`: (its template, its values there), where the
    template is `url` with every query parameter whose value differs from `page`'s (added ones
    included) and every path segment from the first that differs left open (``*``); None when
    `url` is `page` (but its fragment) or the two differ in origin. `defaults` are the values
    `page` takes for the parameters its URL leaves out (`spelled_defaults`): a link spelling
    them out varies none of them, and one spelling out only them is `page` itself. `carried`:
    the query parameters that make `page` a page of its level page's list (`Family.carried`);
    a link carrying `page`'s own value of one is that link in `page`'s state: the parameter is
    left open in its template too, as ``~`` (the sort orders of page 2 and of page 3 are one
    family, ``?page=~&sort=*``), but is none of the values it varies."""
    a, b = _split(page), _split(url)
    if a is None or b is None or a.origin != b.origin:
        return None
    if defaults:
        a = replace(a, query={**defaults, **a.query})
    first = next(
        (i for i, (x, y) in enumerate(zip(a.segments, b.segments, strict=False)) if x != y),
        min(len(a.segments), len(b.segments)),
    )
    if len(a.segments) == len(b.segments):
        open_segments = {
            i for i, (x, y) in enumerate(zip(a.segments, b.segments, strict=False)) if x != y
        }
    else:
        open_segments = set(range(first, len(b.segments)))
    open_names = sorted(n for n, v in b.query.items() if a.query.get(n) != v)
    if not open_segments and not open_names:
        return None
    segments = tuple("*" if i in open_segments else s for i, s in enumerate(b.segments))
    template = _unsplit(
        replace(b, segments=segments),
        {n: "*" if n in open_names else "~" if n in carried else v for n, v in b.query.items()},
    )
    values = (
        *(b.segments[i] for i in sorted(open_segments)),
        *(b.query[n] for n in open_names),
    )
    return template, values


def relation(page: str, url: str) -> tuple[frozenset[str], tuple[tuple[int, str], ...]] | None:
    """What `url` changes of `page`, the level page whose list it varies, read apart from where
    `page` is: the names of the query parameters it sets otherwise, and the path segments it
    changes (counted from the end) with their values. Links of one relation on two level pages
    (``index-sort-l.html`` beside ``/c/dec/index.html`` and beside ``/c/enc/index.html``,
    ``?_sort=*`` on two tables) do the same to each one's list. None when they differ in origin
    or in depth, or `url` is `page`."""
    a, b = _split(page), _split(url)
    if a is None or b is None or a.origin != b.origin or len(a.segments) != len(b.segments):
        return None
    names = {n for n, v in b.query.items() if a.query.get(n) != v} | (a.query.keys() - b.query)
    end = len(b.segments)
    segments = tuple(
        (i - end, y) for i, (x, y) in enumerate(zip(a.segments, b.segments, strict=True)) if x != y
    )
    return (frozenset(names), segments) if names or segments else None


def value_words(page: str, urls: Sequence[str]) -> list[list[str]]:
    """`urls`, a family of links on `page` (`family_of`), grouped by the leading word of the
    values each varies, the words all of them (and `page`'s own) begin with left out
    (``Category:Urgency_high`` and ``Category:Urgency_low`` are one group beside
    ``Category:Dpkg``), groups in order of their first URL.

    Choice: values sharing a leading word name values of one attribute (an urgency, a
    suite): such a group is another partition of the entities the family's other values
    list, and `tree._Walk._index_level` loads it last, by yield."""
    words: dict[str, tuple[str, ...]] = {}
    for url in (page, *urls):
        found = family_of(page, url) if url != page else None
        value = found[1] if found is not None else _values(page, urls)
        words[url] = tuple(w.lower() for v in value for w in sub_tokens(v) if not w.isdigit())
    common = 0
    shortest = min((len(w) for w in words.values()), default=0)
    while common < shortest and len({w[common] for w in words.values()}) == 1:
        common += 1
    groups: dict[str, list[str]] = {}
    for url in urls:
        rest = words[url][common:]
        groups.setdefault(rest[0] if rest else url, []).append(url)
    return list(groups.values())


def _values(page: str, urls: Sequence[str]) -> tuple[str, ...]:
    """`page`'s own values of what its family `urls` varies (read from its first member)."""
    found = family_of(urls[0], page) if urls else None
    return found[1] if found is not None else ()


def _own_value(page: str, template: str, defaults: dict[str, str] | None) -> int | None:
    """The number `page` takes for the one query parameter its family `template` leaves open
    (its own value, or the default its links spell out: `spelled_defaults`); None when the
    family varies a path segment or several parameters, or the value is no number."""
    split = _split(template)
    if split is None or "*" in split.segments:
        return None
    open_names = [n for n, v in split.query.items() if v == "*"]
    own = _split(page)
    if len(open_names) != 1 or own is None:
        return None
    value = own.query.get(open_names[0], (defaults or {}).get(open_names[0]))
    return None if value is None else _number(value)


def _number(value: str) -> int | None:
    text = value.lstrip("-")
    return int(value) if text.isascii() and text.isdigit() and len(text) < 10 else None


# A family of more members than this offers no page sizes (a menu of sizes is short).
_SIZE_CHOICES = 12


@dataclass
class Family:
    """One family of a level's candidates: its members (URL → values) in the order first seen,
    whether it only adds query parameters to the level's sample (`refines`), what its loaded
    pages added, and why it stopped. What is read from its members is computed once per
    member count (a list's first page may link thousands of its pages)."""

    template: str
    order: int
    root: str  # the level page whose list it varies (the first page of its chain)
    refines: bool  # whether it only adds query parameters to `root`
    prior: int  # the entries shown by the page that first linked it
    members: dict[str, tuple[str, ...]] = field(default_factory=dict)
    texts: set[str] = field(default_factory=set)
    loaded: list[str] = field(default_factory=list)
    gains: list[int] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    stopped: str = ""
    sizes: int | None = None  # the page size chosen when its values are page sizes
    offered: int | None = None  # the page size its one member asks for (`ssup.sizes`)
    whole: bool = False  # its page size showed the whole list: no further page linked
    own: int | None = None  # the number the linking page itself takes where the members vary
    _numbers: dict[str, int] | None = None  # member → its number, when every member has one
    _counted: int = -1  # the member count `_numbers` and `_pager` were read at
    _pager: bool = False
    _order: tuple[tuple[object, ...], list[str]] = ((), [])

    def add(self, url: str, values: tuple[str, ...], text: str, entries: int) -> None:
        self.members.setdefault(url, values)
        self.texts.add(_name(text))
        if not self.loaded:
            sizes = self._page_sizes(entries) if len(self.members) <= _SIZE_CHOICES else None
            self.sizes = self.offered or sizes

    def offer(self, size: int) -> None:
        """Make it a page size the list offers by name (`ssup.sizes.size_offers`): its one
        member shows `size` entries a page, loaded before the list's own pager."""
        self.offered = self.sizes = size

    def carried(self) -> frozenset[str]:
        """The query parameters its template leaves open (``*`` or ``~``): those whose values
        make one of its pages that page (``page`` of ``?page=*&per_page=~``), which the page's
        own links carry back as its state."""
        split = _split(self.template)
        query = split.query if split is not None else {}
        return frozenset(name for name, value in query.items() if value in ("*", "~"))

    def pending(self, done: set[str]) -> list[str]:
        """The members not loaded yet (nor failed): the largest page size first; numbered
        pages in order, those after the last loaded first (a link back to page 1 comes last);
        else as first seen."""
        if self.whole:
            return []  # its size showed the whole list: no larger size, no further page
        number = self._numbered()
        top = max((number[u] for u in self.loaded), default=None) if number else None
        key = (len(self.members), top, self.sizes)
        if self._order[0] != key:
            order = list(self.members)
            if number is not None and self.sizes is not None:
                # Choice: a page size at most the widest loaded shows nothing it did not.
                widest = self.widest()
                order = [u for u in order if widest is None or number[u] > widest]
                order.sort(key=lambda u: -number[u])
            elif number is not None:
                order.sort(key=lambda u: (top is not None and number[u] < top, number[u]))
            self._order = (key, order)
        return [u for u in self._order[1] if u not in done]

    def ahead(self, done: set[str]) -> list[str]:
        """The members to load next (`pending`): numbered pages after the last loaded only,
        while there are any (a batch of a list's next pages leaves its links back to page 1
        to come last, after the list may have ended, `ended`)."""
        pending = self.pending(done)
        number = self._numbered()
        if not number or not self.loaded:
            return pending
        top = max(number[u] for u in self.loaded)
        return [u for u in pending if number[u] > top] or pending

    def first_page(self, url: str) -> bool:
        """Whether its member `url` is its pager's first page spelled out: numbered 0 or 1
        (``?page=1``), where the others number the pages after it."""
        numbers = self._numbered()
        return self.pager() and numbers is not None and numbers.get(url) in (0, 1)

    def pager(self) -> bool:
        """Whether its links read as a pager's: numbered pages (one value, a number, and the
        link texts numbers too) or a "next"/"previous" link."""
        self._numbered()
        return self._continued() or self._pager

    def _continued(self) -> bool:
        """Whether one of its links reads as a word that continues a list ("next", "»")."""
        return bool(self.texts & _CONTINUE) or any(
            t.split(" ")[0] in _CONTINUE for t in self.texts if t
        )

    def cursor(self) -> bool:
        """Whether it is a chain of "next" links: its links read as words that continue a list
        ("Older »"), and its values are no page sizes."""
        return self.sizes is None and self._continued()

    def committed(self) -> bool:
        """Whether it is a pager one of whose pages added mostly entries none gave before: a
        list being paged, followed to its end before any other family is tried."""
        return self.pager() and any(2 * g > s for g, s in zip(self.gains, self.shown, strict=True))

    def expected(self) -> int:
        """The new entity links its next page is expected to add: what its last page added,
        else the page size it offers, else the entries of the page that linked it."""
        if self.gains:
            return self.gains[-1]
        return self.sizes if self.sizes is not None else self.prior

    def record(self, url: str, gain: int, shown: int) -> None:
        self.loaded.append(url)
        self.gains.append(gain)
        self.shown.append(shown)

    def ended(self, done: set[str]) -> bool:
        """Whether it paged its list to the end: every page it loaded added entries no other
        page gave (more than half of those it showed), and no member is left after the first
        (numbered pages: none numbered above the smallest loaded, only links back to the pages
        before it; else none at all). A pager linking its last page (``1 2 3 … 40``) has that
        page loaded before those its window shows as it goes: the pages between are left."""
        if not self.gains or any(2 * g <= s for g, s in zip(self.gains, self.shown, strict=True)):
            return False
        left = self.pending(done)
        number = self._numbered()
        if left and number is not None:
            low = min(number[u] for u in self.loaded)
            return all(number[u] < low for u in left)
        return not left

    def last_page(self) -> int:
        """The last page its members reach when they read as a list's pager: numbered pages (a
        member's text is its number, 1 or 2 among them: a first page links to its second, page
        n back to the first; years or ids start elsewhere) reach their largest number; a
        "next" link at least a second page when it pages the list (`_pages_on`). 1 when it is
        no pager."""
        numbers = self._numbered() or {}
        named = {n for n in numbers.values() if str(n) in self.texts}
        if named & {1, 2}:
            return max(numbers.values())
        if self._continued() and self._pages_on():
            return max([2, *numbers.values()])
        return 1

    def _pages_on(self) -> bool:
        """Whether its members vary a query parameter or a number (``?page=2``, ``?after=x``,
        ``/page/2/``, ``index-2.html``): another page of the list the linking page shows. A
        "Next" to another document's address (``/FAQ.html`` from ``/Help.html``, a manual's
        reading order, or a post's next post) varies only words: no page of that list."""
        split = _split(self.template)
        if split is not None and "*" in split.query.values():
            return True
        return any(c.isdigit() for values in self.members.values() for v in values for c in v)

    def _numbered(self) -> dict[str, int] | None:
        """Each member's number where the members' values differ (one position), when every
        member has one there; read again only when members were added."""
        if self._counted == len(self.members):
            return self._numbers
        self._counted = len(self.members)
        varying = self._varying()
        numbers: dict[str, int] = {}
        for url, values in self.members.items():
            n = None if varying is None else _number(values[varying])
            if n is None:
                numbers = {}
                break
            numbers[url] = n
        self._numbers = numbers or None
        texts = [t for t in self.texts if t]
        single = all(len(v) == 1 for v in self.members.values())
        # Choice: a numbered pager's link reading as a word that continues the list ("Load
        # more data" beside "2", to the same page) is one of its own: still a pager.
        self._pager = (
            single
            and bool(numbers)
            and any(t.isdigit() for t in texts)
            and all(t.isdigit() or not _CONTINUE.isdisjoint(t.split(" ")) for t in texts)
        )
        return self._numbers

    def _varying(self) -> int | None:
        """The one position where the members' values differ (None: none, or several)."""
        values = list(self.members.values())
        if not values or any(len(v) != len(values[0]) for v in values):
            return None
        varying = [i for i in range(len(values[0])) if len({v[i] for v in values}) > 1]
        if len(varying) == 1:
            return varying[0]
        return 0 if len(values[0]) == 1 else None

    def _page_sizes(self, entries: int) -> int | None:
        """The largest page size it offers, when its members set a page size: the one
        position where they differ holds numbers, some larger than the `entries` the linking
        page shows (``?pageSize=10|25|50|100&page=1`` on a page of 10, ``?per_page=50|100`` on
        one of 25, ``?revcount=30|120`` on one of 60). Whether they are sizes is known when the
        largest is loaded (`Pagination._keep`: it shows more entries than the linking page)."""
        if entries < 2 or len(self.members) < 2 or self.texts & (_CONTINUE - {"more"}):
            return None  # Choice: "next" and "last" (``?start=30|330``) are offsets, no sizes.
        numbers = self._numbered()
        if numbers is None:
            return None
        # The linking page's own size is one of them, also when its URL leaves it to a
        # default the links spell out (``?page_size=20``, which is the page itself).
        values = sorted(set(numbers.values()) | ({self.own} if self.own is not None else set()))
        # Consecutive numbers are page numbers (pages 2 … 8 of a list of 5 a page), not sizes,
        # and so are numbers far below the entries shown (pages 2 and 12 of a list of 10).
        if any(b - a == 1 for a, b in pairwise(values)) or 2 * values[0] < entries:
            return None
        return values[-1] if values[-1] > entries else None

    def short_of(self, url: str, shown: int) -> int | None:
        """The page size its member `url` asks for, when its members are page sizes and that
        page shows fewer entries (`shown`) than it: the list ended before its page did, so the
        page holds it whole (``?revcount=480`` showing 382). None otherwise."""
        number = self._numbered()
        size = number.get(url) if self.sizes is not None and number else None
        return size if size is not None and shown < size else None

    def widest(self) -> int | None:
        """The largest page size loaded, when its members are page sizes: the sizes up to it
        are views of its page (a page of a size shows the entries of every smaller one)."""
        number = self._numbered()
        if self.sizes is None or not number or not self.loaded:
            return None
        return max(number.get(u, 0) for u in self.loaded)


@dataclass
class Families:
    """A level's families as its pages are loaded (`add`), the next to load (`best`), the
    pages done (loaded or failed)."""

    families: dict[str, Family] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)
    owner: dict[str, str] = field(default_factory=dict)  # member URL → its family's template

    def add(
        self,
        page: str,
        url: str,
        text: str,
        entries: int,
        root: str,
        refines: bool,
        defaults: dict[str, str] | None = None,
        carried: frozenset[str] = frozenset(),
        chain: str | None = None,
    ) -> Family | None:
        """Count `url`, a link on `page` (which shows `entries` entries, and varies the list of
        the level page `root`; `defaults`: the values `page` leaves out, `spelled_defaults`;
        `carried`: its own state, `Family.carried`; `chain`: the template of the family `page`
        was loaded for), in its family (the first family that named it keeps it); None when it
        has none (`family_of`)."""
        if url in self.owner:
            known = self.families[self.owner[url]]
            known.texts.add(_name(text))
            return known
        found = family_of(page, url, defaults, carried)
        paged = self.families.get(chain) if chain is not None else None
        if paged is not None and page != root and paged.cursor() and pager_text(text):
            # A link reading as a pager's on a page of a chain of "next" links that varies,
            # read from `root`, only what the chain varies is the chain's next page: a cursor
            # changing a path segment while keeping its query (``/changes/342?start_revid=382``
            # on ``/changes/362?start_revid=382``).
            continued = family_of(root, url)
            if continued is not None and continued[0] == chain:
                if leads_back(text):
                    # Choice: its "« newer" link leads to the page before it, which the chain
                    # came from (``/changes/382?start_revid=382``, the first page again).
                    return None
                found = continued
        if found is None:
            return None
        template, values = found
        family = self.families.get(template)
        if family is None:
            own = _own_value(page, template, defaults)
            family = Family(template, len(self.families), root, refines, entries, own=own)
            self.families[template] = family
        family.add(url, values, text, entries)
        self.owner[url] = template
        return family

    def best(self) -> Family | None:
        """The family to load next, among those not stopped with members pending."""
        live = [f for f in self.families.values() if not f.stopped and f.pending(self.done)]
        if not live:
            return None
        return max(
            live, key=lambda f: (f.committed(), f.expected(), bool(f.loaded), f.pager(), -f.order)
        )

    def views(self, root: str) -> list[Family]:
        """The families not stopped that only add query parameters to the level page `root`."""
        return [f for f in self.families.values() if not f.stopped and f.refines and f.root == root]

    def complete(self, family: Family) -> bool:
        """Whether `family`, just loaded, paged the list of its level page to its end
        (`Family.ended`), or showed it whole at a page size (`Family.whole`): a family that
        only adds query parameters to that page."""
        if family.stopped or not family.refines:
            return False
        if family.sizes is not None:
            return family.whole
        return bool(family.loaded) and family.ended(self.done)

    def stop(self, root: str, why: str) -> None:
        """Stop every family that varies the list of the level page `root`."""
        for family in self.families.values():
            if family.root == root:
                family.stopped = why

    def loaded(self) -> Iterable[str]:
        return (u for f in self.families.values() for u in f.loaded)


def _canonical(url: str) -> str:
    return canonical_url(url)


def list_links(page: Snapshot) -> tuple[Link, ...]:
    """`page`'s links and its GET forms that need no typing as links (`render.form_links`,
    their URLs canonical as the crawl makes them): a pager written as forms (``startRow=30``
    in hidden fields, an arrow for a button) pages a list as links do. A page's defaults are
    read from its anchors alone (`spelled_defaults`): a form's hidden fields spell out the state
    of the page it leads to, not this one's."""
    forms = form_links(page, _canonical)
    return (*page.links, *forms) if forms else page.links


def pages_offered(page: Snapshot, entity: Callable[[str], bool] | None = None) -> int:
    """The pages the list `page` shows is offered over by its pager (`Family.last_page`): the
    last page its links' families reach (its GET forms' too, `list_links`), 1 when it links
    to no further page of its list. `entity` tells the addresses of the list's entities: a
    link to one by a word ("Next" from a chapter to its first page) leads to an entity, no
    page of the list."""
    families = Families()
    defaults = spelled_defaults(page.url, (link.url for link in page.links))
    links = list_links(page)
    if entity is not None:
        links = tuple(x for x in links if x.text.strip().isdigit() or not entity(x.url))
    for link in links:
        families.add(page.url, link.url, link.text, 0, page.url, False, defaults)
    return max((f.last_page() for f in families.families.values()), default=1)


def stateless(page: Snapshot, names: frozenset[str] | None = None) -> Snapshot:
    """`page` with its links' list state left out (`state_params`, `names` the parameters an
    entity's URL has): the links of page n of a list that carry ``?_changelist_filters=p%3D2``
    name the entities the first page names without it."""
    links = []
    changed = False
    for link in page.links:
        state = state_params(link.url, page.url, names)
        if state:
            parts = urlsplit(link.url)
            query = [(n, v) for n, v in query_pairs(parts.query) if n not in state]
            sep = ";" if ";" in parts.query else "&"  # the separator the query was written with
            kept = sep.join(urlencode([pair]) for pair in query)
            url = urlunsplit((parts.scheme, parts.netloc, parts.path, kept, ""))
            link = replace(link, url=url)
            changed = True
        links.append(link)
    return replace(page, links=tuple(links)) if changed else page
