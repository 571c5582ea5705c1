"""SSUP's pagination over a level paged in two calls (its sample's list first, then every page of
the level): a repository's log of its branch, paged, beside the logs of its tags, every log
page's toolbar linking tool pages built like it that list no commit. The run of tool pages
adding nothing that stopped the first call stops those families for the second: the tools
left are not loaded then either."""

from __future__ import annotations

import math

from aiohttp import web

from siteseer.lab import Site, SiteTruth, set_scores
from tests.algorithms.ssup_runs import serve_and_discover

COMMITS = 60
PER_PAGE = 10
TAGS = {"v1": 45, "v2": 30, "v3": 15}  # each tag's newest commit
TOOLS = ("tree?rev=tip", "blame?file=README", "stats?by=author", "files?depth=1", "raw?path=a")


class _RepoSite(Site):
    """`/repo/` links the log of the branch (`/repo/log?h=main`, its newest commit 60) and of
    three tags, each `/repo/log?h=<ref>&page=N` listing 10 commits (`/repo/commit/<n>`) from
    the ref's newest down, with its pager; a commit links back to the branch's log and to
    `/repo/`."""

    kind = "entity-tree"
    id = "repo-history"

    @staticmethod
    def _page(title: str, body: str, *, toolbar: bool = False) -> web.Response:
        tools = "".join(f'<li><a href="/repo/{t}">{t.split("?")[0]}</a></li>' for t in TOOLS)
        bar = f'<ul class="toolbar">{tools}</ul>' if toolbar else ""
        html = (
            f"<html><head><title>{title}</title></head><body>{bar}"
            f'<p class="crumbs"><a href="/repo/">repo</a></p><h1>{title}</h1>{body}</body></html>'
        )
        return web.Response(text=html, content_type="text/html")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/repo/":
            refs = "".join(
                f'<tr><td><a href="/repo/log?h={ref}">{ref}</a></td></tr>'
                for ref in ("main", *TAGS)
            )
            return self._page("repo", f'<table class="refs">{refs}</table>')
        if path == "/repo/log":
            ref = request.query.get("h", "main")
            top = TAGS.get(ref, COMMITS)
            page = int(request.query.get("page", "1"))
            first = top - (page - 1) * PER_PAGE
            rows = range(first, max(0, first - PER_PAGE), -1)
            table = "".join(
                f'<tr><td><a href="/repo/commit/{n}">commit {n}</a></td></tr>' for n in rows
            )
            pages = math.ceil(top / PER_PAGE)
            pager = " ".join(
                str(n) if n == page else f'<a href="/repo/log?h={ref}&amp;page={n}">{n}</a>'
                for n in range(1, pages + 1)
            )
            return self._page(
                f"log of {ref}, page {page}",
                f'<table class="log">{table}</table><p class="pager">{pager}</p>',
                toolbar=True,
            )
        if path.startswith("/repo/commit/"):
            n = path.rsplit("/", 1)[-1]
            if n.isdigit() and 1 <= int(n) <= COMMITS:
                back = '<p class="up"><a href="/repo/log?h=main">log</a></p>'
                return self._page(f"commit {n}", back + f"<pre>{n}</pre>")
        if path.removeprefix("/repo/") in {t.split("?")[0] for t in TOOLS}:
            empty = '<table class="log"><tr><td>nothing</td></tr></table>'
            return self._page(path, empty, toolbar=True)
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        commits = tuple(f"{base_url}/repo/commit/{n}" for n in range(COMMITS, 0, -1))
        log = f"{base_url}/repo/log?h=main"
        pages = (log, *(f"{log}&page={n}" for n in range(2, COMMITS // PER_PAGE + 1)))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"commit": commits},
            target_type="commit",
            seed_entity=commits[0],
            seed_path=(f"{base_url}/repo/", log, commits[0]),
            index_levels=((f"{base_url}/repo/",), pages),
        )


async def test_a_levels_dry_stop_holds_when_its_other_pages_are_paged() -> None:
    truth, result, downloaded = await serve_and_discover(_RepoSite(), height=2)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    tools = [
        u for u in downloaded if "/log" not in u and "/commit/" not in u and u[-6:] != "/repo/"
    ]
    assert len(tools) <= 1, tools
