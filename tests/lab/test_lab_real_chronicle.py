"""real-chronicle: a Chronicle blog of Debian uploads, with tags and month archives.

The fast tests write an upload as a Chronicle entry and read it back (nothing installed). The
slow ones install the application (Debian's chronicle, the entries written from the installed
changelogs and compiled once: a few minutes) and serve it: the truth, from the entry files, is
held against the month pages and the entries' pages Chronicle wrote.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.lab.real.changelogs import Upload
from siteseer.lab.real.chronicle import ChronicleApp, entry_text, read_entries
from siteseer.lab.server import LabServer, running_lab

APP = "real-chronicle"


def upload(version: str, hour: int, dists: tuple[str, ...] = ("unstable",)) -> Upload:
    return Upload(
        package="dpkg",
        version=version,
        distributions=dists,
        urgency="medium",
        author="Guillem Jover",
        email="guillem@debian.org",
        date=datetime(2023, 6, 1, hour, 4, 1, tzinfo=timezone(timedelta(hours=2))),
        changes="* Fix <tags> & more.",
    )


def test_an_upload_is_an_entry_dated_in_utc_tagged_by_package_and_distribution(
    tmp_path: Path,
) -> None:
    text = entry_text(upload("1.21.22", 1, ("unstable", "experimental")))
    assert text.startswith(
        "Title: dpkg 1.21.22\nDate: 31 May 2023 23:04:01\nTags: dpkg, unstable, experimental\n\n"
    )
    assert "<pre>* Fix &lt;tags&gt; &amp; more.</pre>" in text
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "b.txt").write_text(entry_text(upload("1:2.0+b1", 9)), encoding="utf-8")
    newest, older = read_entries(tmp_path)
    assert newest.title == "dpkg 1:2.0+b1" and newest.path == "/dpkg_1_2_0_b1.html"
    assert newest.month == "/archive/2023/06/" and newest.package == "dpkg"
    assert older.month == "/archive/2023/05/"
    assert older.tags == ("dpkg", "unstable", "experimental")
    assert older.date == datetime(2023, 5, 31, 23, 4, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    ChronicleApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_every_entry_is_on_its_months_page_listed_in_the_sidebar(blog: LabServer) -> None:
    truth = blog.truth(APP)
    assert len(truth.target_entities) == len(set(truth.target_entities)) == 132
    ((*months,),) = truth.index_levels
    assert [u for u in page_links(truth.base_url + "/") if "/archive/" in u] == months
    found: list[str] = []
    for month in months:
        found += [u for u in dict.fromkeys(page_links(month)) if u.endswith(".html")]
    assert sorted(found) == sorted(truth.target_entities)
    assert truth.seed_path[0] in months and truth.seed_entity in page_links(truth.seed_path[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_an_entrys_page_shows_its_title_and_links_its_tags(blog: LabServer) -> None:
    truth = blog.truth(APP)
    for url in truth.target_entities[::13]:
        page = html_tree(get_text(url))
        title = re.sub(r"_", " ", url.rsplit("/", 1)[1].removesuffix(".html"))
        heading = " ".join(page.xpath("string(//title)").split())
        assert re.sub(r"[^a-z0-9]", " ", heading.lower()).endswith(title.lower()), (url, heading)
        tags = {u.rstrip("/").rsplit("/", 1)[1] for u in page_links(url) if "/tags/" in u}
        assert set(truth.attributes[url]["tags"]) <= tags, url
