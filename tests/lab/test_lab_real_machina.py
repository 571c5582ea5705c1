"""real-machina: a django-machina forum board whose topics are Debian changelog uploads.

The fast tests check a forum's pages and the board built from the changelogs (nothing
installed). The slow ones install the application (its venv from PyPI, the board loaded into
SQLite: a few minutes) and serve it: the truth, from the application's database, is held against
the board index, the forums' pages and the topics' pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text

from siteseer.lab.real.machina import CATEGORY, PACKAGES, MachinaApp, board, forum_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-machina"
TOPIC = re.compile(r'href="(/forum/[^/"]+/topic/[^/"?#]+/)"')
FORUM = re.compile(r'href="(/forum/[^/"]+/)"')


def test_forum_pages_follow_the_pagination() -> None:
    assert forum_pages("http://h/forum/apt-2/", 41) == (
        "http://h/forum/apt-2/",
        "http://h/forum/apt-2/?page=2",
        "http://h/forum/apt-2/?page=3",
    )
    assert forum_pages("http://h/forum/apt-2/", 0) == ("http://h/forum/apt-2/",)


def test_the_board_is_a_forum_per_package_of_its_newest_uploads() -> None:
    small = board("small")
    assert small["title"] == CATEGORY
    forums = small["forums"]
    assert isinstance(forums, list)
    assert [f["title"] for f in forums] == list(PACKAGES)
    for forum in forums:
        topics = forum["topics"]
        assert 10 <= len(topics) <= 25
        assert len({t["title"] for t in topics}) == len(topics)
        assert all(t["title"].startswith(f"{forum['title']} ") for t in topics)
        assert all(t["posts"] and t["posts"][0]["text"].strip() for t in topics)


@pytest.fixture(scope="module")
def site() -> Iterator[LabServer]:
    MachinaApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_the_board_and_forum_pages_list_every_topic_of_the_truth(site: LabServer) -> None:
    truth = site.truth(APP)
    (root,), level = truth.index_levels
    b = truth.base_url
    assert {b + href for href in FORUM.findall(get_text(root))} >= {
        u for u in level if "?" not in u
    }
    found: list[str] = []
    linked_pages: set[str] = set()
    for page in level:
        text = get_text(page)
        base = page.split("?")[0]
        linked_pages |= {f"{base}?page={n}" for n in re.findall(r'href="\?page=(\d+)"', text)}
        found.extend(b + href for href in dict.fromkeys(TOPIC.findall(text)))
    assert linked_pages >= {u for u in level if "?page=" in u}
    assert found == list(truth.entities["topic"])  # forum by forum, last post first
    assert len(found) == 125
    assert truth.seed_path == (root, level[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_topic_pages_show_their_subject_forum_and_poster(site: LabServer) -> None:
    truth = site.truth(APP)
    by_forum = {q.conditions[0][1]: set(q.entities) for q in truth.queries}
    assert set(by_forum) == set(PACKAGES)
    for url in truth.entities["topic"][::12]:
        text = " ".join(unescape(re.sub(r"<[^>]+>", " ", get_text(url))).split())
        attributes = truth.attributes[url]
        assert attributes["author"][0] in text, url
        assert attributes["forum"][0] in text, url
        assert url in by_forum[attributes["forum"][0]]
