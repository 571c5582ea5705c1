"""Visual-layout features: lists of links as the browser laid them out, and screenshot blocks.

Pure functions over Snapshots (rendered ones: links carry a `box` and a `style`) and over
screenshot pixels; no I/O.

Visual lists follow the HyLiEn idea (ALGORITHMS.md, "Visual lists"), on anchors: anchors are
list-mates when they share the container path (the link DOM path, which carries no indices,
without the anchor), the font and the colour, and line up — the same left x or the same centre x
(a vertical list; centred captions of cards), the same top y (a horizontal list), or both (a
grid) — with a steady step between neighbours, start to start (equal items) or end to start
(items of varying width with a fixed gap, e.g. a menu). An aligned band whose step changes is cut
into runs (two stacked sidebar boxes are two lists). A list needs at least `MIN_LIST_SIZE`
members. A list with the same signature and the same targets on most pages of a site is a
site-wide menu (`menu_signatures`).

Screenshot blocks come from a whitespace XY-cut: the page is split recursively along rows or
columns that are entirely background, using the projection profiles of a thresholded difference
image (numpy/OpenCV, vectorised; no per-pixel Python).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from siteseer.render import Box, Link, Snapshot

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "ALIGN_TOLERANCE_PX",
    "MIN_LIST_SIZE",
    "Block",
    "MenuKey",
    "VisualList",
    "assign_to_blocks",
    "is_menu",
    "joined",
    "list_similarity",
    "menu_key",
    "menu_signatures",
    "page_visual_similarity",
    "visual_lists",
    "xy_cut",
]

ALIGN_TOLERANCE_PX = 2.0
MIN_LIST_SIZE = 3
# Neighbour steps may vary by this fraction of the median step and still count as "steady".
STEP_TOLERANCE = 0.5
# A list signature on at least this share of a site's pages is a site-wide menu.
MENU_SHARE = 0.6

Orientation = Literal["vertical", "horizontal", "grid"]


@dataclass(frozen=True, slots=True)
class VisualList:
    """A group of anchors laid out as one list.

    `signature` identifies "the same list" across pages of a site: container path, orientation,
    and anchor style (font size, weight, family, colour). `links` are in reading order (top to
    bottom, then left to right).
    """

    signature: tuple[str, str, float, int, str, str]
    orientation: Orientation
    links: tuple[Link, ...]
    box: Box

    @property
    def container(self) -> str:
        return self.signature[0]

    @property
    def urls(self) -> tuple[str, ...]:
        return tuple(link.url for link in self.links)


def _container(link: Link) -> str:
    """The link DOM path without the anchor itself (its list container and item)."""
    head, _, _ = link.path.rpartition("/")
    return head


def _style_key(link: Link) -> tuple[float, int, str, str]:
    style = link.style
    if style is None:  # an item that opens by script: drawn, but not styled as an anchor
        return (0.0, 0, "", "")
    return (round(style.font_size, 1), style.font_weight, style.font_family, style.color)


def _drawn(link: Link) -> bool:
    """Whether `link` is drawn on the page: it has a box with an area and, when it is an
    anchor, a visible style. A link with a box and no style is an item that opens by script
    (algorithms/openers.py: a table row, a card with a click handler): the browser drew it where
    its box says, and its items line up as anchors do, by their container and their boxes.
    An HTTP-only snapshot's links have neither box nor style."""
    box, style = link.box, link.style
    if box is None or box.w <= 0 or box.h <= 0:
        return False
    return style is None or style.visible


def _step_tolerance(step: float) -> float:
    return STEP_TOLERANCE * abs(step) + ALIGN_TOLERANCE_PX


