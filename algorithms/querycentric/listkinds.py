"""Lists of another kind beside the start page's result list, drawn alike: what the entity
pattern and the result containers leave out (entities.py).

- A folder a heading names: an API index lists its modules under "Modules" (``modules/…``)
  and its classes under "Classes" (``classes/…``) in tables alike; where every list holding
  the sample's links alike holds one folder's, each under a heading naming its folder in a
  word, and the page links no page of the folders, the folders are kinds (`own_folder_kind`).
  A blog's lists by year (``2023/…`` under "Older") are one list.
- Another level of the document outline: a manual page's command lists, each under a
  subsection's ``h3``, and its guides listed right under a section's ``h2``, one wrapping
  ``div`` apart, are two kinds of pages (`other_outline_levels`).
- The heading levels of a nested list: a book's contents mark each level's links by the
  element around them (``dt/span[@class=chapter]/a`` above ``dd/dl/dt/span[@class=refentrytitle]/a``);
  the levels above the sample's whose links another mark wraps are its chapters, parts and
  indexes, no pages of the sample's kind (`heading_levels`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from siteseer.algorithms.features.dom import linked_anchors, path_steps, result_container
from siteseer.algorithms.features.url import path_segments
from siteseer.algorithms.querycentric.labels import facet_heading

if TYPE_CHECKING:
    from siteseer.render import Link, Snapshot

__all__ = ["heading_levels", "other_outline_levels", "own_folder_kind"]

_OWNERS = frozenset({"ul", "ol", "dl", "table"})
_LISTS = frozenset({"ul", "ol", "dl"})
# the elements of a list's item: a mark on them is the item's (its level's or state's), not
# its link's kind
_ITEMS = frozenset({"li", "dt", "dd", "tr", "td", "th"})


def own_folder_kind(root: Snapshot, mine: Link, alike: list[str]) -> list[str]:
    """`alike` but for the links of lists of another kind: where every list (its nearest
    ``ul``, ``ol``, ``dl`` or ``table``) holding one of them holds the links of one folder
    only, each under a heading naming its folder in a word (an API index's "Modules" over
    ``modules/…`` beside "Classes" over ``classes/…``), and the start page links no page of
    the folders, a folder names a kind: the sample's folder's links are the list's."""
    folders: dict[Any, set[tuple[str, ...]]] = {}
    wanted = {*alike, mine.url}
    for anchor, link in linked_anchors(root):
        if link.url in wanted:
            owner = next((e for e in anchor.iterancestors() if e.tag in _OWNERS), None)
            folders.setdefault(owner, set()).add(path_segments(link.url)[:-1])
    named: set[tuple[str, ...]] = set()
    seen: dict[Any, str | None] = {}
    for owner, held in folders.items():
        word = facet_heading(owner, seen).casefold() if owner is not None else ""
        if len(held) != 1 or not (folder := next(iter(held))) or not _names(word, folder[-1]):
            return alike
        named.add(folder)
    own = path_segments(mine.url)[:-1]
    pages = {path_segments(x.url) for x in root.links}
    if len(named) < 2 or own not in named or pages & named:
        return alike
    return [url for url in alike if path_segments(url)[:-1] == own]


def _names(word: str, folder: str) -> bool:
    """Whether a heading's one word names a folder, in either number ("Classes", ``class``)."""
    folder = folder.casefold()
    return word.isalpha() and folder.isalpha() and _singular(word) == _singular(folder)


def _singular(word: str) -> str:
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


_HEADINGS = "preceding::*[self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6][1]"


def other_outline_levels(page: Snapshot, alike: set[str], kept: set[str]) -> set[str]:
    """The containers of `alike` (the result list's but for a wrapper) whose lists all sit
    under headings of other levels than every list of `kept`: a manual page's command lists,
    each under a subsection's ``h3``, beside its guides listed right under a section's ``h2``
    (a ``div`` of the subsection more around the command lists) are two kinds of pages."""
    levels: dict[str, set[str]] = {}
    for anchor, link in linked_anchors(page):
        container = result_container(link)
        if container in alike or container in kept:
            heading = anchor.xpath(_HEADINGS)
            levels.setdefault(container, set()).add(heading[0].tag if heading else "")
    mine = {level for c in kept for level in levels.get(c, ())}
    if not mine or "" in mine:
        return set()
    return {c for c in alike if levels.get(c) and not ({"", *mine} & levels[c])}


def heading_levels(kept: set[str], mine: str) -> set[str]:
    """The containers of `kept` (a nested list's levels) above the sample's container `mine`
    whose links sit in an element marked otherwise than the sample's link (its wrapper's
    class): a book's chapters ``dt/span[@class=chapter]/a`` over its reference pages
    ``dd/dl/dt/span[@class=refentrytitle]/a``. None where the sample's wrapper is no marked
    element of its own (``li/a``: a tree of one kind, each level's items alike)."""
    mark = _wrapper_mark(mine)
    if not mark:
        return set()
    depth = _list_depth(mine)
    return {c for c in kept if _list_depth(c) < depth and _wrapper_mark(c) not in ("", mark)}


def _wrapper_mark(container: str) -> str:
    """The element right around a container's link when it is no list item and carries a class
    of its own (``span[@class=chapter]``), else ""."""
    steps = path_steps(container)
    if len(steps) < 2:
        return ""
    wrapper = steps[-2]
    tag = wrapper.split("[", 1)[0]
    if tag in _ITEMS or tag in _LISTS or "[@class=" not in wrapper or "[@class=*]" in wrapper:
        return ""
    return wrapper


def _list_depth(container: str) -> int:
    return sum(1 for step in path_steps(container) if step.split("[", 1)[0] in _LISTS)
