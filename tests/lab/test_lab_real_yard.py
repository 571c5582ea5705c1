"""real-yard: YARD's API documentation of YARD itself (Debian's yard-doc).

The fast test reads the object pages of a folder of pages written here (nothing installed). The
slow ones install the application (one Debian package downloaded and unpacked: seconds) and
serve it: the truth, from the object pages' own files, is held against the alphabetic index
and the object pages as served.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from urllib.parse import urljoin

import pytest
from lab_http import get_text, page_links

from siteseer.crawler import canonical_url
from siteseer.lab.real.yard import SEED, YardApp, read_objects
from siteseer.lab.server import LabServer, running_lab

APP = "real-yard"


def _page(kind: str, name: str) -> str:
    title = f"{kind}: {name}" if kind else name
    return (
        f"<html><head><title>\n  {title}\n  \n    &mdash; Docs\n</title>\n"
        f"<script>\n  pathId = \"{name}\";\n  relpath = '../';\n</script></head></html>\n"
    )


def test_object_pages_are_read_from_the_files_yard_wrote(tmp_path: Path) -> None:
    (tmp_path / "Ns" / "Sub").mkdir(parents=True)
    (tmp_path / "Ns.html").write_text(_page("Module", "Ns"), encoding="utf-8")
    (tmp_path / "Ns" / "Sub.html").write_text(_page("Class", "Ns::Sub"), encoding="utf-8")
    (tmp_path / "Ns" / "Sub" / "Err.html").write_text(
        _page("Exception", "Ns::Sub::Err"), encoding="utf-8"
    )
    (tmp_path / "file.README.html").write_text(_page("File", "README"), encoding="utf-8")
    (tmp_path / "top-level-namespace.html").write_text(_page("", ""), encoding="utf-8")
    (tmp_path / "Odd.html").write_text(
        _page("Class", "Odd").replace('"Odd"', '"Other"'), encoding="utf-8"
    )
    (tmp_path / "_index.html").write_text("<title>Docs</title>", encoding="utf-8")
    assert read_objects(tmp_path) == {
        "Ns.html": ("Module", "Ns"),
        "Ns/Sub.html": ("Class", "Ns::Sub"),
        "Ns/Sub/Err.html": ("Exception", "Ns::Sub::Err"),
    }


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    YardApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_index_lists_every_object_with_its_namespace(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) > 200
    rows = re.findall(
        r'<a href="([^"#]+)" title="([^"]+) \((?:class|module)\)">[^<]*</a></span>\s*'
        r"(?:<small>\(([^)]*)\)</small>)?",
        get_text(index),
    )
    assert sorted(canonical_url(urljoin(index, h)) for h, _, _ in rows) == sorted(
        truth.target_entities
    )
    for href, name, namespace in rows:
        url = canonical_url(urljoin(index, href))
        assert truth.attributes[url].get("namespace", ("",)) == (unescape(namespace),), url
        assert unescape(name).rpartition("::")[0] == unescape(namespace), url


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_object_pages_are_headed_by_their_kind_and_link_the_index(docs: LabServer) -> None:
    truth = docs.truth(APP)
    assert truth.seed_entity == f"{truth.base_url}/{SEED}"
    ((index,),) = truth.index_levels
    sample = [truth.seed_entity, *truth.target_entities[:: len(truth.target_entities) // 8]]
    for url in sample:
        heading = re.search(r'<div id="content"><h1>(\w+): ([^\s<]+)', get_text(url))
        assert heading is not None, url
        assert (heading.group(1),) == truth.attributes[url]["kind"], url
        namespace = truth.attributes[url].get("namespace", ("",))[0]
        assert heading.group(2).rpartition("::")[0] == namespace, url
        assert index in page_links(url), url
