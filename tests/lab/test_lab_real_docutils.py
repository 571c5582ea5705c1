"""real-docutils: Docutils' documentation built by its own buildhtml.py, served as files.

The fast test reads a links record written here (nothing installed). The slow one installs the
application (a venv from PyPI, one build of the sdist's documentation) and serves it: the truth,
from the documentation index's own reStructuredText, is held against the pages served.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.docutilsdocs import INDEX, SEED, DocutilsApp, links_truth
from siteseer.lab.server import LabServer, running_lab

APP = "real-docutils"


def test_the_index_links_give_the_documents_and_their_sections() -> None:
    links = [
        {"page": "README.html", "section": "Project Fundamentals"},
        {"page": SEED, "section": "Introductory & Tutorial Material for End-Users"},
        {"page": "docs/ref/doctree.html", "section": "Reference Material for All Groups"},
    ]
    truth = links_truth(APP, "entity-tree", links, "http://lab.invalid/")
    b = "http://lab.invalid"
    assert truth.target_entities == (
        f"{b}/README.html", f"{b}/{SEED}", f"{b}/docs/ref/doctree.html",
    )  # fmt: skip
    assert truth.index_levels == ((f"{b}/{INDEX}",),)
    assert truth.seed_path == (f"{b}/{INDEX}", f"{b}/{SEED}")
    assert truth.attributes[f"{b}/README.html"] == {"section": ("Project Fundamentals",)}
    assert len(truth.facet_values["section"]) == 3


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    DocutilsApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_index_links_every_document_and_each_page_is_docutils(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((index,),) = truth.index_levels
    documents = truth.target_entities
    assert len(documents) > 50 and len(truth.facet_values["section"]) == 6
    linked = [u for u in page_links(index) if u in set(documents)]
    assert list(dict.fromkeys(linked)) == list(documents)
    for url in documents[::7]:
        html = get_text(url)
        assert '<meta name="generator" content="Docutils 0.21.2' in html, url
        assert "View document source" in html, url
