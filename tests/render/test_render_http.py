"""HttpFetcher and the HTTP fast path against the testbed lab site."""

from __future__ import annotations

import socket
from collections.abc import Callable
from datetime import timedelta

import pytest

from siteseer.lab import LabServer
from siteseer.lab.sites.testbed import TestbedSite
from siteseer.render import HttpFetcher, NavigationFailed, NavigationTimeout, snapshot_from_html
from siteseer.render.http import never_resolves

Lab = Callable[[str], LabServer]
SECOND = timedelta(seconds=1)


async def test_static_page_over_http_matches_truth(lab: Lab) -> None:
    server = lab("testbed")
    base = server.url("testbed")
    async with HttpFetcher() as fetcher:
        response = await fetcher.fetch(base + "/static", timeout=5 * SECOND)
    assert (response.status, response.content_type, response.is_html) == (200, "text/html", True)
    assert response.elapsed_ms > 0 and not response.truncated
    snap = snapshot_from_html(
        response.url,
        response.final_url,
        response.status,
        response.text(),
        fetch_ms=response.elapsed_ms,
    )
    assert [link.url for link in snap.links] == list(server.truth("testbed").entities["static"])
    assert snap.title == "Static list" and not snap.rendered


async def test_redirect_is_followed(lab: Lab) -> None:
    base = lab("testbed").url("testbed")
    async with HttpFetcher() as fetcher:
        response = await fetcher.fetch(base + "/redirect", timeout=5 * SECOND)
    assert response.url == base + "/redirect"
    assert (response.final_url, response.status) == (base + "/static", 200)


async def test_error_status_is_data_not_an_exception(lab: Lab) -> None:
    base = lab("testbed").url("testbed")
    async with HttpFetcher() as fetcher:
        missing = await fetcher.fetch(base + "/nowhere", timeout=5 * SECOND)
        pdf = await fetcher.fetch(base + "/doc.pdf", timeout=5 * SECOND)
        robots = await fetcher.fetch(base + "/robots.txt", timeout=5 * SECOND)
    assert missing.status == 404
    assert (pdf.content_type, pdf.is_html, pdf.body[:5]) == ("application/pdf", False, b"%PDF-")
    assert "Disallow: /private/" in robots.text()


async def test_flaky_page_fails_once(lab: Lab) -> None:
    server = lab("testbed")
    site = server.site("testbed")
    assert isinstance(site, TestbedSite)
    base = server.url("testbed")
    before = site.flaky_requests
    async with HttpFetcher() as fetcher:
        first = await fetcher.fetch(base + "/flaky", timeout=5 * SECOND)
        second = await fetcher.fetch(base + "/flaky", timeout=5 * SECOND)
    assert first.status == (500 if before == 0 else 200)
    assert second.status == 200


async def test_timeout_raises_with_the_url(lab: Lab) -> None:
    base = lab("testbed").url("testbed")
    async with HttpFetcher() as fetcher:
        with pytest.raises(NavigationTimeout) as caught:
            await fetcher.fetch(base + "/slow", timeout=timedelta(milliseconds=300))
    assert caught.value.url == base + "/slow"
    assert "within 0.3 s" in str(caught.value)


async def test_refused_connection_raises_navigation_failed() -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    async with HttpFetcher() as fetcher:
        with pytest.raises(NavigationFailed) as caught:
            await fetcher.fetch(url, timeout=2 * SECOND)
    assert caught.value.url == url


async def test_body_is_capped(lab: Lab) -> None:
    base = lab("testbed").url("testbed")
    async with HttpFetcher(max_body_bytes=1000) as fetcher:
        response = await fetcher.fetch(base + "/static", timeout=5 * SECOND)
    assert response.truncated and len(response.body) == 1000


async def test_fetch_outside_the_context_manager_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="async with"):
        await HttpFetcher().fetch("http://127.0.0.1:9/", timeout=SECOND)


async def test_a_name_under_invalid_fails_in_the_resolver_without_a_query(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RFC 6761 §6.4: ``.invalid`` never resolves, and the fetcher's resolver says so itself
    (the system resolver would ask the configured name server, off this machine)."""
    assert never_resolves("catalogue.invalid") and never_resolves("A.B.INVALID.")
    assert not never_resolves("invalid.example") and not never_resolves("127.0.0.1")
    asked: list[str] = []
    real = socket.getaddrinfo
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda host, *a, **k: asked.append(host) or real(host, *a, **k)
    )
    async with HttpFetcher() as fetcher:
        with pytest.raises(
            NavigationFailed, match=r"catalogue\.invalid.*Name or service not known"
        ):
            await fetcher.fetch("http://catalogue.invalid/items", timeout=SECOND)
    assert asked == []
