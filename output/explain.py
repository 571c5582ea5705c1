"""Annotated screenshots: a page's link collections drawn on its screenshot, with OpenCV.

`annotate(snapshot)` draws what `algorithms.explain.explain_page` finds on the page's
full-page screenshot: every anchor filled with the colour of its link-DOM-path group (the
collections SSUP and Indesit reason about), an outline with a label around every visual list
(what GPP and visual SSUP reason about), and, given a sample page path (a Discovery's
`sample_path`), thick red outlines on the sample link DOM path: the links of this page under the
path that leads to the next page of the sample path. A legend panel on the right names the
groups, the lists and the highlight.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

import cv2
import numpy as np

from siteseer.algorithms import PathGroup, VisualList, explain_page, path_groups
from siteseer.render import Box, Link, Snapshot

__all__ = [
    "CROP_ABOVE",
    "HIGHLIGHT",
    "LEGEND_WIDTH",
    "PALETTE",
    "AnnotationError",
    "Layers",
    "annotate",
    "group_colours",
]

# Colour-blind-friendly palette (Okabe–Ito, BGR), cycled over DOM-path groups, largest first.
PALETTE: tuple[tuple[int, int, int], ...] = (
    (178, 114, 0),  # blue
    (0, 159, 230),  # orange
    (115, 158, 0),  # bluish green
    (167, 121, 204),  # reddish purple
    (0, 94, 213),  # vermillion
    (233, 180, 86),  # sky blue
    (66, 228, 240),  # yellow
    (90, 90, 90),  # dark grey
)
OTHER = (170, 170, 170)
HIGHLIGHT = (30, 30, 220)
INK = (30, 30, 30)
LEGEND_WIDTH = 560
FONT = cv2.FONT_HERSHEY_SIMPLEX
LABEL_SCALE = 0.55
LEGEND_SCALE = 0.5
ROW = 24  # legend line height, px
MAX_LEGEND_LISTS = 14
# A screenshot taller than this is cropped to the rows its drawn collections occupy (plus
# CROP_MARGIN above and below): a long page's picture shows what it explains.
CROP_ABOVE = 2400
CROP_MARGIN = 60


Layers = Literal["both", "dom", "visual", "side-by-side"]


class AnnotationError(ValueError):
    """The snapshot cannot be drawn (no screenshot, or an undecodable one)."""


def _rect(box: Box, scale: float) -> tuple[tuple[int, int], tuple[int, int]]:
    x0, y0 = round(box.x * scale), round(box.y * scale)
    return (x0, y0), (round((box.x + box.w) * scale), round((box.y + box.h) * scale))


def _text_colour(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `fill` (BGR)."""
    b, g, r = fill
    return (20, 20, 20) if 0.114 * b + 0.587 * g + 0.299 * r > 150 else (255, 255, 255)


def group_colours(
    paths: Iterable[str], max_groups: int = len(PALETTE)
) -> dict[str, tuple[int, int, int]]:
    """Link DOM path → colour, for the paths of a page's anchors (one item per anchor; the
    tags + attribute names form is what `annotate` uses). Largest group first, ties by path;
    groups beyond the `max_groups` largest are grey."""
    return {
        group.path: PALETTE[i % len(PALETTE)] if i < max_groups else OTHER
        for i, group in enumerate(path_groups(paths))
    }


