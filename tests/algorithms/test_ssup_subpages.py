"""SSUP keeps a page tree's sub-pages with the pages they hang from.

A notebook's index nests its pages under their namespaces (``li/ul/li/a``: ``/Help.html`` over
``/Help/Pages.html``), and a page's own sub-pages one depth further under its entry, their URLs
in the folder its URL names (``/Help/Export.html`` over ``/Help/Export/HTML.html``). The seed is
a page of a namespace: its depth is the level, and the sub-pages one depth below are pages of
it too, kept without a download; the namespaces' own pages above are not."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_TREE = {
    "Help": {f"Topic{i}": [] for i in range(8)} | {"Export": ["HTML", "LaTeX", "Markdown"]},
    "Plugins": {f"Plugin{i}": [] for i in range(6)} | {"Tables": ["Basic", "Advanced"]},
}


def _pages() -> list[str]:
    return [
        f"/{ns}/{page}{sub}.html"
        for ns, pages in _TREE.items()
        for page, subs in pages.items()
        for sub in ["", *(f"/{s}" for s in subs)]
    ]


def _index() -> str:
    def item(path: str, inner: str = "") -> str:
        name = path.rsplit("/", 1)[-1]
        return f'<li><a class="page" href=".{path}.html">{name}</a>{inner}</li>'

    def nested(items: list[str]) -> str:
        return f"<ul>{''.join(items)}</ul>" if items else ""

    tree = [
        item(
            f"/{ns}",
            nested(
                [
                    item(f"/{ns}/{page}", nested([item(f"/{ns}/{page}/{s}") for s in subs]))
                    for page, subs in pages.items()
                ]
            ),
        )
        for ns, pages in _TREE.items()
    ]
    return f'<div class="index"><h1>Index</h1>{nested(tree)}</div>'


class _Notebook(Site):
    kind = "entity-tree"
    id = "subpages"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            body = _index()
        elif path in _pages() or path.removesuffix(".html").lstrip("/") in _TREE:
            name = path.removesuffix(".html").rsplit("/", 1)[-1]
            body = (
                f'<div class="header"><a href="/index.html">Index</a></div><div class="page">'
                f"<h1>{name}</h1><p>About {name}.</p></div>"
            )
        else:
            return web.Response(status=404, text="not found")
        html = f"<html><head><title>{path}</title></head><body>{body}</body></html>"
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}{p}" for p in _pages())
        seed = f"{base_url}/Help/Topic3.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": pages},
            target_type="page",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", seed),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_a_pages_sub_pages_are_kept_with_it() -> None:
    truth, result, downloaded = await serve_and_discover(_Notebook())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert len(downloaded) <= 6, downloaded
