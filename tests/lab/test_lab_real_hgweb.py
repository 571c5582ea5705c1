"""real-hgweb: Mercurial's hgweb (Debian) over repositories converted from Debian changelogs.

The fast tests hold the truth's loaders (nothing installed): the shortlog's pages from the
changesets' nodes, `hg log`'s lines. The slow ones install the application (the Debian packages if
missing, then the git repositories and their conversion: a minute) and serve it: the truth, from
`hg log`, is held against the shortlog's pages, page by page through their "-60" links, and
against changeset pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.hgweb import (
    PAGE,
    TARGET,
    HgwebApp,
    changesets,
    shortlog_pages,
    widening_pages,
)
from siteseer.lab.server import LabServer, running_lab

APP = "real-hgweb"
MORE = re.compile(r'href="(/dpkg/shortlog/tip\?revcount=\d+)">more<')
CHANGESET = re.compile(r'href="(/dpkg/rev/[0-9a-f]{12})"')
OLDER = re.compile(rf'href="(/dpkg/shortlog/[0-9a-f]{{12}})">-{PAGE}<')


def test_shortlog_pages_step_back_a_page_from_the_tip() -> None:
    nodes = [f"{n:012x}" for n in range(2 * PAGE + 1)][::-1]  # 121 changesets, newest first
    assert shortlog_pages("http://h", "dpkg", nodes) == (
        "http://h/dpkg/shortlog/tip",
        f"http://h/dpkg/shortlog/{nodes[PAGE]}",
        f"http://h/dpkg/shortlog/{nodes[2 * PAGE]}",
    )
    assert shortlog_pages("http://h", "dpkg", nodes[:PAGE]) == ("http://h/dpkg/shortlog/tip",)


def test_the_more_links_double_the_page_size_until_one_page_shows_all() -> None:
    first = "http://h/dpkg/shortlog/tip"
    assert widening_pages("http://h", "dpkg", 382) == (
        first,
        f"{first}?revcount=120",
        f"{first}?revcount=240",
        f"{first}?revcount=480",
    )
    assert widening_pages("http://h", "dpkg", PAGE) == (first,)


def test_changesets_split_hg_logs_lines() -> None:
    log = "e8d4abae9ac2\0Guillem Jover <guillem@debian.org>\0dpkg (1.21.22) unstable\n"
    assert changesets(log) == [
        ("e8d4abae9ac2", "Guillem Jover <guillem@debian.org>", "dpkg (1.21.22) unstable")
    ]


@pytest.fixture(scope="module")
def hgweb() -> Iterator[LabServer]:
    HgwebApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_shortlog_pages_list_every_changeset_once_and_link_the_next(hgweb: LabServer) -> None:
    truth = hgweb.truth(APP)
    (level,) = truth.index_levels
    b = truth.base_url
    revs = truth.entities[TARGET]
    assert len(revs) == 382 and len(truth.entities["debianutils"]) == 246
    assert 'href="/dpkg/"' in get_text(b + "/")  # the index lists the repository
    listed: list[str] = []
    at: str | None = b + "/dpkg/shortlog/tip"  # as every page's "tip" link writes it
    pages = []
    while at is not None:
        page = get_text(at)
        pages.append(canonical_url(at))
        found = list(dict.fromkeys(b + h for h in CHANGESET.findall(page)))
        assert 0 < len(found) <= PAGE, at
        listed += found
        older = OLDER.search(page)
        at = b + unescape(older.group(1)) if older else None
    assert pages == list(shortlog_pages(b, TARGET, [r.rsplit("/", 1)[-1] for r in revs]))
    assert listed == list(revs)  # newest first, as hg log walks them
    assert listed[0] == truth.seed_entity
    # The level is the "more" links' chain: each page's "more" link is the next, the last
    # shows every changeset.
    chain, at = [], b + "/dpkg/shortlog/tip"
    while True:
        chain.append(canonical_url(at))
        page = get_text(at)
        if set(CHANGESET.findall(page)) >= {r.removeprefix(b) for r in revs}:
            break
        at = b + unescape(MORE.search(page).group(1))  # type: ignore[union-attr]
    assert chain == list(level) and len(level) < len(pages)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_changeset_pages_show_the_truths_author_and_subject(hgweb: LabServer) -> None:
    truth = hgweb.truth(APP)
    for url in (truth.seed_entity, truth.entities[TARGET][-1]):
        text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", get_text(url))))
        (author,) = truth.attributes[url]["author"]
        (subject,) = truth.attributes[url]["subject"]
        assert author in text, url
        assert subject in text, url
