"""A list read as it scrolled (a registry's virtualised package list): the page's links are
every row drawn along the way, its HTML the last view only. The sample's own links at another
depth under its folder (scoped packages, ``/-/web/detail/@types/node`` beside
``/-/web/detail/express``) are entities of the list too (entities.py `_other_depths`)."""

from __future__ import annotations

from dataclasses import replace

from siteseer.algorithms.querycentric.entities import _item_key, _other_depths
from siteseer.algorithms.querycentric.items import result_container
from siteseer.render import snapshot_from_html

URL = "http://127.0.0.1:9/"


def _rows(names: list[str]) -> str:
    return "".join(
        f'<div class="row"><div class="name"><a href="/-/web/detail/{n}">{n}</a></div>'
        f'<div class="tools"><a href="https://example.org/{n}">homepage</a></div></div>'
        for n in names
    )


def _view(names: list[str]):  # type: ignore[no-untyped-def]
    html = f'<html><body><div class="list">{_rows(names)}</div></body></html>'
    return snapshot_from_html(URL, URL, 200, html)


def test_a_scrolled_list_names_its_entities_at_every_depth_under_the_samples_folder() -> None:
    first = _view(["@types/node", "@babel/core", "accepts"])  # drawn, then scrolled away
    last = _view(["express", "lodash", "chalk"])  # the view the page's HTML holds
    scrolled = replace(last, links=(*first.links, *last.links))
    mine = next(x for x in scrolled.links if x.url.endswith("/express"))
    deeper = _other_depths(scrolled, mine, _item_key(result_container(mine)))
    base = URL + "-/web/detail/"
    assert deeper == [base + "@babel/core", base + "@types/node"]


def test_a_list_drawn_whole_whose_items_hold_other_links_widens_nothing() -> None:
    whole = _view(["@types/node", "@babel/core", "accepts", "express", "lodash", "chalk"])
    mine = next(x for x in whole.links if x.url.endswith("/express"))
    assert _other_depths(whole, mine, _item_key(result_container(mine))) == []
