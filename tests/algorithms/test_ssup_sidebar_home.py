"""SSUP from an API reference's module page whose sidebar, carried by every page, lists the home
page by its index document (``/index.html``) beside every module (``/fs.html``, ``/os.html``):
the home page carrying the sidebar is the navigation's index page, read as the site root though
a module's URL (``/os.html``) is shorter, so no further module page is downloaded to show the
sidebar is the whole list.

The home page is a table of contents, unlike a module's page; a module's page carries the
sidebar and links two other modules from its text."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

MODULES = (
    "assert", "buffer", "cluster", "console", "crypto", "dns", "events", "fs", "http", "https",
    "net", "os", "path", "process", "stream", "timers", "tls", "url", "util", "vm", "zlib",
)  # fmt: skip
SEED = "/fs.html"


def _sidebar() -> str:
    items = "".join(f'<li><a href="/{m}.html">{m}</a></li>' for m in MODULES)
    return (
        '<div id="column2" class="interior"><ul><li><a href="/index.html">Index</a></li>'
        f"{items}</ul></div>"
    )


def _page(title: str, main: str) -> web.Response:
    return web.Response(
        text=f"<html lang='en'><head><title>{title}</title></head><body>{_sidebar()}"
        f'<div id="column1" class="interior">{main}</div></body></html>',
        content_type="text/html",
    )


def _module(name: str) -> web.Response:
    k = MODULES.index(name)
    see = "".join(
        f'<p>See <a href="/{MODULES[(k + d) % len(MODULES)]}.html">also</a>.</p>' for d in (3, 7)
    )
    sections = "".join(
        f'<section><h2 id="{name}_{s}">{name}.{s}()</h2><p>Text.</p><pre>code</pre></section>'
        for s in ("open", "read", "write")
    )
    return _page(name, f"<header><h1>{name}</h1></header>{sections}{see}")


def _home() -> web.Response:
    rows = "".join(f"<dt><b>{m}</b></dt><dd>The {m} module.</dd>" for m in MODULES)
    return _page("Index", f"<table><tr><td><dl>{rows}</dl></td></tr></table>")


class _Reference(Site):
    id = "sidebar-home"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return _home()
        name = path.removeprefix("/").removesuffix(".html")
        return _module(name) if name in MODULES else web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": tuple(f"{base_url}/{m}.html" for m in MODULES)},
            target_type="module",
            seed_entity=base_url + SEED,
            seed_path=(base_url + "/index.html", base_url + SEED),
            index_levels=((base_url + "/index.html",),),
        )


async def test_the_home_page_by_its_index_document_is_the_sidebar_index_page() -> None:
    truth, result, downloaded = await serve_and_discover(_Reference())
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path
    # the seed, the home page, one module page showing the sidebar lists pages like the seed
    assert len(downloaded) <= 3, downloaded
