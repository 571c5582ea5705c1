"""Rows as entities, Ajax pagers and custom dropdowns: the pure decisions over Snapshots."""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urljoin

from siteseer.algorithms.querycentric.core import agreeing, with_fields
from siteseer.algorithms.querycentric.model import anchor_urls
from siteseer.algorithms.querycentric.rows import (
    RowKey,
    element_at,
    guess_row_key,
    listed_fields,
    opened_elements,
    pager_next,
    popup_openers,
    popup_options,
    record_fields,
    result_table,
    row_key_from_sample,
    slug,
)
from siteseer.render import Box, Link, Opener, snapshot_from_html

URL = "http://127.0.0.1:8050/"


def _snap(body: str, url: str = URL):  # type: ignore[no-untyped-def]
    return snapshot_from_html(url, url, 200, f"<html><body>{body}</body></html>")


TABLE = (
    "<table><tr><td>layout</td></tr></table>"  # a one-row layout table is not the result table
    '<div id="grid"><table><thead><tr><th>Rank</th><th>Country</th><th>ISO code</th></tr>'
    "</thead><tbody>"
    "<tr><td>1</td><td>Côte d'Ivoire</td><td>CIV</td></tr>"
    "<tr><td>2</td><td>Chad</td><td>TCD</td></tr>"
    "<tr><td>3</td><td>Chile</td><td>CHL</td></tr>"
    "</tbody></table></div>"
)


def test_the_result_table_is_the_one_with_most_rows() -> None:
    table = result_table(_snap(TABLE))
    assert table is not None
    header, body = table
    assert header == ("Rank", "Country", "ISO code")
    assert body[0] == ("1", "Côte d'Ivoire", "CIV")
    assert len(body) == 3


def test_row_ids_are_the_page_url_and_the_key_cell() -> None:
    key = guess_row_key(_snap(TABLE))
    assert key == RowKey("country")  # the rank column is numbers: not a key
    assert key.entities(_snap(TABLE, URL + "#old=fragment")) == (
        URL + "#country=C%C3%B4te%20d%27Ivoire",
        URL + "#country=Chad",
        URL + "#country=Chile",
    )
    assert RowKey("iso_code").entities(_snap(TABLE))[0] == URL + "#iso_code=CIV"
    assert RowKey("capital").entities(_snap(TABLE)) == ()
    assert slug(" GDP per capita ($) ") == "gdp_per_capita"


def test_a_sample_names_the_key_only_when_it_is_a_row_of_the_start_page() -> None:
    assert row_key_from_sample(URL + "#Country=Chad", URL) == RowKey("country")
    assert row_key_from_sample(URL + "#country=", URL) is None
    assert row_key_from_sample("http://127.0.0.1:8050/product/1#country=Chad", URL) is None
    assert row_key_from_sample(URL + "product/1", URL) is None


def test_aria_grids_are_tables_too() -> None:
    grid = (
        '<div role="grid"><div role="row"><span role="columnheader">Name</span></div>'
        '<div role="row"><span role="gridcell">Ann</span></div>'
        '<div role="row"><span role="gridcell">Bob</span></div></div>'
    )
    key = guess_row_key(_snap(grid))
    assert key is not None
    assert key.entities(_snap(grid)) == (URL + "#name=Ann", URL + "#name=Bob")


ICON_PAGER = (
    '<div id="t"><div class="pages">'
    '<button class="first"><svg data-icon="angle-double-left"></svg></button>'
    '<button class="back"><svg data-icon="angle-left"></svg></button>'
    '<button class="fwd" {disabled}><svg data-icon="chevron-right"></svg></button>'
    '<button class="end"><svg data-icon="angle-double-right"></svg></button>'
    "</div></div>"
)


def test_an_icon_only_next_button_is_the_pager() -> None:
    snap = _snap(ICON_PAGER.format(disabled=""))
    found = pager_next(snap)
    assert found is not None
    control, disabled = found
    assert element_at(snap, control.selector).get("class") == "fwd"
    assert not disabled
    last = pager_next(_snap(ICON_PAGER.format(disabled="disabled")))
    assert last is not None and last[1]


