"""SSUP's pagination on a PHP table browser's select page, against its truth: rows striped by
their place (``<tr>`` beside ``<tr class="odd">``), each opening a row's edit page; column
sort links in the header before the list's pager; a "Load more data" link to the next page
beside a numbered pager (a window of page numbers, 0-based values, the last page linked);
the page size in a GET form's field. The pager is the family with the highest expected yield:
the list is paged to its end, no sort order is loaded, nor the size it already shows."""

from __future__ import annotations

import math
from urllib.parse import parse_qsl, urlencode

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.yields import Families
from siteseer.crawler import canonical_url
from siteseer.lab import Site, SiteTruth, set_scores

ROWS = 130
SIZE = 20
COLUMNS = ("id", "name", "kind", "year")


class _SelectSite(Site):
    """`/?select=cars` lists `ROWS` rows `SIZE` a page (``&page=<0-based>``); a row opens
    `/?edit=cars&id=<n>`; `/?table=cars` is the table's structure."""

    id = "select-pager"
    kind = "entity-tree"

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        menu = '<ul id="tables"><li><a href="/?select=cars">select cars</a></li></ul>'
        html = f"<html><head><title>{title}</title></head><body><h2>{title}</h2>{body}{menu}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    @staticmethod
    def _href(**query: str) -> str:
        return "/?" + urlencode({"select": "cars", **query})

    def _select(self, query: dict[str, str]) -> web.Response:
        page = int(query.get("page", "0"))
        rows = range(page * SIZE + 1, min(ROWS, (page + 1) * SIZE) + 1)
        header = "".join(f'<th><a href="{self._href(order=c)}">{c}</a></th>' for c in COLUMNS)
        table = "".join(
            ('<tr class="odd">' if r % 2 else "<tr>")
            + f'<td><a href="/?edit=cars&amp;id={r}">edit</a></td><td>{r}</td><td>car {r:03d}</td>'
            f"<td>{'ab'[r % 2]}</td><td>{1970 + r % 12}</td></tr>"
            for r in rows
        )
        last = (ROWS - 1) // SIZE
        numbers = sorted({*range(max(0, page - 2), min(last, page + 3) + 1), last})
        pager = " ".join(
            str(n + 1)
            if n == page
            else f'<a href="{self._href(**({"page": str(n)} if n else {}))}">{n + 1}</a>'
            for n in numbers
        )
        more = (
            f'<p><a href="{self._href(page=str(page + 1))}" class="loadmore">Load more data</a>'
            if page < last
            else ""
        )
        body = (
            '<p class="links"><a href="/?table=cars">Show structure</a></p>'
            '<form action="/"><input type="hidden" name="select" value="cars">'
            f'<fieldset><legend>Limit</legend><input type="number" name="limit" value="{SIZE}">'
            "</fieldset></form>"
            f"<table><thead><tr><td></td>{header}</tr></thead>{table}</table>{more}"
            f"<fieldset><legend>Page</legend>{pager}</fieldset>"
        )
        return self._page("Select: cars", body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        query = dict(parse_qsl(request.query_string, keep_blank_values=True))
        if request.path != "/":
            return web.Response(status=404, text="not found")
        if query.get("select") == "cars":
            return self._select(query)
        if query.get("edit") == "cars" and query.get("id", "").isdigit():
            row = int(query["id"])
            if 1 <= row <= ROWS:
                crumbs = '<p id="breadcrumb"><a href="/?select=cars">cars</a></p>'
                form = (
                    f'<form method="post"><table><tr><th>name</th><td><input name="name" '
                    f'value="car {row:03d}"></td></tr></table></form>'
                )
                return self._page(f"Edit: cars {row}", crumbs + form)
        if query.get("table") == "cars":
            fields = "".join(f"<tr><th>{c}</th><td>text</td></tr>" for c in COLUMNS)
            return self._page("Table: cars", f"<table>{fields}</table>")
        if not query:
            return self._page("Database", '<p><a href="/?select=cars">cars</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        rows = tuple(canonical_url(f"{base_url}/?edit=cars&id={r}") for r in range(1, ROWS + 1))
        pages = tuple(
            canonical_url(f"{base_url}{self._href(**({'page': str(n)} if n else {}))}")
            for n in range((ROWS - 1) // SIZE + 1)
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"row": rows},
            target_type="row",
            seed_entity=rows[0],
            seed_path=(pages[0], rows[0]),
            index_levels=(pages,),
        )


async def test_a_numbered_pager_beside_a_load_more_link_pages_a_striped_table() -> None:
    truth, result, downloaded = await serve_and_discover(_SelectSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    lists = [u for u in downloaded if "select=cars" in u]
    assert set(lists) == set(truth.index_levels[0]), downloaded
    assert not [u for u in downloaded if "order=" in u or "limit=" in u], downloaded
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded


def test_a_numbered_pagers_load_more_link_keeps_it_a_pager() -> None:
    families = Families()
    page = "http://h/?select=cars"
    for text, number in (("Load more data", 1), ("2", 1), ("3", 2), ("7", 6)):
        families.add(page, f"{page}&page={number}", text, 20, page, True)
    pager = families.families["http://h/?page=*&select=cars"]
    assert pager.pager()
    assert pager.last_page() == 6
