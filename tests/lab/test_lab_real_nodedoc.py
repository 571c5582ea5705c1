"""real-nodedoc: Node.js's API reference by Node's own doc tool (Debian's nodejs-doc).

The fast test reads an index written here (nothing installed). The slow one installs the
application (one Debian package downloaded and unpacked: seconds) and serves it: the truth, from
the package's own index.md, is held against the index and the pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.nodedoc import SEED, NodedocApp, read_index
from siteseer.lab.server import LabServer, running_lab

APP = "real-nodedoc"


def test_the_index_lists_its_markdown_links_in_order_and_leaves_out_other_sites() -> None:
    source = (
        "<!--introduced_in=v0.10.0-->\n\n* [About this documentation](documentation.md)\n"
        '<hr class="line"/>\n\n* [Buffer](buffer.md)\n* [C++ addons](addons.md)\n'
        "* [Single executable applications](single-executable-applications.md)\n"
        "* [Buffer](buffer.md)\n* [Code repository](https://github.com/nodejs/node)\n"
    )
    assert read_index(source) == [
        "documentation", "buffer", "addons", "single-executable-applications",
    ]  # fmt: skip


@pytest.fixture(scope="module")
def reference() -> Iterator[LabServer]:
    NodedocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_index_and_every_page_list_the_pages_in_order(reference: LabServer) -> None:
    truth = reference.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) > 50
    assert truth.seed_entity == f"{truth.base_url}/{SEED}.html"
    content = get_text(index).partition('id="apicontent"')[2]
    listed = [urljoin(index, h) for h in re.findall(r'href="([^"#:]+\.html)"', content)]
    assert [canonical_url(u) for u in listed] == list(truth.target_entities)
    for url in [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]:
        html = get_text(url)
        assert "Node.js" in html.partition("</title>")[0], url
        assert set(truth.target_entities) - {url} <= set(page_links(url)), url
