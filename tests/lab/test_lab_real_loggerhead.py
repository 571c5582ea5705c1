"""real-loggerhead: Loggerhead (Debian) over Bazaar branches converted from Debian changelogs.

The fast tests hold the truth's loaders (nothing installed): the changes pages from the branch's
tip revno. The slow ones install the application (the Debian packages if missing, then the git
repositories and their Bazaar branches: a minute) and serve it: the truth, from Breezy's own
reading of the branches, is held against the changes pages, page by page through their "Older"
links, and against revision pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text

from siteseer.algorithms import find_list_page
from siteseer.crawler import Session, SessionConfig, canonical_url
from siteseer.lab.real.loggerhead import PAGE, TARGET, LoggerheadApp, changes_pages
from siteseer.lab.runners.exploration import run_explore
from siteseer.lab.server import LabServer, running_lab

APP = "real-loggerhead"
REVISION = re.compile(r'href="(/dpkg/revision/\d+)"')
OLDER = re.compile(r'href="(/dpkg/changes/\d+\?start_revid=\d+)">Older')


def test_changes_pages_step_back_a_page_from_the_tip() -> None:
    assert changes_pages("http://h", "dpkg", 2 * PAGE + 1) == (
        "http://h/dpkg/changes",
        f"http://h/dpkg/changes/{PAGE + 1}?start_revid={2 * PAGE + 1}",
        f"http://h/dpkg/changes/1?start_revid={2 * PAGE + 1}",
    )
    assert changes_pages("http://h", "dpkg", 2 * PAGE) == (
        "http://h/dpkg/changes",
        f"http://h/dpkg/changes/{PAGE}?start_revid={2 * PAGE}",
    )
    assert changes_pages("http://h", "dpkg", PAGE) == ("http://h/dpkg/changes",)


@pytest.fixture(scope="module")
def loggerhead() -> Iterator[LabServer]:
    LoggerheadApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_changes_pages_list_every_revision_once_and_link_the_next(
    loggerhead: LabServer,
) -> None:
    truth = loggerhead.truth(APP)
    (level,) = truth.index_levels
    b = truth.base_url
    revisions = truth.entities[TARGET]
    assert len(revisions) == 382 and len(truth.entities["debianutils"]) == 246
    assert 'href="dpkg/files"' in get_text(b + "/")  # the directory lists the branch
    listed: list[str] = []
    at: str | None = b + "/dpkg/changes"  # as every page's "Changes" link writes it
    pages = []
    while at is not None:
        page = get_text(at)
        pages.append(canonical_url(at))
        found = list(dict.fromkeys(b + h for h in REVISION.findall(page)))
        assert 0 < len(found) <= PAGE, at
        listed += found
        older = OLDER.search(page)
        at = b + unescape(older.group(1)) if older else None
    assert pages == list(level)
    assert listed == list(revisions)  # newest first, as the mainline runs
    assert listed[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_revision_pages_show_the_truths_committer_and_subject(loggerhead: LabServer) -> None:
    truth = loggerhead.truth(APP)
    for url in (truth.seed_entity, truth.entities[TARGET][-1]):
        text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", get_text(url))))
        (committer,) = truth.attributes[url]["committer"]
        (subject,) = truth.attributes[url]["subject"]
        assert committer.split(" <")[0] in text, url
        assert subject in text, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_explore_finds_the_log_above_the_sample_and_lists_every_revision(
    loggerhead: LabServer,
) -> None:
    truth = loggerhead.truth(APP)
    async with Session(SessionConfig(render="auto", cache=None)) as session:
        entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
        # the directory links each branch's files, never its log: the sample's folder
        # (/dpkg/, redirected to /dpkg/changes) is the list
        assert entry.found and entry.url == truth.base_url + "/dpkg/"
        run = await run_explore(session, truth)
    assert run.extra["entity_recall"] == 1.0 and run.extra["entity_precision"] == 1.0, run.extra
