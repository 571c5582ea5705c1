"""Where `explore` starts on a guide whose every page carries the same menu (a few reference
pages, the guide's pages beside the sample's folder, the site's other pages; the home page's
one module more) and one guide page
offers a list with a facet: once a round of the pages near the sample adds no wider list than
the one an earlier round found, the rest are not loaded (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth

REFERENCE = [f"/guide/ref/p{n}.html" for n in range(1, 6)]
NEAR = [f"/guide/n{n}/" for n in range(1, 17)]
FAR = [f"/f{n}.html" for n in range(1, 17)]
MODULES = [f"/api/m{n}.html" for n in range(1, 25)]  # the menu's largest group
NEWEST = "/api/m25.html"  # a module the home page's menu links beside the others
SEARCH = NEAR[4]  # the guide page with a form: a list with a facet


class _Guide(Site):
    """A guide: every page (the home page, the reference pages, the guide's pages, the
    others) shows one menu linking them all, the home page's one module more (`NEWEST`: the
    page nearest the sample shows no list the home page shows); `SEARCH` adds a form with a
    select."""

    id = "guide-menu"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path != "/" and path not in MENU:
            return web.Response(status=404)
        menu = [*MENU, NEWEST] if path == "/" else MENU
        items = "".join(f'<li><a href="{u}">{u.rsplit("/", 1)[-1]}</a></li>' for u in menu)
        form = ""
        if path == SEARCH:
            form = '<form><select name="v"><option>a</option><option>b</option></select></form>'
        body = f"<nav><ul>{items}</ul></nav><main><h1>{path}</h1>{form}<p>Text.</p></main>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + u for u in REFERENCE)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=urls[2],
        )


MENU = REFERENCE + NEAR + FAR + MODULES


async def test_a_round_adding_no_wider_list_ends_the_entry_search() -> None:
    async with LabServer([_Guide()]) as server:
        truth = server.truth("guide-menu")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
    assert entry.url == truth.base_url + SEARCH and entry.complete
    assert any(t.decision == "near-yield" for t in entry.trace)
    # the home page, the reference pages and the two rounds of the guide's pages; none of the
    # site's other pages
    loaded = {t.subject for t in entry.trace if t.decision == "score"}
    assert not any(truth.base_url + u in loaded for u in FAR)
    assert entry.cost.downloads == 1 + len(REFERENCE) + len(NEAR)
