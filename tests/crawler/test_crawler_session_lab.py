"""The Session against the lab's testbed site: real HTTP, the real browser pool, the truth."""

from __future__ import annotations

import asyncio
import math
import os
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from siteseer.crawler import (
    BudgetExhausted,
    FetchFailed,
    NotHTML,
    OutOfScope,
    RobotsDisallowed,
    Session,
    SessionConfig,
)
from siteseer.lab.server import LabServer, build_sites
from siteseer.lab.sites.testbed import MORE_PAGE, MORE_TOTAL, TestbedSite
from siteseer.render import Action, Snapshot


@pytest.fixture(scope="module")
def testbed(lab: Callable[[str], LabServer]) -> tuple[str, LabServer]:
    server = lab("testbed")
    return server.url("testbed"), server


async def test_links_are_canonical_and_match_the_truth(testbed: tuple[str, LabServer]) -> None:
    base, server = testbed
    async with Session(SessionConfig(render="never")) as session:
        snap = await session.page(f"{base}/static")
    assert snap.status == 200 and not snap.rendered
    truth = server.truth("testbed")
    assert [link.url for link in snap.links] == list(truth.entities["static"])


async def test_robots_txt_disallows_private_pages(testbed: tuple[str, LabServer]) -> None:
    base, _ = testbed
    async with Session(SessionConfig(render="never")) as session:
        skipped: list[str] = []
        session.events.on("skip", lambda url, reason: skipped.append(url))
        with pytest.raises(RobotsDisallowed):
            await session.page(f"{base}/private/secret")
        assert skipped == [f"{base}/private/secret"]
        assert (await session.page(f"{base}/static")).status == 200
        assert session.cost().downloads == 1  # /static (robots.txt is not a page)
    async with Session(SessionConfig(render="never", respect_robots=False)) as session:
        private = await session.page(f"{base}/private/secret")
        assert private.status == 200 and private.title == "Private"
        assert session.cost().downloads == 1


async def test_500_then_200_is_retried_and_succeeds() -> None:
    site = build_sites(["testbed"])[0]
    assert isinstance(site, TestbedSite)
    async with LabServer([site]) as server:
        base = server.url("testbed")
        async with Session(SessionConfig(render="never")) as session:
            snap = await session.page(f"{base}/flaky")
            assert snap.status == 200 and snap.title == "Flaky"
            assert session.cost().downloads == 2  # the 500, the 200
    assert site.flaky_requests == 2


async def test_non_html_and_missing_pages(testbed: tuple[str, LabServer]) -> None:
    base, _ = testbed
    async with Session(SessionConfig(render="never")) as session:
        errors: list[Exception] = []
        session.events.on("error", errors.append)
        with pytest.raises(NotHTML) as info:
            await session.page(f"{base}/doc.pdf")
        assert info.value.content_type == "application/pdf"
        missing = await session.page(f"{base}/no/such/page")
        assert missing.status == 404  # status is data
        redirected = await session.page(f"{base}/redirect")
        assert redirected.final_url == f"{base}/static" and redirected.url == f"{base}/redirect"
        assert errors == [info.value] and session.cost().errors == 1


async def test_timeout_is_fetch_failed(testbed: tuple[str, LabServer]) -> None:
    base, _ = testbed
    config = SessionConfig(render="never", timeout=timedelta(seconds=0.5), retries=1)
    async with Session(config) as session:
        with pytest.raises(FetchFailed) as info:
            await session.page(f"{base}/slow")
        assert info.value.attempts == 2 and "0.5 s" in str(info.value)


async def test_unreachable_host_is_fetch_failed() -> None:
    config = SessionConfig(render="never", backoff=timedelta(milliseconds=1))
    async with Session(config) as session:
        with pytest.raises(FetchFailed):
            await session.page(f"http://127.0.0.1:{_closed_port()}/")
        assert session.cost().errors == 1


async def test_scope_is_the_first_host(testbed: tuple[str, LabServer]) -> None:
    base, _ = testbed
    async with Session(SessionConfig(render="never")) as session:
        await session.page(f"{base}/")
        elsewhere = f"http://127.0.0.1:{_closed_port()}/"
        assert not session.in_scope(elsewhere)
        with pytest.raises(OutOfScope):
            await session.page(elsewhere)
        assert session.cost().errors == 0  # a skip, not an error


