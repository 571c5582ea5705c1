"""real-naturaldocs: Natural Docs' documentation of its own Perl modules, a page per file.

The fast test reads a small source folder (nothing installed). The slow ones install the
application (Debian's naturaldocs, its modules documented once: about a minute) and serve it:
the truth, from the source folder, is held against the files index and the modules' pages.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.lab.real.naturaldocs import NaturalDocsApp, file_page, read_sources
from siteseer.lab.server import LabServer, running_lab

APP = "real-naturaldocs"


def test_a_module_is_named_by_its_package_and_its_page_by_its_path(tmp_path: Path) -> None:
    (tmp_path / "ND" / "Languages").mkdir(parents=True)
    (tmp_path / "ND" / "Languages" / "Perl.pm").write_text(
        "use strict;\n\npackage ND::Languages::Perl;\n\npackage Other;\n", encoding="utf-8"
    )
    (tmp_path / "ND" / "notes.txt").write_text("package Not::A::Module;\n", encoding="utf-8")
    assert read_sources(tmp_path) == {"ND/Languages/Perl.pm": "ND::Languages::Perl"}
    assert file_page("ND/Languages/Perl.pm") == "files/ND/Languages/Perl-pm.html"


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    NaturalDocsApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_the_files_index_lists_every_module(docs: LabServer) -> None:
    truth = docs.truth(APP)
    assert len(truth.target_entities) == len(set(truth.target_entities)) == 64
    ((files,),) = truth.index_levels
    listed = {u for u in page_links(files) if "/files/" in u}
    assert listed == set(truth.target_entities)
    assert truth.seed_path == (files, truth.seed_entity)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_a_modules_page_is_titled_by_its_package(docs: LabServer) -> None:
    truth = docs.truth(APP)
    for url in truth.target_entities[::5]:
        page = html_tree(get_text(url))
        (package,) = truth.attributes[url]["package"]
        assert " ".join(page.xpath("string(//title)").split()) == package, url
