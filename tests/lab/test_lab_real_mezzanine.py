"""real-mezzanine: a Mezzanine blog (PyPI) of Debian uploads with categories, tags, authors.

The fast tests hold how uploads become the posts the load adds and the blog list's pages
(nothing installed). The slow ones install the application (a venv from PyPI, the project
Mezzanine makes, the posts loaded: a few minutes) and serve it: the truth, from the
application's SQLite database, is held against the blog list's pages, the category and tag
pages and the posts' pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from html import unescape

import pytest
from lab_http import get_text

from siteseer.lab.real.changelogs import Upload
from siteseer.lab.real.mezzanine import PER_PAGE, MezzanineApp, blog, blog_list, post_of
from siteseer.lab.server import LabServer, running_lab

APP = "real-mezzanine"
TITLE = re.compile(r'<h2>\s*<a href="(/blog/[^/"]+/)">', re.S)
WHEN = datetime(2023, 1, 5, 12, 0, tzinfo=timezone(timedelta(hours=1)))


def _upload(version: str, when: datetime = WHEN) -> Upload:
    return Upload("lz4", version, ("unstable", "experimental"), "medium", "Étienne Mollier",
                  "emollier@debian.org", when, "* Fix <the> build.")  # fmt: skip


def test_the_blog_list_follows_the_pagination() -> None:
    url = "http://h/blog/"
    assert blog_list("http://h", 12) == (url, f"{url}?page=2", f"{url}?page=3")
    assert blog_list("http://h", PER_PAGE) == (url,)


def test_a_post_holds_its_upload_in_its_category_tagged_with_its_distributions() -> None:
    post = post_of(_upload("1.9.4-1"))
    assert (post["title"], post["slug"]) == ("lz4 1.9.4-1", "lz4-1.9.4-1")
    assert post["category"] == "lz4" and post["tags"] == ["unstable", "experimental"]
    assert post["author"] == {"username": "tienne-mollier", "name": "Étienne Mollier"}
    assert "<pre>* Fix &lt;the&gt; build.</pre>" in str(post["content"])


def test_posts_are_loaded_oldest_first_a_second_apart_at_least() -> None:
    posts = blog([_upload("1.9.4-2"), _upload("1.9.4-1", WHEN - timedelta(days=1)),
                  _upload("1.9.4-3")])["posts"]  # fmt: skip
    assert [(p["slug"], p["date"]) for p in posts] == [  # type: ignore[attr-defined]
        ("lz4-1.9.4-1", "2023-01-04T12:00:00+01:00"),
        ("lz4-1.9.4-2", "2023-01-05T12:00:00+01:00"),
        ("lz4-1.9.4-3", "2023-01-05T12:00:01+01:00"),
    ]
    with pytest.raises(ValueError, match="same slug"):
        blog([_upload("1.9.4-1"), _upload("1.9.4-1")])


@pytest.fixture(scope="module")
def site() -> Iterator[LabServer]:
    MezzanineApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _posts(url: str) -> list[str]:
    return list(dict.fromkeys(TITLE.findall(get_text(url))))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_blog_list_pages_list_every_post_of_the_truth(site: LabServer) -> None:
    truth = site.truth(APP)
    (level,) = truth.index_levels
    found: list[str] = []
    for n, page in enumerate(level, start=1):
        text = get_text(page)
        assert n == len(level) or f'href="?page={n + 1}"' in text, page
        found.extend(truth.base_url + href for href in dict.fromkeys(TITLE.findall(text)))
    assert found == list(truth.entities["post"])  # newest first
    assert len(found) == 122
    assert truth.seed_path == (level[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_category_and_tag_page_lists_its_posts(site: LabServer) -> None:
    truth = site.truth(APP)
    b = truth.base_url
    queries = {q.conditions[0]: list(q.entities) for q in truth.queries}
    for url, template in truth.templates.items():
        if template not in ("category", "tag"):
            continue
        text = unescape(get_text(url))
        value = re.search(r"Viewing posts (?:for the category|tagged) (.*?)\s*</p>", text)
        assert value is not None, url
        pages = -(-len(queries[(template, value[1])]) // PER_PAGE)
        found = [b + p for n in range(1, pages + 1) for p in _posts(f"{url}?page={n}")]
        assert found == queries[(template, value[1])], url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_post_pages_name_their_author_and_tags(site: LabServer) -> None:
    truth = site.truth(APP)
    for url in truth.entities["post"][::10]:
        text = unescape(get_text(url))
        attributes = truth.attributes[url]
        for value in (*attributes["tag"], *attributes["author"]):
            assert f">{value}</a>" in text, (url, value)
