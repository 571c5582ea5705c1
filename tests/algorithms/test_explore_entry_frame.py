"""Where `explore` starts on a documentation site whose every page carries the whole menu: the
home page lists every page, the sample's page links none it does not, so no linked page is
loaded (against the lab's truth); an API reference's module pages, shaped as
the sample its home page lists, are that list's entities and not loaded at all (whose few links
and a search form read as a small list with a facet: they would add nothing to it); a reference whose every page carries the home page's
menu and a settings form (each a list with facets as wide as the home page) loads the first
round of its links alone."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.algorithms.entrypoint import ROUND
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CHAPTERS = {"guide": 14, "reference": 12, "howto": 9}


def _pages() -> list[str]:
    return [f"/{c}/{c}-{n}/" for c, count in CHAPTERS.items() for n in range(1, count + 1)]


class _Manual(Site):
    """A manual: every page, the home page included, shows the menu of every chapter's pages
    (``/<chapter>/<chapter>-<n>/``) beside its own text."""

    id = "manual-frame"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path != "/" and path not in _pages():
            return web.Response(status=404)
        menu = "".join(
            f"<li>{c.title()}<ul>"
            + "".join(
                f'<li><a href="/{c}/{c}-{n}/">{c.title()} page {n}</a></li>'
                for n in range(1, count + 1)
            )
            + "</ul></li>"
            for c, count in CHAPTERS.items()
        )
        body = f'<nav><ul class="menu">{menu}</ul></nav><main><h1>{path}</h1><p>Text.</p></main>'
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + p for p in _pages())
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=urls[3],
        )


async def test_pages_carrying_the_start_pages_list_are_not_loaded() -> None:
    async with LabServer([_Manual()]) as server:
        truth = server.truth("manual-frame")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            assert entry.url == start and entry.complete
            # the home page and the sample's, which explore loads anyway
            assert entry.cost.downloads == 2 < 1 + ROUND
            assert any(t.decision == "start-closed" for t in entry.trace)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


MODULES = 30


class _ModuleIndex(Site):
    """An API reference: its home page lists every module (``/Mod-<n>.html``); a module's page
    links its few source files and carries a GET search form whose select of scopes reads as a
    facet, no menu of the modules."""

    id = "module-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        modules = [f"/Mod-{n}.html" for n in range(1, MODULES + 1)]
        if path == "/":
            items = "".join(f'<li><a href="{m}">Module {m[5:-5]}</a></li>' for m in modules)
            body = f'<h1>Modules</h1><ul class="modules">{items}</ul>'
        elif path in modules:
            sources = "".join(
                f'<li><a href="/src/{path[1:-5]}-{i}.html">Source {i}</a></li>' for i in range(4)
            )
            form = (
                '<form action="/search" method="get"><input name="q">'
                '<select name="scope"><option value="all">All</option>'
                '<option value="module">This module</option></select></form>'
            )
            body = f'<h1>{path}</h1>{form}<ul class="sources">{sources}</ul>'
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/Mod-{n}.html" for n in range(1, MODULES + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": urls},
            target_type="module",
            seed_entity=urls[4],
        )


async def test_module_pages_the_start_page_lists_are_not_loaded() -> None:
    # the home page lists every module, the sample among them: the module pages are its
    # entities (their few source links beside a form's select would read as a list with a
    # facet, dwarfed by it), none is loaded
    async with LabServer([_ModuleIndex()]) as server:
        truth = server.truth("module-index")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            assert entry.url == start and entry.complete
            assert entry.cost.downloads == 1
            assert any(t.decision == "peers-left" for t in entry.trace)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


GROUPS, CLASSES = 10, 20


class _Reference(Site):
    """An API reference whose every page, the home page included, carries the menu of every
    group page (``/groups/G-<n>.html``) and class page (``/classes/C-<n>.html``) and a GET form
    of display settings whose select reads as a facet: each page is a list with facets as wide
    as the home page."""

    id = "reference-settings"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        groups = [f"/groups/G-{n}.html" for n in range(1, GROUPS + 1)]
        classes = [f"/classes/C-{n}.html" for n in range(1, CLASSES + 1)]
        path = request.path
        if path != "/" and path not in groups + classes:
            return web.Response(status=404)
        menu = "".join(
            f'<ul class="{name}">'
            + "".join(f'<li><a href="{u}">{u.rsplit("/", 1)[-1][:-5]}</a></li>' for u in urls)
            + "</ul>"
            for name, urls in (("groups", groups), ("classes", classes))
        )
        form = (
            '<form action="/" method="get"><select name="theme">'
            '<option value="os">OS</option><option value="light">Light</option>'
            '<option value="dark">Dark</option></select></form>'
        )
        body = f"<nav>{form}{menu}</nav><main><h1>{path}</h1><p>Text.</p></main>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/classes/C-{n}.html" for n in range(1, CLASSES + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": urls},
            target_type="class",
            seed_entity=urls[4],
        )


async def test_pages_carrying_the_start_pages_list_and_form_are_not_all_loaded() -> None:
    # the home page and every page it links show the same menu and settings form: once the
    # first round shows no wider list, the other pages are not loaded
    async with LabServer([_Reference()]) as server:
        truth = server.truth("reference-settings")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            assert entry.url == start and entry.complete
            assert entry.cost.downloads == 1 + ROUND
            assert any(t.decision == "start-widest" for t in entry.trace)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0
