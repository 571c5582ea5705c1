"""`explore` on a reference whose every page carries a search form (a words box and a select
of where to search) whose action the served copy does not answer (404: a search run by
another server), against the lab's truth: the form submitted untouched finds no page, and none
of its other choices is submitted."""

from __future__ import annotations

from aiohttp import web

from siteseer.lab import Site, SiteTruth
from tests.algorithms.explore_runs import serve_and_explore

NAMES = ("open", "close", "exec", "prepare", "step", "finalize", "reset", "bind")
SCOPES = ("d", "c", "f", "k")
FORM = (
    '<form method="get" action="/search"><input type="text" name="q">'
    '<select name="s">'
    + "".join(f'<option value="{s}">{s}</option>' for s in SCOPES)
    + '</select><input type="submit" value="Go"></form>'
)


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{FORM}{body}</body></html>", content_type="text/html")


class _Reference(Site):
    """`/c/funcs.html` lists the functions; `/c/<name>.html` describes one."""

    id = "unserved-form"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/c/funcs.html":
            items = "".join(f'<li><a href="{n}.html">sqlite3_{n}</a></li>' for n in NAMES)
            return _html(f"<h1>Functions</h1><ul>{items}</ul>")
        name = request.path.removeprefix("/c/").removesuffix(".html")
        if request.path.startswith("/c/") and name in NAMES:
            return _html(f"<h1>sqlite3_{name}</h1><p>What it does.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"function": tuple(f"{base_url}/c/{n}.html" for n in NAMES)},
            target_type="function",
            seed_entity=f"{base_url}/c/open.html",
        )


async def test_a_form_whose_untouched_submission_finds_no_page_is_not_enumerated() -> None:
    truth, result, _ = await serve_and_explore(_Reference(), "/c/funcs.html")
    assert set(result.entities) == set(truth.target_entities)
    searched = [t.subject for t in result.trace if t.step == "fetch" and "/search" in t.subject]
    assert len(searched) == 1, searched
