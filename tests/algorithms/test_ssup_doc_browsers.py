"""SSUP on shapes of generated documentation, each served as its generator writes it:

- a book whose sidebar lists every chapter on every page (the site root a copy of the first
  chapter), chapters at the top and in part folders beside the part's own page
  (``/items.html``, ``/items/functions.html``) (mdBook);
- an API reference whose crate page lists its modules (``/std/<m>/index.html``) and whose
  module pages list their items in the same kind of list (rustdoc);
- a manual of one flat folder (``/Name.html``): the Top node's table of contents lists the
  chapters and, nested, their sections; each node has a Next/Previous/Up bar and a chapter a
  menu of its sections (makeinfo's HTML).
"""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores


def _page(title: str, body: str) -> web.Response:
    html = f'<html lang="en"><head><title>{title}</title></head><body>{body}</body></html>'
    return web.Response(text=html, content_type="text/html")


# -- a book ----------------------------------------------------------------------------------

_PARTS = {
    "": ("introduction", "notation", "lexical-structure", "keywords", "comments"),
    "items": ("modules", "functions", "structs", "enumerations", "unions", "traits"),
    "types": ("boolean", "numeric", "textual", "tuple", "array"),
}
_PART_PAGES = ("items", "types")  # a part's own page sits at the top: /items.html


class _Book(Site):
    """Chapters at ``/<name>.html`` and ``/<part>/<name>.html``; every page (the site root, a
    copy of the first chapter, too) carries a sidebar listing every chapter, nested by part,
    and a print page holding the whole book links every chapter from its text."""

    id = "book"
    kind = "entity-tree"

    @staticmethod
    def chapters() -> list[str]:
        top = [f"/{n}.html" for n in _PARTS[""]] + [f"/{p}.html" for p in _PART_PAGES]
        return top + [f"/{p}/{n}.html" for p in _PART_PAGES for n in _PARTS[p]]

    def _sidebar(self) -> str:
        items = "".join(f'<li><a href="/{n}.html">{n}</a></li>' for n in _PARTS[""])
        for part in _PART_PAGES:
            subs = "".join(f'<li><a href="/{part}/{n}.html">{n}</a></li>' for n in _PARTS[part])
            items += f'<li><a href="/{part}.html">{part}</a><ol>{subs}</ol></li>'
        return f'<nav class="sidebar"><ol class="chapter">{items}</ol></nav>'

    def _chapter(self, path: str) -> web.Response:
        others = [c for c in self.chapters() if c != path]
        text = "".join(
            f'<p>See <a href="{others[(len(path) + k) % len(others)]}">more</a>.</p>'
            for k in range(3)
        )
        bar = '<div class="menu-bar"><a href="/print.html">Print</a></div>'
        return _page(path, f'{self._sidebar()}<div class="page">{bar}<main>{text}</main></div>')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return self._chapter("/introduction.html")
        if path in self.chapters():
            return self._chapter(path)
        if path == "/print.html":
            text = "".join(f'<p><a href="{c}">{c}</a></p>' for c in self.chapters())
            return _page("print", f'{self._sidebar()}<div class="page"><main>{text}</main></div>')
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + "/items/functions.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"chapter": tuple(base_url + c for c in self.chapters())},
            target_type="chapter",
            seed_entity=seed,
            seed_path=(base_url + "/", seed),
            index_levels=((base_url + "/",),),
        )


