"""The URL hierarchy SSUP's climb reads off a page's URL: the folders its path names above it
(`url_ancestors`, `folders_above`), whether a link lies below a page's own folder or in another
section (`below_folder`, `other_section`), the families a page's links fall into
(`url_families`), a hash route read as a path (`routed`), and a page's other views
(`one_value_apart`, `view_of`). The order of Algorithm 1's probes (`probes`) is built on them.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from siteseer.algorithms.features.url import query_pairs
from siteseer.algorithms.features.urlshape import is_index_document

__all__ = [
    "below_folder",
    "folder_tokens",
    "folders_above",
    "one_value_apart",
    "other_section",
    "routed",
    "script_family",
    "url_ancestors",
    "url_families",
    "view_of",
]

_DIGITS = re.compile(r"\d+")


def url_ancestors(url: str) -> list[str]:
    """The URLs above `url` in its path, nearest first: its path without its query, then each
    folder up to the site root (``/a/b/c?x=1`` → ``/a/b/c``, ``/a/b/``, ``/a/``, ``/``), as a
    crawler climbs a URL. A hash route's pages are named in its fragment: its ancestors are
    its fragment's, then the document's own (``/#/movie/17/?tab=cast`` → ``/#/movie/17/``,
    ``/#/movie/``, ``/``: a hash-routed seed's parents are its route's parents, the route
    ``/`` the document itself)."""
    parts = urlsplit(url)
    if parts.fragment.lstrip("!").startswith("/"):
        return _route_ancestors(url)
    up = [urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))] if parts.query else []
    segments = [s for s in parts.path.split("/") if s]
    for depth in range(len(segments) - 1, -1, -1):
        path = "/" + "".join(f"{s}/" for s in segments[:depth])
        up.append(urlunsplit((parts.scheme, parts.netloc, path, "", "")))
    return [u for u in dict.fromkeys(up) if u != url]


def _route_ancestors(url: str) -> list[str]:
    """`url_ancestors` of a hash route: its route without its query, each folder of the route
    (spelled as its links spell it, ``#/`` or ``#!/``), then the document (the route ``/``)."""
    parts = urlsplit(url)
    bang = "!" if parts.fragment.startswith("!") else ""
    route, _, query = parts.fragment.lstrip("!").partition("?")
    document = urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))
    up = [f"{document}#{bang}{route}"] if query else []
    segments = [s for s in route.split("/") if s]
    for depth in range(len(segments) - 1, 0, -1):
        up.append(f"{document}#{bang}/" + "".join(f"{s}/" for s in segments[:depth]))
    up.append(document)
    return [u for u in dict.fromkeys(up) if u != url]


def folders_above(url: str) -> list[str]:
    """The folders the path of `url` names above it (`url_ancestors` but its path without its
    query, a view of it), nearest first, each without its final slash: a server answers a
    folder's URL with or without it. Hash routes are read as paths (`routed`)."""
    url = routed(url)
    path = urlunsplit(urlsplit(url)._replace(query="", fragment=""))
    return [u.rstrip("/") for u in url_ancestors(url) if u != path]


def below_folder(url: str, page: str) -> bool:
    """Whether `url` lies below `page`'s own folder: `page` names a folder (``/std/collections/``
    or its index document ``/std/collections/index.html``) and `url`'s path goes on inside it
    (``/std/collections/struct.HashMap.html``, ``/std/collections/hash_map/index.html``), on
    the same origin. Hash routes are read as paths (`routed`). A page naming a file
    (``/glib-Arrays.html``) has no folder of its own: its folder's other files are its
    siblings."""
    a, b = urlsplit(routed(url)), urlsplit(routed(page))
    if (a.scheme, a.netloc) != (b.scheme, b.netloc):
        return False
    folder = _folder_path(b.path)
    return (
        folder is not None
        and (_folder_path(a.path) or a.path).startswith(folder)
        and (_folder_path(a.path) != folder)
    )


def other_section(url: str, page: str) -> bool:
    """Whether `url` lies inside another folder just below the site root than the one `page`
    names: `page` is such a folder's page (``/std/`` or ``/std/index.html``, no query) and `url`
    goes on inside a sibling folder of it (``/book/ch03-02-data-types.html``,
    ``/src/std/lib.rs.html``), on the same origin. The site root and its files are no such
    URLs."""
    a, b = urlsplit(url), urlsplit(page)
    if (a.scheme, a.netloc) != (b.scheme, b.netloc) or b.query or b.fragment:
        return False
    folder = _folder_path(b.path)
    if folder is None or folder.count("/") != 2:
        return False
    head, slash, _ = a.path.lstrip("/").partition("/")
    return bool(slash and head) and f"/{head}/" != folder


def url_families(url: str) -> tuple[str, ...]:
    """The families `url` belongs to among a page's links: its folder below the site root
    (``/book/*``), and its URL with every number a placeholder (``/api-index-#-#.html``)."""
    parts = urlsplit(url)
    head = parts.path.rpartition("/")[0]
    folder = (f"{parts.netloc}{head}/*",) if head else ()
    masked = urlunsplit(parts._replace(fragment=""))
    return (*folder, _DIGITS.sub("#", masked))


def script_family(url: str) -> tuple[str, ...]:
    """The family of `url` as a script's page: its path with its query's names, every value a
    placeholder (``/cgi-bin/dwww?location=*&type=*``); none for a URL without a query."""
    parts = urlsplit(url)
    names = sorted({name for name, _ in query_pairs(parts.query)})
    return (f"{parts.netloc}{parts.path}?{'&'.join(f'{n}=*' for n in names)}",) if names else ()


def _folder_path(path: str) -> str | None:
    """The folder `path` names, with its final slash (``/a/b/`` for ``/a/b/`` and
    ``/a/b/index.html``); None for a file's path."""
    head, _, last = path.rpartition("/")
    return head + "/" if not last or is_index_document(last) else None


def folder_tokens(url_tokens: tuple[str, ...]) -> tuple[str, ...]:
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
