"""Where `explore` starts on a reference whose home page ``/`` lists every module and links
its own index document ``/index.html`` (the same page, as a generator's menu names it): that
link is the start page itself, never loaded as a candidate list (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

MODULES = [f"mod{n}" for n in range(1, 31)]


class _OwnIndex(Site):
    """`/` and `/index.html` answer the same list of 30 modules (`/mod<n>.html`), its menu
    linking `/index.html` and `/about.html`; each module page its own text."""

    id = "own-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html") or "index"
        menu = '<nav><a href="/index.html">Index</a> <a href="/about.html">About</a></nav>'
        if name == "index":
            items = "".join(f'<li><a href="/{m}.html">{m}</a></li>' for m in MODULES)
            body = f"<h1>Modules</h1><ul>{items}</ul>"
        elif name == "about" or name in MODULES:
            body = f"<h1>{name}</h1><p>Text of {name}.</p>"
        else:
            return web.Response(status=404)
        html = f"<html><body>{menu}<main>{body}</main></body></html>"
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{m}.html" for m in MODULES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": urls},
            target_type="module",
            seed_entity=urls[3],
            index_levels=((f"{base_url}/index.html",),),
            seed_path=(f"{base_url}/index.html", urls[3]),
        )


async def test_the_home_pages_own_index_document_is_not_loaded_as_a_candidate() -> None:
    async with LabServer([_OwnIndex()]) as server:
        truth = server.truth("own-index")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            assert entry.url == start and entry.complete
            assert truth.base_url + "/index.html" not in {c.url for c in entry.candidates}
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
            loaded = session.cost().downloads
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    assert loaded <= 1.5 * truth.lower_bound_downloads
