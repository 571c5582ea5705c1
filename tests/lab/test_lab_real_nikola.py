"""real-nikola: a Nikola blog of Debian's changelogs, built once, served as files.

The fast tests write a post's content file from a hand-made changelog and read it back, and
lay out Nikola's static index pages (nothing installed). The slow ones install the application
(a venv from PyPI, the content written from the changelogs, one build) and serve it: the truth,
from the content files, is held against the built site's home list, walked page by page through
its "Older posts" links, and against its tag and category pages.
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

from siteseer.lab.real.changelogs import parse_changelog
from siteseer.lab.real.nikola import PAGE_SIZE, NikolaApp, home_pages, post_text, read_posts
from siteseer.lab.server import LabServer, running_lab

APP = "real-nikola"
POST = re.compile(r'<h1 class="p-name entry-title"><a href="([^"]+)"')
OLDER = re.compile(r'<a href="([^"]+)" rel="next">Older posts</a>')
TERMS = re.compile(r'<a class="reference badge badge-secondary" href="([^"]+)">([^<]+)</a>')
LISTED = re.compile(r'<a href="([^"]*posts/[^"]+/)" class="listtitle">')

CHANGELOG = """\
demo (1:1.1~rc1-1) unstable experimental; urgency=high

  * New upstream release candidate.

 -- Ada Lovelace <ada@example.org>  Sun, 01 Jan 2023 00:24:22 +0100
"""


def test_a_posts_file_reads_back_with_its_utc_date_url_and_terms(tmp_path: Path) -> None:
    (upload,) = parse_changelog(CHANGELOG)
    (tmp_path / "demo.rst").write_text(post_text(upload), encoding="utf-8")
    (post,) = read_posts(tmp_path)
    assert post.date == datetime(2022, 12, 31, 23, 24, 22, tzinfo=UTC)
    assert post.path == "/posts/demo-1-1.1-rc1-1/"
    assert (post.title, post.category, post.author) == ("demo 1:1.1~rc1-1", "demo", "Ada Lovelace")
    assert post.tags == ("unstable", "experimental", "urgency high")


def test_static_index_pages_keep_the_oldest_posts_on_page_one() -> None:
    # 25 posts, newest first: / the newest ten, index-1 the oldest ten, index-2 the five between
    assert home_pages(25) == [
        ("/", range(0, 10)),
        ("/index-2.html", range(10, 15)),
        ("/index-1.html", range(15, 25)),
    ]
    assert home_pages(7) == [("/", range(0, 7))]
    assert [p for p, _ in home_pages(30)] == ["/", "/index-2.html", "/index-1.html"]
    assert all(len(r) == PAGE_SIZE for _, r in home_pages(30))


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    NikolaApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_home_list_holds_every_post_once_on_the_truths_pages(blog: LabServer) -> None:
    truth = blog.truth(APP)
    (level,) = truth.index_levels
    pages, posts = [], []
    at: str | None = level[0]
    while at is not None:
        html = get_text(at)
        pages.append(at)
        found = [urljoin(at, h) for h in POST.findall(html)]
        assert 0 < len(found) <= PAGE_SIZE, at
        posts += found
        older = OLDER.search(html)
        at = urljoin(at, older.group(1)) if older else None
    assert len(truth.target_entities) > 300
    assert pages == list(level)
    assert posts == list(truth.target_entities)  # newest first, as the truth orders them
    assert truth.seed_path == (level[0], truth.seed_entity) and posts[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_tag_and_category_pages_list_each_terms_posts(blog: LabServer) -> None:
    truth = blog.truth(APP)
    wanted = {q.conditions[0]: set(q.entities) for q in truth.queries}
    index = truth.base_url + "/categories/"
    served = {}
    for href, name in TERMS.findall(get_text(index)):
        page = urljoin(index, href)
        facet = "category" if href.startswith("cat_") else "tags"
        served[(facet, unescape(name).strip())] = {
            urljoin(page, h) for h in LISTED.findall(get_text(page))
        }
    assert served == wanted
    assert {"bzip2", "gmp", "attr", "patch"} <= set(truth.facet_values["category"])
