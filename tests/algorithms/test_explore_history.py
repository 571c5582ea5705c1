"""`explore` on a commit log paged by position, against the lab's truth: each page of the log
(``/log``, ``/log/<node>``) lists ten commits from its own place in the history and links the
repository's tools at that place (``/graph/tip`` on the first page, ``/graph/<node>`` beyond),
so that no two pages share those links as written; the pager ("-10", "(0)") leads by node."""

from __future__ import annotations

import hashlib

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

COMMITS = 35
PER_PAGE = 10
NODES = [hashlib.sha1(str(n).encode()).hexdigest()[:12] for n in range(COMMITS)]  # newest first


def _log(start: int) -> web.Response:
    place = "tip" if start == 0 else NODES[start]
    rows = "".join(
        f'<tr><td class="age">{n} days</td><td class="description">'
        f'<a href="/rev/{NODES[n]}">commit {n}</a></td></tr>'
        for n in range(start, min(start + PER_PAGE, COMMITS))
    )
    pager = []
    if start + PER_PAGE < COMMITS:
        pager.append(f'<a href="/log/{NODES[start + PER_PAGE]}">-{PER_PAGE}</a>')
    pager.append(f'<a href="/log/{NODES[-1]}">(0)</a>')
    tools = (
        f'<ul class="tools"><li><a href="/graph/{place}">graph</a></li>'
        f'<li><a href="/file/{place}">browse</a></li><li><a href="/tags">tags</a></li></ul>'
    )
    html = (
        f"<html><body>{tools}<div class='main'><table class='bigtable'>{rows}</table>"
        f"<div class='navigate'>{' '.join(pager)}</div></div></body></html>"
    )
    return web.Response(text=html, content_type="text/html")


class _History(Site):
    id = "history-log"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/log", "/log/tip"):
            return _log(0)
        node = path.removeprefix("/log/")
        if node != path and node in NODES:
            return _log(NODES.index(node))
        node = path.removeprefix("/rev/")
        if node != path and node in NODES:
            body = f"<h1>commit {NODES.index(node)}</h1><p>changeset {node}</p>"
            return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        revs = tuple(f"{base_url}/rev/{node}" for node in NODES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"rev": revs},
            target_type="rev",
            seed_entity=revs[0],
            seed_path=(f"{base_url}/log", revs[0]),
            index_levels=((f"{base_url}/log",),),
        )


async def test_a_log_paged_by_position_is_one_list_though_its_tools_follow_the_place() -> None:
    async with LabServer([_History()]) as server:
        truth = server.truth("history-log")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/log", entity_sample=truth.seed_entity
            )
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == scores.recall == 1.0