class _Labels:
    """Places list labels off the links (`obstacles`, pixel rectangles) and off one another:
    above the list, below it, left or right of its top; else stacked below the clash."""

    def __init__(self, width: int, obstacles: Sequence[tuple[int, int, int, int]] = ()) -> None:
        self.width = width
        self.obstacles = list(obstacles)
        self.placed: list[tuple[int, int, int, int]] = []

    def _free(self, rect: tuple[int, int, int, int]) -> bool:
        x, y, w, _h = rect
        if x < 0 or y < 0 or x + w > self.width:
            return False
        return not any(_overlap(r, rect) for r in (*self.placed, *self.obstacles))

    def place(
        self, x: int, y: int, w: int, h: int, around: tuple[int, int, int, int] | None = None
    ) -> tuple[int, int]:
        if around is not None:
            x0, y0, x1, y1 = around
            for cx, cy in ((x0, y0 - h), (x0, y1), (x0 - w - 2, y0), (x1 + 2, y0)):
                if self._free((cx, cy, w, h)):
                    self.placed.append((cx, cy, w, h))
                    return cx, cy
        x = max(0, min(x, self.width - w))
        for _ in range(12):
            clash = next((r for r in self.placed if _overlap(r, (x, y, w, h))), None)
            if clash is None:
                break
            y = clash[1] + clash[3] + 1
        self.placed.append((x, max(y, 0), w, h))
        return x, max(y, 0)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _put(image: np.ndarray, text: str, x: int, y: int, colour: tuple[int, int, int]) -> None:
    cv2.putText(image, text, (x, y), FONT, LEGEND_SCALE, colour, 1, cv2.LINE_AA)


