"""real-mallard: GNOME's Mallard help (Debian's gnome-user-docs) built by yelp-build.

The fast tests read a Mallard document written here (nothing installed). The slow ones install
the application (yelp-tools from Debian with apt-get when missing, gnome-user-docs downloaded
and unpacked, the document built: about a minute) and serve it: the truth, from the Mallard
pages, is held against the guide pages and the topic pages yelp-build wrote.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.mallard import SEED, MallardApp, guide_levels, read_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-mallard"

PAGE = """<page xmlns="http://projectmallard.org/1.0/" type="{kind}" id="{id}">
  <info>{links}<desc>About {id}</desc></info>
  <title>The <em>{id}</em>  page</title>
</page>
"""


def write_page(folder: Path, page: str, kind: str, *guides: str) -> None:
    links = "".join(f'<link type="guide" xref="{g}"/>' for g in guides)
    text = PAGE.format(kind=kind, id=page, links=links)
    (folder / f"{page}.page").write_text(text, encoding="utf-8")


def test_pages_name_their_guides_and_guides_stand_by_depth(tmp_path: Path) -> None:
    write_page(tmp_path, "index", "guide")
    write_page(tmp_path, "net", "guide", "index")
    write_page(tmp_path, "wifi", "guide", "net#wireless", "hardware")
    write_page(tmp_path, "hardware", "guide", "index")
    write_page(tmp_path, "connect", "topic", "wifi#connect", "net")
    write_page(tmp_path, "step-2", "topic", "connect")
    pages = read_pages(tmp_path)
    assert pages["index"] == ("guide", "The index page", ())
    assert pages["wifi"] == ("guide", "The wifi page", ("net", "hardware"))
    assert pages["connect"] == ("topic", "The connect page", ("wifi", "net"))
    assert pages["step-2"][2] == ("connect",)  # a topic named as a guide
    assert guide_levels(pages, "index") == [["index"], ["hardware", "net"], ["wifi"]]
    (tmp_path / "other.page").write_text("<page/>", encoding="utf-8")
    with pytest.raises(ValueError, match="Mallard"):
        read_pages(tmp_path)


@pytest.fixture(scope="module")
def help_pages() -> Iterator[LabServer]:
    MallardApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def listed(url: str) -> set[str]:
    """The pages of the document a built page links to (no anchors, no other files)."""
    return {u for u in page_links(url) if re.search(r"/[a-z0-9-]+\.html$", u)}


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_guides_list_the_topics_that_name_them(help_pages: LabServer) -> None:
    truth = help_pages.truth(APP)
    assert len(truth.target_entities) > 200
    guides = [u for level in truth.index_levels for u in level]
    assert len(guides) == len(set(guides)) > 20
    assert set(guides) == {u for u, t in truth.templates.items() if t == "guide"} - {
        truth.base_url + "/"
    }
    reached: set[str] = set()
    for guide in guides:
        reached |= listed(guide)
    topics = set(truth.target_entities)
    # four steps of a series are reached by Next links from its first page only
    missing = topics - reached
    assert len(missing) == 4
    chain = [f"{truth.base_url}/net-wireless-troubleshooting.html"]
    assert chain[0] in reached
    while len(chain) < 5:
        nexts = re.findall(r'<a href="([^"]+)"[^>]*>Next</a>', get_text(chain[-1]))
        chain.append(canonical_url(urljoin(chain[-1], nexts[0])))
    assert missing == set(chain[1:])
    titles = {re.sub(r"\s+", " ", t) for a in truth.attributes.values() for t in a.get("guide", ())}
    assert "Wireless networking" in titles


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_seed_path_is_a_trail_of_links(help_pages: LabServer) -> None:
    truth = help_pages.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{SEED}.html"
    assert truth.seed_path[0] == truth.index_levels[0][0] == f"{truth.base_url}/index.html"
    for above, below in zip(truth.seed_path, truth.seed_path[1:], strict=False):
        assert below in listed(above), (above, below)
    assert truth.attributes[truth.seed_entity] == {"guide": ("Wireless networking",)}
    # a topic's trail links each guide up to the front page
    assert set(truth.seed_path[:-1]) <= listed(truth.seed_entity)
