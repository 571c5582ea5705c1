"""Fault cases of the HTTP path: slow and broken servers, redirects, limits, encodings, politeness."""

from __future__ import annotations

import resource
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest
from cases import fault, http_config
from hostile import BOMB_BYTES, HostileServer

from siteseer.crawler import (
    FetchFailed,
    InvalidURL,
    NotHTML,
    RedirectRefused,
    RobotsDisallowed,
    Session,
    SQLiteStore,
)
from siteseer.crawler.politeness import Politeness
from siteseer.crawler.retry import RetryPolicy, parse_retry_after, retrying
from siteseer.render import HttpFetcher

Saw = Callable[[str], None]


async def _failure(hostile: HostileServer, url: str, **config: object) -> Exception:
    async with Session(http_config(**config)) as session:
        with pytest.raises(Exception) as caught:
            await session.page(url)
    return caught.value


# -- slow and broken servers -------------------------------------------------------------------


@fault("server never answers", "FetchFailed naming the timeout", within=6)
async def test_a_server_that_never_answers(hostile: HostileServer, saw: Saw) -> None:
    error = await _failure(hostile, hostile.url("/hang"))
    assert isinstance(error, FetchFailed) and "within 2 s" in str(error)
    saw(f"{type(error).__name__}: timeout")


@fault("body that never ends", "FetchFailed within the timeout", within=6)
async def test_a_body_that_never_ends(hostile: HostileServer, saw: Saw) -> None:
    error = await _failure(hostile, hostile.url("/slow-body"))
    assert isinstance(error, FetchFailed)
    saw(type(error).__name__)


@fault("connection reset mid-body", "FetchFailed, retried", within=6)
async def test_a_connection_reset_mid_body(hostile: HostileServer, saw: Saw) -> None:
    error = await _failure(hostile, hostile.url("/reset"), retries=1)
    assert isinstance(error, FetchFailed) and error.attempts == 2
    saw(f"FetchFailed after {error.attempts} attempts")


@fault("body shorter than Content-Length", "FetchFailed", within=6)
async def test_a_body_shorter_than_its_length(hostile: HostileServer, saw: Saw) -> None:
    error = await _failure(hostile, hostile.url("/short"))
    assert isinstance(error, FetchFailed)
    saw("FetchFailed")


@fault("connection refused", "FetchFailed saying the server is down", within=6)
async def test_connection_refused(closed_port: int, saw: Saw) -> None:
    async with Session(http_config()) as session:
        with pytest.raises(FetchFailed, match="check that the server is up"):
            await session.page(f"http://127.0.0.1:{closed_port}/")
    saw("FetchFailed: check that the server is up")


# -- redirects: every hop checked ----------------------------------------------------------------


@fault("redirect loop", "FetchFailed naming the loop", within=6)
async def test_a_redirect_loop(hostile: HostileServer, saw: Saw) -> None:
    error = await _failure(hostile, hostile.url("/loop/0"), max_redirects=5)
    assert isinstance(error, FetchFailed) and "redirect loop" in str(error)
    assert len(hostile.hits("/loop/")) <= 6 + 10  # bounded, not endless
    saw("FetchFailed: redirect loop")


@fault(
    "redirect to another host", "RedirectRefused, the host never asked, nothing cached", within=6
)
async def test_a_redirect_to_another_host(hostile: HostileServer, saw: Saw) -> None:
    start = hostile.redirect(hostile.url("/page?offhost=1", host=hostile.OTHER))
    async with Session(http_config()) as session:
        with pytest.raises(RedirectRefused, match="outside the crawl's scope"):
            await session.page(start)
        assert session._store_().get(session.canonical(start), need_render=False) is None
    assert hostile.hits("/page", host=hostile.OTHER) == []
    saw("RedirectRefused (scope); 0 requests to 127.0.0.2")


@fault("redirect to another port", "RedirectRefused", within=6)
async def test_a_redirect_to_another_port(hostile: HostileServer, saw: Saw) -> None:
    start = hostile.redirect(hostile.url("/page?port=1", port=hostile.other_port))
    with pytest.raises(RedirectRefused):
        async with Session(http_config()) as session:
            await session.page(start)
    assert hostile.hits("/page", port=hostile.other_port) == []
    saw("RedirectRefused; 0 requests to the other port")


