"""real-jsdoc: JSDoc's default template over Fabric.js's sources.

The fast tests read classes out of doclets as JSDoc dumps them (nothing installed). The slow
ones install the application (npm jsdoc and fabric, JSDoc run twice: about a minute) and serve
it: the truth, from JSDoc's own dump, is held against the sidebar, the namespaces' pages and the
classes' pages the template wrote.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from lab_http import get_text, html_tree, page_links

from siteseer.lab.real.jsdoc import JsdocApp, class_pages, page_name
from siteseer.lab.server import LabServer, running_lab

APP = "real-jsdoc"
SRC = "/x/node_modules/fabric/src"


def doclet(longname: str, kind: str = "class", folder: str = "/shapes", **more: object) -> dict:
    name = longname.rsplit(".", 1)[-1]
    meta = {"path": SRC + folder, "filename": f"{name.lower()}.class.js"}
    return {"kind": kind, "longname": longname, "name": name, "meta": meta} | more


def test_a_longname_is_written_to_the_file_the_default_template_names() -> None:
    assert page_name("fabric.Rect") == "fabric.Rect.html"
    assert page_name("module:ol/Map~Map") == "module-ol_Map-Map.html"
    assert page_name("Foo#bar") == "Foo_bar.html"
    assert page_name("_private") == "-_private.html"


def test_the_published_classes_are_the_entities_with_their_namespace_and_parent() -> None:
    doclets = [
        doclet("fabric.Rect", memberof="fabric", augments=["fabric.Object"]),
        doclet("fabric.Object", memberof="fabric", folder=""),
        doclet("fabric.Eraser", memberof="fabric", access="private"),
        doclet("fabric.Hidden", memberof="fabric", undocumented=True),
        doclet("fabric.util", kind="namespace", memberof="fabric"),
    ]
    pages = class_pages(doclets, SRC)
    assert list(pages) == ["fabric.Object.html", "fabric.Rect.html"]
    assert pages["fabric.Rect.html"] == {
        "name": ("Rect",),
        "namespace": ("fabric",),
        "source": ("shapes/rect.class.js",),
        "extends": ("fabric.Object",),
    }
    assert pages["fabric.Object.html"]["source"] == ("object.class.js",)
    with pytest.raises(ValueError, match="two classes"):
        class_pages([*doclets, doclet("fabric.rect", memberof="fabric")], SRC)


@pytest.fixture(scope="module")
def docs() -> Iterator[LabServer]:
    JsdocApp("small").install(lambda line: None)
    with running_lab([APP], "small") as server:
        yield server


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_the_sidebar_lists_every_class_and_each_namespace_page_its_own(docs: LabServer) -> None:
    truth = docs.truth(APP)
    assert len(truth.target_entities) == len(set(truth.target_entities)) == 48
    ((home,),) = truth.index_levels
    listed = [u for u in page_links(home) if u in truth.attributes]
    assert sorted(listed) == sorted(truth.target_entities)
    namespaces = [u for u, t in truth.templates.items() if t == "namespace"]
    for query in truth.queries:
        ((_, value),) = query.conditions
        page = f"{truth.base_url}/{page_name(value)}"
        if page in namespaces:
            listed = html_tree(get_text(page)).xpath(
                "//div[@id='main']//h3[.='Classes']/following-sibling::dl[1]//a/@href"
            )
            held = {f"{truth.base_url}/{h}" for h in listed}
            assert held == set(query.entities), value
    assert truth.seed_entity in page_links(truth.seed_path[0])


@pytest.mark.slow
@pytest.mark.real_app(APP)
@pytest.mark.timeout(1200)
def test_a_class_page_shows_its_name_namespace_parent_and_source(docs: LabServer) -> None:
    truth = docs.truth(APP)
    for url in truth.target_entities[::5]:
        attributes = truth.attributes[url]
        page = html_tree(get_text(url))
        title = " ".join(page.xpath("string(//h1)").split())
        assert title == f"Class: {attributes['name'][0]}", url
        text = " ".join(page.xpath("string(//body)").split())
        assert attributes["source"][0] in text, url
        for parent in attributes.get("extends", ()):
            assert parent in text, url
