"""`explore` on a documentation whose every page carries a search panel's scope list that the
browser cannot set (drawn but hidden: a panel opened by a key the crawler never presses):
the first of its values that fails to be set ends the list (with those tried at once), its
other values are not tried on the same page, against the lab's truth."""

from __future__ import annotations

import pytest
from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

pytestmark = pytest.mark.browser

NAMES = tuple(f"file{n:02d}" for n in range(12))
SCOPES = ("Everything", "Classes", "Functions", "Types", "Variables")
PANEL = (
    '<h3>Search</h3><div id="search"><input id="field" type="text">'
    '<select id="scope" style="visibility:hidden" onchange="document.title=this.value">'
    + "".join(f'<option value="{s}">{s}</option>' for s in SCOPES)
    + "</select></div>"
)


def _page(title: str, body: str) -> web.Response:
    return web.Response(
        text=f"<html><head><title>{title}</title><script>window.ok=1;</script></head>"
        f"<body>{body}{PANEL}</body></html>",
        content_type="text/html",
    )


class _PanelDocs(Site):
    """A file index (``/files.html``) linking each file's page; every page carries the panel."""

    id = "panel-docs"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/files.html":
            items = "".join(f'<li><a href="/f/{n}.html">{n}</a></li>' for n in NAMES)
            return _page("Files", f'<ul class="files">{items}</ul>')
        name = path.removeprefix("/f/").removesuffix(".html")
        if path.startswith("/f/") and name in NAMES:
            return _page(name, f"<h1>{name}</h1><p>About {name}.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/f/{n}.html" for n in NAMES)
        start = f"{base_url}/files.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": pages},
            target_type="file",
            seed_entity=pages[2],
            seed_path=(start, pages[2]),
            index_levels=((start,),),
        )


async def test_a_select_that_cannot_be_set_is_tried_once() -> None:
    async with LabServer([_PanelDocs()]) as server:
        truth = server.truth(_PanelDocs.id)
        async with Session(SessionConfig(render="always", cache=None)) as session:
            result = await explore(session, truth.seed_path[0], entity_sample=truth.seed_entity)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    tried = [t for t in result.trace if t.step == "act" and t.decision == "error"]
    # the values tried at once, as the browser's pages allow, but not the others after them
    assert 1 <= len(tried) < len(SCOPES) - 1
