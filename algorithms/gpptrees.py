"""GPP's trees of nested lists: a level of a nested list as one list (`column`), a branch of a
site navigation (`branch`), and the navigation's whole tree (`navigation_tree`): the choices "a
nested list's level is one list", "a branch of the site navigation is part of its tree" and "a
site navigation that alone lists the seed is its list" of `algorithms.gpp`."""

from __future__ import annotations

from collections.abc import Sequence

from siteseer.algorithms.features.visual import ALIGN_TOLERANCE_PX, VisualList, joined
from siteseer.render import Box, Link, Snapshot

__all__ = [
    "COLLECTION",
    "COLUMN",
    "KIND_SHARE",
    "NAVIGATION",
    "branch",
    "column",
    "navigation_tree",
    "nested",
    "same_tree",
    "tree_at",
    "tree_root",
]

KIND_SHARE = 0.5  # a list holding the seed is its when this share of it is of the seed's template
COLLECTION = "collection"  # the signature's orientation slot for a lone link's stand-in list
NAVIGATION = "navigation"  # the signature's orientation slot for a site navigation tree
COLUMN = "column"  # the signature's orientation slot for a level of a nested list
LIST_TAGS = frozenset({"ul", "ol", "menu"})
ITEM_TAGS = frozenset({"li", "dt", "dd"})  # the steps of a path that are a list's items
# the elements an item of a nested list wraps its link or its own list in
WRAPPERS = frozenset({"div", "span", "p", "code", "em", "strong", "b", "i", "small", "details"})


def column(snapshot: Snapshot, part: VisualList) -> VisualList | None:
    """The anchors of `snapshot` in `part`'s container and style standing at the left x of its
    first entry, where that container is a level of a nested list (`nested`); None elsewhere.

    Choice "a nested list's level is one list" (HyLiEn, ALGORITHMS.md: siblings grouped by
    equal left x, aligned similar lists merged): a table of contents sets its chapters at one
    indent, each followed by its sections at the next. The chapters line up but with no steady
    step (their sections stand between them), so each falls apart into runs too short to be a
    list; a chapter's sections make one run, and each chapter's sections another. Grouping by
    the left x alone, as HyLiEn does, the entries of one level of the tree are one list,
    across its branches, whatever folders their pages are in."""
    first = part.links[0]
    if first.box is None:
        return None
    x = first.box.x
    whole = joined(snapshot, part)
    links = tuple(
        lk for lk in whole.links if lk.box is not None and abs(lk.box.x - x) <= ALIGN_TOLERANCE_PX
    )
    if not links or not nested(snapshot, part.container, links):
        return None
    box = Box(x, min(lk.box.y for lk in links if lk.box), part.box.w, 0)
    return VisualList(
        signature=(part.container, COLUMN, *part.signature[2:]),
        orientation="vertical",
        links=links,
        box=box,
    )


def branch(model: VisualList | None) -> bool:
    """Whether `model` is a run of entries below an entry of a nested list (``ul/li/ul/li``), or
    a level of the list at that depth (`column`, its entries across the branches): a branch
    of a tree, such as a site navigation's section opened on its entries.

    Choice "a branch of the site navigation is part of its tree" (beyond the reconstruction,
    for real applications): a documentation site's sidebar opens the seed's section, a run of
    its documents long enough to pass for its list; its other sections are the same list's
    branches, drawn at other indents or collapsed. The navigation tree holding the branch
    (`navigation_tree`) is then the seed's list where it reaches more pages."""
    if model is None or model.signature[1] in (NAVIGATION, COLLECTION):
        return False
    return sum(step in ITEM_TAGS for step in model.container.split("/")) >= 2


def nested(snapshot: Snapshot, container: str, entries: Sequence[Link]) -> bool:
    """Whether `entries`, links of `snapshot` whose items have the path `container`, are a
    level of a nested list: items within items (``ul/li/ul/li``, a definition list's
    ``dl/dd/dl/dt``), or items most of which hold a list of their own (the link after the
    entry, in the page's order, sits in a list item below its item)."""
    if sum(step in ITEM_TAGS for step in container.split("/")) >= 2:
        return True
    below = container + "/"
    mine = {id(lk) for lk in entries}
    after = [
        following
        for lk, following in zip(snapshot.links, snapshot.links[1:], strict=False)
        if id(lk) in mine
    ]
    heads = sum(
        lk.path.startswith(below) and bool(ITEM_TAGS & set(lk.path[len(below) :].split("/")))
        for lk in after
    )
    return heads >= KIND_SHARE * len(entries)


