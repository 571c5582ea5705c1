"""real-klaus: klaus (PyPI), a git web viewer, over git repositories of Debian changelogs.

The fast test holds the truth's loader (nothing installed): the history pages from the commit
count. The slow ones install the application (a venv from PyPI and the two repositories: about
two minutes) and serve it: the truth, from git's own log, is held against the repository list,
the repository page and its history pages (walked through their "»»" links) and against commit
pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.klaus import INDEX, PAGE, TARGET, KlausApp, history_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-klaus"
COMMIT = re.compile(r'<a class=commit href="(/dpkg/commit/[0-9a-f]{40}/)">')
NEXT = re.compile(r'<a href="(/dpkg/tree/master/\?page=\d+)">»»</a>')


def test_history_pages_follow_the_index_page_and_skip_its_commits() -> None:
    assert history_pages("http://h", "dpkg", INDEX) == ("http://h/dpkg/",)
    assert history_pages("http://h", "dpkg", INDEX + 1) == (
        "http://h/dpkg/",
        "http://h/dpkg/tree/master/?page=1",
    )
    assert history_pages("http://h", "dpkg", INDEX + 2 * PAGE) == (
        "http://h/dpkg/",
        "http://h/dpkg/tree/master/?page=1",
        "http://h/dpkg/tree/master/?page=2",
    )
    assert len(history_pages("http://h", "dpkg", 382)) == 14  # 10 + 12·30 + 12


@pytest.fixture(scope="module")
def klaus() -> Iterator[LabServer]:
    KlausApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_history_pages_list_every_commit_once_and_link_the_next(klaus: LabServer) -> None:
    truth = klaus.truth(APP)
    (level,) = truth.index_levels
    b = truth.base_url
    commits = truth.entities[TARGET]
    assert len(commits) == 382 and len(truth.entities["debianutils"]) == 246
    home = get_text(b + "/")
    assert 'href="/dpkg/"' in home and 'href="/debianutils/"' in home
    listed: list[str] = []
    pages: list[str] = []
    at: str | None = b + "/dpkg/"
    while at is not None:
        page = get_text(at)
        pages.append(canonical_url(at))
        found = [b + h for h in COMMIT.findall(page)]
        assert 0 < len(found) <= (INDEX if len(pages) == 1 else PAGE), at
        listed += found
        following = NEXT.search(page)
        at = b + unescape(following.group(1)) if following else None
    assert pages == list(level)
    assert listed == list(commits)  # newest first, each once
    assert listed[0] == truth.seed_entity
    assert truth.seed_path == (level[0], truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_commit_pages_show_the_truths_author_and_subject(klaus: LabServer) -> None:
    truth = klaus.truth(APP)
    for url in (truth.seed_entity, truth.entities[TARGET][-1]):
        text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", get_text(url))))
        (author,) = truth.attributes[url]["author"]
        (subject,) = truth.attributes[url]["subject"]
        assert author in text and subject in text, url
    (other,) = truth.entities["debianutils"][:1]
    assert "debianutils (" in get_text(other)
