"""A tiny site with one hash-routed page and one page of in-page anchors, for the routing tests.

Imported by the tests of this folder (`from hash_site import HashSite`).

- ``/app``: a single-page app; its script shows the item named by the fragment (``#item=3``)
  or the welcome text (no fragment), and follows ``hashchange``. Items are only reachable by
  fragment: ``/app`` itself always serves the same shell.
- ``/guide`` (and ``/guide/<anything>``, the same page again): one page with a table of contents of in-page anchors (``#install`` names an
  ``<h2 id>``), a fragment naming no element (``#notes``: the browser stays where it is), and
  a script (a counter nobody reads), so auto-render has something to look at.
"""

from __future__ import annotations

from typing import ClassVar

from aiohttp import web

from siteseer.lab import Site, SiteTruth

ITEMS = 5
WORDS = ("amber", "basalt", "cedar", "dune", "ember", "fjord", "glade", "heath")

APP = """<!DOCTYPE html><html><head><title>app</title></head><body>
<nav id="menu">ITEM_LINKS <a href="#about">About</a></nav>
<main id="view"></main>
<script>
const words = WORDS_JSON;
function show() {
  const hash = decodeURIComponent(location.hash.slice(1));
  const view = document.getElementById('view');
  const m = /^item=(\\d+)$/.exec(hash);
  if (m) {
    const n = Number(m[1]);
    let html = '<h1>Item ' + n + '</h1>';
    for (let i = 0; i < 6; i++) html += '<p>Item ' + n + ' ' + words[(n + i) % words.length]
      + ' paragraph ' + i + '</p>';
    html += '<p><a href="#item=' + (n % ITEMS + 1) + '">Next item</a></p>';
    view.innerHTML = html;
  } else if (hash === 'about') {
    view.innerHTML = '<h1>About</h1><p>What this app is for.</p>';
  } else {
    view.innerHTML = '<h1>Welcome</h1><p>Pick an item from the menu.</p>';
  }
}
window.addEventListener('hashchange', show);
show();
</script></body></html>"""

GUIDE = """<!DOCTYPE html><html><head><title>guide</title></head><body>
<nav id="toc"><a href="#install">Install</a> <a href="#usage">Usage</a> <a href="#notes">Notes</a>
<a href="/app">The app</a></nav>
<h2 id="install">Install</h2><p>Unpack the archive and run the installer.</p>
<h2 id="usage">Usage</h2><p>Start it and open the menu.</p>
<p id="counter">0</p>
<script>let n = 0; setTimeout(() => { document.getElementById('counter').textContent = ++n; }, 10);
</script></body></html>"""


class HashSite(Site):
    """`/app` routes by fragment, `/guide` has in-page anchors (see the module docstring)."""

    id: ClassVar[str] = "hash-routing"
    kind: ClassVar[str] = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/app":
            links = " ".join(f'<a href="#item={i}">Item {i}</a>' for i in range(1, ITEMS + 1))
            words = "[" + ",".join(f'"{w}"' for w in WORDS) + "]"
            text = (
                APP.replace("ITEM_LINKS", links)
                .replace("WORDS_JSON", words)
                .replace("ITEMS", str(ITEMS))
            )
            return web.Response(text=text, content_type="text/html")
        if request.path == "/guide" or request.path.startswith("/guide/"):
            return web.Response(text=GUIDE, content_type="text/html")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        items = tuple(f"{base_url}/app#item={i}" for i in range(1, ITEMS + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"item": items},
            target_type="item",
            seed_entity=items[0],
            index_levels=((base_url + "/app",),),
            seed_path=(base_url + "/app", items[0]),
            templates={base_url + "/app": "list"} | {u: "item" for u in items},
        )
