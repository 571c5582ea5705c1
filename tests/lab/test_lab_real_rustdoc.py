"""real-rustdoc: rustdoc's API documentation of Rust's standard library (Debian's rust-doc).

The fast test reads the modules of a search index written here (nothing installed). The slow
ones install the application (one Debian package downloaded and unpacked: about half a minute)
and serve it: the truth, from rustdoc's search index, is held against the crate's page and the
module pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.rustdoc import SEED, RustdocApp, read_modules
from siteseer.lab.server import LabServer, running_lab

APP = "real-rustdoc"


def test_modules_are_read_from_rustdocs_search_index(tmp_path: Path) -> None:
    path = tmp_path / "search-index.js"
    path.write_text(
        "var searchIndex = JSON.parse('{\\\n"
        '"core":{"doc":"","t":[0],"n":["any"],"q":["core"],"d":["x"],"i":[0],"f":[null],"p":[]},\\\n'
        '"std":{"doc":"The Rust Standard Library","t":[0,3,0,0,5],'
        '"n":["alloc","Layout","any","hash_map","drop"],'
        '"q":["std","std::alloc","std","std::collections",""],'
        '"d":["Memory <code>allocation</code> APIs","","Don\\\'t &amp; do …","",""],'
        '"i":[0,0,0,0,0],"f":[null,null,null,null,null],"p":[]}\\\n'
        "}');\nif (typeof window !== 'undefined') {}\n",
        encoding="utf-8",
    )
    assert read_modules(path) == {"alloc": "Memory allocation APIs", "any": "Don't & do"}
    assert list(read_modules(path, "core")) == ["any"]
    path.write_text("var x = 1;\n", encoding="utf-8")
    with pytest.raises(ValueError, match="rustdoc"):
        read_modules(path)


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    RustdocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_crate_page_lists_every_module_with_its_summary(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((crate,),) = truth.index_levels
    assert len(truth.target_entities) > 60
    listed = page_links(crate, r'<a class="mod" href="([^"#]+)"')
    assert sorted(listed) == sorted(truth.target_entities)
    rows = re.findall(
        r'<a class="mod" href="([^"#]+)"[^>]*>[^<]*</a>(?:(?!</div>).)*</div>'
        r'<div class="item-right docblock-short">(.*?)</div>',
        get_text(crate),
        re.S,
    )
    assert len(rows) == len(listed)
    for href, summary in rows:
        url = f"{crate.rpartition('/')[0]}/{href}"
        text = " ".join(unescape(re.sub(r"<[^>]+>", "", summary)).split())
        assert " ".join(truth.attributes[url]["summary"][0].split()) in text, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_module_pages_are_titled_by_their_path_and_link_the_crate(docs: LabServer) -> None:
    truth = docs.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/std/{SEED}/index.html"
    ((crate,),) = truth.index_levels
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        title = re.search(r"<title>(.*?) - Rust</title>", get_text(url))
        module = url.removesuffix("/index.html").rpartition("/")[2]
        assert title is not None and title.group(1) == f"std::{module}", url
        assert crate in page_links(url), url
