"""URL shapes: the template a group of URLs shares, and the query parameters two URLs of one
path differ in.

A *URL template* records, for URLs of one origin (scheme and host), one number of path segments
and one set of query parameter names, which segments and parameter values are the same in all
of them and which vary: ``/lab/dev/requests/2.34.2`` and ``/lab/dev/flask/3.1.0`` share the
template ``/lab/dev/*/*``; ``/airports/show/7`` does not match ``/planes/show/*``. Pages of one
level of an entity tree share a URL structure (SSUP's property 8), so a template learned from
the pages known to be siblings names the others.

`query_changes` tells which query parameters two URLs of one path differ in: a page and its
sort or page-size variant differ in one or two (``?_oc=col&_od=asc``), a list and its page n in
one (``?page=3``). `is_view` tells a view of a list (two or more parameters added or changed:
sorted, resized or filtered, usually combined with a page) from one of its pages; `continues`
tells one of its pages (one parameter added or changed) from a view; `refines` tells a variant
of a page (its URL with parameters added: an action, a history, a print view) from another
page.

A hash route's path and query (``/#/movies?page=2`` on a hash-routed document) are read as the
URL's (`features.url.route`). Everything here is pure: strings in, values out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from urllib.parse import urlsplit

from siteseer.algorithms.features.url import query_pairs, route

__all__ = [
    "PAGE_SEGMENTS",
    "VIEW_PARAMS",
    "UrlTemplate",
    "continues",
    "is_file",
    "is_index_document",
    "is_view",
    "moved",
    "query_changes",
    "refines",
    "seed_template",
    "shape_of",
    "template_share",
    "url_template",
    "widened",
]


@dataclass(frozen=True, slots=True)
class UrlTemplate:
    """What a group of URLs shares: `origin` (scheme://host), `segments` (a path segment, or None
    where the URLs differ) and `query` (parameter name → value, or None where they differ)."""

    origin: str
    segments: tuple[str | None, ...]
    query: tuple[tuple[str, str | None], ...]

    def matches(self, url: str) -> bool:
        """Whether `url` has this template's shape and its fixed segments and values."""
        shape = _shape(url)
        if shape is None:
            return False
        origin, segments, query = shape
        if origin != self.origin or len(segments) != len(self.segments):
            return False
        if any(t is not None and t != s for t, s in zip(self.segments, segments, strict=True)):
            return False
        params = dict(query)
        if set(params) != {name for name, _ in self.query}:
            return False
        return all(value is None or params[name] == value for name, value in self.query)

    @property
    def varying(self) -> int:
        """How many segments and parameter values vary."""
        return sum(s is None for s in self.segments) + sum(v is None for _, v in self.query)


def _shape(url: str) -> tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]] | None:
    """(origin, path segments, sorted query pairs) of `url`; None when a parameter repeats."""
    parts = urlsplit(url)
    path, query = route(url)
    segments = tuple(s for s in path.split("/") if s)
    # A query without "=" is a value, not a parameter's name: an isindex query (``?3+printf``,
    # man2html's section and page) varies as a path segment does.
    pairs = query_pairs(query) if "=" in query or not query else [("", query)]
    if len({name for name, _ in pairs}) != len(pairs):
        return None
    return f"{parts.scheme}://{parts.netloc}".lower(), segments, tuple(sorted(pairs))


def url_template(urls: Iterable[str]) -> UrlTemplate | None:
    """The template `urls` share, or None when they differ in origin, number of path segments
    or query parameter names (or there are none)."""
    template: UrlTemplate | None = None
    for url in urls:
        shape = _shape(url)
        if shape is None:
            return None
        origin, segments, query = shape
        if template is None:
            template = UrlTemplate(origin, segments, query)
            continue
        if origin != template.origin or len(segments) != len(template.segments):
            return None
        if [n for n, _ in query] != [n for n, _ in template.query]:
            return None
        template = UrlTemplate(
            origin,
            tuple(t if t == s else None for t, s in zip(template.segments, segments, strict=True)),
            tuple(
                (name, value if value == other else None)
                for (name, value), (_, other) in zip(template.query, query, strict=True)
            ),
        )
    return template


