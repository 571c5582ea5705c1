"""real-docsify served for real: Docsify (npm) over griffe's documentation, hash-routed.

The module fixture installs the application once (an empty venv for pip and the static server,
the doc set griffe's sdist ships, npm docsify; nothing the second time) and serves it. The test
renders the seed route and holds the truth, computed from the Markdown files, against the
sidebar Docsify draws there.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from siteseer.algorithms import ssup
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import set_scores
from siteseer.lab.real.docsify import DocsifyApp, route
from siteseer.lab.server import LabServer, running_lab

pytestmark = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.real_app("real-docsify"),
    pytest.mark.timeout(900),
]


@pytest.fixture(scope="module")
def docsify() -> Iterator[LabServer]:
    DocsifyApp("small").install(lambda line: None)
    with running_lab(["real-docsify"], "small") as server:
        yield server


def test_routes_follow_docsifys_links() -> None:
    assert route("index.md") == "/#/"
    assert route("guide/users/navigating.md") == "/#/guide/users/navigating"


async def test_the_rendered_sidebar_links_every_page_of_the_truth(docsify: LabServer) -> None:
    truth = docsify.truth("real-docsify")
    assert len(truth.target_entities) >= 70
    async with Session(SessionConfig(cache=None, render="always")) as session:
        page = await session.page(truth.seed_entity)
    linked = {link.url for link in page.links}
    assert set(truth.target_entities) <= linked
    assert "Navigating" in page.html  # the seed's Markdown, rendered in the browser


async def test_ssup_reads_hash_routes_and_takes_the_sidebar_as_the_level(
    docsify: LabServer,
) -> None:
    # The seed's own sections (#/page?id=part) are views of it, not candidates; the sidebar
    # every route carries is the level, the document's home its index page.
    truth = docsify.truth("real-docsify")
    async with Session(SessionConfig(cache=None, render="auto")) as session:
        result = await ssup(session, truth.seed_entity, height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 >= 0.95, scores
    assert result.cost.downloads <= 1.5 * truth.lower_bound_downloads
