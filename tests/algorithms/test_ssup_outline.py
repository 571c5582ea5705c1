"""SSUP on a hand-written documentation index (the site of test_explore_outline): the seed's
link DOM path reaches one form of list in one section; the level is every section's lists of
any form (definition terms, bullet lists inside definitions, plain bullet lists), named like
the seed (no text source, no passing mention outside a list)."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover
from test_explore_outline import _HandIndex

from siteseer.lab import SiteTruth, set_scores


class _LinkedHandIndex(_HandIndex):
    """The hand-written index, each document heading its page with a link back to it; the
    seed is listed in a plain bullet list, one section's form of list only."""

    id = "hand-index-linked"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        response = await super().handle(request)
        path = request.path.lstrip("/")
        if path.endswith(".html") and path not in ("index.html", "docs/index.html"):
            up = "../" * path.count("/") + "docs/index.html"
            text = f'<html><body><div class="header"><a href="{up}">Overview</a></div>'
            return web.Response(
                text=text + f"<h1>{path}</h1><p>A document.</p></body></html>",
                content_type="text/html",
                status=response.status,
            )
        return response

    def truth(self, base_url: str) -> SiteTruth:
        truth = super().truth(base_url)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities=truth.entities,
            target_type=truth.target_type,
            seed_entity=f"{base_url}/docs/ref/rst/roles.html",
        )


async def test_every_section_of_a_hand_written_index_is_the_level() -> None:
    truth, result, _ = await serve_and_discover(_LinkedHandIndex())
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0, sorted(set(result.entities) - set(truth.target_entities))
    assert scores.recall == 1.0, sorted(set(truth.target_entities) - set(result.entities))
