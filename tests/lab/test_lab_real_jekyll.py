"""real-jekyll: a Jekyll blog of Debian's changelogs, built once, served as files.

The fast test writes a post's source file from a hand-made changelog and reads it back
(nothing installed). The slow ones install the application (Debian's packages, the project
written from the changelogs, one build) and serve it: the truth, from the source files, is held
against the built site's home list, page by page through its pager, and against its category
and tag archives.
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
from siteseer.lab.real.jekyll import PAGE_SIZE, JekyllApp, post_file, post_text, read_posts
from siteseer.lab.server import LabServer, running_lab

APP = "real-jekyll"
POST = re.compile(r'<a class="post-link" href="(/\d{4}/\d{2}/\d{2}/[^"]+/)">')
NEXT = re.compile(r'<a href="([^"]+)">Older posts</a>')
TERM = r'<li><a href="(/{}/[^"]+/)">([^<]+)</a>'

CHANGELOG = """\
demo (1:1.1~rc1-1) unstable experimental; urgency=high

  * New upstream release candidate.

 -- Ada "the first" Lovelace <ada@example.org>  Sun, 01 Jan 2023 00:24:22 +0100

demo (1.0-1) unstable; urgency=low

  * Initial release.

 -- Ada "the first" Lovelace <ada@example.org>  Sat, 31 Dec 2022 23:24:22 +0000
"""


def test_posts_read_back_with_their_utc_date_url_terms_and_jekylls_order(tmp_path: Path) -> None:
    newer, older = parse_changelog(CHANGELOG)
    for upload in (older, newer):
        (tmp_path / post_file(upload)).write_text(post_text(upload), encoding="utf-8")
    # an hour past midnight in +0100 is the last day of 2022 in UTC, the same second as the
    # older upload: Jekyll orders them by file name, the last first
    assert post_file(newer) == "2022-12-31-demo-1-1-1-rc1-1.md"
    first, second = read_posts(tmp_path)
    assert first.date == second.date == datetime(2022, 12, 31, 23, 24, 22, tzinfo=UTC)
    assert (first.path, second.path) == ("/2022/12/31/demo-1-1-1-rc1-1/", "/2022/12/31/demo-1-0-1/")
    assert (first.title, first.category) == ("demo 1:1.1~rc1-1", "demo")
    assert first.author == 'Ada "the first" Lovelace'
    assert (first.tags, second.tags) == (("unstable", "experimental", "urgency-high"),
                                         ("unstable", "urgency-low"))  # fmt: skip


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    JekyllApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _paged(url: str) -> tuple[list[str], list[str]]:
    """A list and its following pages (by their "Older posts" links): the pages, the posts."""
    pages, posts = [], []
    at: str | None = url
    while at is not None:
        html = get_text(at)
        pages.append(at)
        posts += [urljoin(at, h) for h in POST.findall(html)]
        more = NEXT.search(html)
        at = urljoin(at, more.group(1)) if more else None
    return pages, posts


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_home_list_holds_every_post_once_on_the_truths_pages(blog: LabServer) -> None:
    truth = blog.truth(APP)
    (level,) = truth.index_levels
    pages, posts = _paged(level[0])
    assert len(truth.target_entities) > 300
    assert pages == list(level)
    assert posts == list(truth.target_entities)  # newest first, as the truth orders them
    assert len(posts) == len(set(posts))
    assert all(len(POST.findall(get_text(p))) == PAGE_SIZE for p in pages[:-1])
    assert truth.seed_path == (level[0], truth.seed_entity) and posts[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_category_and_tag_archives_list_each_terms_posts(blog: LabServer) -> None:
    truth = blog.truth(APP)
    base = truth.base_url
    wanted = {q.conditions[0]: set(q.entities) for q in truth.queries}
    served = {}
    for facet, folder, listing in (("category", "category", "/categories/"),
                                   ("tags", "tag", "/tags/")):  # fmt: skip
        for path, name in re.findall(TERM.format(folder), get_text(base + listing)):
            posts = {urljoin(base, h) for h in POST.findall(get_text(base + path))}
            served[(facet, unescape(name).strip())] = posts
    assert served == wanted
    assert {"jekyll", "ruby3.1", "rake"} <= set(truth.facet_values["category"])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_a_post_links_the_home_page_its_category_tags_and_month(blog: LabServer) -> None:
    truth = blog.truth(APP)
    for url in truth.target_entities[:: PAGE_SIZE * 5]:
        page = get_text(url)
        links = set(re.findall(r'<a [^>]*href="([^"]+)"', page))
        attributes = truth.attributes[url]
        month = url.removeprefix(truth.base_url)[:9]  # /yyyy/mm/
        assert {"/", "/categories/", "/tags/", month} <= links, url
        assert f"/category/{attributes['category'][0].replace('.', '-')}/" in links, url
        assert len([h for h in links if h.startswith("/tag/")]) == len(attributes["tags"]), url
