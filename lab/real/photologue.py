"""real-photologue: a django-photologue photo site (PyPI) over Debian's desktop backgrounds.

The application (lab/real/apps/photologue_app.py, run in its own venv) is Photologue 3.20 on
Django 5.2, served by Django's own threaded server with Photologue's default settings and
templates below `/photologue/`, to anonymous visitors. Its pages: `/photologue/` (a redirect
to the gallery archive), the galleries `/photologue/gallerylist/` (20 a page), a gallery
`/photologue/gallery/<slug>/` (its photos' thumbnails, in the gallery's order), every photo
`/photologue/photolist/` (newest first, 20 a page, "Previous"/"Next" links `?page=N`), a
photo `/photologue/photo/<slug>/` (the image at its display size, its date, the galleries it
is in, the previous and next photo of each), and date archives of both (`/photologue/photo/`,
`/photologue/photo/<year>/`, `/<year>/<month>/`, `/<year>/<month>/<day>/`, the same for
galleries), the images and their cached sizes under `/media/`.

Data: the pictures of Debian's `mate-backgrounds` and `ukui-wallpapers` (real-sigal's albums,
`apt-get download`, unpacked, nothing installed): a gallery per album folder (`mate/nature` is
the gallery "Mate nature"), a photo per image, titled with its file's name (`RainDrops`,
`Arc Colors Transparent Wallpaper`), added at its file's date in the package, one second after
the previous photo where the dates are equal (files in path order), so the newest-first list
has one order. The same 42 photos at every size.

Truth, from the application's SQLite database (never a crawl): the entities are every public
photo's page; the index is one level, the photo list as its pagination links it
(`/photologue/photolist/`, `?page=2` …), newest first; the seed is its first photo. Attribute:
each photo's galleries; `facet_values` the galleries, one query each (the gallery's page).
"""

from __future__ import annotations

import json
import math
import re
import shutil
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import ClassVar

from siteseer.crawler import canonical_url
from siteseer.lab.real.app import PythonApp, paged_list_truth, read_sqlite
from siteseer.lab.real.debian import unpack_debs
from siteseer.lab.real.pyenv import Progress, PyPackage
from siteseer.lab.real.sigal import ALBUMS, copy_pictures, read_pictures
from siteseer.lab.truth import SiteTruth

__all__ = ["PER_PAGE", "PhotologueApp", "galleries", "photo_list"]

PER_PAGE = 20  # Photologue's PhotoListView.paginate_by
LIST = "/photologue/photolist/"


def photo_list(base: str, photos: int) -> tuple[str, ...]:
    """The photo list as its pagination links it: the first page bare, then `?page=N`."""
    pages = max(1, math.ceil(photos / PER_PAGE))
    url = base + LIST
    return (url, *(canonical_url(f"{url}?page={n}") for n in range(2, pages + 1)))


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def galleries(pictures: Path) -> list[dict[str, object]]:
    """The galleries to load from a folder of albums (see the module docstring): each with
    its title, slug and photos (file, title, slug, date added), in path order."""
    images = read_pictures(pictures)
    dated = sorted(((pictures / i).stat().st_mtime, i) for i in images)
    added: dict[str, datetime] = {}
    previous = datetime.min.replace(tzinfo=UTC)
    for mtime, image in dated:
        previous = max(datetime.fromtimestamp(int(mtime), UTC), previous + timedelta(seconds=1))
        added[image] = previous
    photos: dict[str, list[dict[str, str]]] = {}
    slugs: set[str] = set()
    for image in images:
        title = " ".join(re.split(r"[-_ ]+", Path(image).stem)).strip()
        slug = _slug(title)
        while slug in slugs:
            slug += "-2"
        slugs.add(slug)
        photos.setdefault(image.rpartition("/")[0], []).append(
            {"file": str(pictures / image), "title": title, "slug": slug,
             "date": added[image].isoformat()}
        )  # fmt: skip
    return [
        {"title": album.replace("/", " ").capitalize(), "slug": _slug(album), "photos": listed}
        for album, listed in photos.items()
    ]


class PhotologueApp(PythonApp):
    """Photologue's photo and gallery pages over Debian's desktop backgrounds."""

    id = "real-photologue"
    kind = "entity-tree"
    description = (
        "django-photologue (PyPI) photo site over Debian's desktop backgrounds: galleries, "
        "paged photo lists, date archives"
    )
    packages: ClassVar[tuple[PyPackage, ...]] = (
        PyPackage("django-photologue==3.20"),
        PyPackage("Django==5.2.19"),
    )
    script = "photologue_app.py"
    data_description = f"the pictures of Debian's {', '.join(ALBUMS)} (apt-get download)"

    @property
    def data_file(self) -> Path:
        return self.dir / "photologue.sqlite"  # the same at every size

    def _install(self, progress: Progress) -> None:
        pictures = self.dir / "pictures"
        if not self.data_file.exists() and not pictures.exists():
            log = self.dir / "logs" / "install.log"
            for package, (folder, album) in ALBUMS.items():
                root = self.dir / "unpacked"
                unpack_debs(self.id, (package,), root, log, progress)
                copy_pictures(root / folder, pictures / album)
                shutil.rmtree(root)
        if not self.data_file.exists():  # the load step reads the JSON, writes the media
            media = self.data_file.with_suffix(".media")
            if media.exists():
                shutil.rmtree(media)
            load = self.data_file.with_suffix(".json")
            load.write_text(json.dumps(galleries(pictures)), encoding="utf-8")
        super()._install(progress)

    def truth(self, base_url: str) -> SiteTruth:
        self.require_installed()
        b = base_url.rstrip("/")
        rows = read_sqlite(
            self.data_file,
            "SELECT slug FROM photologue_photo WHERE is_public ORDER BY date_added DESC",
        )
        urls = [f"{b}/photologue/photo/{row[0]}/" for row in rows]
        listed = read_sqlite(
            self.data_file,
            "SELECT p.slug, g.title, g.slug FROM photologue_gallery_photos l "
            "JOIN photologue_photo p ON p.id = l.photo_id "
            "JOIN photologue_gallery g ON g.id = l.gallery_id "
            "WHERE g.is_public ORDER BY g.id, l.sort_value",
        )
        in_galleries: dict[str, list[str]] = {}
        for photo, gallery, _ in listed:
            in_galleries.setdefault(f"{b}/photologue/photo/{photo}/", []).append(str(gallery))
        attributes = {
            url: {"gallery": tuple(in_galleries[url])} if url in in_galleries else {}
            for url in urls
        }
        pages = photo_list(b, len(urls))
        notes = (
            f"Photologue's photo list, {len(pages)} pages of {len(urls)} photos at {PER_PAGE} "
            "a page, newest first; each gallery's page shows all its photos. Not listed in "
            "templates: the gallery list, the date archives of photos and galleries, the "
            "images and their sizes under /media/."
        )
        truth = paged_list_truth(
            self, b, ("photo list", "photo"), urls, pages, attributes, ("gallery",), notes
        )
        gallery_pages = {f"{b}/photologue/gallery/{slug}/": "gallery" for _, _, slug in listed}
        return replace(truth, templates=gallery_pages | truth.templates)
