"""real-pdoc: pdoc's API documentation of docutils and pdoc, built once, served as files.

The fast test checks the page path and the index's rule (nothing installed). The slow ones
install the application (a venv from PyPI, one pdoc build) and serve it: the truth, from pdoc's
own record of the modules it rendered, is held against the served module index and the module
pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.pdoc import PdocApp, listed, module_path
from siteseer.lab.server import LabServer, running_lab

APP = "real-pdoc"
INDEXED = re.compile(r'<li><a href="([^"]+\.html)">([\w.]+)</a></li>')
TITLE = re.compile(r"<title>([\w.]+) API documentation</title>")


def test_a_modules_page_is_its_dotted_name_as_a_path_and_private_ones_are_not_listed() -> None:
    assert module_path("docutils.parsers.rst") == "/docutils/parsers/rst.html"
    assert module_path("pdoc") == "/pdoc.html"
    modules = ["docutils", "docutils.writers", "docutils.writers._html_base", "_x", "pdoc.doc"]
    assert listed(modules) == ["docutils", "docutils.writers", "pdoc.doc"]


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    PdocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_module_index_lists_every_module_of_the_truth_once(docs: LabServer) -> None:
    truth = docs.truth(APP)
    (level,) = truth.index_levels
    (index,) = level
    found = [(urljoin(index, h), name) for h, name in INDEXED.findall(get_text(index))]
    assert [url for url, _ in found] == list(truth.target_entities)
    assert all(url.endswith(module_path(name)) for url, name in found)
    assert len(found) > 100
    assert {"docutils.core", "docutils.parsers.rst.states", "pdoc.render"} <= {n for _, n in found}
    assert truth.seed_path == (index, truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_module_page_documents_its_module_and_links_its_parent(docs: LabServer) -> None:
    truth = docs.truth(APP)
    base = truth.base_url
    for url in truth.target_entities[::7]:
        html = get_text(url)
        (name,) = TITLE.findall(html)
        assert base + module_path(name) == url
        parent = name.rpartition(".")[0]
        if parent:  # the breadcrumb links the package the module is in
            links = {urljoin(url, h) for h in re.findall(r'href="([^"#]+)"', html)}
            assert base + module_path(parent) in links, url
