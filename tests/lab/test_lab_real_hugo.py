"""real-hugo served for real: a Hugo blog of Debian's changelogs, built once, served as files.

The module fixture installs the application once (Debian's hugo, the content written from the
changelogs, one build; nothing the second time) and serves it. The tests hold the truth,
computed from the content files' front matter, against what the built site serves: the home
list's pages, every post's fields, the tag and category pages and the month archives.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.algorithms import Discovery
from siteseer.lab import set_scores
from siteseer.lab.bench import run_one
from siteseer.lab.real.hugo import HugoApp
from siteseer.lab.real.hugo_theme import PAGE_SIZE
from siteseer.lab.registry import methods
from siteseer.lab.server import LabServer, running_lab
from siteseer.lab.truth import SiteTruth

pytestmark = [pytest.mark.slow, pytest.mark.real_app("real-hugo"), pytest.mark.timeout(900)]

APP = "real-hugo"
POST_LINK = re.compile(r'<a class="title" href="([^"]+)">')
NEXT = re.compile(r'<a href="([^"]+)" aria-label="Next"')
FIELD = re.compile(r"<dt>([^<]+)</dt><dd>(.*?)</dd>", re.S)
TERM = re.compile(r'<a href="(/(?:tags|categories)/[^"/]+/)">([^<]+)</a> \((\d+)\)')
MONTH = re.compile(r'<a href="(/\d{4}/\d{2}/)">')


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    HugoApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _paged(url: str) -> tuple[list[str], list[str]]:
    """A list and its following pages (by their Next links): the pages' URLs, the posts
    they link, in order."""
    pages, posts = [], []
    at: str | None = url
    while at is not None:
        html = get_text(at)
        pages.append(at)
        found = [urljoin(at, h) for h in POST_LINK.findall(html)]
        assert 0 < len(found) <= PAGE_SIZE, at
        posts += found
        more = NEXT.search(html)
        at = urljoin(at, more.group(1)) if more else None
    return pages, posts


def _truth(blog: LabServer) -> SiteTruth:
    return blog.truth(APP)


def test_the_home_lists_every_post_once_on_the_truths_index_pages(blog: LabServer) -> None:
    truth = _truth(blog)
    (level,) = truth.index_levels
    pages, posts = _paged(level[0])
    assert len(truth.target_entities) == 282
    assert pages == list(level)
    assert posts == list(truth.target_entities)  # newest first, as the truth orders them
    seed_page, seed = truth.seed_path[-2:]
    assert seed == truth.seed_entity and seed_page in level
    assert seed in {urljoin(seed_page, h) for h in POST_LINK.findall(get_text(seed_page))}
    assert truth.lower_bound_downloads == len(level) + 1  # the list pages and the seed


def test_every_post_shows_its_front_matters_fields(blog: LabServer) -> None:
    truth = _truth(blog)
    for url in truth.target_entities:
        html = get_text(url)
        fields = {k: unescape(re.sub(r"<[^>]+>", "", v)) for k, v in FIELD.findall(html)}
        attrs = truth.attributes[url]
        assert fields["Tags"].split(", ") == list(attrs["tags"]), url
        assert fields["Categories"].split(", ") == list(attrs["categories"]), url
        title = re.search(r"<h1>([^<]+)</h1>", html)
        assert title is not None
        assert unescape(title.group(1)) == f"{fields['Package']} {fields['Version']}", url


def test_tag_and_category_pages_list_each_terms_posts(blog: LabServer) -> None:
    truth = _truth(blog)
    base = truth.base_url
    wanted = {(q.conditions[0][0], q.conditions[0][1]): set(q.entities) for q in truth.queries}
    served = {}
    for facet in ("tags", "categories"):
        for path, name, count in TERM.findall(get_text(f"{base}/{facet}/")):
            _, posts = _paged(base + path)
            assert len(posts) == len(set(posts)) == int(count), path
            served[(facet, unescape(name))] = set(posts)
    assert served == wanted
    assert set(truth.facet_values["tags"]) >= {"dpkg", "apt", "admin", "utils"}


def test_the_month_archives_hold_every_post(blog: LabServer) -> None:
    truth = _truth(blog)
    base = truth.base_url
    months = set(MONTH.findall(get_text(base + "/archives/")))
    assert len(months) > 50
    found: list[str] = []
    for month in sorted(months):
        _, posts = _paged(base + month)
        assert all(p.startswith(base + month) for p in posts), month
        found += posts
    assert sorted(found) == sorted(truth.target_entities)


async def test_ssup_finds_every_post_from_the_paged_home_list(blog: LabServer) -> None:
    # The bench's SSUP (height 2). The seed's tag page weighs more than the home page (its posts
    # share the tag in their slugs) but its entries link back to it as the seed does: a page of
    # a value, taken last. The home page's pager (<li> items, as its posts) pages it, and the
    # posts of every year are template mates of the best group's. Before: /tags/ → tag pages,
    # their first pages alone (F1 0.46).
    truth = _truth(blog)
    result = await run_one(methods()["ssup"], truth, budget=400, timeout_s=600)
    assert result.row.error is None, result.row.error
    assert result.run is not None and isinstance(result.run.result, Discovery)
    scores = set_scores(result.run.found, truth.target_entities)
    assert scores.f1 >= 0.95, scores
    assert result.run.result.sample_path == truth.seed_path
    assert result.row.cost.downloads <= 1.5 * truth.lower_bound_downloads, result.row.to_dict()
