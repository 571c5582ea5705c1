"""real-fossil: Fossil (Debian) serving a repository imported from dpkg's upload history.

The fast tests hold the truth's loaders (nothing installed): the timeline's pages from the
check-ins' dates, the check-in rows. The slow ones install the application (the Debian packages if
missing, then the git repository and its import: seconds) and serve it: the truth, from Fossil's
own tables, is held against the timeline's pages, page by page through their "More" links, and
against check-in pages.
"""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from html import unescape

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.fossil import LINK_DIGITS, PAGE, FossilApp, checkins, timeline_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-fossil"
CHECKIN = re.compile(r'href="(/info/[0-9a-f]+)"')
MORE = re.compile(r'href="(/timeline\?b=[^"&]+)"')


def test_timeline_pages_start_where_the_last_page_ended() -> None:
    dates = [f"2023-01-01 00:00:{n:02d}" for n in range(2 * PAGE)][::-1]  # 100, newest first
    pages = timeline_pages("http://h", dates)
    # entries 0-49, then 49-98 (the 50th again first), then 98-99
    raw = ["/timeline", f"/timeline?b={dates[PAGE - 1]}", f"/timeline?b={dates[2 * PAGE - 2]}"]
    assert pages == tuple(canonical_url("http://h" + r.replace(" ", "+")) for r in raw)
    # a page links "More" only when an entry is left after it
    assert timeline_pages("http://h", dates[:PAGE]) == (canonical_url("http://h/timeline"),)
    assert len(timeline_pages("http://h", dates[: PAGE + 1])) == 2


def test_checkins_keep_the_rows_order_as_text() -> None:
    rows = [("ab" * 32, "2023-05-11 02:04:01", "guillem@debian.org", "dpkg (1.21.22)")]
    assert checkins(rows) == [("ab" * 32, "2023-05-11 02:04:01", "guillem@debian.org",
                               "dpkg (1.21.22)")]  # fmt: skip


@pytest.fixture(scope="module")
def fossil() -> Iterator[LabServer]:
    FossilApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_timeline_pages_list_every_checkin_and_link_the_next(fossil: LabServer) -> None:
    truth = fossil.truth(APP)
    (level,) = truth.index_levels
    b = truth.base_url
    checkins_ = truth.entities["checkin"]
    assert len(checkins_) == 382
    listed: list[str] = []
    at: str | None = b + "/"  # redirects to the timeline, the home page
    pages = []
    while at is not None:
        with urllib.request.urlopen(at, timeout=60) as response:
            pages.append(canonical_url(response.url))
            page = response.read().decode("utf-8")
        found = list(dict.fromkeys(b + h for h in CHECKIN.findall(page)))
        assert 0 < len(found) <= PAGE, at
        assert all(len(u.rsplit("/", 1)[1]) == LINK_DIGITS for u in found)
        listed += [u for u in found if u not in listed]
        more = MORE.findall(page)
        at = b + unescape(more[-1]) if more and b + unescape(more[-1]) != at else None
    assert pages == list(level)
    assert listed == list(checkins_)  # newest first
    assert listed[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_checkin_pages_show_the_truths_user_and_comment(fossil: LabServer) -> None:
    truth = fossil.truth(APP)
    for url in (truth.seed_entity, truth.entities["checkin"][-1]):
        text = re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", get_text(url))))
        (user,) = truth.attributes[url]["user"]
        (comment,) = truth.attributes[url]["comment"]
        assert f"{user} on" in text, url
        assert re.sub(r"\s+", " ", comment).split(" * ")[0].strip() in text, url
