"""real-mhonarc: MHonArc's archive of binutils' Debian uploads mailed as patches.

The fast tests cut commits into yearly series, read MHonArc's database and name the date
index's pages (nothing installed). The slow ones install the application (the Debian packages
if missing, then the repository, its patch mails and the archive: seconds) and serve it: the
truth, from MHonArc's database, is held against the date index's pages, page by page through
their "Next Page" links, against the thread index, and against the message pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.mhonarc import PAGE, MhonarcApp, date_pages, read_database, year_runs
from siteseer.lab.server import LabServer, running_lab

APP = "real-mhonarc"
MESSAGE = re.compile(r'<a name="\d+" href="(msg\d{5}\.html)">')
NEXT_PAGE = re.compile(r'<a href="([^"]+)">Next Page</a>')


def test_commits_are_cut_into_one_series_a_year() -> None:
    commits = [("a", "1996"), ("b", "1996"), ("c", "1997"), ("d", "1999"), ("e", "1999")]
    assert year_runs(commits) == [["a", "b"], ["c"], ["d", "e"]]
    assert year_runs([]) == []


def test_the_database_is_read_as_perl_hashes_keyed_by_message(tmp_path: Path) -> None:
    db = tmp_path / ".mhonarc.db"
    db.write_text(
        "$DbVERSION='2.6.19+';\n%Subject=(\n'851973025\x1c0','[PATCH 1/2] it\\'s (2.7-4)',\n"
        "'859574758\x1c1','two',\n);\n%IndexNum=(\n'851973025\x1c0','0',\n);\n@TListOrder=(\n"
        "'859574758\x1c1',\n);\n",
        encoding="utf-8",
    )
    hashes = read_database(db)
    assert hashes["Subject"] == {
        "851973025\x1c0": "[PATCH 1/2] it's (2.7-4)",
        "859574758\x1c1": "two",
    }
    assert hashes["IndexNum"] == {"851973025\x1c0": "0"}


def test_the_date_index_pages_are_maillist_then_mail2() -> None:
    assert date_pages("http://h", 2 * PAGE + 1) == (
        "http://h/maillist.html", "http://h/mail2.html", "http://h/mail3.html",
    )  # fmt: skip
    assert date_pages("http://h", PAGE) == ("http://h/maillist.html",)


@pytest.fixture(scope="module")
def archive() -> Iterator[LabServer]:
    MhonarcApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_date_index_lists_every_message_in_order_and_links_the_next_page(
    archive: LabServer,
) -> None:
    truth = archive.truth(APP)
    (level,) = truth.index_levels
    messages = truth.entities["message"]
    assert len(messages) > 600
    home = get_text(truth.base_url + "/")
    assert 'href="maillist.html"' in home and 'href="threads.html"' in home
    listed: list[str] = []
    pages = []
    at: str | None = level[0]
    while at is not None:
        page = get_text(at)
        pages.append(at)
        found = [f"{truth.base_url}/{h}" for h in MESSAGE.findall(page)]
        assert 0 < len(found) <= PAGE, at
        listed += found
        more = NEXT_PAGE.search(page)
        at = f"{truth.base_url}/{unescape(more.group(1))}" if more else None
    assert pages == list(level)
    assert listed == list(messages)
    assert listed[0] == truth.seed_entity == truth.seed_path[1]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_thread_index_and_the_message_pages_agree_with_the_truth(archive: LabServer) -> None:
    truth = archive.truth(APP)
    b = truth.base_url
    threads = [u for u, t in truth.templates.items() if t == "thread index"]
    threaded = [f"{b}/{h}" for u in threads for h in MESSAGE.findall(get_text(u))]
    assert sorted(threaded) == sorted(truth.entities["message"])
    for url in truth.entities["message"][::50]:
        text = unescape(get_text(url))
        (author,) = truth.attributes[url]["author"]
        (subject,) = truth.attributes[url]["subject"]
        assert f"<h1>{subject}</h1>" in text, url
        sender = re.search(r"<li><em>From</em>: (.*)</li>", text)
        assert sender is not None and author in sender.group(1), url
        assert re.search(r"\[PATCH \d+/\d+\] binutils \(", subject), subject
