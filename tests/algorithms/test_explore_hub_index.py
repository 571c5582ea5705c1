"""Where `explore` looks for the pages indexing a list's values and the list's menu links the
hub it was found on under its folder's index document (``/index.html`` for the home page
``/``): that link is the hub, read as loaded, not loaded again under its other name (against
the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

ITEMS = [f"item{n}" for n in range(1, 21)]


class _HubIndex(Site):
    """`/` (also `/index.html`) links the list `/list.html` and an about page; the list shows
    20 items (`/items/item<n>.html`) under a menu linking `index.html`; each item page a text."""

    id = "hub-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            body = '<h1>Home</h1><a href="/list.html">All items</a> <a href="/about.html">About</a>'
        elif path == "/list.html":
            items = "".join(f'<li><a href="/items/{i}.html">{i}</a></li>' for i in ITEMS)
            body = f'<nav><a href="index.html">Home</a></nav><h1>Items</h1><ul>{items}</ul>'
        elif path == "/about.html" or path.removeprefix("/items/").removesuffix(".html") in ITEMS:
            body = f"<h1>{path}</h1><p>Text.</p>"
        else:
            return web.Response(status=404)
        html = f"<html><body><main>{body}</main></body></html>"
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/items/{i}.html" for i in ITEMS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"item": urls},
            target_type="item",
            seed_entity=urls[2],
        )


async def test_the_hubs_index_document_is_the_hub() -> None:
    async with LabServer([_HubIndex()]) as server:
        truth = server.truth("hub-index")
        home = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, home, truth.seed_entity)
            assert entry.url == truth.base_url + "/list.html"
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=home)
        requested = server.requests("hub-index")
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    assert requested["/"] == 1 and requested["/index.html"] == 0, requested
