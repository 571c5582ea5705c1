"""real-phpliteadmin: phpLiteAdmin (Debian) over a SQLite table of the Palmer penguins.

The fast tests hold the row and row-page URLs (nothing installed). The slow ones install the
application (Debian packages if missing, the venv of the data package, the database: seconds)
and serve it: the truth, from the database, is held against the row pages, the forms that page
them and the rows' edit pages.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import read_sqlite
from siteseer.lab.real.phpliteadmin import PhpLiteAdminApp, row_pages, row_url
from siteseer.lab.server import LabServer, running_lab

APP = "real-phpliteadmin"
B = "http://127.0.0.1:8000"
COMMON = "database=penguins.sqlite&fulltexts=0&numRows=30&table=penguins"


def test_row_and_row_page_urls_are_written_as_phpliteadmin_links_them() -> None:
    assert row_url(B, 7) == (
        f"{B}/?action=row_editordelete&{COMMON.replace('&numRows=30', '&numRows=30&pk=%5B7%5D')}"
        "&type=edit"
    )
    pages = row_pages(B, 61)
    assert pages == (
        f"{B}/?action=row_view&{COMMON}",
        f"{B}/?action=row_view&{COMMON.replace('numRows=30', 'numRows=30&startRow=30')}",
        f"{B}/?action=row_view&{COMMON.replace('numRows=30', 'numRows=30&startRow=60')}",
    )
    assert len(row_pages(B, 60)) == 2 and len(row_pages(B, 1)) == 1


@pytest.fixture(scope="module")
def admin() -> Iterator[LabServer]:
    PhpLiteAdminApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _links(url: str) -> list[str]:
    hrefs = re.findall(r'href="([^"#]+)"', get_text(url))
    return [canonical_url(urljoin(url, unescape(h))) for h in hrefs]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(600)
def test_row_pages_list_every_row_once_in_order(admin: LabServer) -> None:
    truth = admin.truth(APP)
    b = truth.base_url
    (pages,) = truth.index_levels
    assert len(truth.target_entities) == 344 and len(pages) == 12
    assert pages[0] in _links(b + "/")
    entities = set(truth.target_entities)
    listed = [u for page in pages for u in dict.fromkeys(_links(page)) if u in entities]
    assert listed == list(truth.target_entities)
    for page, following in itertools.pairwise(pages):
        starts = re.findall(r"name='startRow' value='(\d+)'", get_text(page))
        assert following.split("startRow=")[1].split("&")[0] in starts, page


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(600)
def test_edit_pages_hold_their_rows_values(admin: LabServer) -> None:
    truth = admin.truth(APP)
    rows = read_sqlite(
        PhpLiteAdminApp("small").data_file,
        "SELECT id, individual_id, species, island FROM penguins ORDER BY id",
    )
    assert truth.seed_entity == truth.target_entities[0] == row_url(truth.base_url, 1)
    for key, individual, species, island in rows[::40]:
        url = row_url(truth.base_url, int(str(key)))
        html = unescape(get_text(url))
        for value in (individual, species, island):
            assert f">{value}</textarea>" in html, (url, value)
        assert truth.attributes[url]["species"] == (species,)
