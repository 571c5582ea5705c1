"""DOM features on SSUP's Figure 3 (html-schema) and Definition 13 (simhtml)."""

from __future__ import annotations

import pytest
from lxml import etree
from lxml import html as lxml_html

from siteseer.algorithms.features.dom import (
    html_schema,
    label_schema,
    link_collections,
    link_dom_path,
    link_dom_paths,
    link_path,
    path_urls,
    paths_to,
    simhtml,
    simlabels,
)
from siteseer.render import Link, Snapshot

# Figure 3: HTML with a list of anchors, a div holding an anchor, and a paragraph (no anchor).
FIGURE_3 = """<html><ul><li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul>
<div><a href="/c">C</a></div><p>text</p></html>"""


def _link(url: str, path: str, attrs: str = "", values: str = "") -> Link:
    return Link(url=url, text="", path=path, path_attrs=attrs or path, path_values=values or path)


def _snap(url: str, *links: Link) -> Snapshot:
    return Snapshot(url=url, final_url=url, status=200, html="<html></html>", links=links)


def test_figure_3_html_schema_from_the_dom_tree() -> None:
    tree = etree.fromstring(FIGURE_3)
    paths = link_dom_paths(tree)
    assert paths == ("html/ul/li/a", "html/ul/li/a", "html/div/a")
    # Example 5: Δ = {HTML-UL-LI-A, HTML-DIV-A}; HTML-P ends in no anchor and is not in it.
    assert frozenset(paths) == {"html/ul/li/a", "html/div/a"}
    assert not any(p.endswith("/p") for p in paths)


def test_figure_3_html_schema_from_snapshot_links() -> None:
    page = _snap(
        "http://x/",
        _link("http://x/a", "html/ul/li/a"),
        _link("http://x/b", "html/ul/li/a"),
        _link("http://x/c", "html/div/a"),
    )
    assert html_schema(page) == {"html/ul/li/a", "html/div/a"}


def test_the_three_tag_feature_modes() -> None:
    doc = lxml_html.document_fromstring(
        '<html><body><div id="content"><ul class="list  big"><li><a href="/x" class="e">x</a>'
        "</li></ul></div></body></html>"
    )
    anchor = next(doc.iter("a"))
    assert link_dom_path(anchor, "tags") == "html/body/div/ul/li/a"
    assert link_dom_path(anchor, "attrs") == "html/body/div[@id]/ul[@class]/li/a"
    assert link_dom_path(anchor, "values") == "html/body/div[@id=content]/ul[@class=list big]/li/a"
    link = _link("http://x/x", "t", "a", "v")
    assert [link_path(link, m) for m in ("tags", "attrs", "values")] == ["t", "a", "v"]
    with pytest.raises(ValueError, match="tag feature"):
        link_path(link, "names")  # type: ignore[arg-type]


def test_an_ordered_lists_start_number_is_no_other_list() -> None:
    # Page 2 of a list numbered from 1 on page 1 starts at 6: its entries are the same list's.
    doc = lxml_html.document_fromstring(
        '<html><body><ol class="posts" start="6"><li><a href="/p/6">6</a></li></ol>'
        '<div start="2"><a href="/x">x</a></div></body></html>'
    )
    entry, other = doc.iter("a")
    assert link_dom_path(entry, "attrs") == "html/body/ol[@class]/li/a"
    assert link_dom_path(entry, "values") == "html/body/ol[@class=posts]/li/a"
    assert link_dom_path(other, "attrs") == "html/body/div[@start]/a"  # an ol's number only
    page_2 = _link("http://x/p/6", "t", "html/ol[@class][@start]/li/a", "html/ol[@start=6]/li/a")
    assert link_path(page_2, "attrs") == "html/ol[@class]/li/a"
    assert link_path(page_2, "values") == "html/ol/li/a"


def test_simhtml_is_the_jaccard_similarity_of_html_schemas() -> None:
    a = _snap("http://x/1", _link("u", "html/ul/li/a"), _link("v", "html/div/a"))
    b = _snap("http://x/2", _link("u", "html/ul/li/a"), _link("w", "html/p/a"))
    c = _snap("http://x/3", _link("u", "html/ul/li/a"), _link("u", "html/ul/li/a"))
    assert simhtml(a, b) == pytest.approx(1 / 3)
    assert simhtml(a, a) == 1.0
    # A schema is a set: repeated paths count once.
    assert simhtml(a, c) == pytest.approx(1 / 2)
    assert simhtml(_snap("http://x/4"), _snap("http://x/5")) == 0.0


