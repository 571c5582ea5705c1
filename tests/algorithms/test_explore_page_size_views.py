"""`explore` on a commit log whose every page offers "less" and "more" (``?revcount=N``, a
smaller or bigger page size, under a name no page-size word gives away) beside its pager; a
page at another size carries that size into every link it draws, its commits' links too (read
as the commits' own addresses). "less" and "more" bracketing the commits a page shows make the
parameter a page size: the "more" links are followed from the first page while each lists more
commits, until one lists fewer than it asked for, and the log is read at that size; a "more"
loaded past it lists no commit the log's pages have not shown: the parameter is a view, and
its other sizes are not loaded."""

from __future__ import annotations

import hashlib

from aiohttp import web

from siteseer.lab import Site, SiteTruth, set_scores
from tests.algorithms.explore_runs import serve_and_explore

COMMITS = 200
PER_PAGE = 10
NODES = [hashlib.sha1(str(n).encode()).hexdigest()[:12] for n in range(COMMITS)]  # newest first


def _log(start: int, size: int | None) -> web.Response:
    here = "tip" if start == 0 else NODES[start]
    count = size or PER_PAGE
    keep = f"?revcount={size}" if size else ""
    rows = "".join(
        f'<tr><td class="age">{n} days</td><td class="description">'
        f'<a href="/rev/{NODES[n]}{keep}">commit {n}</a></td></tr>'
        for n in range(start, min(start + count, COMMITS))
    )
    pager = [
        f'<a href="/log/{here}?revcount={max(count // 2, 1)}">less</a>',
        f'<a href="/log/{here}?revcount={count * 2}">more</a> |',
    ]
    if start + count < COMMITS:
        pager.append(f'<a href="/log/{NODES[start + count]}{keep}">-{count}</a>')
    pager.append(f'<a href="/log/{NODES[-1]}{keep}">(0)</a>')
    html = (
        f"<html><body><ul><li><a href='/tags{keep}'>tags</a></li></ul><div class='main'>"
        f"<table class='bigtable'>{rows}</table>"
        f"<div class='navigate'>{' '.join(pager)}</div></div></body></html>"
    )
    return web.Response(text=html, content_type="text/html")


class _SizedLog(Site):
    id = "sized-log"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        size = request.query.get("revcount")
        sized = int(size) if size and size.isdigit() else None
        node = request.path.removeprefix("/log/")
        if request.path == "/log" or node == "tip":
            return _log(0, sized)
        if node != request.path and node in NODES:
            return _log(NODES.index(node), sized)
        node = request.path.removeprefix("/rev/")
        if node != request.path and node in NODES:
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


async def test_the_log_is_read_at_the_size_its_more_links_reach() -> None:
    truth, result, downloaded = await serve_and_explore(_SizedLog(), "/log")
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == scores.recall == 1.0
    sized = [int(url.rsplit("revcount=", 1)[1]) for url in downloaded if "revcount=" in url]
    # "more" doubled from the first page's 10 until a page lists all 200 commits (320), the
    # last page link drawn there and one "more" past it, a view: never a "less", never a page
    # of 10 (20 of them)
    assert sized[:5] == [20, 40, 80, 160, 320] and min(sized) == 2 * PER_PAGE
    assert len(downloaded) <= 9, downloaded
