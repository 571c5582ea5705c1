"""Where `explore` starts on a manual whose home page links its topics first and, last, the
folder of its reference pages: the pages sharing the sample's folder are loaded first, and once
one lists the sample's kind, the topics farther from it are not loaded (against the lab's
truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

TOPICS = [f"topic{n}" for n in range(1, 31)]
FUNCTIONS = [f"fn{n}" for n in range(1, 25)]


class _Manual(Site):
    """A manual: the home page links 30 topic pages (`/<topic>.html`, each a page of text
    linking two others), then `/ref/intro.html` and `/ref/funclist.html`, which lists the 24
    function pages (`/ref/fn<n>.html`)."""

    id = "manual-near"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            links = [f"/{t}.html" for t in TOPICS] + ["/ref/intro.html", "/ref/funclist.html"]
        elif path == "/ref/funclist.html":
            links = [f"/ref/{f}.html" for f in FUNCTIONS]
        elif path == "/ref/intro.html":
            links = ["/ref/funclist.html", "/"]
        elif path.removesuffix(".html").lstrip("/") in TOPICS:
            links = ["/", f"/{TOPICS[0]}.html", f"/{TOPICS[1]}.html"]
        elif path.startswith("/ref/") and path[5:].removesuffix(".html") in FUNCTIONS:
            links = ["/ref/funclist.html"]
        else:
            return web.Response(status=404)
        items = "".join(f'<li><a href="{u}">{u.rsplit("/", 1)[-1]}</a></li>' for u in links)
        body = f"<main><h1>{path}</h1><ul>{items}</ul><p>Text.</p></main>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/ref/{f}.html" for f in FUNCTIONS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"function": urls},
            target_type="function",
            seed_entity=urls[4],
        )


async def test_a_list_beside_the_sample_spares_loading_the_farther_pages() -> None:
    async with LabServer([_Manual()]) as server:
        truth = server.truth("manual-near")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            assert entry.url == truth.base_url + "/ref/funclist.html" and entry.complete
            assert entry.cost.downloads == 3  # the home page and the two pages of /ref/
            assert any(t.decision == "near-list" for t in entry.trace)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
