"""Items that open by script (algorithms/openers.py): rules learned from two clicks, and a list
of rows without links read into the URLs their clicks reach, against the lab's truth."""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import replace

import pytest
from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.algorithms.openers import Rule, _groups, features, learn_rule
from siteseer.algorithms.run import Run
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, set_scores
from siteseer.render import Opener

Lab = Callable[[str], LabServer]
ServeApp = Callable[[web.Application], Awaitable[str]]  # the serve_app fixture


def _row(key: str, *cells: str, **attrs: str) -> Opener:
    return Opener(
        selector=f"tr[data-key={key}]",
        text=" ".join(cells),
        texts=cells,
        attrs=tuple(attrs.items()),
        path="html/body/table/tr",
        path_attrs="html/body/table/tr[@data-key]",
    )


def _same(url: str) -> str:
    return url


def test_an_attribute_rule_is_learned_from_two_clicks_and_read_off_every_item() -> None:
    a = _row("7", "7", "Alien", **{"data-key": "7"})
    b = _row("12", "12", "Brazil", **{"data-key": "12"})
    rule = learn_rule(
        [(a, 0, "http://h:8001/#/movies/7/show"), (b, 1, "http://h:8001/#/movies/12/show")],
        _same,
    )
    assert rule == Rule(("attr", "data-key"), "http://h:8001/#/movies/", "/show")
    c = _row("40", "40", "Cube", **{"data-key": "40"})
    assert rule.url(c, 5) == "http://h:8001/#/movies/40/show"


def test_a_text_rule_spells_the_value_as_the_url_does() -> None:
    a = _row("", "Thriller/Suspense")
    b = _row("", "Drama")
    url = "http://h/#/movies?filter=%7B%22genre%22%3A%22{}%22%7D&page=1"
    rule = learn_rule(
        [(a, 0, url.format("Thriller%2FSuspense")), (b, 1, url.format("Drama"))], _same
    )
    assert rule is not None and rule.feature == ("text", "0") and rule.encoded
    assert rule.url(_row("", "Black Comedy"), 2) == url.format("Black%20Comedy")


def test_no_rule_when_the_clicks_disagree_and_positions_come_last() -> None:
    a, b = _row("", "one"), _row("", "two")
    assert learn_rule([(a, 0, "http://h/x/9"), (b, 1, "http://h/x/4")], _same) is None
    assert learn_rule([(a, 0, "http://h/x/1")], _same) is None  # one click proves nothing
    rule = learn_rule([(a, 0, "http://h/x/1"), (b, 1, "http://h/x/2")], _same)
    assert rule is not None and rule.feature == ("position", "1")
    # an item's own values come first: its attribute, then its texts, then where it stands
    values = features(_row("3", "3", id="m3"), 2)
    assert list(values) == [("attr", "id"), ("text", "0"), ("position", "1"), ("position", "0")]


def _button(where: str, n: int, text: str, **attrs: str) -> Opener:
    """The n-th button of a toolbar at `where`: its text shown, or none (an icon)."""
    return Opener(
        selector=f"{where} > button:nth-of-type({n})",
        text=text or attrs.get("aria-label", ""),
        texts=(text,) if text else (),
        attrs=tuple(attrs.items()),
        path="html/body/div/span/button",
        path_attrs="html/body/div[@class]/span[@class]/button" + "".join(f"[@{a}]" for a in attrs),
    )


def test_tabs_and_icon_buttons_make_no_list_of_items() -> None:
    rows = [
        replace(_row(k, k, f"Name {k}", **{"data-key": k}), selector=f"table > tr:nth-of-type({k})")
        for k in ("1", "2", "3")
    ]
    tabs = [_button("div#tabs", n, t, role="tab") for n, t in enumerate(("Open", "Recent"), 1)]
    # the toolbar each card repeats: icons named only by their aria-label
    icons = [
        _button(f"div#card{c}", n, "", **{"aria-label": label})
        for c in (1, 2)
        for n, label in enumerate(("edit", "close"), 1)
    ]
    pager = [_button("div#pager", n, str(n)) for n in (1, 2, 3)]
    groups = _groups([*rows, *tabs, *icons, *pager])
    assert sorted(len(items) for items in groups.values()) == [3, 3]
    listed = {item.text for items in groups.values() for item in items}
    assert listed == {"1 Name 1", "2 Name 2", "3 Name 3", "1", "2", "3"}


