"""crawler.hashrouting and canonical fragments, as pure functions over hand-built pages."""

from __future__ import annotations

from siteseer.crawler.hashrouting import (
    content_signature,
    decide,
    document_key,
    keep_routed,
    own_fragments,
    route_candidates,
    route_probe,
)
from siteseer.crawler.urls import canonical_fragment, canonical_url
from siteseer.render import Snapshot, snapshot_from_html

BASE = "http://127.0.0.1:8000/app"


def keep(url: str) -> str:
    return canonical_url(url, keep_fragment=True)


def page(body: str, url: str = BASE) -> Snapshot:
    html = f"<html><body>{body}</body></html>"
    return snapshot_from_html(url, url, 200, html, canonicalize=keep)


def test_canonical_fragment_is_one_spelling_per_state() -> None:
    assert canonical_fragment("A%281%29") == canonical_fragment("A(1)") == "A(1)"
    assert canonical_fragment("Caf%c3%a9 au lait") == "Caf%C3%A9%20au%20lait"
    assert canonical_fragment("Café") == "Caf%C3%A9"
    assert canonical_fragment("id=7&view=full") == "id=7&view=full"
    assert canonical_fragment("a%26b%3Dc") == "a%26b%3Dc"  # escaped delimiters stay escaped
    assert canonical_fragment("%7Ex") == "~x"


def test_canonical_url_drops_the_fragment_unless_asked() -> None:
    assert canonical_url("http://H:80/app#item%3D4") == "http://h/app"
    assert canonical_url("http://H:80/app#item=%34", keep_fragment=True) == "http://h/app#item=4"
    assert canonical_url("http://h/app#", keep_fragment=True) == "http://h/app"


def test_route_candidates_are_own_fragments_that_name_no_element() -> None:
    snap = page(
        '<a href="#install">Install</a><a href="#item=1">One</a><a href="#item=1">Again</a>'
        '<a href="#old">Old</a><a name="old"></a><a href="#">Top</a><a href="#!/">Root</a>'
        '<a href="/other#item=2">Other</a><h2 id="install">Install</h2>'
    )
    assert own_fragments(snap) == (BASE + "#install", BASE + "#item=1", BASE + "#old")
    assert route_candidates(snap) == (BASE + "#item=1",)
    assert route_candidates(page('<a href="#install">I</a><h2 id="install">I</h2>')) == ()
    assert route_candidates(page('<a href="/x">x</a>')) == ()


def test_decide_compares_what_the_two_loads_show() -> None:
    shell = '<nav><a href="#item=1">One</a><a href="#item=2">Two</a></nav>'
    home = page(shell + "<main><h1>Welcome</h1><p>Pick one.</p></main>")
    item = page(
        shell + "<main><h1>Item 1</h1><p>First.</p><p>Details.</p></main>", BASE + "#item=1"
    )
    routed = decide(home, item)
    assert routed.hash_routed and routed.document == "127.0.0.1:8000/app"
    assert routed.probe == BASE + "#item=1" and routed.similarity < 0.9
    same = decide(home, page(shell + "<main><h1>Welcome</h1><p>Pick one.</p></main>", BASE + "#x"))
    assert not same.hash_routed and same.similarity == 1.0
    assert content_signature(home) == frozenset({"One", "Two", "Welcome", "Pick one."})
    assert type(routed).from_json(routed.to_json()) == routed


def test_the_probe_is_of_the_shape_most_candidates_share() -> None:
    routes = "".join(f'<a href="#/Tag/op{i}">op {i}</a>' for i in range(3))
    snap = page('<p>See <a href="#section/Auth">Auth</a>.</p><a href="#/Tag">Tag</a>' + routes)
    assert route_candidates(snap)[0] == BASE + "#section/Auth"
    assert route_probe(snap) == BASE + "#/Tag/op0"
    assert route_probe(page('<a href="#item=2">2</a>')) == BASE + "#item=2"
    assert route_probe(page('<a href="/x">x</a>')) is None


def test_a_fragment_that_opens_a_part_of_a_long_page_routes() -> None:
    rows = "".join(f"<li>GET /op{i} Summary {i}</li>" for i in range(200))
    home = page(f"<ul>{rows}</ul>")
    body = "".join(f"<p>Parameter {i}</p>" for i in range(12))
    opened = decide(home, page(f"<ul>{rows}<div>{body}</div></ul>", BASE + "#/Tag/op3"))
    assert opened.hash_routed and opened.similarity > 0.9
    few = "".join(f"<p>Parameter {i}</p>" for i in range(3))
    assert not decide(home, page(f"<ul>{rows}<div>{few}</div></ul>", BASE + "#x")).hash_routed
    swapped = "".join(f"<li>GET /op{i} Summary {i}</li>" for i in range(5, 200))
    assert not decide(home, page(f"<ul>{swapped}<div>{body}</div></ul>", BASE + "#y")).hash_routed


def test_keep_routed_drops_fragments_of_documents_not_routed() -> None:
    snap = page('<a href="#item=1">One</a><a href="/guide#install">Guide</a><a href="/x">X</a>')
    kept = keep_routed(snap, lambda url: document_key(url) == document_key(BASE))
    assert [x.url for x in kept.links] == [
        BASE + "#item=1",
        "http://127.0.0.1:8000/guide",
        "http://127.0.0.1:8000/x",
    ]
    assert next(x.url for x in keep_routed(snap, lambda url: False).links) == BASE
    plain = page('<a href="/x">X</a>')
    assert keep_routed(plain, lambda url: False) is plain
