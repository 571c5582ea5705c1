"""real-eleventy: an Eleventy blog of four packages' Debian uploads.

The fast tests name the list's pages and write a post's Markdown (nothing installed). The slow
ones install the application (Eleventy by `npm ci` from the shipped lockfile, one build: about
half a minute) and serve it: the truth, from the changelogs, is held against the list's pages
(followed through their page links), the package pages and the post pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from html import unescape

import pytest
from lab_http import get_text

from siteseer.lab.real.changelogs import Upload
from siteseer.lab.real.eleventy import PAGE, EleventyApp, list_pages, post_file
from siteseer.lab.server import LabServer, running_lab

APP = "real-eleventy"
POST = re.compile(r'<li><a href="(/posts/[^"]+/)">')
PAGE_LINK = re.compile(r"<nav>(.*?)</nav>", re.S)


def test_the_list_pages_are_named_as_the_pagination_writes_them() -> None:
    assert list_pages("http://h", 41, 20) == ("http://h/", "http://h/page/2/", "http://h/page/3/")
    assert list_pages("http://h", 0, 20) == ("http://h/",)


def test_a_post_is_the_entry_under_its_front_matter() -> None:
    upload = Upload(
        package="zlib",
        version="1:1.2.13.dfsg-1",
        distributions=("unstable",),
        urgency="medium",
        author='Mark "Brown"',
        email="m@x",
        date=datetime(2022, 10, 14, 9, 0, tzinfo=timezone(timedelta(hours=2))),
        changes="* New upstream.",
        text="zlib (1:1.2.13.dfsg-1) unstable; urgency=medium\n\n  * {{ New }} upstream.",
    )
    text = post_file(upload)
    assert text.startswith('---\ntitle: "zlib 1:1.2.13.dfsg-1"\ndate: 2022-10-14T09:00:00+02:00\n')
    assert 'author: "Mark \\"Brown\\""\ntags: [post, "zlib"]\n' in text
    assert text.endswith("~~~~text\n" + upload.text + "\n~~~~\n")


@pytest.fixture(scope="module")
def blog() -> Iterator[LabServer]:
    EleventyApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_list_pages_link_every_post_newest_first(blog: LabServer) -> None:
    truth = blog.truth(APP)
    b = truth.base_url
    (level,) = truth.index_levels
    (nav,) = PAGE_LINK.findall(get_text(level[0]))
    assert [b + h for h in re.findall(r'href="([^"]+)"', nav)] == list(level)
    listed: list[str] = []
    for page in level:
        posts = [b + p for p in POST.findall(get_text(page))]
        assert 0 < len(posts) <= PAGE, page
        listed.extend(posts)
    assert listed == list(truth.entities["post"])  # the changelogs' dates, newest first
    assert len(listed) > 60
    assert truth.seed_path == (level[0], listed[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_post_pages_and_package_pages_agree_with_the_changelogs(blog: LabServer) -> None:
    truth = blog.truth(APP)
    b = truth.base_url
    tags = [u for u, t in truth.templates.items() if t == "tag"]
    by_tag = {u: {b + p for p in POST.findall(get_text(u))} for u in tags}
    assert set().union(*by_tag.values()) == set(truth.entities["post"])
    for url in truth.entities["post"]:
        (package,), (author,) = truth.attributes[url]["package"], truth.attributes[url]["author"]
        assert url in by_tag[f"{b}/tags/{package}/"], url
        text = unescape(get_text(url))
        assert f"<p>{author} · " in text, url
        assert f'<a href="/tags/{package}/">{package}</a>' in text, url
