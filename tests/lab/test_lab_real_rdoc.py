"""real-rdoc: RDoc's API documentation of the Ruby library Tioga (Debian's ruby-tioga-doc).

The fast test reads the classes and modules of a search index written here (nothing
installed). The slow ones install the application (one Debian package downloaded and unpacked:
seconds) and serve it: the truth, from RDoc's search index js/search_index.js, is held against
the home page's class index, the table of contents and the class pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.rdoc import SEED, RdocApp, read_kind, read_namespaces
from siteseer.lab.server import LabServer, running_lab

APP = "real-rdoc"


def test_classes_are_read_from_rdocs_search_index(tmp_path: Path) -> None:
    path = tmp_path / "search_index.js"
    path.write_text(
        'var search_data = {"index":{"searchIndex":["a","b","new()"],"longSearchIndex":[],'
        '"info":[["A","","A.html","","<p>An A\\n"],["A::B","","A/B.html","",""],'
        '["new","A::B","A/B.html#method-c-new","(x)",""],["README","","README_md.html","",""],'
        '["Intro","","index.html#label-Intro","",""]]}}\n',
        encoding="utf-8",
    )
    assert read_namespaces(path) == {"A.html": "A", "A/B.html": "A::B", "README_md.html": "README"}
    path.write_text("var x = {};\n", encoding="utf-8")
    with pytest.raises(ValueError, match="RDoc"):
        read_namespaces(path)
    page = tmp_path / "B.html"
    page.write_text(
        '<h1 id="class-A::B" class="class">\n  class A::B\n</h1>\n'
        '<h1 id="class-A::B-label-Usage">Usage</h1>\n',
        encoding="utf-8",
    )
    assert read_kind(page, "A::B") == "class"
    with pytest.raises(ValueError, match="heading"):
        read_kind(page, "A")


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    RdocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_home_page_and_the_contents_list_every_class_and_module(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((home,),) = truth.index_levels
    assert len(truth.target_entities) > 40
    index = get_text(home).partition('<div id="classindex-section"')[2].partition("</ul>")[0]
    listed = [canonical_url(urljoin(home, h)) for h in re.findall(r'<a href="([^"#]+)"', index)]
    assert sorted(listed) == sorted(truth.target_entities)
    contents = f"{truth.base_url}/table_of_contents.html"
    rows = re.findall(
        r'<li class="(class|module)">\s*<a href="([^"#]+)">([^<]+)</a>', get_text(contents)
    )
    assert len(rows) == len(truth.target_entities)
    for kind, href, name in rows:
        url = canonical_url(urljoin(contents, href))
        namespace = name.rpartition("::")[0]
        expected = {"kind": (kind,)} | ({"namespace": (namespace,)} if namespace else {})
        assert truth.attributes[url] == expected, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_class_pages_are_titled_by_their_name_and_link_home(docs: LabServer) -> None:
    truth = docs.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{SEED}"
    ((home,),) = truth.index_levels
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        title = re.search(
            r"<title>(class|module) ([^\s<]+) - RDoc Documentation</title>", get_text(url)
        )
        assert title is not None and (title.group(1),) == truth.attributes[url]["kind"], url
        path = url.removeprefix(truth.base_url + "/").removesuffix(".html")
        assert title.group(2) == path.replace("/", "::"), url
        assert home in page_links(url), url
