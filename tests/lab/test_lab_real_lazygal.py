"""real-lazygal: a lazygal gallery of Debian's desktop backgrounds, albums paginated.

The fast test pages a few albums as the truth does (nothing installed). The slow ones install the
application (Debian's lazygal, two packages of pictures, the gallery generated once: a few
minutes) and serve it: the truth, from the pictures' folder, is held against the albums' pages
and the images' pages lazygal wrote.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.lab.real.lazygal import THUMBS_PER_PAGE, LazygalApp, album_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-lazygal"


def test_an_album_pages_its_own_images_and_an_album_of_albums_has_one_empty_page() -> None:
    images = [f"a/b/{n:02}.jpg" for n in range(THUMBS_PER_PAGE + 1)] + ["c.png"]
    albums = album_pages(images)
    assert list(albums) == ["", "a", "a/b"]
    assert albums[""] == [["c.png"]]
    assert albums["a"] == [[]]
    first, second = albums["a/b"]
    assert first == images[:THUMBS_PER_PAGE] and second == [images[THUMBS_PER_PAGE]]


@pytest.fixture(scope="module")
def gallery() -> Iterator[LabServer]:
    LazygalApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_every_image_is_on_one_page_of_its_album(gallery: LabServer) -> None:
    truth = gallery.truth(APP)
    assert len(truth.target_entities) == len(set(truth.target_entities)) == 42
    (root,), pages = truth.index_levels
    found: list[str] = []
    for page in pages:
        folder = page.rpartition("/")[0]
        own = [u for u in dict.fromkeys(page_links(page)) if u.rpartition("/")[0] == folder]
        found += [u for u in own if not u.rpartition("/")[2].startswith("index")]
        # an album's page links each of its other pages
        assert {p for p in pages if p.rpartition("/")[0] == folder} <= {page, *own}, page
    assert sorted(found) == sorted(truth.target_entities)
    assert len(found) == len(set(found))
    top = {u for u in page_links(root) if u.endswith("/index.html")}
    assert top == {p for p in pages if p.endswith("/index.html") and p[len(root) :].count("/") == 1}
    for above, below in zip(truth.seed_path, truth.seed_path[1:], strict=False):
        assert below in page_links(above), (above, below)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_an_images_page_is_titled_by_its_file_and_its_album(gallery: LabServer) -> None:
    truth = gallery.truth(APP)
    for url in truth.target_entities[::5]:
        page = html_tree(get_text(url))
        title = " ".join(page.xpath("string(//title)").split())
        stem = url.rsplit("/", 1)[1].removesuffix(".html")
        assert title.rpartition(".")[0] == stem, (url, title)
        (album,) = truth.attributes[url]["album"]
        crumbs = [" ".join(t.split()) for t in page.xpath("//*[@id='breadcrumbs']//li//text()")]
        assert album.rpartition("/")[2] in crumbs, (url, crumbs)
