"""Where `explore` starts on a photo gallery whose home page shows a few photos of each gallery
(linking the sample or not) beside its galleries' pages and `/pics/photolist/`, the list of
every photo, paged: the page named for the sample's collection (``photolist`` for
``/pics/photo/<name>/``) is loaded first, alone, and once it lists more of the sample's kind
than the home page, the galleries are not loaded (against the lab's truth)."""

from __future__ import annotations

import pytest
from aiohttp import web

from siteseer.algorithms import find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth

PHOTOS = [f"p{n}" for n in range(1, 37)]
PER_PAGE = 12
GALLERIES = {f"g{n}": PHOTOS[(n - 1) * 6 : n * 6] for n in range(1, 7)}
SAMPLE = PHOTOS[4]


def _html(body: str) -> web.Response:
    html = f"<html><body><h1>Photos</h1><div id='main'>{body}</div></body></html>"
    return web.Response(text=html, content_type="text/html")


def _photos(names: list[str]) -> str:
    return "".join(f'<div class="photo"><a href="/pics/photo/{n}/">{n}</a></div>' for n in names)


class _Gallery(Site):
    """A gallery: the home page shows two photos of each gallery (the sample's among them when
    `shows_sample`), then links ``/pics/photolist/`` (every photo, `PER_PAGE` a page),
    ``/pics/gallerylist/`` and each gallery's page (its photos)."""

    kind = "entity-tree"

    def __init__(self, shows_sample: bool) -> None:
        self.shows_sample = shows_sample
        self.id = "gallery-shows" if shows_sample else "gallery-hides"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            skip = 0 if self.shows_sample else 2
            shown = [p for names in GALLERIES.values() for p in names[skip + 3 : skip + 5]]
            shown = [SAMPLE, *shown] if self.shows_sample else shown
            links = ["/pics/photolist/", "/pics/gallerylist/"]
            links += [f"/pics/gallery/{g}/" for g in GALLERIES]
            menu = "".join(f'<li><a href="{u}">{u.split("/")[-2]}</a></li>' for u in links)
            return _html(f"{_photos(shown)}<ul>{menu}</ul>")
        if path == "/pics/photolist/":
            page = int(request.query.get("page", "1"))
            names = PHOTOS[(page - 1) * PER_PAGE : page * PER_PAGE]
            pages = -(-len(PHOTOS) // PER_PAGE)
            pager = "".join(
                f'<a href="/pics/photolist/?page={k}">{k}</a> '
                for k in range(1, pages + 1)
                if k != page
            )
            return _html(f"{_photos(names)}<p class='pager'>{pager}</p>")
        if path == "/pics/gallerylist/":
            items = "".join(f'<li><a href="/pics/gallery/{g}/">{g}</a></li>' for g in GALLERIES)
            return _html(f"<ul>{items}</ul>")
        gallery = path.removeprefix("/pics/gallery/").strip("/")
        if path.startswith("/pics/gallery/") and gallery in GALLERIES:
            return _html(_photos(GALLERIES[gallery]))
        photo = path.removeprefix("/pics/photo/").strip("/")
        if path.startswith("/pics/photo/") and photo in PHOTOS:
            return _html(f"<h2>{photo}</h2><a href='/'>Home</a>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        photos = tuple(f"{base_url}/pics/photo/{n}/" for n in PHOTOS)
        listed = f"{base_url}/pics/photolist/"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"photo": photos},
            target_type="photo",
            seed_entity=photos[PHOTOS.index(SAMPLE)],
            seed_path=(listed, photos[PHOTOS.index(SAMPLE)]),
            index_levels=((listed,),),
        )


@pytest.mark.parametrize("shows_sample", [True, False])
async def test_the_list_named_for_the_samples_collection_spares_the_galleries(
    shows_sample: bool,
) -> None:
    site = _Gallery(shows_sample)
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            loaded: list[str] = []
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
    assert entry.found and entry.url == truth.index_levels[0][0]
    assert not any("/gallery/" in u for u in loaded), loaded
