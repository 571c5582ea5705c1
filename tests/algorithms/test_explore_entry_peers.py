"""Where `explore` starts on a module index whose home page lists some modules and links the
index of them all: the modules the home page lists beside the sample are its entities, not
loaded looking for a wider list, while its menu's indexes, shaped alike, are (once one of them
lists the sample's pages, no other page shaped as the sample would be either); an index that adds to the home page's modules only their submodules
(``Module3.Sub.html`` below ``Module3.html``) gives way to the home page's list (against the
lab's truth)."""

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
    modules = MODULES  # the truth's
    home = MODULES[:30]  # those the home page lists
    indexed = MODULES  # those the index of modules lists

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html") or "index"
        menu = "".join(f'<li><a href="/{i}.html">{i}</a></li>' for i in INDEXES)
        if name == "index":
            listed = self.home
        elif name == "index_modules":
            listed = self.indexed
        elif name in INDEXES or name in self.indexed:
            listed = []
        else:
            return web.Response(status=404)
        items = "".join(f'<li><a href="/{m}.html">{m}</a></li>' for m in listed)
        body = f"<nav><ul>{menu}</ul></nav><main><h1>{name}</h1><ul>{items}</ul><p>Text.</p></main>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{m}.html" for m in self.modules)
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
            # the home page, the sample's (it links only the menu: no evidence that the home
            # page's list is whole) and the menu's indexes
            assert entry.cost.downloads == 2 + len(INDEXES) < 2 + ROUND
            assert any(t.decision == "peers-left" for t in entry.trace)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


SUBMODULES = ["Module3.Sub", "Module3.Sub.Make", "Module7.Array", "Module9.Map", "Module9.Set"]


class _Submodules(_ModuleIndex):
    """The home page lists 20 modules; `/index_modules.html` lists them with their submodules
    (`/Module3.Sub.html`) and, given `extra`, modules of their kind the home page does not."""

    id = "module-members"

    def __init__(self, extra: tuple[str, ...] = ()) -> None:
        self.modules = [*MODULES[:20], *extra]
        self.home = MODULES[:20]
        self.indexed = sorted([*self.modules, *SUBMODULES])


async def _entry_and_recall(site: _Submodules) -> tuple[str, str, float, float]:
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    return truth.base_url, entry.url, scores.precision, scores.recall


async def test_an_index_adding_only_submodules_gives_way_to_the_start_list() -> None:
    base, url, precision, recall = await _entry_and_recall(_Submodules())
    assert url == base + "/"
    assert precision == 1.0 and recall == 1.0


async def test_an_index_adding_another_module_is_the_wider_list() -> None:
    base, url, _, recall = await _entry_and_recall(_Submodules(("Module21",)))
    assert url == base + "/index_modules.html"
    assert recall == 1.0