def annotate(
    snapshot: Snapshot,
    *,
    sample_path: Sequence[str] = (),
    max_groups: int = len(PALETTE),
    layers: Layers = "both",
    max_height: int | None = None,
) -> bytes:
    """The snapshot's screenshot with its link collections drawn on it, as PNG bytes.

    The image is the screenshot with a legend panel of `LEGEND_WIDTH` pixels on its right (and as
    tall as the screenshot, or taller when the legend needs it). `sample_path` (root → … → seed
    URLs) outlines in red the sample link DOM path of this page. Groups beyond the `max_groups`
    largest are drawn in grey and listed as "other". `layers` draws both views, or only the
    link-DOM-path one (``"dom"``: fills and the sample path, what SSUP and Indesit see) or only
    the visual one (``"visual"``: list outlines, what GPP sees), or the two views next to each
    other (``"side-by-side"``: twice the screenshot's width, 12 px apart, then the legend).
    `max_height` cuts the picture
    (screenshot and legend) to that many pixels. Without it, a screenshot taller than
    `CROP_ABOVE` pixels is cropped to the rows of the collections drawn in colour (the
    `max_groups` largest groups, the visual lists; `CROP_MARGIN` around them), and the legend
    says which rows it shows. List labels are placed off the links; legend paths are wrapped,
    never cut. Raises `AnnotationError` without a decodable screenshot.
    """
    if snapshot.screenshot is None:
        raise AnnotationError(
            f"{snapshot.url}: the snapshot has no screenshot; load it with screenshot='full'"
        )
    image = cv2.imdecode(np.frombuffer(snapshot.screenshot, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise AnnotationError(f"{snapshot.url}: the screenshot is not a decodable image")
    viewport_width = snapshot.viewport[0] if snapshot.viewport else image.shape[1]
    scale = image.shape[1] / viewport_width
    if max_height is not None:
        image = image[:max_height]

    page = explain_page(snapshot, sample_path)
    colours = group_colours((lk.path_attrs for lk in page.links), max_groups)

    top, bottom = 0, image.shape[0]
    if max_height is None and image.shape[0] > CROP_ABOVE:
        top, bottom = _region(page.links, page.lists, colours, scale, image.shape[0])

    def view(dom: bool, visual: bool) -> np.ndarray:
        lists = page.lists if visual else ()
        drawn = _draw(image, page.links, colours, lists, page.highlight, scale, fill=dom)
        return drawn[top:bottom]

    if layers == "side-by-side":
        gap = np.full((bottom - top, 12, 3), 255, np.uint8)
        canvas = np.hstack([view(True, False), gap, view(False, True)])
    else:
        canvas = view(layers != "visual", layers != "dom")
    cropped = (top, bottom, image.shape[0]) if (top, bottom) != (0, image.shape[0]) else None
    panel = _legend(
        canvas.shape[0],
        page.groups if layers != "visual" else (),
        colours,
        page.lists if layers != "dom" else (),
        max_groups,
        page.caption,
        cropped,
    )
    if panel.shape[0] > canvas.shape[0]:
        pad = np.full((panel.shape[0] - canvas.shape[0], canvas.shape[1], 3), 255, np.uint8)
        canvas = np.vstack([canvas, pad])
    picture = np.hstack([canvas, panel])
    if max_height is not None:
        picture = picture[:max_height]  # the legend may have grown the picture
    ok, png = cv2.imencode(".png", picture)
    if not ok:
        raise AnnotationError(f"{snapshot.url}: could not encode the annotated image")
    return png.tobytes()


def _region(
    links: Sequence[Link],
    lists: Sequence[VisualList],
    colours: dict[str, tuple[int, int, int]],
    scale: float,
    height: int,
) -> tuple[int, int]:
    """The rows (top, bottom) that hold the links drawn in a group's own colour and the visual
    lists, with CROP_MARGIN around them (the whole page when there are none)."""
    boxes = [lk.box for lk in links if lk.box is not None and colours[lk.path_attrs] != OTHER]
    boxes += [vl.box for vl in lists]
    if not boxes:
        return 0, height
    top = min(round(b.y * scale) for b in boxes) - CROP_MARGIN
    bottom = max(round((b.y + b.h) * scale) for b in boxes) + CROP_MARGIN
    return max(0, top), min(height, bottom)


def _wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` pixels in the legend's font, broken after a ``/``
    where possible (a DOM path is shown whole, never cut)."""
    lines: list[str] = []
    line = ""
    for part in text.replace("/", "/\0").split("\0"):
        if line and cv2.getTextSize(line + part, FONT, LEGEND_SCALE, 1)[0][0] > width:
            lines.append(line)
            line = ""
        while cv2.getTextSize(part, FONT, LEGEND_SCALE, 1)[0][0] > width and len(part) > 1:
            cut = len(part) - 1
            while cut > 1 and cv2.getTextSize(part[:cut], FONT, LEGEND_SCALE, 1)[0][0] > width:
                cut -= 1
            lines.append(part[:cut])
            part = part[cut:]
        line += part
    return [*lines, line] if line else lines


def _draw(
    screenshot: np.ndarray,
    drawn: Sequence[Link],
    colours: dict[str, tuple[int, int, int]],
    lists: Sequence[VisualList],
    highlight: frozenset[str],
    scale: float,
    *,
    fill: bool,
) -> np.ndarray:
    """One view of the page: group fills (when `fill`), list outlines, the red highlight."""
    image = screenshot.copy()
    if fill:
        overlay = image.copy()
        for link in drawn:
            assert link.box is not None
            p0, p1 = _rect(link.box, scale)
            cv2.rectangle(overlay, p0, p1, colours[link.path_attrs], thickness=-1)
        image = cv2.addWeighted(overlay, 0.45, image, 0.55, 0)
    obstacles = []
    for link in drawn:
        assert link.box is not None
        (lx0, ly0), (lx1, ly1) = _rect(link.box, scale)
        obstacles.append((lx0, ly0, lx1 - lx0, ly1 - ly0))
    labels = _Labels(image.shape[1], obstacles)
    for n, vl in enumerate(lists, start=1):
        _draw_list(image, vl, n, colours[vl.links[0].path_attrs], scale, labels)
    for link in drawn:
        if link.path_attrs in highlight:
            assert link.box is not None
            p0, p1 = _rect(link.box, scale)
            cv2.rectangle(image, (p0[0] - 3, p0[1] - 3), (p1[0] + 3, p1[1] + 3), HIGHLIGHT, 3)
    return image


def _draw_list(
    image: np.ndarray,
    vl: VisualList,
    number: int,
    colour: tuple[int, int, int],
    scale: float,
    labels: _Labels,
) -> None:
    p0, p1 = _rect(vl.box, scale)
    pad = 4
    p0, p1 = (p0[0] - pad, p0[1] - pad), (p1[0] + pad, p1[1] + pad)
    cv2.rectangle(image, p0, p1, colour, thickness=2)
    label = f"L{number} {vl.orientation} ({len(vl.links)})"
    (tw, th), base = cv2.getTextSize(label, FONT, LABEL_SCALE, 1)
    w, h = tw + 8, th + base + 6
    x, y = labels.place(p0[0], p0[1] - h, w, h, around=(p0[0], p0[1], p1[0], p1[1]))
    cv2.rectangle(image, (x, y), (x + w, y + h), colour, thickness=-1)
    cv2.putText(
        image,
        label,
        (x + 4, y + th + 3),
        FONT,
        LABEL_SCALE,
        _text_colour(colour),
        1,
        cv2.LINE_AA,
    )


def _legend(
    height: int,
    groups: Sequence[PathGroup],
    colours: dict[str, tuple[int, int, int]],
    lists: Sequence[VisualList],
    max_groups: int,
    caption: str,
    cropped: tuple[int, int, int] | None = None,
) -> np.ndarray:
    text_width = LEGEND_WIDTH - 38 - 12 - 30  # room for a continuation line's indent
    group_lines = [
        _wrap(f"G{group.number} {group.count:>3}  {group.path}", text_width)
        for group in groups[:max_groups]
    ]
    list_lines = [
        _wrap(f"L{n} {vl.orientation} {len(vl.links)}  {vl.container}", LEGEND_WIDTH - 24 - 30)
        for n, vl in enumerate(lists[:MAX_LEGEND_LISTS], start=1)
    ]
    lines = 4 + sum(map(len, group_lines)) + 1 + sum(map(len, list_lines)) + 6
    panel = np.full((max(height, lines * ROW + 20), LEGEND_WIDTH, 3), 250, np.uint8)
    cv2.line(panel, (0, 0), (0, panel.shape[0]), (200, 200, 200), 1)
    y = 28 - ROW - 16
    if cropped is not None:
        top, bottom, full = cropped
        y += ROW + 4
        _put(panel, f"page rows {top}-{bottom} of {full} px (the collections)", 12, y, INK)
    if groups:
        y += ROW + 16
        cv2.putText(panel, "Link DOM-path groups (fill)", (12, y), FONT, 0.6, INK, 1, cv2.LINE_AA)
    for group, wrapped in zip(groups[:max_groups], group_lines, strict=True):
        y += ROW
        cv2.rectangle(panel, (12, y - 14), (30, y + 3), colours[group.path], thickness=-1)
        for n, line in enumerate(wrapped):
            y += ROW if n else 0
            _put(panel, line if n == 0 else "   " + line, 38, y, INK)
    rest = sum(g.count for g in groups[max_groups:])
    if rest:
        y += ROW
        cv2.rectangle(panel, (12, y - 14), (30, y + 3), OTHER, thickness=-1)
        _put(panel, f"{rest} links in {len(groups) - max_groups} smaller groups", 38, y, INK)
    if lists:
        y += ROW + 16
        cv2.putText(panel, "Visual lists (outlines)", (12, y), FONT, 0.6, INK, 1, cv2.LINE_AA)
    for wrapped in list_lines:
        for n, line in enumerate(wrapped):
            y += ROW
            _put(panel, line if n == 0 else "   " + line, 12, y, INK)
    if len(lists) > MAX_LEGEND_LISTS:
        y += ROW
        _put(panel, f"... and {len(lists) - MAX_LEGEND_LISTS} more lists", 12, y, INK)
    if caption:
        y += ROW + 16
        cv2.rectangle(panel, (12, y - 14), (30, y + 3), HIGHLIGHT, thickness=3)
        _put(panel, caption, 38, y, HIGHLIGHT)
    return panel
