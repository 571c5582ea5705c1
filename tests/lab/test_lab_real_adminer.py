"""real-adminer: Adminer (Debian) over a SQLite table of vega_datasets' cars.

The fast test holds the row and select-page URLs (nothing installed). The slow ones install
the application (Debian packages if missing, the venv of the data package, the database:
seconds) and serve it: the truth, from the database, is held against the select pages, their
page links and the rows' edit pages, asked for without a cookie as a crawler asks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.adminer import AdminerApp, row_url, select_pages
from siteseer.lab.real.app import read_sqlite
from siteseer.lab.server import LabServer, running_lab

APP = "real-adminer"
B = "http://127.0.0.1:8000"


def test_row_and_select_page_urls_are_written_as_adminer_links_them() -> None:
    assert row_url(B, 7) == f"{B}/?db=cars.sqlite&edit=cars&sqlite=&username=&where%5Bid%5D=7"
    pages = select_pages(B, 101)
    assert pages == (
        f"{B}/?db=cars.sqlite&select=cars&sqlite=&username=",
        f"{B}/?db=cars.sqlite&page=1&select=cars&sqlite=&username=",
        f"{B}/?db=cars.sqlite&page=2&select=cars&sqlite=&username=",
    )
    assert len(select_pages(B, 100)) == 2 and len(select_pages(B, 1)) == 1


@pytest.fixture(scope="module")
def admin() -> Iterator[LabServer]:
    AdminerApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _links(url: str) -> list[str]:
    hrefs = re.findall(r"""href=["']([^"'#]+)["']""", get_text(url))
    return [canonical_url(urljoin(url, unescape(h))) for h in hrefs]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(600)
def test_select_pages_list_every_row_once_in_order(admin: LabServer) -> None:
    truth = admin.truth(APP)
    b = truth.base_url
    (pages,) = truth.index_levels
    assert len(truth.target_entities) == 406 and len(pages) == 9
    assert pages[0] in _links(b + "/")  # the home page redirects to the database's page
    entities = set(truth.target_entities)
    listed = [u for page in pages for u in dict.fromkeys(_links(page)) if u in entities]
    assert listed == list(truth.target_entities)
    assert set(pages[1:]) <= {u for page in pages for u in _links(page)}


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(600)
def test_edit_pages_hold_their_rows_values(admin: LabServer) -> None:
    truth = admin.truth(APP)
    rows = read_sqlite(
        AdminerApp("small").data_file, "SELECT id, name, origin, cylinders FROM cars ORDER BY id"
    )
    assert truth.seed_entity == truth.target_entities[0] == row_url(truth.base_url, 1)
    for key, name, origin, cylinders in rows[::40]:
        url = row_url(truth.base_url, int(str(key)))
        html = unescape(get_text(url))
        assert "<title>Edit: cars - Adminer</title>" in html, url
        for value in (name, origin):
            assert f">{value}</textarea>" in html, (url, value)
        assert f"value='{cylinders}' name='fields[cylinders]'" in html, url
        assert truth.attributes[url]["origin"] == (origin,)
