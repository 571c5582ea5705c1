"""real-gidocgen: gi-docgen's reference of libadwaita 1.2 (Debian's libadwaita-1-doc).

The fast tests read a Devhelp book written here and build the truth from a documentation
folder written here (nothing installed). The slow ones install the application (one Debian
package downloaded and unpacked: seconds) and serve it: the truth, from gi-docgen's
libadwaita-1.devhelp2, is held against the namespace index and the class pages themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_http import get_text, page_links

from siteseer.lab.real.gidocgen import BOOK, INDEX, SEED, GidocgenApp, read_classes
from siteseer.lab.server import LabServer, running_lab

APP = "real-gidocgen"

_BOOK = """<?xml version="1.0"?>
<book xmlns="http://www.devhelp.net/book" title="Adw-1 Reference Manual" link="index.html"
      name="Adw" version="2" language="c">
  <chapters>
    <sub name="Boxed Lists" link="boxed-lists.html"/>
    <sub name="Classes" link="index.html#classes">
      <sub name="ActionRow" link="class.ActionRow.html"/>
      <sub name="TabView" link="class.TabView.html"/>
      <sub name="TabPage" link="class.TabPage.html"/>
      <sub name="Odd" link="index.html#odd"/>
    </sub>
    <sub name="Enums" link="index.html#enums">
      <sub name="Easing" link="enum.Easing.html"/>
    </sub>
  </chapters>
  <functions>
    <keyword type="struct" name="AdwActionRow" link="class.ActionRow.html" since="1.0"/>
    <keyword type="member" name="ActionRowClass.parent_class" link="class.ActionRow.html"/>
    <keyword type="struct" name="AdwTabView" link="class.TabView.html" since="1.2"/>
    <keyword type="struct" name="AdwTabPage" link="class.TabPage.html"/>
    <keyword type="enum" name="AdwEasing" link="enum.Easing.html" since="1.0"/>
  </functions>
</book>
"""


def _write(folder: Path, pages: int = 0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / BOOK).write_text(_BOOK, encoding="utf-8")
    for link, _, _ in list(read_classes(folder / BOOK).values())[:pages]:
        (folder / link).write_text("<title>x</title>", encoding="utf-8")
    return folder / BOOK


def test_the_classes_chapter_of_the_devhelp_book_is_read_with_its_keywords(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path)
    assert read_classes(path) == {
        "ActionRow": ("class.ActionRow.html", "AdwActionRow", "1.0"),
        "TabView": ("class.TabView.html", "AdwTabView", "1.2"),
        "TabPage": ("class.TabPage.html", "AdwTabPage", ""),
    }
    path.write_text("<book/>", encoding="utf-8")
    with pytest.raises(ValueError, match="not a Devhelp book"):
        read_classes(path)


def test_the_truth_holds_the_class_pages_of_the_book(tmp_path: Path) -> None:
    app = GidocgenApp("small", home=tmp_path)
    _write(app.served, pages=3)
    assert not app.installed()
    (app.dir / "versions.json").write_text('{"libadwaita-1-doc": "1.2"}', encoding="utf-8")
    assert app.installed()
    with pytest.raises(ValueError, match="most class pages"):
        app.truth("http://127.0.0.1:1/")  # fewer than ten classes
    extra = "".join(f'<sub name="C{n}" link="class.C{n}.html"/>' for n in range(10))
    more = _BOOK.replace('<sub name="Odd"', extra + '<sub name="Odd"')
    (app.served / BOOK).write_text(more, encoding="utf-8")
    for n in range(9):  # one listed class (C9) has no page: left out
        (app.served / f"class.C{n}.html").write_text("<title>x</title>", encoding="utf-8")
    b = "http://127.0.0.1:1"
    truth = app.truth(b + "/")
    assert truth.seed_entity == f"{b}/class.TabView.html"
    assert len(truth.target_entities) == 12
    assert f"{b}/class.C9.html" not in truth.target_entities
    assert truth.index_levels == ((f"{b}/{INDEX}",),)
    assert truth.seed_path == (f"{b}/{INDEX}", truth.seed_entity)
    assert truth.attributes[truth.seed_entity] == {"c_type": ("AdwTabView",), "since": ("1.2",)}
    assert truth.attributes[f"{b}/class.TabPage.html"] == {"c_type": ("AdwTabPage",)}
    assert truth.attributes[f"{b}/class.C0.html"] == {}


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    GidocgenApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_the_namespace_index_links_every_class_of_the_truth(docs: LabServer) -> None:
    truth = docs.truth(APP)
    ((index,),) = truth.index_levels
    assert len(truth.target_entities) >= 40
    classes = page_links(index, r'href="(class\.[^"#]+)"')
    assert set(classes) == set(truth.target_entities)


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(900)
def test_class_pages_are_titled_by_the_class_and_show_its_c_type(docs: LabServer) -> None:
    truth = docs.truth(APP)
    names = {
        f"{truth.base_url}/{link}": name
        for name, (link, _, _) in read_classes(GidocgenApp("small").served / BOOK).items()
    }
    assert names[truth.seed_entity] == SEED
    for url in truth.target_entities:
        html = get_text(url)
        assert re.search(rf"<title>Adw\.{names[url]}\b", html), url
        assert f"{truth.base_url}/{INDEX}" in page_links(url), url
        for c_type in truth.attributes[url].get("c_type", ()):
            assert c_type in html, url
        for since in truth.attributes[url].get("since", ()):
            assert f"Available since: {since}" in html, url
