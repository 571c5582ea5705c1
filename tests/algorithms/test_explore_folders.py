"""A tree of folders (folders.py): a gallery's albums, each a folder, list their sub-albums or
their images (a page per image). The truth: every image page of
every album; the sample sits in one album two folders deep, which lists its own images only."""

from __future__ import annotations

from aiohttp import web
from explore_runs import tree_truth

from siteseer.algorithms import Exploration, explore
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
        return _pictures_truth(self, base_url, ".jpg.html")


def _pictures_truth(site: Site, base_url: str, leaf: str) -> SiteTruth:
    """Every picture page of `ALBUMS` (``<album>/<name><leaf>``), Dune's the sample."""
    urls = [f"{base_url}/{a}/{n}{leaf}" for a, ns in ALBUMS.items() for n in ns]
    return tree_truth(site, base_url, "image", urls, f"{base_url}/mate/nature/Dune{leaf}")


async def _from_the_samples_album(site: Site) -> tuple[SiteTruth, Exploration]:
    """Explore from the album of the sample (``/mate/nature/``), the home page its hub: the
    truth and the result."""
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            home = truth.base_url + "/"
            start = truth.base_url + "/mate/nature/"
            result = await explore(session, start, entity_sample=truth.seed_entity, hub=home)
    return truth, result


async def test_a_list_continues_in_the_folders_of_its_tree() -> None:
    truth, result = await _from_the_samples_album(_Gallery())
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


class _PagedGallery(Site):
    """The gallery of `ALBUMS` as a static generator writes it: every folder's page its index
    document (``/mate/index.html``, linked so; ``/mate/`` serves it too), each album's pictures
    `PER_PAGE` a page (``index.html``, ``index_1.html``, …, every page linking the others), a
    page per picture (``Dune.html``)."""

    id = "paged-gallery"
    kind = "entity-tree"
    PER_PAGE = 3

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path.lstrip("/")
        head = '<header><a href="/index.html">Gallery</a></header>'
        folder, _, name = path.rpartition("/")
        page = 0 if name in ("", "index.html") else None
        if name.startswith("index_") and name.endswith(".html") and name[6:-5].isdigit():
            page = int(name[6:-5])
        if page is not None and folder in ALBUMS:
            chunks = [ALBUMS[folder][n : n + self.PER_PAGE] for n in range(0, 9, self.PER_PAGE)]
            chunks = [c for c in chunks if c]
            if page >= len(chunks):
                return web.Response(status=404, text="not found")
            pager = "".join(
                f'<li><a href="{"index.html" if not n else f"index_{n}.html"}">{n + 1}</a></li>'
                for n in range(len(chunks))
            )
            items = "".join(
                f'<div class="thumb"><a href="{n}.html">{n}</a></div>' for n in chunks[page]
            )
            body = f'<ul class="pages">{pager}</ul><div class="medias">{items}</div>'
            return _page(f"{head}<h1>{folder}</h1>{body}")
        subs = _albums(f"{folder}/" if folder else "")
        if page == 0 and subs:
            items = "".join(
                f'<li class="album"><a href="{s}/index.html">{s}</a></li>' for s in subs
            )
            return _page(f'{head}<h1>{folder or "Albums"}</h1><ul class="albums">{items}</ul>')
        if name.endswith(".html") and name[:-5] in ALBUMS.get(folder, []):
            return _page(f"{head}<h1>{name[:-5]}</h1><img src='{name[:-5]}.jpg'>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        return _pictures_truth(self, base_url, ".html")


async def test_a_list_continues_in_the_paged_index_documents_of_its_tree() -> None:
    """Folders linked by their index documents (``ukui/index.html``) are the folders of the
    tree, and each album found goes on through its own pages (``index_1.html``): every
    picture, the album one folder deep beside the category among them."""
    truth, result = await _from_the_samples_album(_PagedGallery())
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0, scores


async def test_the_start_albums_value_lists_its_own_pictures_only() -> None:
    """The albums beside the sample's, on the category page above it, are values of the
    category ("mate"): each picture of them has its album's, the sample's album's own pictures
    too (its pages, not those of the tree's other folders), and the pictures of the album
    beside the category none."""
    truth, result = await _from_the_samples_album(_PagedGallery())
    pairs = {
        (u, k, v) for u, fields in result.entities.items() for k, vs in fields.items() for v in vs
    }
    albums = {
        u: u.removeprefix(truth.base_url + "/").split("/")[:-1] for u in truth.target_entities
    }
    expected = {(u, "mate", a[1]) for u, a in albums.items() if a[0] == "mate"}
    assert pairs == expected
