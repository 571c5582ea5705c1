"""Page sizes a list offers by name: a list page that links a further page of its list and names,
in a link, a form field or a select option's address (a menu of sizes a script follows) of its
own list, a query parameter setting how many entries a page
shows (``_size``, ``per_page``, ``page_size``, ``pageSize``, ``limit``, ``rows``) with a value
larger than the entries it shows (a number, or ``max``/``all``), is worth loading at that size
first: its pages at the largest size hold the list in the fewest downloads.

Its own list is its own path, or that path in a data format (``/vega/airports.csv?_size=max``
beside ``/vega/airports``: the same list exported, whose page size the list page takes too). A
parameter is taken only where the site shows it, never guessed; a page size the page shows as
links of several sizes (``?per_page=25|50|100``) is a family of sizes already
(`algorithms.ssup.yields.Family`).

Pure over a Snapshot: `algorithms.ssup.pagination` loads the offers as families of their own.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode, urljoin, urlsplit, urlunsplit

from siteseer.algorithms.features.url import query_pairs, route
from siteseer.algorithms.ssup.yields import EXPORT_FORMATS, pages_offered
from siteseer.render import Snapshot

__all__ = ["ALL_ENTRIES", "is_size_name", "size_offers"]

# The last word of a query parameter's name that sets a page's size, and the words it may follow.
_SIZE_WORDS = frozenset({"size", "limit", "rows", "length"})
_QUALIFIERS = frozenset({"page", "per", "results", "items", "display"})
# Values that ask for every entry at once, and the size they stand for (any number is smaller).
_ALL_VALUES = frozenset({"max", "all"})
ALL_ENTRIES = 10**9


def is_size_name(name: str) -> bool:
    """Whether a query parameter's name reads as a page size: its last word a size word
    (``_size``, ``limit``, ``rows``), the words before it qualifying a page (``page_size``,
    ``pageSize``, ``results_per_page``), or ``per_page`` itself; a size of something else
    (``_facet_size``, ``font_size``) is none."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    words = re.findall(r"[a-z]+", spaced.lower())
    if words[-2:] == ["per", "page"] or "".join(words) == "perpage":
        return True
    if not words:
        return False
    # A size word written onto its qualifier (``pagesize``, ``perpage`` above) splits there.
    last = next((w for w in _SIZE_WORDS if words[-1].endswith(w)), None)
    if last is None:
        return False
    qualifiers = [*words[:-1], words[-1][: -len(last)]]
    return all(w in _QUALIFIERS or not w for w in qualifiers)


def _size(value: str) -> int | None:
    """The number of entries a page-size value asks for; None when it is no size."""
    text = value.strip().lower()
    if text in _ALL_VALUES:
        return ALL_ENTRIES
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else None


def _own_list(page: str, target: str) -> bool:
    """Whether `target` (a link's URL or a form's action) addresses the list `page` shows: its
    path, or its path in a data format (``/rows.csv`` for ``/rows``), on its origin."""
    ours, theirs = urlsplit(page), urlsplit(target)
    if (ours.scheme, ours.netloc) != (theirs.scheme, theirs.netloc):
        return False
    path, other = route(page)[0].rstrip("/"), route(target)[0].rstrip("/")
    if other == path:
        return True
    stem, dot, ext = other.rpartition(".")
    return bool(dot) and stem == path and ext.lower() in EXPORT_FORMATS


def _form_fields(page: Snapshot) -> list[tuple[str, str, str]]:
    """(action, name, value) of every value a GET form of `page` can send: its inputs' values
    (a hidden field's included) and its selects' options."""
    fields: list[tuple[str, str, str]] = []
    for form in page.tree().iter("form"):
        if (form.get("method") or "get").strip().lower() != "get":
            continue
        action = urljoin(page.url, form.get("action") or page.url)
        for field in form.iter("input", "select"):
            name = field.get("name") or ""
            if not name:
                continue
            if field.tag == "select":
                for option in field.iter("option"):
                    value = option.get("value")
                    fields.append((action, name, option.text or "" if value is None else value))
            else:
                fields.append((action, name, field.get("value") or ""))
    return fields


def _option_addresses(page: Snapshot) -> list[str]:
    """The addresses `page`'s select options hold as values (a page-size menu whose script goes
    to the chosen option's URL: ``<option value="/admin/zone/list?page_size=100">``): links in
    all but their element."""
    addresses = []
    for option in page.tree().iter("option"):
        value = (option.get("value") or "").strip()
        if value.startswith(("http://", "https://", "/", "?")):
            addresses.append(urljoin(page.url, value))
    return addresses


def size_offers(page: Snapshot, entries: int) -> list[tuple[str, int]]:
    """`page`'s URL at the largest page size it offers for each size parameter it names
    (`is_size_name`) in a link or form field addressing its own list (`_own_list`), when that
    size is larger than the `entries` it shows and it links a further page of its list
    (`yields.pages_offered`: a list shown whole needs no larger page), with that size
    (`ALL_ENTRIES` for ``max``, ``all``). Empty when it offers none."""
    own = dict(query_pairs(route(page.url)[1]))
    named: list[tuple[str, str, str]] = [
        (link.url, name, value)
        for link in page.links
        for name, value in query_pairs(route(link.url)[1])
    ]
    named += [
        (url, name, value)
        for url in _option_addresses(page)
        for name, value in query_pairs(route(url)[1])
    ]
    named += _form_fields(page)
    largest: dict[str, tuple[int, str]] = {}
    # A page at a size its URL names (a list's last page shows fewer) takes no smaller one.
    at_size = [_size(v) or 0 for n, v in own.items() if is_size_name(n)]
    shown = max([entries, *at_size])
    for target, name, value in named:
        size = _size(value)
        if size is None or size <= shown or not is_size_name(name):
            continue
        if not _own_list(page.url, target):
            continue
        if name not in largest or size > largest[name][0]:
            largest[name] = (size, value)
    if not largest or pages_offered(page) <= 1:
        return []
    return [(_with(page.url, name, value), size) for name, (size, value) in sorted(largest.items())]


def _with(url: str, name: str, value: str) -> str:
    """`url` with its query parameter `name` set to `value` (added when it has none), in a hash
    route's query where its fragment is a route (`features.url.route`)."""
    parts = urlsplit(url)
    fragment = parts.fragment
    if fragment.lstrip("!").startswith("/"):
        path, _, query = fragment.partition("?")
        pairs = [(n, v) for n, v in query_pairs(query) if n != name]
        fragment = f"{path}?{urlencode([*pairs, (name, value)])}"
        return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, fragment))
    pairs = [(n, v) for n, v in query_pairs(parts.query) if n != name]
    query = urlencode([*pairs, (name, value)])
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))
