"""SSUP's climb stops at an index page that lists the page found above it among its entries.

A documentation's index (``/docs/index.html``) lists its pages in a definition list: the
project's files as terms (``dl/dt/a``: README, release notes), the documents under each term
(``dl/dd/ul/li/a``). The release notes cite the index among the documents they changed, all
under ``/docs/``, as every project file does: pages listing the index among pages like it,
which the climb took for the level above. The index lists it beside its own entries, in the very list through which it
lists the seed: an entry of that list, and the climb stops at the index."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

TERMS = ("README", "NOTES", "HISTORY", "FAQ")
DOCS = {t: tuple(f"/docs/{t.lower()}/page{k}.html" for k in range(4)) for t in TERMS}


def _page(title: str, body: str, header: str = "/docs/index.html") -> web.Response:
    return web.Response(
        text=f"<html><head><title>{title}</title></head><body>"
        f'<div class="header"><a href="{header}">Overview</a></div>'
        f'<div class="document" id="main"><h1>{title}</h1>{body}</div></body></html>',
        content_type="text/html",
    )


def _index() -> str:
    terms = "".join(
        f'<dt><a href="/{t}.html">{t}</a></dt><dd><ul class="simple">'
        + "".join(f'<li><a href="{u}">{u}</a></li>' for u in DOCS[t])
        + "</ul></dd>"
        for t in TERMS
    )
    return f'<dl class="docutils">{terms}</dl>'


def _cites(term: str) -> str:
    cited = ["/docs/index.html", *(u for t in TERMS if t != term for u in DOCS[t][: len(t) - 2])]
    items = "".join(f'<li><a href="{u}">{u}</a> changed.</li>' for u in cited)
    return f'<p>See also:</p><ul class="simple">{items}</ul>'


class _Docs(Site):
    kind = "entity-tree"
    id = "listed-beside"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/docs/index.html":
            return _page("Documentation", _index())
        term = path.removeprefix("/").removesuffix(".html")
        if term in TERMS:
            return _page(term, _cites(term), header=f"/{term}.txt")
        if any(path in urls for urls in DOCS.values()):
            return _page(path, "<p>A document.</p><p>Its text.</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        docs = tuple(f"{base_url}{u}" for urls in DOCS.values() for u in urls)
        index = f"{base_url}/docs/index.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": docs},
            target_type="document",
            seed_entity=docs[5],
            seed_path=(index, docs[5]),
            index_levels=((index,),),
        )


async def test_the_climb_stops_at_an_index_page_listing_the_page_above_among_its_entries() -> None:
    truth, result, _ = await serve_and_discover(_Docs(), height="auto")
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, sorted(result.entities)
    assert result.index_pages[-1] == (truth.index_levels[0][0],), result.index_pages


async def test_the_entries_beside_the_page_below_are_not_downloaded_as_pages_above() -> None:
    truth, result, downloaded = await serve_and_discover(_Docs(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, sorted(result.entities)
    terms = {f"{truth.base_url}/{t}.html" for t in TERMS}
    assert not terms & set(downloaded), downloaded
