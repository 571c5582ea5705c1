"""real-trac: Trac (PyPI) holding the changes of Debian changelogs as tickets.

The fast tests read a hand-made changelog into tickets (nothing installed). The slow ones
install the application (a venv from PyPI, then the small environment: seconds) and serve it
with tracd: the truth is held against the environment's database and report 1's pages, page by
page through their pager, and ticket pages against the truth's attributes.
"""

from __future__ import annotations

import html
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing

import pytest
from lab_http import get_text

from siteseer.lab.real.changelogs import parse_changelog
from siteseer.lab.real.trac import PAGE_SIZE, TracApp, changes, report_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-trac"
TICKET = re.compile(r'href="(/ticket/\d+)"')
NEXT = re.compile(r'<link rel="next"\s+href="([^"]+)"')

CHANGELOG = """\
demo (1.1-1) unstable; urgency=high

  [ Ada Lovelace ]
  * Localization:
    - Update French translation.
      Thanks to a translator. Closes: #1001
    - Update Dutch translation.
  * Rewrite the parser. It was slow.

  [ Alan Turing ]
  * Build for arm64.
    - add its triplet
    - fix its tests

 -- Grace Hopper <grace@example.org>  Sat, 14 Jan 2023 18:24:22 +0100

demo (1.0-1) unstable; urgency=low

  * Initial release.

 -- Grace Hopper <grace@example.org>  Tue, 10 Jan 2023 06:17:01 -0500
"""


def test_each_change_is_a_ticket_and_a_heading_over_sub_items_their_keywords() -> None:
    found = changes(parse_changelog(CHANGELOG))
    assert [c.summary for c in found] == [
        "Initial release",
        "Update French translation",
        "Update Dutch translation",
        "Rewrite the parser",
        "Build for arm64",
    ]
    initial, french, dutch, parser, build = found
    assert (initial.version, initial.priority, initial.type) == (
        "demo 1.0-1",
        "minor",
        "enhancement",
    )
    assert (french.keywords, french.type, french.priority) == ("Localization", "defect", "critical")
    assert french.description == "Update French translation.\nThanks to a translator. Closes: #1001"
    assert (french.owner, french.reporter) == ("Ada Lovelace", "Grace Hopper")
    assert (build.owner, build.keywords) == ("Alan Turing", "")
    assert build.description == "Build for arm64.\n- add its triplet\n- fix its tests"
    assert parser.description == "Rewrite the parser. It was slow."
    # an upload's changes a second apart, in the changelog's order
    assert [c.time[17:19] for c in (french, dutch, parser, build)] == ["22", "23", "24", "25"]
    assert {c.component for c in found} == {"demo"}


def test_report_pages_are_the_first_then_numbered_ones() -> None:
    assert report_pages("http://h", 250) == (
        "http://h/report/1", "http://h/report/1?page=2", "http://h/report/1?page=3"
    )  # fmt: skip
    assert report_pages("http://h", 0) == ("http://h/report/1",)


@pytest.fixture(scope="module")
def trac() -> Iterator[LabServer]:
    TracApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _db(sql: str) -> list[tuple[object, ...]]:
    db = TracApp("small").database
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute(sql))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_report_pages_list_every_ticket_once_and_link_the_next(trac: LabServer) -> None:
    truth = trac.truth(APP)
    (level,) = truth.index_levels
    (count,) = _db("SELECT count(*) FROM ticket WHERE status = 'new'")[0]
    assert count == len(truth.target_entities) == 1000
    assert len(level) == -(-count // PAGE_SIZE)
    listed: list[str] = []
    for n, url in enumerate(level):
        page = get_text(url)
        tickets = list(dict.fromkeys(truth.base_url + t for t in TICKET.findall(page)))
        assert len(tickets) == min(PAGE_SIZE, count - n * PAGE_SIZE), url
        listed += tickets
        follow = [truth.base_url + html.unescape(u) for u in NEXT.findall(page)]
        assert follow == list(level[n + 1 : n + 2])
    assert sorted(listed) == sorted(truth.target_entities)
    assert listed[0] == truth.seed_entity
    assert truth.seed_entity in {truth.base_url + t for t in TICKET.findall(get_text(level[0]))}


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_ticket_pages_show_the_truths_component_priority_and_type(trac: LabServer) -> None:
    truth = trac.truth(APP)
    tickets = truth.target_entities
    for url in (truth.seed_entity, tickets[0], tickets[-1]):
        text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", get_text(url))))
        attributes = truth.attributes[url]
        for field in ("component", "priority"):
            (value,) = attributes[field]
            assert f"{field.capitalize()}: {value} " in text, (url, field)
        number = int(url.rsplit("/", 1)[1])
        ((summary,),) = _db(f"SELECT summary FROM ticket WHERE id = {number}")
        # the heading: "#17 new defect <summary> Reported by: …"
        assert f"#{number} new {attributes['type'][0]} {summary} Reported by:" in text, url
    assert get_text(truth.entities["wiki"][0])
