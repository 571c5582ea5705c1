"""A gallery whose home page links a category, the category its albums, each album its
pictures (a page per picture, named below the album's folder): explore, started at the album
of the sample as its entry finds it, reads the albums beside it on the category page the home
page links (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

ALBUMS = {"abstract": 7, "desktop": 6, "nature": 8}


def _page(title: str, links: list[tuple[str, str]]) -> web.Response:
    items = "".join(f'<div class="media"><a href="{u}">{t}</a></div>' for u, t in links)
    crumbs = '<ul id="breadcrumbs"><li><a href="/index.html">pictures</a></li></ul>'
    html = f'<html><body><h1>{title}</h1>{crumbs}<div id="medias">{items}</div></body></html>'
    return web.Response(text=html, content_type="text/html")


def _pictures(album: str) -> list[str]:
    return [f"/mate/{album}/pic{n}.html" for n in range(1, ALBUMS[album] + 1)]


class _Gallery(Site):
    """`/` links the category `/mate/index.html`, which links its three albums
    (`/mate/<album>/index.html`, also served at `/mate/<album>/`), each listing its pictures
    (`/mate/<album>/pic<n>.html`)."""

    id = "gallery-albums"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return _page("pictures", [("/mate/index.html", "mate")])
        if path in ("/mate/", "/mate/index.html"):
            return _page("mate", [(f"/mate/{a}/index.html", a) for a in ALBUMS])
        album = path.split("/")[2] if path.count("/") == 3 else ""
        if album in ALBUMS and path.endswith(("/", "/index.html")):
            return _page(album, [(u, u.rsplit("/", 1)[-1][:-5]) for u in _pictures(album)])
        if album in ALBUMS and path in _pictures(album):
            return _page(path, [(f"/mate/{album}/index.html", album)])
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = [base_url + u for a in ALBUMS for u in _pictures(a)]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"picture": tuple(urls)},
            target_type="picture",
            seed_entity=base_url + "/mate/nature/pic3.html",
        )


async def test_the_albums_beside_the_samples_are_read_on_the_category_above_it() -> None:
    site = _Gallery()
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.found, entry.trace
            hub = entry.start if entry.url != entry.start else None
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=hub)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0, (entry.url, hub, scores)
