"""real-handbook: The Debian Administrator's Handbook, chunked by Publican (Debian's package).

The fast test reads the section pages of a small chunked book written here (nothing
installed). The slow ones install the application (one Debian package downloaded and unpacked:
under a minute) and serve it: the truth, from the up links in the pages' heads, is held against
the contents and the section and chapter pages as served.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.handbook import SEED, HandbookApp, read_sections
from siteseer.lab.server import LabServer, running_lab

APP = "real-handbook"


def _page(up: str, title: str) -> str:
    link = f'<link rel="up" href="{up}" title="{title}" />' if up else ""
    return f'<html><head><link rel="home" href="index.html" title="Book" />{link}</head></html>'


def test_section_pages_are_read_from_the_books_up_links(tmp_path: Path) -> None:
    pages = {
        "index.html": _page("", ""),
        "preface.html": _page("index.html", "Book"),
        "apt.html": _page("index.html", "Book"),
        "sect.apt-get.html": _page("apt.html", "Chapter&#160;6.&#160;APT &amp; Tools"),
        "sect.apt-cache.html": _page("apt.html", "Chapter 6. APT &amp; Tools"),
        "sect.thanks.html": _page("preface.html", "Preface"),
        "sect.deep.html": _page("sect.apt-get.html", "6.2. apt-get"),
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert read_sections(tmp_path) == {
        "sect.apt-cache.html": "Chapter 6. APT & Tools",
        "sect.apt-get.html": "Chapter 6. APT & Tools",
        "sect.thanks.html": "Preface",
    }


@pytest.fixture(scope="module")
def book() -> Iterator[LabServer]:
    HandbookApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_contents_list_every_section_page(book: LabServer) -> None:
    truth = book.truth(APP)
    ((contents,),) = truth.index_levels
    assert len(truth.target_entities) > 100
    listed = page_links(contents, r'<span class="section"><a href="([^"#]+)"')
    assert sorted(set(listed) - {u for u in listed if "/sect." not in u}) == sorted(
        truth.target_entities
    )
    assert len(set(truth.attributes[u]["chapter"] for u in truth.target_entities)) >= 15


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_section_pages_link_home_and_their_chapter_headed_as_the_truth_says(
    book: LabServer,
) -> None:
    truth = book.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{SEED}"
    ((contents,),) = truth.index_levels
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        html = get_text(url)
        assert re.search(r'<h2 class="title"><a[^>]*></a>[\dA-Z]+(?:\.\d+)*\.', html), url
        assert contents in page_links(url, r'<a accesskey="h" href="([^"#]+)"'), url
        (up,) = page_links(url, r'<link rel="up" href="([^"#]+)"')
        assert up in page_links(contents), url
        heading = re.search(r'<h1 class="title">(.*?)</h1>', get_text(up), re.S)
        assert heading is not None, up
        text = " ".join(unescape(re.sub(r"<[^>]+>", "", heading.group(1))).split())
        assert (text,) == truth.attributes[url]["chapter"], url
