"""real-coverage: coverage.py's HTML report of docutils converting its README, served as files.

The fast test reads a record written here (nothing installed). The slow ones install the
application (a venv from PyPI, nine measured runs and one report: about a minute) and serve it:
the truth, from coverage.py's own data file, is held against the served files' table and the
files' pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.coveragehtml import ATTRIBUTES, SEED, CoverageApp, file_attributes
from siteseer.lab.server import LabServer, running_lab

APP = "real-coverage"
# a row of the files' table: the file's link, then statements, missing, excluded and coverage
ROW = re.compile(
    r'<td class="name"><a href="([^"]+)">.*?</a></td>\s*<td class="spacer">&nbsp;</td>\s*'
    r"<td>(\d+)</td>\s*<td>(\d+)</td>\s*<td>(\d+)</td>\s*<td class=\"spacer\">&nbsp;</td>\s*"
    r'<td data-ratio="[^"]*">(\d+%)</td>'
)


def test_a_files_attributes_are_the_records_numbers_at_its_page() -> None:
    record = {
        "files": [
            {"file": "docutils/core.py", "page": "z_a8d443bb38169ece_core_py.html",
             "statements": 269, "missing": 132, "excluded": 3, "coverage": "51%"},
            {"file": "docutils/io.py", "page": "z_a8d443bb38169ece_io_py.html",
             "statements": 10, "missing": 0, "excluded": 0, "coverage": "100%"},
        ]
    }  # fmt: skip
    assert file_attributes(record, "http://h") == {
        "docutils/core.py": (
            "http://h/z_a8d443bb38169ece_core_py.html",
            {"statements": ("269",), "missing": ("132",), "excluded": ("3",),
             "coverage": ("51%",)},
        ),
        "docutils/io.py": (
            "http://h/z_a8d443bb38169ece_io_py.html",
            {"statements": ("10",), "missing": ("0",), "excluded": ("0",), "coverage": ("100%",)},
        ),
    }  # fmt: skip


@pytest.fixture(scope="module")
def report() -> Iterator[LabServer]:
    CoverageApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_files_table_lists_every_file_with_its_numbers(report: LabServer) -> None:
    truth = report.truth(APP)
    ((index,),) = truth.index_levels
    rows = ROW.findall(get_text(index))
    assert [urljoin(index, page) for page, *_ in rows] == list(truth.target_entities)
    for page, *numbers in rows:
        url = urljoin(index, page)
        assert tuple(numbers) == tuple(truth.attributes[url][a][0] for a in ATTRIBUTES)
    assert len(rows) > 100
    assert {n[4] for n in rows} > {"0%", "100%"}  # files never imported, and whole ones
    assert truth.seed_path == (index, truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_each_files_page_names_its_file_and_links_the_index(report: LabServer) -> None:
    truth = report.truth(APP)
    ((index,),) = truth.index_levels
    seed = get_text(truth.seed_entity)
    coverage = truth.attributes[truth.seed_entity]["coverage"][0]
    assert f"<title>Coverage for {SEED}: {coverage}</title>" in seed
    for url in truth.target_entities[::9]:
        html = get_text(url)
        (title,) = re.findall(r"<title>Coverage for ([\w/.]+): (\d+%)</title>", html)
        assert title[1] == truth.attributes[url]["coverage"][0], url
        statements = truth.attributes[url]["statements"][0]
        assert f"{statements} statements" in html, url
        links = {urljoin(url, h) for h in re.findall(r'href="([^"#]+)"', html)}
        assert index in links, url
