"""An entity's parent page as its attribute, where the site shows it only by a link.

A list without facets whose entities are named below parents of their own groups them by those
parents: the parent's page lists its entities, and the entity page links it (a breadcrumb, a
sidebar's tree, a "Module" box) with no label beside the value, or none at all. A parent is
either the folder the entity's address is named within (``/lab/dev/<project>/<version>``,
``/<series>/<release>``) or, for a file named by a dotted path, the file of the path without its
last name (``pkg.lexers.python.PythonLexer.html`` below ``pkg.lexers.python.html``). When the
sample entity's page links its own parent (never the site's root) and the listed entities sit
below two parents or more, each entity's parent is a value of it: the folder's last segment, or
the dotted path. It is named by the label the sample's page gives that link (a short text just
before it, "Module"; the heading of the list it is an item of, "Namespaces"; a data attribute
holding the value, ``data-tag="Container"``), else `FOLDER`. The pages that list links beside
it are values, and so are the entities that are another's parent: none has a value of its own
(a namespace named like the classes below it). No page is loaded: the sample's page was, and
the entities' addresses name their parents.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

from siteseer.algorithms.features.url import route
from siteseer.algorithms.querycentric.labels import clean_label, facet_heading, norm_ws
from siteseer.render import Snapshot

__all__ = ["FOLDER", "folder_fields"]

FOLDER = "folder"
_MAX_LABEL_WORDS = 3
_DATA_LEVELS = 2  # the elements wrapping a link that may hold its value as a data attribute
_DATA_KEYS = frozenset({"id", "key", "value", "name", "target", "href", "url", "path"})

# a parent: the host, the path segments of its page, and the value it gives its entities
Parent = tuple[str, tuple[str, ...], str]


def folder_fields(sample: Snapshot, entities: Iterable[str]) -> dict[str, dict[str, str]]:
    """Entity → {its parent's label: its parent's value}, for `entities` named below a parent,
    when `sample`'s page links its own parent and the entities sit below two parents or more;
    else nothing."""
    for parent_of in (_dotted_parent, _folder):
        own = parent_of(sample.final_url)
        anchors = [] if own is None else _anchors_to(sample, own)
        if own is None or not anchors:
            continue
        parents = {e: p for e in entities if (p := parent_of(e)) is not None}
        if len({p[2] for p in parents.values()}) < 2:
            return {}
        name, values = next(
            ((label, _values(sample, a)) for a in anchors if (label := _label(a, own[2]))),
            (FOLDER, set()),
        )
        pages = {p[:2] for p in parents.values()}  # an entity that is a parent is a value
        return {
            e: {name: p[2]}
            for e, p in parents.items()
            if e not in values and (urlsplit(e).netloc, _segments(e)) not in pages
        }
    return {}


def _folder(url: str) -> Parent | None:
    """The folder `url` is named within; None for a page of the site's root folder."""
    segments = _segments(url)
    if len(segments) < 2:
        return None
    return urlsplit(url).netloc, segments[:-1], unquote(segments[-2])


def _dotted_parent(url: str) -> Parent | None:
    """The file of `url`'s dotted path without its last name (``a.b.C.html`` → ``a.b.html``);
    None for a file named otherwise."""
    segments = _segments(url)
    stem, dot, suffix = segments[-1].rpartition(".") if segments else ("", "", "")
    names = stem.split(".") if dot else []
    if len(names) < 2 or not all(names):
        return None
    path = ".".join(names[:-1])
    return urlsplit(url).netloc, (*segments[:-1], f"{path}.{suffix}"), unquote(path)


def _anchors_to(sample: Snapshot, parent: Parent) -> list[Any]:
    """The anchors of `sample`'s page linking `parent`'s page (its folder's with or without
    the trailing slash, no query), in document order."""
    out = []
    for anchor in sample.tree().iter("a"):
        href = (anchor.get("href") or "").strip()
        url = urljoin(sample.final_url, href) if href else ""
        if url and not route(url)[1] and (urlsplit(url).netloc, _segments(url)) == parent[:2]:
            out.append(anchor)
    return out


def _label(anchor: Any, value: str) -> str:
    """The label the page gives `anchor`, a link to `value`'s page: the name of a data
    attribute holding `value` on it or an element wrapping it (``data-tag="Container"``), a
    short text element just before it or before the element wrapping it ("Module" beside a
    class's module), or the heading of the list it is an item of; "" when none."""
    for node in (anchor, *list(anchor.iterancestors())[:_DATA_LEVELS]):
        for attribute, held in node.attrib.items():
            name = attribute.removeprefix("data-")
            if name != attribute and name not in _DATA_KEYS and held.casefold() == value.casefold():
                return name
    node = anchor
    for _ in range(2):  # the anchor, then the element wrapping it
        parent, previous = node.getparent(), node.getprevious()
        if parent is None or (parent.text or "").strip():
            break  # running text before it: no label of its own
        text = "" if previous is None else norm_ws(previous.text_content())
        if text:
            if previous.find(".//a") is None and _short(text):
                return clean_label(text.rstrip(":"))
            break
        node = parent
    if _list_of(anchor) is not None:
        return facet_heading(anchor)
    return ""


def _values(sample: Snapshot, anchor: Any) -> set[str]:
    """The URLs of the links the list `anchor` is an item of holds at its own level (not in a
    list nested in an item: a tree's lower level); none for an anchor in no list."""
    own = _list_of(anchor)
    if own is None:
        return set()
    hrefs = (a.get("href") or "" for a in own.iter("a") if _list_of(a) is own)
    return {urljoin(sample.final_url, h.strip()) for h in hrefs if h.strip()}


def _list_of(anchor: Any) -> Any:
    """The nearest list (``ul``, ``ol``) `anchor` sits in, or None."""
    return next(anchor.iterancestors("ul", "ol"), None)


def _segments(url: str) -> tuple[str, ...]:
    """The non-empty segments of the path `url` shows (a hash route's, features.url `route`)."""
    return tuple(s for s in route(url)[0].split("/") if s)


def _short(text: str) -> bool:
    return len(text.split()) <= _MAX_LABEL_WORDS and not any(c.isdigit() for c in text)
