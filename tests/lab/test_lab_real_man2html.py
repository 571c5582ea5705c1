"""real-man2html: Debian's man2html CGI programs over the Linux man-pages.

The fast tests read pages from a manual tree's file names and spell their URLs (nothing
installed). The slow ones install the application (the Debian packages if missing, the manual
pages downloaded and unpacked: seconds) and serve it through the CGI gateway in its mount
namespace: the truth, from the manual tree, is held against each section's index, against the
main contents, and against the pages themselves (their section, their SEE ALSO links); a page
the host has but the tree has not is not served.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.crawler import canonical_url
from siteseer.lab.real.man2html import SECTIONS, Man2HtmlApp, page_url, read_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-man2html"
PAGE_LINK = re.compile(r'href="([^"]*/man2html\?[^"]+)"', re.IGNORECASE)


def test_pages_are_read_from_the_section_folders_files_and_links(tmp_path: Path) -> None:
    (tmp_path / "man3").mkdir()
    (tmp_path / "man7").mkdir()
    for name in ("printf.3.gz", "size_t.3type.gz", "EOF.3const.gz", "README"):
        (tmp_path / "man3" / name).write_bytes(b"")
    (tmp_path / "man3" / "fprintf.3.gz").symlink_to("printf.3.gz")
    (tmp_path / "man3" / "stdout.3.gz").symlink_to("EOF.3const.gz")
    (tmp_path / "man7" / "man-pages.7.gz").write_bytes(b"")
    pages = read_pages(tmp_path)
    assert list(pages) == list(SECTIONS)
    assert pages["3"] == [
        ("3const", "EOF", "3const"), ("3", "fprintf", "3"), ("3", "printf", "3"),
        ("3type", "size_t", "3type"), ("3", "stdout", "3const"),
    ]  # fmt: skip
    assert pages["7"] == [("7", "man-pages", "7")] and pages["1"] == []


def test_page_urls_are_the_section_indexes_links_canonical() -> None:
    assert page_url("http://h", "3type", "size_t") == canonical_url(
        "http://h/cgi-bin/man/man2html?3type+size_t"
    )
    assert page_url("http://h", "1", "c++filt") == canonical_url(
        "http://h/cgi-bin/man/man2html?query=1+c%2B%2Bfilt"
    )


@pytest.fixture(scope="module")
def man2html() -> Iterator[LabServer]:
    Man2HtmlApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _links(url: str) -> list[str]:
    """The page links of `url` as it writes them (man2html's own spelling), in order."""
    return [unescape(h) for h in PAGE_LINK.findall(get_text(url))]


def _index(base: str, program: str, section: str) -> str:
    return f"{base}/cgi-bin/man/{program}?{section}"  # as the main contents links it


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_sections_indexes_list_its_pages_of_the_truth(man2html: LabServer) -> None:
    truth = man2html.truth(APP)
    b = truth.base_url
    home, level = truth.index_levels
    contents = get_text(b + "/")  # redirected to the main contents
    for section in SECTIONS:
        assert f'HREF="/cgi-bin/man/mansec?{section}"' in contents
        assert f'HREF="/cgi-bin/man/manwhatis?{section}"' in contents
    assert home == (canonical_url(b + "/cgi-bin/man/man2html"),)
    assert level == tuple(canonical_url(_index(b, "mansec", s)) for s in SECTIONS)
    pages = read_pages(Man2HtmlApp("small").man)
    listed: list[str] = []
    described: set[str] = set()
    for section in SECTIONS:
        by_name = [canonical_url(h, b + "/") for h in _links(_index(b, "mansec", section))]
        assert len(set(by_name)) == len(by_name) > 0
        expected = {page_url(b, s, name) for s, name, _ in pages[section]}
        assert set(by_name) == expected, section
        listed += by_name
        described |= {canonical_url(h, b + "/") for h in _links(_index(b, "manwhatis", section))}
    assert sorted(listed) == sorted(truth.target_entities)
    assert described == set(listed)  # the whatis indexes group a few pages by another section
    assert len(listed) > 2000
    assert truth.seed_entity in listed
    assert truth.seed_path == (home[0], level[2], truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_pages_show_their_section_and_link_pages_of_the_tree(man2html: LabServer) -> None:
    truth = man2html.truth(APP)
    b = truth.base_url
    hrefs = {canonical_url(h, b + "/"): h for s in SECTIONS for h in _links(_index(b, "mansec", s))}
    pages = read_pages(Man2HtmlApp("small").man)
    sample = [p for s in SECTIONS for p in pages[s][::40]]
    for section, name, shown in sample:
        url = page_url(b, section, name)
        text = get_text(b + hrefs[url])
        assert truth.attributes[url]["section"] == (shown,)
        assert re.search(rf"Section: [^<]*\({re.escape(shown)}\)", text, re.IGNORECASE), url
    seed = get_text(b + hrefs[truth.seed_entity])
    see_also = {canonical_url(h, b + "/") for h in PAGE_LINK.findall(seed)}
    assert {page_url(b, "3", "puts"), page_url(b, "3", "scanf")} <= see_also
    outside = see_also - set(truth.target_entities)  # coreutils' printf(1), gcc(1)
    assert len(outside) < len(see_also) // 2
    for url in outside:  # not in the tree: man2html's "not found" page
        raw = next(h for h in PAGE_LINK.findall(seed) if canonical_url(h, b + "/") == url)
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(b + raw, timeout=60)
        assert missing.value.code == 404


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_pages_outside_the_tree_are_not_served(man2html: LabServer) -> None:
    """man2html reads the manual path of its own manpath.config, never the host's."""
    b = man2html.truth(APP).base_url
    pages = read_pages(Man2HtmlApp("small").man)
    assert "bash" not in {name for _, name, _ in pages["1"]}
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(b + "/cgi-bin/man/man2html?1+bash", timeout=60)
    assert missing.value.code == 404
