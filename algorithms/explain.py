"""What a method sees of a page's link collections: the content of an annotated screenshot.

`explain_page(snapshot, sample_path)` is what `siteseer explain` and the bench report's
images show (output/explain.py draws it on the page's screenshot):

- the anchors laid out on the page (a box of positive size), in document order;
- their link-DOM-path groups (the tags + attribute names form; the collections SSUP and Indesit
  reason about), largest first, ties by path, numbered from 1;
- the page's visual lists (what GPP and visual SSUP reason about);
- given a sample page path (a Discovery's `sample_path`), the link DOM paths of the sample link
  DOM path on this page: the paths of its links to the next page of the sample path (or, for a
  page not on the path, of its links to any page of it), with a caption saying which.

`read_sample_path(text)` reads a sample page path from a Discovery written as JSON, a JSON list
of URLs or one URL a line. Pure functions; no drawing, no files.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from siteseer.algorithms.features.visual import VisualList, visual_lists
from siteseer.render import Link, Snapshot

__all__ = [
    "LinkCollections",
    "PathGroup",
    "drawn_links",
    "explain_page",
    "path_groups",
    "read_sample_path",
]


@dataclass(frozen=True, slots=True)
class PathGroup:
    """The anchors of a page that share one link DOM path (tags + attribute names)."""

    number: int  # 1 is the largest group
    path: str
    count: int


@dataclass(frozen=True, slots=True)
class LinkCollections:
    """A page's link collections, as an annotated screenshot shows them."""

    url: str
    links: tuple[Link, ...]  # anchors with a box of positive size, in document order
    groups: tuple[PathGroup, ...]  # their link-DOM-path groups, largest first
    lists: tuple[VisualList, ...]  # the page's visual lists
    highlight: frozenset[str]  # link DOM paths of the sample link DOM path (none without one)
    caption: str  # what the highlight is ("" when nothing is highlighted)


def drawn_links(snapshot: Snapshot) -> list[Link]:
    """The anchors of a rendered page that occupy space on it, in document order."""
    return [lk for lk in snapshot.links if lk.box is not None and lk.box.w > 0 and lk.box.h > 0]


def path_groups(paths: Iterable[str]) -> tuple[PathGroup, ...]:
    """Groups of a page's link DOM paths (one item per anchor): largest first, ties by path."""
    counts = Counter(paths)
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return tuple(PathGroup(n, path, count) for n, (path, count) in enumerate(ranked, start=1))


def _sample_targets(
    links: Sequence[Link], names: set[str], sample_path: Sequence[str]
) -> tuple[set[str], str]:
    """(link DOM paths to highlight, caption) for the page called `names` on the sample path."""
    for i, url in enumerate(sample_path[:-1]):
        if url in names:
            following = sample_path[i + 1]
            paths = {lk.path_attrs for lk in links if lk.url == following}
            return paths, f"sample link DOM path, level {i} -> {i + 1}"
    on_path = set(sample_path) - names
    paths = {lk.path_attrs for lk in links if lk.url in on_path}
    return paths, "links to pages of the sample path"


def explain_page(snapshot: Snapshot, sample_path: Sequence[str] = ()) -> LinkCollections:
    """The link collections of a rendered page; `sample_path` (root → … → seed URLs) selects
    the links of the sample link DOM path on this page."""
    links = drawn_links(snapshot)
    highlight: set[str] = set()
    caption = ""
    if sample_path:
        names = {snapshot.url, snapshot.final_url}
        highlight, caption = _sample_targets(links, names, sample_path)
    return LinkCollections(
        url=snapshot.url,
        links=tuple(links),
        groups=path_groups(lk.path_attrs for lk in links),
        lists=tuple(visual_lists(snapshot)),
        highlight=frozenset(highlight),
        caption=caption if highlight else "",
    )


def read_sample_path(text: str) -> tuple[str, ...]:
    """The sample page path (root → … → seed URLs) from a Discovery written as JSON.

    Accepts a Discovery object (``Discovery.to_dict()``: its ``sample_path``), JSON lines of
    which one carries ``sample_path``, a JSON list of URLs, or plain text with one URL a line.
    Raises ValueError when `text` holds no sample path.
    """
    stripped = text.strip()
    candidates: list[object] = []
    try:
        candidates.append(json.loads(stripped))
    except ValueError:
        for line in stripped.splitlines():
            try:
                candidates.append(json.loads(line))
            except ValueError:
                break
    for data in candidates:
        if isinstance(data, dict) and isinstance(data.get("sample_path"), list):
            path = tuple(str(u) for u in data["sample_path"])
            if path:
                return path
        if isinstance(data, list) and data and all(isinstance(u, str) for u in data):
            return tuple(data)
    lines = [line.strip() for line in stripped.splitlines() if line.strip()]
    if lines and all(line.startswith(("http://", "https://")) for line in lines):
        return tuple(lines)
    raise ValueError(
        "no sample page path found: give the Discovery JSON (with a 'sample_path' list), "
        "a JSON list of URLs, or one URL a line"
    )
