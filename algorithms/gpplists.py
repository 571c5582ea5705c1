"""GPP's lists as it reads them off a page: a lone link's stand-in (`collection_of`), the last
page's remnant of a list (`remnant`), and a list laid out in parts taken whole (`whole_list`):
the choices "a list set in columns is one list" and "a list of a hierarchy's names is one
list" of `algorithms.gpp`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import groupby, takewhile
from urllib.parse import unquote, urlsplit

from siteseer.algorithms.features.url import query_pairs, route
from siteseer.algorithms.features.urlshape import UrlTemplate, url_template
from siteseer.algorithms.features.visual import (
    MIN_LIST_SIZE,
    MenuKey,
    VisualList,
    is_menu,
    joined,
)
from siteseer.algorithms.gpptrees import COLLECTION
from siteseer.render import Box, Link, Snapshot

SECTIONS = 3  # a list in sections shows this many blocks or more, the seed's own among them
LISTED = 0.9  # a list is a server's listing when this share of its links read as file names

__all__ = ["collection_of", "listing", "remnant", "sections", "whole_list"]


def collection_of(snapshot: Snapshot, anchor: Link) -> VisualList:
    """The anchors sharing `anchor`'s container path and style: a list for a lone link."""
    container = anchor.path.rpartition("/")[0]
    mates = tuple(
        lk for lk in snapshot.links if lk.path == anchor.path and lk.style == anchor.style
    )
    style = anchor.style
    box = anchor.box or Box(0, 0, 0, 0)
    signature = (
        container,
        COLLECTION,
        style.font_size if style else 0.0,
        style.font_weight if style else 0,
        style.font_family if style else "",
        style.color if style else "",
    )
    return VisualList(signature=signature, orientation="vertical", links=mates, box=box)


def listing(model: VisualList) -> bool:
    """Whether `model` is a web server's listing of a folder: `LISTED` of its links or more
    read as their URL's last path segment, a folder's with its slash, one folder among them.

    Choice "a server's listing of a folder is no list of the site's" (beyond the
    reconstruction, for real applications): a documentation set served from its folder shows,
    where a folder has no index page, the server's listing of its files, each by its file
    name: the seed's page among the pages of every other type, their parts and the images'
    folder. It is the longest list holding the seed, and no list of its kind: it holds the
    seed at no length, and a hop through it is followed alone, as a lone link is."""
    named = folders = 0
    for lk in model.links:
        path = route(lk.url)[0]
        last = path.rstrip("/").rpartition("/")[2] + ("/" if path.endswith("/") else "")
        text = lk.text.strip()
        if text and text == unquote(last):
            named += 1
            folders += text.endswith("/")
    return folders >= 1 and named >= LISTED * len(model.links)


def remnant(page: Snapshot, model: VisualList) -> VisualList | None:
    """The entries of `model`'s list on a page that continues it but holds too few of them to
    line up as a visual list (the last page of a list): its anchors with the DOM path and style
    of `model`'s first entry, standing in for the list (None when there are none)."""
    entry = model.links[0]
    anchor = next(
        (lk for lk in page.links if lk.path == entry.path and lk.style == entry.style), None
    )
    return None if anchor is None else collection_of(page, anchor)


def whole_list(snapshot: Snapshot, part: VisualList, menus: set[MenuKey]) -> VisualList:
    """`part` joined with the anchors of `snapshot` in its container and style (`joined`): one
    list laid out in parts.

    Choice "a list set in columns is one list" (beyond the reconstruction, for real
    applications): a wiki's category page sets its 200 members in three columns, each cut
    again under a heading per initial; the anchors share their DOM path and style, but each
    column and each heading's run lines up on its own, and the part holding the seed (56 of
    200) would be taken for the list, and on every page like it. Only the anchors of the part's
    URL template join it (`url_template`: a post list's tags and categories, drawn alike, are
    no posts), or of the hierarchy it heads (`_of_tree`), or of its other sections
    (`sections`). A menu stays as it is."""
    if is_menu(part, menus):
        return part
    template = url_template(part.urls)
    whole = joined(snapshot, part)
    if template is None or whole is part:
        return part
    endings = {_ending(u) for u in part.urls}
    others = sections(template, whole.links)
    kept = tuple(
        lk
        for lk in whole.links
        if template.matches(lk.url)
        or lk.url in others
        or (_ending(lk.url) in endings and _of_tree(template, lk.url))
    )
    return replace(whole, links=kept) if len(kept) > len(part.links) else part


