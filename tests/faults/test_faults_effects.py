"""Fault cases of explore's safety by effect: controls that change state when acted on.

Each case acts on one control of the hostile server's /danger page in the browser (as explore
does, through `Session.act`) and reads the server's request log: no PUT, PATCH, DELETE or beacon
reached it, no POST but to the page's own read channel, no GET whose address says delete; the
Snapshot names every refused request (`Snapshot.refused`), and exploration marks the control
unsafe from it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from datetime import timedelta

import pytest
import pytest_asyncio
from cases import browser_config, fault
from hostile import Hit, HostileServer

from siteseer.crawler import Session
from siteseer.render import Action, RenderConfig, destructive_word

pytestmark = pytest.mark.browser

Saw = Callable[[str], None]


@pytest_asyncio.fixture(scope="module")
async def session(render_config: RenderConfig) -> AsyncIterator[Session]:
    async with Session(browser_config(render_config, 3)) as session:
        yield session


def _changes(hits: list[Hit]) -> list[str]:
    """The requests of `hits` that change state: any method but GET and HEAD, a GET whose
    address says delete; the page's own search POST (sent by every load of it) aside."""
    return [
        f"{h.method} {h.path}?{h.query}"
        for h in hits
        if (h.method not in ("GET", "HEAD") and h.path != "/fx/search")
        or destructive_word(f"{h.path}?{h.query}")
    ]


def _click(selector: str) -> tuple[Action, ...]:
    return (Action("click", selector),)


CASES: list[tuple[str, str, tuple[Action, ...]]] = [
    (
        "colour facet whose onchange POSTs, DELETEs and sends a beacon",
        "#c-green",
        _click("#c-green"),
    ),
    ("status select whose handler PUTs", "#status", (Action("select", "#status", "open"),)),
    ("role=switch 'Email me' toggle that POSTs", "#email", _click("#email")),
    ("'Apply (2)' after checked items POSTs a bulk purge", "#apply", _click("#apply")),
    ("icon-only button aria-label=Remove POSTs", "#i-aria", _click("#i-aria")),
    ("icon-only button title='Remove tag' DELETEs", "#i-title", _click("#i-title")),
    ("icon-only svg.icon-trash button POSTs", "#i-svg", _click("#i-svg")),
    ("icon-only i.fa-trash-o button DELETEs", "#i-fa", _click("#i-fa")),
    ("'Poista (3)' button POSTs", "#w-fi", _click("#w-fi")),
    ("'Sil (3)' link POSTs", "#w-tr", _click("#w-tr")),
    ("'\u524a\u9664 (3)' button POSTs", "#w-ja", _click("#w-ja")),
    ("'\u0423\u0434\u0430\u043b\u0438\u0442\u044c (3)' link POSTs", "#w-ru", _click("#w-ru")),
    *[
        (f"count-bearing '{label} (3)' button POSTs", f"#n-{i}", _click(f"#n-{i}"))
        for i, label in enumerate(
            ("Discard", "Revoke", "Disable", "Empty bin", "Clear all", "Drop", "Mark as read")
        )
    ],
    ("facet link to /items/7/delete", "#l-path", _click("#l-path")),
    ("facet link to ?action=delete", "#l-action", _click("#l-action")),
    ("facet link to ?do=destroy", "#l-do", _click("#l-do")),
    ("facet link to ?op=purge", "#l-op", _click("#l-op")),
    (
        "GET form 'Moderation' submitted with op=remove",
        "#mod-go",
        (Action("fill_submit", "#mod-go", fields=(("#mod-op", "remove"),)),),
    ),
]


@pytest.mark.parametrize(
    ("case", "selector", "actions"),
    [
        pytest.param(
            case,
            selector,
            actions,
            id=selector,
            marks=fault(
                f"explore: {case}",
                "refused in the browser before it leaves; named in the Snapshot",
                within=20,
            ),
        )
        for case, selector, actions in CASES
    ],
)
async def test_an_acted_control_changes_nothing(
    hostile: HostileServer,
    session: Session,
    saw: Saw,
    case: str,
    selector: str,
    actions: tuple[Action, ...],
) -> None:
    root = await session.page(hostile.url("/danger"))
    before = len(hostile.hits_seen)
    snap = root
    for action in actions:
        snap = await session.act(snap, action)
    after = hostile.hits_seen[before:]
    assert _changes(after) == [], case
    assert snap.refused, (case, snap.refused)
    saw(f"0 state changes reached the server; refused: {snap.refused[0][:90]}")


