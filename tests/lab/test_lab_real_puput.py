"""real-puput: a Puput blog (Wagtail) of Django's release notes.

The fast tests check the addresses of posts and list pages (nothing installed). The slow ones
install the application (its venv from PyPI, Django's source distribution fetched by pip, the
blog loaded into SQLite: a few minutes) and serve it: the truth, from the application's
database, is held against the blog list's pages, the category and tag pages and a post's page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.puput import PER_PAGE, PuputApp, list_pages, post_url
from siteseer.lab.server import LabServer, running_lab

APP = "real-puput"
POST = r'class="blog_btn continue" href="(/blog/[^"]+)"'  # a listed post's "Continue reading"


def test_posts_are_addressed_by_date_and_slug_below_the_blog() -> None:
    assert post_url("http://h", "2025-05-07 12:00:00", "django-5-2-1") == (
        "http://h/blog/2025/05/07/django-5-2-1/"
    )


def test_list_pages_follow_el_paginations_links() -> None:
    assert list_pages("http://h", 11) == (
        "http://h/blog/",
        "http://h/blog/?page=2",
        "http://h/blog/?page=3",
    )
    assert list_pages("http://h", 0) == ("http://h/blog/",)


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    PuputApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _posts(url: str) -> list[str]:
    return list(dict.fromkeys(page_links(url, POST)))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_the_list_pages_hold_every_post_of_the_truth_in_order(blog: LabServer) -> None:
    truth = blog.truth(APP)
    posts = truth.target_entities
    assert len(posts) == 364
    (level,) = truth.index_levels
    seen = [post for page in level for post in _posts(page)]
    assert seen == list(posts)
    assert all(len(_posts(page)) == PER_PAGE for page in level[:-1])
    assert f'href="/blog/?page={len(level)}"' in get_text(level[-2])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_category_and_tag_pages_list_the_truths_queries(blog: LabServer) -> None:
    truth = blog.truth(APP)
    base = blog.url(APP).rstrip("/")
    assert truth.facet_values["tag"] == ("bugfixes", "features", "security")
    for query in truth.queries:
        ((name, value),) = query.conditions
        slug = re.sub(r"\s+", "-", re.sub(r"[^\w\s-]", "", value.lower()))  # Django's slugify
        first = _posts(f"{base}/blog/{name}/{slug}/")
        assert first == list(query.entities[:PER_PAGE])
    seed = truth.seed_entity
    page = get_text(seed)
    for category in truth.attributes[seed]["category"]:
        assert category in page
    assert all(f"/blog/tag/{tag}/" in page for tag in truth.attributes[seed]["tag"])
    assert f'href="/blog/author/{truth.attributes[seed]["author"][0]}/"' in page