def seed_template(url: str) -> UrlTemplate | None:
    """The template one entity page's URL stands for, generalised as URL-template learning
    generalises a URL (algorithms.urltemplates: elements holding digits are the variables): its
    last path segment and every segment or query value holding a digit vary, the rest is fixed.
    ``/driver/lewis-hamilton`` stands for ``/driver/*``, ``/car/bmw/x5`` for ``/car/bmw/*``,
    ``/item?id=7&lang=en`` for ``/item?id=*&lang=en``: with a query, the values holding a digit
    vary, or all of them when none does (``doku.php?id=*``), and the path stays. None when a
    parameter repeats. `widened` lets a category level vary where a list of URLs shows it does."""
    shape = _shape(url)
    if shape is None:
        return None
    origin, segments, query = shape
    # An entity named by a query value (doku.php?id=…) keeps its path; else by its last segment.
    if query:
        numbered = any(_has_digit(value) for _, value in query)
        return UrlTemplate(
            origin,
            tuple(None if _has_digit(s) else s for s in segments),
            tuple((n, None if _has_digit(v) or not numbered else v) for n, v in query),
        )
    last = len(segments) - 1
    return UrlTemplate(
        origin, tuple(None if i == last or _has_digit(s) else s for i, s in enumerate(segments)), ()
    )


def shape_of(url: str) -> UrlTemplate | None:
    """The shape of `url` (`seed_template` loosened): its origin, its first path segment, its
    number of segments and its query parameter names, every other segment and every value free
    (``/car/bmw/x5`` → ``/car/*/*``, ``?p=r;a=commit;h=7`` → ``?a=*&h=*&p=*``): what the URLs
    of one type of page share however they are grouped. None when a parameter repeats."""
    template = seed_template(url)
    if template is None:
        return None
    segments = tuple(s if i == 0 else None for i, s in enumerate(template.segments))
    return replace(template, segments=segments, query=tuple((n, None) for n, _ in template.query))


def template_share(seed: str, urls: Iterable[str], *, widen: bool = False) -> float:
    """The share of the distinct URLs of `urls` (`seed` left out) that match the template
    `seed`'s URL stands for (`seed_template`; with `widen`, `widened` over `urls`: a list of
    every category's entries, ``/dev/requests/2.3`` among ``/dev/<project>/<version>``); 0.0
    when none is left or `seed` has none.

    A list of the seed's siblings is mostly of its template (SSUP's property 8); a dashboard's
    table mixing a few of them with other kinds (a repository summary's branch, tags and last
    commits) is not, though it lists them."""
    template = seed_template(seed)
    others = [u for u in dict.fromkeys(urls) if u != seed]
    if template is None or not others:
        return 0.0
    if widen:
        template = widened(template, others)
    return sum(template.matches(u) for u in others) / len(others)


def widened(template: UrlTemplate, urls: Iterable[str], *, minimum: int = 3) -> UrlTemplate:
    """`template` with each fixed path segment between the first and the last made variable
    where `urls` show at least `minimum` values there, the rest of the template matched: a
    category level (``/car/bmw/*`` → ``/car/*/*`` when BMW, Audi and Fiat have cars). The first
    segment, which usually names the type (``/driver/*`` against ``/team/*``), stays fixed."""
    segments = list(template.segments)
    for i in range(1, len(segments) - 1):
        if segments[i] is None:
            continue
        loose = replace(template, segments=(*segments[:i], None, *segments[i + 1 :]))
        values = set()
        for url in urls:
            if loose.matches(url):
                shape = _shape(url)
                values.add(shape[1][i] if shape else "")
                if len(values) >= minimum:
                    segments[i] = None
                    break
    return replace(template, segments=tuple(segments))


def moved(template: UrlTemplate | None, page: str, other: str) -> UrlTemplate | None:
    """`template`, the URLs `page` links to, as `other` (a page like it) links to them: each
    fixed segment or query value that `page`'s URL holds at the same place left free where
    `other`'s URL differs from `page`'s (``/intro/*`` on ``/intro/`` is ``/*/*`` on
    ``/topics/``). `template` unchanged when the two URLs differ in shape."""
    pair, own = url_template((page, other)), url_template((page,))
    if template is None or pair is None or own is None:
        return template
    differ = {i for i, s in enumerate(pair.segments) if s is None}
    segments = tuple(
        None if i in differ and i < len(own.segments) and s == own.segments[i] else s
        for i, s in enumerate(template.segments)
    )
    names = {n for n, v in pair.query if v is None}
    values = dict(own.query)
    query = tuple((n, None if n in names and values.get(n) == v else v) for n, v in template.query)
    return replace(template, segments=segments, query=query)