@fault("redirect to a robots-disallowed path", "RedirectRefused, the path never asked", within=6)
async def test_a_redirect_into_robots_disallowed_space(hostile: HostileServer, saw: Saw) -> None:
    start = hostile.redirect("/private/secret-redirected")
    with pytest.raises(RedirectRefused, match=r"robots\.txt"):
        async with Session(http_config()) as session:
            await session.page(start)
    assert hostile.hits("/private/secret-redirected") == []
    saw("RedirectRefused (robots.txt)")


@pytest.mark.parametrize(
    "target", ["file:///etc/passwd", "data:text/html,<p>x</p>", "javascript:alert(1)", "ftp://x/"]
)
@fault("redirect to a non-http scheme", "RedirectRefused", within=6)
async def test_a_redirect_to_another_scheme(hostile: HostileServer, target: str, saw: Saw) -> None:
    with pytest.raises(RedirectRefused, match="never followed"):
        async with Session(http_config()) as session:
            await session.page(hostile.redirect(target))
    saw(f"RedirectRefused ({target.split(':')[0]}:)")


@fault("in-scope redirect chain", "followed; the chain recorded; final URL cached", within=6)
async def test_an_in_scope_chain(hostile: HostileServer, saw: Saw) -> None:
    inner = hostile.redirect("/page?chain=1", 301)
    async with Session(http_config()) as session:
        snap = await session.page(hostile.redirect(inner, 307))
        assert snap.final_url == hostile.url("/page?chain=1") and len(snap.redirects) == 2
        again = await session.page(hostile.url("/page?chain=1"))
        assert session.cost().cache_hits == 1 and again.html == snap.html
    saw("2 hops recorded; final page from the cache")


# -- limits ------------------------------------------------------------------------------------


@fault(
    "gzip bomb", "cut at the body limit while decompressing; truncated; memory bounded", within=10
)
async def test_a_gzip_bomb(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    async with Session(http_config(cache=tmp_path / "c.sqlite")) as session:
        snap = await session.page(hostile.url("/gzip-bomb"))
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert snap.truncated and len(snap.html) <= 10 * 1024 * 1024 < BOMB_BYTES
    assert grown_mb < 200
    size_mb = (tmp_path / "c.sqlite").stat().st_size / 1e6
    saw(f"truncated at 10 MB of {BOMB_BYTES // 2**20} MB; RSS +{grown_mb:.0f} MB")
    assert size_mb < 40


@pytest.mark.slow
@fault("12 MB page", "cut at 10 MB, truncated", within=40)
async def test_a_page_over_the_limit(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config(timeout=timedelta(seconds=8))) as session:
        snap = await session.page(hostile.url("/big"))
    assert snap.truncated and len(snap.html.encode()) <= 10 * 1024 * 1024
    saw("truncated")


@pytest.mark.slow
@fault("100k links on one page", "parsed within bounds", within=60)
async def test_many_links(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config(timeout=timedelta(seconds=10))) as session:
        snap = await session.page(hostile.url("/many-links?n=100000"))
    assert len(snap.links) == 100000
    saw(f"{len(snap.links)} links")


@fault("deeply nested HTML", "parsed, no recursion error", within=10)
async def test_deep_nesting(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config()) as session:
        snap = await session.page(hostile.url("/deep?n=20000"))
    assert snap.ok and snap.title == "deep"
    # lxml stops nesting at its depth limit: the link 20000 levels down is not seen
    saw(f"parsed; {len(snap.links)} link(s) above lxml's depth limit")


@fault("empty body", "an empty page, no error", within=5)
async def test_an_empty_body(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config()) as session:
        snap = await session.page(hostile.url("/empty"))
    assert snap.ok and snap.links == ()
    saw("empty Snapshot")


@fault("binary junk in HTML", "parsed; the link after the junk found", within=5)
async def test_binary_junk(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config()) as session:
        snap = await session.page(hostile.url("/binary-junk"))
    assert [link.url for link in snap.links] == [hostile.url("/page")]
    saw("1 link")


# -- encodings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("/charset/bogus", "caf\u00e9"),
        ("/charset/invalid-utf8", "ok"),
        ("/charset/latin1-meta", "caf\u00e9"),
    ],
)
@fault("bad or unusual encodings", "decoded, bad bytes replaced", within=5)
async def test_encodings(hostile: HostileServer, path: str, text: str, saw: Saw) -> None:
    async with Session(http_config()) as session:
        snap = await session.page(hostile.url(path))
    assert [link.text for link in snap.links] == [text]
    saw(f"{path}: {text!r}")


