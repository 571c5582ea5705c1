"""real-djangowiki: django-wiki (PyPI) holding an article per Debian upload of curl's libraries.

The fast tests hold how uploads become the article tree the load makes (nothing installed).
The slow ones install the application (a venv from PyPI, the articles loaded: a few minutes)
and serve it: the truth, from the application's SQLite database, is held against the root's
list of packages, each package's list of uploads and the upload articles.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from html import unescape

import pytest
from lab_http import get_text, labels, page_text

from siteseer.lab.real.changelogs import Upload
from siteseer.lab.real.djangowiki import LIST, DjangoWikiApp, article_of, wiki_tree
from siteseer.lab.server import LabServer, running_lab

APP = "real-djangowiki"
ARTICLE_LIST = re.compile(r'<div class="article-list">(.*?)</div>', re.S)
LINK = re.compile(r'href="(/[^"_][^"]*)"')
WHEN = datetime(2023, 1, 5, 12, 0, tzinfo=timezone(timedelta(hours=1)))


def _upload(version: str, changes: str = "* Fix the build.") -> Upload:
    return Upload("nettle", version, ("unstable",), "medium", "Magnus Holmgren",
                  "holmgren@debian.org", WHEN, changes)  # fmt: skip


def test_an_article_holds_its_upload_under_a_slug_of_its_version() -> None:
    article = article_of(_upload("2.4+20151223.gitfa8646d.1-2"))
    assert article["slug"] == "2_4-20151223_gitfa8646d_1-2"
    assert article["title"] == "nettle 2.4+20151223.gitfa8646d.1-2"
    assert "to unstable (urgency medium) on 2023-01-05 12:00 +0100" in article["content"]
    assert "~~~~\n* Fix the build.\n~~~~\n" in article["content"]
    with pytest.raises(ValueError, match="code block"):
        article_of(_upload("1-1", "~~~~"))


def test_the_tree_has_a_section_per_source_package_listing_its_articles() -> None:
    tree = wiki_tree({"libnettle8": [_upload("3.8.1-2"), _upload("3.8.1-1")]})
    (section,) = tree["sections"]  # type: ignore[misc]
    assert (section["slug"], section["title"]) == ("nettle", "nettle")
    assert [a["slug"] for a in section["articles"]] == ["3_8_1-2", "3_8_1-1"]
    assert section["content"].endswith(f"{LIST}\n") and str(tree["content"]).endswith(f"{LIST}\n")
    with pytest.raises(ValueError, match="same slug"):
        wiki_tree({"libnettle8": [_upload("1.2-3"), _upload("1_2-3")]})


@pytest.fixture(scope="module")
def site() -> Iterator[LabServer]:
    DjangoWikiApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _listed(url: str) -> list[str]:
    """The article paths an article's `article_list` macro draws, in its order."""
    (block,) = ARTICLE_LIST.findall(get_text(url))
    return list(dict.fromkeys(LINK.findall(block)))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_package_articles_list_every_upload_of_the_truth(site: LabServer) -> None:
    truth = site.truth(APP)
    (top,), packages = truth.index_levels
    b = truth.base_url
    assert [b + p for p in _listed(top)] == list(packages)
    found: list[str] = []
    for page in packages:
        found.extend(b + p for p in _listed(page))
    assert sorted(found) == sorted(truth.entities["page"])
    assert len(found) == len(set(found)) > 300
    assert truth.seed_path[1] in packages and truth.seed_path[2] in found


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_upload_articles_sit_below_their_package(site: LabServer) -> None:
    truth = site.truth(APP)
    for url in truth.entities["page"][::20]:
        text = unescape(get_text(url))
        (package,) = truth.attributes[url]["package"]
        parent = url.removeprefix(truth.base_url).rsplit("/", 2)[0] + "/"
        assert f'<a href="{parent}">{package}</a></li>' in text, url  # the breadcrumbs
        assert "Uploaded by " in text, url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_package_is_unlabelled_an_upload_shows_it_in_its_breadcrumbs_only(
    site: LabServer,
) -> None:
    truth = site.truth(APP)
    assert truth.unlabelled == ("package",)
    for url in truth.entities["page"][::20]:
        page = get_text(url)
        assert not labels(page, "package"), url  # the changes may say "package" in passing
        assert truth.attributes[url]["package"][0] in page_text(page), url
