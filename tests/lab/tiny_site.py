"""A tiny entity-tree site and bench specs over it, for the bench and report tests.

Imported by the tests of this folder (`from tiny_site import SPECS, TinyTreeSite, ...`).
"""

from __future__ import annotations

import asyncio
import base64
from typing import Any, ClassVar

from aiohttp import web

from siteseer.lab import MethodRun, MethodSpec, Site, SiteTruth
from siteseer.lab.runners.reference import follow_links

PIXEL_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


class TinyTreeSite(Site):
    """Home → 2 paginated list pages → 6 item pages, plus an about page; every page has a menu.

    Item pages share a layout (menu + back link); list pages (menu, item list, pager), the home
    page and the about page each have another one, so the link schemas tell them apart.
    """

    id: ClassVar[str] = "tiny"
    kind: ClassVar[str] = "entity-tree"

    ITEMS = 6
    PER_PAGE = 3

    def _page(self, body: str) -> web.Response:
        menu = '<nav id="menu"><a href="/">Home</a> <a href="/about">About</a></nav>'
        text = f"<!DOCTYPE html><html><head><title>t</title></head><body>{menu}{body}</body></html>"
        return web.Response(text=text, content_type="text/html")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return self._page(
                '<main class="home"><p><a href="/list?page=1">All items</a></p></main>'
            )
        if path == "/about":
            return self._page("<p>About us.</p>")
        if path == "/list":
            page = int(request.query.get("page", "1"))
            first = (page - 1) * self.PER_PAGE + 1
            items = "".join(
                f'<li><a href="/item/{i}">Item {i}</a></li>'
                for i in range(first, min(first + self.PER_PAGE, self.ITEMS + 1))
            )
            pages = "".join(f'<a href="/list?page={p}">{p}</a>' for p in (1, 2))
            return self._page(f'<ul class="items">{items}</ul><div class="pager">{pages}</div>')
        if path.startswith("/item/"):
            number = path.removeprefix("/item/")
            return self._page(
                f'<h1>Item {number}</h1><div class="back"><a href="/list?page=1">Back</a></div>'
            )
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        items = tuple(f"{base_url}/item/{i}" for i in range(1, self.ITEMS + 1))
        lists = (f"{base_url}/list?page=1", f"{base_url}/list?page=2")
        templates = {base_url + "/": "home", base_url + "/about": "about"}
        templates |= {u: "list" for u in lists} | {u: "item" for u in items}
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"item": items},
            target_type="item",
            seed_entity=items[0],
            index_levels=((base_url + "/",), lists),
            seed_path=(base_url + "/", lists[0], items[0]),
            templates=templates,
        )


async def broken(session: Any, truth: SiteTruth) -> MethodRun:
    await session.page(truth.base_url + "/about")
    raise RuntimeError("the method fell over")


REPORT_S = 0.5  # what the clusterer's picture for the report takes


async def clusterer(session: Any, truth: SiteTruth) -> MethodRun:
    """Reports its own scores and an image, like a clustering method with a screenshot that
    takes `REPORT_S` seconds to make after the method ended."""
    await session.page(truth.base_url + "/")
    await asyncio.sleep(REPORT_S)
    uri = "data:image/png;base64," + base64.b64encode(PIXEL_PNG).decode()
    return MethodRun(
        scores={"ari": 0.5, "purity": 0.75},
        extra={"clusters": 3, "image:shot": uri},
        report_s=REPORT_S,
    )


SPECS = (
    MethodSpec("follow-links", follow_links, ("entity-tree",), render="never"),
    MethodSpec("broken", broken, ("entity-tree",), render="never"),
    MethodSpec("clusterer", clusterer, ("entity-tree",), render="never"),
    MethodSpec("shops-only", broken, ("shop",), render="never"),
)