def navigation_tree(snapshot: Snapshot, target: str) -> VisualList | None:
    """The site navigation holding a link to `target` as one list (None when the link is in
    no list item): the anchors of `snapshot` in the nested list the link sits in, at any depth
    of it, shown or collapsed, without the page's links to itself (a drop-down's toggle).

    Choice "a site navigation that alone lists the seed is its list" (beyond the
    reconstruction, for real applications): a documentation site lists its pages only in its
    navigation, a tree of nested lists (``ul/li/ul/li/a``) drawn on every page, its branches
    often collapsed into drop-down menus drawn in the page but not on screen. Step 5 never
    fans out through a site-wide menu; where no page shows the seed in a list of its own (the
    longest holds fewer than `SHORT_LIST` links), the navigation tree is that list. Its root is
    the path above the nested lists the link sits in (`tree_root`); its anchors are those
    whose path is that root, any number of list levels, and the anchor."""
    anchor = next((lk for lk in snapshot.links if lk.url == target), None)
    if anchor is None:
        return None
    root = tree_root(anchor.path)
    return None if root is None else tree_at(snapshot, root)


def tree_at(snapshot: Snapshot, root: str) -> VisualList | None:
    """The anchors of `snapshot` in the nested lists below the DOM path `root` (`tree_root`),
    at any depth, without the page's links to itself, as one list (None for fewer than two): a
    navigation tree's list on every page that draws it, whichever of its branches is open."""
    own = {snapshot.url, snapshot.final_url}
    members = tuple(lk for lk in snapshot.links if lk.url not in own and tree_root(lk.path) == root)
    if len(members) < 2:
        return None
    boxes = [lk.box for lk in members if lk.box is not None and lk.box.w > 0]
    box = Box(0, 0, max((b.x + b.w for b in boxes), default=0.0), 0) if boxes else Box(0, 0, 0, 0)
    signature = (root, NAVIGATION, 0.0, 0, "", "")
    return VisualList(signature=signature, orientation="vertical", links=members, box=box)


def same_tree(tree: VisualList, model: VisualList) -> bool:
    """Whether `tree` (`tree_at`) is the tree `model` is drawn from: it links most of the
    entries of `model`'s top level (its trunk: the links fewest list items deep).

    A page index opens another branch on each page, its trunk the same (the namespaces, the
    pages outside them); a wiki page's own nested list at the same place in the page (its
    contents) shares none of it, and is no view of the index."""
    depths = [_depth(lk.path) for lk in model.links]
    top = min(depths, default=0)
    trunk = {lk.url for lk, depth in zip(model.links, depths, strict=True) if depth == top}
    return len(trunk & set(tree.urls)) >= KIND_SHARE * len(trunk)


def _depth(path: str) -> int:
    return sum(step in ITEM_TAGS for step in path.split("/"))


def tree_root(path: str) -> str | None:
    """The path above the nested lists a link DOM path ends in (``…/div/ul/li/ul/li/a`` →
    ``…/div``), None when its anchor sits in no list item.

    An item may wrap its link and its own list in elements of its own (`WRAPPERS`): a module
    index's ``li/details/ul/li/span/a`` (each level a disclosure), a class tree's
    ``li/div/code/a``. They are part of the item; above the outermost list they are the tree's
    root."""
    steps = path.split("/")
    end = len(steps) - 1  # the anchor
    root: int | None = None
    while True:
        inner = end
        while inner >= 1 and steps[inner - 1] in WRAPPERS:
            inner -= 1
        if inner < 2 or steps[inner - 1] != "li" or steps[inner - 2] not in LIST_TAGS:
            break
        end = root = inner - 2
    return None if root is None else "/".join(steps[:root])
