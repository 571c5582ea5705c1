"""SSUP on an API reference built as JSDoc's default template builds one: every page, the home,
the namespaces', the classes' and the source listings', carries a sidebar listing the
namespaces and then every class; a class's page links its namespace, the class it extends and
its source listing; a namespace's page lists a few classes. No page lists the classes but the
sidebar: it is their level, the home page their index page."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

NAMESPACES = ("drawing", "drawing.util", "drawing.filters", "drawing.io")
CLASSES = tuple(
    f"drawing.{n}"
    for n in (
        "Shape", "Rect", "Circle", "Ellipse", "Line", "Path", "Polygon", "Polyline", "Text",
        "Image", "Group", "Canvas", "Color", "Gradient", "Pattern", "Shadow", "Point", "Brush",
    )
)  # fmt: skip


def _page(name: str) -> str:
    return f"/{name}.html"


def _source(name: str) -> str:
    return f"/shapes_{name.rsplit('.', 1)[-1].lower()}.class.js.html"


class _ApiSite(Site):
    """The home page, the namespaces' and the classes' pages, the classes' source listings."""

    id = "apiref"
    kind = "entity-tree"

    @staticmethod
    def _html(title: str, body: str) -> web.Response:
        namespaces = "".join(f'<li><a href="{_page(n)}">{n}</a></li>' for n in NAMESPACES)
        classes = "".join(f'<li><a href="{_page(c)}">{c}</a></li>' for c in CLASSES)
        nav = (
            '<nav><h2><a href="/index.html">Home</a></h2>'
            f"<h3>Namespaces</h3><ul>{namespaces}</ul><h3>Classes</h3><ul>{classes}</ul></nav>"
        )
        html = (
            f'<html lang="en"><head><title>{title}</title></head><body><div id="main">'
            f'<h1 class="page-title">{title}</h1>{body}</div>{nav}</body></html>'
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _class(name: str) -> str:
        i = CLASSES.index(name)
        extends = (
            f'<dt>Extends</dt><dd><a href="{_page(CLASSES[0])}">{CLASSES[0]}</a></dd>' if i else ""
        )
        members = "".join(
            f'<h4 class="name" id="{m}">{m}()</h4><div class="description">Does {m}.</div>'
            f'<dl class="details"><dt>Source:</dt><dd><ul><li>'
            f'<a href="{_source(name)}#line{3 * k + 1}">line {3 * k + 1}</a></li></ul></dd></dl>'
            for k, m in enumerate(("render", "toObject", "set", "get"))
        )
        return (
            f'<section><header><h2><span class="ancestors"><a href="{_page("drawing")}">drawing</a>.'
            f"</span>{name}</h2></header><article><dl>{extends}<dt>Source:</dt><dd>"
            f'<a href="{_source(name)}">{_source(name)[1:]}</a></dd></dl>'
            f'<h3 class="subsection-title">Methods</h3>{members}</article></section>'
        )

    @staticmethod
    def _namespace(name: str) -> str:
        held = [c for c in CLASSES if name == "drawing"][:3]
        listed = "".join(f'<dt><a href="{_page(c)}">{c}</a></dt><dd>A class.</dd>' for c in held)
        return (
            f"<section><article><p>The namespace {name}.</p><dl>{listed}</dl></article></section>"
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return self._html("Home", "<section><article><p>Read me.</p></article></section>")
        for name in NAMESPACES:
            if path == _page(name):
                return self._html(f"Namespace: {name}", self._namespace(name))
        for name in CLASSES:
            if path == _page(name):
                return self._html(f"Class: {name}", self._class(name))
            if path == _source(name):
                code = "".join(f"<li>line {k}</li>" for k in range(12))
                return self._html(f"Source: {path}", f"<pre><ol>{code}</ol></pre>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + _page("drawing.Rect")
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": tuple(base_url + _page(c) for c in CLASSES)},
            target_type="class",
            seed_entity=seed,
            seed_path=(base_url + "/index.html", seed),
            index_levels=((base_url + "/index.html",),),
        )


async def test_a_sidebar_listing_every_class_is_their_level_though_other_kinds_carry_it() -> None:
    # The climb loads the seed's heaviest candidates, the class it extends, its namespace,
    # its source listing and the home, every one linking to it through the sidebar alone;
    # most are no class, yet the pages the sidebar lists that were loaded are like the seed.
    truth, result, _ = await serve_and_discover(_ApiSite(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0, (scores, sorted(result.entities))
    assert scores.f1 >= 0.85, (scores, sorted(result.entities))
