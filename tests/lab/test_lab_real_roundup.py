"""real-roundup served for real: a Roundup tracker holding Roundup's changelog, in its own venv.

The module fixture installs the application once (a venv under .lab-real/ filled from PyPI, then
the small tracker loaded from the changelog of roundup's sdist) and serves it. The tests hold
the truth against the tracker's database and the pages roundup-server serves: the "Show Open"
list, page by page through its "next" links, and bug pages.
"""

from __future__ import annotations

import asyncio
import html
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.roundup import PAGE_SIZE, RoundupApp
from siteseer.lab.server import LabServer, running_lab

pytestmark = [pytest.mark.slow, pytest.mark.real_app("real-roundup"), pytest.mark.timeout(900)]

BUG = re.compile(r'href="(bug\d+)"')
NEXT = re.compile(r'href="([^"]*)"[^>]*>next &gt;&gt;')


@pytest.fixture(scope="module")
def roundup() -> Iterator[LabServer]:
    RoundupApp("small").install(lambda line: None)
    with running_lab(["real-roundup"], "small") as server:
        yield server


def _db(sql: str) -> list[tuple[object, ...]]:
    db = RoundupApp("small").data_file / "db" / "db"
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as connection:
        return list(connection.execute(sql))


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def test_show_open_pages_hold_every_bug_and_link_the_next(roundup: LabServer) -> None:
    truth = roundup.truth("real-roundup")
    (level,) = truth.index_levels
    tracker = truth.base_url + "/roundup/"
    (count,) = _db("SELECT count(*) FROM _bug WHERE __retired__ = 0")[0]
    assert count == len(truth.target_entities) == 1000
    assert len(level) == -(-1000 // PAGE_SIZE)
    menu = get_text(truth.seed_entity)  # every page's menu links the list's first page
    assert level[0] in {canonical_url(html.unescape(u), tracker) for u in re.findall(
        r'href="([^"]*)"[^>]*>\s*Show Open', menu)}  # fmt: skip
    listed: list[str] = []
    for n, url in enumerate(level):
        page = get_text(url)
        bugs = [tracker + b for b in BUG.findall(page)]
        assert len(bugs) == min(PAGE_SIZE, count - n * PAGE_SIZE)
        listed += bugs
        follow = [canonical_url(html.unescape(u), tracker) for u in NEXT.findall(page)]
        assert follow == list(level[n + 1 : n + 2])  # "next" leads to the truth's next page
    assert sorted(listed) == sorted(truth.target_entities)
    assert listed[0] == truth.seed_entity


def test_bug_pages_show_the_truths_title_version_and_type(roundup: LabServer) -> None:
    truth = roundup.truth("real-roundup")
    bugs = truth.target_entities
    for url in (truth.seed_entity, bugs[0], bugs[len(bugs) // 2]):
        text = _text(get_text(url))
        attributes = truth.attributes[url]
        (title,) = attributes["title"]
        assert f"Title: {title} " in text, url
        # the page writes "Versions : 2.6.0" and "Type : rfe"
        assert f"Versions : {' '.join(attributes['versions'])} " in text, url
        for kind in attributes.get("type", ()):
            assert f"Type : {kind} " in text, url
        bug = int(url.rsplit("bug", 1)[1])
        ((stored,),) = _db(f"SELECT _title FROM _bug WHERE id = {bug}")
        assert stored == title


def test_the_first_message_is_the_changelog_entry(roundup: LabServer) -> None:
    truth = roundup.truth("real-roundup")
    page = get_text(truth.seed_entity)
    (message,) = re.findall(r'href="(msg\d+)"', page)
    assert truth.base_url + "/roundup/" + message in truth.entities["msg"]
    (title,) = truth.attributes[truth.seed_entity]["title"]
    assert title.removesuffix("…") in _text(get_text(truth.base_url + "/roundup/" + message))


async def test_two_serves_at_once_each_give_their_own_address(roundup: LabServer) -> None:
    """Two serves of the tracker on two ports (two benches at once, beside the module's): each
    writes its pages with its own address, and the installed tracker's config.ini is left as
    it was."""
    app = RoundupApp("small")
    config = (app.data_file / "config.ini").read_bytes()
    first, second = await asyncio.gather(app.start(), app.start())
    try:
        for running, other in ((first, second), (second, first)):
            page = await asyncio.to_thread(get_text, running.url + "/roundup/")
            assert f"{running.url}/roundup/" in page
            assert f"{other.url}/roundup/" not in page
    finally:
        await first.stop()
        await second.stop()
    assert (app.data_file / "config.ini").read_bytes() == config