async def test_concurrent_requests_for_one_page_load_it_once(
    testbed: tuple[str, LabServer],
) -> None:
    base, _ = testbed
    async with Session(SessionConfig(render="never")) as session:
        results = await session.pages([f"{base}/item/3", f"{base}/item/3#x", f"{base}/item/3"] * 2)
        assert all(r is results[0] for r in results)
        cost = session.cost()
        assert (cost.downloads, cost.cache_hits) == (1, 5)


async def test_budget_exhaustion_gives_partial_results(testbed: tuple[str, LabServer]) -> None:
    base, _ = testbed
    urls = [f"{base}/item/{n}" for n in range(1, 7)]
    async with Session(SessionConfig(render="never", budget=4)) as session:
        budget: list[tuple[int, int]] = []
        session.events.on("budget", lambda used, limit: budget.append((used, limit)))
        results = await session.pages(urls)
        assert [r.title for r in results[:4] if isinstance(r, Snapshot)] == [
            f"Item {n}" for n in range(1, 5)
        ]
        assert all(isinstance(r, BudgetExhausted) for r in results[4:])
        assert budget == [(4, 4)] and session.budget_left == 0


@pytest.mark.slow
@pytest.mark.browser
async def test_second_run_with_the_same_cache_downloads_nothing(
    testbed: tuple[str, LabServer], tmp_path: Path
) -> None:
    base, _ = testbed
    urls = [f"{base}/static", f"{base}/", f"{base}/item/1", f"{base}/item/2", f"{base}/timer"]
    config = SessionConfig(render="auto", cache=tmp_path / "cache.sqlite")
    async with Session(config) as first:
        before = await first.pages(urls)
        shot = await first.page(f"{base}/static", screenshot="viewport")
        first_cost = first.cost()
    async with Session(config) as second:
        after = await second.pages(urls)
        shot_again = await second.page(f"{base}/static", screenshot="viewport")
        second_cost = second.cost()
        assert not second.browser_started
    assert all(isinstance(s, Snapshot) for s in before)
    assert after == before and shot_again == shot and shot.screenshot
    # /static has no script: the host is decided without a render; the shot is one more load.
    assert first_cost.downloads == len(urls) + 1
    assert (second_cost.downloads, second_cost.cache_hits) == (0, len(urls) + 1)


@pytest.mark.browser
async def test_auto_script_built_page_needs_a_browser(testbed: tuple[str, LabServer]) -> None:
    base, server = testbed
    truth = server.truth("testbed")
    async with Session(SessionConfig(render="auto")) as session:
        decisions: list[object] = []
        session.events.on("decision", decisions.append)
        scripted = await session.page(f"{base}/scripted")
        static = await session.page(f"{base}/static")
        decision = session.render_decisions[scripted.url.split("/")[2]]
        assert decision.needs_browser and decision.new_links == len(
            truth.entities["scripted-extra"]
        )
        assert decisions == [decision]
        assert scripted.rendered and static.rendered  # decided once: the host renders
        assert set(truth.entities["scripted-extra"]) <= {link.url for link in scripted.links}
        assert static.links[0].box is not None
        cost = session.cost()
        assert (cost.downloads, cost.renders) == (2, 2)  # rendered from its fetch, then a render


@pytest.mark.browser
async def test_auto_static_page_does_not(testbed: tuple[str, LabServer]) -> None:
    base, server = testbed
    truth = server.truth("testbed")
    async with Session(SessionConfig(render="auto")) as session:
        static = await session.page(f"{base}/static")
        scripted = await session.page(f"{base}/scripted")
        decision = session.render_decisions[static.url.split("/")[2]]
        assert not decision.needs_browser and "no scripts" in decision.reason
        assert not static.rendered and not scripted.rendered  # decided once: HTTP for the host
        assert not set(truth.entities["scripted-extra"]) & {link.url for link in scripted.links}
        assert session.cost().renders == 0 and not session.browser_started


