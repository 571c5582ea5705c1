"""SSUP from a book's chapter whose sidebar, carried by every page, lists every chapter: once a
page the seed links shows that the sidebar is its list, the site root the seed links from its
header (site navigation) is probed next, before the seed's neighbours, and ends the climb as
the navigation's index page.

Every page, the home page too (a copy of the first chapter), carries the header and the
sidebar of every part and its chapters; a chapter links its part's page and its neighbours
(prev, next). The level is the sidebar's whole list, and no chapter of the seed's own part is
downloaded to tell the sidebar from the seed's list again."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

PARTS = ("intro", "items", "types", "patterns", "expressions")
CHAPTERS = tuple(f"/{part}/{name}{k}.html" for part in PARTS for k, name in enumerate("abcde"))
PAGES = (*(f"/{part}.html" for part in PARTS), *CHAPTERS)
ORDER = tuple(
    page
    for part in PARTS
    for page in (f"/{part}.html", *(c for c in CHAPTERS if c.startswith(f"/{part}/")))
)


def _sidebar() -> str:
    items = []
    for part in PARTS:
        chapters = "".join(
            f'<li class="chapter-item"><a href="{c}">{c}</a></li>'
            for c in CHAPTERS
            if c.startswith(f"/{part}/")
        )
        items.append(
            f'<li class="chapter-item"><a href="/{part}.html">{part}</a></li>'
            f'<li><ol class="section">{chapters}</ol></li>'
        )
    return f'<nav class="sidebar"><ol class="chapter">{"".join(items)}</ol></nav>'


def _page(path: str) -> web.Response:
    k = ORDER.index(path)
    bar = "".join(
        f'<a rel="{rel}" href="{ORDER[j]}">{rel}</a>'
        for rel, j in (("prev", k - 1), ("next", k + 1))
        if 0 <= j < len(ORDER)
    )
    return web.Response(
        text=f"<html><head><title>{path}</title></head><body>"
        f'<header><a href="/">The book</a></header>{_sidebar()}'
        f"<main><h1>{path}</h1><p>Text of the chapter.</p><p>More text.</p></main>"
        f'<div class="nav-wrapper">{bar}</div></body></html>',
        content_type="text/html",
    )


class _Book(Site):
    kind = "entity-tree"
    id = "book-root"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return _page(ORDER[0])
        if path in PAGES:
            return _page(path)
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}{p}" for p in PAGES)
        seed = f"{base_url}{CHAPTERS[7]}"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"chapter": pages},
            target_type="chapter",
            seed_entity=seed,
            seed_path=(f"{base_url}/", seed),
            index_levels=((f"{base_url}/",),),
        )


async def test_the_site_root_carrying_the_sidebar_is_probed_next() -> None:
    truth, result, downloaded = await serve_and_discover(_Book(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, sorted(result.entities)
    assert result.sample_path[0] == f"{truth.base_url}/", result.sample_path
    # no chapter of the seed's part beside it: the root is probed next, ending the climb
    assert downloaded[-1] == f"{truth.base_url}/", downloaded
    assert not [u for u in downloaded[1:] if "/items/" in u], downloaded
    assert len(downloaded) <= 4, downloaded
