"""real-rhelp: R's dynamic HTML help server over the datasets package (Debian's r-base-core).

The fast test reads help pages from a package record written here (nothing installed). The slow
ones install the application (R installed with apt-get when it is missing, the package's help
pages recorded: seconds) and serve it: the truth, from R's own record of the pages, is held
against the package's index and the help pages R renders.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.rhelp import SEED, RHelpApp, help_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-rhelp"
TYPESET = str.maketrans("\u2013\u2018\u2019", "-''")  # Rd's -- and '…' as R renders them


def test_the_help_pages_are_the_rd_files_but_the_package_overview() -> None:
    topics = {
        "package": "datasets",
        "version": "4.2.2",
        "pages": [
            {"file": "airmiles.Rd", "title": "Passenger Miles", "type": "data"},
            {"file": "beavers.Rd", "title": "Two Beavers", "type": "data"},
            {"file": "datasets-package.Rd", "title": "The Package", "type": "package"},
            {"file": "npk.Rd", "title": "Factorial Experiment", "type": ""},
        ],
    }
    assert help_pages(topics) == [
        ("airmiles", "Passenger Miles"),
        ("beavers", "Two Beavers"),
        ("npk", "Factorial Experiment"),
    ]


@pytest.fixture(scope="module")
def server() -> Iterator[LabServer]:
    RHelpApp("small").install(lambda line: None)
    with running_lab([APP], "small") as lab:
        yield lab


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_package_index_links_every_help_page(server: LabServer) -> None:
    truth = server.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) > 80
    links = set(page_links(index))
    assert set(truth.target_entities) <= links
    # the package's overview is listed too, apart from the data sets
    assert index.replace("00Index", "datasets-package") in links


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_help_pages_are_rendered_with_their_title(server: LabServer) -> None:
    truth = server.truth(APP)
    assert truth.seed_entity.endswith(f"/library/datasets/html/{SEED}.html")
    pages = list(truth.target_entities)
    for url in [truth.seed_entity, *pages[:: len(pages) // 8]]:
        html = get_text(url)
        (title,) = truth.attributes[url]["title"]
        (shown,) = re.findall(r"<h2>(.*?)</h2>", html, re.S)
        assert " ".join(unescape(shown).split()).translate(TYPESET) == title, url
        assert "R Documentation" in html, url
