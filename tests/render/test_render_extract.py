"""The HTTP fast path's extraction rules on small hand-built pages (no browser, no network)."""

from __future__ import annotations

import json
import pickle
from dataclasses import replace

from siteseer.render import (
    Snapshot,
    default_canonical,
    parse_html,
    snapshot_from_html,
    structure_fingerprint,
)

PAGE = "http://shop.test/a/b"


def snap(body: str, *, head: str = "", url: str = PAGE) -> Snapshot:
    html = f'<html lang="en"><head>{head}</head><body class="x">{body}</body></html>'
    return snapshot_from_html(url, url, 200, html)


def test_links_resolve_and_skip_non_http() -> None:
    s = snap(
        '<a href="/p/1">One</a><a href="p/2#frag">Two</a><a href="javascript:void(0)">js</a>'
        '<a href="mailto:a@b.c">mail</a><a name="x">no href</a><a href="HTTP://Other.TEST:80">o</a>'
    )
    assert [link.url for link in s.links] == [
        "http://shop.test/p/1",
        "http://shop.test/a/p/2",
        "http://other.test/",
    ]


def test_base_href_changes_resolution() -> None:
    s = snap('<a href="x">x</a>', head='<base href="http://cdn.test/dir/">')
    assert [link.url for link in s.links] == ["http://cdn.test/dir/x"]


def test_link_text_collapses_and_falls_back_to_alt() -> None:
    s = snap(
        '<a href="/1">  Two\n  <b>words</b> </a><a href="/2"><img src="i.png" alt="Picture"></a>'
        '<a href="/3" title="Titled"></a>'
    )
    assert [link.text for link in s.links] == ["Two words", "Picture", "Titled"]


def test_three_path_forms() -> None:
    s = snap(
        '<div id="content" class="list  main" style="x" onclick="y()">'
        '<ul class="items"><li><a href="/1" class="own">x</a></li></ul></div>'
    )
    (link,) = s.links
    assert link.path == "html/body/div/ul/li/a"
    assert link.path_attrs == "html[@lang]/body[@class]/div[@class][@id]/ul[@class]/li/a"
    assert link.path_values == (
        "html[@lang=en]/body[@class=x]/div[@class=list main][@id=content]/ul[@class=items]/li/a"
    )
    assert link.box is None and link.style is None


def test_tbody_is_left_out_of_paths() -> None:
    implicit = snap('<table><tr><td><a href="/1">x</a></td></tr></table>')
    explicit = snap('<table><tbody><tr><td><a href="/1">x</a></td></tr></tbody></table>')
    assert implicit.links[0].path == explicit.links[0].path == "html/body/table/tr/td/a"


def test_template_and_noscript_links_are_not_links() -> None:
    s = snap('<template><a href="/t">t</a></template><noscript><a href="/n">n</a></noscript>')
    assert s.links == ()


def test_checkbox_labels_groups_and_selectors() -> None:
    s = snap(
        '<aside><h3>Brand</h3><ul><li><label><input type="checkbox" name="b" value="nike"> Nike'
        '</label></li><li><input type="checkbox" name="b" value="puma" id="puma">'
        '<label for="puma">Puma (3)</label></li><li><input type="checkbox" name="b" value="x">'
        " Trailing text</li></ul></aside>"
    )
    controls = s.controls
    assert [(c.kind, c.label, c.group, c.value) for c in controls] == [
        ("checkbox", "Nike", "Brand", "nike"),
        ("checkbox", "Puma (3)", "Brand", "puma"),
        ("checkbox", "Trailing text", "Brand", "x"),
    ]
    assert controls[0].selector == 'input[name="b"][value="nike"]'
    assert controls[1].selector == "#puma"
    assert controls[0].form == ""


def test_form_controls() -> None:
    s = snap(
        '<form action="/search" method="POST"><fieldset><legend>Find</legend>'
        '<label for="s">Brand</label><select id="s" name="brand"><option value="">Any</option>'
        "<option>Nike</option></select>"
        '<label>Words <input type="search" name="q" placeholder="words"></label>'
        '<input type="radio" name="r" value="1">One<input type="radio" name="r" value="2" checked>Two'
        "<button>Go</button></fieldset></form>"
    )
    select, text, r1, r2, submit = s.controls
    assert (select.kind, select.selector, select.group, select.label) == (
        "select",
        "#s",
        "Brand",
        "Any",
    )
    assert [(o.value, o.label, o.selected) for o in select.options] == [
        ("", "Any", True),
        ("Nike", "Nike", False),
    ]
    assert (text.kind, text.group, text.label, text.input_type) == (
        "text",
        "Words",
        "words",
        "search",
    )
    assert text.selector == 'html > body > form:nth-of-type(1) input[name="q"]'
    assert (r1.label, r1.checked, r2.label, r2.checked) == ("One", False, "Two", True)
    assert (r1.group, submit.kind, submit.label, submit.group) == ("Find", "submit", "Go", "Find")
    for c in (select, text, r1, r2, submit):
        assert c.form == "html > body > form:nth-of-type(1)"
        assert (c.form_method, c.form_action) == ("post", "http://shop.test/search")


