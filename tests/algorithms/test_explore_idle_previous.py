"""`explore` on a forum whose question list, read from its first page, draws an idle "previous"
link there that still carries an address (the list's unpaged form, the same first page again):
the first page reads as page 1 (its pager links "2", no "1"), nothing is listed before it, and
the link is not loaded; every page after it is, against the site's truth."""

from __future__ import annotations

import math

from aiohttp import web

from siteseer.lab import Site, SiteTruth, set_scores
from tests.algorithms.explore_runs import serve_and_explore

PER_PAGE = 10
QUESTIONS = [f"q-{n}" for n in range(45)]
PAGES = math.ceil(len(QUESTIONS) / PER_PAGE)


def _page(n: int) -> web.Response:
    items = "".join(
        f'<div class="summary"><h2><a href="/question/{q}/">{q}</a></h2><p>asked</p></div>'
        for q in QUESTIONS[(n - 1) * PER_PAGE : n * PER_PAGE]
    )
    back = "/questions/all/" if n == 1 else f"/questions/all/page:{n - 1}/"
    numbers = "".join(
        f'<a href="/questions/all/page:{k}/">{k}</a> ' if k != n else f"<span>{k}</span> "
        for k in range(1, PAGES + 1)
    )
    ahead = f'<a href="/questions/all/page:{n + 1}/">next page</a>' if n < PAGES else ""
    pager = f'<div class="pager"><a href="{back}">previous</a> {numbers}{ahead}</div>'
    return web.Response(
        text=f'<html><body><main><div id="questions">{items}</div>{pager}</main></body></html>',
        content_type="text/html",
    )


class _Forum(Site):
    id = "forum-idle-previous"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path.startswith("/question/"):
            name = path.split("/")[2]
            return web.Response(
                text=f"<html><body><h1>{name}</h1><p>A question.</p></body></html>",
                content_type="text/html",
            )
        if path in ("/questions/", "/questions/all/"):
            return _page(1)
        for n in range(1, PAGES + 1):
            if path == f"/questions/all/page:{n}/":
                return _page(n)
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = [f"{base_url}/question/{q}/" for q in QUESTIONS]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"question": tuple(urls)},
            target_type="question",
            seed_entity=urls[0],
        )


async def test_the_first_pages_idle_previous_link_is_not_loaded() -> None:
    truth, result, loaded = await serve_and_explore(_Forum(), "/questions/")
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    assert not [u for u in loaded if u.endswith("/questions/all/")]
    assert sum(1 for u in loaded if "/page:" in u) == PAGES - 1
