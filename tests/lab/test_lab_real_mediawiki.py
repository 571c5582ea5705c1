"""real-mediawiki served for real: MediaWiki (Debian, SQLite) with Debian's uploads as articles.

The first tests are fast and offline: titles, URLs and the XML export written from changelog
entries parsed here. The module fixture installs the application once (Debian's packages,
MediaWiki's installer, the import; nothing the second time) and serves it; the slow tests hold
the truth against the wiki's database and the pages MediaWiki serves: the Main Page, the
package categories and the articles' category links.
"""

from __future__ import annotations

import asyncio
import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.bench import run_one
from siteseer.lab.real.app import read_sqlite
from siteseer.lab.real.changelogs import parse_changelog
from siteseer.lab.real.mediawiki import (
    MediaWikiApp,
    article_text,
    categories_of,
    export_xml,
    page_url,
    title_key,
)
from siteseer.lab.registry import methods
from siteseer.lab.server import LabServer, running_lab

APP = "real-mediawiki"
NS = "{http://www.mediawiki.org/xml/export-0.11/}"
CHANGELOG = """\
login (1:4.13+dfsg1-1) unstable; urgency=medium

  * New upstream release.

 -- Balint Reczey <balint@balintreczey.hu>  Sun, 04 Dec 2022 12:00:00 +0100

login (1:4.12-1) experimental unstable; urgency=low

  * Old release </pre> with a closing tag.

 -- Balint Reczey <balint@balintreczey.hu>  Sat, 01 Jan 2022 10:00:00 +0000
"""


def test_titles_and_urls_follow_mediawikis() -> None:
    assert title_key("dpkg 1.21.22") == "Dpkg_1.21.22"
    # MediaWiki escapes + in its links; the crawler's canonical form decodes it
    assert page_url("http://h", "Login_1:4.13+dfsg1-1") == "http://h/index.php/Login_1:4.13+dfsg1-1"
    assert page_url("http://h", "Category:Dpkg") == "http://h/index.php/Category:Dpkg"


def test_the_export_holds_an_article_per_upload_and_a_page_per_category() -> None:
    newer, older = list(parse_changelog(CHANGELOG))
    assert categories_of(older) == ["Login", "Uploads to experimental", "Uploads to unstable",
                                    "Urgency low"]  # fmt: skip
    text = article_text(newer, older, None)
    assert "* Previous upload: [[login 1:4.12-1]]" in text and "Next upload" not in text
    assert "[[Category:Urgency medium]]" in text
    assert "&lt;/pre&gt;" in article_text(older, None, newer)  # the text cannot close <pre>
    dump, packages = export_xml({"login": [newer, older]})
    assert packages == ["Login"]
    root = ET.fromstring(dump)
    pages = {
        p.findtext(f"{NS}title"): (p.findtext(f"{NS}ns"), p.find(f"{NS}revision"))
        for p in root.iter(f"{NS}page")
    }
    assert set(pages) == {
        "login 1:4.13+dfsg1-1", "login 1:4.12-1", "Category:Login",
        "Category:Uploads to unstable", "Category:Uploads to experimental",
        "Category:Urgency medium", "Category:Urgency low",
    }  # fmt: skip
    ns, revision = pages["login 1:4.12-1"]
    assert ns == "0" and revision is not None
    assert revision.findtext(f"{NS}timestamp") == "2022-01-01T10:00:00Z"
    assert revision.findtext(f"{NS}contributor/{NS}username") == "Balint Reczey"
    assert pages["Category:Login"][0] == "14"


@pytest.fixture(scope="module")
def mediawiki() -> Iterator[LabServer]:
    MediaWikiApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _links(page: str, base: str) -> list[str]:
    return [
        canonical_url(urljoin(base + "/", html.unescape(h)))
        for h in re.findall(r'href="(/index\.php/[^"?#]+)"', page)
    ]


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_truth_is_the_wikis_articles(mediawiki: LabServer) -> None:
    truth = mediawiki.truth(APP)
    db = MediaWikiApp("small").database
    ((count,),) = read_sqlite(
        db, "SELECT COUNT(*) FROM page WHERE page_namespace = 0 AND page_title != 'Main_Page'"
    )
    assert len(truth.target_entities) == count == 282  # the uploads real-hugo posts at small
    main, categories = truth.index_levels
    linked = set(_links(get_text(main[0]), truth.base_url))
    assert set(categories) <= linked  # the Main Page links every package's category


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_package_category_lists_its_articles(mediawiki: LabServer) -> None:
    truth = mediawiki.truth(APP)
    members: set[str] = set()
    articles = set(truth.target_entities)
    for category in truth.index_levels[1]:
        listed = set(_links(get_text(category), truth.base_url)) & articles
        name = category.rsplit(":", 1)[1].replace("_", " ")
        assert listed == {u for u in articles if name in truth.attributes[u]["category"]}
        members |= listed
    assert members == articles  # the level lists every article


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_an_articles_category_links_are_its_attributes(mediawiki: LabServer) -> None:
    truth = mediawiki.truth(APP)
    page = get_text(truth.seed_entity)
    assert "is an upload of the Debian source package <b>dpkg</b>" in page
    shown = re.findall(r'href="/index\.php/Category:([^"]+)"[^>]*>', page)
    wanted = {c.replace(" ", "_") for c in truth.attributes[truth.seed_entity]["category"]}
    assert wanted <= set(shown)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_explore_reads_every_category_the_main_page_links_beside_the_start_list(
    mediawiki: LabServer,
) -> None:
    # From the Main Page the widest category is the start list; the categories the Main Page
    # links beside it (packages, distributions, urgencies) are values of "Category", the name
    # their addresses give, and every article is listed with each of its categories.
    truth = mediawiki.truth(APP)
    result = asyncio.run(run_one(methods()["explore"], truth, budget=None, timeout_s=600))
    assert result.row.error is None, result.row.error
    extra = result.row.extra
    assert extra["entity_recall"] == 1.0 and extra["entity_precision"] == 1.0, extra
    assert result.row.precision == 1.0 and result.row.recall == 1.0, result.row
    assert result.run is not None and result.run.result is not None
    assert not any("search" in q.pages[0] for q in result.run.result.queries)