def test_next_by_text_or_by_number() -> None:
    texts = _snap('<button type="button">Previous</button><button type="button">Next ›</button>')
    found = pager_next(texts)
    assert found is not None and found[0].label == "Next ›"
    numbers = "".join(f'<button type="button">{n}</button>' for n in (1, 2, 3))
    assert pager_next(_snap(numbers), page=1)[0].label == "2"  # type: ignore[index]
    assert pager_next(_snap(numbers), page=2)[0].label == "3"  # type: ignore[index]
    assert pager_next(_snap(numbers), page=3) is None
    assert pager_next(_snap('<button type="button">Quick view</button>')) is None


def test_a_custom_dropdown_opens_on_options_that_appear() -> None:
    closed = (
        '<label for="band">Band</label>'
        '<button id="band" type="button" aria-haspopup="listbox">North</button>'
        '<button type="button">Help</button>'
    )
    opened = closed + (
        '<div role="listbox">'
        '<label><span><input type="radio" value="n">North</span></label>'
        '<label><span><input type="radio" value="s">South</span></label></div>'
    )
    before, after = _snap(closed), _snap(opened)
    (opener,) = popup_openers(before)
    assert (opener.selector, opener.group) == ("#band", "Band")
    options = popup_options(before, after)
    assert [o.label for o in options] == ["North", "South"]
    # options drawn over by their labels are clicked through the label
    assert all(o.selector.endswith(")") and "label:nth-of-type" in o.selector for o in options)
    assert all(element_at(after, o.selector).tag == "label" for o in options)


def test_a_label_naming_a_radio_group_is_its_group() -> None:
    snap = _snap(
        "<h1>Dashboard</h1>"
        '<label for="kind">Kind</label><div id="kind">'
        '<label><input type="radio" name="kind" value="All" checked>All</label>'
        '<label><input type="radio" name="kind" value="Gas">Gas</label></div>'
        '<input type="checkbox" id="x" value="1"><label for="x">Only new</label>'
    )
    radios = [c for c in snap.controls if c.kind == "radio"]
    assert [(c.label, c.group) for c in radios] == [("All", "Kind"), ("Gas", "Kind")]
    (box,) = [c for c in snap.controls if c.kind == "checkbox"]
    assert box.label == "Only new" and box.group != "Only new"


CRUD = (
    '<table class="list"><thead><tr><th></th><th><a href="?sort=tail">Tail</a></th>'
    "<th>Maker</th><th>Seats</th></tr></thead><tbody>"
    '<tr><td><a href="/show/1">Show</a></td><td>N1</td><td>EMBRAER</td><td>55</td></tr>'
    '<tr><td><a href="/show/2">Show</a></td><td>N2</td><td>BOEING</td><td>None</td></tr>'
    '<tr><td colspan="4">a row that spans the table</td></tr>'
    "<tr><td>N3</td><td>no entity link</td><td>AIRBUS</td><td>9</td></tr>"
    "</tbody></table>"
)


def _urls(snap) -> dict:  # type: ignore[no-untyped-def]
    return dict(anchor_urls(snap, lambda url, base=None: urljoin(base or URL, url)))


def test_a_list_table_gives_each_linked_entity_its_row_under_the_headers() -> None:
    snap = _snap(CRUD)
    entities = {URL + "show/1", URL + "show/2"}
    fields = listed_fields(snap, _urls(snap), entities)
    # the action column has no header; a null printed as text is no value; rows without an
    # entity link or that do not line up with the header are left out
    assert fields == {
        URL + "show/1": {"Tail": "N1", "Maker": "EMBRAER", "Seats": "55"},
        URL + "show/2": {"Tail": "N2", "Maker": "BOEING"},
    }
    # a table with one named column is a list of links, not of fields
    single = _snap('<table><tr><th>Name</th></tr><tr><td><a href="/show/1">A</a></td></tr></table>')
    assert listed_fields(single, _urls(single), {URL + "show/1"}) == {}


