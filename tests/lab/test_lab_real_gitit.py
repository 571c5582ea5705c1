"""real-gitit: Gitit (Debian) holding the Python documentation as pages in categories.

The fast tests hold the page files' round trip (nothing installed; the documents' reading is
real-ikiwiki's, tests/lab/test_lab_real_ikiwiki.py). The slow ones install the application
(Debian packages if missing, then the wiki's repository: a minute) and serve it: the truth,
from the repository's page files, is held against the categories page, each category's page,
the index of all pages and the pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import urljoin
from urllib.robotparser import RobotFileParser

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.gitit import GititApp, absolute_link, page_file, read_pages
from siteseer.lab.real.pydoc_html import Doc, plain_html
from siteseer.lab.server import LabServer, running_lab

APP = "real-gitit"


def test_page_files_round_trip_title_and_category(tmp_path: Path) -> None:
    doc = Doc("library/re", "re — Regular\n expressions", "text", "<p>x</p>\n")
    name, text = page_file(doc)
    assert name == "library/re.page"
    (tmp_path / "library").mkdir()
    (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "about.page").write_text(page_file(Doc("about", "About", "", ""))[1])
    (tmp_path / "Front Page.page").write_text("---\ntitle: Home\n...\n")
    assert read_pages(tmp_path) == {
        "about": ("About", ""),
        "library/re": ("re — Regular expressions", "text"),
    }
    assert absolute_link("about", "library/re", "re.sub") == "/library/re#re.sub"
    assert absolute_link("library/re", "tutorial/index", "") == "/tutorial/index"


@pytest.fixture(scope="module")
def wiki() -> Iterator[LabServer]:
    GititApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _content_links(url: str, base: str) -> list[str]:
    """The links of a page's content (Gitit's `div#content`), resolved and canonical, in order."""
    html = get_text(url)
    content = html.split('<div id="content">', 1)[1].split('<div id="footer">', 1)[0]
    hrefs = (urljoin(url, unescape(h)) for h in re.findall(r'href="([^"#]+)"', content))
    return [canonical_url(h) for h in hrefs if h.startswith(base)]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_category_pages_list_the_truths_pages(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    b = truth.base_url
    (top,), listing = truth.index_levels
    assert len(truth.target_entities) > 400 and len(listing) > 30
    assert set(listing) <= set(_content_links(top, b))
    entities = set(truth.target_entities)
    for query, url in zip(truth.queries, listing, strict=True):
        ((_, category),) = query.conditions
        assert url == canonical_url(f"{b}/_category/{category}")
        listed = [u for u in _content_links(url, b) if u in entities]
        assert listed == list(query.entities), category
    folders = {u.removeprefix(b + "/").split("/")[0] for u in entities if u.count("/") > 3}
    for folder in ("library", "tutorial"):
        assert folder in folders
        shown = set(_content_links(f"{b}/_index/{folder}", b))
        assert {u for u in entities if u.startswith(f"{b}/{folder}/")} <= shown, folder


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_pages_show_their_title_and_link_their_category(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    b = truth.base_url
    pages = read_pages(GititApp("small").repo)
    assert truth.seed_path[1:] == (canonical_url(f"{b}/_category/netdata"), truth.seed_entity)
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 5]]
    for url in sample:
        html = get_text(url)
        name = url.removeprefix(b + "/")
        title, category = pages[name]
        shown = re.search(r'<h1 class="pageTitle"><a [^>]*>(.*?)</a></h1>', html, re.S)
        assert shown is not None and unescape(shown.group(1)) == title, url
        assert truth.attributes[url] == ({"category": (category,)} if category else {})
        if category:
            assert canonical_url(f"{b}/_category/{category}") in _content_links(url, b), url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_robots_txt_closes_the_category_pages_so_no_facet_is_offered(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    b = truth.base_url
    robots = RobotFileParser()
    robots.parse(get_text(f"{b}/robots.txt").splitlines())
    (top,), listing = truth.index_levels
    for url in (top, *listing, f"{b}/_index"):
        assert not robots.can_fetch("siteseer", url), url
    assert all(robots.can_fetch("siteseer", u) for u in truth.target_entities)
    assert truth.facet_values == {}
    assert sum(1 for a in truth.attributes.values() if a.get("category")) > 400


def test_plain_html_keeps_the_text_links_and_anchors() -> None:
    body = (
        '<section id="json"><h1>json<a class="headerlink" href="#json">x</a></h1>'
        '<p class="p">Use <code class="xref"><span class="pre">dumps()</span></code> '
        '<a class="reference" href="/library/re#re.sub" title="t">re</a>.</p></section>'
    )
    assert plain_html(body) == (
        '<section id="json"><h1>json<a href="#json">x</a></h1>'
        '<p>Use <code>dumps()</code> <a href="/library/re#re.sub">re</a>.</p></section>\n'
    )
