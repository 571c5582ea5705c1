"""real-klaus: klaus (PyPI), a git web viewer, over git repositories of Debian changelogs.

The fast tests hold the truth's loaders (nothing installed): the history pages from the commit
count, the tags of a repository git builds here. The slow ones install the application (a venv
from PyPI and the two repositories: about two minutes) and serve it: the truth, from git's own
log and tags, is held against klaus's robots.txt (every entity and the index open to a polite
crawler, the commit pages closed), the repository page's tag selector, the tag views and the
history pages (walked through their "»»" links).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text
from protego import Protego

from siteseer.crawler import canonical_url
from siteseer.lab.real.klaus import (
    INDEX,
    PAGE,
    TARGET,
    KlausApp,
    commit_url,
    history_pages,
    repository_tags,
    tag_url,
)
from siteseer.lab.server import LabServer, running_lab

APP = "real-klaus"
COMMIT = re.compile(r'<a class=commit href="(/dpkg/commit/[0-9a-f]{40}/)">')
NEXT = re.compile(r'<a href="(/dpkg/tree/master/\?page=\d+)">»»</a>')
TAG = re.compile(r'<li><a href="(/dpkg/[^"]+\?path=)">debian/[^<]+</a></li>')
AGENT = "siteseer"


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


def test_tags_name_their_commits_and_their_views() -> None:
    assert tag_url("http://h", "dpkg", "debian/1.9.9") == "http://h/dpkg/debian/1.9.9?path="
    assert tag_url("http://h", "dpkg", "debian/1.10~pre1") == "http://h/dpkg/debian/1.10~pre1?path="


def test_repository_tags_peel_annotated_tags_to_their_commits(tmp_path: Path) -> None:
    repo = tmp_path / "r.git"

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(repo), "-c", "user.name=A", "-c", "user.email=a@b", *args],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        return done.stdout.strip()

    subprocess.run(["git", "init", "-q", "--initial-branch=master", str(repo)], check=True)
    git("commit", "-q", "--allow-empty", "-m", "one")
    first = git("rev-parse", "HEAD")
    git("tag", "debian/1.0")
    git("commit", "-q", "--allow-empty", "-m", "two")
    second = git("rev-parse", "HEAD")
    git("tag", "-a", "-m", "release", "debian/1.1")
    git("commit", "-q", "--allow-empty", "-m", "three (untagged)")
    assert repository_tags(repo) == {first: "debian/1.0", second: "debian/1.1"}


@pytest.fixture(scope="module")
def klaus() -> Iterator[LabServer]:
    KlausApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_robots_txt_lets_a_crawler_reach_every_tag_view_and_no_commit_page(
    klaus: LabServer,
) -> None:
    truth = klaus.truth(APP)
    b = truth.base_url
    robots = Protego.parse(get_text(b + "/robots.txt/"))  # klaus serves it there
    (level,) = truth.index_levels
    for url in (*level, *truth.entities[TARGET], *truth.entities["debianutils"]):
        assert robots.can_fetch(url, AGENT), url
    # the commit pages stay closed: why the entity type is the tag views
    assert not robots.can_fetch(commit_url(b, TARGET, "0" * 40), AGENT)
    # the repository page's tag selector lists every tag view of the truth, the seed first
    listed = [b + unescape(h) for h in TAG.findall(get_text(level[0]))]
    assert sorted(listed) == sorted(truth.entities[TARGET]) and len(listed) == 382
    assert listed[0] == truth.seed_entity and truth.seed_path == (level[0], truth.seed_entity)
    assert len(truth.entities["debianutils"]) == 246


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_history_pages_list_every_commit_once_and_link_the_next(klaus: LabServer) -> None:
    truth = klaus.truth(APP)
    b = truth.base_url
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
    assert pages == list(history_pages(b, TARGET, 382))
    assert [truth.templates[u] for u in pages] == ["repository"] + ["history"] * (len(pages) - 1)
    assert len(listed) == len(set(listed)) == 382  # newest first, each once
    assert all(truth.templates[u] == "commit" for u in listed)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_tag_views_show_the_truths_author_and_subject(klaus: LabServer) -> None:
    truth = klaus.truth(APP)
    for url in (truth.seed_entity, truth.entities[TARGET][-1]):
        text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", get_text(url))))
        (author,) = truth.attributes[url]["author"]
        (subject,) = truth.attributes[url]["subject"]
        assert author in text and subject in text, url
        assert "Tree @ debian/" in text, url
    (other,) = truth.entities["debianutils"][:1]
    assert "debianutils (" in get_text(other)
