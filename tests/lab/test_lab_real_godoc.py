"""real-godoc: godoc -http over the Go 1.19 standard library (Debian's golang-golang-x-tools,
golang-1.19-src).

The fast test reads the packages of a source tree written here (nothing installed). The slow
ones install the application (two Debian packages downloaded and unpacked: seconds) and serve
it: the truth, from the GOROOT's source tree, is held against the package index godoc renders
and the package pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.godoc import SEED, GodocApp, read_packages
from siteseer.lab.server import LabServer, running_lab

APP = "real-godoc"


def test_packages_are_the_listed_directories_holding_go_sources(tmp_path: Path) -> None:
    files = [
        "archive/tar/tar.go",  # archive: a directory without a package
        "archive/tar/testdata/x.go",
        "archive/zip/zip_test.go",  # tests only: no package
        "bytes/bytes.go",
        "bytes/.hidden/x.go",
        "bytes/_ignored/x.go",
        "cmd/go/main.go",  # commands: not in the package index
        "crypto/crypto.go",
        "crypto/internal/edwards/e.go",  # hidden with everything below
        "crypto/tls/tls.go",
        "crypto/tls/vendor/x/y.go",
        "net/http/internal/ascii/a.go",  # net/http's only Go source: hidden
        "text/.x.go",  # a hidden file: no package
        "text/template/parse/lex.go",  # text/template: a directory between two
    ]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("package x\n", encoding="utf-8")
    packages, folders = read_packages(tmp_path)
    assert packages == ["archive/tar", "bytes", "crypto", "crypto/tls", "text/template/parse"]
    assert folders == ["archive", "text", "text/template"]


@pytest.fixture(scope="module")
def godoc() -> Iterator[LabServer]:
    GodocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_package_index_lists_every_package_and_directory(godoc: LabServer) -> None:
    truth = godoc.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) >= 150
    table = get_text(index).partition('id="stdlib"')[2].partition('id="other"')[0]
    rows = re.findall(r'<td class="pkg-name"[^>]*>\s*<a href="([^"]+)">', table)
    listed = [canonical_url(urljoin(index, h)) for h in rows]
    folders = [u for u, t in truth.templates.items() if t == "directory"]
    assert sorted(listed) == sorted([*truth.target_entities, *folders])
    assert len(folders) >= 5


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_package_pages_are_titled_by_their_name_and_link_the_index(godoc: LabServer) -> None:
    truth = godoc.truth(APP)
    ((index,),) = truth.index_levels
    assert truth.seed_entity == f"{truth.base_url}/pkg/{SEED}/"
    assert truth.attributes[truth.seed_entity] == {"directory": ("net",)}
    assert f'import "{SEED}"' in get_text(truth.seed_entity)
    for url in [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 10]]:
        name = url.removeprefix(f"{truth.base_url}/pkg/").rstrip("/").rpartition("/")[2]
        text = get_text(url)
        assert f"<title>{name} - Go Documentation Server</title>" in text, url
        # a package none of whose files builds here (crypto/boring) is shown as a command
        assert re.search(rf"<h1>\s*(Package|Command) {name}\s", text), url
        assert index in page_links(url), url
    folder = next(u for u, t in truth.templates.items() if t == "directory")
    assert 'import "' not in get_text(folder)
