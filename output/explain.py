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

from algorithms import PathGroup, VisualList, explain_page, path_groups
from render import Box, Link, Snapshot

__all__ = [
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


Layers = Literal["both", "dom", "visual", "side-by-side"]


class AnnotationError(ValueError):
    """The snapshot cannot be drawn (no screenshot, or an undecodable one)."""


def _rect(box: Box, scale: float) -> tuple[tuple[int, int], tuple[int, int]]:
    x0, y0 = round(box.x * scale), round(box.y * scale)
    return (x0, y0), (round((box.x + box.w) * scale), round((box.y + box.h) * scale))


def _short(path: str, limit: int) -> str:
    return path if len(path) <= limit else "..." + path[-(limit - 3) :]


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
    """Places list labels so that they do not overlap one another."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.placed: list[tuple[int, int, int, int]] = []

    def place(self, x: int, y: int, w: int, h: int) -> tuple[int, int]:
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
    (screenshot and legend) to that many pixels. Raises `AnnotationError` without a decodable
    screenshot.
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

    def view(dom: bool, visual: bool) -> np.ndarray:
        lists = page.lists if visual else ()
        return _draw(image, page.links, colours, lists, page.highlight, scale, fill=dom)

    if layers == "side-by-side":
        gap = np.full((image.shape[0], 12, 3), 255, np.uint8)
        canvas = np.hstack([view(True, False), gap, view(False, True)])
    else:
        canvas = view(layers != "visual", layers != "dom")
    panel = _legend(
        canvas.shape[0],
        page.groups if layers != "visual" else (),
        colours,
        page.lists if layers != "dom" else (),
        max_groups,
        page.caption,
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
    labels = _Labels(image.shape[1])
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
    x, y = labels.place(p0[0], p0[1] - h, w, h)
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
) -> np.ndarray:
    lines = 4 + min(len(groups), max_groups) + 1 + min(len(lists), MAX_LEGEND_LISTS) + 4
    panel = np.full((max(height, lines * ROW + 20), LEGEND_WIDTH, 3), 250, np.uint8)
    cv2.line(panel, (0, 0), (0, panel.shape[0]), (200, 200, 200), 1)
    y = 28 - ROW - 16
    if groups:
        y += ROW + 16
        cv2.putText(panel, "Link DOM-path groups (fill)", (12, y), FONT, 0.6, INK, 1, cv2.LINE_AA)
    for group in groups[:max_groups]:
        y += ROW
        cv2.rectangle(panel, (12, y - 14), (30, y + 3), colours[group.path], thickness=-1)
        _put(panel, f"G{group.number} {group.count:>3}  {_short(group.path, 44)}", 38, y, INK)
    rest = sum(g.count for g in groups[max_groups:])
    if rest:
        y += ROW
        cv2.rectangle(panel, (12, y - 14), (30, y + 3), OTHER, thickness=-1)
        _put(panel, f"{rest} links in {len(groups) - max_groups} smaller groups", 38, y, INK)
    if lists:
        y += ROW + 16
        cv2.putText(panel, "Visual lists (outlines)", (12, y), FONT, 0.6, INK, 1, cv2.LINE_AA)
    for n, vl in enumerate(lists[:MAX_LEGEND_LISTS], start=1):
        y += ROW
        text = f"L{n} {vl.orientation} {len(vl.links)}  {_short(vl.container, 40)}"
        _put(panel, text, 12, y, INK)
    if len(lists) > MAX_LEGEND_LISTS:
        y += ROW
        _put(panel, f"... and {len(lists) - MAX_LEGEND_LISTS} more lists", 12, y, INK)
    if caption:
        y += ROW + 16
        cv2.rectangle(panel, (12, y - 14), (30, y + 3), HIGHLIGHT, thickness=3)
        _put(panel, caption, 38, y, HIGHLIGHT)
    return panel
