"""SSUP's pagination on an API reference's crate page: ``/std/index.html`` lists its modules
(``/std/<module>/index.html``, the entities) and, in its introduction, links to a few items of
those modules (``/std/option/enum.Option.html``) and to the book's chapters (``/book/…``). The
items lie inside the folder a module of the list names (its contents) and the chapters inside
another folder below the site root: no page of the crate page's list, left out by their URLs
(`algorithms.ssup.elsewhere`) with no download, where each family's first page used to be
loaded for the HTML test."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

MODULES = (
    "alloc", "any", "array", "cell", "char", "collections", "env", "fmt", "fs", "io", "iter",
    "mem", "net", "option", "path", "process", "result", "string", "sync", "vec",
)  # fmt: skip
ITEMS = ("struct.Alpha.html", "struct.Beta.html", "enum.Gamma.html", "fn.delta.html")
SEED = "collections"


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _ApiReference(Site):
    """The crate page lists every module in a table and cites items and book chapters in its
    introduction; a module page lists its items under a breadcrumb to the crate page."""

    id = "api-reference"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = request.path.strip("/").split("/")
        if request.path in ("/", "/std/", "/std/index.html"):
            rows = "".join(
                f'<tr><td><a class="mod" href="/std/{m}/index.html">{m}</a></td>'
                f"<td>The {m} module.</td></tr>"
                for m in MODULES
            )
            intro = (
                '<p class="intro">The standard library: see <a href="/std/option/enum.Option.html">'
                'Option</a>, <a href="/std/vec/struct.Vec.html">Vec</a>, '
                '<a href="/std/result/enum.Result.html">Result</a>, and the book\'s '
                '<a href="/book/ch01-std.html">first</a> and '
                '<a href="/book/ch02-std.html">second</a> chapters.</p>'
            )
            return _html("std", f"<main>{intro}<h2>Modules</h2><table>{rows}</table></main>")
        if len(parts) == 3 and parts[0] == "std" and parts[1] in MODULES:
            module, page = parts[1], parts[2]
            crumb = '<nav class="crumb"><a href="/std/index.html">std</a></nav>'
            if page == "index.html":
                items = "".join(
                    f'<li><a class="item" href="/std/{module}/{i}">{i}</a></li>' for i in ITEMS
                )
                body = f"<h1>Module {module}</h1><p>About {module}.</p><ul>{items}</ul>"
                return _html(f"std::{module}", f"{crumb}<main>{body}</main>")
            back = f'<a href="/std/{module}/index.html">{module}</a>'
            return _html(page, f"{crumb}<main><h1>{page}</h1><p>In {back}.</p></main>")
        if len(parts) == 2 and parts[0] == "book":
            return _html(parts[1], f'<main><h1>{parts[1]}</h1><a href="/std/index.html">std</a>')
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        modules = tuple(f"{base_url}/std/{m}/index.html" for m in MODULES)
        seed = f"{base_url}/std/{SEED}/index.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": modules},
            target_type="module",
            seed_entity=seed,
            seed_path=(f"{base_url}/std/index.html", seed),
            index_levels=((f"{base_url}/std/index.html",),),
        )


async def test_an_entrys_contents_and_another_sections_pages_are_no_pages_of_the_list() -> None:
    truth, result, downloaded = await serve_and_discover(_ApiReference())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    pages = [u.removeprefix(truth.base_url) for u in downloaded]
    assert not [
        p
        for p in pages
        if p.startswith("/book/") or (p.count("/") > 2 and not p.endswith("/index.html"))
    ], pages
    skipped = [
        t
        for t in result.trace
        if t.step == "pagination" and "below the list's entries" in t.subject
    ]
    assert skipped, result.trace
    assert {u.removeprefix(truth.base_url) for t in skipped for u in t.urls} >= {
        "/std/option/enum.Option.html",
        "/book/ch01-std.html",
    }
