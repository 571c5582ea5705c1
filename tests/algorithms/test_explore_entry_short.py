"""Where `explore` starts on a site whose home page only sends the browser on (a meta refresh)
and on a gallery whose album of the sample lists fewer than `MINIMUM_ROWS` pictures, two levels
below the home page (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

FUNCTIONS = [f"fn{n}" for n in range(1, 13)]
PICTURES = [f"p{n}" for n in range(1, 7)]


def _page(links: list[str], head: str = "") -> web.Response:
    items = "".join(f'<li><a href="{u}">{u.rsplit("/", 1)[-1]}</a></li>' for u in links)
    body = f"<main><ul>{items}</ul><p>Text.</p></main>" if links else ""
    html = f"<html><head>{head}</head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


def _truth(site: Site, kind: str, urls: list[str], base_url: str) -> SiteTruth:
    """The truth of a site listing `urls`, entities of type `kind`, the third the sample."""
    return SiteTruth(
        site=site.id,
        base_url=base_url,
        kind=site.kind,
        entities={kind: tuple(urls)},
        target_type=kind,
        seed_entity=urls[2],
    )


class _Refreshed(Site):
    """A manual whose home page is a meta refresh to `/docs/contents.html`, which lists the 12
    function pages (`/docs/fn<n>.html`, each linking back to the contents)."""

    id = "manual-refresh"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _page([], '<meta http-equiv="Refresh" CONTENT="0; URL=docs/contents.html">')
        if path == "/docs/contents.html":
            return _page([f"/docs/{f}.html" for f in FUNCTIONS])
        if path.startswith("/docs/") and path[6:].removesuffix(".html") in FUNCTIONS:
            return _page(["/docs/contents.html"])
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        return _truth(self, "function", [f"{base_url}/docs/{f}.html" for f in FUNCTIONS], base_url)


class _Gallery(Site):
    """A gallery: the home page links the albums `/a/index.html` and `/c/index.html`; `/a/`
    links its sub-album `/a/b/index.html`, whose page (also served at `/a/b/`) shows its six
    pictures (`/a/b/p<n>.html`, each linking the album back) and links the home page."""

    id = "gallery-short"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _page(["/a/index.html", "/c/index.html"])
        if path in ("/a/", "/a/index.html"):
            return _page(["/", "/a/b/index.html"])
        if path in ("/c/", "/c/index.html"):
            return _page(["/"])
        if path in ("/a/b/", "/a/b/index.html"):
            return _page(["/"] + [f"/a/b/{p}.html" for p in PICTURES])
        if path.startswith("/a/b/") and path[5:].removesuffix(".html") in PICTURES:
            return _page(["/a/b/index.html"])
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        return _truth(self, "picture", [f"{base_url}/a/b/{p}.html" for p in PICTURES], base_url)


async def _explored(site: Site, expected: str) -> None:
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.found and entry.url == truth.base_url + expected, entry.trace
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


async def test_a_home_page_that_refreshes_to_the_contents_starts_there() -> None:
    await _explored(_Refreshed(), "/docs/contents.html")


async def test_a_short_album_above_the_sample_is_its_list() -> None:
    await _explored(_Gallery(), "/a/b/")
