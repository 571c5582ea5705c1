"""The items of a list: the element each entry of a level's list sits in (a table row, a list
item, a card), and its structure, which tells the kinds of record one list mixes apart.

A list may show records of several kinds through one link DOM path and one URL template: a
timeline's check-ins beside its tag changes, each linking its own ``/info/<hash>`` page from the
same cell. The entries' links cannot tell them apart, but the items they sit in can: a check-in's
row draws a node in the graph column, a tag change's does not. An item's *structure* is the set
of the paths (in the link DOM path's tag-feature mode) from the item down to each element it
holds; the item of an entry is the child, on the way to the entry's link, of the element that
holds every entry of the list on that page.

Pure over Snapshots: `algorithms.ssup.levels` decides what to load.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from siteseer.algorithms.features.dom import (
    TagFeature,
    element_step,
    link_dom_path,
    link_path,
    unnumbered,
)
from siteseer.render import Snapshot

__all__ = ["item_structures"]


def item_structures(
    pages: Iterable[Snapshot], sdp: str, mode: TagFeature
) -> dict[str, set[frozenset[str]]]:
    """Each URL the `pages` link to through `sdp`, with the structures of the list items its
    links sit in (a check-in is linked from its own row and from its tag change's). A page
    holding one such link, or whose anchors in `sdp` cannot be matched to its links one for
    one, adds none."""
    out: dict[str, set[frozenset[str]]] = {}
    for page in pages:
        links = [k for k in page.links if link_path(k, mode) == sdp]
        if len(links) < 2:
            continue
        anchors = [
            a
            for a in page.tree().iter("a")
            if a.get("href") is not None and unnumbered(link_dom_path(a, mode)) == sdp
        ]
        if len(anchors) != len(links):
            continue
        container = _common_ancestor(anchors)
        if container is None:
            continue
        for link, anchor in zip(links, anchors, strict=True):
            item = _child_towards(container, anchor)
            if item is not None:
                out.setdefault(link.url, set()).add(_structure(item, mode))
    return out


def _common_ancestor(elements: list[Any]) -> Any | None:
    """The deepest element holding every one of `elements`."""
    chains = [list(reversed([e, *e.iterancestors()])) for e in elements]
    common = None
    for level in zip(*chains, strict=False):
        if any(x is not level[0] for x in level):
            break
        common = level[0]
    return common


def _child_towards(container: Any, element: Any) -> Any | None:
    """The child of `container` that holds `element` (or is it)."""
    here = element
    for parent in element.iterancestors():
        if parent is container:
            return here
        here = parent
    return None


def _structure(item: Any, mode: TagFeature) -> frozenset[str]:
    """The paths from `item` down to each element it holds (itself included)."""
    paths: set[str] = set()

    def walk(element: Any, prefix: str) -> None:
        if not isinstance(element.tag, str):
            return  # a comment or a processing instruction
        path = f"{prefix}/{element_step(element, mode)}" if prefix else element_step(element, mode)
        paths.add(path)
        for child in element:
            walk(child, path)

    walk(item, "")
    return frozenset(paths)
