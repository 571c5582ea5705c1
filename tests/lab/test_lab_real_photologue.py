"""real-photologue: a django-photologue photo site over Debian's desktop backgrounds.

The fast tests check how a folder of albums becomes galleries and photos, and the photo
list's pages (nothing installed). The slow ones install the application (two Debian packages
of pictures unpacked, its venv from PyPI, the photos loaded and their sizes made: a few
minutes) and serve it: the truth, from the application's database, is held against the photo
list's pages, the galleries' pages and the photos' pages.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.photologue import PER_PAGE, PhotologueApp, galleries, photo_list
from siteseer.lab.server import LabServer, running_lab

APP = "real-photologue"
PHOTO = re.compile(r'href="(/photologue/photo/[^/"]+/)"')


def test_photo_list_follows_the_pagination() -> None:
    url = "http://h/photologue/photolist/"
    assert photo_list("http://h", 42) == (url, f"{url}?page=2", f"{url}?page=3")
    assert photo_list("http://h", PER_PAGE) == (url,)


def test_albums_become_galleries_of_photos_added_in_one_order(tmp_path: Path) -> None:
    for name, mtime in (("mate/nature/Rain_Drops.jpg", 100), ("mate/nature/Dune.jpg", 100),
                        ("ukui/city.png", 50), ("ukui/notes.txt", 10)):  # fmt: skip
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"")
        os.utime(tmp_path / name, (mtime, mtime))
    nature, ukui = galleries(tmp_path)
    assert (nature["title"], nature["slug"]) == ("Mate nature", "mate-nature")
    assert ukui["photos"] == [
        {"file": str(tmp_path / "ukui/city.png"), "title": "city", "slug": "city",
         "date": "1970-01-01T00:00:50+00:00"},
    ]  # fmt: skip
    # equal dates follow the files' order, a second apart
    assert [(p["title"], p["slug"], p["date"]) for p in nature["photos"]] == [  # type: ignore[attr-defined]
        ("Dune", "dune", "1970-01-01T00:01:40+00:00"),
        ("Rain Drops", "rain-drops", "1970-01-01T00:01:41+00:00"),
    ]


@pytest.fixture(scope="module")
def site() -> Iterator[LabServer]:
    PhotologueApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_photo_list_pages_list_every_photo_of_the_truth(site: LabServer) -> None:
    truth = site.truth(APP)
    (level,) = truth.index_levels
    found: list[str] = []
    for n, page in enumerate(level, start=1):
        text = get_text(page)
        assert n == len(level) or f'href="?page={n + 1}"' in text, page
        found.extend(truth.base_url + href for href in dict.fromkeys(PHOTO.findall(text)))
    assert found == list(truth.entities["photo"])  # newest first
    assert len(found) == 42
    assert truth.seed_path == (level[0], found[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_gallery_page_shows_its_photos(site: LabServer) -> None:
    truth = site.truth(APP)
    by_title = {q.conditions[0][1]: set(q.entities) for q in truth.queries}
    pages = [url for url, template in truth.templates.items() if template == "gallery"]
    assert len(pages) == len(by_title) == 4
    for url in pages:
        text = get_text(url)
        title = re.search(r"<h1>\s*(.*?)\s*</h1>", text, re.S)
        assert title is not None, url
        assert {truth.base_url + h for h in PHOTO.findall(text)} == by_title[title[1]], url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_photo_pages_name_their_galleries(site: LabServer) -> None:
    truth = site.truth(APP)
    for url in truth.entities["photo"][::5]:
        text = get_text(url)
        for gallery in truth.attributes[url]["gallery"]:
            assert f">{gallery}</a>" in text, url