def sections(template: UrlTemplate, links: Sequence[Link]) -> set[str]:
    """The URLs of `links`, a list's anchors in reading order, in its other sections than the
    one `template` names: runs of `MIN_LIST_SIZE` anchors or more, each of `template`'s shape
    (its origin, number of segments, query) with one other value in the segments it fixes,
    where each value, `template`'s own included, makes one run (a section is one block), in
    `SECTIONS` sections or more.

    Choice "a list in sections is one list" (beyond the reconstruction, for real
    applications): an API reference sets its operations in one section per tag under the
    tag's heading, each operation's URL naming its tag (``#/Container/ContainerList``,
    ``#/Image/ImageList``); the anchors share their DOM path and style, and the section
    holding the seed fixes the tag in its URL template. The other sections are the same
    list. Anchors of another kind drawn alike in the rows of the list (a post's tags under
    each post) alternate with its entries, no block of their own: they stay out; a blog's
    sidebar, its recent posts above its years' archives, shows two blocks of two kinds, not
    a list in `SECTIONS` sections or more."""
    fixed = [i for i, segment in enumerate(template.segments) if segment is not None]
    if not fixed:
        return set()
    loose = replace(template, segments=(None,) * len(template.segments))

    def value(link: Link) -> tuple[str, ...] | None:
        if not loose.matches(link.url):
            return None
        segments = [s for s in route(link.url)[0].split("/") if s]
        return tuple(segments[i] for i in fixed)

    runs = [(key, [lk.url for lk in run]) for key, run in groupby(links, value)]
    blocks = Counter(key for key, _ in runs)
    own = tuple(template.segments[i] or "" for i in fixed)
    if blocks[own] != 1:
        return set()
    others = [
        urls
        for key, urls in runs
        if key is not None and key != own and blocks[key] == 1 and len(urls) >= MIN_LIST_SIZE
    ]
    if len(others) < SECTIONS - 1:
        return set()
    return {url for urls in others for url in urls}


def _of_tree(template: UrlTemplate, url: str) -> bool:
    """Whether `url` is named in the hierarchy `template` names its pages in: below the path
    segments fixed at its head, at any depth (``/pkg/*/*/`` heads ``/pkg/``: ``/pkg/io/``,
    ``/pkg/net/http/cookiejar/``), with its origin and query (names, fixed values).

    Choice "a list of a hierarchy's names is one list" (beyond the reconstruction, for real
    applications): a package index draws its packages as one list, each indented under the
    package it belongs to (``io``, ``net``, ``net/http``); one URL template takes the
    packages of one depth alone. Only a list whose own URLs vary in every segment below the
    head, two or more, shows a hierarchy (``/pkg/*/*/``); one naming its entries in one
    folder (a package's classes, ``/org/lang3/*.html``), or each by a folder of its own
    (a crate's modules, ``/std/*/index.html``, beside its keywords ``/std/keyword.as.html``),
    lists those, not the names below them. A template
    free from its first segment on names no hierarchy (a blog's posts beside its tags)."""
    fixed = list(takewhile(lambda segment: segment is not None, template.segments))
    below = template.segments[len(fixed) :]
    if not fixed or len(below) < 2 or any(segment is not None for segment in below):
        return False
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}".lower() != template.origin:
        return False
    path, query = route(url)
    segments = [s for s in path.split("/") if s]
    pairs = dict(query_pairs(query))
    return (
        len(segments) > len(fixed)
        and segments[: len(fixed)] == fixed
        and set(pairs) == {name for name, _ in template.query}
        and all(value is None or pairs[name] == value for name, value in template.query)
    )


def _ending(url: str) -> str:
    """How `url`'s path ends: ``/``, or its last segment's extension (``.html``; none: '')."""
    path = route(url)[0]
    if path.endswith("/"):
        return "/"
    last = path.rpartition("/")[2]
    return last[last.rfind(".") :] if "." in last else ""
