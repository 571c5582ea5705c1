"""real-zim: Zim's manual notebook (Debian's zim) by Zim's own HTML export.

The fast test reads the pages of a notebook written here (nothing installed). The slow ones
install the application (Debian's zim installed and unpacked, the notebook exported once: about a
minute) and serve it: the truth, from the notebook's files, is held against the index page and
the pages themselves.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.zim import SEED, ZimApp, read_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-zim"
LINK = r"href=['\"]([^'\"#]+)"  # the header's links are quoted by ', the wiki's by "


def test_pages_are_the_notebooks_files_inside_a_namespace(tmp_path: Path) -> None:
    for name in (
        "Start.txt",
        "Help.txt",
        "Help/Pages.txt",
        "Help/Export/HTML.txt",
        "Usage/Getting_Started.txt",
        "Usage/GTD_flowchart.png",
        "notebook.zim",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("Content-Type: text/x-zim-wiki\n", encoding="utf-8")
    (tmp_path / "Plugins").mkdir()  # a namespace folder without pages
    assert read_pages(tmp_path) == {
        "Help/Export/HTML": "Help",
        "Help/Pages": "Help",
        "Usage/Getting_Started": "Usage",
    }


@pytest.fixture(scope="module")
def notebook() -> Iterator[LabServer]:
    ZimApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_index_lists_every_page_of_a_namespace(notebook: LabServer) -> None:
    truth = notebook.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) > 60
    assert set(truth.target_entities) <= set(page_links(index))
    assert truth.seed_entity == f"{truth.base_url}/{SEED}.html"
    assert truth.attributes[truth.seed_entity] == {"section": ("Help",)}
    sections = {v for a in truth.attributes.values() for v in a["section"]}
    assert sections == {"Help", "Plugins", "Usage"}


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_pages_are_titled_by_their_name_and_link_the_index(notebook: LabServer) -> None:
    truth = notebook.truth(APP)
    ((index,),) = truth.index_levels
    assert "<title>Pages</title>" in get_text(truth.seed_entity)
    for url in [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 10]]:
        assert index in page_links(url, LINK), url
    # a page's wiki links are links to the other pages
    assert f"{truth.base_url}/Help/Links.html" in page_links(truth.seed_entity)
