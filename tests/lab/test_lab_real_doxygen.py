"""real-doxygen: Doxygen's HTML of Brotli's C sources.

The fast test reads compounds and a struct's location from Doxygen's XML (nothing installed).
The slow ones install the application (Doxygen from Debian if missing, Brotli's sdist from
PyPI, one Doxygen run: seconds) and serve it: the truth, from Doxygen's XML, is held against
the data structures list, the file list and the struct pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.doxygen import DoxygenApp, defined_in, read_compounds
from siteseer.lab.server import LabServer, running_lab

APP = "real-doxygen"
STRUCT = re.compile(r'href="(struct[A-Za-z0-9_]+\.html)"')


def test_compounds_and_locations_are_read_from_doxygens_xml(tmp_path: Path) -> None:
    (tmp_path / "index.xml").write_text(
        '<doxygenindex><compound refid="structA" kind="struct"><name>A</name>'
        '<member refid="structA_1x" kind="variable"><name>x</name></member></compound>'
        '<compound refid="a_8h" kind="file"><name>a.h</name></compound>'
        '<compound refid="structB" kind="struct"><name>B</name></compound></doxygenindex>',
        encoding="utf-8",
    )
    (tmp_path / "structA.xml").write_text(
        '<doxygen><compounddef id="structA" kind="struct"><compoundname>A</compoundname>'
        '<sectiondef><memberdef><location file="dec/a.h" line="3"/></memberdef></sectiondef>'
        '<location file="dec/a.h" line="1"/></compounddef></doxygen>',
        encoding="utf-8",
    )
    compounds = read_compounds(tmp_path)
    assert compounds["struct"] == [("structA", "A"), ("structB", "B")]
    assert compounds["file"] == [("a_8h", "a.h")]
    assert defined_in(tmp_path, "structA") == "dec/a.h"


@pytest.fixture(scope="module")
def doxygen() -> Iterator[LabServer]:
    DoxygenApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_data_structures_list_links_every_struct_of_the_truth(doxygen: LabServer) -> None:
    truth = doxygen.truth(APP)
    (level,) = truth.index_levels
    (annotated,) = level
    listed = list(dict.fromkeys(STRUCT.findall(get_text(annotated))))
    assert sorted(f"{truth.base_url}/{h}" for h in listed) == sorted(truth.entities["struct"])
    assert len(listed) > 50
    assert truth.seed_path == (annotated, truth.seed_entity)
    files = get_text(truth.base_url + "/files.html")
    for url in truth.entities["file"]:
        assert f'href="{url.rsplit("/", 1)[1]}"' in files, url
    menu = get_text(truth.base_url + "/menudata.js")
    assert "annotated.html" in menu and "files.html" in menu


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_struct_pages_name_the_file_defining_them(doxygen: LabServer) -> None:
    truth = doxygen.truth(APP)
    for url in truth.entities["struct"]:
        text = unescape(re.sub(r"<[^>]+>", "", get_text(url)))
        (file,) = truth.attributes[url]["file"]
        assert "generated from the following file" in text, url
        assert file.rsplit("/", 1)[-1] in text.split("generated from the following file")[1], url
