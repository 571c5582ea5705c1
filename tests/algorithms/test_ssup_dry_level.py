"""SSUP's pagination by yield over a whole level: once a level's pages added no entity link for
`DRY_RUN` downloads in a row, the families left are not loaded, and a level of one page whose
list was shown to its end stops there, no family left loaded. A repository log,
whose toolbar links a tool page of each kind (a tree, a blame, statistics…), each its own
family, each built like the log and listing no commit: the log's pages are loaded, and no
tool."""

from __future__ import annotations

import math

from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

COMMITS = 50
PER_PAGE = 10
TOOLS = (
    "tree?rev=tip",
    "blame?file=README&rev=tip",
    "stats?by=author",
    "files?depth=1",
    "raw?path=README",
    "graph?limit=20",
    "help?topic=log",
)


class _LogSite(Site):
    """`/repo/log?page=N` lists 10 of 50 commits (`/repo/commit/<n>`, each linking back to the
    log); the log's toolbar links seven tool pages under `/repo/`, built like it, listing no
    commit (a commit page has no toolbar: it is no site navigation)."""

    kind = "entity-tree"
    id = "repo-log"

    @staticmethod
    def _page(title: str, body: str, *, toolbar: bool = True) -> web.Response:
        tools = "".join(f'<li><a href="/repo/{t}">{t.split("?")[0]}</a></li>' for t in TOOLS)
        bar = f'<ul class="toolbar">{tools}</ul>' if toolbar else ""
        html = (
            f"<html><head><title>{title}</title></head><body>"
            f"{bar}<h1>{title}</h1>{body}</body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/repo/log":
            page = int(request.query.get("page", "1"))
            rows = range((page - 1) * PER_PAGE + 1, min(COMMITS, page * PER_PAGE) + 1)
            table = "".join(
                f'<tr><td><a href="/repo/commit/{n}">commit {n}</a></td></tr>' for n in rows
            )
            pages = math.ceil(COMMITS / PER_PAGE)
            pager = " ".join(
                str(n) if n == page else f'<a href="/repo/log?page={n}">{n}</a>'
                for n in range(1, pages + 1)
            )
            return self._page(f"log, page {page}", f'<table class="log">{table}</table>{pager}')
        if path.startswith("/repo/commit/"):
            n = path.rsplit("/", 1)[-1]
            if n.isdigit() and 1 <= int(n) <= COMMITS:
                back = '<p class="crumbs"><a href="/repo/log">log</a></p>'
                return self._page(f"commit {n}", back + f"<pre>{n}</pre>", toolbar=False)
        if path.removeprefix("/repo/") in {t.split("?")[0] for t in TOOLS}:
            return self._page(path, '<table class="log"><tr><td>nothing</td></tr></table>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        commits = tuple(f"{base_url}/repo/commit/{n}" for n in range(1, COMMITS + 1))
        pages = math.ceil(COMMITS / PER_PAGE)
        log = (
            f"{base_url}/repo/log",
            *(f"{base_url}/repo/log?page={n}" for n in range(2, pages + 1)),
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"commit": commits},
            target_type="commit",
            seed_entity=commits[0],
            seed_path=(log[0], commits[0]),
            index_levels=(log,),
        )


async def test_a_level_stops_trying_families_after_a_run_of_pages_adding_nothing() -> None:
    async with LabServer([_LogSite()]) as server:
        truth = server.truth("repo-log")
        downloaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else downloaded.append(snap.url)
            )
            result = await ssup(session, truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert set(truth.index_levels[0]) <= set(downloaded)
    tools = [u for u in downloaded if "/repo/log" not in u and "/repo/commit/" not in u]
    assert not tools, tools
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
    stops = [t for t in result.trace if t.step == "pagination" and t.subject == "level 0"]
    assert stops and "its list was shown to its end" in stops[0].note
