"""Where `explore` starts on a repository browser whose repository page shows its newest
revisions with its own pager (``less more (0) -40 -20 tip``: "more" to a longer page of them,
the numbers to earlier pages of the log under another path): the pager's pages are the list's
own pages, no wider list, and are not loaded by the entry search; "more" is (against the lab's
truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth

REVISIONS = 60
PER_PAGE = 20
NODES = [f"{n * 7919:012x}" for n in range(REVISIONS, 0, -1)]  # the newest first


def _html(body: str) -> web.Response:
    menu = '<ul id="menu"><li><a href="/">Repositories</a></li><li><a href="/help">help</a></li>'
    html = f"<html><body>{menu}</ul><div id='main'>{body}</div></body></html>"
    return web.Response(text=html, content_type="text/html")


def _log(first: int, count: int) -> str:
    rows = "".join(
        f'<tr><td><a href="/repo/rev/{node}">upload {REVISIONS - first - i}</a></td></tr>'
        for i, node in enumerate(NODES[first : first + count])
    )
    nav = (
        f'<a href="/repo/shortlog/tip?revcount={PER_PAGE // 2}">less</a> '
        f'<a href="/repo/shortlog/tip?revcount={2 * count}">more</a> '
        f'<a href="/repo/shortlog/{NODES[-1]}">(0)</a> '
        f'<a href="/repo/shortlog/{NODES[2 * PER_PAGE]}">-40</a> '
        f'<a href="/repo/shortlog/{NODES[PER_PAGE]}">-20</a> '
        '<a href="/repo/shortlog/tip">tip</a>'
    )
    return f'<table class="log">{rows}</table><div class="navigate">{nav}</div>'


class _Repositories(Site):
    """A repository browser: the home page lists one repository, `/repo/`, whose page shows
    its `PER_PAGE` newest revisions (``/repo/rev/<node>``) and the log's pager; the log's
    pages under ``/repo/shortlog/`` show them too."""

    id = "repository-pager"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _html('<table><tr><td><a href="/repo/">repo</a></td></tr></table>')
        if path == "/repo/":
            return _html(_log(0, PER_PAGE))
        if path.startswith("/repo/shortlog/"):
            node = path.removeprefix("/repo/shortlog/")
            first = 0 if node == "tip" else NODES.index(node) if node in NODES else -1
            if first < 0:
                return web.Response(status=404, text="not found")
            count = int(request.query.get("revcount", PER_PAGE))
            return _html(_log(first, count))
        node = path.removeprefix("/repo/rev/")
        if node != path and node in NODES:
            return _html(f"<h1>Revision {node}</h1><p>Its changes.</p>")
        if path == "/help":
            return _html("<p>Help.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        revisions = tuple(f"{base_url}/repo/rev/{node}" for node in NODES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"revision": revisions},
            target_type="revision",
            seed_entity=revisions[3],
            seed_path=(f"{base_url}/repo/", revisions[3]),
            index_levels=((f"{base_url}/repo/",),),
        )


async def test_a_paged_lists_own_pager_is_no_continuation() -> None:
    async with LabServer([_Repositories()]) as server:
        truth = server.truth("repository-pager")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            loaded: list[str] = []
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
    more = f"{truth.base_url}/repo/shortlog/tip?revcount={2 * PER_PAGE}"
    assert entry.found and entry.url in (truth.seed_path[0], more)
    # the home page, the repository's page and its "more": none of its pager's pages
    assert [u for u in loaded if "/shortlog/" in u] == [more]
    assert entry.cost.downloads == 3