def _steady_runs(boxes: Sequence[Box], band: list[int], vertical: bool) -> list[list[int]]:
    """Split one aligned band into runs of members with a steady step.

    Members are sorted along the band's axis. A run goes on while the step from one member to the
    next stays within `STEP_TOLERANCE` of the run's first step, measured either start to start
    (equal-size items: table rows, cards) or end to start (items of varying size separated by a
    fixed gap: a menu of words). Overlapping or touching-at-the-start members break a run.
    """

    def start(i: int) -> float:
        return boxes[i].y if vertical else boxes[i].x

    def end(i: int) -> float:
        return boxes[i].y + boxes[i].h if vertical else boxes[i].x + boxes[i].w

    order = sorted(band, key=lambda i: (start(i), i))
    runs: list[list[int]] = []
    run: list[int] = []
    step = gap = 0.0
    for i in order:
        if not run:
            run = [i]
            continue
        prev = run[-1]
        new_step, new_gap = start(i) - start(prev), start(i) - end(prev)
        if new_step <= ALIGN_TOLERANCE_PX:
            continue  # a duplicate position: the same spot twice is no list item
        if len(run) == 1:
            run.append(i)
            step, gap = new_step, new_gap
            continue
        if (
            abs(new_step - step) <= _step_tolerance(step)
            or abs(new_gap - gap) <= _step_tolerance(step) * 0.5
        ):
            run.append(i)
            continue
        runs.append(run)
        run = [i]
    if run:
        runs.append(run)
    return runs


def _bands(values: Sequence[tuple[float, int]]) -> list[list[int]]:
    """Group indices whose coordinate lies within the tolerance of the previous one (sorted)."""
    bands: list[list[int]] = []
    last = -math.inf
    for value, index in sorted(values):
        if value - last > ALIGN_TOLERANCE_PX:
            bands.append([])
        bands[-1].append(index)
        last = value
    return bands


def _enclosing(boxes: Iterable[Box]) -> Box:
    items = list(boxes)
    x0 = min(b.x for b in items)
    y0 = min(b.y for b in items)
    x1 = max(b.x + b.w for b in items)
    y1 = max(b.y + b.h for b in items)
    return Box(x0, y0, x1 - x0, y1 - y0)


def _split_aligned(links: list[Link]) -> list[tuple[Orientation, list[Link]]]:
    """Split anchors of one container/style group into aligned lists with a steady step."""
    boxes = [link.box for link in links]
    assert all(b is not None for b in boxes)
    known: list[Box] = [b for b in boxes if b is not None]

    def runs_of(keys: list[tuple[float, int]], vertical: bool) -> list[list[int]]:
        return [
            run
            for band in _bands(keys)
            if len(band) >= 2
            for run in _steady_runs(known, band, vertical=vertical)
            if len(run) >= 2
        ]

    def covered(runs: list[list[int]]) -> int:
        return sum(len(run) for run in runs)

    # Columns line up on the left edge, or on the centre (centred text in cards); rows on the
    # top edge. The alignment that puts more anchors in steady runs wins (left on a tie).
    columns = runs_of([(b.x, i) for i, b in enumerate(known)], vertical=True)
    centred = runs_of([(b.x + b.w / 2, i) for i, b in enumerate(known)], vertical=True)
    if covered(centred) > covered(columns):
        columns = centred
    rows = runs_of([(b.y, i) for i, b in enumerate(known)], vertical=False)
    out: list[tuple[Orientation, list[Link]]] = []
    used: set[int] = set()
    # A grid: several steady columns whose members also line up in steady rows.
    if len(columns) >= 2 and len(rows) >= 2:
        in_rows = {i for run in rows for i in run}
        members = sorted({i for run in columns for i in run if i in in_rows})
        if len(members) >= MIN_LIST_SIZE:
            out.append(("grid", [links[i] for i in members]))
            used.update(members)
    for orientation, runs in (("vertical", columns), ("horizontal", rows)):
        for run in runs:
            members = [i for i in run if i not in used]
            if len(members) >= MIN_LIST_SIZE:
                used.update(members)
                out.append((orientation, [links[i] for i in members]))  # type: ignore[arg-type]
    return out


def visual_lists(snapshot: Snapshot) -> list[VisualList]:
    """The visual lists of a rendered page, largest first (ties by first URL).

    Anchors without a box (an HTTP-only snapshot) or that are not visible are ignored (an
    HTTP-only snapshot therefore has no visual lists); items that open by script count as drawn
    by their box (`_drawn`).
    """
    groups: dict[tuple[str, float, int, str, str], list[Link]] = defaultdict(list)
    for link in snapshot.links:
        if not _drawn(link):
            continue
        groups[(_container(link), *_style_key(link))].append(link)
    found: list[VisualList] = []
    for (container, size, weight, family, color), members in groups.items():
        if len(members) < MIN_LIST_SIZE:
            continue
        for orientation, items in _split_aligned(members):
            items.sort(key=lambda lk: (lk.box.y, lk.box.x) if lk.box else (0.0, 0.0))
            found.append(
                VisualList(
                    signature=(container, orientation, size, weight, family, color),
                    orientation=orientation,
                    links=tuple(items),
                    box=_enclosing(lk.box for lk in items if lk.box is not None),
                )
            )
    found.sort(key=lambda vl: (-len(vl.links), vl.links[0].url))
    return found


