"""Visual features on hand-built rendered snapshots and synthetic screenshots."""

from __future__ import annotations

import numpy as np

from siteseer.algorithms.features.visual import (
    Block,
    assign_to_blocks,
    is_menu,
    list_similarity,
    menu_signatures,
    page_visual_similarity,
    visual_lists,
    xy_cut,
)
from siteseer.render import Box, Link, LinkStyle, Snapshot

BODY = LinkStyle(
    font_size=16, font_weight=400, font_family="Arial", color="rgb(0, 0, 238)", visible=True
)
MENU = LinkStyle(
    font_size=14, font_weight=700, font_family="Arial", color="rgb(255, 255, 255)", visible=True
)


def link(url: str, path: str, x: float, y: float, style: LinkStyle = BODY, w: float = 120) -> Link:
    return Link(url, url.rsplit("/", 1)[-1], path, path, path, Box(x, y, w, 18), style)


def page(url: str, links: list[Link]) -> Snapshot:
    return Snapshot(
        url=url, final_url=url, status=200, html="<html></html>", links=tuple(links), rendered=True
    )


def members_page(n: int = 5, url: str = "http://s/members") -> Snapshot:
    menu = [
        link(f"http://s/{name}", "html/body/header/nav/a", 20 + 90 * i, 10, MENU, 80)
        for i, name in enumerate(["home", "news", "members", "contact"])
    ]
    items = [link(f"http://s/m/{i}", "html/body/main/ul/li/a", 40, 100 + 24 * i) for i in range(n)]
    stray = [link("http://s/about", "html/body/main/p/a", 300, 400)]
    return page(url, menu + items + stray)


def test_vertical_and_horizontal_lists_are_found() -> None:
    lists = visual_lists(members_page())
    by_orientation = {vl.orientation: vl for vl in lists}
    assert set(by_orientation) == {"vertical", "horizontal"}
    assert by_orientation["vertical"].urls == tuple(f"http://s/m/{i}" for i in range(5))
    assert by_orientation["horizontal"].container == "html/body/header/nav"
    assert len(by_orientation["horizontal"].links) == 4
    # The stray paragraph link belongs to no list.
    assert all("http://s/about" not in vl.urls for vl in lists)


def test_rows_that_open_by_script_line_up_by_their_boxes() -> None:
    """A table's rows hold no anchor but open a page each by script: the URLs their clicks
    reach are links with the row's box and no anchor style (algorithms/openers.py). They are
    drawn, so they make a list by their container and boxes; a link with no box (an HTTP-only
    snapshot) still makes none."""
    rows = [
        Link(
            f"http://s/#/m/{i}/show",
            f"{i}",
            "html/body/table/tr",
            "",
            "",
            Box(0, 80 + 30 * i, 600, 30),
        )
        for i in range(1, 6)
    ]
    bare = [Link(f"http://s/x/{i}", "", "html/body/ul/li/a", "", "") for i in range(5)]
    lists = visual_lists(page("http://s/#/m", rows + bare))
    assert [vl.urls for vl in lists] == [tuple(lk.url for lk in rows)]
    assert lists[0].container == "html/body/table"


def test_misaligned_or_differently_styled_anchors_are_not_list_mates() -> None:
    zigzag = [
        link(f"http://s/z/{i}", "html/body/div/a", 40 + 200 * (i % 2) + 7 * i, 100 + 31 * i)
        for i in range(6)
    ]
    assert visual_lists(page("http://s/z", zigzag)) == []
    mixed = [
        link(f"http://s/m/{i}", "html/body/ul/li/a", 40, 100 + 24 * i, BODY if i % 2 else MENU)
        for i in range(4)
    ]
    assert visual_lists(page("http://s/mixed", mixed)) == []


def test_grid_lists() -> None:
    cells = [
        link(f"http://s/p/{r}-{c}", "html/body/div/div/a", 20 + 200 * c, 50 + 150 * r)
        for r in range(3)
        for c in range(4)
    ]
    (grid,) = visual_lists(page("http://s/grid", cells))
    assert grid.orientation == "grid"
    assert len(grid.links) == 12
    assert grid.box == Box(20, 50, 600 + 120, 300 + 18)


def test_http_snapshots_have_no_visual_lists() -> None:
    plain = Snapshot(
        url="u",
        final_url="u",
        status=200,
        html="",
        links=(Link("http://s/a", "a", "html/a", "html/a", "html/a"),),
    )
    assert visual_lists(plain) == []


def test_menus_are_the_lists_on_most_pages() -> None:
    # Three directory pages with different member lists and one bare page: only the header
    # menu (same signature AND same targets on 3 of 4 pages) is site-wide.
    pages = [members_page(n, f"http://s/p{n}") for n in (5, 6, 7)]
    pages.append(
        page(
            "http://s/bare",
            [link(f"http://s/x/{i}", "html/body/ol/li/a", 10, 10 + 30 * i) for i in range(3)],
        )
    )
    menus = menu_signatures(pages)
    nav = ("html/body/header/nav", "horizontal", 14.0, 700, "Arial", "rgb(255, 255, 255)")
    assert menus == {
        (nav, frozenset(f"http://s/{n}" for n in ("home", "news", "members", "contact")))
    }
    lists = visual_lists(pages[0])
    assert [is_menu(vl, menus) for vl in lists] == [False, True]
    assert menu_signatures(pages[:1]) == set()


def test_similarities() -> None:
    a, b = members_page(5), members_page(7, "http://s/other")
    assert page_visual_similarity(a, b) == 1.0
    la = visual_lists(a)[0]
    lb = visual_lists(b)[0]
    assert 0.9 < list_similarity(la, lb) <= 1.0
    menu = next(vl for vl in visual_lists(a) if vl.orientation == "horizontal")
    assert list_similarity(la, menu) < 0.5
    empty = page("http://s/e", [])
    assert page_visual_similarity(a, empty) == 0.0


def test_xy_cut_finds_blocks_and_assigns_anchors() -> None:
    image = np.full((1000, 800, 3), 255, np.uint8)
    image[20:60, 20:780] = 40  # header bar
    image[100:900, 20:200] = 200  # sidebar
    image[100:400, 250:780] = 120  # content block 1
    image[450:900, 250:780] = 120  # content block 2
    blocks = xy_cut(image)
    assert blocks == [
        Block(20, 20, 760, 40),
        Block(20, 100, 180, 800),
        Block(250, 100, 530, 300),
        Block(250, 450, 530, 450),
    ]
    anchors = [link("http://s/side", "p", 30, 120), link("http://s/c2", "p", 300, 500, w=50)]
    assigned = assign_to_blocks(anchors, blocks)
    assert [lk.url for lk in assigned[1]] == ["http://s/side"]
    assert [lk.url for lk in assigned[3]] == ["http://s/c2"]


def test_xy_cut_of_a_blank_page_is_empty() -> None:
    assert xy_cut(np.full((300, 300), 255, np.uint8)) == []


def test_xy_cut_of_a_long_page() -> None:
    # A 1280×5000 full-page screenshot: header, a sidebar, 80 text lines in sections.
    image = np.full((5000, 1280, 3), 255, np.uint8)
    image[0:80] = 40
    for n, y in enumerate(range(120, 4900, 60)):
        image[y : y + 18, 60 : 260 + (n * 37) % 600] = 30
    image[120:4900, 950:1200] = 230
    blocks = xy_cut(image)
    assert blocks[0] == Block(0, 0, 1280, 80)
    assert Block(950, 120, 250, 4780) in blocks
    assert sum(1 for b in blocks if b.x == 60 and b.h == 18) == 80  # one block per text line
