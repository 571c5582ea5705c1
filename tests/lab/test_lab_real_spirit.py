"""real-spirit: a Spirit forum whose topics are Debian changelog uploads.

The fast tests check the index's pages and how an upload becomes posts (nothing installed).
The slow ones install the application (its venv from PyPI, the forum loaded into SQLite: a
minute) and serve it: the truth, from the application's database, is held against the index's
pages, the category pages and the topics' pages.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from html import unescape

import pytest
from lab_http import get_text

from siteseer.lab.real.changelogs import Upload
from siteseer.lab.real.spirit import PER_PAGE, SpiritApp, index_pages, posts
from siteseer.lab.server import LabServer, running_lab

APP = "real-spirit"
TOPIC = re.compile(r'href="(/topic/\d+/[^/"]+/)"')


def _upload(changes: str) -> Upload:
    date = datetime(2023, 5, 11, tzinfo=UTC)
    return Upload("dpkg", "1.21.22", ("unstable",), "medium", "Guillem Jover", "g@d", date, changes)


def test_index_pages_follow_the_pagination() -> None:
    assert index_pages("http://h", 41) == ("http://h/", "http://h/?page=2", "http://h/?page=3")
    assert index_pages("http://h", 0) == ("http://h/",)


def test_an_upload_is_a_post_per_person_it_names() -> None:
    team = "* Fix a thing.\n\n[ Helmut Grohne ]\n* Cross builds.\n\n[ Sven Joachim ]\n* Man pages."
    assert posts(_upload(team)) == [
        {"user": "Guillem Jover", "text": "* Fix a thing."},
        {"user": "Helmut Grohne", "text": "* Cross builds."},
        {"user": "Sven Joachim", "text": "* Man pages."},
    ]
    named_only = "[ Helmut Grohne ]\n* Cross builds."
    assert posts(_upload(named_only)) == [{"user": "Helmut Grohne", "text": "* Cross builds."}]


@pytest.fixture(scope="module")
def forum() -> Iterator[LabServer]:
    SpiritApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_index_pages_list_every_topic_of_the_truth(forum: LabServer) -> None:
    truth = forum.truth(APP)
    (level,) = truth.index_levels
    linked_pages: set[str] = set()
    found: list[str] = []
    for page in level:
        text = get_text(page)
        linked_pages |= {
            f"{truth.base_url}/?page={n}" for n in re.findall(r'href="\?page=(\d+)"', text)
        }
        found.extend(truth.base_url + href for href in dict.fromkeys(TOPIC.findall(text)))
    assert linked_pages >= set(level[1:])
    assert found == list(truth.entities["topic"])  # latest active first
    assert len(found) == 200
    assert truth.seed_path == (level[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_category_page_lists_its_topics(forum: LabServer) -> None:
    truth = forum.truth(APP)
    categories = [u for u, t in truth.templates.items() if t == "category"]
    by_title = {q.conditions[0][1]: set(q.entities) for q in truth.queries}
    assert set(by_title) == {"dpkg", "debianutils", "coreutils", "gzip", "base-files"}
    for url in categories:
        expected = by_title.get(url.rstrip("/").rsplit("/", 1)[1], set())
        pages = max(1, math.ceil(len(expected) / PER_PAGE))
        listed: set[str] = set()
        for n in range(1, pages + 1):
            text = get_text(url if n == 1 else f"{url}?page={n}")
            assert n == pages or f'href="?page={n + 1}"' in text, (url, n)
            listed |= {truth.base_url + href for href in TOPIC.findall(text)}
        assert listed == expected, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_topic_pages_show_their_title_category_and_opener(forum: LabServer) -> None:
    truth = forum.truth(APP)
    for url in truth.entities["topic"][::15]:
        text = " ".join(unescape(re.sub(r"<[^>]+>", " ", get_text(url))).split())
        attributes = truth.attributes[url]
        assert attributes["author"][0] in text, url
        assert attributes["category"][0] in text, url