GRID = (
    '<div id="grid"><table><thead><tr><th>#</th><th>Title</th><th>Genre</th></tr></thead><tbody>'
    "<tr><td>1</td><td>Duel in the Sun</td><td>Western</td></tr>"
    "<tr><td>2</td><td>Slam</td><td>Drama</td></tr>"
    "</tbody></table></div>"
)


def test_a_grid_whose_rows_open_by_a_click_gives_each_row_to_the_entity_it_opens() -> None:
    # a data grid's rows carry no link: a click opens each (render's openers, their selectors
    # naming the tbody), and the run added the link each click reached (openers.py)
    snap = _snap(GRID)
    rows = [
        Opener(
            f"#grid > table:nth-of-type(1) > tbody:nth-of-type(1) > tr:nth-of-type({i})",
            text=text,
            path="html/body/div/table/tr",
            box=Box(0, 20.0 * i, 300, 20),
        )
        for i, text in ((1, "1Duel in the SunWestern"), (2, "2SlamDrama"))
    ]
    links = tuple(
        Link(f"{URL}#/movies/{i}/show", o.text, o.path, o.path_attrs, o.path_values, o.box)
        for i, o in enumerate(rows, 1)
    )
    snap = replace(snap, links=links, openers=tuple(rows))
    assert [e.tag for e, _ in opened_elements(snap)] == ["tr", "tr"]
    entities = {URL + "#/movies/1/show", URL + "#/movies/2/show"}
    assert listed_fields(snap, dict(opened_elements(snap)), entities) == {
        URL + "#/movies/1/show": {"#": "1", "Title": "Duel in the Sun", "Genre": "Western"},
        URL + "#/movies/2/show": {"#": "2", "Title": "Slam", "Genre": "Drama"},
    }


def test_an_entity_page_record_is_its_label_value_rows_and_terms() -> None:
    snap = _snap(
        "<table><tr><th>Tail</th><td>N1</td></tr><tr><th>Speed</th><td>None</td></tr>"
        "<tr><th>Engine</th><td><span> Turbo-fan </span></td></tr></table>"
        "<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>"
        "<dl><dt>Brand</dt><dd>Acme</dd><dt>Engine</dt><dd>shadowed</dd></dl>"
    )
    assert record_fields(snap) == {"Tail": "N1", "Engine": "Turbo-fan", "Brand": "Acme"}


def test_facet_attributes_keep_priority_over_fields_read_off_pages() -> None:
    facets = {"e1": {"Colour": ("Red",)}, "e2": {}}
    listed = {"e1": {"colour": "Crimson", "Name": "One"}, "e3": {"Name": "not found"}}
    records = {"e1": {"Name": "ignored", "Engine": "Jet"}}
    assert with_fields(facets, listed, records) == {
        "e1": {"Colour": ("Red",), "Engine": ("Jet",), "Name": ("One",)},
        "e2": {},
    }


def test_a_field_mostly_of_a_facets_values_is_that_facets_attribute() -> None:
    """A facet that lists its most frequent values only (a table browser's "state >30", 30
    shown): the column of that name holds the facet's values for most rows, and its other
    values are the attribute's all the same."""
    labels = {("state", "ak"), ("state", "tx")}
    listed = {
        "e1": {"state": "AK"},
        "e2": {"state": "TX"},
        "e3": {"state": "WY", "name": "Three"},
    }
    assert agreeing(listed, labels) == listed


def test_a_field_named_as_a_facet_keeps_only_that_facets_values() -> None:
    """A list's exact "Price" is not the price band a facet (or form field) of that name filters
    on: named as the facet, only the facet's own values are kept; other fields stay."""
    labels = {("price", "£50 – £100"), ("brand", "acme")}
    listed = {
        "e1": {"Price": "£95.95", "Brand": "Acme", "Name": "One"},
        "e2": {"price": "£50 – £100"},
    }
    assert agreeing(listed, labels) == {
        "e1": {"Brand": "Acme", "Name": "One"},
        "e2": {"price": "£50 – £100"},
    }


