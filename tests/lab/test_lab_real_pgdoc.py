"""real-pgdoc: PostgreSQL 15's manual, DocBook chunked by DocBook XSL (Debian's package).

The fast test reads the reference entries of a small chunked manual written here (nothing
installed). The slow one installs the application (one Debian package downloaded and unpacked:
seconds) and serves it: the truth, from the Up links of the pages' headers, is held against the
chapter's table of contents and the entry pages as served; explore, from the home page, finds
the chapter past the contents' first chapters and lists every command page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text, page_links

from siteseer.algorithms import find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab.real.pgdoc import CHAPTER, SEED, PgDocApp, read_entries
from siteseer.lab.runners.exploration import run_explore
from siteseer.lab.server import LabServer, running_lab

APP = "real-pgdoc"


def _page(up: str, body: str) -> str:
    link = f'<a accesskey="u" href="{up}" title="Up">Up</a>' if up else ""
    return f'<html><body><div class="navheader">{link}</div>{body}</body></html>'


def _entry(heading: str) -> str:
    return f'<div class="refnamediv"><h2>X</h2><p>{heading}</p></div><pre>…</pre>'


def test_reference_entries_are_the_pages_whose_up_link_is_the_chapter(tmp_path: Path) -> None:
    pages = {
        "index.html": _page("", "<h1>Manual</h1>"),
        "sql-commands.html": _page("reference.html", "<h2>SQL Commands</h2>"),
        "sql-select.html": _page(
            "sql-commands.html", _entry("SELECT, TABLE, WITH — retrieve rows from a table")
        ),
        "sql-abort.html": _page(
            "sql-commands.html", _entry("ABORT — abort the current <em>transaction</em>")
        ),
        "sql-syntax-lexical.html": _page("sql-syntax.html", "<h2>4.1. Lexical Structure</h2>"),
        "app-psql.html": _page("reference-client.html", _entry("psql — terminal")),
        "sql-notes.html": _page("sql-commands.html", "<h2>Notes</h2>"),
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert read_entries(tmp_path) == {
        "sql-abort.html": {"command": ("ABORT",), "purpose": ("abort the current transaction",)},
        "sql-select.html": {
            "command": ("SELECT", "TABLE", "WITH"),
            "purpose": ("retrieve rows from a table",),
        },
    }


@pytest.fixture(scope="module")
def manual() -> Iterator[LabServer]:
    PgDocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_chapter_lists_every_command_page_headed_as_the_truth_says(
    manual: LabServer,
) -> None:
    truth = manual.truth(APP)
    ((chapter,),) = truth.index_levels
    assert chapter == f"{truth.base_url}/{CHAPTER}"
    assert truth.seed_entity == f"{truth.base_url}/{SEED}"
    assert len(truth.target_entities) > 150
    listed = page_links(chapter, r'<span class="refentrytitle"><a href="([^"#]+)"')
    assert sorted(listed) == sorted(truth.target_entities)
    assert truth.attributes[truth.seed_entity]["command"] == ("SELECT", "TABLE", "WITH")
    toc = get_text(chapter)
    for url in [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 10]]:
        html = get_text(url)
        assert chapter in page_links(url, r'<a accesskey="u" href="([^"#]+)"'), url
        title = re.search(r'<span class="refentrytitle">(.*?)</span>', html)
        assert title is not None, url
        assert unescape(title.group(1)) in truth.attributes[url]["command"], url
        (purpose,) = truth.attributes[url]["purpose"]
        assert f"— {purpose}" in " ".join(unescape(re.sub(r"<[^>]+>", "", toc)).split()), url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_explore_finds_the_chapter_named_as_its_commands_and_lists_them(
    manual: LabServer,
) -> None:
    truth = manual.truth(APP)
    async with Session(SessionConfig(render="auto", cache=None)) as session:
        entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
        # the home page's contents link the chapter after more pages than are loaded; its
        # "Prev" link leads to the part above it, no rest of its list
        assert entry.found and entry.url == f"{truth.base_url}/{CHAPTER}"
        run = await run_explore(session, truth)
    assert run.extra["entity_recall"] == 1.0 and run.extra["entity_precision"] == 1.0, run.extra
