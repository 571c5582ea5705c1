"""SSUP against the lab's truth on an API reference whose index lists each kind of symbol in a
list of its own after a heading (``<h3>Classes:</h3><ul>…</ul><h3>Interfaces:</h3><ul>…</ul>``),
every list in the same link DOM path. The kinds differ by their items' class value (one folder
for all) or by their URLs' folder (items without a class); the seed is a class, and its kind is
the seed's list only. An index by initial letter (a heading per letter, one kind) stays whole,
and so do categories of one kind in folders below one top folder (``api/a/…``, ``api/b/…``)
and pages of the site root (one folder, ``/a.html`` beside ``/b.html``).
An index of no list elements (a table of ``div`` rows after each heading, each link classed by
its kind, every page in one folder) is split the same way, and read whole by letter."""

from __future__ import annotations

import pytest
from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_CLASSES = [f"Class{c}{i}" for c in "ABC" for i in range(4)]
_OTHERS = {
    "interface": [f"Iface{i}" for i in range(5)],
    "enum": [f"Enum{i}" for i in range(9)],
    "struct": [f"Struct{i}" for i in range(6)],
}


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _HeadedIndexSite(Site):
    """`/index.html` lists the kinds under headings; `by` says how the kinds differ: "class"
    (every page in one folder, items classed by kind), "folder" (a folder per kind, no item
    class), "letter" (classes only, a list per initial letter) or "category" (as "letter", each
    letter's pages in a folder of its own below one top folder), "root" (as "letter", every page
    at the site root, one folder); "block" and "block-letter" as
    "class" and "letter" in ``div`` rows, the kind the links' class."""

    kind = "entity-tree"

    def __init__(self, by: str) -> None:
        self.by = by
        self.id = f"headed-{by}"

    def _kinds(self) -> dict[str, list[str]]:
        if self.by in ("letter", "category", "root", "block-letter"):
            return {c: [n for n in _CLASSES if n[5] == c] for c in "ABC"}
        return {"class": _CLASSES, **_OTHERS}

    def _url(self, kind: str, name: str) -> str:
        if self.by == "category":
            return f"api/{name[5].lower()}/{name}.html"
        if self.by == "root":
            return f"{name}.html"
        return f"{kind}s/{name}.html" if self.by == "folder" else f"api/{name}.html"

    def _blocks(self) -> str:
        parts = []
        for kind, names in self._kinds().items():
            mark = kind if self.by == "block" else "item"
            rows = "".join(
                f'<div class="row"><div class="left"><a class="{mark}" '
                f'href="/{self._url("class", n)}">{n}</a></div><div class="right">{n} in '
                "short.</div></div>"
                for n in names
            )
            parts.append(f'<h2 class="head">{kind.title()}</h2><div class="table">{rows}</div>')
        return f'<div class="content"><h1>Reference</h1><section>{"".join(parts)}</section></div>'

    def _index(self) -> str:
        if self.by.startswith("block"):
            return self._blocks()
        parts = []
        for kind, names in self._kinds().items():
            item = f' class="{kind}"' if self.by == "class" else ""
            links = "".join(
                f'<li{item}><a href="/{self._url(kind if self.by in ("class", "folder") else "class", n)}">'
                f"{n}</a></li>"
                for n in names
            )
            parts.append(f'<h3>{kind.title()}:</h3><ul class="inline">{links}</ul>')
        return f'<div class="content"><h1>Reference</h1>{"".join(parts)}</div>'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        bar = '<div class="nav"><a href="/index.html">Reference</a></div>'
        if request.path in ("/", "/index.html"):
            return _html("Reference", bar + self._index())
        name = request.path.rsplit("/", 1)[-1].removesuffix(".html")
        if not any(name in names for names in (_CLASSES, *_OTHERS.values())):
            return web.Response(status=404, text="not found")
        body = "".join(f"<h2>{h}</h2><p>{name} {h.lower()}.</p>" for h in ("Members", "Methods"))
        return _html(name, f'{bar}<div class="content"><h1>{name}</h1>{body}</div>')

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/{self._url('class', n)}" for n in _CLASSES)
        seed = f"{base_url}/{self._url('class', 'ClassB2')}"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": pages},
            target_type="class",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", seed),
            index_levels=((f"{base_url}/index.html",),),
        )