def test_a_name_is_spelled_one_way_across_the_site() -> None:
    """The facet's "weather" for every entity, also those no facet query listed and whose
    value comes from the list's "Weather" column; a source's own first spelling otherwise."""
    facets = {"e1": {"weather": ("rain",)}, "e2": {}}
    listed = {"e1": {"Weather": "rain", "Wind": "3"}, "e2": {"Weather": "sun", "wind": "4"}}
    assert with_fields(facets, listed) == {
        "e1": {"Wind": ("3",), "weather": ("rain",)},
        "e2": {"Wind": ("4",), "weather": ("sun",)},
    }


def test_a_header_row_led_by_a_check_all_box_names_the_columns() -> None:
    tools = (
        "<script>mixin(qsl('th'), {onmouseover: columnMouse});</script>"
        '<span class="column hidden"><a href="?order=x&amp;desc=1">↓</a><a href="#s">=</a></span>'
    )
    snap = _snap(
        "<table><thead><tr><td><input type='checkbox'> <a href='?modify=1'>Modify</a></td>"
        f'<th><a href="?order=name">name</a>{tools}</th><th><a href="?order=origin">origin</a>'
        f"{tools}</th></tr></thead>"
        '<tr><td><input type="checkbox"> <a href="/edit?id=1">edit</a></td><td>ford</td>'
        "<td>USA</td></tr>"
        '<tr class="odd"><td><input type="checkbox"> <a href="/edit?id=2">edit</a></td>'
        "<td>fiat</td><td>Europe</td></tr></table>"
    )
    header, rows = result_table(snap) or ((), [])
    assert header == ("", "name", "origin")
    assert rows == [("edit", "ford", "USA"), ("edit", "fiat", "Europe")]
    entities = {URL + "edit?id=1", URL + "edit?id=2"}
    assert listed_fields(snap, _urls(snap), entities) == {
        URL + "edit?id=1": {"name": "ford", "origin": "USA"},
        URL + "edit?id=2": {"name": "fiat", "origin": "Europe"},
    }


def test_an_edit_forms_fields_are_the_values_its_controls_show() -> None:
    tool = "<td><select name='f'><option>NULL<option selected><option>SQL</select></td>"
    snap = _snap(
        '<form method="post"><table>'
        f"<tr><th><span title='integer'>id</span></th>{tool}<td><input type='number' value='7'>"
        f"</td></tr><tr><th>name</th>{tool}<td><textarea>ford torino</textarea></td></tr>"
        "<tr><th>origin</th><td><select><option>Europe<option selected>USA</select></td></tr>"
        "<tr><th>note</th><td><input value=''></td></tr>"
        "<tr><th>secret</th><td><input type='password' value='x'></td></tr>"
        "</table><input type='submit' value='Save'></form>"
    )
    assert record_fields(snap) == {"id": "7", "name": "ford torino", "origin": "USA"}


def test_a_nodes_label_link_runs_are_fields_but_a_manuals_rel_neighbours_are_none() -> None:
    info = _snap(
        '<form><hr>Next: <strong><a href="/info?dir"><img src="n.png" alt=""> dir</a></strong>'
        '<tt>  </tt>Up: <strong><a href="/info?Listing">Directory listing</a></strong><hr></form>'
    )
    assert record_fields(info) == {"Next": "dir", "Up": "Directory listing"}
    texinfo = _snap(
        '<p>Next: <a href="Data.html" rel="next">Data Types</a>, Previous: '
        '<a href="Intro.html" rel="prev">Introduction</a>, Up: <a href="index.html" rel="up">'
        "Top</a></p>"
    )
    assert record_fields(texinfo) == {}