@fault(
    "explore: a facet that POSTs to the page's own read channel (a search API)",
    "sent: the page POSTed there before any action",
    within=20,
)
async def test_a_read_channel_post_goes_through(
    hostile: HostileServer, session: Session, saw: Saw
) -> None:
    root = await session.page(hostile.url("/danger?read=1"))
    before = len(hostile.hits_seen)
    snap = await session.act(root, Action("click", "#c-search"))
    posted = [h for h in hostile.hits_seen[before:] if h.path == "/fx/search"]
    assert [h.method for h in posted] == ["POST"]
    assert snap.refused == ()
    saw("1 POST to /fx/search; nothing refused")


@pytest.mark.slow
@pytest.mark.parametrize("allow_post", [False, True], ids=["get-only", "allow-post"])
@fault(
    "explore the danger page (every case above on one page)",
    "no state change reaches the server; the colour facets explored; the dangers skipped",
    within=240,
)
async def test_explore_changes_nothing(
    hostile: HostileServer, render_config: RenderConfig, saw: Saw, allow_post: bool
) -> None:
    from siteseer.algorithms.querycentric import explore

    before = len(hostile.hits_seen)
    config = replace(browser_config(render_config, 3), budget=150)
    async with Session(config) as session:
        found = await explore(
            session,
            hostile.url("/danger"),
            entity_sample=hostile.url("/item/1"),
            allow_post=allow_post,
        )
    assert _changes(hostile.hits_seen[before:]) == []
    assert any("Red" in str(q) for q in found.queries), (found.queries, found.skipped)
    unsafe = [s for s in found.skipped if s.reason == "unsafe"]
    assert unsafe
    saw(f"0 state changes reached the server; {len(unsafe)} controls skipped as unsafe")


@fault(
    "explore's first filter: links and GET forms whose address says delete",
    "refused before any request (no browser needed)",
    within=5,
)
def test_delete_addresses_are_unsafe(saw: Saw) -> None:
    from siteseer.algorithms.querycentric.safety import unsafe_form_reason, unsafe_reason
    from siteseer.render import Control, Option

    for url in (
        "http://h/items/7/delete",
        "http://h/items?action=delete",
        "http://h/items?do=destroy",
        "http://h/items?op=PURGE",
        "http://h/x?id=1&cmd=dropTable",
        "http://h/tags/Remove-tag",
    ):
        assert unsafe_reason(url=url), url
    for url in ("http://h/items?dropdown=1", "http://h/shop?colour=red", "http://h/backdrop"):
        assert not unsafe_reason(url=url), url
    options = (Option("hide", "hide"), Option("remove", "remove"))
    op = Control(kind="select", selector="#op", name="op", options=options, label="Moderation")
    assert unsafe_form_reason("get", "http://h/moderate", [op])
    saw("6 delete addresses refused, 3 lookalikes kept; the moderation form refused")


TOKEN = "Bearer fault-suite-token"


@fault(
    "--header Authorization with a page that asks another host for scripts, styles, frames, data",
    "the header goes with the crawl's own host's requests only",
    within=20,
)
async def test_a_header_credential_stays_with_its_host(
    hostile: HostileServer, render_config: RenderConfig, saw: Saw
) -> None:
    other = f"http://{hostile.OTHER}:{hostile.port}"
    before = len(hostile.hits_seen)
    config = replace(browser_config(render_config, 3), headers=(("Authorization", TOKEN),))
    async with Session(config) as session:
        await session.page(hostile.url(f"/js/credentials?other={other}&run=browser"))
    hits = hostile.hits_seen[before:]
    away = [h for h in hits if h.host == hostile.OTHER]
    own = [h for h in hits if h.host == hostile.HOME and h.path == "/fx/own"]
    assert away, "the page asked the other host for something"
    assert [h.path for h in away if h.credential] == []
    assert own and all(h.credential == TOKEN for h in own)
    saw(f"{len(away)} requests to 127.0.0.2 without it; the own host's with it")


@fault(
    "--header Authorization over HTTP, a redirect to another host followed by the fetcher",
    "the header goes to the first host only",
    within=10,
)
async def test_a_header_credential_stays_with_its_host_over_http(
    hostile: HostileServer, saw: Saw
) -> None:
    from siteseer.render import HttpFetcher, Identity

    away = hostile.url("/fx/cred-page", host=hostile.OTHER)
    before = len(hostile.hits_seen)
    identity = Identity(headers=(("Authorization", TOKEN), ("X-Api-Key", "k")))
    async with HttpFetcher(identity=identity) as fetcher:
        response = await fetcher.fetch(hostile.redirect(away, 307), timeout=timedelta(seconds=5))
    assert response.final_url == away and response.status == 200
    hits = hostile.hits_seen[before:]
    assert [h.credential for h in hits] == [TOKEN, ""]
    saw("the redirecting host got it, 127.0.0.2 did not")
