"""`explore` on a manual's index of commands whose search box searches the manual's text,
against the lab's truth: the first two words taken from the site's anchors are answered by no
list of commands (a count of matches in the text), so no other word is tried; where the box answers
with lists of commands, the words go on until they add no command."""

from __future__ import annotations

from urllib.parse import urlsplit

from aiohttp import web

from siteseer.lab import Site, SiteTruth
from tests.algorithms.explore_runs import serve_and_explore

COMMANDS = ("add", "commit", "fetch", "merge", "push", "rebase", "reset", "status")


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Manual(Site):
    """`/` lists the commands beside a search box; `/search?q=<word>` answers with a count of
    matches in the text, or (`lists`) with the commands whose name holds the word."""

    kind = "entity-tree"

    def __init__(self, *, lists: bool) -> None:
        self.lists = lists
        self.id = "manual-command-search" if lists else "manual-text-search"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        form = '<form method="GET" action="/search"><input type="text" name="q"><button type="submit">Search</button></form>'
        if request.path == "/":
            items = "".join(f'<li><a href="/cmd/{n}.html">git {n}</a></li>' for n in COMMANDS)
            return _html(f"<h1>Commands</h1>{form}<ul>{items}</ul>")
        if request.path == "/search":
            word = request.query.get("q", "").removeprefix("git ").strip()
            if not self.lists:
                return _html(f"<h1>Search</h1>{form}<p>{len(word)} matches in the text.</p>")
            hits = [n for n in COMMANDS if word and word in n]
            items = "".join(f'<li><a href="/cmd/{n}.html">git {n}</a></li>' for n in hits)
            return _html(f"<h1>Search</h1>{form}<ul>{items}</ul>")
        name = request.path.removeprefix("/cmd/").removesuffix(".html")
        if name not in COMMANDS:
            return web.Response(status=404, text="not found")
        return _html(f'<h1>git {name}</h1><p>Runs {name}.</p><p><a href="/">Commands</a></p>')

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": tuple(f"{base_url}/cmd/{n}.html" for n in COMMANDS)},
            target_type="command",
            seed_entity=f"{base_url}/cmd/commit.html",
        )


def _searches(downloaded: list[str]) -> list[str]:
    return [u for u in downloaded if urlsplit(u).path == "/search"]


async def test_a_box_answering_no_list_is_asked_two_words() -> None:
    truth, result, downloaded = await serve_and_explore(_Manual(lists=False))
    assert set(result.entities) == set(truth.target_entities)
    assert len(_searches(downloaded)) == 2, downloaded


async def test_a_box_answering_lists_is_asked_until_its_words_add_nothing() -> None:
    truth, result, downloaded = await serve_and_explore(_Manual(lists=True))
    assert set(result.entities) == set(truth.target_entities)
    assert len(_searches(downloaded)) > 1, downloaded
