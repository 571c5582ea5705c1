"""Where `explore` starts when the list is a route its home page never links and whose folder
form is no page, against the lab's truth: a feature server's home page links its API
documents and the collections' page, which links each collection by a relative name; the
items list is ``/collections/<name>/items`` (``/collections/<name>/items/`` is a 404, as a web
framework's strict routes answer) and each item page ``/collections/<name>/items/<id>``."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.lab import Site, SiteTruth, set_scores

ITEMS = 45
PER_PAGE = 20
LIST = "/collections/ports/items"


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


def _items(offset: int) -> str:
    codes = [f"P{n:02d}" for n in range(ITEMS)][offset : offset + PER_PAGE]
    rows = "".join(f'<tr><td><a href="{LIST}/{c}">Port {c}</a></td></tr>' for c in codes)
    more = (
        f'<a href="{LIST}?offset={offset + PER_PAGE}">Next</a>' if offset + PER_PAGE < ITEMS else ""
    )
    return f"<h1>Items</h1><table>{rows}</table>{more}"


class _Features(Site):
    id = "feature-routes"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _html(
                '<a href="/openapi">API</a> <a href="/conformance">Conformance</a>'
                ' <a href="/collections">Collections</a>'
            )
        if path in ("/openapi", "/conformance"):
            return _html("<h1>Document</h1><p>Nothing listed here.</p>")
        if path == "/collections":
            return _html('<ul><li><a href="collections/ports">Ports</a></li></ul>')
        if path == "/collections/ports":
            return _html("<h1>Ports</h1><p>A collection of point features.</p>")
        if path == LIST:
            offset = request.query.get("offset", "0")
            return _html(_items(int(offset) if offset.isdigit() else 0))
        code = path.removeprefix(LIST + "/")
        if code != path and code in {f"P{n:02d}" for n in range(ITEMS)}:
            return _html(f'<h1>Port {code}</h1><a href="{LIST}">Items</a>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        items = tuple(f"{base_url}{LIST}/P{n:02d}" for n in range(ITEMS))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"item": items},
            target_type="item",
            seed_entity=items[0],
            seed_path=(f"{base_url}{LIST}", items[0]),
            index_levels=((f"{base_url}{LIST}",),),
        )


async def test_a_folder_that_is_no_page_is_asked_for_without_its_slash() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Features())
    assert entry.found and entry.url == f"{truth.base_url}{LIST}"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == scores.recall == 1.0
