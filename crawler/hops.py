"""The address policy every hop of a load passes: redirects and in-browser navigations.

A crawl admits its first URL through scope, traps and robots.txt (crawler.urls, crawler.robots);
every later hop of the same load — an HTTP redirect, a page that sends the browser elsewhere —
goes through the same checks plus this one, which needs no network:

- only http and https are followed (never ``file:``, ``data:``, ``javascript:`` …);
- from a public host, never a loopback, private, link-local or otherwise reserved address
  (``localhost``, 127/8, 10/8, 172.16/12, 192.168/16, 169.254/16, ::1, fc00::/7, fe80::/10 …),
  unless the crawl allows private addresses. A crawl that starts on such an address (a lab, an
  intranet) is already there, so its hops may stay there.

Host names are judged as written: resolving them would send traffic, and a name that resolves to
a private address is the resolver's business.

`Hops` is the Session's HTTP side built on that policy: each request fetched politely with
retries (a Retry-After holding its whole host), its redirects followed one checked hop at a time,
the answer made a Snapshot (a page, a script's data, robots.txt), and the same check offered to
the browser for its navigations (`navigation_check`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AsyncExitStack
from dataclasses import replace
from datetime import timedelta
from typing import TypedDict
from urllib.parse import urljoin, urlsplit

from siteseer.crawler.config import SessionConfig
from siteseer.crawler.cost import Counters
from siteseer.crawler.errors import (
    NOT_OPEN,
    CrawlError,
    FetchFailed,
    RedirectRefused,
    RobotsDisallowed,
    reason_of,
)
from siteseer.crawler.gzipped import inflate, is_gzip
from siteseer.crawler.politeness import Fetcher, PoliteFetcher, Politeness
from siteseer.crawler.retry import Attempt, RetryPolicy, parse_retry_after, retrying
from siteseer.crawler.robots import Robots, RobotsUnavailable
from siteseer.crawler.store import SnapshotStore
from siteseer.crawler.urls import Admission, host_of
from siteseer.render import (
    HttpFetcher,
    Identity,
    NavigationError,
    NavigationFailed,
    NavigationTimeout,
    RawResponse,
    RedirectLoop,
    Snapshot,
    State,
    is_private_host,
    snapshot_from_html,
)

__all__ = ["FINAL", "RETRYABLE", "Hops", "hop_refusal", "is_private_host"]

log = logging.getLogger(__name__)

# render's errors a load is tried again on (the browser's loads too).
RETRYABLE = (NavigationFailed, NavigationTimeout)
# Failures of those kinds that asking again cannot change: the same chain of redirects.
FINAL = (RedirectLoop,)
_REDIRECTS = frozenset({301, 302, 303, 307, 308})

_FOLLOWED_SCHEMES = frozenset({"http", "https"})


def hop_refusal(
    origin: str,
    target: str,
    *,
    allow_private: bool = False,
    is_private: Callable[[str], bool] = is_private_host,
) -> str | None:
    """Why a load that started at `origin` may not go on to `target` (None: it may);
    `is_private` says which hosts are private."""
    parts = urlsplit(target.strip())
    scheme = parts.scheme.lower()
    if scheme not in _FOLLOWED_SCHEMES:
        return f"a hop to a {scheme or 'scheme-less'}: URL is never followed"
    try:
        host = parts.hostname or ""
    except ValueError:
        return "the hop's host is malformed"
    if not host:
        return "the hop has no host"
    if allow_private or not is_private(host):
        return None
    origin_host = urlsplit(origin).hostname or ""
    if is_private(origin_host):
        return None
    return f"a hop from the public host {origin_host} to the private address {host} is refused"


def _as_http(url: str) -> str:
    """A WebSocket URL (ws:, wss:) as the http: or https: URL its handshake requests."""
    scheme, found, rest = url.partition(":")
    websocket = {"ws": "http", "wss": "https"}.get(scheme.lower()) if found else None
    return f"{websocket}:{rest}" if websocket else url


class Hops:
    """A Session's HTTP requests: fetched politely with retries, redirects followed one checked
    hop at a time.

    `urls` gives the Session's canonical URLs and scope, `store` its store (where robots.txt
    is kept); `fetcher` replaces the HttpFetcher `open` builds.
    """

    def __init__(
        self,
        config: SessionConfig,
        *,
        politeness: Politeness,
        retry: RetryPolicy,
        counters: Counters,
        urls: Admission,
        store: Callable[[], SnapshotStore],
        fetcher: Fetcher | None = None,
    ) -> None:
        self.config = config
        self.fetcher = fetcher
        self._politeness = politeness
        self._retry = retry
        self._store = store
        self.robots = Robots(config.user_agent, self.robots_txt)
        self._counters = counters
        self._urls = urls

    async def open(self, stack: AsyncExitStack, identity: Identity) -> None:
        """Open an HttpFetcher sending `identity` (closed by `stack`), unless one was given."""
        if self.fetcher is None:
            http = HttpFetcher(
                max_redirects=self.config.max_redirects, follow_redirects=False, identity=identity
            )
            self.fetcher = await stack.enter_async_context(http)

    async def robots_refusal(self, url: str) -> RobotsDisallowed | None:
        """Why robots.txt keeps the crawl from `url` (None: it may go on, after the host's
        Crawl-delay, which raises its politeness delay)."""
        if not self.config.respect_robots:
            return None
        if not await self.robots.allowed(url):
            unavailable = self.robots.unavailable(url)
            return RobotsDisallowed(url, self.config.user_agent, unavailable)
        delay = await self.robots.crawl_delay(url)
        if delay is not None:
            self._politeness.raise_delay(host_of(url), delay)
        return None

    async def close(self) -> None:
        await self.robots.close()

    async def fetch(self, url: str, *, page: bool = True) -> RawResponse:
        """One politely fetched response, with retries; raises render's NavigationError.

        Every attempt at a `page` counts as a download; every response's bytes count.
        """
        if self.fetcher is None:
            raise RuntimeError(NOT_OPEN)
        polite = PoliteFetcher(self.fetcher, self._politeness)

        async def attempt() -> RawResponse:
            response = await polite.fetch(url, timeout=self.config.timeout)
            self._counters.bytes += len(response.body)
            self._hold_host(url, response)
            return response

        return await retrying(
            attempt,
            self._retry,
            status_of=lambda r: r.status,
            retry_on=RETRYABLE,
            final=FINAL,
            on_attempt=self._count_fetch if page else None,
            retry_after_of=lambda r: parse_retry_after(r.header("retry-after")),
        )

    def _count_fetch(self, attempt: Attempt) -> None:
        self._counters.http_fetches += 1

    def _hold_host(self, url: str, response: RawResponse) -> None:
        """A 429 or 5xx with Retry-After holds every request to its host, not only its own
        retry (capped at the retry policy's `max_retry_after`)."""
        if not RetryPolicy.retry_status(response.status):
            return
        seconds = parse_retry_after(response.header("retry-after"))
        if not seconds:
            return
        host = host_of(url)
        held = self._politeness.hold(host, timedelta(seconds=seconds))
        log.info(
            "%s answered %d with Retry-After %g s: no request to %s for %g s",
            url,
            response.status,
            seconds,
            host,
            held.total_seconds(),
        )

    async def follow(self, url: str, *, page: bool = True) -> tuple[RawResponse, list[str]]:
        """`url` fetched, following its redirects one checked hop at a time.

        Returns the last response and the URLs passed through before it. Raises
        RedirectRefused for a hop the checks refuse (`check`), NavigationFailed for more than
        `max_redirects` hops, and render's NavigationError when a hop gets no answer.
        """
        chain: list[str] = []
        current = url
        while True:
            response = await self.fetch(current, page=page)
            location = response.header("location") if response.status in _REDIRECTS else ""
            if not location:
                break
            if len(chain) >= self.config.max_redirects:
                raise RedirectLoop(
                    f"{url} redirects more than {self.config.max_redirects} times "
                    "(a redirect loop?)",
                    url=url,
                )
            chain.append(current)
            current = await self.check(url, urljoin(current, location), page=page)
        if response.final_url not in {current, url}:  # a fetcher that follows redirects itself
            await self.check(url, response.final_url, page=page)
        return response, chain

    async def check(self, origin: str, target: str, *, page: bool = True) -> str:
        """The canonical `target` of a hop from a load that started at `origin`, once checked.

        Every hop passes the address policy (`hop_refusal`); a page's hops also the crawl's
        scope and robots.txt, like the first URL. Raises RedirectRefused.
        """
        refusal = hop_refusal(origin, target, allow_private=self.config.allow_private_addresses)
        if refusal is not None:
            raise RedirectRefused(origin, target, refusal)
        try:
            canonical = self._urls.canonical(target)
        except CrawlError as e:
            raise RedirectRefused(origin, target, str(e)) from e
        if not page:
            return canonical
        scope = self._urls.scope
        if scope.hosts and not scope.admits(canonical):
            hosts = ", ".join(scope.hosts)
            raise RedirectRefused(origin, canonical, f"it is outside the crawl's scope ({hosts})")
        if self.config.respect_robots and not await self.robots.allowed(canonical):
            unavailable = self.robots.unavailable(canonical)
            why = f"robots.txt is unavailable ({unavailable})" if unavailable else "robots.txt"
            raise RedirectRefused(origin, canonical, f"{why} disallows it")
        return canonical

    async def resource_check(self, page: str, target: str) -> str | None:
        """The browser's check of a page's subresource (a script, a style, XHR, a beacon, a
        WebSocket's handshake, a prefetch): why it is refused (None: it may go on). The address
        policy holds for every host; robots.txt only on the crawl's own hosts (another host's
        robots.txt is never fetched for it); with `resources` "same-site", nothing outside the
        crawl's scope. A WebSocket (ws:, wss:) is judged as the http: or https: URL of its
        handshake."""
        target = _as_http(target)
        refusal = hop_refusal(page, target, allow_private=self.config.allow_private_addresses)
        if refusal is not None:
            return refusal
        scope = self._urls.scope
        try:
            canonical = self._urls.canonical(target)
        except CrawlError as e:  # not a page URL (the address policy passed)
            if self.config.resources == "same-site":
                return f"it is not a URL of the crawl's scope ({e})"
            return None  # not robots' business
        outside = bool(scope.hosts) and not scope.admits(canonical)
        if outside and self.config.resources == "same-site":
            return f"it is outside the crawl's scope ({', '.join(scope.hosts)}; --resources)"
        if not self.config.respect_robots or outside:
            return None
        if not await self.robots.allowed(canonical):
            return "robots.txt disallows it"
        return None

    def confined(self, page: str) -> bool:
        """Whether the page at `page` keeps every subresource to the crawl's scope
        (`SessionConfig.resources`: the browser then pauses and checks them all)."""
        return self.config.resources == "same-site"

    async def navigation_check(self, origin: str, target: str) -> str | None:
        """The browser's check of a navigation: why it is refused (None: it may go on)."""
        try:
            await self.check(origin, target)
        except RedirectRefused as e:
            return e.reason
        return None

    async def page(self, url: str) -> tuple[Snapshot, RawResponse]:
        """The page at `url` (its redirects followed) and the response it was made from (its
        last hop's): a Snapshot of its HTML, or a marker without a body for another content
        type. Raises FetchFailed, RedirectRefused."""
        response, chain = await self._follow_page(url)
        if not response.is_html:
            snapshot = Snapshot(
                url=url,
                final_url=response.final_url,
                status=response.status,
                html="",
                state=State(url),
                content_type=response.content_type,
                fetch_ms=response.elapsed_ms,
                **_capture(response),
            )
        else:
            snapshot = snapshot_from_html(
                url,
                response.final_url,
                response.status,
                response.text(),
                canonicalize=self._urls.link,
                content_type=response.content_type or "text/html",
                fetch_ms=response.elapsed_ms,
            )
            snapshot = replace(snapshot, **_capture(response))
        if chain or response.truncated:
            snapshot = replace(snapshot, redirects=tuple(chain), truncated=response.truncated)
        return snapshot, response

    async def data(self, url: str) -> Snapshot:
        """The answer at `url` whatever its content type, its body as text in `html` (a body
        gzipped by itself inflated, at most 50 MB: crawler.gzipped)."""
        response, chain = await self._follow_page(url)
        text, cut = response.text(), response.truncated
        if is_gzip(response.body):  # a .gz file served as it is, known by its bytes
            inflated, cut = inflate(response.body)
            text = inflated.decode("utf-8", errors="replace")
        return Snapshot(
            url=url,
            final_url=response.final_url,
            status=response.status,
            html=text,
            state=State(url),
            content_type=response.content_type,
            fetch_ms=response.elapsed_ms,
            redirects=tuple(chain),
            truncated=cut,
            **_capture(response),
        )

    async def _follow_page(self, url: str) -> tuple[RawResponse, list[str]]:
        try:
            return await self.follow(url)
        except NavigationError as e:
            raise FetchFailed(url, reason_of(e), self.config.retries + 1) from e

    async def robots_txt(self, where: str) -> str | None:
        """robots.txt text at `where` for the Robots piece: from the store, else fetched and
        stored.

        A 4xx means no robots.txt (stored as ""), and so does a refused connection (no server:
        the page's own fetch fails); a 5xx, a timeout or a redirect that is not followed raises
        RobotsUnavailable (nothing stored: it is asked again later).
        """
        host = host_of(where)
        store = self._store()
        known = store.get_setting(host, "robots_txt")
        if known is None:
            try:
                response, _ = await self.follow(where, page=False)
            except NavigationFailed as e:  # no server at all: the page's own fetch says so
                log.info("robots.txt %s unreachable (%s)", where, e)
                return None
            except (NavigationError, RedirectRefused) as e:
                raise RobotsUnavailable(reason_of(e)) from e
            if 200 <= response.status < 300:
                known = response.text()
            elif 400 <= response.status < 500:
                known = ""
            else:
                raise RobotsUnavailable(f"it answered HTTP {response.status}")
            store.put_setting(host, "robots_txt", known)
        return known or None


class _Capture(TypedDict):
    fetched_at: float
    headers: tuple[tuple[str, str], ...]
    request_headers: tuple[tuple[str, str], ...]


def _capture(response: RawResponse) -> _Capture:
    """What a Snapshot keeps of the exchange that loaded it (for a WARC file): when it was
    sent, the response's headers as received, the request's without credentials."""
    return _Capture(
        fetched_at=response.sent_at,
        headers=response.headers,
        request_headers=response.request_headers,
    )