def joined(snapshot: Snapshot, part: VisualList) -> VisualList:
    """`part` with every visible anchor of `snapshot` in its container and style (its signature
    but for the orientation): the parts of one list that line up apart (its columns, its runs
    under headings, an anchor out of step between them), in reading order, keeping `part`'s
    signature."""
    key = (part.signature[0], *part.signature[2:])
    links = [
        link
        for link in snapshot.links
        if _drawn(link) and (_container(link), *_style_key(link)) == key
    ]
    if len(links) <= len(part.links):
        return part
    links.sort(key=lambda lk: (lk.box.y, lk.box.x) if lk.box else (0.0, 0.0))
    return VisualList(
        signature=part.signature,
        orientation=part.orientation,
        links=tuple(links),
        box=_enclosing(lk.box for lk in links if lk.box is not None),
    )


MenuKey = tuple[tuple[str, str, float, int, str, str], frozenset[str]]


def menu_key(vl: VisualList) -> MenuKey:
    """What makes two lists "the same menu": the same signature and the same targets."""
    return (vl.signature, frozenset(vl.urls))


def menu_signatures(pages: Iterable[Snapshot], share: float = MENU_SHARE) -> set[MenuKey]:
    """The site-wide menus among `pages`: lists (signature and targets, see `menu_key`) present
    on at least `share` of the pages that have lists at all (pages without the site's chrome,
    like personal home pages, do not dilute the share). Needs at least two such pages; a list's
    signature alone is not enough (every index page of a site has "a vertical list in main"
    with other targets)."""
    counts: Counter[MenuKey] = Counter()
    total = 0
    for snapshot in pages:
        keys = {menu_key(vl) for vl in visual_lists(snapshot)}
        total += bool(keys)
        counts.update(keys)
    if total < 2:
        return set()
    return {key for key, n in counts.items() if n / total >= share}


def is_menu(vl: VisualList, menus: set[MenuKey]) -> bool:
    return menu_key(vl) in menus


def list_similarity(a: VisualList, b: VisualList) -> float:
    """How alike two lists are, in [0, 1]: container path, orientation, style, size."""
    score = 0.0
    score += 0.4 if a.signature[0] == b.signature[0] else 0.0
    score += 0.2 if a.orientation == b.orientation else 0.0
    score += 0.3 if a.signature[2:] == b.signature[2:] else 0.0
    width_a, width_b = a.box.w, b.box.w
    if max(width_a, width_b) > 0:
        score += 0.1 * min(width_a, width_b) / max(width_a, width_b)
    return round(score, 6)


def page_visual_similarity(a: Snapshot, b: Snapshot) -> float:
    """Layout similarity of two rendered pages: Jaccard of their list signatures, in [0, 1].

    Usable wherever the methods use simhtml (the Jaccard of link DOM paths).
    """
    sa = {vl.signature for vl in visual_lists(a)}
    sb = {vl.signature for vl in visual_lists(b)}
    if not sa and not sb:
        return 1.0 if not a.links and not b.links else 0.0
    return len(sa & sb) / len(sa | sb)


# --- screenshot blocks --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Block:
    """A rectangle of content found by the XY-cut, in screenshot pixels."""

    x: int
    y: int
    w: int
    h: int

    def contains(self, box: Box, scale: float = 1.0) -> bool:
        cx = (box.x + box.w / 2) * scale
        cy = (box.y + box.h / 2) * scale
        return self.x <= cx < self.x + self.w and self.y <= cy < self.y + self.h


