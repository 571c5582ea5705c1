"""`explore` on a documentation whose every page runs the same theme script, which changes
nothing the browser shows (the host's render decision, made on its home page, found so):
the start list, fetched without a browser, is read as served, not loaded again in the browser
to look for facets a script would draw; a list page running a script of its own is, against the
lab's truth."""

from __future__ import annotations

import pytest
from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

pytestmark = pytest.mark.browser

NAMES = tuple(f"mod{n:02d}" for n in range(14))
THEME = "document.documentElement.classList.add('js');"
OWN = "document.title = document.title + ' (index)';"


def _page(title: str, body: str, own: bool = False) -> web.Response:
    scripts = '<script src="/theme.js"></script>' + (f"<script>{OWN}</script>" if own else "")
    return web.Response(
        text=f"<html><head><title>{title}</title>{scripts}</head><body>{body}</body></html>",
        content_type="text/html",
    )


class _ThemedDocs(Site):
    """A home page linking the module index (``/modules.html``; ``/index2.html`` is the same
    index running a script of its own too), which links each module page."""

    id = "themed-docs"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/theme.js":
            return web.Response(text=THEME, content_type="application/javascript")
        if path == "/":
            return _page("Docs", '<p>Read <a href="/modules.html">the modules</a>.</p>')
        if path in ("/modules.html", "/index2.html"):
            items = "".join(f'<li><a href="/mod/{n}.html">{n}</a></li>' for n in NAMES)
            return _page("Modules", f'<ul class="modules">{items}</ul>', path == "/index2.html")
        name = path.removeprefix("/mod/").removesuffix(".html")
        if path.startswith("/mod/") and name in NAMES:
            return _page(name, f'<h1>{name}</h1><p>About {name}.</p><a href="/">home</a>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/mod/{n}.html" for n in NAMES)
        start = f"{base_url}/modules.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": pages},
            target_type="module",
            seed_entity=pages[3],
            seed_path=(start, pages[3]),
            index_levels=((start,),),
        )


async def _explored(start: str) -> tuple[SiteTruth, float, list[tuple[str, bool]]]:
    async with LabServer([_ThemedDocs()]) as server:
        truth = server.truth(_ThemedDocs.id)
        loads: list[tuple[str, bool]] = []
        async with Session(SessionConfig(render="auto", cache=None)) as session:
            session.events.on(
                "page",
                lambda snap, cached: None if cached else loads.append((snap.url, snap.rendered)),
            )
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.url == truth.seed_path[0]
            result = await explore(session, truth.base_url + start, entity_sample=truth.seed_entity)
        return truth, set_scores(result.entities, truth.target_entities).f1, loads


async def test_a_list_running_only_the_themes_script_is_read_as_served() -> None:
    truth, f1, loads = await _explored("/modules.html")
    assert f1 == 1.0
    start = truth.seed_path[0]
    assert (start, True) not in loads  # never loaded in the browser
    assert [u for u, _ in loads].count(start) == 1


async def test_a_list_running_a_script_of_its_own_is_rendered() -> None:
    truth, f1, loads = await _explored("/index2.html")
    assert f1 == 1.0
    assert (truth.base_url + "/index2.html", True) in loads
