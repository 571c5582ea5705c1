"""real-moin: MoinMoin 2 (PyPI) holding a page per Debian upload, tagged with its package.

The fast test holds a page as the load stores it (nothing installed). The slow ones install the
application (a venv from PyPI, the instance and its pages: many minutes) and serve it: the
truth, from moin's own index after the load, is held against the tags page, each tag's page
and the upload pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from html import unescape
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.changelogs import Upload
from siteseer.lab.real.moin import MoinApp, page_of
from siteseer.lab.server import LabServer, running_lab

APP = "real-moin"
TAG_LINK = re.compile(r'href="(/\+tags/[^"]+)"')


def test_a_page_holds_its_upload_under_its_slug_tagged_with_its_package() -> None:
    when = datetime(2023, 1, 5, 12, 0, tzinfo=timezone(timedelta(hours=1)))
    upload = Upload("bash", "5.2.15-2", ("unstable",), "medium", "Matthias Klose",
                    "doko@debian.org", when, "* Fix the build.")  # fmt: skip
    page = page_of(upload)
    assert page["name"] == "bash-5.2.15-2" and page["tags"] == ["bash"]
    assert page["mtime"] == int(when.timestamp())
    text = str(page["text"])
    assert text.startswith("= bash 5.2.15-2 =\n")
    assert "{{{{\n* Fix the build.\n}}}}\n" in text
    assert "to unstable (urgency medium) on 2023-01-05 12:00 +0100" in text


@pytest.fixture(scope="module")
def moin() -> Iterator[LabServer]:
    MoinApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(3600)
def test_the_tags_page_and_each_tags_page_list_every_upload_page(moin: LabServer) -> None:
    truth = moin.truth(APP)
    top, values = truth.index_levels
    (tags_page,) = top
    b = truth.base_url
    linked = {urljoin(b, unescape(h)) for h in TAG_LINK.findall(get_text(tags_page))}
    assert set(values) <= linked
    assert len(values) >= 11  # a tag per source package (some were renamed)
    for query in truth.queries:
        ((_, tag),) = query.conditions
        page = get_text(f"{b}/+tags/{tag}")
        listed = {
            urljoin(b + "/", unescape(h))
            for h in re.findall(r'href="(/[^"+][^"]*)"', page)
            if urljoin(b + "/", unescape(h)) in truth.attributes
        }
        assert listed == set(query.entities), tag
    assert len(truth.target_entities) > 250
    assert truth.seed_path == (tags_page, f"{b}/+tags/bash", truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(3600)
def test_upload_pages_show_their_heading_and_link_their_tag(moin: LabServer) -> None:
    truth = moin.truth(APP)
    for url in (truth.seed_entity, truth.target_entities[0], truth.target_entities[-1]):
        page = get_text(url)
        (package,) = truth.attributes[url]["tag"]
        assert f'href="/+tags/{package}"' in page, url
        assert re.search(
            rf"<h1[^>]*>{re.escape(package)} [^<]+<a class=\"moin-permalink\"", page
        ), url
    home = get_text(truth.base_url + "/")  # redirected to /Home
    assert "A page per upload of 11 Debian packages" in home