def _has_digit(text: str) -> bool:
    return any(c.isdigit() for c in text)


# Indesit asks this of every link of every page it queues, several times over (is_view, refines,
# the parameters a link adds): the answers are remembered.
@lru_cache(maxsize=1 << 16)
def query_changes(a: str, b: str) -> frozenset[str] | None:
    """The names of the query parameters whose values differ between `a` and `b` (a parameter
    present in one of them only counts), or None when they differ in origin or path."""
    pa, pb = urlsplit(a), urlsplit(b)
    (path_a, query_a), (path_b, query_b) = route(a), route(b)
    if (pa.scheme, pa.netloc.lower(), path_a.rstrip("/")) != (
        pb.scheme,
        pb.netloc.lower(),
        path_b.rstrip("/"),
    ):
        return None
    qa: dict[str, list[str]] = {}
    qb: dict[str, list[str]] = {}
    for name, value in query_pairs(query_a):
        qa.setdefault(name, []).append(value)
    for name, value in query_pairs(query_b):
        qb.setdefault(name, []).append(value)
    return frozenset(
        n for n in qa.keys() | qb.keys() if sorted(qa.get(n, ())) != sorted(qb.get(n, ()))
    )


# A link of a page's path that changes this many of its query parameters is a view of it.
VIEW_PARAMS = 2


def is_view(page: str, url: str) -> bool:
    """Whether `url` is a view of the list at `page` rather than a page of it.

    A pagination page differs from a list page in its path or in one query parameter
    (``?page=3``, ``?offset=50``, ``?after=…``). A URL of the page's path that adds or changes
    `VIEW_PARAMS` or more (``?sort=name&dir=asc``, ``?sort=name&page=3``) and drops none is a
    view of the list — sorted, resized or filtered, usually combined with a page — whose
    entities the pages found by one parameter already hold; following them multiplies the pages
    by every combination. A link that drops a parameter of `page` leaves its view for another
    page of the site's (``?do=index&id=a`` → ``?id=a&idx=b``): it refines nothing.
    """
    changed = query_changes(page, url)
    if changed is None or len(changed) < VIEW_PARAMS:
        return False
    return not _drops(page, url, changed)


# A page number appended to a list's path takes at most this many segments (``/page/3``).
PAGE_SEGMENTS = 2


def continues(page: str, url: str) -> bool:
    """Whether `url` may be another page of the list at `page`: `page`'s path with one query
    parameter added or changed and none dropped (``/list/`` → ``/list/?page=3``,
    ``?q=a`` → ``?q=a&offset=50``, ``?after=x`` → ``?after=y``) — the pages `is_view` tells
    views from — or `page`'s path and query with up to `PAGE_SEGMENTS` segments appended, the
    last a number (``/season/2022`` → ``/season/2022/page/3``) or one segment a word and a
    number from 2 on (``/`` → ``/page2/``), or with a page number appended to its file's name
    (``/`` → ``/index2.html``, `_numbered`). A one-parameter sort order or
    page size (``?sort=name``) has the first shape; a link that drops one of `page`'s
    parameters leaves its list. A parameter with an empty value on one side and absent on the
    other (``?q=&sort=id`` → ``?sort=id&offset=50``: a search form's empty field, which the
    next-page links leave out) is no change: it selects nothing either way."""
    changed = query_changes(page, url)
    if changed is not None:
        changed = changed - _blank_either_way(page, url)
        return len(changed) == 1 and not _drops(page, url, changed)
    pa, pb = urlsplit(page), urlsplit(url)
    if (pa.scheme, pa.netloc.lower()) != (pb.scheme, pb.netloc.lower()):
        return False
    (path_a, query_a), (path_b, query_b) = route(page), route(url)
    if sorted(query_pairs(query_a)) != sorted(query_pairs(query_b)):
        return False
    base = [s for s in path_a.split("/") if s]
    segments = [s for s in path_b.split("/") if s]
    added = segments[len(base) :]
    if segments[: len(base)] == base and 1 <= len(added) <= PAGE_SEGMENTS:
        if added[-1].isdigit():
            return True
        # One segment naming a page by a word and its number (``/`` → ``/page2/``).
        named = _PAGE_NAMED.fullmatch(added[0]) if len(added) == 1 else None
        if named is not None and int(named["number"]) >= 2:
            return True
    return _numbered(pa.path, pb.path)


