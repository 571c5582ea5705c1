"""Where `explore` starts on a documentation whose home page draws its table of contents as a
nested list in its own content, the sample entity among the chapters and sections (fewer of
them in the sample's folder than a list needs): the home page is the list and none of the pages
its table of contents links is loaded to look for a wider one; a table of contents drawn in the
site's menu (a ``nav``, on every page alike) is no such list, and the page nearest the sample
is loaded as before (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth

USAGE = ["/usage/index.html", *(f"/usage/u{n}.html" for n in range(1, 5))]
API = ["/api/index.html", *(f"/api/a{n}.html" for n in range(1, 9))]
OTHERS = ["/faq.html", "/about.html"]  # linked beside the table of contents
SAMPLE = USAGE[2]


def _toc() -> str:
    def branch(pages: list[str]) -> str:
        sub = "".join(f'<li><a href="{u}">{u}</a></li>' for u in pages[1:])
        return f'<li><a href="{pages[0]}">{pages[0]}</a><ul>{sub}</ul></li>'

    return f"<ul>{branch(USAGE)}{branch(API)}</ul>"


class _Docs(Site):
    """A documentation: its home page's table of contents in `<main>` (or, `in_menu`, in a
    `<nav>` every page shows), two other pages beside it; every other page a text."""

    id = "docs-toc"
    kind = "entity-tree"
    in_menu = False

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path not in ("/", *USAGE, *API, *OTHERS):
            return web.Response(status=404)
        others = "".join(f'<a href="{u}">{u}</a> ' for u in OTHERS)
        toc = _toc() if path == "/" or self.in_menu else ""
        if self.in_menu:
            body = f"<nav>{toc}</nav><main><h1>{path}</h1><p>Text.</p><p>{others}</p></main>"
        else:
            body = f"<main><h1>{path}</h1><div class=toctree>{toc}</div><p>{others}</p></main>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": tuple(base_url + u for u in (*USAGE, *API))},
            target_type="page",
            seed_entity=base_url + SAMPLE,
        )


class _DocsMenu(_Docs):
    id = "docs-menu"
    in_menu = True


async def test_a_table_of_contents_holding_the_sample_is_the_list() -> None:
    async with LabServer([_Docs()]) as server:
        truth = server.truth("docs-toc")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert entry.url == start and entry.complete
    assert any(t.decision == "tree" for t in entry.trace)
    # the home page and the two pages beside its table of contents: none of its entries
    loaded = {t.subject for t in entry.trace if t.decision == "score"}
    assert not any(truth.base_url + u in loaded for u in (*USAGE, *API))
    # and the sample's page (explore loads it anyway), which links no page beside it
    assert entry.cost.downloads == 2 + len(OTHERS)
    assert set(result.entities) == set(truth.target_entities)


async def test_a_table_of_contents_in_the_menu_is_no_such_list() -> None:
    async with LabServer([_DocsMenu()]) as server:
        truth = server.truth("docs-menu")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert not any(t.decision == "tree" for t in entry.trace)
    # the page nearest the sample (its folder's first) is loaded to look for a wider list;
    # it shows the home page's menu alone, and so would the farther pages: none is loaded
    loaded = [t.subject for t in entry.trace if t.decision == "score"]
    assert loaded == [truth.base_url + "/", truth.base_url + USAGE[0]]
    assert any(t.decision == "near-same" for t in entry.trace)
    assert entry.url == truth.base_url + USAGE[0]
    assert set(result.entities) == set(truth.target_entities)
