"""A coverage report whose home page is a table of folders, each folder's index document
(``src/enc/index.html``) a table of its files (``src/enc/<file>.gcov.html``): explore, started
at the folder table of the sample as its entry finds it, reads the other folders' tables the
home page links alike (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

FOLDERS = {"common": 6, "dec": 9, "enc": 24, "tools": 3}


def _page(title: str, rows: list[tuple[str, str]], up: str = "") -> web.Response:
    cells = "".join(f'<tr><td class="coverFile"><a href="{u}">{t}</a></td></tr>' for u, t in rows)
    top = f'<p class="header"><a href="{up}">top level</a></p>' if up else ""
    html = f"<html><body><h1>{title}</h1>{top}<table>{cells}</table></body></html>"
    return web.Response(text=html, content_type="text/html")


def _files(folder: str) -> list[str]:
    return [f"/src/{folder}/f{n}.c.gcov.html" for n in range(1, FOLDERS[folder] + 1)]


class _Report(Site):
    """`/` (also `/index.html`) links each folder's table `/src/<folder>/index.html`, each
    listing its files `/src/<folder>/f<n>.c.gcov.html`."""

    id = "folder-tables"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return _page("top level", [(f"src/{f}/index.html", f"src/{f}") for f in FOLDERS])
        segs = path.strip("/").split("/")
        if len(segs) == 3 and segs[0] == "src" and segs[1] in FOLDERS:
            if segs[2] == "index.html":
                rows = [(u.rsplit("/", 1)[-1], u.rsplit("/", 1)[-1]) for u in _files(segs[1])]
                return _page(f"src/{segs[1]}", rows, up="../../index.html")
            if path in _files(segs[1]):
                return _page(path, [], up="../../index.html")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = [base_url + u for f in FOLDERS for u in _files(f)]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": tuple(urls)},
            target_type="file",
            seed_entity=base_url + "/src/enc/f3.c.gcov.html",
        )


async def test_the_folder_tables_beside_the_samples_index_document_are_read() -> None:
    site = _Report()
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.found, entry.trace
            assert entry.url.endswith("/src/enc/index.html"), entry.url
            hub = entry.start if entry.url != entry.start else None
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=hub)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0, (entry.url, hub, scores)
