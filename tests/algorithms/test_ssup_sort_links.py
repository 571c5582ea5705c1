"""SSUP's pagination on a coverage report's index, against its truth: the table's column
headers link the same list sorted otherwise (``index-sort-l.html``), by an arrow icon whose
title reads "Sort by line coverage". Those pages show the list's entries again in another
order: no page of it, not loaded."""

from __future__ import annotations

import math

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.crawler import canonical_url
from siteseer.lab import Site, SiteTruth, set_scores

FILES = 14
SORTS = (("n", "name"), ("l", "line coverage"), ("f", "function coverage"))


class _ReportSite(Site):
    """`/index.html` lists `FILES` source files (`/src/<n>.c.html`), `/index-sort-<k>.html`
    the same list sorted by column <k>."""

    id = "coverage-sorts"
    kind = "entity-tree"

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        head = '<table class="title"><tr><td><a href="/index.html">top level</a></td></tr></table>'
        html = f"<html><head><title>{title}</title></head><body>{head}<h1>{title}</h1>{body}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    def _index(self, order: str) -> web.Response:
        files = list(range(1, FILES + 1))
        if order == "l":
            files.sort(key=lambda n: (n * 7) % FILES)
        elif order == "f":
            files.reverse()
        header = "".join(
            f'<td class="head">{name} <a href="/index-sort-{key}.html"><img src="updown.png" '
            f'alt="Sort by {name}" title="Sort by {name}"></a></td>'
            for key, name in SORTS
        )
        rows = "".join(
            f'<tr><td class="file"><a href="/src/{n}.c.html">{n}.c</a></td>'
            f'<td class="rate">{(n * 7) % 100}%</td><td class="rate">{n * 3}</td></tr>'
            for n in files
        )
        return self._page(
            "Coverage report",
            f'<center><table class="head"><tr>{header}</tr></table></center>'
            f'<table class="list">{rows}</table>',
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return self._index("")
        for key, _ in SORTS:
            if path == f"/index-sort-{key}.html":
                return self._index(key)
        name = path.removeprefix("/src/").removesuffix(".c.html")
        if path.startswith("/src/") and name.isdigit() and 1 <= int(name) <= FILES:
            lines = "".join(
                f'<tr><td class="line">{i}</td><td>code {i}</td></tr>' for i in range(9)
            )
            return self._page(f"{name}.c", f'<table class="source">{lines}</table>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        files = tuple(canonical_url(f"{base_url}/src/{n}.c.html") for n in range(1, FILES + 1))
        index = canonical_url(f"{base_url}/index.html")
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": files},
            target_type="file",
            seed_entity=files[0],
            seed_path=(index, files[0]),
            index_levels=((index,),),
        )


async def test_a_lists_sort_links_are_not_loaded() -> None:
    truth, result, downloaded = await serve_and_discover(_ReportSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert not [u for u in downloaded if "sort" in u], downloaded
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
