"""real-dpkgwww: dpkg-www (Debian's package browser) over a dpkg database of its own.

The fast tests read installed packages from a dpkg status file written here and spell package
links as dpkg-www does (nothing installed). The slow ones install the application (three Debian
packages unpacked, 31 packages installed by dpkg into the app's own root: seconds) and serve
it: the truth, from the database's status file, is held against the package list, the
packages' pages and the sections' pages; explore reads every package's section off its page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import Session, SessionConfig, canonical_url
from siteseer.lab.real.dpkgwww import (
    PACKAGES,
    SEED,
    DpkgWwwApp,
    installed_packages,
    package_href,
)
from siteseer.lab.runners.exploration import run_explore
from siteseer.lab.server import LabServer, running_lab

APP = "real-dpkgwww"
STATUS = (
    "Package: liburi-perl\nStatus: install ok installed\nSection: perl\nVersion: 5.17-1\n"
    "Description: module to manipulate URIs\n URI: a line of the long description\n\n"
    "Package: gone\nStatus: deinstall ok config-files\nSection: misc\nVersion: 1\n\n"
    "Package: sqlite3-doc\nStatus: install ok installed\nSection: doc\nVersion: 3.40.1-2\n"
)


def test_installed_packages_are_read_from_the_status_file() -> None:
    packages = installed_packages(STATUS)
    assert list(packages) == ["liburi-perl", "sqlite3-doc"]
    assert packages["liburi-perl"]["Section"] == "perl"
    assert packages["sqlite3-doc"]["Version"] == "3.40.1-2"
    assert "URI" not in packages["liburi-perl"]


def test_a_package_link_is_dpkg_www_s_query() -> None:
    assert package_href("libwww-perl") == "/cgi-bin/dpkg?query=libwww-perl"
    assert SEED in PACKAGES


@pytest.fixture(scope="module")
def browser() -> Iterator[LabServer]:
    DpkgWwwApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_package_list_links_every_installed_package(browser: LabServer) -> None:
    truth = browser.truth(APP)
    ((home,),) = truth.index_levels
    assert len(truth.target_entities) == len(PACKAGES)
    assert truth.seed_entity in truth.target_entities
    assert set(truth.target_entities) <= set(page_links(home))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_package_pages_show_their_fields_and_sections_list_them(browser: LabServer) -> None:
    truth = browser.truth(APP)
    sections = {u for u, t in truth.templates.items() if t == "section"}
    assert len(sections) == len(truth.facet_values["section"]) > 3
    packages = list(truth.target_entities)
    for url in [truth.seed_entity, *packages[:: len(packages) // 5]]:
        html = get_text(url)
        name = url.rsplit("=", 1)[1]
        assert re.search(rf"Package: <a [^>]*>{re.escape(name)}</a>", html), url
        (version,) = truth.attributes[url]["version"]
        assert f"Version: {version}" in html, url
        links = set(page_links(url))
        (section_url,) = [s for s in sections if s in links]
        assert url in set(page_links(section_url)), url
    seed_links = set(page_links(truth.seed_entity))
    assert canonical_url(truth.base_url + package_href("liburi-perl")) in seed_links


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_explore_reads_each_packages_section_off_its_page(browser: LabServer) -> None:
    truth = browser.truth(APP)
    async with Session(SessionConfig(render="auto", cache=None)) as session:
        run = await run_explore(session, truth)
    # the list's "only installed" box lists the same packages: no facet; the pages' control
    # fields give each package its section
    assert run.extra["entity_recall"] == 1.0 and run.scores["recall"] == 1.0, run.extra
    assert run.scores["precision"] == 1.0, run.scores
