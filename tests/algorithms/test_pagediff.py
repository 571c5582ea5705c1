"""DOM-diff page comparison and empty-page detection on hand-built pages."""

from __future__ import annotations

from siteseer.algorithms.pagediff import (
    EmptyPageModel,
    dom_diff,
    dom_nodes,
    exclude,
    page_diff,
    same_page,
)
from siteseer.render import Snapshot

BASE = "http://shop.test"


def page(
    url: str, body: str, *, status: int = 200, final: str | None = None, title: str = ""
) -> Snapshot:
    html = f"<html><head><title>{title}</title><meta name='u' content='{url}'></head><body>{body}</body></html>"
    return Snapshot(url=url, final_url=final or url, status=status, html=html)


def entity(n: int, name: str, nonce: str = "a") -> Snapshot:
    body = (
        f"<nav><a href='/'>Home</a></nav><span class='nonce'>{nonce}</span>"
        f"<main><h1>{name}</h1><dl><dt>Price</dt><dd>{n} EUR</dd></dl>"
        f"<a href='{BASE}/p/{n}'>permalink</a></main>"
    )
    return page(f"{BASE}/p/{n}", body, title=name)


def empty(n: int, nonce: str = "a") -> Snapshot:
    body = (
        f"<nav><a href='/'>Home</a></nav><span class='nonce'>{nonce}</span>"
        f"<main><p>No product {n}</p></main>"
    )
    return page(f"{BASE}/p/{n}", body, title="Not found")


def test_change_paths_are_index_lists() -> None:
    a, b = entity(1, "Lamp"), entity(2, "Chair")
    changes = page_diff(a, b)
    # body is child 1 of html; main is child 2 of body; h1 text and dd text differ.
    assert changes == ((1, 2, 0, 0), (1, 2, 1, 1, 0))


def test_title_meta_and_url_attributes_are_not_compared() -> None:
    a = page(f"{BASE}/p/1", f"<a href='{BASE}/p/1'>x</a><img src='/1.png'>", title="One")
    b = page(f"{BASE}/p/2", f"<a href='{BASE}/p/2'>x</a><img src='/2.png'>", title="Two")
    assert page_diff(a, b) == ()
    # A text holding a URL counts as equal too.
    c = page(f"{BASE}/p/1", f"<p>see {BASE}/p/1</p>")
    d = page(f"{BASE}/p/2", f"<p>see {BASE}/p/2</p>")
    assert page_diff(c, d) == ()


def test_structure_change_stops_at_the_parent() -> None:
    a = dom_nodes(page("u", "<ul><li>a</li><li>b</li></ul>"))
    b = dom_nodes(page("u", "<ul><li>a</li></ul>"))
    assert dom_diff(a, b) == ((1, 0),)


def test_exclude_by_prefix() -> None:
    assert exclude([(1, 2, 3), (1, 4), (2,)], [(1, 2)]) == ((1, 4), (2,))
    assert exclude([(1, 2)], [(1, 2)]) == ()


def test_same_page_ignores_random_changes_and_follows_redirects() -> None:
    first, again = entity(1, "Lamp", "a"), entity(1, "Lamp", "b")
    random_changes = page_diff(first, again)
    assert random_changes == ((1, 1, 0),)
    assert same_page(first, entity(1, "Lamp", "c"), random_changes)
    assert not same_page(first, entity(2, "Chair", "c"), random_changes)
    moved = Snapshot(url=f"{BASE}/p/lamp-1", final_url=f"{BASE}/p/1", status=200, html=first.html)
    assert same_page(first, moved, random_changes)
    assert not same_page(first, page(f"{BASE}/x", "", status=404), random_changes)


def test_empty_model_soft_404() -> None:
    model = EmptyPageModel.learn(
        entity(1, "Lamp", "a"),
        entity(1, "Lamp", "b"),
        empty(999, "c"),
        empty(998, "d"),
        rf"{BASE}/p/[0-9]+",
    )
    assert not model.empty_signalled
    assert model.classify(entity(7, "Sofa", "e")) == "entity"
    assert model.classify(empty(7, "f")) == "empty"
    assert model.classify(entity(1, "Lamp", "g")) == "duplicate"
    assert model.classify(page(f"{BASE}/p/8", "", status=410)) == "error"


def test_empty_model_error_status_and_redirects() -> None:
    gone = page(f"{BASE}/p/999", "", status=404)
    model = EmptyPageModel.learn(
        entity(1, "Lamp"), entity(1, "Lamp"), gone, gone, rf"{BASE}/p/[0-9]+(-[a-z]+)?"
    )
    assert model.empty_signalled
    assert model.classify(entity(5, "Desk")) == "entity"
    to_canonical = Snapshot(
        url=f"{BASE}/p/5", final_url=f"{BASE}/p/5-desk", status=200, html=entity(5, "Desk").html
    )
    assert model.classify(to_canonical) == "entity"
    to_home = Snapshot(url=f"{BASE}/p/6", final_url=f"{BASE}/", status=200, html="<html></html>")
    assert model.classify(to_home) == "empty"
