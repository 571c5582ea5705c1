"""Pure: a result list's containers and items, and the links inside its items.

- `result_container`: a link's container key, its DOM path with the values that differ from
  item to item wildcarded (numbers, data-* attributes): the links of one list share it.
- `sublist_links`: a nested list is one list: the links of the lists nested in the items of the
  result list (``ul/li/ul/li/a``, through the elements an item wraps its link in:
  ``li/div/a``), where the page that taught the result list showed its top level only (a
  sitemap's folder opened in place lists its pages one level down).
- `item_links`: the links inside the list's items. An item is a child of the element that holds
  every entity link of one container (their lowest common ancestor: the ``ol`` of a blog's
  ``ol/li/article/header/h1/a`` posts) that holds one of them: a post's author, category and tag
  links sit beside its title's link, deeper or not, and change with the items, so that two pages
  of one list are compared without them (`same_list_query`); `record_items` reads a flat list's
  items as runs of siblings (a post's heading, meta line and tags). A page whose anchors the
  extraction did not all keep falls back on the container's path without its last two steps
  (``ul[@class=posts]/li/a`` → ``ul[@class=posts]``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import pairwise
from typing import Any

from siteseer.algorithms.features.dom import linked_anchors, path_steps, result_container
from siteseer.algorithms.querycentric.shapes import alike_container
from siteseer.render import Link, Snapshot

__all__ = [
    "item_links",
    "linked_anchors",
    "path_steps",
    "record_items",
    "result_container",
    "result_items",
    "sublist_links",
]

_LISTS = frozenset({"ul", "ol"})
# what a list item holds on the way to its link: lists, items and the elements items wrap text in
_IN_ITEMS = frozenset({"ul", "ol", "li", "a", "div", "span", "p", "strong", "em", "b", "i"})


def item_links(snapshot: Snapshot, containers: Iterable[str]) -> set[str]:
    """The links inside the result list's items (see the module docstring)."""
    anchors = linked_anchors(snapshot)
    items, rest = _item_elements(anchors, frozenset(containers))
    out = {link.url for anchor, link in anchors if items and _inside(anchor, items)}
    roots = tuple(root + "/" for c in rest if (root := _item_root(c)))
    if roots:
        out |= {x.url for x in snapshot.links if result_container(x).startswith(roots)}
    return out


def result_items(snapshot: Snapshot, containers: Iterable[str]) -> list[list[tuple[Any, Link]]]:
    """The result list's items, each the anchors inside it with their links, in document
    order; [] when the extraction did not keep every anchor."""
    anchors = linked_anchors(snapshot)
    items, _ = _item_elements(anchors, frozenset(containers))
    by_item: dict[Any, list[tuple[Any, Link]]] = {}
    for anchor, link in anchors:
        item = next((e for e in (anchor, *anchor.iterancestors()) if e in items), None)
        if item is not None:
            by_item.setdefault(item, []).append((anchor, link))
    return list(by_item.values())


def record_items(snapshot: Snapshot, containers: Iterable[str]) -> list[list[tuple[Any, Link]]]:
    """The result list's items as `result_items` gives them, but in a flat list each item with
    the siblings after it up to the next item of another entity (a blog's posts drawn as runs
    of siblings under one parent: the title's heading, a meta line linking the author and the
    category, a paragraph, the tags and a "read more" link to the post again): the last item
    takes as many as the shortest run before it, so the pager or the footer after the list is
    no part of it. A list whose items are not siblings, or are siblings with nothing between
    them (``ul/li``), is read as `result_items` reads it."""
    anchors = linked_anchors(snapshot)
    wanted = frozenset(containers)
    items, _ = _item_elements(anchors, wanted)
    listed: dict[Any, set[str]] = {}
    for anchor, link in anchors:
        container = result_container(link)
        if container in wanted or alike_container(container, wanted):
            item = next((e for e in (anchor, *anchor.iterancestors()) if e in items), None)
            if item is not None:
                listed.setdefault(item, set()).add(link.url)
    owner = _runs(listed)
    by_item: dict[Any, list[tuple[Any, Link]]] = {}
    for anchor, link in anchors:
        item = next((owner[e] for e in (anchor, *anchor.iterancestors()) if e in owner), None)
        if item is not None:
            by_item.setdefault(item, []).append((anchor, link))
    return list(by_item.values())


