"""`explore` on a reference whose home page links its library's index beside the site's books
(each its folder's index document, linked alike), against the lab's truth: the library's index
lists the modules; the first book, loaded, lists none and holds no list, so the other books,
linked alike, are not loaded."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

MODULES = [f"m{n}" for n in range(12)]
BOOKS = ["book", "nomicon", "reference", "guide", "cookbook"]


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Reference(Site):
    id = "reference-books"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            items = "".join(f'<li><a href="/{b}/index.html">{b}</a></li>' for b in ["std", *BOOKS])
            return _page(f"<h1>Documentation</h1><ul>{items}</ul>")
        if path == "/std/index.html":
            items = "".join(f'<li><a href="/std/{m}/index.html">{m}</a></li>' for m in MODULES)
            return _page(f'<h1>std</h1><ul class="modules">{items}</ul>')
        if path in {f"/std/{m}/index.html" for m in MODULES}:
            return _page(f"<h1>{path}</h1><p>A module.</p>")
        if path in {f"/{b}/index.html" for b in BOOKS}:
            chapters = "".join(f'<a href="ch{n}.html">Chapter {n}</a> ' for n in range(3))
            return _page(f"<h1>{path}</h1><p>A book.</p><p>{chapters}</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/std/{m}/index.html" for m in MODULES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": urls},
            target_type="module",
            seed_entity=urls[3],
        )


async def test_the_first_list_beside_listing_nothing_stands_for_the_others() -> None:
    async with LabServer([_Reference()]) as server:
        truth = server.truth("reference-books")
        home = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, home, truth.seed_entity)
            assert entry.url == truth.base_url + "/std/index.html"
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=home)
        asked = server.requests("reference-books")
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    skipped = {s.subject for s in result.skipped if s.reason == "not-a-list"}
    assert skipped == {f"{truth.base_url}/{b}/index.html" for b in BOOKS}
    # the first book loaded, no other
    assert sum(asked[f"/{b}/index.html"] for b in BOOKS) == 1
