"""real-texinfo: the GNU Octave manual as makeinfo's HTML (Debian's octave-doc).

The fast test reads the chapters of an Info manual written here (nothing installed). The slow
ones install the application (one Debian package downloaded and unpacked: seconds) and serve
it: the truth, from the Info manual makeinfo wrote from the same source, is held against the
Top node's table of contents and the chapters' pages themselves.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.texinfo import SEED, TexinfoApp, manual_parts, node_file, read_chapters
from siteseer.lab.server import LabServer, running_lab

APP = "real-texinfo"


def test_chapters_are_read_from_the_info_manual(tmp_path: Path) -> None:
    nodes = [
        ("Top", "(dir)", ""),
        ("Getting Started", "Top", "* Menu:\n"),
        ("Oct-Files", "Getting Started", "text"),
        ("Quitting", "Getting Started", "text"),
        ("Data Types", "Top", "text"),
        ("Concept Index", "Top", "\x00\x08[index\x00\x08]\n* Menu:\n"),
    ]
    blocks = [
        f"\x1f\nFile: m.info,  Node: {name},  Next: X,  Up: {up}\n\n{body}\n"
        for name, up, body in nodes
    ]
    for number, chunk in ((1, blocks[:3]), (2, blocks[3:]), (10, [])):
        text = "This is m.info, produced by makeinfo.\n" + "".join(chunk)
        (tmp_path / f"octave.info-{number}.gz").write_bytes(gzip.compress(text.encode()))
    parts = manual_parts(tmp_path)
    assert [p.name for p in parts] == [f"octave.info-{n}.gz" for n in (1, 2, 10)]
    assert read_chapters(parts) == {"Getting Started": 2, "Data Types": 0}
    assert node_file("Oct-Files in C++") == "Oct_002dFiles-in-C_002b_002b.html"
    with pytest.raises(ValueError, match="no Info node"):
        read_chapters(parts[2:])


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    TexinfoApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_contents_list_every_chapter_with_its_sections(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((top,),) = truth.index_levels
    assert len(truth.target_entities) > 40
    chapters = html_tree(get_text(top)).xpath('//div[@class="contents"]/ul/li')
    listed = {canonical_url(urljoin(top, li.xpath("./a")[0].get("href"))): li for li in chapters}
    # the contents' chapters are the entities and the manual's indexes
    indexes = set(listed) - set(truth.target_entities)
    assert set(truth.target_entities) <= set(listed)
    assert all(re.search(r"/[A-Za-z-]+-Index\.html$", url) for url in indexes), indexes
    for url in truth.target_entities:
        sections = [a.get("href") for a in listed[url].xpath("./ul/li/a")]
        nodes = [href for href in sections if "#" not in href]
        assert truth.attributes[url] == {"sections": (str(len(nodes)),)}, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_chapter_pages_are_titled_by_their_node_and_link_the_contents(docs: LabServer) -> None:
    truth = docs.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{node_file(SEED)}"
    ((top,),) = truth.index_levels
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        title = re.search(r"<title>(.*?) \(GNU Octave \(version [0-9.]+\)\)</title>", get_text(url))
        assert title is not None and url.endswith("/" + node_file(title.group(1))), url
        assert top in page_links(url), url
