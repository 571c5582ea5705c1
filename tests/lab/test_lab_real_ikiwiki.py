"""real-ikiwiki: ikiwiki (Debian) building the Python documentation as a tagged wiki.

The fast tests hold the loaders (nothing installed): a small documentation tree of Sphinx pages
read as wiki pages (titles, tags from the library's chapters, links rewritten, the builder's
furniture dropped), and the page sources' round trip. The slow ones install the application
(Debian packages if missing, then the wiki's source and its build: two minutes) and serve it:
the truth, from the wiki's source files, is held against the home page's tag cloud, each tag's
page, the map and the pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.ikiwiki import IkiwikiApp, page_source, read_pages, relative_link
from siteseer.lab.real.pydoc_html import Doc, chapters, doc_names, read_docs
from siteseer.lab.server import LabServer, running_lab

APP = "real-ikiwiki"
_PAGE = """<html><head><title>{title} &#8212; Python 3.11.2 documentation</title></head><body>
<div class="sphinxsidebar"><a href="../genindex.html">Index</a></div>
<div class="body" role="main"><section><h1>{title}<a class="headerlink" href="#x">¶</a></h1>
{body}</section><script>var x = 1;</script></div></body></html>"""
_TOC = '<div class="toctree-wrapper"><ul>{}</ul></div>'


def _doc_tree(root: Path) -> None:
    toc = "".join(f'<li class="toctree-l1"><a href="{h}">x</a></li>' for h in ("text.html",))
    pages = {
        "library/index": ("The Library", _TOC.format(toc)),
        "library/text": (
            "Text",
            _TOC.format('<li class="toctree-l1"><a href="re.html">re</a></li>'),
        ),
        "library/re": (
            "re — Regular expressions",
            '<p>See <a href="text.html#top">text</a>, <a href="../genindex.html">the index</a>,'
            ' <a href="https://example.org/">out</a> and [[1]]. <img src="x.png"></p>',
        ),
        "tutorial/index": ("The Tutorial", "<p>Start.</p>"),
        "about": ("About", '<p><a href="library/re.html#re.sub">re.sub</a></p>'),
    }
    for name, (title, body) in pages.items():
        (root / "_sources" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "_sources" / f"{name}.rst.txt").write_text("x", encoding="utf-8")
        (root / f"{name}.html").parent.mkdir(parents=True, exist_ok=True)
        (root / f"{name}.html").write_text(_PAGE.format(title=title, body=body), encoding="utf-8")
    (root / "_sources" / "includes").mkdir()
    (root / "_sources" / "includes" / "part.rst.txt").write_text("x", encoding="utf-8")


def test_documents_are_read_with_their_chapter_or_folder_as_tag(tmp_path: Path) -> None:
    _doc_tree(tmp_path)
    assert doc_names(tmp_path) == [
        "about", "library/index", "library/re", "library/text", "tutorial/index",
    ]  # fmt: skip
    assert chapters(tmp_path) == {"library/re": "text"}
    docs = {d.name: d for d in read_docs(relative_link, tmp_path)}
    assert {n: d.tag for n, d in docs.items()} == {
        "about": "", "library/index": "library", "library/re": "text",
        "library/text": "library", "tutorial/index": "tutorial",
    }  # fmt: skip
    re_doc = docs["library/re"]
    assert re_doc.title == "re — Regular expressions"
    assert 'href="text.html#top"' in re_doc.body  # another document: the wiki's link
    assert 'href="https://example.org/"' in re_doc.body  # out of the documentation: kept
    assert "the index" in re_doc.body and "genindex" not in re_doc.body  # builder's page: text
    assert "<img" not in re_doc.body and "¶" not in re_doc.body and "<script" not in re_doc.body
    assert 'href="library/re.html#re.sub"' in docs["about"].body


def test_page_sources_round_trip_title_and_tag(tmp_path: Path) -> None:
    doc = Doc("library/re", 're — "Regular" expressions', "text", "<p>[[1]]</p>\n")
    source = page_source(doc)
    assert "[[1]]" not in source  # no wiki link made of the text
    (tmp_path / "library").mkdir()
    (tmp_path / "library" / "re.html").write_text(source, encoding="utf-8")
    assert read_pages(tmp_path) == {"library/re": ('re — "Regular" expressions', "text")}
    assert relative_link("library/re", "tutorial/index", "") == "../tutorial/index.html"
    assert relative_link("about", "library/re", "re.sub") == "library/re.html#re.sub"


@pytest.fixture(scope="module")
def wiki() -> Iterator[LabServer]:
    IkiwikiApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _hrefs(html: str, page_url: str, base: str) -> list[str]:
    """The page's links resolved against its URL, under `base` only, in order."""
    from urllib.parse import urljoin

    out = [urljoin(page_url, unescape(h)) for h in re.findall(r'href="([^"#]+)"', html)]
    return [u for u in out if u.startswith(base)]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_tag_cloud_and_tag_pages_list_the_truths_pages(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    b = truth.base_url
    home, tags = truth.index_levels
    assert len(truth.target_entities) > 400 and len(tags) > 30
    cloud = _hrefs(get_text(home[0]), home[0], b)
    assert set(tags) <= set(cloud)
    entities = set(truth.target_entities)
    for query in truth.queries:
        ((_, tag),) = query.conditions
        url = f"{b}/tags/{tag}.html"
        listed = [u for u in dict.fromkeys(_hrefs(get_text(url), url, b)) if u in entities]
        assert listed == list(query.entities), tag  # every page tagged, in ikiwiki's order
    sitemap = f"{b}/sitemap.html"
    assert entities <= set(_hrefs(get_text(sitemap), sitemap, b))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_pages_show_their_title_and_link_their_tag(wiki: LabServer) -> None:
    truth = wiki.truth(APP)
    b = truth.base_url
    pages = read_pages(IkiwikiApp("small").src)
    assert truth.seed_path == (f"{b}/index.html", f"{b}/tags/netdata.html", truth.seed_entity)
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 5]]
    for url in sample:
        html = get_text(url)
        name = url.removeprefix(b + "/").removesuffix(".html")
        title, tag = pages[name]
        shown = re.search(r"<title>(.*?)</title>", html, re.S)
        assert shown is not None and unescape(shown.group(1)).strip() == title, url
        assert truth.attributes[url] == ({"tag": (tag,)} if tag else {})
        if tag:
            assert f"{b}/tags/{tag}.html" in _hrefs(html, url, b), url