def test_simhtml_depends_on_the_tag_feature() -> None:
    a = _snap("http://x/1", _link("u", "html/div/a", "html/div[@id]/a"))
    b = _snap("http://x/2", _link("u", "html/div/a", "html/div[@class]/a"))
    assert simhtml(a, b, "tags") == 1.0
    assert simhtml(a, b, "attrs") == 0.0


def test_link_collections_group_urls_by_path_in_document_order() -> None:
    page = _snap(
        "http://x/",
        _link("http://x/b", "html/ul/li/a"),
        _link("http://x/n", "html/div/a"),
        _link("http://x/a", "html/ul/li/a"),
        _link("http://x/b", "html/ul/li/a"),
        _link("http://x/b", "html/div/a"),
    )
    assert link_collections(page) == {
        "html/ul/li/a": ("http://x/b", "http://x/a"),
        "html/div/a": ("http://x/n", "http://x/b"),
    }
    assert paths_to(page, "http://x/b") == ("html/ul/li/a", "html/div/a")
    other = _snap("http://x/2", _link("http://x/c", "html/ul/li/a"))
    assert path_urls([page, other])["html/ul/li/a"] == ("http://x/b", "http://x/a", "http://x/c")


def _show_page(url: str, fields: tuple[str, ...]) -> Snapshot:
    rows = "".join(
        f"<tr><th class='col'>{f}</th><td><span>{url}-{f}</span></td></tr>" for f in fields
    )
    html = f"<html><body><a href='/back'>Back</a><table>{rows}</table></body></html>"
    return Snapshot(url=url, final_url=url, status=200, html=html, links=(_link("/back", "a"),))


def test_label_schema_tells_apart_types_whose_link_paths_are_one() -> None:
    # Two show pages of one admin application: every link path the same, only the field names
    # (header cells) differ between the types; the values differ between any two pages.
    plane = ("Tailnum", "Manufacturer", "Model", "Year", "Engines")
    airport = ("Faa", "Name", "Lat", "Lon")
    one, two = _show_page("/p/1", plane), _show_page("/p/2", plane)
    other = _show_page("/a/1", airport)
    assert simhtml(one, other) == 1.0
    assert label_schema(one) == frozenset(f"th:{f}" for f in plane)
    assert simlabels(label_schema(one), label_schema(two)) == 1.0
    assert simlabels(label_schema(one), label_schema(other)) == 0.0


def test_label_schema_reads_terms_and_form_labels_and_pages_without_labels_are_alike() -> None:
    html = "<html><dl><dt> Born \n on</dt><dd>1900</dd></dl><label>Name <input></label><dt></dt></html>"
    page = Snapshot(url="/x", final_url="/x", status=200, html=html)
    assert label_schema(page) == {"dt:Born on", "label:Name"}
    assert simlabels(frozenset(), frozenset()) == 1.0
    assert simlabels(frozenset({"th:A", "th:B"}), frozenset({"th:B"})) == 0.5


def _key_value_page(url: str, fields: dict[str, str]) -> Snapshot:
    rows = "".join(
        f"<tr><td><div><strong>{k}</strong></div></td><td><b>{v}</b></td></tr>"
        for k, v in fields.items()
    )
    head = "<tr><th>Attribute</th><th>Value</th></tr>"
    # A list's row beside it: three cells, its first bold, is no key/value row.
    other = "<tr><td><b>Total</b></td><td>3</td><td>4</td></tr>"
    html = f"<html><table>{head}{rows}{other}</table></html>"
    return Snapshot(url=url, final_url=url, status=200, html=html)


def test_label_schema_reads_the_key_cells_of_a_key_value_table() -> None:
    # Two record pages of one admin application drawn as Attribute/Value tables: the header
    # row is the same for every type, the field names sit bold in each row's first cell.
    zone = _key_value_page(
        "/zone/1", {"Id": "1", "Name": "Europe/Andorra", "Region": "EU", "Code": "AD"}
    )
    mate = _key_value_page(
        "/zone/2", {"Id": "2", "Name": "Asia/Dubai", "Region": "AS", "Code": "AE"}
    )
    country = _key_value_page("/country/AD", {"Alpha-2": "AD", "Name": "Andorra"})
    assert label_schema(zone) == {"th:Attribute", "th:Value"}
    assert label_schema(zone, key_cells=True) == {
        "th:Attribute", "th:Value", "td:Id", "td:Name", "td:Region", "td:Code"
    }  # fmt: skip
    assert simlabels(label_schema(zone, key_cells=True), label_schema(mate, key_cells=True)) == 1.0
    assert (
        simlabels(label_schema(zone, key_cells=True), label_schema(country, key_cells=True)) < 0.5
    )
