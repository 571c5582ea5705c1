"""real-hexo: a Hexo (npm) blog built from Debian's changelogs, served as static files.

The fast tests hold what the install is made of (nothing installed): the home list's paths and
the shipped package.json against its lockfile. The slow ones install the application (`npm ci`
and one `hexo generate`: about two minutes) and serve it: the truth, from the posts' source
files, is held against the home list's pages (walked through their "Next" links), against the
posts' category and tag links, and against the pages: nothing in them leaves the machine.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from lab_http import get_text

from siteseer.lab.real.app import APPS_DIR
from siteseer.lab.real.hexo import PAGE_SIZE, HexoApp, home_page
from siteseer.lab.server import LabServer, running_lab

APP = "real-hexo"
TITLE = re.compile(r'<a class="p-name article-title" href="([^"]+)">')
NEXT = re.compile(r'<a class="extend next" rel="next" href="([^"]+)">')
CATEGORY = re.compile(r'class="article-category-link" href="/categories/[^"]+/">([^<]+)</a>')
TAG = re.compile(r'class="article-tag-list-link" href="/tags/[^"]+/" rel="tag">([^<]+)</a>')
EXTERNAL = re.compile(r'(?:href|src|action)="((?:https?:)?//[^"]*)"')


def test_home_pages_are_hexo_paths() -> None:
    assert [home_page(n) for n in (1, 2, 46)] == ["/", "/page/2/", "/page/46/"]


def test_the_shipped_package_json_pins_what_its_lockfile_holds() -> None:
    manifest = json.loads((APPS_DIR / "hexo.package.json").read_text(encoding="utf-8"))
    lock = json.loads((APPS_DIR / "hexo.package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][""]["dependencies"] == manifest["dependencies"]
    for name, version in manifest["dependencies"].items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version
    assert manifest["hexo"]["version"] == manifest["dependencies"]["hexo"]


@pytest.fixture(scope="module")
def hexo() -> Iterator[LabServer]:
    HexoApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_the_home_list_holds_every_post_newest_first(hexo: LabServer) -> None:
    truth = hexo.truth(APP)
    (level,) = truth.index_levels
    b = truth.base_url
    listed: list[str] = []
    pages: list[str] = []
    at: str | None = b + "/"
    while at is not None:
        page = get_text(at)
        pages.append(at)
        found = [b + h for h in TITLE.findall(page)]
        assert 0 < len(found) <= PAGE_SIZE, at
        listed += found
        following = NEXT.search(page)
        at = b + following.group(1) if following else None
    assert pages == list(level)
    assert listed == list(truth.target_entities)
    assert len(listed) > 400 and listed[0] == truth.seed_entity


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_posts_link_the_truths_category_and_tags_and_nothing_leaves(hexo: LabServer) -> None:
    truth = hexo.truth(APP)
    posts = truth.target_entities
    for url in (posts[0], posts[len(posts) // 2], posts[-1]):
        page = get_text(url)
        assert tuple(CATEGORY.findall(page)) == truth.attributes[url]["category"], url
        assert tuple(TAG.findall(page)) == truth.attributes[url]["tags"], url
        assert EXTERNAL.findall(page) == ["https://hexo.io/"], url  # the footer's credit only
    categories = {v for attrs in truth.attributes.values() for v in attrs["category"]}
    assert {"curl", "make", "make-dfsg", "python3.11", "python3.9"} <= categories  # renamed
