"""real-dirhtml: Flask's documentation built by Sphinx's dirhtml builder, served as files.

The fast tests read a toctree record written here (nothing installed). The slow one installs the
application (a venv from PyPI, one build of the docs/ of Flask's sdist) and serves it: the
truth, from Sphinx's record of its toctrees, is held against the pages served (every section
page links the documents its toctree includes, the seed's path leads from the home page to the
seed, each document answers at its folder's address).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.dirhtml import SEED, DirhtmlApp, dirhtml_path, toctree_truth
from siteseer.lab.server import LabServer, running_lab

APP = "real-dirhtml"


def test_documents_live_at_their_folders() -> None:
    assert dirhtml_path("index") == ""
    assert dirhtml_path("patterns/index") == "patterns/"
    assert dirhtml_path("patterns/fileuploads") == "patterns/fileuploads/"
    assert dirhtml_path("quickstart") == "quickstart/"
    assert dirhtml_path("reindex") == "reindex/"


def test_the_toctrees_give_the_documents_sections_and_seed_path() -> None:
    tree = {
        "root": "index",
        "includes": {
            "index": ["quickstart", "patterns/index", "api"],
            "patterns/index": ["patterns/packages", SEED],
        },
        "documents": ["api", "index", "patterns/fileuploads", "patterns/index",
                      "patterns/jquery", "patterns/packages", "quickstart"],
    }  # fmt: skip
    truth = toctree_truth(APP, "entity-tree", tree, "http://lab.invalid/")
    b = "http://lab.invalid"
    assert truth.target_entities == (
        f"{b}/quickstart/", f"{b}/patterns/", f"{b}/api/", f"{b}/patterns/packages/",
        f"{b}/patterns/fileuploads/",
    )  # fmt: skip
    assert truth.index_levels == ((f"{b}/",), (f"{b}/patterns/",))
    assert truth.seed_path == (f"{b}/", f"{b}/patterns/", f"{b}/patterns/fileuploads/")
    assert truth.attributes[f"{b}/patterns/packages/"] == {"section": ("patterns/index",)}
    assert truth.templates[f"{b}/"] == "home"
    assert f"{b}/patterns/jquery/" not in truth.templates  # an orphan no toctree lists


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    DirhtmlApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_toctrees_pages_link_every_document_and_the_seed_path_holds(docs: LabServer) -> None:
    truth = docs.truth(APP)
    home, sections = truth.index_levels
    documents = set(truth.target_entities)
    assert len(documents) > 60 and len(sections) == 3
    linked: set[str] = set()
    for page in (*home, *sections):
        linked |= set(page_links(page)) & documents
    assert linked == documents
    for page, below in zip(truth.seed_path, truth.seed_path[1:], strict=False):
        assert below in page_links(page), (page, below)
    assert truth.seed_path[0] == home[0] and truth.seed_path[-1] == truth.seed_entity
    for url in truth.target_entities[::9]:
        title = get_text(url).partition("<title>")[2].partition("</title>")[0]
        assert title.endswith("Flask Documentation (3.1.x)"), (url, title)
