"""real-mkdocs served for real: `mkdocs serve` over griffe's documentation in its own venv.

The module fixture installs the application once (a venv under .lab-real/ filled from PyPI and
the doc set griffe's sdist ships; nothing the second time) and serves it. The tests hold the
truth, computed from the Markdown files, against the pages and the sitemap MkDocs serves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.algorithms import ssup
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import set_scores
from siteseer.lab.real.mkdocs import MkDocsApp, page_path
from siteseer.lab.server import LabServer, running_lab

pytestmark = [pytest.mark.slow, pytest.mark.real_app("real-mkdocs"), pytest.mark.timeout(900)]

LOC = re.compile(r"<loc>([^<]+)</loc>")
HREF = re.compile(r'href="([^"#]*)"')


@pytest.fixture(scope="module")
def mkdocs() -> Iterator[LabServer]:
    MkDocsApp("small").install(lambda line: None)
    with running_lab(["real-mkdocs"], "small") as server:
        yield server


def test_page_paths_follow_mkdocs_directory_urls() -> None:
    assert page_path("index.md") == "/"
    assert page_path("guide/users/navigating.md") == "/guide/users/navigating/"
    assert page_path("extensions/index.md") == "/extensions/"
    assert page_path("community/README.md") == "/community/"


def test_the_truth_is_every_page_the_sitemap_names(mkdocs: LabServer) -> None:
    truth = mkdocs.truth("real-mkdocs")
    base = truth.base_url
    sitemap = set(LOC.findall(get_text(base + "/sitemap.xml")))
    assert len(truth.target_entities) >= 70
    assert sitemap == {base + "/", *truth.target_entities}
    assert truth.seed_entity in truth.target_entities


def test_the_home_pages_navigation_links_every_page(mkdocs: LabServer) -> None:
    truth = mkdocs.truth("real-mkdocs")
    (level,) = truth.index_levels
    linked = {urljoin(level[0], h) for h in HREF.findall(get_text(level[0]))}
    assert set(truth.target_entities) <= linked


async def test_ssup_takes_the_navigation_every_page_carries_as_the_level(
    mkdocs: LabServer,
) -> None:
    # Every page's navigation lists every page, the seed included: no page lists the seed where
    # the seed does not list itself, so the navigation is the level, the home page its index.
    truth = mkdocs.truth("real-mkdocs")
    async with Session(SessionConfig(cache=None, render="never")) as session:
        result = await ssup(session, truth.seed_entity, height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 >= 0.95, scores
    assert result.index_pages == ((truth.base_url + "/",),)
    assert result.cost.downloads <= 1.5 * truth.lower_bound_downloads
