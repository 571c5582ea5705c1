"""`explore` on a manual whose every page draws the whole site's navigation tree, against the
lab's truth: the home page links its two guides alike, and the start list (the users' guide,
found from the home page) lists through that tree every page of the manual, the other guide's
section page among them. That section is an entity of the start list, no list beside it: it is
not loaded as one, and the result is the tree's pages all the same."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

GUIDES = {
    "users": ["install", "navigating", "writing", "theming", "plugins"],
    "contributors": ["setup", "workflow", "commands", "architecture"],
}


def _tree() -> str:
    branches = "".join(
        f'<li><a href="/guide/{g}/">{g.title()}</a><ul>'
        + "".join(f'<li><a href="/guide/{g}/{p}/">{p.title()}</a></li>' for p in pages)
        + "</ul></li>"
        for g, pages in GUIDES.items()
    )
    return f'<nav class="tree"><ul>{branches}</ul></nav>'


def _page(title: str, body: str) -> web.Response:
    html = f"<html><body>{_tree()}<main><h1>{title}</h1>{body}</main></body></html>"
    return web.Response(text=html, content_type="text/html")


class _NavManual(Site):
    id = "nav-manual"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        segs = [s for s in request.path.split("/") if s]
        if not segs:
            guides = "".join(f'<li><a href="/guide/{g}/">{g.title()}</a></li>' for g in GUIDES)
            return _page("Manual", f'<ul class="guides">{guides}</ul>')
        if len(segs) == 2 and segs[0] == "guide" and segs[1] in GUIDES:
            return _page(f"{segs[1].title()} guide", "<p>The chapters of this guide.</p>")
        if len(segs) == 3 and segs[0] == "guide" and segs[2] in GUIDES.get(segs[1], []):
            return _page(segs[2].title(), f"<p>How to {segs[2]}, step by step.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = [f"{base_url}/guide/{g}/" for g in GUIDES]
        urls += [f"{base_url}/guide/{g}/{p}/" for g, pages in GUIDES.items() for p in pages]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": tuple(urls)},
            target_type="page",
            seed_entity=f"{base_url}/guide/users/navigating/",
        )


async def test_a_guide_the_start_lists_as_its_entity_is_no_list_beside_it() -> None:
    async with LabServer([_NavManual()]) as server:
        truth = server.truth("nav-manual")
        downloaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else downloaded.append(snap.url)
            )
            home = truth.base_url + "/"
            start = truth.base_url + "/guide/users/"
            result = await explore(session, start, entity_sample=truth.seed_entity, hub=home)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    assert truth.base_url + "/guide/contributors/" not in downloaded
    assert any(s.detail == "one of the start list's entities" for s in result.skipped)
