"""SSUP's pagination of a list its level above already paged: a repository browser whose summary
links the log of each ref (``?a=log&h=main``, the level of the commits' lists) and the log of
its current branch (``?a=log``), whose pages the summary's own pagination loads to the end. The
branch's log under its ref's name pages the same commits again: its first page after the
sample adds none, and its family stops there; a tag's log, listing only commits shown before,
is a view whose pages are not loaded."""

from __future__ import annotations

import math

from aiohttp import web

from siteseer.lab import Site, SiteTruth, set_scores
from tests.algorithms.ssup_runs import serve_and_discover

COMMITS = 60
PER_PAGE = 10
TAGS = {"v1": 25, "v2": 12}  # each tag's newest commit


class _BrowserSite(Site):
    """``/?a=summary`` lists the refs (``/?a=log&h=<ref>``) and links the current branch's log
    ``/?a=log``; a log ``/?a=log[&h=<ref>][&pg=N]`` lists 10 commits (``/?a=commit&h=c<n>``)
    from the ref's newest down, with its pager; a commit links the summary and the branch's
    log by its ref's name."""

    kind = "entity-tree"
    id = "repo-browser"

    _HEAD = '<ul class="header"><li><a href="/?a=log">log</a></li></ul>'

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        html = (
            f"<html><head><title>{title}</title></head><body>"
            f'<div class="nav"><a href="/?a=summary">summary</a></div>'
            f"<h1>{title}</h1>{body}</body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _rows(links: list[tuple[str, str]]) -> str:
        rows = "".join(f'<tr><td class="n"><a href="{u}">{t}</a></td></tr>' for u, t in links)
        return f'<table class="list">{rows}</table>'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path != "/":
            return web.Response(status=404, text="not found")
        action, ref = request.query.get("a", "summary"), request.query.get("h")
        if action == "summary":
            refs = [(f"/?a=log&h={r}", r) for r in ("main", *TAGS)]
            return self._page("summary", self._HEAD + self._rows(refs))
        if action == "log":
            top = TAGS.get(ref or "main", COMMITS)
            page = int(request.query.get("pg", "1"))
            first = top - (page - 1) * PER_PAGE
            rows = [
                (f"/?a=commit&h=c{n}", f"commit {n}")
                for n in range(first, max(0, first - PER_PAGE), -1)
            ]
            base = "/?a=log" + (f"&h={ref}" if ref else "")
            pager = " ".join(
                str(n) if n == page else f'<a href="{base}&pg={n}">{n}</a>'
                for n in range(1, math.ceil(top / PER_PAGE) + 1)
            )
            # The current branch's log is headed as the summary; a ref's names its ref.
            head = f'<h2 class="ref"><a href="/?a=summary">{ref}</a></h2>' if ref else self._HEAD
            body = head + self._rows(rows) + f'<p class="pager">{pager}</p>'
            return self._page(f"log {ref or ''} page {page}", body)
        if action == "commit" and ref and ref[1:].isdigit() and 1 <= int(ref[1:]) <= COMMITS:
            up = '<p class="up"><a href="/?a=log&h=main">main</a></p>'
            return self._page(f"commit {ref}", up + f"<pre>{ref}</pre>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        commits = tuple(f"{base_url}/?a=commit&h=c{n}" for n in range(COMMITS, 0, -1))
        log = f"{base_url}/?a=log&h=main"
        pages = (log, *(f"{log}&pg={n}" for n in range(2, COMMITS // PER_PAGE + 1)))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"commit": commits},
            target_type="commit",
            seed_entity=commits[0],
            seed_path=(f"{base_url}/?a=summary", log, commits[0]),
            index_levels=((f"{base_url}/?a=summary",), pages),
        )


async def test_a_list_paged_at_the_level_above_is_not_paged_again() -> None:
    truth, result, downloaded = await serve_and_discover(_BrowserSite(), height=2)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    # The summary's pager showed every commit: the branch's pager stops at its first page, a
    # view adding none.
    again = [u for u in downloaded if "h=main&pg=" in u]
    assert len(again) <= 1, again
    # A tag's log lists only commits shown before: a view, whose own pages are not loaded.
    assert not [u for u in downloaded if "&h=v" in u and "&pg=" in u]
