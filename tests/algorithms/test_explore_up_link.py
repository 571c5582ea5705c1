"""`explore` on a manual's reference chapter, against the lab's truth: its navigation header
links the part holding it both as "Prev" and as "Up", and its first command as "Next"; the
part is up the manual's tree, no other page of the chapter's list, and is not loaded."""

from __future__ import annotations

from aiohttp import web

from siteseer.lab import Site, SiteTruth
from tests.algorithms.explore_runs import serve_and_explore

COMMANDS = ("abort", "alter", "analyze", "begin", "call", "checkpoint", "close", "commit")


def _html(nav: str, body: str) -> web.Response:
    header = f'<div class="navheader">{nav}</div>'
    return web.Response(text=f"<html><body>{header}{body}</body></html>", content_type="text/html")


class _Manual(Site):
    """`/reference.html` (the part) links `/sql-commands.html` (the chapter), which lists
    `/sql-<name>.html`."""

    id = "manual-chapter"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/reference.html":
            return _html("", '<h1>Reference</h1><a href="sql-commands.html">SQL Commands</a>')
        if path == "/sql-commands.html":
            nav = (
                '<a href="reference.html">Prev</a> <a href="reference.html">Up</a> '
                f'<a href="sql-{COMMANDS[0]}.html">Next</a>'
            )
            items = "".join(f'<dt><a href="sql-{n}.html">{n.upper()}</a></dt>' for n in COMMANDS)
            return _html(nav, f"<h1>SQL Commands</h1><dl>{items}</dl>")
        name = path.removeprefix("/sql-").removesuffix(".html")
        if name in COMMANDS:
            nav = '<a href="sql-commands.html">Up</a>'
            return _html(nav, f"<h1>{name.upper()}</h1><p>What it does.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": tuple(f"{base_url}/sql-{n}.html" for n in COMMANDS)},
            target_type="command",
            seed_entity=f"{base_url}/sql-begin.html",
        )


async def test_a_prev_link_to_the_page_up_is_no_page_of_the_list() -> None:
    truth, result, downloaded = await serve_and_explore(_Manual(), "/sql-commands.html")
    assert set(result.entities) == set(truth.target_entities)
    assert truth.base_url + "/reference.html" not in downloaded, downloaded
