"""real-starletteadmin: starlette-admin over tzdata's time zones.

The fast test checks the list view's pages at the default page size (nothing installed). The
slow ones install the application (its venv from PyPI, tzdata's tables loaded into SQLite:
seconds) and serve it: the truth, from the application's database, is held against the list
view's pages and the zones' detail pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from lab_http import get_text

from siteseer.lab.real.starletteadmin import StarletteAdminApp, list_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-starletteadmin"
DETAIL = re.compile(r'href="([^"]*/admin/zone/detail\?[^"]*)"')
PAGE = re.compile(r'href="([^"]*/admin/zone/list(?:\?page=\d+)?)"')


def test_list_pages_follow_the_pagination() -> None:
    assert list_pages("http://h", "zone", 21) == (
        "http://h/admin/zone/list",
        "http://h/admin/zone/list?page=2",
        "http://h/admin/zone/list?page=3",
    )
    assert list_pages("http://h", "zone", 0) == ("http://h/admin/zone/list",)


@pytest.fixture(scope="module")
def admin() -> Iterator[LabServer]:
    StarletteAdminApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_list_pages_link_every_zone_of_the_truth(admin: LabServer) -> None:
    truth = admin.truth(APP)
    (level,) = truth.index_levels
    assert f'href="{level[0]}"' in get_text(truth.base_url + "/admin/")
    linked_pages: set[str] = set()
    found: list[str] = []
    for page in level:
        text = get_text(page)
        linked_pages |= set(PAGE.findall(text))
        for href in dict.fromkeys(DETAIL.findall(text)):
            query = parse_qs(urlsplit(unescape(href)).query)
            assert query["_origin"] == [page.removeprefix(truth.base_url)], href
            found.append(f"{truth.base_url}/admin/zone/detail?pk={query['pk'][0]}")
    assert linked_pages >= set(level[1:])
    assert found == list(truth.entities["zone"])  # in the order of their ids
    assert len(found) > 300
    assert truth.seed_path == (level[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_detail_pages_show_the_zones_fields(admin: LabServer) -> None:
    truth = admin.truth(APP)
    for url in truth.entities["zone"][::20]:
        text = " ".join(unescape(re.sub(r"<[^>]+>", " ", get_text(url))).split())
        for values in truth.attributes[url].values():
            assert values[0] in text, (url, values)