async def test_a_sidebar_listing_every_chapter_is_the_level() -> None:
    # No page of the sidebar reads as a folder above the seed's: the navigation was no level,
    # and the climb took the print page's text (or nothing) for the seed's list.
    truth, result, downloaded = await serve_and_discover(_Book(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path
    assert len(downloaded) <= 8, downloaded


# -- an API reference --------------------------------------------------------------------------

_MODULES = {
    m: tuple(f"{kind}.{m.title()}{k}.html" for kind in ("struct", "fn") for k in range(3))
    for m in ("alloc", "any", "cell", "collections", "env", "fmt", "io", "net")
}


class _Reference(Site):
    """The crate page ``/std/index.html`` lists its modules; each module page lists its items
    in the same kind of list; an item page lists nothing."""

    id = "reference"
    kind = "entity-tree"

    @staticmethod
    def _listing(title: str, urls: list[str]) -> web.Response:
        rows = "".join(f'<div class="item-row"><a href="{u}">{u}</a></div>' for u in urls)
        side = '<nav class="sidebar"><a href="/std/index.html">std</a></nav>'
        body = f'{side}<main><h1>{title}</h1><div class="item-table">{rows}</div></main>'
        return _page(title, body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/std/index.html":
            return self._listing("std", [f"/std/{m}/index.html" for m in _MODULES])
        for module, items in _MODULES.items():
            if path == f"/std/{module}/index.html":
                return self._listing(module, [f"/std/{module}/{i}" for i in items])
            if path.startswith(f"/std/{module}/") and path.rpartition("/")[2] in items:
                side = f'<nav class="sidebar"><a href="/std/{module}/index.html">{module}</a></nav>'
                return _page(path, f"{side}<main><h1>{path}</h1><p>An item.</p></main>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        index = base_url + "/std/index.html"
        seed = base_url + "/std/collections/index.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": tuple(f"{base_url}/std/{m}/index.html" for m in _MODULES)},
            target_type="module",
            seed_entity=seed,
            seed_path=(index, seed),
            index_levels=((index,),),
        )


async def test_the_items_a_module_lists_are_no_modules() -> None:
    # The seed is a module page listing its items in the crate page's kind of list: the
    # other modules' items are its children's kind, not pages of its level (precision 0.3).
    truth, result, _ = await serve_and_discover(_Reference(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path


# -- a manual of one flat folder ---------------------------------------------------------------

_CHAPTERS = {
    "Preface": ("Acknowledgements", "Distribution"),
    "Introduction": ("Running-Programs", "Simple-Examples", "Conventions"),
    "Getting-Started": ("Invoking-the-Program", "Quitting", "Getting-Help", "Comments"),
    "Data-Types": ("Built-in-Types", "User-Types"),
    "Strings": ("Escape-Sequences", "Character-Arrays", "Converting-Strings"),
    "Containers": ("Structures", "Cell-Arrays"),
    "Variables": ("Global-Variables", "Persistent-Variables"),
    "Expressions": ("Index-Expressions", "Calling-Functions", "Operators"),
}


class _Manual(Site):
    """Every node at ``/<Node>.html``: the Top node ``/index.html`` holds a table of contents
    (chapters, their sections nested); a chapter shows a Next/Previous bar and a menu of its
    sections; a section a Next/Previous/Up bar."""

    id = "manual"
    kind = "entity-tree"

    @staticmethod
    def _bar(links: list[tuple[str, str]]) -> str:
        words = ", ".join(f'{label}: <a href="{node}.html">{node}</a>' for label, node in links)
        return (
            f'<div class="header"><p>{words} [<a href="index.html#Contents">Contents</a>]</p></div>'
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.lstrip("/").removesuffix(".html")
        chapters = list(_CHAPTERS)
        if name in ("", "index"):
            toc = ""
            for chapter, sections in _CHAPTERS.items():
                subs = "".join(f'<li><a href="{s}.html">{s}</a></li>' for s in sections)
                toc += f'<li><a href="{chapter}.html">{chapter}</a><ul>{subs}</ul></li>'
            bar = self._bar([("Next", chapters[0])])
            return _page(
                "Top", f'<div class="top">{bar}<div class="contents"><ul>{toc}</ul></div></div>'
            )
        if name in _CHAPTERS:
            k = chapters.index(name)
            near = [("Next", chapters[(k + 1) % len(chapters)]), ("Previous", chapters[k - 1])]
            menu = "".join(f'<li><a href="{s}.html">{s}</a></li>' for s in _CHAPTERS[name])
            body = f'{self._bar(near)}<h2>{name}</h2><ul class="section-toc">{menu}</ul>'
            return _page(name, f'<div class="chapter">{body}</div>')
        for chapter, sections in _CHAPTERS.items():
            if name in sections:
                k = sections.index(name)
                near = [("Next", sections[(k + 1) % len(sections)]), ("Up", chapter)]
                # A node's text refers to other nodes (``@xref``).
                refs = "".join(
                    f'<p>See <a href="{s}.html">{s}</a>.</p>' for s in sections if s != name
                )
                return _page(name, f'<div class="section">{self._bar(near)}{refs}</div>')
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + "/Getting-Started.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"chapter": tuple(f"{base_url}/{c}.html" for c in _CHAPTERS)},
            target_type="chapter",
            seed_entity=seed,
            seed_path=(base_url + "/index.html", seed),
            index_levels=((base_url + "/index.html",),),
        )


async def test_a_flat_manuals_table_of_contents_weighs_by_its_size() -> None:
    # Every URL is /Name.html, so every path of the Top node holds the chapter's template and
    # W_ci was 1 (its list "groups nothing like the page"): the climb took a section's bar.
    truth, result, _ = await serve_and_discover(_Manual(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path
