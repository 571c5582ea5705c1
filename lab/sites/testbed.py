"""The renderer's test bed: one page per rendering behaviour (not a scored site).

Paths (all root-relative):

- ``/`` — an index linking to every page below.
- ``/static`` — a page of plain links: a nav menu, a vertical list of items, a table, a footer;
  plus links that do not count (``javascript:``, ``mailto:``, no href).
- ``/scripted`` — a static list plus a list a script builds after ``fetch('/api/extra.json')``:
  the extra links exist only when rendered.
- ``/timer`` — links a script adds 250 ms after load with ``setTimeout`` (no request).
- ``/facets`` — Ajax facets: brand and colour checkboxes; a change fetches ``/api/results`` (the
  server answers after `AJAX_DELAY_S`) and replaces the result list.
- ``/form`` — a GET form (a brand select, a text box, a submit button) to ``/search``, which lists
  what was chosen and the matching items.
- ``/more`` — a list of `MORE_PAGE` items with a "Load more" button fetching the next items from
  ``/api/more``; the button disappears after `MORE_TOTAL` items.
- ``/forever`` — a page that mutates its DOM every 100 ms forever (settle must hit its cap).
- ``/dialog`` — an alert, a confirm and a popup (``window.open``) while the page loads.
- ``/flaky`` — 500 on the first request of this site instance, 200 afterwards.
- ``/slow`` — answers after `SLOW_S` seconds (for timeout tests).
- ``/doc.pdf`` (application/pdf) and ``/api/extra.json`` (JSON) — non-HTML responses.
- ``/redirect`` — 302 to ``/static``.
- ``/private/…`` — disallowed by ``/robots.txt``.
- ``/item/<n>`` — item pages (n in 1..`ITEM_COUNT`), the targets of every list.

Items have a brand and a colour (`item_brand`, `item_color`); `truth()` lists the link sets of
each page in `SiteTruth.entities` under the page's name (see `TestbedSite.truth`).
"""

from __future__ import annotations

import asyncio
import json
from html import escape
from typing import ClassVar

from aiohttp import web

from siteseer.lab.site import Site, Size
from siteseer.lab.truth import SiteTruth

__all__ = [
    "AJAX_DELAY_S",
    "BRANDS",
    "COLORS",
    "ITEM_COUNT",
    "MORE_PAGE",
    "MORE_TOTAL",
    "SLOW_S",
    "TestbedSite",
    "item_brand",
    "item_color",
]

ITEM_COUNT = 40
BRANDS = ("Acme", "Globex", "Initech")
COLORS = ("red", "green", "blue", "black")
AJAX_DELAY_S = 0.45
SLOW_S = 2.5
MORE_PAGE = 10
MORE_TOTAL = 35
_PAGES = (
    "static",
    "scripted",
    "timer",
    "facets",
    "form",
    "more",
    "forever",
    "dialog",
    "flaky",
    "slow",
    "doc.pdf",
    "redirect",
)

_CSS = """
body { font-family: sans-serif; margin: 0; background: #fafafa; color: #222; }
header { background: #224; padding: 8px 16px; }
header a { color: #fff; margin-right: 12px; font-weight: bold; }
main { padding: 16px; }
ul.items { list-style: none; padding: 0; margin: 0 0 0 24px; }
ul.items li { padding: 2px 0; }
ul.items a { font-size: 15px; color: #0645ad; }
table.data td { padding: 2px 8px; }
aside.filters { float: left; width: 200px; }
footer { clear: both; border-top: 1px solid #ccc; padding: 8px 16px; font-size: 12px; }
footer a { color: #555; }
.hidden-link { display: none; }
"""


def item_brand(n: int) -> str:
    return BRANDS[n % len(BRANDS)]


