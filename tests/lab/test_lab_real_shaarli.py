"""real-shaarli: Shaarli's bookmarks of Debian's base system, tagged with debtags.

The fast test reads a package index written here (nothing installed). The slow ones install the
application (Shaarli and PHP from Debian, the bookmarks added through Shaarli's own classes: under
a minute) and serve it: the truth, from Shaarli's datastore, is held against the list's pages,
the bookmarks' permalinks and the tag filters.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from urllib.parse import quote, unquote, urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.shaarli import PAGE, SEED, ShaarliApp, read_packages, shaarli_bookmarks
from siteseer.lab.server import LabServer, running_lab

APP = "real-shaarli"
INDEX = """Package: coreutils
Priority: required
Tag: implemented-in::c, interface::commandline,
 role::program
Homepage: http://gnu.org/software/coreutils
Description: GNU core utilities
 This package contains the basic file utilities.
 .
 Second paragraph.

Package: coreutils
Priority: required
Architecture: i386
Homepage: http://gnu.org/software/coreutils
Description: GNU core utilities

Package: bash
Priority: required
Tag: interface::shell
Homepage: http://tiswww.case.edu/php/chet/bash/bashtop.html
Description: GNU Bourne Again SHell

Package: bash-doc
Priority: standard
Tag: made-of::html
Homepage: http://tiswww.case.edu/php/chet/bash/bashtop.html
Description: Documentation for the GNU Bourne Again SHell

Package: emacs
Priority: optional
Homepage: https://www.gnu.org/software/emacs/
Description: GNU Emacs

Package: debconf-i18n
Priority: important
Description: full internationalization support for debconf
"""
PERMALINK = re.compile(r'href="(/shaare/[^"]+)"')
TAG = re.compile(r'href="/add-tag/([^"]+)"')


def test_a_bookmark_per_homepage_of_the_base_system_with_its_packages_tags() -> None:
    packages = read_packages(INDEX)
    assert [p["Package"] for p in packages][:2] == ["coreutils", "coreutils"]
    assert packages[0]["Tag"] == "implemented-in::c, interface::commandline,\n role::program"
    bookmarks = shaarli_bookmarks(packages)
    assert [(b["package"], b["url"], b["tags"]) for b in bookmarks] == [
        ("bash", "http://tiswww.case.edu/php/chet/bash/bashtop.html",
         ["interface::shell", "made-of::html"]),
        ("coreutils", "http://gnu.org/software/coreutils",
         ["implemented-in::c", "interface::commandline", "role::program"]),
    ]  # fmt: skip
    bash, coreutils = bookmarks
    assert coreutils["title"] == "coreutils: GNU core utilities"
    assert coreutils["description"] == (
        "This package contains the basic file utilities.\n\nSecond paragraph."
    )
    assert (bash["created"], coreutils["created"]) == ("2023-06-10T01:00:00", "2023-06-10T00:00:00")


@pytest.fixture(scope="module")
def bookmarks() -> Iterator[LabServer]:
    ShaarliApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_lists_pages_show_every_bookmark_newest_first(bookmarks: LabServer) -> None:
    truth = bookmarks.truth(APP)
    (pages,) = truth.index_levels
    listed: list[str] = []
    for page in pages:
        permalinks = [urljoin(page, h) for h in PERMALINK.findall(get_text(page))]
        assert len(set(permalinks)) <= PAGE, page
        listed += dict.fromkeys(permalinks)
    assert listed == list(truth.target_entities)
    assert len(listed) > 40
    assert truth.seed_path == (pages[0], truth.seed_entity)
    assert truth.attributes[truth.seed_entity]["title"][0].startswith(f"{SEED}: ")


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_permalink_shows_its_title_and_tags(bookmarks: LabServer) -> None:
    truth = bookmarks.truth(APP)
    for url in truth.target_entities[::4]:
        page = get_text(url)
        attributes = truth.attributes[url]
        assert html.escape(attributes["title"][0], quote=False) in page, url
        shown = sorted({unquote(t) for t in TAG.findall(page)})
        assert shown == sorted(attributes.get("tag", ())), url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_a_tags_filter_lists_the_bookmarks_of_its_query(bookmarks: LabServer) -> None:
    truth = bookmarks.truth(APP)
    queries = sorted(truth.queries, key=lambda q: -len(q.entities))
    for query in (queries[0], queries[len(queries) // 2], queries[-1]):
        ((name, tag),) = query.conditions
        assert name == "tag"
        base = f"{truth.base_url}/?searchtags={quote(tag, safe='')}"
        listed: list[str] = []
        for n in range(1, (len(query.entities) - 1) // PAGE + 2):
            page = base if n == 1 else f"{base}&page={n}"
            listed += dict.fromkeys(urljoin(page, h) for h in PERMALINK.findall(get_text(page)))
        assert listed == list(query.entities), tag
