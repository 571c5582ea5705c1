"""`explore` on a reference whose navigation bar links its main page as ``index.html``,
against the lab's truth: the start list (``annotated.html``, found from the site's root ``/``)
and every class page carry the bar, so the main page is the page above the start list on the
sample's trail. It is the page the start list was found on, under its folder's index document:
loaded already as ``/``, it is not loaded again, and the classes are the result all the same."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CLASSES = ["Decoder", "Encoder", "Stream", "Buffer", "Window", "Table", "Huffman", "Ring"]


def _page(title: str, body: str) -> web.Response:
    bar = '<div id="navrow"><a href="index.html">Main Page</a> <a href="annotated.html">Classes</a></div>'
    html = f"<html><body>{bar}<div class='contents'><h1>{title}</h1>{body}</div></body></html>"
    return web.Response(text=html, content_type="text/html")


class _Reference(Site):
    id = "hub-document"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.lstrip("/")
        if name in ("", "index.html"):
            return _page("Brotli", "<p>A compression library.</p>")
        if name == "annotated.html":
            rows = "".join(
                f'<tr><td class="entry"><a href="struct{c}.html">{c}</a></td>'
                f"<td>The {c.lower()} state.</td></tr>"
                for c in CLASSES
            )
            return _page("Class List", f'<table class="directory">{rows}</table>')
        if name.startswith("struct") and name[6:-5] in CLASSES:
            return _page(f"{name[6:-5]} Struct Reference", "<p>Its members.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/struct{c}.html" for c in CLASSES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": urls},
            target_type="class",
            seed_entity=f"{base_url}/structStream.html",
        )


async def test_the_main_page_under_its_index_document_is_not_loaded_again() -> None:
    async with LabServer([_Reference()]) as server:
        truth = server.truth("hub-document")
        downloaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else downloaded.append(snap.url)
            )
            home = truth.base_url + "/"
            await session.page(home)  # the entry search's start
            start = truth.base_url + "/annotated.html"
            result = await explore(session, start, entity_sample=truth.seed_entity, hub=home)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    assert truth.base_url + "/index.html" not in downloaded
