"""real-gitweb: gitweb (Debian's git) over git repositories built from Debian changelogs.

The fast test holds the shortlog's pages as gitweb links them (nothing installed). The slow ones
install the application (the Debian packages if missing, then the repositories: seconds) and
serve it through the CGI gateway: the truth, from git, is held against gitweb's shortlog pages,
page by page through their "next" links, and its commit pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.gitweb import PAGE, TARGET, GitwebApp, shortlog_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-gitweb"
COMMIT = re.compile(r'href="(\?p=dpkg\.git;a=commit;h=[0-9a-f]{40})"')
NEXT = re.compile(r'href="([^"]+)" title="Alt-n">next<')


def test_shortlog_pages_are_the_first_then_pg_from_one() -> None:
    pages = shortlog_pages("http://h", "dpkg", 2 * PAGE + 1)
    raw = ["?p=dpkg.git;a=shortlog", "?p=dpkg.git;a=shortlog;pg=1", "?p=dpkg.git;a=shortlog;pg=2"]
    assert pages == tuple(canonical_url(q, "http://h/") for q in raw)


@pytest.fixture(scope="module")
def gitweb() -> Iterator[LabServer]:
    GitwebApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_shortlog_pages_list_every_commit_once_and_link_the_next(gitweb: LabServer) -> None:
    truth = gitweb.truth(APP)
    (level,) = truth.index_levels
    root = truth.base_url + "/"
    commits = truth.entities[TARGET]
    assert len(commits) == 382 and len(truth.entities["debianutils"]) == 246
    listed: list[str] = []
    at: str | None = root + "?p=dpkg.git;a=shortlog"  # as the project list links it
    pages = []
    while at is not None:
        page = get_text(at)  # gitweb's own spelling: its parameters joined by ";"
        pages.append(canonical_url(at))
        found = [canonical_url(unescape(h), root) for h in COMMIT.findall(page)]
        found = list(dict.fromkeys(found))
        assert 0 < len(found) <= PAGE, at
        listed += found
        more = NEXT.search(page)
        at = root + unescape(more.group(1)) if more else None
    assert pages == list(level)
    assert listed == list(commits)  # newest first, as git rev-list walks them
    assert listed[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_commit_pages_show_the_truths_author_and_subject(gitweb: LabServer) -> None:
    truth = gitweb.truth(APP)
    root = truth.base_url + "/"
    commits = truth.entities[TARGET]
    first = get_text(root + "?p=dpkg.git;a=shortlog")
    hrefs = {canonical_url(unescape(h), root): unescape(h) for h in COMMIT.findall(first)}
    for url in (truth.seed_entity, commits[1]):
        text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", get_text(root + hrefs[url]))))
        (author,) = truth.attributes[url]["author"]
        (subject,) = truth.attributes[url]["subject"]
        assert f"author {author} " in text, url
        assert subject in text, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
async def test_visual_ssup_loads_the_tags_logs_by_yield(gitweb: LabServer) -> None:
    # The tag names on the shortlog's commit rows are a role-mate list of the branch's tags,
    # their links of the log's URL template (template mates). Kept before the best group (the
    # summary's newest refs), an old tag's log came first among the logs loaded by yield and
    # showed commits the master's first page does not: every tag's log was loaded and its
    # commits' other views taken (F1 0.296, 2,203 pages found for 382 commits).
    from siteseer.algorithms import ssup
    from siteseer.crawler import Session, SessionConfig
    from siteseer.lab import set_scores

    truth = gitweb.truth(APP)
    async with Session(SessionConfig(render="auto")) as session:
        found = await ssup(session, truth.seed_entity, visual=True)
    scores = set_scores(found.entities, truth.target_entities)
    assert scores.f1 >= 0.95, scores  # measured 0.974
    pages = sum(len(level) for level in found.index_pages)
    assert pages < 20, found.index_pages  # measured 8: the tags' logs stopped by yield
