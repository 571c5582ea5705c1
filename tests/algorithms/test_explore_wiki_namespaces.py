"""`explore` on a wiki whose pages are named by one parameter in namespaces, against the lab's
truth: the root start page lists each namespace's start page (``?id=guide:start``) and a few
pages at the root; a namespace's start page lists its chapters, and a chapter lists its pages,
each list drawn alike."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

# namespace → chapter → its pages
TREE = {
    "guide": {"basics": ["install", "config"], "advanced": ["themes", "plugins", "i18n"]},
    "library": {"text": ["string", "re"], "data": ["json", "csv", "sqlite"]},
}
ROOT_PAGES = ["glossary", "about"]


def _list(ids: list[str]) -> str:
    items = "".join(
        f'<li class="level1"><div class="li"><a href="/doku.php?id={i}" class="wikilink1">{i}'
        "</a></div></li>"
        for i in ids
    )
    return f"<ul>{items}</ul>"


def _page(name: str, body: str) -> web.Response:
    tools = f'<div class="tools"><a href="/doku.php?id={name}&amp;do=index">Sitemap</a></div>'
    html = f'<html><body>{tools}<main><div class="page"><h1>{name}</h1>{body}</div></main>'
    return web.Response(text=html + "</body></html>", content_type="text/html")


class _Wiki(Site):
    id = "wiki-namespaces"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.query.get("id", "start") if request.path in ("/", "/doku.php") else ""
        if request.query.get("do"):
            return _page(name, "<p>A tool.</p>")
        if name == "start":
            return _page(name, _list([f"{ns}:start" for ns in TREE] + ROOT_PAGES))
        space, _, leaf = name.rpartition(":")
        if space in TREE and leaf == "start":
            return _page(name, _list([f"{space}:{c}" for c in TREE[space]]))
        if space in TREE and leaf in TREE[space]:
            return _page(name, _list([f"{space}:{p}" for p in TREE[space][leaf]]))
        if name in self._pages():
            return _page(name, "<p>The text of the page.</p>")
        return web.Response(status=404, text="not found")

    @staticmethod
    def _pages() -> list[str]:
        chapters = [f"{ns}:{c}" for ns, cs in TREE.items() for c in cs]
        leaves = [f"{ns}:{p}" for ns, cs in TREE.items() for ps in cs.values() for p in ps]
        return chapters + leaves + ROOT_PAGES

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/doku.php?id={n.replace(':', '%3A')}" for n in self._pages())
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=f"{base_url}/doku.php?id=library%3Ajson",
        )


async def test_a_wiki_continues_on_its_namespaces_pages_and_their_chapters() -> None:
    async with LabServer([_Wiki()]) as server:
        truth = server.truth("wiki-namespaces")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    found = set(result.entities)
    # every page of the tree; the namespaces' start pages are listed too (they list pages)
    assert set(truth.target_entities) <= found
    starts = {f"{truth.base_url}/doku.php?id={ns}%3Astart" for ns in TREE}
    assert set_scores(result.entities, truth.target_entities).precision == (
        len(truth.target_entities) / (len(truth.target_entities) + len(starts & found))
    )