def _content_mask(image: np.ndarray, threshold: int) -> np.ndarray:
    """Pixels that differ from the page background (the most common border colour)."""
    # numpy and OpenCV load with the first screenshot cut, not with the visual lists (a crawl
    # command that never cuts a screenshot starts without them).
    import cv2
    import numpy as np

    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    border = np.concatenate([gray[0, :], gray[-1, :], gray[:, 0], gray[:, -1]])
    background = int(np.bincount(border.ravel(), minlength=256).argmax())
    diff = cv2.absdiff(gray, np.full_like(gray, background))
    _, mask = cv2.threshold(diff, threshold, 1, cv2.THRESH_BINARY)
    return mask


def _runs(profile: np.ndarray, min_gap: int) -> list[tuple[int, int]]:
    """Spans of non-empty positions separated by empty gaps of at least `min_gap`."""
    import numpy as np

    filled = profile > 0
    if not filled.any():
        return []
    idx = np.flatnonzero(filled)
    breaks = np.flatnonzero(np.diff(idx) > min_gap)
    starts = np.concatenate([[idx[0]], idx[breaks + 1]])
    ends = np.concatenate([idx[breaks], [idx[-1]]]) + 1
    return list(zip(starts.tolist(), ends.tolist(), strict=True))


def xy_cut(
    image: np.ndarray,
    *,
    threshold: int = 12,
    min_gap: int = 12,
    min_size: int = 8,
    max_depth: int = 12,
) -> list[Block]:
    """Segment a screenshot into content blocks by recursive whitespace cuts.

    `image` is a BGR or grayscale array (as cv2.imdecode gives). A region is cut horizontally
    along empty row runs of at least `min_gap` pixels, then each part vertically along empty
    columns, alternating, until no cut is possible or `max_depth` is reached. Blocks smaller than
    `min_size` in either direction are dropped. Blocks come in reading order.
    """
    import cv2

    mask = _content_mask(image, threshold)
    integral = cv2.integral(mask)  # (h+1, w+1): fast "is this region empty" checks
    blocks: list[Block] = []

    def region_sum(x0: int, y0: int, x1: int, y1: int) -> int:
        return int(integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0])

    def cut(x0: int, y0: int, x1: int, y1: int, depth: int, horizontal: bool, stuck: int) -> None:
        if x1 - x0 < min_size or y1 - y0 < min_size or region_sum(x0, y0, x1, y1) == 0:
            return
        sub = mask[y0:y1, x0:x1]
        profile = sub.sum(axis=1) if horizontal else sub.sum(axis=0)
        spans = _runs(profile, min_gap)
        if depth >= max_depth or (len(spans) <= 1 and stuck >= 1):
            # Tighten to the content and emit.
            rows = _runs(sub.sum(axis=1), 0)
            cols = _runs(sub.sum(axis=0), 0)
            if rows and cols:
                bx0, bx1 = x0 + cols[0][0], x0 + cols[-1][1]
                by0, by1 = y0 + rows[0][0], y0 + rows[-1][1]
                if bx1 - bx0 >= min_size and by1 - by0 >= min_size:
                    blocks.append(Block(bx0, by0, bx1 - bx0, by1 - by0))
            return
        if len(spans) <= 1:
            start, end = spans[0] if spans else (0, 0)
            if horizontal:
                cut(x0, y0 + start, x1, y0 + end, depth + 1, False, stuck + 1)
            else:
                cut(x0 + start, y0, x0 + end, y1, depth + 1, True, stuck + 1)
            return
        for start, end in spans:
            if horizontal:
                cut(x0, y0 + start, x1, y0 + end, depth + 1, False, 0)
            else:
                cut(x0 + start, y0, x0 + end, y1, depth + 1, True, 0)

    height, width = mask.shape
    cut(0, 0, width, height, 0, True, 0)
    blocks.sort(key=lambda b: (b.y, b.x))
    return blocks


def assign_to_blocks(
    links: Sequence[Link], blocks: Sequence[Block], scale: float = 1.0
) -> dict[int, list[Link]]:
    """Anchors by the index of the block containing their centre (`scale`: px per CSS px)."""
    out: dict[int, list[Link]] = defaultdict(list)
    for link in links:
        if link.box is None:
            continue
        for i, block in enumerate(blocks):
            if block.contains(link.box, scale):
                out[i].append(link)
                break
    return dict(out)
