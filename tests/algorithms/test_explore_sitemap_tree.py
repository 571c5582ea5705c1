"""`explore` on a sitemap whose folders open in place, against the lab's truth: the sitemap
lists the root's pages and a link for each folder; a folder's link draws the same sitemap with
that folder's pages nested below its item (``ul/li/ul/li``, each link wrapped in a ``div``)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

FOLDERS = {
    "guide": ["install", "config", "themes", "plugins"],
    "library": ["string", "re", "json", "csv", "sqlite", "zlib"],
    "howto": ["logging", "sockets", "sorting"],
}
ROOT_PAGES = ["glossary", "about", "license"]


def _item(page: str) -> str:
    return f'<li class="level1"><div class="li"><a href="/doku.php?id={page}">{page}</a></div></li>'


def _sitemap(opened: str) -> str:
    items = []
    for folder, pages in FOLDERS.items():
        link = f'<a href="/doku.php?do=index&amp;idx={folder}" class="idx_dir">{folder}</a>'
        nested = ""
        if folder == opened:
            nested = "<ul>" + "".join(_item(f"{folder}:{p}") for p in pages) + "</ul>"
        state = "open" if folder == opened else "closed"
        items.append(f'<li class="{state}"><div class="li">{link}</div>{nested}</li>')
    items += [_item(p) for p in ROOT_PAGES]
    tools = '<div class="tools"><a href="/doku.php?do=index">Sitemap</a></div>'
    body = f'{tools}<main><h1>Sitemap</h1><div id="tree"><ul>{"".join(items)}</ul></div></main>'
    return f"<html><body>{body}</body></html>"


class _Sitemap(Site):
    id = "wiki-sitemap"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.query.get("do") == "index":
            html = _sitemap(request.query.get("idx", ""))
        elif request.query.get("id") in self._pages():
            html = f"<html><body><h1>{request.query['id']}</h1><p>Text.</p></body></html>"
        else:
            return web.Response(status=404, text="not found")
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _pages() -> list[str]:
        return [f"{f}:{p}" for f, ps in FOLDERS.items() for p in ps] + ROOT_PAGES

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


async def test_a_sitemap_folder_opened_in_place_lists_its_pages_as_its_value() -> None:
    async with LabServer([_Sitemap()]) as server:
        truth = server.truth("wiki-sitemap")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/doku.php?do=index", entity_sample=truth.seed_entity
            )
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    # each folder's pages have the folder as their value; the root's pages none
    for entity, attributes in result.entities.items():
        folder = entity.rsplit("=", 1)[1].split("%3A")[0] if "%3A" in entity else None
        values = {v for vs in attributes.values() for v in vs}
        assert values == ({folder} if folder else set()), (entity, attributes)
    # one load a folder, the sitemap's and the sample's: no listed page is loaded
    assert result.cost.downloads <= len(FOLDERS) + 2
