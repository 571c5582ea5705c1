"""real-sigal: a Sigal gallery of Debian's desktop backgrounds.

The fast test reads a pictures' folder as Sigal would (nothing installed). The slow ones install
the application (two Debian packages downloaded and unpacked, Sigal in its venv, one build: a
minute or two) and serve it: the truth, from the pictures' folder, is held against the albums'
pages and the images' pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.sigal import SigalApp, read_pictures
from siteseer.lab.server import LabServer, running_lab

APP = "real-sigal"
IMAGE_PAGE = re.compile(r'href="([^"/]+\.html)"')
ALBUM_LINK = re.compile(r'href="([^"./][^"]*/)"')


def test_pictures_are_read_as_sigal_takes_them(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("a/one.JPG", "a/b/two.png", "a/notes.txt", "three.webp"):
        (tmp_path / name).write_bytes(b"x")
    (tmp_path / "a" / "link.png").symlink_to(tmp_path / "a" / "b" / "two.png")
    assert read_pictures(tmp_path) == ["a/b/two.png", "a/one.JPG", "three.webp"]


@pytest.fixture(scope="module")
def sigal() -> Iterator[LabServer]:
    SigalApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_albums_link_every_image_page_of_the_truth(sigal: LabServer) -> None:
    truth = sigal.truth(APP)
    (root,), albums = truth.index_levels
    linked = {root + a for a in ALBUM_LINK.findall(get_text(root))}
    listed: list[str] = []
    for album in albums:
        text = get_text(album)
        linked |= {album + a for a in ALBUM_LINK.findall(text)}
        pages = [album + p for p in IMAGE_PAGE.findall(text)]
        assert {truth.attributes[p]["album"] for p in pages} <= {(album[len(root) : -1],)}
        listed.extend(dict.fromkeys(pages))
    assert linked >= set(albums)  # each album from the gallery's page or its parent album's
    assert sorted(listed) == sorted(truth.entities["image"])
    assert len(listed) == 42
    assert truth.seed_path[0] == root and truth.seed_path[-1] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_image_pages_show_their_image_and_link_their_neighbours(sigal: LabServer) -> None:
    truth = sigal.truth(APP)
    by_album: dict[str, list[str]] = {}
    for url in truth.entities["image"]:
        by_album.setdefault(truth.attributes[url]["album"][0], []).append(url)
    for urls in by_album.values():
        for n, url in enumerate(urls):  # sorted by file name, Sigal's default order
            text = get_text(url)
            name = url.rsplit("/", 1)[1].removesuffix(".html")
            assert f'<img src="{name}"' in text, url
            if n + 1 < len(urls):
                assert f'href="{urls[n + 1].rsplit("/", 1)[1]}">next' in text, url
