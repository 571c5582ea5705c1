"""real-pypiserver: pypiserver over a directory of real wheels and sdists pip downloaded.

The fast test reads projects and versions from distribution file names (nothing installed).
The slow ones install the application (a venv from PyPI, pip downloading the distributions)
and serve it: the truth, from the files' names, is held against pypiserver's simple index,
its project pages, and its answers for another spelling of a project and for a project it
does not hold.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urljoin

import pytest
from lab_http import get_text

from siteseer.lab.real.pypiserver import PypiServerApp, normalize, read_files
from siteseer.lab.server import LabServer, running_lab

APP = "real-pypiserver"
LINK = re.compile(r'<a href="([^"]+)">([^<]+)</a>')


def test_projects_and_versions_are_read_from_wheel_and_sdist_names(tmp_path: Path) -> None:
    for name in (
        "MarkupSafe-2.1.5-cp311-cp311-manylinux_2_17_x86_64.whl",
        "markupsafe-3.0.2-cp311-cp311-manylinux_2_17_x86_64.whl",
        "charset_normalizer-3.4.1-py3-none-any.whl",
        "zope.interface-7.2.tar.gz",
        "sphinxcontrib_jsmath-1.0.1-py2.py3-none-any.whl",
        "README.txt",
    ):
        (tmp_path / name).write_bytes(b"")
    assert normalize("Zope.Interface") == "zope-interface"
    projects = read_files(tmp_path)
    assert list(projects) == [
        "charset-normalizer", "markupsafe", "sphinxcontrib-jsmath", "zope-interface",
    ]  # fmt: skip
    assert [v for v, _ in projects["markupsafe"]] == ["2.1.5", "3.0.2"]
    assert projects["zope-interface"] == [("7.2", "zope.interface-7.2.tar.gz")]


@pytest.fixture(scope="module")
def index() -> Iterator[LabServer]:
    PypiServerApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_the_simple_index_links_every_project_of_the_truth(index: LabServer) -> None:
    truth = index.truth(APP)
    (level,) = truth.index_levels
    (simple,) = level
    listed = [urljoin(simple, h) for h, _ in LINK.findall(get_text(simple))]
    assert listed == list(truth.target_entities)
    assert len(listed) > 40
    assert truth.seed_path == (simple, truth.seed_entity)
    home = get_text(truth.base_url + "/")
    assert 'href="/simple/"' in home and 'href="/packages/"' in home


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_each_project_page_links_the_files_of_its_versions(index: LabServer) -> None:
    truth = index.truth(APP)
    files = read_files(PypiServerApp("small").data_file)
    several = [p for p, f in files.items() if len({v for v, _ in f}) > 1]
    assert len(several) > 10  # the rounds give many projects two or more versions
    for project, held in files.items():
        url = f"{truth.base_url}/simple/{project}/"
        links = [unquote(h.split("#")[0]) for h, _ in LINK.findall(get_text(url))]
        assert sorted(links) == sorted(f"/packages/{name}" for _, name in held), project
        assert truth.attributes[url]["version"] == tuple(dict.fromkeys(v for v, _ in held))


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1800)
def test_other_spellings_redirect_and_unknown_projects_are_not_sent_to_pypi(
    index: LabServer,
) -> None:
    truth = index.truth(APP)
    with urllib.request.urlopen(truth.base_url + "/simple/Requests/", timeout=60) as reply:
        assert reply.url == truth.seed_entity
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(truth.base_url + "/simple/no-such-project-here/", timeout=60)
    assert missing.value.code == 404
