"""real-lcov: LCOV's genhtml report of Brotli's command line run under GCC's coverage.

The fast test reads a tracefile written here (nothing installed). The slow ones install the
application (lcov and GCC from Debian, Brotli's sdist from PyPI built with coverage and run, the
report written: a few minutes) and serve it: the truth, from lcov's merged tracefile, is held
against the folders' tables and the files' pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.lcov import SEED, LcovApp, read_tracefile
from siteseer.lab.server import LabServer, running_lab

APP = "real-lcov"
# a row of a folder's table: the file's link, then the lines' and the functions' hit / found
ROW = re.compile(
    r'<td class="coverFile"><a href="([^"]+)">[^<]*</a></td>.*?'
    r'<td class="coverNum\w*">(\d+ / \d+)</td>.*?<td class="coverNum\w*">(\d+ / \d+)</td>',
    re.DOTALL,
)


def test_the_tracefiles_files_are_named_below_the_top_with_their_counts() -> None:
    text = (
        "TN:\nSF:/src/c/enc/encode.c\nFN:10,f\nFNDA:1,f\nFNF:1\nFNH:1\nDA:10,1\nDA:11,0\n"
        "LF:2\nLH:1\nend_of_record\nTN:\nSF:/src/c/common/platform.h\nFNF:0\nFNH:0\nDA:3,0\n"
        "LF:1\nLH:0\nend_of_record\n"
    )
    assert read_tracefile(text, Path("/src")) == {
        "c/enc/encode.c": {"FNF": 1, "FNH": 1, "LF": 2, "LH": 1},
        "c/common/platform.h": {"FNF": 0, "FNH": 0, "LF": 1, "LH": 0},
    }
    with pytest.raises(ValueError, match="not merged"):
        read_tracefile(text + text, Path("/src"))


@pytest.fixture(scope="module")
def report() -> Iterator[LabServer]:
    LcovApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_the_folders_tables_list_every_file_with_its_counts(report: LabServer) -> None:
    truth = report.truth(APP)
    ((index,), folders) = truth.index_levels
    top = {urljoin(index, h) for h in re.findall(r'href="([^"]+/index\.html)"', get_text(index))}
    assert top == set(folders)
    listed = {}
    for folder in folders:
        for page, lines, functions in ROW.findall(get_text(folder)):
            listed[urljoin(folder, page)] = {"lines": (lines,), "functions": (functions,)}
    assert list(listed) == list(truth.target_entities)
    assert len(listed) > 40
    for url, numbers in listed.items():
        assert {k: truth.attributes[url][k] for k in numbers} == numbers, url
    assert truth.seed_entity.endswith(f"/{SEED}.gcov.html")
    assert truth.seed_path == (index, f"{truth.base_url}/c/enc/index.html", truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_each_files_page_shows_its_counts_and_its_source(report: LabServer) -> None:
    truth = report.truth(APP)
    for url in truth.target_entities[::6]:
        html = get_text(url)
        found = re.findall(r'<td class="headerCovTableEntry">(\d+)</td>', html)
        hit, total = truth.attributes[url]["lines"][0].split(" / ")
        assert found[:2] == [hit, total], url
        assert '<span class="lineNum">' in html, url
        links = {urljoin(url, h) for h in re.findall(r'href="([^"#]+)"', html)}
        assert f"{truth.base_url}/index.html" in links, url
