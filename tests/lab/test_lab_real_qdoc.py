"""real-qdoc: QDoc's reference documentation of Qt Bluetooth 5.15 (Debian's -doc-html package).

The fast tests read QDoc's index and build the truth from a documentation folder written here
(nothing installed). The slow ones install the application (one Debian package downloaded and
unpacked: seconds) and serve it: the truth, from QDoc's qtbluetooth.index, is held against the
C++ class list and the class pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.qdoc import CLASS_LIST, INDEX, SEED, QdocApp, read_classes
from siteseer.lab.server import LabServer, running_lab

APP = "real-qdoc"

_INDEX = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE QDOCINDEX>
<INDEX url="http://doc.qt.io/qt-5" title="T" version="5" project="QtBluetooth">
  <namespace name="" status="active" access="public" module="qtbluetooth">
    <class name="Hidden" href="hidden.html" status="internal" access="private" location="h_p.h"/>
    <class name="QBluetoothSocket" href="qbluetoothsocket.html" status="active" access="public"
           location="qbluetoothsocket.h">
      <function name="abort" href="qbluetoothsocket.html#abort" status="active" access="public"/>
    </class>
    <class name="QBluetoothServiceInfo" href="qbluetoothserviceinfo.html" status="active"
           access="public" location="qbluetoothserviceinfo.h">
      <class name="Alternative" fullname="QBluetoothServiceInfo::Alternative"
             href="qbluetoothserviceinfo-alternative.html" status="active" access="public"
             location="qbluetoothserviceinfo.h"/>
    </class>
    <struct name="AddressInfo" fullname="QLowEnergyAdvertisingParameters::AddressInfo"
            href="qlowenergyadvertisingparameters-addressinfo.html" status="active"
            access="public" location="qlowenergyadvertisingparameters.h"/>
    <namespace name="QBluetooth" href="qbluetooth.html" status="active" access="public"/>
  </namespace>
</INDEX>
"""


def _write(folder: Path, pages: int = 0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / INDEX).write_text(_INDEX, encoding="utf-8")
    for href, _ in list(read_classes(folder / INDEX).values())[:pages]:
        (folder / href).write_text("<title>x</title>", encoding="utf-8")
    return folder / INDEX


def test_public_classes_and_structs_are_read_from_qdocs_index(tmp_path: Path) -> None:
    path = _write(tmp_path)
    assert read_classes(path) == {
        "QBluetoothSocket": ("qbluetoothsocket.html", "qbluetoothsocket.h"),
        "QBluetoothServiceInfo": ("qbluetoothserviceinfo.html", "qbluetoothserviceinfo.h"),
        "QBluetoothServiceInfo::Alternative": (
            "qbluetoothserviceinfo-alternative.html", "qbluetoothserviceinfo.h",
        ),
        "QLowEnergyAdvertisingParameters::AddressInfo": (
            "qlowenergyadvertisingparameters-addressinfo.html",
            "qlowenergyadvertisingparameters.h",
        ),
    }  # fmt: skip
    path.write_text("<QDOCINDEX/>", encoding="utf-8")
    with pytest.raises(ValueError, match="not a QDoc index"):
        read_classes(path)


def test_the_truth_holds_the_class_pages_the_class_list_links(tmp_path: Path) -> None:
    app = QdocApp("small", home=tmp_path)
    _write(app.served, pages=4)
    assert not app.installed()
    (app.dir / "versions.json").write_text('{"qtconnectivity5-doc-html": "5"}', encoding="utf-8")
    assert app.installed()
    with pytest.raises(ValueError, match="most class pages"):
        app.truth("http://127.0.0.1:1/")  # fewer than ten classes
    for n in range(10):  # more classes, one of them without a page (left out)
        (app.served / f"q{n}.html").write_text("<title>x</title>", encoding="utf-8")
    extra = "".join(
        f'<class name="Q{n}" href="q{n}.html" status="active" access="public" location="q.h"/>'
        for n in range(11)
    )
    more = _INDEX.replace("</namespace>\n</INDEX>", extra + "</namespace></INDEX>")
    (app.served / INDEX).write_text(more, encoding="utf-8")
    b = "http://127.0.0.1:1"
    truth = app.truth(b + "/")
    assert truth.seed_entity == f"{b}/qbluetoothsocket.html"
    assert len(truth.target_entities) == 14 and f"{b}/q10.html" not in truth.target_entities
    assert truth.index_levels == ((f"{b}/{CLASS_LIST}",),)
    assert truth.seed_path == (f"{b}/{CLASS_LIST}", truth.seed_entity)
    nested = f"{b}/qbluetoothserviceinfo-alternative.html"
    assert truth.attributes[nested] == {"header": ("qbluetoothserviceinfo.h",)}


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    QdocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_class_list_links_every_class_of_the_truth(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) >= 20
    # the name column of the list's table, which also lists the QBluetooth namespace
    listed = page_links(index, r'<td class="tblName"><p><a href="([^"#]+)')
    assert set(listed) - set(truth.target_entities) == {truth.base_url + "/qbluetooth.html"}
    assert set(truth.target_entities) <= set(listed)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_class_pages_are_titled_by_the_class_and_link_the_class_list(docs: LabServer) -> None:
    truth = docs.truth(APP)
    names = {f"{truth.base_url}/{href}": name for name, (href, _) in read_classes(
        QdocApp("small").served / INDEX
    ).items()}  # fmt: skip
    assert names[truth.seed_entity] == SEED
    for url in truth.target_entities:
        html = get_text(url)
        title = re.search(r"<title>(\w+) (?:Class|Struct) \|", html)
        assert title is not None, url
        assert names[url].rsplit("::", 1)[-1] == unescape(title.group(1)), url
        assert f"{truth.base_url}/{CLASS_LIST}" in page_links(url), url
