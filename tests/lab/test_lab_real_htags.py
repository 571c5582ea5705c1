"""real-htags: GNU GLOBAL's htags over Brotli's C sources.

The fast tests read GPATH's dump and the folders' pages (nothing installed). The slow ones
install the application (GLOBAL from Debian if missing, Brotli's sdist from PyPI, one htags
run: seconds) and serve it: the truth, from GLOBAL's tag files, is held against the folders'
pages, htags' own file map and the source pages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text

from siteseer.lab.real.htags import HtagsApp, file_ids, folder_pages
from siteseer.lab.server import LabServer, running_lab

APP = "real-htags"
SOURCE_PAGE = re.compile(r"href='\.\./S/(\d+\.html)'")
FOLDER_PAGE = re.compile(r"href='(\d+\.html)'")


def test_file_ids_are_read_from_gpaths_dump() -> None:
    dump = " __.NEXTKEY\t5\n __.VERSION\t __.VERSION 2\n./dec/decode.c\t3\n./a.h\t1\n"
    assert file_ids(dump) == {"dec/decode.c": 3, "a.h": 1}


def test_folder_pages_are_named_by_their_titles(tmp_path: Path) -> None:
    (tmp_path / "files").mkdir()
    (tmp_path / "files" / "7.html").write_text("<title>include/brotli/</title>", encoding="utf-8")
    (tmp_path / "files" / "6.html").write_text("<title>dec/</title>", encoding="utf-8")
    (tmp_path / "files" / "index.html").write_text("<html></html>", encoding="utf-8")
    assert folder_pages(tmp_path) == {"dec": "files/6.html", "include/brotli": "files/7.html"}


@pytest.fixture(scope="module")
def htags() -> Iterator[LabServer]:
    HtagsApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_folders_pages_link_every_file_of_the_truth(htags: LabServer) -> None:
    truth = htags.truth(APP)
    b = truth.base_url
    (main,), folders = truth.index_levels
    linked = {f"{b}/files/{p}" for p in FOLDER_PAGE.findall(get_text(main).replace("files/", ""))}
    listed: list[str] = []
    for folder in folders:
        text = get_text(folder)
        linked |= {f"{b}/files/{p}" for p in FOLDER_PAGE.findall(text)}
        pages = [f"{b}/S/{p}" for p in SOURCE_PAGE.findall(text)]
        directories = {truth.attributes[u]["directory"][0] for u in pages}
        assert len(directories) <= 1, folder
        listed.extend(pages)
    assert linked >= set(folders)  # each folder's page from the main page or its parent's
    assert sorted(listed) == sorted(truth.entities["file"])
    assert len(listed) > 90
    assert truth.seed_path[0] == main and truth.seed_path[2] == truth.seed_entity
    assert truth.seed_entity.removeprefix(b + "/S/") in " ".join(
        SOURCE_PAGE.findall(get_text(truth.seed_path[1]))
    )


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_source_pages_are_titled_with_their_paths(htags: LabServer) -> None:
    truth = htags.truth(APP)
    app = HtagsApp("small")
    filemap = dict(
        line.split("\t")
        for line in (app.tree / "HTML" / "FILEMAP").read_text(encoding="utf-8").splitlines()
    )
    assert {f"{truth.base_url}/{p}" for p in filemap.values()} == set(truth.entities["file"])
    by_url = {f"{truth.base_url}/{p}": path for path, p in filemap.items()}
    for url in truth.entities["file"]:
        text = get_text(url)
        path = by_url[url]
        assert f"<title>{path}</title>" in text, url
        assert truth.attributes[url]["directory"] == (path.rpartition("/")[0],), url
