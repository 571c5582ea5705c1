"""Where `explore` starts on a module index whose home page lists some modules and links the
index of them all: once the first round of linked pages holds a list of the sample's pages, the
other pages shaped as the sample (the modules themselves) are not loaded looking for a wider
list (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.algorithms.entrypoint import ROUND
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

MODULES = [f"Module{n}" for n in range(1, 41)]
INDEXES = ("index_types", "index_values", "index_modules")


class _ModuleIndex(Site):
    """A library's reference: the home page links three indexes, then the first 30 modules;
    `/index_modules.html` lists all 40 (`/Module<n>.html`), each module page its own text."""

    id = "module-peers"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html") or "index"
        menu = "".join(f'<li><a href="/{i}.html">{i}</a></li>' for i in INDEXES)
        if name == "index":
            listed = MODULES[:30]
        elif name == "index_modules":
            listed = MODULES
        elif name in INDEXES or name in MODULES:
            listed = []
        else:
            return web.Response(status=404)
        items = "".join(f'<li><a href="/{m}.html">{m}</a></li>' for m in listed)
        body = f"<nav><ul>{menu}</ul></nav><main><h1>{name}</h1><ul>{items}</ul><p>Text.</p></main>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{m}.html" for m in MODULES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": urls},
            target_type="module",
            seed_entity=urls[4],
        )


async def test_the_samples_peers_are_not_loaded_once_a_list_of_them_is_found() -> None:
    async with LabServer([_ModuleIndex()]) as server:
        truth = server.truth("module-peers")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            assert entry.url == truth.base_url + "/index_modules.html" and entry.complete
            assert entry.cost.downloads == 1 + ROUND < 1 + len(INDEXES) + 30
            assert any(t.decision == "peers-left" for t in entry.trace)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
