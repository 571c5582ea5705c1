"""What an annotated screenshot shows: a page's link groups, visual lists and sample path."""

from __future__ import annotations

import pytest

from siteseer.algorithms import PathGroup, explain_page, path_groups, read_sample_path
from siteseer.render import Box, Link, LinkStyle, Snapshot

STYLE = LinkStyle(16, 400, "Arial", "rgb(0, 0, 238)", True)
LIST = "html/body/main/ul/li/a"
ROW = "html/body/footer/p/a"


def snapshot() -> Snapshot:
    items = [
        Link(f"http://s/m/{i}", f"m{i}", LIST, LIST, LIST, Box(40, 100 + 40 * i, 150, 20), STYLE)
        for i in range(5)
    ]
    foot = [Link("http://s/about", "about", ROW, ROW, ROW, Box(400, 500, 80, 20), STYLE)]
    hidden = [Link("http://s/skip", "skip", ROW, ROW, ROW, Box(0, 0, 0, 0), STYLE)]
    return Snapshot(
        url="http://s/members",
        final_url="http://s/members",
        status=200,
        html="",
        links=tuple(items + foot + hidden),
        rendered=True,
        viewport=(800, 600),
    )


def test_link_groups_are_ranked_by_size_then_path() -> None:
    assert path_groups(["b", "a", "c", "c", "b"]) == (
        PathGroup(1, "b", 2),
        PathGroup(2, "c", 2),
        PathGroup(3, "a", 1),
    )


def test_link_collections_of_a_page() -> None:
    page = explain_page(snapshot())
    assert [lk.url for lk in page.links] == [f"http://s/m/{i}" for i in range(5)] + [
        "http://s/about"
    ]  # the anchor without a box of its own is not drawn
    assert page.groups == (PathGroup(1, LIST, 5), PathGroup(2, ROW, 1))
    assert [len(vl.links) for vl in page.lists] == [5]
    assert page.lists[0].orientation == "vertical"
    assert page.highlight == frozenset() and page.caption == ""


def test_the_sample_path_selects_the_sample_link_dom_path() -> None:
    on_path = explain_page(snapshot(), ("http://s/members", "http://s/m/3"))
    assert on_path.highlight == {LIST}
    assert on_path.caption == "sample link DOM path, level 0 -> 1"
    elsewhere = explain_page(snapshot(), ("http://s/", "http://s/about"))
    assert elsewhere.highlight == {ROW}
    assert elsewhere.caption == "links to pages of the sample path"
    # Nothing to highlight: no caption either.
    assert explain_page(snapshot(), ("http://s/", "http://s/x")).caption == ""


def test_read_sample_path_accepts_a_discovery_a_list_or_lines() -> None:
    path = ("http://s/", "http://s/members", "http://s/m/3")
    assert (
        read_sample_path(
            '{"method": "ssup", "sample_path": ["http://s/", "http://s/members", "http://s/m/3"]}'
        )
        == path
    )
    assert read_sample_path('["http://s/", "http://s/members", "http://s/m/3"]') == path
    assert read_sample_path("http://s/\nhttp://s/members\nhttp://s/m/3\n") == path
    with pytest.raises(ValueError, match="no sample page path"):
        read_sample_path('{"url": "http://s/m/3"}')
