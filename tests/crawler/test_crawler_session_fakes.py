"""Session behaviour against a scripted fetcher and browser (no network, no Chromium)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from crawler_fakes import FakeBrowser, FakeFetcher, fast_config, html_page

from siteseer.crawler import (
    BrowserUnavailable,
    BudgetExhausted,
    CrawlError,
    FetchFailed,
    InvalidURL,
    NotHTML,
    OutOfScope,
    RobotsDisallowed,
    Session,
)
from siteseer.render import Action, NavigationFailed, NavigationTimeout, RawResponse, Snapshot

BASE = "http://site.test"
ROBOTS = f"{BASE}/robots.txt"
PAGES = {f"{BASE}/": html_page("home", ("/a", "/b", "/c"))} | {
    f"{BASE}/{p}": html_page(p, ("/",)) for p in "abcdefgh"
}


class Recorder:
    """Every event a Session emits, in order."""

    def __init__(self, session: Session) -> None:
        self.events: list[tuple[str, tuple[Any, ...]]] = []
        for name in ("page", "skip", "error", "budget", "decision"):
            session.events.on(name, self._recorder(name))

    def _recorder(self, name: str) -> Any:
        def record(*args: Any) -> None:
            self.events.append((name, args))

        return record

    def named(self, name: str) -> list[tuple[Any, ...]]:
        return [args for n, args in self.events if n == name]


def make(
    render: str = "never", pages: dict[str, str] | None = None, **kwargs: Any
) -> tuple[Session, FakeFetcher, FakeBrowser]:
    fetcher = FakeFetcher(PAGES if pages is None else pages)
    browser = FakeBrowser(fetcher)
    session = Session(fast_config(render=render, **kwargs), fetcher=fetcher, browser=browser)
    return session, fetcher, browser


async def test_page_is_fetched_canonicalised_and_counted() -> None:
    session, fetcher, browser = make()
    async with session:
        events = Recorder(session)
        snap = await session.page("HTTP://SITE.test:80/a#frag")
        assert snap.url == f"{BASE}/a" and snap.status == 200 and not snap.rendered
        assert [link.url for link in snap.links] == [f"{BASE}/"]
        assert events.named("page") == [(snap, False)]
        cost = session.cost()
    assert fetcher.calls == [ROBOTS, f"{BASE}/a"]  # robots.txt first (a 404 here: allow all)
    assert (cost.downloads, cost.renders, cost.cache_hits, cost.errors) == (1, 0, 0, 0)
    assert cost.bytes > 100 and cost.seconds >= 0
    assert browser.entered == 0  # never started: nothing needed it


async def test_second_request_is_a_cache_hit() -> None:
    session, fetcher, _ = make()
    async with session:
        events = Recorder(session)
        first = await session.page(f"{BASE}/a")
        second = await session.page(f"{BASE}/a?")
        assert second == first
        assert events.named("page") == [(first, False), (first, True)]
        assert session.cost().cache_hits == 1
    assert fetcher.count(f"{BASE}/a") == 1


async def test_concurrent_requests_for_one_url_load_once() -> None:
    session, fetcher, _ = make()
    fetcher.delay = 0.02
    async with session:
        results = await session.pages([f"{BASE}/a", f"{BASE}/a#x", f"{BASE}/b", f"{BASE}/a"])
        assert [r.url for r in results if isinstance(r, Snapshot)] == [
            f"{BASE}/a",
            f"{BASE}/a",
            f"{BASE}/b",
            f"{BASE}/a",
        ]
        assert results[0] is results[1] is results[3]
        assert session.cost().cache_hits == 2
    assert fetcher.count(f"{BASE}/a") == 1 and fetcher.count(f"{BASE}/b") == 1


async def test_robots_disallow_is_respected() -> None:
    session, fetcher, _ = make()
    fetcher.pages[ROBOTS] = "User-agent: *\nDisallow: /b\n"
    async with session:
        events = Recorder(session)
        with pytest.raises(RobotsDisallowed) as info:
            await session.page(f"{BASE}/b")
        assert info.value.url == f"{BASE}/b"
        assert events.named("skip") == [(f"{BASE}/b", str(info.value))]
        assert (await session.page(f"{BASE}/a")).status == 200
    assert fetcher.count(f"{BASE}/b") == 0 and fetcher.count(ROBOTS) == 1


async def test_ignoring_robots() -> None:
    session, fetcher, _ = make(respect_robots=False)
    fetcher.pages[ROBOTS] = "User-agent: *\nDisallow: /\n"
    async with session:
        assert (await session.page(f"{BASE}/b")).status == 200
    assert fetcher.count(ROBOTS) == 0


async def test_500_then_200_is_retried() -> None:
    session, fetcher, _ = make()
    fetcher.scripts[f"{BASE}/a"] = [500, 503]
    async with session:
        snap = await session.page(f"{BASE}/a")
        assert snap.status == 200 and snap.title == "a"
        assert session.cost().downloads == 3  # 3 attempts (robots.txt is not a page)
    assert fetcher.count(f"{BASE}/a") == 3


async def test_error_status_after_retries_is_a_snapshot() -> None:
    session, fetcher, _ = make(retries=1)
    fetcher.scripts[f"{BASE}/a"] = [500, 500, 200]
    async with session:
        snap = await session.page(f"{BASE}/a")
        assert snap.status == 500 and not snap.ok
        missing = await session.page(f"{BASE}/nothing-here")
        assert missing.status == 404
        assert session.cost().errors == 0
    assert fetcher.count(f"{BASE}/a") == 2


async def test_no_response_is_fetch_failed_after_retries() -> None:
    session, fetcher, _ = make()
    fetcher.scripts[f"{BASE}/a"] = [
        NavigationFailed("refused"),
        NavigationTimeout("slow"),
        NavigationFailed("refused again"),
    ]
    async with session:
        events = Recorder(session)
        with pytest.raises(FetchFailed) as info:
            await session.page(f"{BASE}/a")
        assert info.value.attempts == 3 and "refused again" in str(info.value)
        assert events.named("error") == [(info.value,)]
        assert session.cost().errors == 1


async def test_timeout_then_success() -> None:
    session, fetcher, _ = make()
    fetcher.scripts[f"{BASE}/a"] = [NavigationTimeout("slow")]
    async with session:
        assert (await session.page(f"{BASE}/a")).status == 200


async def test_not_html_is_an_error_and_cached(tmp_path: Path) -> None:
    pdf = f"{BASE}/doc.pdf"
    for run in (1, 2):
        session, fetcher, _ = make(cache=tmp_path / "c.sqlite")
        fetcher.scripts[pdf] = [(200, "application/pdf", "%PDF-1.4")]
        async with session:
            with pytest.raises(NotHTML) as info:
                await session.page(pdf)
            assert info.value.content_type == "application/pdf"
            with pytest.raises(NotHTML):
                await session.page(pdf, render=True)  # known not HTML: no browser visit
            assert session.cost().errors == 2
        assert fetcher.count(pdf) == (1 if run == 1 else 0)


async def test_data_keeps_any_body_counts_a_download_and_is_cached(tmp_path: Path) -> None:
    api = f"{BASE}/api/items?offset=12"
    body = '{"items": [{"url": "/a"}]}'
    for run in (1, 2):
        session, fetcher, _ = make(cache=tmp_path / "c.sqlite", budget=5)
        fetcher.scripts[api] = [(200, "application/json", body)]
        async with session:
            answer = await session.data(api)
            assert (answer.status, answer.content_type, answer.html) == (
                200,
                "application/json",
                body,
            )
            with pytest.raises(NotHTML):
                await session.page(api)  # still no page
            assert session.cost().downloads == (1 if run == 1 else 0)
            with pytest.raises(OutOfScope):
                await session.data("http://elsewhere.test/api")
        assert fetcher.count(api) == (1 if run == 1 else 0)


async def test_data_after_a_page_load_of_the_same_url_fetches_the_body() -> None:
    api = f"{BASE}/api/items"
    session, fetcher, _ = make()
    fetcher.scripts[api] = [(200, "application/json", "[1]"), (200, "application/json", "[1]")]
    async with session:
        with pytest.raises(NotHTML):
            await session.page(api)  # keeps a marker without the body
        assert (await session.data(api)).html == "[1]"
        assert session.cost().downloads == 2


async def test_data_spends_the_budget() -> None:
    session, _, _ = make(budget=1)
    async with session:
        await session.page(f"{BASE}/")
        with pytest.raises(BudgetExhausted):
            await session.data(f"{BASE}/a")


async def test_invalid_url() -> None:
    session, _, _ = make()
    async with session:
        with pytest.raises(InvalidURL):
            await session.page("mailto:someone@site.test")
        assert session.cost().errors == 1


async def test_scope_is_the_first_host() -> None:
    session, fetcher, _ = make()
    async with session:
        events = Recorder(session)
        assert session.in_scope("http://elsewhere.test/")  # nothing fetched yet
        await session.page(f"{BASE}/")
        assert not session.in_scope("http://elsewhere.test/")
        assert session.in_scope(f"{BASE}/zzz")
        with pytest.raises(OutOfScope):
            await session.page("http://elsewhere.test/")
        assert [args[0] for args in events.named("skip")] == ["http://elsewhere.test/"]
    assert "http://elsewhere.test/" not in fetcher.calls


async def test_allowed_hosts_and_domain_scope() -> None:
    session, _, _ = make(allowed_hosts=("site.test", "cdn.test"))
    async with session:
        assert session.in_scope("http://cdn.test/x") and not session.in_scope("http://a.site.test/")
    session, _, _ = make(scope="domain")
    async with session:
        await session.page(f"{BASE}/")
        assert session.in_scope("http://shop.site.test/")


async def test_budget_exhaustion_gives_partial_results() -> None:
    session, _fetcher, _ = make(budget=3)
    async with session:
        events = Recorder(session)
        urls = [f"{BASE}/{p}" for p in "abcde"]
        results = await session.pages(urls)
        loaded = [r for r in results if isinstance(r, Snapshot)]
        refused = [r for r in results if isinstance(r, BudgetExhausted)]
        assert [s.url for s in loaded] == urls[:3]  # in input order
        assert [e.url for e in refused] == urls[3:]
        assert session.budget_left == 0
        assert events.named("budget") == [(3, 3)]
        # Cache hits stay free once the budget is spent.
        assert (await session.page(urls[0])).url == urls[0]
        with pytest.raises(BudgetExhausted):
            await session.page(f"{BASE}/h")
        assert session.cost().downloads == 3


async def test_second_run_with_the_same_cache_downloads_nothing(tmp_path: Path) -> None:
    urls = [f"{BASE}/", f"{BASE}/a", f"{BASE}/b", f"{BASE}/c"]
    outcomes: list[list[Snapshot | CrawlError]] = []
    costs = []
    for _ in range(2):
        session, fetcher, _ = make(cache=tmp_path / "cache.sqlite", render="auto")
        fetcher.pages[ROBOTS] = "User-agent: *\nDisallow: /private/\n"
        async with session:
            outcomes.append(await session.pages(urls))
            costs.append(session.cost())
    assert outcomes[0] == outcomes[1]
    assert all(isinstance(s, Snapshot) for s in outcomes[1])
    assert (costs[0].downloads, costs[0].renders) == (4, 1)  # the deciding render downloads none
    assert (costs[1].downloads, costs[1].renders, costs[1].cache_hits) == (0, 0, 4)


async def test_auto_static_host_decided_once_without_browser_afterwards() -> None:
    session, _fetcher, browser = make(render="auto")
    async with session:
        events = Recorder(session)
        results = await session.pages([f"{BASE}/", f"{BASE}/a", f"{BASE}/b", f"{BASE}/c"])
        assert all(isinstance(r, Snapshot) and not r.rendered for r in results)
        decision = session.render_decisions["site.test"]
        assert not decision.needs_browser and decision.url == f"{BASE}/"
        assert events.named("decision") == [(decision,)]
        cost = session.cost()
    assert [s.url for s in browser.loads] == [f"{BASE}/"]  # only the deciding render
    [handed] = browser.documents  # from the HTTP response: the page is downloaded once
    assert handed is not None and handed.final_url == f"{BASE}/" and b"<h1>" in handed.body
    assert (cost.downloads, cost.renders) == (4, 1)
    assert browser.exited == 1


async def test_auto_host_without_scripts_is_decided_without_a_render() -> None:
    session, fetcher, browser = make(render="auto")
    for path in ("", "a", "b"):
        fetcher.pages[f"{BASE}/{path}"] = html_page(path or "home", ("/a", "/b"), script=False)
    async with session:
        results = await session.pages([f"{BASE}/", f"{BASE}/a", f"{BASE}/b"])
        assert all(isinstance(r, Snapshot) and not r.rendered for r in results)
        decision = session.render_decisions["site.test"]
        assert not decision.needs_browser and "no scripts" in decision.reason
        assert (session.cost().downloads, session.cost().renders) == (3, 0)
    assert browser.loads == [] and browser.entered == 0


async def test_auto_script_host_renders_every_page() -> None:
    session, fetcher, browser = make(render="auto")
    shell = "<html><body><div id='app'></div><script src='/app.js'></script></body></html>"
    for path in ("", "a", "b"):
        fetcher.pages[f"{BASE}/{path}"] = shell
        browser.dom[f"{BASE}/{path}"] = html_page(
            path or "home", ("/a", "/b", "/c", "/d", "/e", "/f")
        )
    async with session:
        results = await session.pages([f"{BASE}/", f"{BASE}/a", f"{BASE}/b"])
        assert all(isinstance(r, Snapshot) and r.rendered for r in results)
        assert len(results[1].links) == 6  # type: ignore[union-attr]
        decision = session.render_decisions["site.test"]
        assert decision.needs_browser and decision.empty_app_root
    assert fetcher.count(f"{BASE}/a") == 0  # decided: straight to the browser
    assert browser.count(f"{BASE}/") == 1 and browser.count(f"{BASE}/a") == 1


async def test_auto_renders_a_cut_body_from_the_network_within_the_budget() -> None:
    # A response cut at the body limit is not the whole page: the deciding render downloads it.
    session, fetcher, browser = make(render="auto", budget=2)
    fetch = fetcher.fetch

    async def cut(url: str, *, timeout: timedelta) -> RawResponse:  # noqa: ASYNC109
        return replace(await fetch(url, timeout=timeout), truncated=True)

    fetcher.fetch = cut  # type: ignore[method-assign]
    async with session:
        snap = await session.page(f"{BASE}/a")
        cost = session.cost()
    assert snap.truncated and browser.documents == [None]  # rendered to decide, from the network
    assert (cost.downloads, cost.renders, session.budget_left) == (2, 1, 0)


async def test_auto_decision_is_remembered_by_the_store(tmp_path: Path) -> None:
    cache = tmp_path / "c.sqlite"
    session, _, browser = make(render="auto", cache=cache)
    async with session:
        await session.page(f"{BASE}/")
    session, fetcher, browser = make(render="auto", cache=cache)
    async with session:
        snap = await session.page(f"{BASE}/d")
        assert not snap.rendered
        assert not session.render_decisions["site.test"].needs_browser
    assert browser.loads == [] and fetcher.calls == [f"{BASE}/d"]


async def test_auto_decides_on_a_2xx_page() -> None:
    session, _fetcher, _browser = make(render="auto")
    async with session:
        missing = await session.page(f"{BASE}/missing")
        assert missing.status == 404 and "site.test" not in session.render_decisions
        await session.page(f"{BASE}/a")
        assert session.render_decisions["site.test"].url == f"{BASE}/a"


async def test_auto_without_a_browser_falls_back_to_http() -> None:
    session, _fetcher, browser = make(render="auto")
    browser.fail_launch = True
    async with session:
        events = Recorder(session)
        snap = await session.page(f"{BASE}/a")
        assert snap.status == 200 and not snap.rendered
        assert isinstance(events.named("error")[0][0], BrowserUnavailable)
        decision = session.render_decisions["site.test"]
        assert not decision.needs_browser and decision.reason.startswith("no browser")
        others = await session.pages([f"{BASE}/b", f"{BASE}/c"])
        assert all(isinstance(s, Snapshot) and not s.rendered for s in others)
        assert len(events.named("error")) == 1  # tried once, not once per page
        with pytest.raises(BrowserUnavailable, match=r"python -m siteseer\.render\.install"):
            await session.page(f"{BASE}/b", render=True)
        assert session.budget_left is None and session.cost().downloads == 3


async def test_render_modes() -> None:
    session, fetcher, browser = make(render="always")
    async with session:
        assert (await session.page(f"{BASE}/a")).rendered
    assert fetcher.count(f"{BASE}/a") == 0 and browser.count(f"{BASE}/a") == 1
    session, fetcher, browser = make(render="never")
    async with session:
        plain = await session.page(f"{BASE}/a")
        forced = await session.page(f"{BASE}/a", render=True)  # a plain one does not satisfy
        assert not plain.rendered and forced.rendered
        assert await session.page(f"{BASE}/a") == plain  # plain preferred for plain requests
        assert session.cost().renders == 1


async def test_screenshot_requests() -> None:
    session, _, browser = make()
    async with session:
        shot = await session.page(f"{BASE}/a", screenshot="full")
        assert shot.rendered and shot.screenshot == b"\x89PNG-full"
        assert (await session.page(f"{BASE}/a", render=True)) == shot  # a shot is rendered
        other = await session.page(f"{BASE}/a", screenshot="viewport")
        assert other.screenshot == b"\x89PNG-viewport"
    assert browser.count(f"{BASE}/a") == 2


async def test_act_is_cached_by_state_key() -> None:
    session, _, browser = make(budget=10)
    async with session:
        snap = await session.page(f"{BASE}/a")
        click = Action("click", "#more", label="More")
        new = await session.act(snap, click)
        assert new.rendered and new.state is not None and new.state.actions == (click,)
        assert "click #more" in new.html
        again = await session.act(snap, Action("click", "#more"))  # the label is not identity
        assert again == new
        deeper = await session.act(new, Action("select", "#sort", "price"))
        assert deeper.state is not None and len(deeper.state.actions) == 2
        cost = session.cost()
        assert (cost.actions, cost.cache_hits) == (2, 1)
        assert session.budget_left == 10 - 3
    assert [len(s.actions) for s in browser.loads] == [1, 2]


async def test_cancelled_crawl_keeps_what_was_fetched(tmp_path: Path) -> None:
    cache = tmp_path / "c.sqlite"
    session, fetcher, _ = make(cache=cache, concurrency=1)
    fetcher.delay = 0.05
    urls = [f"{BASE}/{p}" for p in "abcdefgh"]
    async with session:
        loaded: list[str] = []
        two_loaded = asyncio.Event()

        def on_page(snap: Snapshot, cached: bool) -> None:
            loaded.append(snap.url)
            if len(loaded) == 2:
                two_loaded.set()

        session.events.on("page", on_page)
        task = asyncio.create_task(session.pages(urls))
        await two_loaded.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    assert 2 <= len(loaded) < len(urls)
    session, fetcher, _ = make(cache=cache)
    async with session:
        results = await session.pages(urls)
        assert all(isinstance(r, Snapshot) for r in results)
        assert session.cost().cache_hits >= len(loaded)
    assert not any(url in fetcher.calls for url in loaded)


async def test_browser_closed_when_the_session_closes() -> None:
    session, _, browser = make()
    async with session:
        await session.page(f"{BASE}/a", render=True)
        assert browser.entered == 1 and browser.exited == 0
    assert browser.exited == 1


async def test_fresh_is_a_second_load_kept_apart(tmp_path: Path) -> None:
    cache = tmp_path / "c.sqlite"
    session, fetcher, _ = make(cache=cache)
    fetcher.scripts[f"{BASE}/a"] = [
        (200, "text/html", html_page("first")),
        (200, "text/html", html_page("second")),
    ]
    async with session:
        first = await session.page(f"{BASE}/a")
        second = await session.page(f"{BASE}/a", fresh=True)
        assert (first.title, second.title) == ("first", "second")
        assert (await session.page(f"{BASE}/a")).title == "first"  # the usual copy stays
        assert (await session.page(f"{BASE}/a", fresh=True)).title == "second"
    assert fetcher.count(f"{BASE}/a") == 2
    session, fetcher, _ = make(cache=cache)
    async with session:
        assert (await session.page(f"{BASE}/a")).title == "first"
        assert (await session.page(f"{BASE}/a", fresh=True)).title == "second"
        assert session.cost().downloads == 0


async def test_render_never_takes_no_rendered_copy_an_earlier_run_stored(tmp_path: Path) -> None:
    cache = tmp_path / "cache.sqlite"
    session, _, browser = make(render="always", cache=cache)
    async with session:
        assert (await session.page(f"{BASE}/a")).rendered
    session, fetcher, browser = make(render="never", cache=cache)
    async with session:
        page = await session.page(f"{BASE}/a")
        assert not page.rendered and fetcher.count(f"{BASE}/a") == 1
        forced = await session.page(f"{BASE}/a", render=True)  # the stored render answers
        assert forced.rendered and browser.count(f"{BASE}/a") == 0
    session, fetcher, browser = make(render="never", cache=cache)
    async with session:
        fresh = await session.page(f"{BASE}/b", render=True)
        assert await session.page(f"{BASE}/b") == fresh  # rendered in this run: it answers
        assert fetcher.count(f"{BASE}/b") == 0


async def test_max_age_and_refresh_load_stored_pages_again(tmp_path: Path) -> None:
    cache = tmp_path / "cache.sqlite"
    urls = [f"{BASE}/", f"{BASE}/a"]
    downloads = []
    for options in ({}, {"max_age": timedelta(hours=1)}, {"refresh": True}, {}):
        session, _, _ = make(cache=cache, **options)
        async with session:
            await session.pages(urls)
            await session.pages(urls)  # within one run a page is loaded once, refresh or not
            downloads.append(session.cost().downloads)
    assert downloads == [2, 0, 2, 0]
    session, _, _ = make(cache=cache, max_age=timedelta(0))
    async with session:
        await session.pages(urls)
        assert session.cost().downloads == 2
