"""real-verdaccio served for real: Verdaccio (npm) with its own dependency tree's packages.

The first tests are fast and offline: the lockfile's packages, the publish document built from a
tarball made here, and the storage reader over a storage written here. The module fixture
installs the application once (npm ci from the shipped lockfile, the tarballs, the publishing;
nothing the second time) and serves it; the slow tests hold the truth against what Verdaccio
answers (its npm API and its UI's package list) and against the page the browser draws.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import tarfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from siteseer.crawler import Session, SessionConfig
from siteseer.lab.real.verdaccio import (
    PACKAGE_LOCK,
    VerdaccioApp,
    detail_url,
    lock_specs,
    publish_document,
    read_storage,
)
from siteseer.lab.server import LabServer, running_lab

APP = "real-verdaccio"


def test_lock_specs_are_every_locked_package_once() -> None:
    lock = {
        "packages": {
            "": {"name": "root", "version": "1.0.0"},
            "node_modules/a": {"version": "1.0.0"},
            "node_modules/@s/b": {"version": "2.0.0"},
            "node_modules/a/node_modules/b": {"version": "0.1.0"},
            "node_modules/c/node_modules/a": {"version": "1.0.0"},
            "node_modules/alias": {"name": "real-name", "version": "3.0.0"},
        }
    }
    assert lock_specs(lock) == ["@s/b@2.0.0", "a@1.0.0", "b@0.1.0", "real-name@3.0.0"]
    shipped = lock_specs(json.loads(PACKAGE_LOCK.read_text(encoding="utf-8")))
    assert "verdaccio@6.8.0" in shipped and "express@4.22.2" in shipped
    assert len(shipped) > 250


def _tarball(path: Path, files: dict[str, str]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def test_the_publish_document_is_npms(tmp_path: Path) -> None:
    manifest = {"name": "@s/pkg", "version": "1.2.3", "description": "A package"}
    tgz = _tarball(
        tmp_path / "s-pkg-1.2.3.tgz",
        {"package.json": json.dumps(manifest), "README.md": "# pkg", "lib/readme.txt": "no"},
    )
    name, doc = publish_document(tgz, "http://127.0.0.1:9")
    assert name == "@s/pkg"
    assert doc["dist-tags"] == {"latest": "1.2.3"} and doc["readme"] == "# pkg"
    version = doc["versions"]["1.2.3"]
    assert version["_id"] == "@s/pkg@1.2.3" and version["description"] == "A package"
    data = tgz.read_bytes()
    assert version["dist"]["shasum"] == hashlib.sha1(data).hexdigest()
    assert version["dist"]["tarball"] == "http://127.0.0.1:9/@s/pkg/-/pkg-1.2.3.tgz"
    attachment = doc["_attachments"]["pkg-1.2.3.tgz"]
    assert base64.b64decode(attachment["data"]) == data and attachment["length"] == len(data)


def test_read_storage_takes_the_listed_packages_with_a_packument(tmp_path: Path) -> None:
    for name, versions in (("a", ["1.0.0", "1.1.0"]), ("@s/b", ["2.0.0"])):
        (tmp_path / name).mkdir(parents=True)
        packument = {"name": name, "versions": {v: {} for v in versions}}
        (tmp_path / name / "package.json").write_text(json.dumps(packument), encoding="utf-8")
    db = {"list": ["a", "@s/b", "gone"], "secret": "x"}
    (tmp_path / ".verdaccio-db.json").write_text(json.dumps(db), encoding="utf-8")
    packages = read_storage(tmp_path)
    assert [(p.name, p.versions) for p in packages] == [
        ("@s/b", ("2.0.0",)),
        ("a", ("1.0.0", "1.1.0")),
    ]
    assert detail_url("http://h", "@s/b") == "http://h/-/web/detail/@s/b"


@pytest.fixture(scope="module")
def verdaccio() -> Iterator[LabServer]:
    VerdaccioApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


def _json(url: str) -> object:
    with urllib.request.urlopen(url, timeout=60) as response:
        return json.loads(response.read())


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_registry_holds_every_package_of_the_truth(verdaccio: LabServer) -> None:
    truth = verdaccio.truth(APP)
    b = truth.base_url
    names = [u.removeprefix(b + "/-/web/detail/") for u in truth.target_entities]
    assert len(names) > 250 and "express" in names and "@cypress/request" in names
    # the list the web UI draws its home page from
    listed = _json(b + "/-/verdaccio/data/packages")
    assert isinstance(listed, list)
    assert sorted(p["name"] for p in listed) == sorted(names)
    for name in ("express", "@cypress/request", names[-1]):
        packument = _json(f"{b}/{name.replace('/', '%2f')}")
        assert isinstance(packument, dict)
        url = detail_url(b, name)
        assert sorted(packument["versions"]) == sorted(truth.attributes[url]["version"])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_package_pages_data_is_the_packages(verdaccio: LabServer) -> None:
    # what the seed's page draws: its sidebar (versions) and its README, from the UI's own API
    truth = verdaccio.truth(APP)
    b = truth.base_url
    sidebar = _json(f"{b}/-/verdaccio/data/sidebar/express")
    assert isinstance(sidebar, dict)
    assert sorted(sidebar["versions"]) == sorted(truth.attributes[truth.seed_entity]["version"])
    with urllib.request.urlopen(f"{b}/-/verdaccio/data/package/readme/express", timeout=60) as r:
        assert "Fast, unopinionated, minimalist web framework" in r.read().decode()


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
async def test_the_script_draws_the_home_list_rows_in_view(verdaccio: LabServer) -> None:
    truth = verdaccio.truth(APP)
    async with Session(SessionConfig(cache=None, render="always")) as session:
        home = await session.page(truth.base_url + "/")
    drawn = {link.url for link in home.links if "/-/web/detail/" in link.url}
    # a virtualized list: only the rows in view are drawn, each a package of the truth
    assert drawn and drawn <= set(truth.target_entities)
    assert len(drawn) < len(truth.target_entities)
