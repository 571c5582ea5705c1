"""The items of a list: the element each entry of a level's list sits in (a table row, a list
item, a card), and its structure, which tells the kinds of record one list mixes apart.

A list may show records of several kinds through one link DOM path and one URL template: a
timeline's check-ins beside its tag changes, each linking its own ``/info/<hash>`` page from the
same cell. The entries' links cannot tell them apart, but the items they sit in can: a check-in's
row draws a node in the graph column, a tag change's does not. An item's *structure* is the set
of the paths (in the link DOM path's tag-feature mode) from the item down to each element it
holds, but the elements holding other links and not the entry's (a table of contents' nested
list of a document's sections: how deep it goes is the document's content, not its kind); the
item of an entry is the outermost element holding its link and no other entry's of the list on
that page (a list item, not the captioned group of items it sits in).

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
        held = _entries_held(anchors)
        for link, anchor in zip(links, anchors, strict=True):
            item = _item_of(anchor, held)
            if item is not None:
                out.setdefault(link.url, set()).add(_structure(item, anchor, mode))
    return out


def _entries_held(anchors: list[Any]) -> dict[Any, int]:
    """How many of `anchors` each of their ancestors holds (the keys keep lxml's element
    proxies alive, and so one per element)."""
    held: dict[Any, int] = {}
    for anchor in anchors:
        for parent in anchor.iterancestors():
            held[parent] = held.get(parent, 0) + 1
    return held


def _item_of(anchor: Any, held: dict[Any, int]) -> Any | None:
    """The outermost element holding `anchor` and no other entry's anchor (`held`); None when
    `anchor` is alone on its page."""
    here = anchor
    for parent in anchor.iterancestors():
        if held.get(parent, 0) > 1:
            return here
        here = parent
    return None


def _structure(item: Any, anchor: Any, mode: TagFeature) -> frozenset[str]:
    """The paths from `item` down to each element it holds (itself included), but those of the
    elements holding links and not `anchor` (an entry's sub-entries)."""
    paths: set[str] = set()
    own = {anchor, *anchor.iterancestors()}

    def walk(element: Any, prefix: str) -> None:
        if not isinstance(element.tag, str):
            return  # a comment or a processing instruction
        if element not in own and next(element.iter("a"), None) is not None:
            return
        path = f"{prefix}/{element_step(element, mode)}" if prefix else element_step(element, mode)
        paths.add(path)
        for child in element:
            walk(child, path)

    walk(item, "")
    return frozenset(paths)
