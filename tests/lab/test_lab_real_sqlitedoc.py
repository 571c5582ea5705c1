"""real-sqlitedoc: SQLite's documentation site by its own generator (Debian's sqlite3-doc).

The fast test reads a function list written here (nothing installed). The slow one installs the
application (one Debian package downloaded and unpacked: seconds) and serves it: the truth, from
the function list the generator wrote, is held against the list as served and against the
declarations each function page shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from urllib.robotparser import RobotFileParser

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.sqlitedoc import FUNCLIST, SEED, SqliteDocApp, read_function_list
from siteseer.lab.server import LabServer, running_lab

APP = "real-sqlitedoc"


def test_the_function_list_groups_its_functions_by_page_and_leaves_out_struck_ones() -> None:
    html = (
        "<li><a href='../c3ref/aggregate_context.html'>sqlite3_aggregate_context</a></li>\n"
        "<li><s>sqlite3_aggregate_count</s></li>\n"
        "<li><a href='../c3ref/backup_finish.html#sqlite3backupfinish'>sqlite3_backup_finish"
        "</a></li>\n"
        "<li><a href='../c3ref/backup_finish.html#sqlite3backupinit'>sqlite3_backup_init</a>"
        "</li>\n<li><a href='../c3ref/bind_blob.html'>sqlite3_bind_blob</a></li>\n"
        "<li><a href='../c3ref/bind_blob.html'>sqlite3_bind_blob</a></li>\n"
        "<li><a href='../c3ref/experimental.html'>experimental</a> functions</li>\n"
    )
    assert read_function_list(html) == {
        "c3ref/aggregate_context.html": ("sqlite3_aggregate_context",),
        "c3ref/backup_finish.html": ("sqlite3_backup_finish", "sqlite3_backup_init"),
        "c3ref/bind_blob.html": ("sqlite3_bind_blob",),
    }


@pytest.fixture(scope="module")
def site() -> Iterator[LabServer]:
    SqliteDocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_function_list_links_every_function_page_which_declares_its_functions(
    site: LabServer,
) -> None:
    truth = site.truth(APP)
    ((index,),) = truth.index_levels
    assert index == f"{truth.base_url}/{FUNCLIST}"
    assert truth.seed_entity == f"{truth.base_url}/{SEED}"
    assert len(truth.target_entities) > 100
    robots = RobotFileParser()
    robots.parse(get_text(f"{truth.base_url}/robots.txt").splitlines())
    assert all(robots.can_fetch("*", u) for u in [index, *truth.target_entities])
    listed = page_links(index, r"<li><a href='(\.\./c3ref/[^'#]+)")
    assert list(dict.fromkeys(listed)) == list(truth.target_entities)
    assert set(truth.attributes[truth.seed_entity]["function"]) >= {"sqlite3_open_v2"}
    for url in [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 10]]:
        html = get_text(url)
        assert "SQLite C Interface" in html, url
        declared = unescape(
            re.sub(r"<[^>]+>", "", " ".join(re.findall(r"<pre>(.*?)</pre>", html, re.S)))
        )
        for name in truth.attributes[url]["function"]:
            assert re.search(rf"\b{name}\b", declared), (url, name)