# -- bad URLs ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    ["htp://x/", "http://", "http://[::1", "javascript:alert(1)", "http://127.0.0.1:99999/", ""],
)
@fault("bad URLs", "InvalidURL with a clear message", within=3)
async def test_bad_urls(url: str, saw: Saw) -> None:
    async with Session(http_config()) as session:
        with pytest.raises(InvalidURL, match="give an absolute http"):
            await session.page(url)
    saw(f"{url!r}: InvalidURL")


@fault("credentials in a URL", "dropped from the cache key and the Snapshot", within=5)
async def test_credentials_never_kept(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    url = f"http://user:secret@127.0.0.1:{hostile.port}/page?cred=1"
    async with Session(http_config(cache=tmp_path / "c.sqlite")) as session:
        snap = await session.page(url)
    assert "secret" not in snap.to_json() and "secret" not in snap.url
    store = SQLiteStore(tmp_path / "c.sqlite")
    try:
        keys = store.keys()
        assert keys and all("secret" not in key for key in keys)
    finally:
        store.close()
    assert b"secret" not in (tmp_path / "c.sqlite").read_bytes()
    saw("no 'secret' in keys, rows or the Snapshot")


# -- status answers, politeness ------------------------------------------------------------------


@fault("non-HTML answer", "NotHTML", within=5)
async def test_a_pdf(hostile: HostileServer, saw: Saw) -> None:
    with pytest.raises(NotHTML):
        async with Session(http_config()) as session:
            await session.page(hostile.url("/pdf"))
    saw("NotHTML")


@fault("429 with Retry-After: 1", "waited ≥ 1 s, then the page", within=8)
async def test_retry_after_is_honoured(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config(retries=2)) as session:
        snap = await session.page(hostile.url("/retry-after/a?after=1"))
    hits = hostile.hits("/retry-after/a")
    assert snap.ok and len(hits) == 2 and hits[1].at - hits[0].at >= 0.95
    saw(f"retried after {hits[1].at - hits[0].at:.2f} s")


@fault("Retry-After: 3600", "the wait capped at 60 s, not 3600", within=5)
async def test_retry_after_is_capped(hostile: HostileServer, saw: Saw) -> None:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    async with HttpFetcher() as fetcher:
        response = await retrying(
            lambda: fetcher.fetch(
                hostile.url("/retry-after/b?after=3600"), timeout=timedelta(seconds=2)
            ),
            RetryPolicy(retries=1),
            status_of=lambda r: r.status,
            retry_on=(),
            sleep=sleep,
            retry_after_of=lambda r: parse_retry_after(r.header("retry-after")),
        )
    assert response.status == 200 and slept == [60.0]
    saw(f"waited {slept[0]:g} s")


@fault(
    "429 with Retry-After: 2, then more requests to that host and another",
    "the host's next request waits ≥ 2 s; the other host's does not; the 429 not cached",
    within=10,
)
async def test_retry_after_holds_the_whole_host(
    hostile: HostileServer, tmp_path: Path, saw: Saw
) -> None:
    hosts = tuple(f"{host}:{hostile.port}" for host in (hostile.HOME, hostile.OTHER))
    config = http_config(
        retries=0, respect_robots=False, allowed_hosts=hosts, cache=tmp_path / "held.sqlite"
    )
    async with Session(config) as session:
        busy = await session.page(hostile.url("/retry-after/held?after=2"))
        other = await session.page(hostile.url("/item/held-other", host=hostile.OTHER))
        same = await session.page(hostile.url("/page?held=same"))
        again = await session.page(hostile.url("/retry-after/held?after=2"))
    answered = hostile.hits("/retry-after/held")[0]
    (to_other,) = hostile.hits("/item/held-other", host=hostile.OTHER)
    (to_same,) = [h for h in hostile.hits("/page", host=hostile.HOME) if h.query == "held=same"]
    assert busy.status == 429 and other.ok and same.ok and again.ok
    assert to_same.at - answered.at >= 1.95
    assert to_other.at - answered.at < 1.0
    saw(
        f"same host asked {to_same.at - answered.at:.2f} s after the 429, "
        f"the other host {to_other.at - answered.at:.2f} s; the page then loaded, uncached 429"
    )


@fault("Retry-After: 3600 on a host", "the host held 60 s (the cap), not 3600", within=2)
async def test_a_host_hold_is_capped(saw: Saw) -> None:
    now = [0.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    politeness = Politeness(lambda host: timedelta(0), 2, clock=lambda: now[0], sleep=sleep)
    wait = parse_retry_after("3600")
    assert wait is not None
    held = politeness.hold("shop.example", timedelta(seconds=wait))
    async with politeness.turn("https://shop.example/next"):
        pass
    assert held == timedelta(seconds=60) and slept == [60.0]
    saw(f"held {held.total_seconds():g} s")


@fault("503 twice, then 200", "retried; the 200 cached", within=8)
async def test_flaky_recovers(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    async with Session(http_config(retries=2, cache=tmp_path / "c.sqlite")) as session:
        snap = await session.page(hostile.url("/flaky/x"))
    assert snap.ok and len(hostile.hits("/flaky/x")) == 3
    saw("3 attempts, 200")


@pytest.mark.parametrize("status", [500, 502, 503, 429])
@fault("transient answer on a resumed crawl", "not cached: the rerun asks again", within=8)
async def test_transient_answers_are_not_cached(
    hostile: HostileServer, tmp_path: Path, status: int, saw: Saw
) -> None:
    url = hostile.url(f"/status/{status}")
    before = len(hostile.hits(f"/status/{status}"))
    for _ in range(2):
        async with Session(http_config(cache=tmp_path / "c.sqlite")) as session:
            snap = await session.page(url)
            assert snap.status == status
    assert len(hostile.hits(f"/status/{status}")) - before == 2
    saw(f"{status}: asked again by the rerun")


@fault("404 on a resumed crawl", "cached: the rerun does not ask again", within=5)
async def test_a_404_is_final(hostile: HostileServer, tmp_path: Path, saw: Saw) -> None:
    before = len(hostile.hits("/status/404"))
    for _ in range(2):
        async with Session(http_config(cache=tmp_path / "c.sqlite")) as session:
            assert (await session.page(hostile.url("/status/404"))).status == 404
    assert len(hostile.hits("/status/404")) - before == 1
    saw("asked once")


@fault("robots.txt answers 503", "every page disallowed, no page request", within=6)
async def test_robots_5xx_disallows_all(hostile: HostileServer, saw: Saw) -> None:
    with pytest.raises(RobotsDisallowed, match="unavailable"):
        async with Session(http_config()) as session:
            await session.page(hostile.url("/page?r=503", host=hostile.OTHER))
    assert hostile.hits("/page", host=hostile.OTHER) == []
    saw("RobotsDisallowed (robots.txt unavailable)")


@fault("robots.txt never answers", "every page disallowed after the timeout", within=8)
async def test_robots_timeout_disallows_all(hostile: HostileServer, saw: Saw) -> None:
    with pytest.raises(RobotsDisallowed, match="unavailable"):
        async with Session(http_config(timeout=timedelta(seconds=1))) as session:
            await session.page(hostile.url("/page?r=hang", host=hostile.THIRD))
    assert hostile.hits("/page", host=hostile.THIRD) == []
    saw("RobotsDisallowed after 1 s")


@fault("robots.txt disallows a path", "RobotsDisallowed, the path never asked", within=5)
async def test_robots_disallow(hostile: HostileServer, saw: Saw) -> None:
    with pytest.raises(RobotsDisallowed):
        async with Session(http_config()) as session:
            await session.page(hostile.url("/private/direct"))
    assert hostile.hits("/private/direct") == []
    saw("RobotsDisallowed")


@fault("HTTP path User-Agent", "names siteseer", within=5)
async def test_http_user_agent(hostile: HostileServer, saw: Saw) -> None:
    async with Session(http_config()) as session:
        await session.page(hostile.url("/page?ua=http"))
    (hit,) = [h for h in hostile.hits("/page") if h.query == "ua=http"]
    assert "siteseer" in hit.user_agent
    saw(hit.user_agent)
