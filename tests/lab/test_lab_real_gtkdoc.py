"""real-gtkdoc: gtk-doc's reference manual of GLib (Debian's libglib2.0-doc).

The fast test reads the reference pages of a Devhelp book written here (nothing installed). The
slow ones install the application (one Debian package downloaded and unpacked: seconds) and
serve it: the truth, from gtk-doc's Devhelp book glib.devhelp2, is held against the contents'
chapters and the reference pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.gtkdoc import SEED, GtkDocApp, read_book
from siteseer.lab.server import LabServer, running_lab

APP = "real-gtkdoc"


def test_reference_pages_are_read_from_the_devhelp_book(tmp_path: Path) -> None:
    path = tmp_path / "glib.devhelp2"
    path.write_text(
        '<?xml version="1.0" encoding="utf-8" standalone="no"?>\n'
        '<book xmlns="http://www.devhelp.net/book" title="GLib" link="index.html" name="glib">\n'
        '<chapters><sub name="Data Types" link="glib-data-types.html">'
        '<sub name="Arrays" link="glib-Arrays.html"/><sub name="Lists" link="glib-Lists.html"/>'
        '</sub><sub name="Tools" link="tools.html"><sub name="gtester" link="gtester.html"/>'
        '</sub><sub name="Index" link="api-index-full.html"/></chapters>\n'
        '<functions><keyword type="function" name="g_array_new ()" link="glib-Arrays.html#g-array-new"/>'
        "</functions></book>\n",
        encoding="utf-8",
    )
    assert read_book(path) == {
        "glib-Arrays.html": "Data Types",
        "glib-Lists.html": "Data Types",
        "gtester.html": "Tools",
    }
    path.write_text("<book><sub/></book>", encoding="utf-8")
    with pytest.raises(ValueError, match="Devhelp"):
        read_book(path)


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    GtkDocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_contents_list_every_reference_page_under_its_part(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((contents,),) = truth.index_levels
    assert len(truth.target_entities) > 80
    listed = page_links(contents, r'<span class="refentrytitle"><a href="([^"#]+)"')
    assert sorted(listed) == sorted(truth.target_entities)
    # each reference page is listed under the title of its part, the last chapter above it
    part = ""
    for link in html_tree(get_text(contents)).xpath(
        '//span[@class="chapter" or @class="refentrytitle"]/a'
    ):
        if link.getparent().get("class") == "chapter":
            part = link.text_content()
            continue
        url = canonical_url(urljoin(contents, link.get("href")))
        assert truth.attributes[url] == {"part": (part,)}, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_reference_pages_name_the_manual_and_link_home_and_their_part(docs: LabServer) -> None:
    truth = docs.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{SEED}"
    ((contents,),) = truth.index_levels
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        html = get_text(url)
        assert re.search(r"<title>[^<]+: GLib Reference Manual</title>", html), url
        assert contents in page_links(url, r'<a accesskey="h" href="([^"#]+)"'), url
        (up,) = page_links(url, r'<a accesskey="u" href="([^"#]+)"')
        assert up != contents and up in page_links(contents), url
