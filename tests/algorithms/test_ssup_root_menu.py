"""SSUP's climb ends at the site root, found above the seed's index page, without probing the
site menu's pages.

A reference's function list (``/c3ref/funclist.html``) lists its functions; the home page
lists it in a nested list among documents of other kinds and the other lists (no confirmed
index page of it), and every page, the home page too, carries the site menu (About,
Download, Support, ...), none of whose pages lists the function list. Above the seed, the
site root found the best candidate ends the climb there: the menu's pages, linking back
through the menu if at all, are not downloaded."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

MENU = ("about", "download", "support", "copyright", "news", "features", "chronology")
FUNCTIONS = tuple(f"/c3ref/func{k}.html" for k in range(12))
DOCUMENTS = ("/intro.html", "/lang.html", "/pragma.html", "/faq.html", "/quirks.html")


def _page(title: str, body: str) -> web.Response:
    menu = "".join(f'<li><a href="/{m}.html">{m}</a></li>' for m in MENU)
    return web.Response(
        text=f"<html><head><title>{title}</title></head><body>"
        f'<div class="nav"><a href="/index.html">Home</a><ul class="menu">{menu}</ul>'
        "</div>"
        f"<main><h1>{title}</h1>{body}</main></body></html>",
        content_type="text/html",
    )


def _home() -> str:
    docs = "".join(f'<li><a href="{d}">{d}</a></li>' for d in DOCUMENTS)
    return (
        '<ul class="docs"><li>Documents<ul>'
        f'{docs}<li><a href="/c3ref/funclist.html">Functions</a></li>'
        '<li><a href="/c3ref/constlist.html">Constants</a></li>'
        '<li><a href="/c3ref/objlist.html">Objects</a></li></ul></li></ul>'
    )


class _Reference(Site):
    kind = "entity-tree"
    id = "root-menu"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return _page("Home", _home())
        if path == "/c3ref/funclist.html":
            items = "".join(f'<li><a href="{f}">{f}</a></li>' for f in FUNCTIONS)
            peers = '<p><a href="/c3ref/constlist.html">Constants</a> <a href="/c3ref/objlist.html">Objects</a></p>'
            return _page("Functions", f"{peers}<ul>{items}</ul>")
        if path in ("/c3ref/constlist.html", "/c3ref/objlist.html"):
            return _page(
                path, '<p>Other lists.</p><p><a href="/c3ref/funclist.html">Functions</a></p>'
            )
        if path in FUNCTIONS:
            k = FUNCTIONS.index(path)
            see = "".join(
                f'<a href="{FUNCTIONS[(k + d) % len(FUNCTIONS)]}">see</a> ' for d in (1, 2)
            )
            return _page(
                path, f'<p>A function, {see}</p><p><a href="/c3ref/funclist.html">All</a></p>'
            )
        if path.removeprefix("/").removesuffix(".html") in MENU or path in DOCUMENTS:
            return _page(path, "<p>Some text.</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        functions = tuple(f"{base_url}{f}" for f in FUNCTIONS)
        index = f"{base_url}/c3ref/funclist.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"function": functions},
            target_type="function",
            seed_entity=functions[4],
            seed_path=(index, functions[4]),
            index_levels=((index,),),
        )


async def test_the_site_root_above_ends_the_climb_without_the_menu_pages() -> None:
    truth, result, downloaded = await serve_and_discover(_Reference(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, sorted(result.entities)
    assert result.sample_path[0] == f"{truth.base_url}/index.html", result.sample_path
    # the menu's pages are no candidates probed one by one after the root (a full probe)
    assert not [e.subject for e in result.trace if e.decision == "fallback"], downloaded
    menu = {f"{truth.base_url}/{m}.html" for m in MENU}
    assert not menu & set(downloaded), downloaded
