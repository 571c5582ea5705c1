"""real-mdbook: The Rust Reference (mdBook) of Debian's rust-doc.

The fast test reads chapters and parts from an mdBook search index written here (nothing
installed). The slow ones install the application (one Debian package of 17 MB downloaded and
unpacked, about 580 MB: seconds to a minute) and serve it: the truth, from mdBook's
searchindex.js, is held against the sidebar of the first page and the chapters' own pages.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.mdbook import SEED, MdBookApp, read_chapters
from siteseer.lab.server import LabServer, running_lab

APP = "real-mdbook"
# a sidebar entry (the page's own marked active): its link, its number ("2.1.", none for an
# unnumbered one) and its title
_ENTRY = re.compile(
    r'<li class="chapter-item[^"]*"><a href="([^"]+)"(?: class="active")?>'
    r'(?:<strong aria-hidden="true">([0-9.]+)</strong> )?([^<]*)</a>'
)


def test_chapters_and_their_parts_are_read_from_mdbooks_search_index(tmp_path: Path) -> None:
    index = {
        "doc_urls": ["intro.html#intro", "items.html#items", "items/fn.html#fn", "items/fn.html#x"],
        "index": {"documentStore": {"docs": {
            "0": {"breadcrumbs": "Introduction » Introduction"},
            "1": {"breadcrumbs": "Items » Items"},
            "2": {"breadcrumbs": "Items » Functions » Functions"},
            "3": {"breadcrumbs": "Items » Functions » Const functions"},
        }}},
    }  # fmt: skip
    path = tmp_path / "searchindex.js"
    path.write_text(f"Object.assign(window.search, {json.dumps(index)});", encoding="utf-8")
    assert read_chapters(path) == {
        "intro.html": "Introduction", "items.html": "Items", "items/fn.html": "Items",
    }  # fmt: skip
    path.write_text("window.search = {};", encoding="utf-8")
    with pytest.raises(ValueError, match="search index"):
        read_chapters(path)


@pytest.fixture(scope="module")
def book() -> Iterator[LabServer]:
    MdBookApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _sidebar(url: str) -> list[tuple[str, str, str]]:
    """The sidebar's entries: (URL resolved and canonical, number, title), in order."""
    return [
        (canonical_url(urljoin(url, unescape(href))), number, unescape(title).strip())
        for href, number, title in _ENTRY.findall(get_text(url))
    ]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_sidebar_lists_every_chapter_in_order_under_its_part(book: LabServer) -> None:
    truth = book.truth(APP)
    ((first,),) = truth.index_levels
    assert len(truth.target_entities) > 100
    entries = _sidebar(first)
    assert [url for url, _, _ in entries] == list(truth.target_entities)
    # a numbered chapter is in the part of its first number; an unnumbered one is its own
    titles = {number: title for _, number, title in entries}
    for url, number, title in entries:
        part = titles[number.split(".")[0] + "."] if number else title
        assert truth.attributes[url] == {"part": (part,)}, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_chapter_pages_carry_the_whole_sidebar(book: LabServer) -> None:
    truth = book.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{SEED}"
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 6]]
    for url in sample:
        html = get_text(url)
        title = re.search(r"<title>(.*?) - The Rust Reference</title>", html)
        assert title is not None, url
        assert [u for u, _, _ in _sidebar(url)] == list(truth.target_entities), url