def item_color(n: int) -> str:
    return COLORS[(n // 3) % len(COLORS)]


def _esc(text: str) -> str:
    return escape(text, quote=True)


def _page(title: str, body: str, script: str = "") -> str:
    scripts = f"<script>{script}</script>" if script else ""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{_esc(title)}</title><style>{_CSS}</style></head>"
        f'<body class="testbed">'
        '<header id="top"><nav class="menu"><a href="/">Home</a><a href="/static">Static</a>'
        '<a href="/facets">Facets</a><a href="/form">Form</a></nav></header>'
        f'<main id="content">{body}</main>'
        '<footer><a href="/about">About</a> <a href="/contact">Contact</a></footer>'
        f"{scripts}</body></html>"
    )


def _item_li(n: int) -> str:
    return f'<li><a href="/item/{n}">Item {n} — {item_brand(n)} {item_color(n)}</a></li>'


def _matching(brands: list[str], colors: list[str]) -> list[int]:
    return [
        n
        for n in range(1, ITEM_COUNT + 1)
        if (not brands or item_brand(n) in brands) and (not colors or item_color(n) in colors)
    ]


_SCRIPTED_JS = """
fetch('/api/extra.json').then(r => r.json()).then(items => {
  const ul = document.getElementById('extra');
  for (const it of items) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = it.href; a.textContent = it.text;
    li.appendChild(a); ul.appendChild(li);
  }
});
"""

_TIMER_JS = """
setTimeout(() => {
  const ul = document.getElementById('late');
  for (let n = 21; n <= 25; n++) {
    const li = document.createElement('li');
    li.innerHTML = '<a href="/item/' + n + '">Late item ' + n + '</a>';
    ul.appendChild(li);
  }
}, 250);
"""

_FACETS_JS = """
function refresh() {
  const q = new URLSearchParams();
  for (const box of document.querySelectorAll('aside.filters input[type=checkbox]:checked')) {
    q.append(box.name, box.value);
  }
  fetch('/api/results?' + q.toString()).then(r => r.json()).then(data => {
    const ul = document.getElementById('results');
    ul.innerHTML = data.items.map(
      it => '<li><a href="' + it.href + '">' + it.text + '</a></li>').join('');
    document.getElementById('count').textContent = data.items.length + ' results';
  });
}
for (const box of document.querySelectorAll('aside.filters input[type=checkbox]')) {
  box.addEventListener('change', refresh);
}
"""

_MORE_JS = """
document.getElementById('load-more').addEventListener('click', () => {
  const ul = document.getElementById('more-list');
  const offset = ul.children.length;
  fetch('/api/more?offset=' + offset).then(r => r.json()).then(data => {
    for (const it of data.items) {
      const li = document.createElement('li');
      li.innerHTML = '<a href="' + it.href + '">' + it.text + '</a>';
      ul.appendChild(li);
    }
    if (!data.more) document.getElementById('load-more').remove();
  });
});
"""

_DIALOG_JS = """
alert('hello');
const sure = confirm('sure?');
window.open('/item/1', '_blank');
document.getElementById('answer').textContent = sure ? 'yes' : 'no';
"""

_FOREVER_JS = """
let ticks = 0;
setInterval(() => {
  ticks += 1;
  document.getElementById('ticker').textContent = 'tick ' + ticks;
}, 100);
"""


class TestbedSite(Site):
    """Pages that exercise rendering: Ajax, timers, forms, load-more, errors, robots."""

    id: ClassVar[str] = "testbed"
    kind: ClassVar[str] = "testbed"
    description: ClassVar[str] = "one page per rendering behaviour (the renderer's tests)"
    __test__: ClassVar[bool] = False  # not a pytest test class, despite the name

    STATIC_ITEMS: ClassVar[tuple[int, ...]] = tuple(range(1, 13))
    SCRIPTED_STATIC: ClassVar[tuple[int, ...]] = (1, 2, 3)
    SCRIPTED_EXTRA: ClassVar[tuple[int, ...]] = (31, 32, 33, 34)
    TIMER_STATIC: ClassVar[tuple[int, ...]] = (1, 2)
    TIMER_LATE: ClassVar[tuple[int, ...]] = (21, 22, 23, 24, 25)

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        self.flaky_requests = 0

    # -- pages ---------------------------------------------------------------------------------

    def _index(self) -> str:
        items = "".join(f'<li><a href="/{p}">{p}</a></li>' for p in _PAGES)
        return _page("Testbed", f'<h1>Testbed</h1><ul class="items">{items}</ul>')

    def _static(self) -> str:
        items = "".join(_item_li(n) for n in self.STATIC_ITEMS)
        rows = "".join(
            f'<tr><td>{n}</td><td><a href="/item/{n}" title="item {n}">#{n}</a></td></tr>'
            for n in (13, 14, 15)
        )
        body = (
            '<h1>Static list</h1><div class="listing" id="listing">'
            f'<ul class="items" data-kind="items">{items}</ul></div>'
            f'<table class="data"><tbody>{rows}</tbody></table>'
            '<p class="more">See <a href="/item/16#details">item <b>16</b></a> and '
            '<a href="javascript:void(0)">nothing</a>, <a href="mailto:x@example.org">mail</a>, '
            '<a name="anchor-only">no href</a>, <a href="/item/17"><img src="/img/17.png" '
            'alt="Item 17 picture"></a>.</p>'
            '<p><a class="hidden-link" href="/item/18">hidden</a></p>'
        )
        return _page("Static list", body)

    def _scripted(self) -> str:
        items = "".join(_item_li(n) for n in self.SCRIPTED_STATIC)
        body = (
            f'<h1>Scripted</h1><ul class="items" id="base">{items}</ul>'
            '<h2>More</h2><ul class="items" id="extra"></ul>'
        )
        return _page("Scripted", body, _SCRIPTED_JS)

    def _timer(self) -> str:
        items = "".join(_item_li(n) for n in self.TIMER_STATIC)
        body = f'<h1>Timer</h1><ul class="items" id="late">{items}</ul>'
        return _page("Timer", body, _TIMER_JS)

    def _facets(self) -> str:
        def group(name: str, title: str, values: tuple[str, ...]) -> str:
            boxes = "".join(
                f'<li><label><input type="checkbox" name="{name}" value="{v}"> {v}</label></li>'
                for v in values
            )
            return f'<div class="facet"><h3>{title}</h3><ul class="values">{boxes}</ul></div>'

        results = "".join(_item_li(n) for n in _matching([], []))
        body = (
            '<aside class="filters">'
            f"{group('brand', 'Brand', BRANDS)}{group('color', 'Colour', COLORS)}</aside>"
            f'<section class="results"><p id="count">{ITEM_COUNT} results</p>'
            f'<ul class="items" id="results">{results}</ul></section>'
        )
        return _page("Facets", body, _FACETS_JS)

    def _form(self) -> str:
        options = '<option value="">Any brand</option>' + "".join(
            f'<option value="{b}">{b}</option>' for b in BRANDS
        )
        body = (
            '<h1>Search</h1><form id="search" action="/search" method="get">'
            "<fieldset><legend>Find items</legend>"
            f'<label for="brand">Brand</label><select id="brand" name="brand">{options}</select>'
            '<label>Words <input type="search" name="q" placeholder="words"></label>'
            '<button type="submit">Search</button></fieldset></form>'
        )
        return _page("Search", body)

    def _search(self, brand: str, words: str) -> str:
        found = _matching([brand] if brand else [], [])
        items = "".join(_item_li(n) for n in found)
        body = (
            f'<h1>Results</h1><p class="chosen">brand={_esc(brand)} q={_esc(words)}</p>'
            f'<ul class="items" id="results">{items}</ul>'
        )
        return _page("Search results", body)

    def _more(self) -> str:
        items = "".join(_item_li(n) for n in range(1, MORE_PAGE + 1))
        body = (
            f'<h1>Load more</h1><ul class="items" id="more-list">{items}</ul>'
            '<button id="load-more" type="button">Load more</button>'
        )
        return _page("Load more", body, _MORE_JS)

    def _forever(self) -> str:
        body = '<h1>Never settles</h1><p id="ticker">tick 0</p>' + (
            f'<ul class="items">{_item_li(1)}</ul>'
        )
        return _page("Forever", body, _FOREVER_JS)

    def _dialog(self) -> str:
        body = '<h1>Dialogs</h1><p id="answer">?</p>' + f'<ul class="items">{_item_li(2)}</ul>'
        return _page("Dialogs", body, _DIALOG_JS)

    def _trail(self, request: web.Request) -> web.Response:
        """A trail of the pages visited before (a wiki's breadcrumbs), kept in a cookie the
        page sets: links to the items of the trail, and one per other cookie received."""
        trail = [t for t in request.cookies.get("trail", "").split(".") if t.isdigit()]
        others = sorted(n for n in request.cookies if n != "trail")
        links = "".join(f'<li><a href="/item/{t}">Item {t}</a></li>' for t in trail)
        links += "".join(f'<li><a href="/about?cookie={n}">{n}</a></li>' for n in others)
        body = f'<h1>Trail</h1><ul class="trail">{links}</ul>'
        response = web.Response(text=_page("Trail", body), content_type="text/html")
        visit = request.query.get("p", "")
        if visit.isdigit():
            response.set_cookie("trail", ".".join([*trail, visit]))
        return response

    def _item(self, n: int) -> str:
        body = (
            f'<h1>Item {n}</h1><dl class="facts"><dt>Brand</dt><dd>{item_brand(n)}</dd>'
            f"<dt>Colour</dt><dd>{item_color(n)}</dd></dl>"
            f'<p><a href="/item/{n % ITEM_COUNT + 1}">next</a></p>'
        )
        return _page(f"Item {n}", body)

    # -- routing -------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        html = web.Response
        if path == "/":
            return html(text=self._index(), content_type="text/html")
        if path == "/static":
            return html(text=self._static(), content_type="text/html")
        if path == "/scripted":
            return html(text=self._scripted(), content_type="text/html")
        if path == "/timer":
            return html(text=self._timer(), content_type="text/html")
        if path == "/facets":
            return html(text=self._facets(), content_type="text/html")
        if path == "/form":
            return html(text=self._form(), content_type="text/html")
        if path == "/search":
            brand = request.query.get("brand", "")
            words = request.query.get("q", "")
            return html(text=self._search(brand, words), content_type="text/html")
        if path == "/more":
            return html(text=self._more(), content_type="text/html")
        if path == "/trail":
            return self._trail(request)
        if path == "/dialog":
            return html(text=self._dialog(), content_type="text/html")
        if path == "/forever":
            return html(text=self._forever(), content_type="text/html")
        if path == "/flaky":
            self.flaky_requests += 1
            if self.flaky_requests == 1:
                return html(text=_page("Error", "<h1>Try again</h1>"), status=500,
                            content_type="text/html")  # fmt: skip
            return html(text=_page("Flaky", "<h1>Fine now</h1>"), content_type="text/html")
        if path == "/slow":
            await asyncio.sleep(SLOW_S)
            return html(text=_page("Slow", "<h1>Slow</h1>"), content_type="text/html")
        if path == "/redirect":
            raise web.HTTPFound("/static")
        if path == "/robots.txt":
            return html(text="User-agent: *\nDisallow: /private/\n", content_type="text/plain")
        if path.startswith("/private/"):
            return html(text=_page("Private", "<h1>Private</h1>"), content_type="text/html")
        if path == "/doc.pdf":
            body = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
            return web.Response(body=body, content_type="application/pdf")
        if path == "/api/extra.json":
            items = [{"href": f"/item/{n}", "text": f"Extra {n}"} for n in self.SCRIPTED_EXTRA]
            return web.json_response(items)
        if path == "/api/results":
            await asyncio.sleep(AJAX_DELAY_S)
            found = _matching(request.query.getall("brand", []), request.query.getall("color", []))
            return web.json_response(
                {"items": [{"href": f"/item/{n}", "text": f"Item {n}"} for n in found]}
            )
        if path == "/api/more":
            offset = int(request.query.get("offset", "0"))
            end = min(offset + MORE_PAGE, MORE_TOTAL)
            items = [
                {"href": f"/item/{n}", "text": f"Item {n}"} for n in range(offset + 1, end + 1)
            ]
            return web.json_response({"items": items, "more": end < MORE_TOTAL})
        if path.startswith("/item/"):
            tail = path.removeprefix("/item/")
            if tail.isdigit() and 1 <= int(tail) <= ITEM_COUNT:
                return html(text=self._item(int(tail)), content_type="text/html")
        return html(text=_page("Not found", "<h1>Not found</h1>"), status=404,
                    content_type="text/html")  # fmt: skip

    # -- truth ---------------------------------------------------------------------------------

    def truth(self, base_url: str) -> SiteTruth:
        """Link sets by page name in `entities`, page roles in `templates`.

        `entities` keys: "item" (every item page), "static" (the counted links of /static in
        document order: nav, list, table, inline, image link, hidden link, footer),
        "scripted-static" / "scripted-extra" (links of /scripted present over HTTP / added by
        script), "timer-late" (links /timer adds after 250 ms), "facets-<brand>" (results for one
        brand), "search-<brand>" (items /search lists for that brand), "more-all" (every item
        /more shows after loading all). `facet_values` gives the facet values by group label.
        """
        b = base_url.rstrip("/")

        def items(ns: object) -> tuple[str, ...]:
            return tuple(f"{b}/item/{n}" for n in ns)  # type: ignore[attr-defined]

        chrome_top = (f"{b}/", f"{b}/static", f"{b}/facets", f"{b}/form")
        chrome_bottom = (f"{b}/about", f"{b}/contact")
        static = (
            *chrome_top,
            *items(self.STATIC_ITEMS),
            *items((13, 14, 15)),
            f"{b}/item/16",
            f"{b}/item/17",
            f"{b}/item/18",
            *chrome_bottom,
        )
        entities: dict[str, tuple[str, ...]] = {
            "item": items(range(1, ITEM_COUNT + 1)),
            "static": static,
            "scripted-static": items(self.SCRIPTED_STATIC),
            "scripted-extra": items(self.SCRIPTED_EXTRA),
            "timer-late": items(self.TIMER_LATE),
            "more-all": items(range(1, MORE_TOTAL + 1)),
        }
        for brand in BRANDS:
            entities[f"facets-{brand}"] = items(_matching([brand], []))
            entities[f"search-{brand}"] = items(_matching([brand], []))
        templates = {f"{b}/{name}": name for name in _PAGES}
        return SiteTruth(
            site=self.id,
            base_url=b,
            kind="testbed",
            entities=entities,
            target_type="item",
            facet_values={"Brand": BRANDS, "Colour": COLORS},
            templates=templates,
            notes=json.dumps(
                {
                    "ajax_delay_s": AJAX_DELAY_S,
                    "slow_s": SLOW_S,
                    "robots_disallow": "/private/",
                    "flaky": "/flaky answers 500 once per site instance, then 200",
                }
            ),
        )
