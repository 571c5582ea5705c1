"""Where `explore` starts on a branch browser whose home page links, beside each branch's files,
an address where its template printed an object instead of the newest revision's number
(``/b/revision/<bound method Branch.revno …>``, answered with a server error): that link is no
page to load, and the branch's folder lists its revisions (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth

REVISIONS = 30
BROKEN = "/b/revision/<bound method Branch.revno of Branch(file:///srv/b/)>"


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Branches(Site):
    """A branch browser: the home page links the branch's files and `BROKEN`; the branch's
    folder ``/b/`` lists its revisions (``/b/revision/<n>``), each linking back to it."""

    id = "branches-unrendered"
    kind = "entity-tree"

    def __init__(self) -> None:
        self.requested: list[str] = []

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        self.requested.append(path)
        if path == "/":
            links = f'<a href="/b/files">files</a> <a href="{BROKEN}">revision</a>'
            return _html(f"<table><tr><td>b</td><td>{links}</td></tr></table>")
        if path == "/b/files":
            return _html("<p>No files.</p>")
        if path == "/b/":
            rows = "".join(
                f'<tr><td><a href="/b/revision/{n}">revision {n}</a></td></tr>'
                for n in range(REVISIONS, 0, -1)
            )
            return _html(f"<table>{rows}</table>")
        number = path.removeprefix("/b/revision/")
        if number.isdigit() and 1 <= int(number) <= REVISIONS:
            return _html(f"<h1>Revision {number}</h1><a href='/b/'>b</a>")
        if path.startswith("/b/revision/<"):
            return web.Response(status=500, text="AttributeError")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        revisions = tuple(f"{base_url}/b/revision/{n}" for n in range(REVISIONS, 0, -1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"revision": revisions},
            target_type="revision",
            seed_entity=revisions[0],
            seed_path=(f"{base_url}/b/", revisions[0]),
            index_levels=((f"{base_url}/b/",),),
        )


async def test_an_address_holding_an_unrendered_value_is_not_loaded() -> None:
    site = _Branches()
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
    assert entry.found and entry.url == truth.index_levels[0][0]
    assert not any(p.startswith("/b/revision/<") for p in site.requested), site.requested
