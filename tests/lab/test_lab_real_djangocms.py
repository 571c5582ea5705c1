"""real-djangocms: a django CMS page tree whose pages are Django's documentation.

The fast test reads sections and documents from page-tree rows as django CMS's tables hold them
(nothing installed). The slow ones install the application (its venv from PyPI, the pages built
with django CMS's API into SQLite: a few minutes) and serve it: the truth, from the
application's database, is held against the home page, the sections' pages and the documents'.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text

from siteseer.lab.real.djangocms import DjangoCmsApp, page_tree
from siteseer.lab.server import LabServer, running_lab

APP = "real-djangocms"
LINK = re.compile(r'href="(/[^"]*)"')
CHILDREN = re.compile(r'<ul class="children">(.*?)</ul>', re.S)


def test_documents_sit_under_their_sections_in_tree_order() -> None:
    rows = [
        (1, "0002", "intro", "Getting started"),
        (2, "00020001", "intro/install", "Quick install guide"),
        (2, "00020002", "intro/tutorial01", "Writing your first Django app"),
        (1, "0003", "ref", "API Reference"),
        (2, "00030001", "ref/models-fields", "Model field reference"),
    ]
    sections, docs = page_tree("http://h", rows)
    assert sections == {"http://h/intro/": "Getting started", "http://h/ref/": "API Reference"}
    assert docs == [
        ("http://h/intro/install/", "Getting started"),
        ("http://h/intro/tutorial01/", "Getting started"),
        ("http://h/ref/models-fields/", "API Reference"),
    ]


@pytest.fixture(scope="module")
def site() -> Iterator[LabServer]:
    DjangoCmsApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_the_home_and_section_pages_list_every_document_of_the_truth(site: LabServer) -> None:
    truth = site.truth(APP)
    (home,), sections = truth.index_levels
    b = truth.base_url
    assert {b + href for href in LINK.findall(get_text(home))} >= set(sections)
    found: list[str] = []
    for page in sections:
        (children,) = CHILDREN.findall(get_text(page))
        found.extend(b + href for href in LINK.findall(children))
    assert found == list(truth.entities["doc"])  # section by section, in tree order
    assert len(found) == 135
    assert truth.seed_path == (home, sections[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_document_pages_show_their_section_in_the_breadcrumb(site: LabServer) -> None:
    truth = site.truth(APP)
    titles = {q.conditions[0][1] for q in truth.queries}
    assert len(titles) == len(truth.index_levels[1]) == 7
    for url in truth.entities["doc"][::10]:
        text = get_text(url)
        (crumbs,) = re.findall(r'<nav class="breadcrumb">(.*?)</nav>', text, re.S)
        words = " ".join(unescape(re.sub(r"<[^>]+>", " ", crumbs)).split())
        assert truth.attributes[url]["section"][0] in words, url
        assert "<h1>" in text and "<p>" in text, url