# A path segment naming a page of a list by a word and its number: ``page2``, ``p-3``.
_PAGE_NAMED = re.compile(r"[A-Za-z]+[-_]?(?P<number>\d+)")


# A folder's index document, the page a web server answers the folder's URL with.
_INDEX_DOCUMENT = re.compile(r"index\.[A-Za-z0-9]+")


def is_index_document(segment: str) -> bool:
    """Whether a path segment names its folder's index document (``index.html``, ``index.php``):
    ``/usage/index.html`` is the page of the folder ``/usage/``, which static site generators
    link by name. A name without an extension (a route's ``/guide/index``) is a page's own."""
    return bool(_INDEX_DOCUMENT.fullmatch(segment))


# File formats no server answers as an HTML page: archives and packages, binaries, databases,
# documents, signatures, images, sound and video.
FILE_FORMATS = frozenset(
    {"whl", "egg", "zip", "gz", "tgz", "bz2", "xz", "zst", "lz", "tar", "7z", "rar", "jar",
     "war", "deb", "rpm", "apk", "exe", "msi", "dmg", "iso", "db", "sqlite", "sqlite3", "pdf",
     "epub", "djvu", "dvi", "ps",
     "asc", "sig", "png", "jpg", "jpeg", "gif", "webp", "svg", "ico", "bmp", "tif", "tiff",
     "mp3", "mp4", "ogg", "ogv", "webm", "wav", "flac", "mov", "avi"}
)  # fmt: skip


def is_file(url: str) -> bool:
    """Whether `url`'s path names a file of a format that is never an HTML page (`FILE_FORMATS`:
    ``/packages/requests-2.32.3-py3-none-any.whl``, ``/snapshot/dpkg-1.21.tar.gz``, a PDF, an
    image): a download, no page that can list another."""
    last = route(url)[0].rstrip("/").rsplit("/", 1)[-1]
    stem, dot, ext = last.rpartition(".")
    return bool(dot and stem) and ext.lower() in FILE_FORMATS


# A page number appended to a file's name: ``index2.html``, ``tzdata-3.html``, ``page_4``.
_NUMBERED = re.compile(r"(?P<stem>.*?)[-_]?(?P<number>\d+)(?P<ext>\.[A-Za-z0-9]+)?")


def _numbered(page: str, url: str) -> bool:
    """Whether the path `url` is the path `page` with a page number appended to its file's name
    (``/tag/x.html`` → ``/tag/x2.html``), a directory's page read as its index document
    (``/`` → ``/index2.html``, ``/blog/`` → ``/blog/index-3.html``): the pages static site
    generators write a paged list to."""
    folder, _, name = page.rpartition("/")
    other_folder, _, other = url.rpartition("/")
    match = _NUMBERED.fullmatch(other)
    if folder != other_folder or match is None or int(match["number"]) < 2:
        return False
    if not name:  # a directory: its index document, whatever its extension
        return match["stem"] == "index"
    stem, dot, ext = name.rpartition(".")
    if not dot:
        stem, ext = name, ""
    return match["stem"] == stem and (match["ext"] or "") == (f".{ext}" if ext else "")


def refines(page: str, url: str) -> bool:
    """Whether `url` is `page`'s own URL with query parameters added (and none changed or
    dropped): ``?id=a`` → ``?id=a&do=edit``, ``/list/`` → ``/list/?page=2``."""
    changed = query_changes(page, url)
    return changed is not None and bool(changed) and not changed & _names(page)


def _drops(page: str, url: str, changed: frozenset[str]) -> bool:
    """Whether `url` drops one of the parameters of `page` among `changed`."""
    return bool((changed & _names(page)) - _names(url))


def _blank_either_way(a: str, b: str) -> frozenset[str]:
    """The query parameters present in one of `a` and `b` only, with empty values there."""
    qa = query_pairs(route(a)[1])
    qb = query_pairs(route(b)[1])
    na, nb = {n for n, _ in qa}, {n for n, _ in qb}
    return frozenset(
        n
        for query, other in ((qa, nb), (qb, na))
        for n in {n for n, _ in query} - other
        if all(not v for m, v in query if m == n)
    )


def _names(url: str) -> set[str]:
    return {name for name, _ in query_pairs(route(url)[1])}