def _runs(listed: dict[Any, set[str]]) -> dict[Any, Any]:
    """element → the item it belongs to, from the item elements and the list's links each
    holds: each item itself, and in a flat list (see `record_items`) the siblings of its run,
    a run starting at each item that links another entity than the item before it."""
    owner = {e: e for e in listed}
    parents = {e.getparent() for e in listed}
    if len(listed) < 2 or len(parents) != 1 or None in parents:
        return owner
    (parent,) = parents
    children = [c for c in parent if isinstance(c.tag, str)]
    starts: list[int] = []
    before: set[str] = set()
    for i, child in enumerate(children):
        if child in listed:
            if listed[child] != before:
                starts.append(i)
            before = listed[child]
    gaps = [b - a for a, b in pairwise(starts)]
    if len(starts) < 2 or min(gaps) < 2:
        return owner
    ends = [*starts[1:], min(len(children), starts[-1] + min(gaps))]
    for start, end in zip(starts, ends, strict=True):
        for child in children[start + 1 : end]:
            owner[child] = children[start]
    return owner


def _item_elements(
    anchors: list[tuple[Any, Link]], wanted: frozenset[str]
) -> tuple[set[Any], list[str]]:
    """The item elements of the containers' anchors, and the containers with fewer than two
    anchors (no items of their own)."""
    by_container: dict[str, list[Any]] = {}
    for anchor, link in anchors:
        container = result_container(link)
        if container in wanted or alike_container(container, wanted):
            by_container.setdefault(container, []).append(anchor)
    items: set[Any] = set()
    rest: list[str] = []
    for container in wanted | by_container.keys():
        found = _items(by_container.get(container, []))
        if found is None:
            rest.append(container)
        else:
            items |= found
    return items, rest


def _items(listed: list[Any]) -> set[Any] | None:
    """The item elements of one container's anchors: the children of their lowest common
    ancestor that hold one; None for fewer than two anchors."""
    if len(listed) < 2:
        return None
    chains = [[*reversed(list(a.iterancestors())), a] for a in listed]
    depth = 0
    first = chains[0]
    while depth < len(first) and all(
        depth < len(c) and c[depth] is first[depth] for c in chains[1:]
    ):
        depth += 1
    # chains[.][depth - 1] is the common ancestor; the element below it on each chain an item
    return {c[depth] for c in chains if depth < len(c)}


def _inside(anchor: Any, items: set[Any]) -> bool:
    return anchor in items or any(e in items for e in anchor.iterancestors())


@lru_cache(maxsize=1 << 10)
def _item_root(container: str) -> str:
    steps = path_steps(container)
    return "/".join(steps[:-2]) if len(steps) > 2 else ""


def sublist_links(links: Iterable[Link], containers: Iterable[str]) -> list[Link]:
    """The `links` whose container lies in a list nested in an item of the list a container of
    `containers` is an item of (see the module docstring), one list level down or more."""
    roots = tuple({r + "/" for c in containers if (r := _list_of_item(c)) is not None})
    if not roots:
        return []
    return [x for x in links if (c := result_container(x)).startswith(roots) and _nested(c, roots)]


@lru_cache(maxsize=1 << 12)
def _list_of_item(container: str) -> str | None:
    """The innermost ``ul``/``ol`` of `container` whose item (``li``) leads to the link through
    the elements an item holds only; None when the container is no list item's."""
    steps = path_steps(container)
    tags = [step.split("[", 1)[0] for step in steps]
    for i in range(len(tags) - 1, -1, -1):
        if tags[i] in _LISTS:
            rest = tags[i + 1 :]
            ok = rest[:1] == ["li"] and all(t in _IN_ITEMS for t in rest)
            return "/".join(steps[: i + 1]) if ok else None
    return None


def _nested(container: str, roots: tuple[str, ...]) -> bool:
    root = next(r for r in roots if container.startswith(r))
    tags = [step.split("[", 1)[0] for step in path_steps(container[len(root) :])]
    return (
        tags[:1] == ["li"] and any(t in _LISTS for t in tags) and all(t in _IN_ITEMS for t in tags)
    )
