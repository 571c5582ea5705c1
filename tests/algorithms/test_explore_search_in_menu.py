"""`explore` on a commit log whose search form pairs a keyword box with a "search in" menu
(author, committer, message): submitted with the box left empty, every choice of the menu
shows the log again. The choices' first pages, all alike and listing only the start query's
commits, tell a field that filters nothing: none of them is paged."""

from __future__ import annotations

import hashlib

from aiohttp import web

from siteseer.lab import Site, SiteTruth, set_scores
from tests.algorithms.explore_runs import serve_and_explore

COMMITS = 90
PER_PAGE = 20
NODES = [hashlib.sha1(str(n).encode()).hexdigest() for n in range(COMMITS)]
FIELDS = ("author", "committer", "grep")


def _log(query: dict[str, str]) -> web.Response:
    start = int(query.get("ofs", "0"))
    words = query.get("q", "")
    rows = "".join(
        f'<tr><td><a href="/commit/?id={NODES[n]}">commit {n}</a></td><td>{n} days</td></tr>'
        for n in range(start, min(start + PER_PAGE, COMMITS))
        if not words or words in f"commit {n}"
    )
    keep = "".join(f"&{k}={v}" for k, v in sorted(query.items()) if k != "ofs")
    pager = (
        f'<a href="/log/?ofs={start + PER_PAGE}{keep}">[next]</a>'
        if start + PER_PAGE < COMMITS
        else ""
    )
    options = "".join(f'<option value="{f}">{f}</option>' for f in FIELDS)
    form = (
        '<form method="get" action="/log/"><select name="qt">'
        f'{options}</select><input type="search" name="q" value="{words}">'
        '<input type="submit" value="search"></form>'
    )
    html = (
        f"<html><body><div class='tabs'>{form}</div><table class='list'>{rows}</table>"
        f"<div class='pager'>{pager}</div></body></html>"
    )
    return web.Response(text=html, content_type="text/html")


class _SearchedLog(Site):
    id = "searched-log"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/log/":
            return _log(dict(request.query))
        node = request.query.get("id", "")
        if request.path == "/commit/" and node in NODES:
            body = f"<h1>commit {NODES.index(node)}</h1><p>{node}</p>"
            return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        commits = tuple(f"{base_url}/commit/?id={node}" for node in NODES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"commit": commits},
            target_type="commit",
            seed_entity=commits[0],
            seed_path=(f"{base_url}/log/", commits[0]),
            index_levels=((f"{base_url}/log/",),),
        )


async def test_a_search_in_menu_with_no_words_pages_none_of_its_choices() -> None:
    truth, result, downloaded = await serve_and_explore(_SearchedLog(), "/log/")
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == scores.recall == 1.0
    searched = [url for url in downloaded if "qt=" in url]
    # each choice's first page, submitted once: no further page of any
    assert len(searched) == len(FIELDS), searched
    assert not [url for url in searched if "ofs=" in url], searched
    views = [s for s in result.skipped if s.reason == "view"]
    assert len(views) == len(FIELDS), result.skipped
