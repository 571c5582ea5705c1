"""SSUP's full probe takes first the pages every probed page of the seed's kind links to.

A C library's reference keeps one page per function in a folder of its own (``/c3ref/``); each
page's text cites its neighbours, some cite a guide of the site's root folder
(``/compile.html``) that cites a dozen of them in its prose, and each ends with "see also the
lists of objects and of functions", the folder's indexes, in a paragraph like those of its
text. The guide, met first
in document order, lists the seed among pages like it; the list of functions, which every
function page links to, is the index page, and its name's first letter is no stem the guide's
shares with the folder's (``c3ref`` does not read as ``compile``'s child)."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

FUNCS = 30
OBJECTS = 4


def _html(body: str) -> web.Response:
    return web.Response(
        text="<html><head><title>reference</title></head><body>"
        '<div class="menu"><a href="/index.html">Home</a> <a href="/about.html">About</a> '
        '<a href="/docs.html">Docs</a></div>'
        f"{body}</body></html>",
        content_type="text/html",
    )


def _function(k: int) -> str:
    near = [j for j in (k - 1, k + 1, k + 5) if 1 <= j <= FUNCS]
    cited = ", ".join(f'<a href="../c3ref/fn{j}.html">fn{j}()</a>' for j in near)
    guide = '<a href="../compile.html">compile options</a> and on ' if k % 3 == 1 else ""
    return (
        '<a href="intro.html"><h2>C interface</h2></a>'
        f"<h1>fn{k}()</h1><p>Works together with {cited}.</p>"
        f"<p>Its behaviour depends on the {guide}"
        f'<a href="../c3ref/obj{k % OBJECTS + 1}.html">obj{k % OBJECTS + 1}</a>.</p>'
        '<p>See also the lists of <a href="objlist.html">Objects</a> and '
        '<a href="funclist.html">Functions</a>.</p>'
    )


class _Reference(Site):
    kind = "entity-tree"
    id = "c-reference"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/compile.html":
            cited = "".join(
                f'<p>Option {k} changes <a href="c3ref/fn{k}.html">fn{k}()</a>.</p>'
                for k in range(1, 13)
            )
            return _html(f'<div class="doc">{cited}</div>')
        if path == "/c3ref/funclist.html":
            items = "".join(
                f'<li><a href="../c3ref/fn{k}.html">fn{k}</a></li>'
                f'<li><a href="../c3ref/fn{k}.html#v2">fn{k}_v2</a></li>'
                for k in range(1, FUNCS + 1)
            )
            return _html(f'<a href="intro.html"><h2>C interface</h2></a><ul>{items}</ul>')
        if path == "/c3ref/objlist.html":
            items = "".join(
                f'<li><a href="../c3ref/obj{k}.html">obj{k}</a></li>' for k in range(1, OBJECTS + 1)
            )
            return _html(f'<a href="intro.html"><h2>C interface</h2></a><ul>{items}</ul>')
        if path in ("/", "/index.html", "/about.html", "/docs.html", "/c3ref/intro.html"):
            return _html(
                '<p>An embedded database. Read <a href="/compile.html">how to build</a>.</p>'
            )
        for k in range(1, OBJECTS + 1):
            if path == f"/c3ref/obj{k}.html":
                return _html(f"<h1>obj{k}</h1><p>An object.</p>")
        for k in range(1, FUNCS + 1):
            if path == f"/c3ref/fn{k}.html":
                return _html(_function(k))
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/c3ref/fn7.html"
        index = f"{base_url}/c3ref/funclist.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={
                "function": tuple(f"{base_url}/c3ref/fn{k}.html" for k in range(1, FUNCS + 1))
            },
            target_type="function",
            seed_entity=seed,
            seed_path=(index, seed),
            index_levels=((index,),),
        )


async def test_the_list_every_page_of_the_kind_links_to_is_probed_first() -> None:
    truth, result, _ = await serve_and_discover(_Reference())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert truth.index_levels[0][0] in result.index_pages[-1], result.index_pages
