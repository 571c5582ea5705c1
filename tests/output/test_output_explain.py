"""Annotated screenshots drawn on a hand-built rendered snapshot with a blank screenshot."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from siteseer.output.explain import (
    HIGHLIGHT,
    LEGEND_WIDTH,
    AnnotationError,
    annotate,
    group_colours,
)
from siteseer.render import Box, Link, LinkStyle, Snapshot

STYLE = LinkStyle(16, 400, "Arial", "rgb(0, 0, 238)", True)
LIST = "html/body/main/ul/li/a"
ROW = "html/body/footer/p/a"


def snapshot(screenshot: bytes | None, width: int = 800, height: int = 600) -> Snapshot:
    items = [
        Link(f"http://s/m/{i}", f"m{i}", LIST, LIST, LIST, Box(40, 100 + 40 * i, 150, 20), STYLE)
        for i in range(5)
    ]
    foot = [Link("http://s/about", "about", ROW, ROW, ROW, Box(400, 500, 80, 20), STYLE)]
    return Snapshot(
        url="http://s/members",
        final_url="http://s/members",
        status=200,
        html="",
        links=tuple(items + foot),
        rendered=True,
        screenshot=screenshot,
        viewport=(width, height),
    )


def blank_png(width: int = 800, height: int = 600) -> bytes:
    ok, png = cv2.imencode(".png", np.full((height, width, 3), 255, np.uint8))
    assert ok
    return png.tobytes()


def decode(png: bytes) -> np.ndarray:
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None
    return image


def expected_fill(colour: tuple[int, int, int]) -> np.ndarray:
    return np.array([round(0.45 * c + 0.55 * 255) for c in colour], dtype=int)


def test_groups_are_filled_with_their_colour_and_the_legend_is_appended() -> None:
    snap = snapshot(blank_png())
    image = decode(annotate(snap))
    assert image.shape == (600, 800 + LEGEND_WIDTH, 3)
    colours = group_colours(lk.path_attrs for lk in snap.links)
    assert colours[LIST] != colours[ROW]
    # The centre of each anchor shows its group's colour blended over the white page.
    for link in snap.links:
        assert link.box is not None
        cx, cy = int(link.box.x + link.box.w / 2), int(link.box.y + link.box.h / 2)
        got = image[cy, cx].astype(int)
        assert np.abs(got - expected_fill(colours[link.path_attrs])).max() <= 2, link.url
    # Far from every anchor the page is untouched.
    assert (image[580, 780] == 255).all()
    # The visual list (the five anchors) has an outline in its group's colour.
    assert np.abs(image[100 + 80, 40 - 4].astype(int) - np.array(colours[LIST])).max() <= 2


def test_sample_path_outlines_the_sample_link_dom_path_in_red() -> None:
    snap = snapshot(blank_png())
    image = decode(annotate(snap, sample_path=("http://s/members", "http://s/m/3")))
    # Every link of the sample link DOM path (not only the link to the next page) is outlined.
    for i in range(5):
        x, y = 40 - 3, 100 + 40 * i + 10
        assert tuple(int(v) for v in image[y, x]) == HIGHLIGHT
    assert tuple(int(v) for v in image[510, 400 - 3]) != HIGHLIGHT


def test_retina_screenshots_are_scaled() -> None:
    snap = snapshot(blank_png(1600, 1200))
    image = decode(annotate(snap))
    assert image.shape == (1200, 1600 + LEGEND_WIDTH, 3)
    got = image[2 * 110, 2 * 115].astype(int)
    assert (
        np.abs(got - expected_fill(group_colours(lk.path_attrs for lk in snap.links)[LIST])).max()
        <= 2
    )


def test_snapshots_without_a_screenshot_cannot_be_drawn() -> None:
    with pytest.raises(AnnotationError, match="no screenshot"):
        annotate(snapshot(None))
    with pytest.raises(AnnotationError, match="not a decodable image"):
        annotate(snapshot(b"not a png"))


def test_layers_and_height() -> None:
    snap = snapshot(blank_png())
    visual = decode(annotate(snap, layers="visual", max_height=400))
    assert visual.shape == (400, 800 + LEGEND_WIDTH, 3)
    colour = np.array(group_colours(lk.path_attrs for lk in snap.links)[LIST])
    assert (visual[110, 115] == 255).all()  # no fill in the visual view
    assert np.abs(visual[100 + 80, 40 - 4].astype(int) - colour).max() <= 2  # the list outline
    dom = decode(annotate(snap, layers="dom"))
    assert np.abs(dom[110, 115].astype(int) - expected_fill(tuple(colour))).max() <= 2
    assert (dom[100 + 80, 40 - 4] == 255).all()  # no outline in the DOM view


def test_side_by_side_shows_both_views() -> None:
    snap = snapshot(blank_png())
    image = decode(annotate(snap, layers="side-by-side"))
    assert image.shape == (600, 2 * 800 + 12 + LEGEND_WIDTH, 3)
    colour = np.array(group_colours(lk.path_attrs for lk in snap.links)[LIST])
    left, right = image[:, :800], image[:, 812 : 812 + 800]
    assert np.abs(left[110, 115].astype(int) - expected_fill(tuple(colour))).max() <= 2
    assert (right[110, 115] == 255).all()
    assert np.abs(right[100 + 80, 40 - 4].astype(int) - colour).max() <= 2


def test_a_long_page_is_cropped_to_its_collections() -> None:
    from siteseer.output.explain import CROP_ABOVE

    height = CROP_ABOVE + 3000
    items = [
        Link(f"http://s/m/{i}", f"m{i}", LIST, LIST, LIST, Box(40, 3000 + 40 * i, 150, 20), STYLE)
        for i in range(5)
    ]
    snap = Snapshot(
        url="http://s/members",
        final_url="http://s/members",
        status=200,
        html="",
        links=tuple(items),
        rendered=True,
        screenshot=blank_png(800, height),
        viewport=(800, height),
    )
    image = decode(annotate(snap))
    # rows 2940-3240 of the page (the list and its margin; the legend's height), not 5,400 px
    assert image.shape[0] <= 400
    colour = group_colours(lk.path_attrs for lk in snap.links)[LIST]
    got = image[60 + 10, 40 + 75].astype(int)  # the first anchor, moved up with the crop
    assert np.abs(got - expected_fill(colour)).max() <= 2


def test_legend_paths_are_whole_and_labels_sit_off_the_links() -> None:
    from siteseer.output.explain import _Labels, _wrap

    long_a = "html/body/div/div/main/section/div/ul/li/a"
    deep = "html/body/div[@class]/div/div/div/div/div/div/div/div/section/article/" + long_a
    lines = _wrap(deep, 300)
    assert "".join(lines) == deep and len(lines) > 1  # wrapped, nothing cut
    assert all(
        cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, 0.5, 1)[0][0] <= 300 for line in lines
    )
    # a label for a list whose top edge has links above it goes below the list instead
    labels = _Labels(800, obstacles=[(40, 60, 150, 30)])
    x, y = labels.place(40, 70, 100, 20, around=(40, 90, 190, 200))
    assert (x, y) == (40, 200)
