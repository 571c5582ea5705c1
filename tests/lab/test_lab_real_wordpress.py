"""real-wordpress: WordPress (Debian) on a private MariaDB, Debian's uploads as posts.

The fast tests are offline: the client's batch output read back, the posts' records written
from changelog entries parsed here (one date each), and the truth's reading of the database's
rows. The module fixture installs the application once (Debian's packages, MariaDB's data
directory, WordPress's installer and the posts; nothing the second time) and serves it; the
slow tests hold the truth, read from WordPress's database, against the pages WordPress serves:
the home list through its numbered pager, and each category's and tag's archive.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.changelogs import parse_changelog
from siteseer.lab.real.mariadb import parse_batch
from siteseer.lab.real.wordpress import PAGE_SIZE, WordPressApp, post_records, read_posts
from siteseer.lab.server import LabServer, running_lab

APP = "real-wordpress"
TITLE = re.compile(r'<h2 class="entry-title[^"]*"><a href="([^"]+)">')
NEXT = re.compile(r'<a class="next page-numbers" href="([^"]+)"')
TERM = r'<a href="([^"]*/{}/[^"/]+/)"[^>]*>([^<]+)</a>'

CHANGELOG = """\
demo (1:1.1-1) unstable; urgency=high

  * A <b>bold</b> change.

 -- Ada Lovelace <ada@example.org>  Sun, 01 Jan 2023 01:00:00 +0100

demo (1.0-1) unstable experimental; urgency=low

  * Initial release.

 -- Ada Lovelace <ada@example.org>  Sun, 01 Jan 2023 00:00:00 +0000
"""


def test_the_clients_batch_output_reads_back() -> None:
    text = "1\tdpkg\\t1.21\tNULL\n2\ta\\\\b\\nc\t\n"
    assert parse_batch(text) == [("1", "dpkg\t1.21", None), ("2", "a\\b\nc", "")]


def test_records_have_one_date_each_and_escaped_changes() -> None:
    newer, older = parse_changelog(CHANGELOG)
    first, second = post_records([newer, older])
    # both uploads are at midnight UTC: the second one is moved a second later
    assert (first["date"], second["date"]) == ("2023-01-01 00:00:00", "2023-01-01 00:00:01")
    assert "&lt;b&gt;bold&lt;/b&gt;" in str(first["content"])
    assert second["tags"] == ["unstable", "experimental", "urgency low"]
    assert (first["category"], first["author"], first["email"]) == (
        "demo", "Ada Lovelace", "ada@example.org")  # fmt: skip


def test_the_truth_reads_posts_at_their_permalinks_with_their_terms() -> None:
    posts = [("7", "demo-11-1", "2023-01-01 00:00:00", "demo 1:1.1-1", "Ada Lovelace"),
             ("8", "demo-1-0-1", "2022-12-31 23:00:00", "demo 1.0-1", "Ada Lovelace")]  # fmt: skip
    terms = [("7", "category", "demo"), ("7", "post_tag", "unstable"),
             ("7", "post_tag", "urgency high")]  # fmt: skip
    first, second = read_posts(posts, terms)
    assert first.path == "/2023/01/01/demo-11-1/" and second.path == "/2022/12/31/demo-1-0-1/"
    assert (first.category, first.tags) == (("demo",), ("unstable", "urgency high"))
    assert (second.category, second.tags, second.author) == ((), (), "Ada Lovelace")


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_a_serve_stopped_leaves_the_database_to_the_other_serve() -> None:
    """Two serves of the blog at once share one MariaDB: stopping the one that started it
    leaves the other its database, and stopping the last stops the database. (Runs before the
    module's own serve starts.)"""
    app = WordPressApp("small")
    app.install(lambda line: None)
    first = await app.start()
    second = await app.start()
    try:
        await first.stop()
        assert TITLE.findall(await asyncio.to_thread(get_text, second.url + "/"))
    finally:
        await second.stop()
    for _ in range(120):  # the keeper stops the database once no serve holds it
        if not app.db.answers():
            break
        await asyncio.sleep(0.5)
    assert not app.db.answers()


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    WordPressApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _paged(url: str) -> tuple[list[str], list[str]]:
    """A list and its following pages (by their "Next" links): the pages, the posts listed."""
    pages, posts = [], []
    at: str | None = url
    while at is not None:
        html = get_text(at)
        pages.append(at)
        found = [urljoin(at, h) for h in TITLE.findall(html)]
        assert 0 < len(found) <= PAGE_SIZE, at
        posts += found
        more = NEXT.search(html)
        at = urljoin(at, unescape(more.group(1))) if more else None
    return pages, posts


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_home_list_holds_every_post_once_on_the_truths_pages(blog: LabServer) -> None:
    truth = blog.truth(APP)
    (level,) = truth.index_levels
    pages, posts = _paged(level[0])
    assert len(truth.target_entities) == 182  # the newest 20 uploads of each package at most
    assert pages == list(level)
    assert posts == list(truth.target_entities)  # newest first, as the truth orders them
    assert truth.seed_path == (level[0], truth.seed_entity) and posts[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_category_and_tag_archives_list_each_terms_posts(blog: LabServer) -> None:
    truth = blog.truth(APP)
    post = get_text(truth.seed_entity)
    wanted = {q.conditions[0]: set(q.entities) for q in truth.queries}
    served = {}
    categories = set(re.findall(TERM.format("category"), post))  # the footer's widget
    tags = {
        (path, name)
        for url in truth.target_entities[::PAGE_SIZE]
        for path, name in re.findall(TERM.format("tag"), get_text(url))
    }
    for facet, links in (("category", categories), ("tags", tags)):
        for path, name in links:
            served[(facet, unescape(name).strip())] = set(_paged(path)[1])
    assert {c for c in served if c[0] == "category"} == {c for c in wanted if c[0] == "category"}
    assert all(served[c] == wanted[c] for c in served)
    assert {"php8.2", "mariadb", "wordpress"} <= set(truth.facet_values["category"])
