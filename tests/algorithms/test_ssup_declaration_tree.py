"""SSUP on an API reference built as TypeDoc builds one: the home page lists the package's
exports in panels under a heading each (Namespaces, Classes, Interfaces, Functions, Variables),
every entry marked up alike in one definition list; a namespace's page lists its own members in
the very same kind of list; each declaration has a page of its own, whose markup depends on its
kind (a class's page shows its members, a function's its signature); every page carries a
sidebar listing the top-level exports. The seed is a class; its kind is every declaration, at
the top level or in a namespace, and no namespace."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

CLASSES = ("Document", "Alias", "Composer", "Lexer", "Pair", "Parser", "Scalar", "Schema")
INTERFACES = ("CollectionTag", "EmptyStream", "ScalarTag", "MapLike")
FUNCTIONS = ("parse", "parseDocument", "stringify", "visit", "isNode", "isMap")
VARIABLES = ("BREAK", "REMOVE", "SKIP")
# Each namespace's own members, by kind folder; their names carry the namespace's.
NAMESPACES = {
    "CST": {
        "interfaces": ("CST.BlockMap", "CST.BlockScalar", "CST.Directive", "CST.FlowScalar"),
        "functions": ("CST.prettyToken", "CST.tokenType", "CST.visit"),
        "variables": ("CST.BOM", "CST.SCALAR"),
    },
    "Scalar": {"interfaces": ("Scalar.Parsed",), "types": ("Scalar.PLAIN", "Scalar.QUOTED")},
    "visit": {"variables": ("visit.BREAK", "visit.SKIP")},
}
TOP = {
    "classes": CLASSES,
    "interfaces": INTERFACES,
    "functions": FUNCTIONS,
    "variables": VARIABLES,
}
_HEADINGS = {
    "modules": "Namespaces",
    "classes": "Classes",
    "interfaces": "Interfaces",
    "types": "Type Aliases",
    "functions": "Functions",
    "variables": "Variables",
}


def _page(folder: str, name: str) -> str:
    return f"/{folder}/{name}.html"


def _declarations() -> list[str]:
    pages = [_page(f, n) for f, names in TOP.items() for n in names]
    for members in NAMESPACES.values():
        pages += [_page(f, n) for f, names in members.items() for n in names]
    return pages


def _panels(groups: dict[str, tuple[str, ...]]) -> str:
    """The panels of a summary: one per kind, under its heading, its entries in one `dl`."""
    out = []
    for folder, names in groups.items():
        entries = "".join(
            f'<dt class="tsd-member-summary" id="{n.lower()}"><span class="tsd-member-summary-name">'
            f'<a href="{_page(folder, n)}">{n}</a><a href="#{n.lower()}" class="tsd-anchor-icon">'
            "#</a></span></dt><dd></dd>"
            for n in names
        )
        heading = _HEADINGS[folder]
        out.append(
            '<details class="tsd-panel-group" open><summary class="tsd-accordion-summary">'
            f'<h2 id="{heading.lower()}">{heading}</h2></summary>'
            f'<dl class="tsd-member-summaries">{entries}</dl></details>'
        )
    return "".join(out)


class _DeclarationSite(Site):
    """The home page, the namespaces' pages and each declaration's page, TypeDoc's shape."""

    id = "declarations"
    kind = "entity-tree"

    @staticmethod
    def _html(title: str, body: str) -> web.Response:
        nested = "".join(
            f'<li><details><summary><a href="{_page("modules", ns)}">{ns}</a></summary><div><ul>'
            + "".join(
                f'<li><a href="{_page(f, n)}">{n}</a></li>' for f, names in m.items() for n in names
            )
            + "</ul></div></details></li>"
            for ns, m in NAMESPACES.items()
        )
        top = "".join(
            f'<li><a href="{_page(f, n)}">{n}</a></li>' for f, ns in TOP.items() for n in ns
        )
        nav = nested + top
        html = (
            f'<html lang="en"><head><title>{title}</title></head><body>'
            '<header class="tsd-page-toolbar"><a href="/index.html">yaml</a></header>'
            f'<div class="container"><div class="col-content"><h1>{title}</h1>{body}</div>'
            f'<div class="site-menu"><nav class="tsd-navigation"><a href="/index.html">yaml</a>'
            f'<ul class="tsd-nested-navigation" id="tsd-nav-container">{nav}</ul></nav></div>'
            "</div></body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _class(name: str) -> str:
        i = CLASSES.index(name)
        other = CLASSES[(i + 1) % len(CLASSES)]
        members = "".join(
            f'<section class="tsd-panel tsd-member"><h3 class="tsd-anchor-link" id="{m}">{m}</h3>'
            f'<ul class="tsd-signatures"><li class="tsd-signature"><div class="tsd-signature-type">'
            f'{m}(): <a href="{_page("classes", other)}">{other}</a></div>'
            f'<div class="tsd-description"><p>Does {m}.</p></div></li></ul></section>'
            for m in ("constructor", "clone", "toJSON", "toString", "get", "set")
        )
        return (
            '<section class="tsd-panel tsd-hierarchy"><h4>Hierarchy</h4><ul class="tsd-hierarchy">'
            f'<li><a href="{_page("classes", other)}">{other}</a></li></ul></section>'
            '<details class="tsd-panel-group tsd-member-group" open><summary><h2>Methods</h2>'
            f"</summary><section>{members}</section></details>"
        )

    @staticmethod
    def _other(folder: str, name: str) -> str:
        return (
            '<div class="tsd-signature"><span class="tsd-kind">'
            f"{_HEADINGS[folder]}</span> {name}(value: unknown): boolean</div>"
            f'<div class="tsd-comment"><p>About {name}.</p></div>'
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            groups = {"modules": tuple(NAMESPACES), **TOP}
            return self._html("yaml", _panels(groups))
        for namespace, members in NAMESPACES.items():
            if path == _page("modules", namespace):
                return self._html(f"Namespace {namespace}", _panels(members))
        for name in CLASSES:
            if path == _page("classes", name):
                return self._html(f"Class {name}", self._class(name))
        for page in _declarations():
            if path == page:
                folder, name = page.strip("/").removesuffix(".html").split("/")
                return self._html(f"{_HEADINGS[folder]} {name}", self._other(folder, name))
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + _page("classes", "Document")
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"declaration": tuple(base_url + p for p in _declarations())},
            target_type="declaration",
            seed_entity=seed,
            seed_path=(base_url + "/index.html", seed),
            index_levels=(
                (base_url + "/index.html",),
                tuple(base_url + _page("modules", n) for n in NAMESPACES),
            ),
        )


async def test_a_namespace_among_the_declarations_is_a_section_its_members_of_the_level() -> None:
    # The home page's list holds namespaces beside the declarations: a namespace's page fails
    # the HTML test (a list) and so does a function's (another kind's markup); the namespace
    # lists declarations as the home page does, so it is a section whose members join the
    # level, and the function, listing none, a leaf of the same tree.
    truth, result, _ = await serve_and_discover(_DeclarationSite(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0, (scores, sorted(set(truth.target_entities) - set(result.entities)))
    assert scores.precision == 1.0, (
        scores,
        sorted(set(result.entities) - set(truth.target_entities)),
    )
