"""`explore` where the lists beside the start list include pages that list none, against the
lab's truth: a reference whose home page links its library's index beside the site's books
(each its folder's index document, linked alike), its modules' pages linking the books in a
menu, or the home page on their trail: the first book, loaded, lists none and holds no list,
so the other books are not loaded; where the modules' pages link neither, the home page is a
landing page beside the modules' tree and the books no sections of it: none is loaded;
a manual whose home page links each section's
index (``whatis?2``) and each section's own page (``sec?2``): the first at each address is
loaded, and only the indexes, whose first lists pages, are loaded all."""

from __future__ import annotations

import pytest
from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

MODULES = [f"m{n}" for n in range(12)]
BOOKS = ["book", "nomicon", "reference", "guide", "cookbook"]


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Reference(Site):
    id = "reference-books"
    kind = "entity-tree"

    def __init__(self, menu: str) -> None:
        super().__init__()
        self.menu = menu

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            items = "".join(f'<li><a href="/{b}/index.html">{b}</a></li>' for b in ["std", *BOOKS])
            return _page(f"<h1>Documentation</h1><ul>{items}</ul>")
        if path == "/std/index.html":
            items = "".join(f'<li><a href="/std/{m}/index.html">{m}</a></li>' for m in MODULES)
            return _page(f'<h1>std</h1><ul class="modules">{items}</ul>')
        if path in {f"/std/{m}/index.html" for m in MODULES}:
            books = "".join(f'<a href="/{b}/index.html">{b}</a> ' for b in BOOKS)
            nav = {"books": books, "home": '<a href="/">Docs</a>', "none": ""}[self.menu]
            return _page(f"<nav>{nav}</nav><h1>{path}</h1><p>A module.</p>")
        if path in {f"/{b}/index.html" for b in BOOKS}:
            chapters = "".join(f'<a href="ch{n}.html">Chapter {n}</a> ' for n in range(3))
            return _page(f"<h1>{path}</h1><p>A book.</p><p>{chapters}</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/std/{m}/index.html" for m in MODULES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": urls},
            target_type="module",
            seed_entity=urls[3],
        )


@pytest.mark.parametrize("menu", ["books", "home", "none"])
async def test_the_first_list_beside_listing_nothing_stands_for_the_others(menu: str) -> None:
    async with LabServer([_Reference(menu)]) as server:
        truth = server.truth("reference-books")
        home = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, home, truth.seed_entity)
            assert entry.url == truth.base_url + "/std/index.html"
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=home)
        asked = server.requests("reference-books")
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    skipped = {s.subject for s in result.skipped if s.reason == "not-a-list"}
    assert skipped == {f"{truth.base_url}/{b}/index.html" for b in BOOKS}
    # the first book loaded, no other; none where the modules' pages link neither
    assert sum(asked[f"/{b}/index.html"] for b in BOOKS) == (0 if menu == "none" else 1)


SECTIONS = {n: [f"{n}+cmd{n}{k}" for k in range(6)] for n in range(1, 5)}


class _Manual(Site):
    """A manual's home page linking each section's index (``whatis?2``: its pages) and, at
    another address, each section's own page (``sec?2``: a text, no page linked)."""

    id = "manual-sections"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, query = request.path, request.rel_url.raw_query_string
        if path == "/":
            links = "".join(
                f'<li><a href="/man/whatis?{n}">Index {n}</a> <a href="/man/sec?{n}">Section {n}</a></li>'
                for n in SECTIONS
            )
            return _page(f"<h1>Manual</h1><ul>{links}</ul>")
        if path == "/man/whatis" and query.isdigit() and int(query) in SECTIONS:
            items = "".join(
                f'<li><a href="/man/page?{p}">{p}</a></li>' for p in SECTIONS[int(query)]
            )
            return _page(
                f'<a href="/">Manual</a><h1>Index {query}</h1><ul class="pages">{items}</ul>'
            )
        if path == "/man/sec" and query.isdigit() and int(query) in SECTIONS:
            return _page(f'<a href="/">Manual</a><h1>Section {query}</h1><p>What it holds.</p>')
        if path == "/man/page" and any(query in pages for pages in SECTIONS.values()):
            return _page(f'<a href="/">Manual</a><h1>{query}</h1><pre>Usage.</pre>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/man/page?{p}" for pages in SECTIONS.values() for p in pages)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=f"{base_url}/man/page?{SECTIONS[2][1]}",
        )


async def test_the_first_list_beside_at_an_address_stands_for_that_address_only() -> None:
    async with LabServer([_Manual()]) as server:
        truth = server.truth("manual-sections")
        home = truth.base_url + "/"
        start = truth.base_url + "/man/whatis?2"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, start, entity_sample=truth.seed_entity, hub=home)
        asked = server.requests("manual-sections")
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    # every section's index loaded; of the sections' own pages, the first only
    assert all(asked[f"/man/whatis?{n}"] == 1 for n in SECTIONS)
    assert sum(asked[f"/man/sec?{n}"] for n in SECTIONS) == 1
