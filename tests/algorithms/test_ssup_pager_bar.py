"""SSUP's climb above the seed on a repository browser's log (hgweb's shape): the log's page
``/repo`` lists 20 commits, and its bar below them links the same log at other sizes ("less",
"more": ``/repo/log/tip?revcount=N``) and from other commits ("(0)", "-20", "tip"), under
another path than its own. Those are the log's own pages, none listing it: not loaded to be
judged as the page above it."""

from __future__ import annotations

from aiohttp import web

from siteseer.lab import Site, SiteTruth, set_scores
from tests.algorithms.ssup_runs import serve_and_discover

COMMITS = 50
SHOWN = 20


def _hash(n: int) -> str:
    return f"{n * 7919:012x}"


class _LogSite(Site):
    """``/`` lists the repository ``/repo``; ``/repo`` shows its log (20 commits, newest
    first, ``/repo/rev/<hash>``) with a bar of sizes and starts; ``/repo/log/<start>`` shows
    the log from a commit, ``?revcount=N`` at N commits a page; every page of the repository
    shows the trail ``/ > repo`` and its menu (graph, tags)."""

    kind = "entity-tree"
    id = "log-pager"

    @staticmethod
    def _page(title: str, menu: str, body: str) -> web.Response:
        trail = (
            '<h2 class="breadcrumb"><a href="/">Repositories</a> &gt; <a href="/repo">repo</a></h2>'
        )
        html = (
            f"<html><head><title>{title}</title></head><body>"
            f'<div class="menu"><ul>{menu}</ul></div><div class="main">{trail}{body}</div>'
            "</body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _menu(at: str) -> str:
        return (
            f'<li><a href="/repo/graph/{at}">graph</a></li><li><a href="/repo/tags">tags</a></li>'
        )

    def _log(self, start: int, count: int) -> web.Response:
        rows = "".join(
            f'<tr><td class="description"><a href="/repo/rev/{_hash(n)}">commit {n}</a></td></tr>'
            for n in range(start, max(0, start - count), -1)
        )
        bar = (
            f'<div class="navigate"><a href="/repo/log/tip?revcount={count // 2}">less</a> '
            f'<a href="/repo/log/tip?revcount={count * 2}">more</a> '
            f'| <a href="/repo/log/{_hash(1)}">(0)</a> '
            f'<a href="/repo/log/{_hash(max(1, start - count))}">-{count}</a> '
            '<a href="/repo/log/tip">tip</a></div>'
        )
        body = f'<table class="bigtable">{rows}</table>{bar}'
        return self._page(f"repo log from {start}", self._menu("tip"), body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        hashes = {_hash(n): n for n in range(1, COMMITS + 1)}
        if path == "/":
            body = '<table class="index"><tr><td><a href="/repo">repo</a></td></tr></table>'
            html = f"<html><head><title>Repositories</title></head><body>{body}</body></html>"
            return web.Response(text=html, content_type="text/html")
        count = int(request.query.get("revcount", str(SHOWN)))
        if path == "/repo":
            return self._log(COMMITS, SHOWN)
        if path.startswith("/repo/log/"):
            start = path.removeprefix("/repo/log/")
            return self._log(COMMITS if start == "tip" else hashes.get(start, 1), count)
        if path.startswith("/repo/graph/") or path == "/repo/tags":
            return self._page("repo graph", self._menu("tip"), "<p>graph</p>")
        name = path.removeprefix("/repo/rev/")
        if name not in hashes:
            return web.Response(status=404, text="not found")
        n = hashes[name]
        parent = f'<p>parent <a href="/repo/rev/{_hash(n - 1)}">{n - 1}</a></p>' if n > 1 else ""
        return self._page(f"commit {n}", self._menu(name), f"<h3>commit {n}</h3>{parent}")

    def truth(self, base_url: str) -> SiteTruth:
        commits = tuple(f"{base_url}/repo/rev/{_hash(n)}" for n in range(COMMITS, 0, -1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"commit": commits},
            target_type="commit",
            seed_entity=commits[0],
            seed_path=(f"{base_url}/repo", commits[0]),
            index_levels=((f"{base_url}/repo", f"{base_url}/repo/log/tip?revcount=40"),),
        )


async def test_the_pages_of_a_logs_pager_are_not_judged_above_it() -> None:
    truth, result, downloaded = await serve_and_discover(_LogSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    # The log at a smaller size lists none of its commits beyond those shown: never loaded.
    assert not [u for u in downloaded if "revcount=10" in u], downloaded
