"""GPP's lists as it reads them off a page: a lone link's stand-in (`collection_of`), the last
page's remnant of a list (`remnant`), and a list laid out in parts taken whole (`whole_list`):
the choices "a list set in columns is one list" and "a list of a hierarchy's names is one
list" of `algorithms.gpp`."""

from __future__ import annotations

from dataclasses import replace
from itertools import takewhile
from urllib.parse import urlsplit

from siteseer.algorithms.features.url import query_pairs, route
from siteseer.algorithms.features.urlshape import UrlTemplate, url_template
from siteseer.algorithms.features.visual import (
    MenuKey,
    VisualList,
    is_menu,
    joined,
)
from siteseer.algorithms.gpptrees import COLLECTION
from siteseer.render import Box, Link, Snapshot

__all__ = ["collection_of", "remnant", "whole_list"]


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
    no posts), or of the hierarchy it heads (`_of_tree`). A menu stays as it is."""
    if is_menu(part, menus):
        return part
    template = url_template(part.urls)
    whole = joined(snapshot, part)
    if template is None or whole is part:
        return part
    endings = {_ending(u) for u in part.urls}
    kept = tuple(
        lk
        for lk in whole.links
        if template.matches(lk.url) or (_ending(lk.url) in endings and _of_tree(template, lk.url))
    )
    return replace(whole, links=kept) if len(kept) > len(part.links) else part


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