@pytest.mark.browser
async def test_act_loads_more_and_is_cached(testbed: tuple[str, LabServer]) -> None:
    base, server = testbed
    truth = server.truth("testbed")
    async with Session(SessionConfig(render="never", budget=5)) as session:
        page = await session.page(f"{base}/more")
        assert not page.rendered
        action = Action("load_more", "#load-more", label="Load more")
        more = await session.act(page, action)
        again = await session.act(page, action)
        assert more is not page and again == more
        items = [link.url for link in more.links if "/item/" in link.url]
        assert items == list(truth.entities["more-all"]) and len(items) == MORE_TOTAL
        cost = session.cost()
        # every load-more click is a state change of its own; the cached answer costs none
        clicks = math.ceil(MORE_TOTAL / MORE_PAGE) - 1
        assert (cost.actions, cost.cache_hits) == (clicks, 1)
        assert session.budget_left == 5 - 2


@pytest.mark.browser
async def test_cancelling_a_crawl_closes_the_browser_and_keeps_the_pages(
    testbed: tuple[str, LabServer], tmp_path: Path
) -> None:
    base, _ = testbed
    urls = [f"{base}/item/{n}" for n in range(1, 11)]
    config = SessionConfig(render="always", cache=tmp_path / "c.sqlite")
    loaded: list[str] = []
    async with Session(config) as session:
        first_page = asyncio.Event()

        def on_page(snap: Snapshot, cached: bool) -> None:
            loaded.append(snap.url)
            first_page.set()

        session.events.on("page", on_page)
        crawl = asyncio.create_task(session.pages(urls))
        await first_page.wait()
        pid = await session._browsing.renderer.browser_pid()  # type: ignore[union-attr]
        crawl.cancel()
        with pytest.raises(asyncio.CancelledError):
            await crawl
    assert not _alive(pid)
    assert 1 <= len(loaded) < len(urls)
    async with Session(SessionConfig(render="always", cache=tmp_path / "c.sqlite")) as rerun:
        await rerun.pages(loaded)
        assert rerun.cost().downloads == 0 and not rerun.browser_started


def _closed_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as status:
            return not any(line.startswith("State:\tZ") for line in status)
    except FileNotFoundError:
        return False
    except OSError:
        return os.path.exists(f"/proc/{pid}")


async def test_a_redirect_target_is_not_fetched_again(testbed: tuple[str, LabServer]) -> None:
    base, _ = testbed
    async with Session(SessionConfig(render="never")) as session:
        redirected = await session.page(f"{base}/redirect")
        target = await session.page(f"{base}/static")
        assert redirected.final_url == target.url == target.final_url == f"{base}/static"
        assert target.links == redirected.links and target.status == 200
        cost = session.cost()
        assert (cost.downloads, cost.cache_hits) == (2, 1)  # /redirect and its one hop


@pytest.mark.browser
async def test_auto_crawl_of_a_scripted_site_downloads_each_document_once(
    lab: Callable[[str], LabServer],
) -> None:
    # Down the spa site's seed path (root index → season → driver), every page a shell its
    # script fills from /api/page…: the host is decided on the first page, rendered from its
    # HTTP response, and each document is asked of the server once.
    server = lab("spa")
    truth = server.truth("spa")
    before = server.requests("spa")
    async with Session(SessionConfig(render="auto")) as session:
        snaps = [await session.page(url) for url in truth.seed_path]
        cost = session.cost()
        decision = session.render_decisions[truth.seed_path[0].split("/")[2]]
    asked = server.requests("spa") - before
    paths = ["/" + url.split("/", 3)[3] for url in truth.seed_path]
    assert decision.needs_browser and all(snap.rendered for snap in snaps)
    for snap, following in zip(snaps, truth.seed_path[1:], strict=False):
        assert following in {link.url for link in snap.links}
    assert {path: asked[path] for path in paths} == dict.fromkeys(paths, 1)
    assert {path: asked["/api/page" + path] for path in paths} == dict.fromkeys(paths, 1)
    assert (cost.downloads, cost.renders) == (len(paths), len(paths))
    async with Session(SessionConfig(render="always")) as session:
        always = await session.page(truth.seed_path[0])
    assert [(lk.url, lk.text) for lk in always.links] == [
        (lk.url, lk.text) for lk in snaps[0].links
    ]
