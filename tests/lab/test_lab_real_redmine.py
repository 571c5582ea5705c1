"""real-redmine served for real: Redmine (Debian, SQLite) holding its own issues.

The fast tests are offline: Redmine's changelog read into issues (a hand-made one: releases,
sections, items, an issue fixed in two releases) and the list's pages. The module fixture
installs the application once (Debian's packages, the instance, Rails' tasks and the loader;
nothing the second time) and serves it; the slow tests hold the truth, read from the instance's
database, against the pages Redmine serves: the issue list at its largest page size through its
pager, the list filtered by each tracker and by categories, and an issue's own page.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from urllib.parse import urlencode, urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.app import read_sqlite
from siteseer.lab.real.redmine import PAGE_SIZES, RedmineApp, list_pages, read_changelog
from siteseer.lab.server import LabServer, running_lab

APP = "real-redmine"
ISSUE = re.compile(r'<td class="id"><a href="(/issues/\d+)"')
NEXT = re.compile(r'<li class="next page"><a [^>]*href="([^"]+)"')
CHANGELOG = """\
== Redmine changelog

== 2022-12-01 v5.0.4

=== [Issues filter]

* Defect #37875: Unnecessary closing li element
* Feature #37900: A feature

=== [Security]

* Patch #37772: Access Control Issue

== 2022-12-01 v4.2.9

=== [Security]

* Patch #37772: Access Control Issue

== 2006-07-12 - v0.2.2

* Upgrade to Rails 3.2.13
"""


def test_the_changelog_gives_each_issue_once_in_its_newest_release() -> None:
    issues = read_changelog(CHANGELOG)
    assert [(i.id, i.tracker, i.category, i.version) for i in issues] == [
        (37875, "Defect", "Issues filter", "5.0.4"),
        (37900, "Feature", "Issues filter", "5.0.4"),
        (37772, "Patch", "Security", "5.0.4"),
    ]
    assert issues[0].subject == "Unnecessary closing li element"
    assert issues[0].date == "2022-12-01T00:00:00+00:00"


def test_the_lists_pages_are_as_its_pager_links_them() -> None:
    assert list_pages("http://h", 201) == (
        "http://h/projects/redmine/issues?per_page=100",
        "http://h/projects/redmine/issues?page=2&per_page=100",
        "http://h/projects/redmine/issues?page=3&per_page=100",
    )


@pytest.fixture(scope="module")
def redmine() -> Iterator[LabServer]:
    RedmineApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _paged(url: str) -> tuple[list[str], list[str]]:
    """A list and its following pages (by their "Next" links): the pages, the issues."""
    pages, issues = [], []
    at: str | None = url
    while at is not None:
        page = get_text(at)
        pages.append(at)
        issues += [urljoin(at, h) for h in ISSUE.findall(page)]
        more = NEXT.search(page)
        at = urljoin(at, html.unescape(more.group(1))) if more else None
    return pages, issues


def _filtered(base: str, field: str, value: object) -> str:
    query = {"set_filter": "1", "f[]": field, f"op[{field}]": "=", f"v[{field}][]": value,
             "per_page": PAGE_SIZES[-1]}  # fmt: skip
    return f"{base}/projects/redmine/issues?{urlencode(query)}"


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_issue_list_at_100_a_page_holds_every_issue_on_the_truths_pages(
    redmine: LabServer,
) -> None:
    truth = redmine.truth(APP)
    ((count,),) = read_sqlite(RedmineApp("small").database, "SELECT COUNT(*) FROM issues")
    assert len(truth.target_entities) == count == 500
    (level,) = truth.index_levels
    pages, issues = _paged(level[0])
    assert pages == list(level)
    assert issues == list(truth.target_entities)  # newest first, Redmine's default order
    default = _paged(truth.base_url + "/projects/redmine/issues")
    assert len(default[0]) == 500 // PAGE_SIZES[0] and default[1] == issues


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_list_filtered_by_tracker_or_category_lists_the_truths_queries(
    redmine: LabServer,
) -> None:
    truth = redmine.truth(APP)
    db = RedmineApp("small").database
    ids = {("tracker", str(n)): i for i, n in read_sqlite(db, "SELECT id, name FROM trackers")}
    ids |= {("category", str(n)): i for i, n in read_sqlite(db, "SELECT id, name FROM issue_categories")}  # fmt: skip
    field = {"tracker": "tracker_id", "category": "category_id"}
    queries = [q for q in truth.queries if q.conditions[0][0] == "tracker"]
    queries += sorted((q for q in truth.queries if q.conditions[0][0] == "category"),
                      key=lambda q: -len(q.entities))[:3]  # fmt: skip
    assert {q.conditions[0][1] for q in queries} >= {"Defect", "Feature", "Patch"}
    for query in queries:
        ((name, value),) = query.conditions
        _, issues = _paged(_filtered(truth.base_url, field[name], ids[(name, value)]))
        assert issues == list(query.entities), query.conditions


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_an_issue_page_shows_its_tracker_and_category(redmine: LabServer) -> None:
    truth = redmine.truth(APP)
    page = get_text(truth.seed_entity)
    attributes = truth.attributes[truth.seed_entity]
    number = truth.seed_entity.rsplit("/", 1)[1]
    assert f"{attributes['tracker'][0]} #{number}" in html.unescape(page)
    assert html.escape(attributes["category"][0]) in page
