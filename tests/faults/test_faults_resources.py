"""Fault cases of what a page fetches beside its document: with ``resources="same-site"`` no
request leaves the crawl's scope (every kind of subresource, WebSockets — its workers' too — and
speculation rules included); speculation rules never fetch; a WebSocket of the page's own host
still talks, from the page or a worker; and a page treated as public cannot make the browser
fetch a private address. The evidence is the hostile server's request log.

Only loopback is ever asked: "public" is a classifier's answer (`is_private` of the pool and
of the address policy), which calls 127.0.0.1 public and keeps every other address as it is, so
the page on 127.0.0.1 is a public page and 127.0.0.2 a private address."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from datetime import timedelta
from urllib.parse import quote

import pytest
import pytest_asyncio
from cases import browser_config, fault
from hostile import HOME, RESOURCE_KINDS, WORKER_KINDS, HostileServer

from siteseer.crawler import Session
from siteseer.crawler.hops import hop_refusal
from siteseer.render import BrowserPool, RenderConfig, State, is_private_host

pytestmark = pytest.mark.browser

Saw = Callable[[str], None]

SPECULATION = [kind for kind in RESOURCE_KINDS if kind.startswith("speculation-")]


@pytest_asyncio.fixture(scope="module")
async def same_site(render_config: RenderConfig) -> AsyncIterator[Session]:
    async with Session(browser_config(render_config, resources="same-site")) as session:
        yield session


@pytest_asyncio.fixture(scope="module")
async def any_host(render_config: RenderConfig) -> AsyncIterator[Session]:
    async with Session(browser_config(render_config)) as session:
        yield session


async def _reached(
    hostile: HostileServer, session: Session, kind: str, away: str, page: str = "resource"
) -> list[str]:
    """The requests for `away` that reached the server while a page fetched it as `kind` (a
    subresource; with `page` "worker-socket", a WebSocket of a worker of that kind)."""
    tag = away.rpartition("?")[2]
    snap = await session.page(hostile.url(f"/js/{page}/{kind}?url={quote(away, safe='')}"))
    assert snap.ok, snap.status
    await asyncio.sleep(0.5)  # a late request (a prefetch, a socket) would have arrived
    return [
        f"{h.method} {h.host}:{h.port}{h.path}"
        for h in hostile.hits_seen
        if h.query == tag and not h.path.startswith("/js/")
    ]


FAST_KINDS = ("fetch", "websocket", "speculation-prefetch")  # the others run in `make faults`
ELSEWHERE = {
    "another host": lambda h, tag: h.url(f"/fx/same-site?{tag}", host=h.OTHER),
    "another port": lambda h, tag: h.url(f"/fx/same-site?{tag}", port=h.other_port),
}


@pytest.mark.parametrize(
    ("kind", "where"),
    [
        pytest.param(
            kind,
            where,
            id=f"{kind}-{where.split()[-1]}",
            marks=[
                fault(
                    f"--resources same-site: {kind} from {where}",
                    "never requested; the page loads",
                    within=15,
                ),
                *([] if kind in FAST_KINDS else [pytest.mark.slow]),
            ],
        )
        for kind in RESOURCE_KINDS
        for where in ELSEWHERE
        if where == "another host" or kind in ("fetch", "script", "websocket")
    ],
)
async def test_same_site_keeps_every_request_in_scope(
    hostile: HostileServer, same_site: Session, saw: Saw, kind: str, where: str
) -> None:
    away = ELSEWHERE[where](hostile, f"same-{kind}-{where.split()[-1]}")
    reached = await _reached(hostile, same_site, kind, away)
    assert reached == []
    saw(f"0 requests to {away.split('/')[2]}")


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(
            kind,
            marks=fault(
                f"by default, {kind} from another host",
                "allowed (a page's CDNs): requested once",
                within=15,
            ),
        )
        for kind in ("fetch", "websocket")
    ],
)
async def test_by_default_other_hosts_serve_subresources(
    hostile: HostileServer, any_host: Session, saw: Saw, kind: str
) -> None:
    away = hostile.url(f"/fx/any?any-{kind}", host=hostile.OTHER)
    reached = await _reached(hostile, any_host, kind, away)
    assert reached == [f"GET {hostile.OTHER}:{hostile.port}/fx/any"]
    saw(f"reached: {reached[0]}")


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(
            kind,
            marks=fault(
                f"{kind} to another host, by default",
                "never fetched: the browser's speculation is kept from every page",
                within=15,
            ),
        )
        for kind in SPECULATION
    ],
)
async def test_speculation_rules_never_fetch(
    hostile: HostileServer, any_host: Session, saw: Saw, kind: str
) -> None:
    away = hostile.url(f"/fx/speculated?any-{kind}", host=hostile.OTHER)
    reached = await _reached(hostile, any_host, kind, away)
    assert reached == []
    saw(f"0 requests to {hostile.OTHER}")


@pytest.mark.parametrize(
    "session_name",
    [
        pytest.param(
            name,
            marks=fault(
                f"a WebSocket of the page's own host ({name})",
                "connects and talks: the page shows the echo",
                within=15,
            ),
        )
        for name in ("any_host", "same_site")
    ],
)
async def test_own_host_websocket_talks(
    hostile: HostileServer, any_host: Session, same_site: Session, saw: Saw, session_name: str
) -> None:
    session = any_host if session_name == "any_host" else same_site
    snap = await session.page(hostile.url(f"/js/ws-echo?{session_name}"))
    assert snap.ok and "echo: hello" in snap.html
    assert len(hostile.hits("/ws/echo")) >= 1
    saw("the page shows 'echo: hello'")


# -- WebSockets of workers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(
            kind,
            marks=[
                fault(
                    f"--resources same-site: a WebSocket to another host from a {kind} worker",
                    "never connects: the worker's guard asks before it does; the page loads",
                    within=15,
                ),
                *([] if kind == "worker" else [pytest.mark.slow]),
            ],
        )
        for kind in WORKER_KINDS
    ],
)
async def test_same_site_keeps_workers_sockets_in_scope(
    hostile: HostileServer, same_site: Session, saw: Saw, kind: str
) -> None:
    away = hostile.url(f"/fx/same-site?worker-{kind}", host=hostile.OTHER)
    reached = await _reached(hostile, same_site, kind, away, page="worker-socket")
    assert reached == []
    saw(f"0 requests to {hostile.OTHER}")


@pytest.mark.parametrize(
    ("kind", "session_name"),
    [
        pytest.param(
            kind,
            name,
            marks=fault(
                f"a WebSocket of the page's own host from a {kind} worker ({name})",
                "connects: the worker's guard lets it, the server sees its handshake",
                within=15,
            ),
        )
        for kind, name in (("worker", "any_host"), ("worker", "same_site"), ("module", "any_host"))
    ],
)
async def test_own_host_websocket_connects_from_a_worker(
    hostile: HostileServer,
    any_host: Session,
    same_site: Session,
    saw: Saw,
    kind: str,
    session_name: str,
) -> None:
    session = any_host if session_name == "any_host" else same_site
    tag = f"worker-{kind}-{session_name}"
    echo = quote(hostile.url(f"/ws/echo?{tag}"), safe="")
    snap = await session.page(hostile.url(f"/js/worker-socket/{kind}?url={echo}"))
    for _ in range(40):  # the worker starts after the page settled
        if any(h.query == tag for h in hostile.hits("/ws/echo", host=hostile.HOME)):
            break
        await asyncio.sleep(0.05)
    assert snap.ok
    assert [h.query for h in hostile.hits("/ws/echo", host=hostile.HOME) if h.query == tag] == [tag]
    saw("the server saw the worker's handshake")


# -- a public page and private addresses -----------------------------------------------------


def _public_home(host: str) -> bool:
    """A classifier that calls 127.0.0.1 public (the page under test) and keeps every other
    address as the address policy has it: 127.0.0.2 stays private."""
    return host != HOME and is_private_host(host)


async def _public_check(page: str, target: str) -> str | None:
    """The address policy of a crawl on a public host, with the classifier above."""
    return hop_refusal(page, target, is_private=_public_home)


@fault(
    "the classifier of the browser test (pure)",
    "127.0.0.1 public, 127.0.0.2 private: a hop between them is refused",
    within=1,
)
def test_the_public_classifier(saw: Saw) -> None:
    page, other = "http://127.0.0.1:1/page", "http://127.0.0.2:1/x"
    assert _public_home("127.0.0.1") is False and _public_home("127.0.0.2") is True
    assert hop_refusal(page, other, is_private=_public_home) is not None
    assert hop_refusal(page, other) is None  # without it both are private: a lab
    saw("refused with the classifier; allowed without it (a lab)")


@pytest_asyncio.fixture(scope="module")
async def public_pool(render_config: RenderConfig) -> AsyncIterator[BrowserPool]:
    config = replace(render_config, pages=1, settle_cap=timedelta(seconds=1))
    pool = BrowserPool(
        config,
        check_navigation=_public_check,
        check_resource=_public_check,
        is_private=_public_home,
    )
    async with pool:
        yield pool


PRIVATE_KINDS = ["fetch", "script", "beacon", "websocket", "speculation-prefetch"]


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(
            kind,
            marks=fault(
                f"a public page's {kind} to a private address (browser, classifier)",
                "never requested; the page loads",
                within=15,
            ),
        )
        for kind in [*PRIVATE_KINDS, "iframe", "worker-websocket"]
    ],
)
async def test_a_public_page_never_fetches_a_private_address(
    hostile: HostileServer, public_pool: BrowserPool, saw: Saw, kind: str
) -> None:
    tag = f"public-{kind}"
    away = hostile.url(f"/fx/private-address?{tag}", host=hostile.OTHER)
    where = {"iframe": "frame/iframe", "worker-websocket": "worker-socket/worker"}
    page = where.get(kind, f"resource/{kind}")
    snap = await public_pool.load(State(hostile.url(f"/js/{page}?url={quote(away, safe='')}")))
    await asyncio.sleep(0.5)
    assert snap.ok
    assert [h for h in hostile.hits_seen if h.query == tag] == []
    saw(f"page {snap.status}; 0 requests to {hostile.OTHER}")
