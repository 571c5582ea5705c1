"""Hash routing in a real browser: a hash-routed page's fragment states are distinct, replayable
pages; a page's in-page anchors are not (tests/crawler/hash_site.py serves both)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from hash_site import ITEMS, HashSite

from siteseer.crawler import RoutingDecision, Session, SessionConfig
from siteseer.lab.server import LabServer
from siteseer.render import Snapshot

pytestmark = pytest.mark.browser


@pytest_asyncio.fixture
async def base() -> AsyncIterator[str]:
    async with LabServer([HashSite()]) as server:
        yield server.url(HashSite.id)


def heading(snap: Snapshot) -> str:
    return " ".join(snap.tree().xpath("string(//main//h1)").split())


@pytest_asyncio.fixture
async def session() -> AsyncIterator[Session]:
    async with Session(SessionConfig(render="auto")) as s:
        yield s


async def test_fragment_links_of_a_hash_routed_page_are_states(base: str, session: Session) -> None:
    decided: list[RoutingDecision] = []
    session.events.on("routing", decided.append)
    app = await session.page(base + "/app")
    assert app.rendered and heading(app) == "Welcome"
    items = [f"{base}/app#item={i}" for i in range(1, ITEMS + 1)]
    assert [x.url for x in app.links] == [*items, f"{base}/app#about"]
    assert [d.hash_routed for d in decided] == [True]
    assert decided[0].document.endswith("/app") and decided[0].probe == items[0]
    assert session.routing_decisions[decided[0].document] == decided[0]
    pages = await session.pages(items)
    assert [heading(p) for p in pages if isinstance(p, Snapshot)] == [
        f"Item {i}" for i in range(1, ITEMS + 1)
    ]
    assert all(isinstance(p, Snapshot) and p.url == u for p, u in zip(pages, items, strict=True))
    # one state per fragment, each kept apart; the probe's state was stored by the decision
    assert len({p.fingerprint + heading(p) for p in pages if isinstance(p, Snapshot)}) == ITEMS
    third = pages[2]
    assert isinstance(third, Snapshot)
    assert f"{base}/app#item=4" in [x.url for x in third.links]
    downloads = session.cost().downloads
    again = await session.page(items[2])
    assert heading(again) == "Item 3" and session.cost().downloads == downloads
    assert session.canonical("#item=2", base + "/app") == items[1]


async def test_a_fragment_state_is_replayable_from_its_url(base: str, session: Session) -> None:
    # A fresh Session, straight at a state: the document is decided on the way, then the state
    # is loaded in the browser from its URL (spelled with an escape: one canonical form).
    snap = await session.page(base + "/app#item=%34")
    assert snap.rendered and heading(snap) == "Item 4"
    assert snap.url == f"{base}/app#item=4" and snap.final_url == snap.url
    assert [d.hash_routed for d in session.routing_decisions.values()] == [True]
    app = await session.page(base + "/app")
    assert heading(app) == "Welcome" and f"{base}/app#item=1" in [x.url for x in app.links]


async def test_in_page_anchors_are_dropped(base: str, session: Session) -> None:
    decided: list[RoutingDecision] = []
    session.events.on("routing", decided.append)
    guide = await session.page(base + "/guide", render=True)
    # #install and #usage name headings; #notes names nothing and was probed: same content
    assert [x.url for x in guide.links] == [base + "/guide"] * 3 + [base + "/app"]
    assert [(d.hash_routed, d.probe) for d in decided] == [(False, base + "/guide#notes")]
    downloads = session.cost().downloads
    anchor = await session.page(base + "/guide#install")
    assert anchor.url == base + "/guide" and session.cost().downloads == downloads
    assert session.canonical("#usage", base + "/guide") == base + "/guide"


async def test_the_decision_is_kept_in_the_store(base: str, tmp_path: Path) -> None:
    config = SessionConfig(render="auto", cache=tmp_path / "cache.sqlite")
    async with Session(config) as first:
        await first.page(base + "/app")
        renders = first.cost().renders
    assert renders == 2  # the document, the probe at its first fragment link
    async with Session(config) as second:
        state = await second.page(base + "/app#item=5")
        assert heading(state) == "Item 5" and second.cost().renders == 1  # no probe again
        assert [d.hash_routed for d in second.routing_decisions.values()] == [True]


async def test_a_host_without_hash_routing_stops_being_probed(base: str, session: Session) -> None:
    guides = [base + "/guide", base + "/guide/2", base + "/guide/3", base + "/guide/4"]
    for url in guides[:3]:
        await session.page(url, render=True)
    assert [d.probe for d in session.routing_decisions.values()] == [
        u + "#notes" for u in guides[:3]
    ]
    renders = session.cost().renders
    fourth = await session.page(guides[3], render=True)
    assert session.cost().renders == renders + 1  # no probe: PROBES_PER_HOST reached
    assert base + "/guide/4#notes" not in [x.url for x in fourth.links]