def test_buttons_that_copy_to_the_clipboard_make_no_list_of_items() -> None:
    # the "Copy" button a script adds to every code block of a reference page: one group
    copies = [
        _button(f"div#block{n}", 1, "Copy", title="Copy code to clipboard") for n in (1, 2, 3)
    ]
    copies = [
        replace(b, selector=f"main > div:nth-of-type({n}) > button")
        for n, b in enumerate(copies, 1)
    ]
    pager = [_button("div#pager", n, str(n), title=f"Page {n}") for n in (1, 2, 3)]
    groups = _groups([*copies, *pager])
    assert [[item.text for item in items] for items in groups.values()] == [["1", "2", "3"]]


async def test_a_season_whose_rows_open_by_script_lists_its_drivers(lab: Lab) -> None:
    server = lab("spa-script")
    truth = server.truth("spa-script")
    season = truth.index_levels[-1][0]
    async with Session(SessionConfig(render="always", cache=None)) as session:
        run = Run(session)
        page = await run.fetch_one(season)
        assert page is not None
        plain = await session.page(season)  # the page as loaded: no anchor to a driver
    drivers = set(truth.target_entities)
    assert not drivers & {link.url for link in plain.links}
    assert plain.openers
    opened = {link.url for link in page.links} & drivers
    assert len(opened) >= 10  # the season's page of standings, each row's driver
    learned = [e for e in run.trace if e.step == "openers" and e.decision == "learn"]
    assert learned and "data-driver" in learned[0].note
    assert run.cost().actions <= 6  # two clicks a group learn it; no row is clicked after


@pytest.mark.slow
async def test_ssup_finds_every_driver_of_a_site_whose_lists_open_by_script(lab: Lab) -> None:
    truth = lab("spa-script").truth("spa-script")
    async with Session(SessionConfig(render="auto", cache=None)) as session:
        result = await ssup(session, truth.seed_entity, height="auto")
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 >= 0.95, scores


def _forum() -> tuple[web.Application, list[str]]:
    """A forum's list of topics: each row a clickable block (a script opens the topic) around
    its own title link, the topics' addresses named by ids no row shows."""
    ids = [(37 * n) % 101 for n in range(1, 13)]
    paths = [f"/topic/{i}/{hashlib.sha1(str(i).encode()).hexdigest()[:8]}/" for i in ids]
    rows = "".join(
        f'<div class="row" style="cursor:pointer;padding:8px" onclick="location.href=\'{p}\'">'
        f'<span class="title"><a href="{p}">Topic about thing {n}</a></span>'
        f'<span class="meta">{n * 3} replies</span></div>'
        for n, p in enumerate(paths, 1)
    )

    async def home(_: web.Request) -> web.Response:
        page = f"<html><body><h1>Topics</h1><div class='list'>{rows}</div></body></html>"
        return web.Response(text=page, content_type="text/html")

    async def topic(request: web.Request) -> web.Response:
        text = f"<html><body><h1>{request.path}</h1></body></html>"
        return web.Response(text=text, content_type="text/html")

    app = web.Application()
    app.router.add_get("/", home)
    app.router.add_get("/topic/{id}/{slug}/", topic)
    return app, paths


async def test_rows_around_their_own_links_are_not_clicked_each(serve_app: ServeApp) -> None:
    app, paths = _forum()
    base = await serve_app(app)
    async with Session(SessionConfig(render="always", cache=None)) as session:
        run = Run(session)
        page = await run.fetch_one(base + "/")
    assert page is not None
    topics = {base + p for p in paths}
    assert topics <= {link.url for link in page.links}  # every topic, from its anchor
    notes = [e for e in run.trace if e.step == "openers"]
    assert [e.decision for e in notes] == ["own links"]
    assert set(notes[0].urls) <= topics
    assert run.cost().actions <= 3  # the clicks that learned it, none per row after
