"""real-sphinx served for real: Sphinx's own documentation, built by Sphinx, served as files.

The module fixture installs the application once (a venv from PyPI, one build of the doc/ of
Sphinx's sdist) and serves it. The tests hold the truth, from Sphinx's record of its toctrees,
against the pages served: every section page links the documents its toctree includes, and the
seed's path leads from the home page to the seed.
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from urllib.parse import urljoin, urlsplit

import pytest

from siteseer.lab.real.sphinx import SphinxApp
from siteseer.lab.server import LabServer, running_lab

pytestmark = [pytest.mark.slow, pytest.mark.real_app("real-sphinx"), pytest.mark.timeout(900)]

APP = "real-sphinx"
HREF = re.compile(r'href="([^"]+)"')


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    SphinxApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _links(url: str) -> set[str]:
    with urllib.request.urlopen(url, timeout=30) as response:
        html = response.read().decode("utf-8")
    found = (urljoin(url, h) for h in HREF.findall(html))
    return {u.split("#", 1)[0] for u in found if urlsplit(u).hostname == "127.0.0.1"}


def test_the_toctrees_pages_link_every_document_and_the_seed_path_holds(docs: LabServer) -> None:
    truth = docs.truth(APP)
    home, sections = truth.index_levels
    documents = set(truth.target_entities)
    assert len(documents) > 140 and len(sections) >= 10
    linked: set[str] = set()
    for page in (*home, *sections):
        linked |= _links(page) & documents
    assert linked == documents
    for page, below in zip(truth.seed_path, truth.seed_path[1:], strict=False):
        assert below in _links(page), (page, below)
    assert truth.seed_path[0] == home[0] and truth.seed_path[-1] == truth.seed_entity