@pytest.mark.parametrize(
    "by", ["class", "folder", "letter", "category", "root", "block", "block-letter"]
)
async def test_the_seeds_kind_is_its_headed_list_and_one_kind_stays_whole(by: str) -> None:
    """By class or by folder, the other kinds' lists are left out; by letter or by category,
    every list is of the seed's kind and is kept."""
    truth, result, _ = await serve_and_discover(_HeadedIndexSite(by))
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities


async def test_other_kinds_blocks_are_left_out_without_a_download() -> None:
    """The other kinds' blocks are no group to judge: the seed's block is the level, and no
    page of it or of them is downloaded to learn minsim_html (the seed and the index only)."""
    truth, result, downloaded = await serve_and_discover(_HeadedIndexSite("block"))
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert len(downloaded) <= 2, downloaded


_NAMESPACES = ["core", "util", "shapes", "filters"]


def _item(name: str) -> str:
    return f'<li><a href="{name}.html">{name}</a></li>'


class _HeadedSidebarSite(_HeadedIndexSite):
    """Every page, at the site root, carries a sidebar listing the namespaces and then the
    classes, each list after its heading, no item class; a class page names its namespace (the
    first) and its superclass in its text; a namespace page is built otherwise (a table of members). The
    seed is a class: the sidebar is its level, its classes list only."""

    def __init__(self) -> None:
        super().__init__("root")  # every page at the site root, the truth's classes only
        self.id = "headed-sidebar"

    def _sidebar(self) -> str:
        lists = "".join(
            f"<h3>{title}</h3><ul>{''.join(_item(n) for n in names)}</ul>"
            for title, names in (("Namespaces", _NAMESPACES), ("Classes", _CLASSES))
        )
        return f'<nav><h2><a href="index.html">Home</a></h2>{lists}</nav>'

    def _class(self, name: str) -> str:
        ns = _NAMESPACES[0]
        parent = _CLASSES[(_CLASSES.index(name) + 1) % len(_CLASSES)]
        members = "".join(
            f'<h4 class="name" id="m{i}">m{i}()</h4><div class="description"><p>Does {i}.</p>'
            f'<dl class="details"><dt>Source:</dt><dd>{name}.js</dd></dl></div>'
            for i in range(4)
        )
        return (
            f'<div id="main"><h1 class="page-title">Class: {name}</h1><section><header>'
            f'<h2><span class="ancestors"><a href="{ns}.html">{ns}</a>.</span>{name}</h2>'
            f'</header><article><dl><dt>Extends:</dt><dd><a href="{parent}.html">{parent}</a>'
            "</dd></dl>"
            f"<h3>Methods</h3>{members}</article></section></div>"
        )

    def _namespace(self, name: str) -> str:
        rows = "".join(
            f'<tr><td><code><a href="{name}.html#f{i}">f{i}</a></code></td><td><em>function'
            f'</em></td><td><span><a href="src/{name}.js.html#{i}">{i}</a></span></td>'
            f'<td><small><a href="{name}.html#of">{name}</a></small></td></tr>'
            for i in range(6)
        )
        return (
            f'<div id="main"><h1 class="page-title">Namespace: {name}</h1><form><select>'
            f"<option>all</option></select></form><table><thead><tr><th>Name</th><th>Kind</th>"
            f"<th>Line</th><th>Of</th></tr></thead><tbody>{rows}</tbody></table>"
            f'<blockquote><pre><a href="{name}.html#top">{name}</a></pre></blockquote></div>'
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.rsplit("/", 1)[-1].removesuffix(".html")
        if name in ("", "index"):
            return _html("Home", self._sidebar() + '<div id="main"><h1>Home</h1></div>')
        if name in _NAMESPACES:
            return _html(name, self._sidebar() + self._namespace(name))
        if name in _CLASSES:
            return _html(name, self._sidebar() + self._class(name))
        return web.Response(status=404, text="not found")


async def test_a_sidebars_headed_list_of_pages_unlike_the_seed_is_left_out() -> None:
    """The namespaces share the classes' folder (the site root) and item markup: the namespace
    page the climb loaded, unlike the seed where the class it loaded is like it, tells their list
    apart; no page is downloaded for it."""
    truth, result, downloaded = await serve_and_discover(_HeadedSidebarSite())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert len(downloaded) <= 6, downloaded
