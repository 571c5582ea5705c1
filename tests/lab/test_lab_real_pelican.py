"""real-pelican: a Pelican blog of Debian's changelogs, built once, served as files.

The fast test writes a post's content file from a hand-made changelog and reads it back
(nothing installed). The slow ones install the application (a venv from PyPI, the content
written from the changelogs, one build) and serve it: the truth, from the content files, is
held against the built site's home list, page by page through its pager, and its category and
tag pages.
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
from siteseer.lab.real.pelican import PAGE_SIZE, PelicanApp, post_text, read_posts
from siteseer.lab.server import LabServer, running_lab

APP = "real-pelican"
POST = re.compile(r'href="(/posts/\d{4}/\d{2}/[^"]+\.html)"')
NEXT = re.compile(r'<a href="([^"]+)">&rang;</a>')
TERM = r'<a href="(/{}/[^"]+\.html)">([^<]+)</a>'

CHANGELOG = """\
demo (1:1.1~rc1-1) unstable experimental; urgency=high

  * New upstream release candidate.

 -- Ada Lovelace <ada@example.org>  Sun, 01 Jan 2023 00:24:22 +0100
"""


def test_a_posts_file_reads_back_with_its_utc_date_url_and_terms(tmp_path: Path) -> None:
    (upload,) = parse_changelog(CHANGELOG)
    file = tmp_path / "2022" / "demo.rst"
    file.parent.mkdir()
    file.write_text(post_text(upload), encoding="utf-8")
    (post,) = read_posts(tmp_path)
    # an hour past midnight in +0100 is the last day of 2022 in UTC: the URL's date
    assert post.date == datetime(2022, 12, 31, 23, 24, 22, tzinfo=UTC)
    assert post.path == "/posts/2022/12/demo-1-1.1-rc1-1.html"
    assert (post.title, post.category, post.author) == ("demo 1:1.1~rc1-1", "demo", "Ada Lovelace")
    assert post.tags == ("unstable", "experimental", "urgency high")


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    PelicanApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _paged(url: str) -> tuple[list[str], list[str]]:
    """A list and its following pages (by their ⟩ links): the pages, the posts they link."""
    pages, posts = [], []
    at: str | None = url
    while at is not None:
        html = get_text(at)
        pages.append(at)
        found = list(dict.fromkeys(urljoin(at, h) for h in POST.findall(html)))
        assert 0 < len(found) <= PAGE_SIZE, at
        posts += found
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
    assert truth.seed_path == (level[0], truth.seed_entity) and posts[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_category_and_tag_pages_list_each_terms_posts(blog: LabServer) -> None:
    truth = blog.truth(APP)
    base = truth.base_url
    wanted = {q.conditions[0]: set(q.entities) for q in truth.queries}
    served = {}
    for facet, folder, listing in (
        ("category", "category", "/categories.html"),
        ("tags", "tag", "/tags.html"),
    ):
        for path, name in re.findall(TERM.format(folder), get_text(base + listing)):
            _, posts = _paged(base + path)
            served[(facet, unescape(name).strip())] = set(posts)
    assert served == wanted
    assert {"glibc", "tzdata", "util-linux"} <= set(truth.facet_values["category"])
