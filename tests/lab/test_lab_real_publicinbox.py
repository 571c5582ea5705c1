"""real-publicinbox: public-inbox's web interface over binutils' Debian uploads mailed as patches.

The fast tests escape Message-IDs, chain the inbox's pages and find threads' roots (nothing
installed), and read a git store of two mails built here. The slow ones install the application
(the Debian packages if missing, then the repository, its patch mails and the inbox: about two
minutes) and serve it: the truth, from the inbox's git store and overview database, is held
against the inbox's pages followed by their "next (older)" links, the thread pages and the
message pages.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.publicinbox import (
    PAGE,
    PublicInboxApp,
    inbox_pages,
    mid_path,
    read_mails,
    thread_roots,
)
from siteseer.lab.server import LabServer, running_lab

APP = "real-publicinbox"
NEXT = re.compile(r'<a\nhref="(\?t=\d{14})"\nrel=next>next \(older\)</a>')
THREAD = re.compile(r'<a\nhref="([^"]+/T/)#[tu]">')
PERMALINK = re.compile(r'<a\nhref="\.\./\.\./([^"]+/)">permalink</a>')


def test_message_ids_are_escaped_as_public_inbox_does() -> None:
    assert mid_path("abc.123.git.lab@localhost") == "abc.123.git.lab@localhost"
    assert mid_path("a/b c%d") == "a%2Fb%20c%25d"


def test_the_inbox_pages_chain_on_the_last_messages_date() -> None:
    times = list(range(1000, 1000 + 450))  # one message a second
    # first page: 1449 … 1250; next up to 1250 (itself again) … 1051; then 1051 … 1000 (< 200)
    assert inbox_pages(times, 200) == ["", "?t=19700101002050", "?t=19700101001731"]
    assert inbox_pages(times[:199], 200) == [""]
    assert inbox_pages([5] * 300, 200) == ["", "?t=19700101000005"]  # no endless pager


def test_threads_are_rooted_at_the_first_ancestor_in_the_inbox() -> None:
    mails = [
        ("a", "", "X", "one"),
        ("b", "a", "X", "two"),
        ("c", "b", "X", "three"),
        ("d", "elsewhere", "Y", "orphan"),
    ]
    assert thread_roots(mails) == {"a": "a", "b": "a", "c": "a", "d": "d"}


def test_mails_are_read_from_the_git_store(tmp_path: Path) -> None:
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    for n, head in enumerate(
        (
            "From: Matthias Klose <doko@debian.org>\nSubject: [PATCH 1/2] binutils\n"
            "Message-ID: <one@x>\n",
            "From: =?UTF-8?Q?Ren=C3=A9?= <r@x>\nSubject: [PATCH 2/2]\n binutils (2.40)\n"
            "Message-ID: <two@x>\nIn-Reply-To: <one@x>\n",
        )
    ):
        (tmp_path / "m").write_text(f"{head}\nbody {n}\n", encoding="utf-8")
        subprocess.run([*git, "add", "m"], check=True)
        subprocess.run([*git, "commit", "-qm", str(n)], check=True)
    assert read_mails(tmp_path / ".git") == [
        ("one@x", "", "Matthias Klose", "[PATCH 1/2] binutils"),
        ("two@x", "one@x", "René", "[PATCH 2/2] binutils (2.40)"),
    ]


@pytest.fixture(scope="module")
def inbox() -> Iterator[LabServer]:
    PublicInboxApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_inbox_pages_link_every_thread_of_the_truth(inbox: LabServer) -> None:
    truth = inbox.truth(APP)
    pages, threads = truth.index_levels
    assert 'href="/binutils/"' in get_text(truth.base_url + "/")  # the inboxes' listing
    walked, linked = [pages[0]], set()
    while True:
        text = get_text(walked[-1])
        linked |= {pages[0] + unescape(t) for t in THREAD.findall(text)}
        nxt = NEXT.findall(text)
        if not nxt:
            break
        walked.append(pages[0] + nxt[0])
    assert walked == list(pages)
    assert len(pages) == 4  # 673 messages, 200 a page, each page from the last one's date
    assert linked >= set(threads)
    assert len(threads) > 20  # a series a year
    assert truth.seed_path == (pages[0], truth.seed_entity + "T/", truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_thread_pages_link_every_message_with_its_sender_and_subject(inbox: LabServer) -> None:
    truth = inbox.truth(APP)
    _, threads = truth.index_levels
    inbox_url = truth.index_levels[0][0]
    listed: list[str] = []
    for thread in threads:
        links = PERMALINK.findall(get_text(thread))  # twice each: the header, the overview
        listed.extend(dict.fromkeys(inbox_url + unescape(p) for p in links))
    assert sorted(listed) == sorted(truth.entities["message"])
    assert len(listed) == PAGE * 3 + 73
    for url in truth.entities["message"][::40]:
        text = unescape(get_text(url))
        (author,), (subject,) = truth.attributes[url]["author"], truth.attributes[url]["subject"]
        assert author in text.split("From: ", 1)[1].split("\n", 1)[0], url  # maybe quoted
        assert f"<title>{subject} - {author}</title>" in " ".join(text.split()), url
