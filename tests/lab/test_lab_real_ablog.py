"""real-ablog: a Sphinx blog (ABlog) of Debian's changelogs, built once, served as files.

The fast test writes a post's file from a hand-made changelog and reads it back (nothing
installed). The slow ones install the application (a venv from PyPI, the posts written from the
changelogs, one Sphinx build) and serve it: the truth, from the posts' files, is held against
the built blog's list, its category and tag pages, and the posts' own pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.ablog import AblogApp, post_text, read_posts
from siteseer.lab.real.changelogs import parse_changelog
from siteseer.lab.server import LabServer, running_lab

APP = "real-ablog"
POST = re.compile(r'href="((?:\.\./)*posts/[^"#]+\.html)"')
TERM = r'<a href="({}/[^"]+\.html)">\s*([^<]+?)\s*<'
SIDEBAR = 'class="sphinxsidebar"'  # every page's ABlog sidebars (recent posts among them)

CHANGELOG = """\
demo (1:1.1~rc1-1) unstable experimental; urgency=high

  * New upstream release candidate.

 -- Ada Lovelace <ada@example.org>  Sun, 01 Jan 2023 00:24:22 +0100
"""


def test_a_posts_file_reads_back_with_its_utc_date_url_and_terms(tmp_path: Path) -> None:
    (upload,) = parse_changelog(CHANGELOG)
    file = tmp_path / "posts" / "demo-1-1.1-rc1-1.rst"
    file.parent.mkdir()
    file.write_text(post_text(upload), encoding="utf-8")
    assert "\n.. post:: 2022-12-31 23:24:22\n   :tags: unstable, experimental" in file.read_text()
    (post,) = read_posts(tmp_path)
    assert post.date == datetime(2022, 12, 31, 23, 24, 22, tzinfo=UTC)
    assert post.path == "/posts/demo-1-1.1-rc1-1.html"
    assert (post.title, post.category, post.author) == ("demo 1:1.1~rc1-1", "demo", "Ada Lovelace")
    assert post.tags == ("unstable", "experimental", "urgency high")


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    AblogApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _posts(url: str) -> list[str]:
    """The posts a list page links in its body (not its sidebars), in order, once each."""
    body = get_text(url).split(SIDEBAR, 1)[0]
    return list(dict.fromkeys(urljoin(url, h) for h in POST.findall(body)))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_blog_lists_every_post_newest_first(blog: LabServer) -> None:
    truth = blog.truth(APP)
    ((listing,),) = truth.index_levels
    assert listing == f"{truth.base_url}/blog.html"
    assert len(truth.target_entities) > 100
    assert _posts(listing) == list(truth.target_entities)
    assert truth.seed_path == (listing, truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_category_and_tag_pages_list_each_terms_posts(blog: LabServer) -> None:
    truth = blog.truth(APP)
    base = truth.base_url
    wanted = {q.conditions[0]: q.entities for q in truth.queries}
    served = {}
    for facet, folder in (("category", "category"), ("tags", "tag")):
        lists = f"{base}/blog/{folder}.html"
        body = get_text(lists).split(SIDEBAR, 1)[0]
        for path, name in re.findall(TERM.format(folder), body):
            served[(facet, unescape(name))] = tuple(_posts(urljoin(lists, path)))
    assert served == wanted
    assert {"git", "ncurses", "readline"} <= set(truth.facet_values["category"])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_post_shows_its_title_author_and_terms(blog: LabServer) -> None:
    truth = blog.truth(APP)
    for url in truth.target_entities[::9]:
        page = unescape(get_text(url))
        attributes = truth.attributes[url]
        assert attributes["author"][0] in page, url
        for term in (*attributes["category"], *attributes["tags"]):
            assert f">{term}<" in page or f"> {term}<" in page or f">{term}\n" in page, (url, term)
