"""A tree of folders (folders.py): a gallery's albums, each a folder, list their sub-albums or
their images (a page per image). The truth: every image page of
every album; the sample sits in one album two folders deep, which lists its own images only."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.algorithms.querycentric.folders import child_of
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

ALBUMS = {
    "mate/nature": ["Dune", "Aqua", "Storm", "Wood"],
    "mate/abstract": ["Flow", "Silk", "Waves"],
    "mate/desktop": ["Stripes", "Float"],
    "ukui": ["Sky", "Lake", "Hill"],
}


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


def _albums(folder: str) -> list[str]:
    depth = len([s for s in folder.split("/") if s])
    names = {a.split("/")[depth] for a in ALBUMS if a.startswith(folder) and a != folder.strip("/")}
    return sorted(names)


class _Gallery(Site):
    id = "gallery"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path.strip("/")
        head = '<header><a href="/">Gallery</a></header>'
        if path in ALBUMS:
            items = "".join(
                f'<li class="thumb"><a href="{n}.jpg.html">{n}</a></li>' for n in ALBUMS[path]
            )
            return _page(f'{head}<h1>{path}</h1><ul class="gallery">{items}</ul>')
        folder = f"{path}/" if path else ""
        subs = _albums(folder)
        if request.path.endswith("/") and subs:
            items = "".join(f'<li class="album"><a href="{s}/">{s}</a></li>' for s in subs)
            return _page(f'{head}<h1>{path or "Albums"}</h1><ul class="albums">{items}</ul>')
        album, _, name = path.rpartition("/")
        if name.endswith(".jpg.html") and name[:-9] in ALBUMS.get(album, []):
            return _page(f"{head}<h1>{name[:-5]}</h1><img src='{name[:-5]}'>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{a}/{n}.jpg.html" for a, ns in ALBUMS.items() for n in ns)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"image": urls},
            target_type="image",
            seed_entity=f"{base_url}/mate/nature/Dune.jpg.html",
        )


async def test_a_list_continues_in_the_folders_of_its_tree() -> None:
    async with LabServer([_Gallery()]) as server:
        truth = server.truth("gallery")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            home = truth.base_url + "/"
            start = truth.base_url + "/mate/nature/"  # the album of the sample
            result = await explore(session, start, entity_sample=truth.seed_entity, hub=home)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


def test_a_page_lies_directly_in_its_folder() -> None:
    folder = ("gallery.test", ("mate", "nature"))
    assert child_of("http://gallery.test/mate/nature/Dune.jpg.html", folder)
    assert not child_of("http://gallery.test/mate/Dune.jpg.html", folder)
    assert not child_of("http://gallery.test/mate/nature/x/Dune.jpg.html", folder)


class _Api(Site):
    """A browsable API: each resource a folder (``/api/countries/AF/``), its list linking them
    in the same block as the API root links the lists (``/api/countries/``)."""

    id = "api"
    kind = "entity-tree"
    COUNTRIES = tuple(f"C{i}" for i in range(1, 13))

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def handle(self, request: web.Request) -> web.StreamResponse:
        self.asked.append(request.path)
        path = request.path
        head = '<header><a href="/api/">Api root</a></header>'
        if path in ("/", "/api/"):
            links = ["/api/countries/", "/api/currencies/"]
        elif path == "/api/countries/":
            links = [f"/api/countries/{c}/" for c in self.COUNTRIES]
        elif path == "/api/currencies/":
            links = [f"/api/currencies/K{i}/" for i in range(1, 4)]
        elif path.startswith(("/api/countries/C", "/api/currencies/K")):
            links = []
        else:
            return web.Response(status=404, text="not found")
        rows = "".join(f'  "url": <a href="{u}">{u}</a>,\n' for u in links)
        return _page(f'{head}<div class="content"><h1>{path}</h1><pre>[\n{rows}]</pre></div>')

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/api/countries/{c}/" for c in self.COUNTRIES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"country": urls},
            target_type="country",
            seed_entity=urls[0],
        )


async def test_the_start_lists_entity_folders_are_no_folders_of_its_tree() -> None:
    """A list whose entities are folders (``/api/countries/C1/``) in the block its API root
    lists the lists in: its entities are not loaded as folders that might list more."""
    site = _Api()
    async with LabServer([site]) as server:
        truth = server.truth("api")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            start = truth.base_url + "/api/countries/"
            result = await explore(session, start, entity_sample=truth.seed_entity)
    assert set_scores(result.entities, truth.target_entities).recall == 1.0
    # the sample and at most one more entity page (is there a record?), no entity as a folder
    assert sum(p.startswith("/api/countries/C") for p in site.asked) <= 2
