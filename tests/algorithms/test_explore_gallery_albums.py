"""A gallery whose home page links a category, the category its albums, each album its
pictures (a page per picture, named below the album's folder): explore, started at the album
of the sample as its entry finds it, reads the albums beside it on the category page the home
page links (against the lab's truth). So does a coverage report whose home page is a table of
folders, each folder's index document (``src/enc/index.html``) a table of its files: from the
folder table of the sample, explore reads the other folders' tables the home page links."""

from __future__ import annotations

from aiohttp import web
from explore_runs import tree_truth

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, SetScores, Site, SiteTruth, set_scores

ALBUMS = {"abstract": 7, "desktop": 6, "nature": 8}
FOLDERS = {"common": 6, "dec": 9, "enc": 24, "tools": 3}


def _page(title: str, links: list[tuple[str, str]]) -> web.Response:
    items = "".join(f'<div class="media"><a href="{u}">{t}</a></div>' for u, t in links)
    crumbs = '<ul id="breadcrumbs"><li><a href="/index.html">pictures</a></li></ul>'
    html = f'<html><body><h1>{title}</h1>{crumbs}<div id="medias">{items}</div></body></html>'
    return web.Response(text=html, content_type="text/html")


def _pictures(album: str) -> list[str]:
    return [f"/mate/{album}/pic{n}.html" for n in range(1, ALBUMS[album] + 1)]


class _Gallery(Site):
    """`/` links the category `/mate/index.html`, which links its three albums
    (`/mate/<album>/index.html`, also served at `/mate/<album>/`), each listing its pictures
    (`/mate/<album>/pic<n>.html`)."""

    id = "gallery-albums"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return _page("pictures", [("/mate/index.html", "mate")])
        if path in ("/mate/", "/mate/index.html"):
            return _page("mate", [(f"/mate/{a}/index.html", a) for a in ALBUMS])
        album = path.split("/")[2] if path.count("/") == 3 else ""
        if album in ALBUMS and path.endswith(("/", "/index.html")):
            return _page(album, [(u, u.rsplit("/", 1)[-1][:-5]) for u in _pictures(album)])
        if album in ALBUMS and path in _pictures(album):
            return _page(path, [(f"/mate/{album}/index.html", album)])
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = [base_url + u for a in ALBUMS for u in _pictures(a)]
        return tree_truth(self, base_url, "picture", urls, base_url + "/mate/nature/pic3.html")


async def _explored_from_home(site: Site) -> tuple[str, str | None, SetScores]:
    """Explore from the list page the entry finds from `site`'s home page: that page, its hub
    and the scores against the truth."""
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            assert entry.found, entry.trace
            hub = entry.start if entry.url != entry.start else None
            result = await explore(session, entry.url, entity_sample=truth.seed_entity, hub=hub)
    assert result.complete, result.reason
    return entry.url, hub, set_scores(result.entities, truth.target_entities)


async def test_the_albums_beside_the_samples_are_read_on_the_category_above_it() -> None:
    start, hub, scores = await _explored_from_home(_Gallery())
    assert scores.precision == 1.0 and scores.recall == 1.0, (start, hub, scores)


def _table(title: str, rows: list[tuple[str, str]], up: str = "") -> web.Response:
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
            return _table("top level", [(f"src/{f}/index.html", f"src/{f}") for f in FOLDERS])
        segs = path.strip("/").split("/")
        if len(segs) == 3 and segs[0] == "src" and segs[1] in FOLDERS:
            if segs[2] == "index.html":
                rows = [(u.rsplit("/", 1)[-1], u.rsplit("/", 1)[-1]) for u in _files(segs[1])]
                return _table(f"src/{segs[1]}", rows, up="../../index.html")
            if path in _files(segs[1]):
                return _table(path, [], up="../../index.html")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = [base_url + u for f in FOLDERS for u in _files(f)]
        return tree_truth(self, base_url, "file", urls, base_url + "/src/enc/f3.c.gcov.html")


async def test_the_folder_tables_beside_the_samples_index_document_are_read() -> None:
    start, hub, scores = await _explored_from_home(_Report())
    assert start.endswith("/src/enc/index.html"), start
    assert scores.precision == 1.0 and scores.recall == 1.0, (start, hub, scores)


class _FolderReport(_Report):
    """The report as a server gives it with its folders: `/src/` lists the folders
    (`/src/<folder>/`, each serving its index document's table, as a web server serves a
    folder), and each folder's table links up to it. Every path asked for is kept."""

    id = "folder-tables-served"

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        self.asked.append(path)
        segs = path.strip("/").split("/")
        if path == "/src/":
            return _table("src", [(f"{f}/", f) for f in FOLDERS], up="../index.html")
        if len(segs) == 2 and segs[0] == "src" and segs[1] in FOLDERS and path.endswith("/"):
            rows = [(u.rsplit("/", 1)[-1], u.rsplit("/", 1)[-1]) for u in _files(segs[1])]
            return _table(f"src/{segs[1]}", rows, up="../")
        return await super().handle(request)


async def test_a_folder_loaded_with_the_start_list_stands_for_its_index_document() -> None:
    report = _FolderReport()
    start, hub, scores = await _explored_from_home(report)
    assert scores.precision == 1.0 and scores.recall == 1.0, (start, hub, scores)
    # each folder's table is loaded once: as its folder or as its index document, not both
    for folder in FOLDERS:
        both = {f"/src/{folder}/", f"/src/{folder}/index.html"}
        assert len([p for p in report.asked if p in both]) <= 1, (folder, " ".join(report.asked))