def test_load_more_and_facet_links() -> None:
    s = snap(
        '<div data-facet="Colour"><a href="?c=red">Red</a></div><ul><li>x</li></ul>'
        '<button type="button">Show more results</button><a href="/next">Load more</a>'
        "<button>Plain</button>"
    )
    kinds = [(c.kind, c.label, c.group) for c in s.controls]
    assert kinds == [
        ("link", "Red", "Colour"),
        ("load_more", "Show more results", ""),
        ("load_more", "Load more", ""),
        ("button", "Plain", ""),
    ]
    assert s.controls[0].value == "http://shop.test/a/b?c=red"


def test_nth_of_type_selector_from_nearest_id() -> None:
    s = snap('<div id="f"><p>x</p><p><input type="checkbox"><input type="checkbox"></p></div>')
    assert [c.selector for c in s.controls] == [
        "#f > p:nth-of-type(2) > input:nth-of-type(1)",
        "#f > p:nth-of-type(2) > input:nth-of-type(2)",
    ]


def test_fingerprint_ignores_text_but_not_structure() -> None:
    a = parse_html("<html><body><ul><li>a</li><li>b</li></ul></body></html>")
    b = parse_html("<html><body><ul><li>other</li><li>words</li></ul><!-- c --></body></html>")
    c = parse_html("<html><body><ul><li>a</li></ul></body></html>")
    d = parse_html("<html><body><ul><li>a</li></ul><li>b</li></body></html>")
    assert structure_fingerprint(a) == structure_fingerprint(b)
    assert len({structure_fingerprint(t) for t in (a, c, d)}) == 3


def test_default_canonical() -> None:
    assert default_canonical("HTTP://Host.TEST:80") == "http://host.test/"
    assert default_canonical("http://h.test/A b?Q=1#frag") == "http://h.test/A%20b?Q=1"


def test_snapshot_fields() -> None:
    s = snapshot_from_html(
        PAGE, PAGE + "?x", 404, "<title> A  title </title><p>x</p>", fetch_ms=5.0
    )
    assert (s.status, s.title, s.rendered, s.fetch_ms) == (404, "A title", False, 5.0)
    assert s.state is not None and s.state.url == PAGE
    assert s.fingerprint == structure_fingerprint(s.tree())
    empty = snapshot_from_html(PAGE, PAGE, 200, "")
    assert empty.links == () and empty.controls == ()


def test_malformed_hrefs_are_skipped_not_fatal() -> None:
    html = (
        '<html><body><a href="http://[::1">broken</a><a href="/ok">ok</a>'
        '<form action="http://[::1"><input name="q"></form></body></html>'
    )
    snap = snapshot_from_html("http://site.test/p", "http://site.test/p", 200, html)
    assert [link.url for link in snap.links] == ["http://site.test/ok"]
    assert [c.form_action for c in snap.controls] == ["http://site.test/p"]


def test_deeply_nested_links_are_kept_like_a_browser_keeps_them() -> None:
    depth = 300  # beyond libxml2's default limit of 255
    html = "<html><body>" + "<div>" * depth + '<a href="/deep">d</a>' + "</div>" * depth
    snap = snapshot_from_html(
        "http://site.test/", "http://site.test/", 200, html + "</body></html>"
    )
    assert [link.url for link in snap.links] == ["http://site.test/deep"]
    assert snap.links[0].path.count("div") == depth
    assert len(snap.tree().xpath("//a")) == 1


def test_fingerprint_is_derived_from_html_when_asked_for_and_round_trips() -> None:
    html = "<html><body><ul><li><a href='/a'>a</a></li><li>b</li></ul></body></html>"
    s = snapshot_from_html(PAGE, PAGE, 200, html)
    assert "fingerprint" not in s.__dict__  # not computed while building the snapshot
    expected = structure_fingerprint(parse_html(html))
    assert s.fingerprint == expected
    assert Snapshot.from_json(s.to_json()).fingerprint == expected
    # Stored without it, it is computed again from the HTML; without the HTML, it is kept.
    stored = json.loads(s.to_json(derived=False))
    assert "fingerprint" not in stored and Snapshot.from_dict(stored).fingerprint == expected
    bare = s.to_dict(include_html=False, derived=False)
    assert bare["fingerprint"] == expected
    assert Snapshot.from_dict({**bare, "html": ""}).fingerprint == expected
    assert pickle.loads(pickle.dumps(s)).fingerprint == expected
    # Another page's HTML is another structure.
    other = replace(s, html="<html><body><p>one</p></body></html>")
    assert other.fingerprint != expected
