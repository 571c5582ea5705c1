"""`explore` on a manual's index whose page also links another manual's index (a page its
command pages never link): that page is the index page's own content, no index of the
commands' values, and is not loaded; the commands are listed as before (against the lab's
truth)."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore

from siteseer.lab import Site, SiteTruth, set_scores

COMMANDS = [f"/cmd-{n}.html" for n in range(1, 13)]
OTHER = "/technical/index.html"


class _Manual(Site):
    """`/index.html` lists the command pages and, in a paragraph below, links `OTHER`, the
    index of another manual (its pages listed under a heading); a command page links the
    index and two other commands."""

    id = "manual-other-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/index.html":
            items = "".join(f'<li><a href="{u}">{u[1:-5]}</a></li>' for u in COMMANDS)
            body = f'<h1>Manual</h1><ul>{items}</ul><p>See <a href="{OTHER}">the API</a>.</p>'
        elif path == OTHER:
            apis = "".join(
                f'<li><a href="/technical/api-{n}.html">api {n} (3)</a></li>' for n in range(6)
            )
            body = f"<h1>API</h1><h2>Interfaces</h2><ul>{apis}</ul>"
        elif path in COMMANDS:
            body = (
                f'<p><a href="/index.html">Index</a></p><h1>{path}</h1><p>Text.</p>'
                f'<p>See <a href="{COMMANDS[0]}">one</a> and <a href="{COMMANDS[1]}">two</a>.</p>'
            )
        elif path.startswith("/technical/api-"):
            body = f"<h1>{path}</h1><p>Text.</p>"
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + u for u in COMMANDS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": urls},
            target_type="command",
            seed_entity=urls[3],
        )


async def test_a_link_the_entity_pages_never_show_is_no_index_of_their_values() -> None:
    truth, result, downloaded = await serve_and_explore(_Manual(), "/index.html")
    assert result.complete, result.reason
    assert not any(u.startswith(truth.base_url + "/technical/") for u in downloaded)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
