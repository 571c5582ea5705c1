"""real-info2www: info2www (Debian's GNU Info gateway) over the coreutils manual.

The fast tests read directory entries and node headers from Info text written here, and spell
node links as info2www does (nothing installed). The slow ones install the application (two
Debian packages downloaded and unpacked, info2www configured: seconds) and serve it: the truth,
from the Info files, is held against the directory and the programs' nodes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from lab_http import get_text, labels, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.info2www import (
    SEED,
    Info2wwwApp,
    dir_entries,
    node_href,
    node_ups,
)
from siteseer.lab.server import LabServer, running_lab

APP = "real-info2www"
HREF = r'(?i)href="([^"#]+)'  # info2www writes HREF
MANUAL = (
    "This is demo.info.\n\nINFO-DIR-SECTION Basics\nSTART-INFO-DIR-ENTRY\n"
    "* Demo: (demo).             A demo manual.\nEND-INFO-DIR-ENTRY\n\n"
    "INFO-DIR-SECTION Individual utilities\nSTART-INFO-DIR-ENTRY\n"
    "* cat: (demo)cat invocation.     Concatenate.\n"
    "* tac: (demo)tac invocation.     Reverse.\nEND-INFO-DIR-ENTRY\n"
    "\x1f\nFile: demo.info,  Node: Top,  Next: Output,  Up: (dir)\n\nDemo\n"
    "\x1f\nFile: demo.info,  Node: Output,  Prev: Top,  Up: Top\n\n* Menu:\n"
    "\x1f\nFile: demo.info,  Node: cat invocation,  Next: tac invocation,  Up: Output\n\ncat\n"
)


def test_directory_entries_and_node_headers_are_read_from_the_manual() -> None:
    assert dir_entries(MANUAL) == [
        ("Basics", "demo", ""),
        ("Individual utilities", "demo", "cat invocation"),
        ("Individual utilities", "demo", "tac invocation"),
    ]
    assert node_ups(MANUAL) == {"Top": "(dir)", "Output": "Top", "cat invocation": "Output"}


def test_a_node_link_escapes_as_info2www_does() -> None:
    assert node_href("coreutils", "ls invocation") == "/cgi-bin/info2www?(coreutils)ls+invocation"
    assert node_href("coreutils", "") == "/cgi-bin/info2www?(coreutils)"
    assert node_href("x", "a+b =c%") == "/cgi-bin/info2www?(x)a%2Bb+%3Dc%25"


@pytest.fixture(scope="module")
def gateway() -> Iterator[LabServer]:
    Info2wwwApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_directory_lists_every_program(gateway: LabServer) -> None:
    truth = gateway.truth(APP)
    ((home,),) = truth.index_levels
    assert len(truth.target_entities) > 100
    assert truth.seed_entity in truth.target_entities
    assert set(truth.target_entities) <= set(page_links(home, HREF))
    assert "Individual utilities" in get_text(home)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_program_nodes_show_their_node_and_link_up_their_chapter(gateway: LabServer) -> None:
    truth = gateway.truth(APP)
    programs = list(truth.target_entities)
    chapters = {u: t for u, t in truth.templates.items() if t == "chapter"}
    for url in [truth.seed_entity, *programs[:: len(programs) // 8]]:
        html = get_text(url)
        (title,) = re.findall(r"<TITLE>Info Node: \(coreutils.info\)(.*?)</TITLE>", html)
        assert title.endswith(" invocation"), url
        (chapter,) = truth.attributes[url]["chapter"]
        up = canonical_url(truth.base_url + node_href("coreutils", chapter))
        assert up in chapters, url
        if title == SEED:
            assert up in page_links(url, HREF), url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_chapter_is_unlabelled_a_program_shows_it_as_its_up_link(gateway: LabServer) -> None:
    truth = gateway.truth(APP)
    assert truth.unlabelled == ("chapter",)
    ((home,),) = truth.index_levels
    chapters = [u for u, t in truth.templates.items() if t == "chapter"]
    programs = list(truth.target_entities)
    for url in [home, *chapters[::6], *programs[:: len(programs) // 8]]:
        assert not labels(get_text(url), "chapter"), url
    for url in programs[:: len(programs) // 8]:
        (chapter,) = truth.attributes[url]["chapter"]
        up = re.search(r"Up: <STRONG><A [^>]*><IMG [^>]*>\s*([^<]*)</A>", get_text(url))
        assert up is not None and up[1].strip() == chapter, url
