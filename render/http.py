"""The HTTP fast path's fetcher: raw responses over aiohttp, no browser.

    async with HttpFetcher() as fetcher:
        response = await fetcher.fetch(url, timeout=timedelta(seconds=10))

Redirects are followed (or, with ``follow_redirects=False``, returned as they are, so that the
caller can check each hop before following it); cookies are not kept (every fetch is stateless,
so a page's bytes do not depend on what was fetched before). Bodies are read as a stream and
measured after decompression: a body larger than `max_body_bytes` is cut there and the response
says so (`truncated`), so a compressed bomb never grows past the limit in memory. No response at all raises `NavigationFailed` or
`NavigationTimeout`; an HTTP error status is a normal RawResponse.

Names are resolved by aiohttp's resolver, except the special-use names that never resolve
(`never_resolves`: ``.invalid``, RFC 6761 §6.4): those fail at once, as "no such name" from a
name server would, without a query leaving the machine.
"""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from siteseer.render.closing import AsyncClosing
from siteseer.render.errors import NavigationFailed, NavigationTimeout, RedirectLoop
from siteseer.render.identity import DEFAULT_USER_AGENT, Identity

if TYPE_CHECKING:
    import aiohttp

__all__ = [
    "DEFAULT_MAX_BODY_BYTES",
    "DEFAULT_USER_AGENT",
    "HttpFetcher",
    "RawResponse",
    "declared_charset",
    "never_resolves",
    "sent_headers",
]

DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024

# Response headers taken as a browser takes them: Chromium reads up to 256 KB of them, however
# many there are and however long one is.
MAX_HEADER_BYTES = 256 * 1024
MAX_RESPONSE_HEADERS = MAX_HEADER_BYTES // 4  # the shortest header line, "a:\r\n", is 4 bytes

_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)""", re.I)
# Top-level domains no name may resolve under (RFC 6761 §6.4: "invalid"), so a resolver answers
# "no such name" without asking a name server.
NEVER_RESOLVED = frozenset({"invalid"})


def never_resolves(host: str) -> bool:
    """Whether `host` is a name no resolver may resolve (under ``.invalid``, RFC 6761)."""
    return host.lower().rstrip(".").rpartition(".")[2] in NEVER_RESOLVED


@dataclass(frozen=True)
class RawResponse:
    """One HTTP response as received: `final_url` is where redirects ended.

    `content_type` is the media type without parameters, lowercased ("text/html"); `headers`
    keep their order and repetitions. `elapsed_ms` runs from sending the request to the last
    byte of the body; `sent_at` is when it was sent (seconds since the epoch; 0: unknown).
    `request_headers` are the request's as sent, without its credentials (`sent_headers`).
    """

    url: str
    final_url: str
    status: int
    content_type: str
    headers: tuple[tuple[str, str], ...]
    body: bytes
    elapsed_ms: float
    truncated: bool = False
    sent_at: float = 0.0
    request_headers: tuple[tuple[str, str], ...] = ()

    @property
    def is_html(self) -> bool:
        """True for text/html and XHTML (and for a missing content type)."""
        return self.content_type in _HTML_TYPES or self.content_type == ""

    def header(self, name: str) -> str:
        """The first header called `name` (case-insensitive), or ""."""
        lowered = name.lower()
        return next((v for k, v in self.headers if k.lower() == lowered), "")

    @property
    def charset(self) -> str:
        """The body's encoding: Content-Type's charset, else a <meta charset>, else utf-8."""
        return declared_charset(self.header("content-type"), self.body) or "utf-8"

    def text(self) -> str:
        """The body decoded with `charset` (undecodable bytes replaced)."""
        try:
            return self.body.decode(self.charset, errors="replace")
        except LookupError:  # an unknown charset name
            return self.body.decode("utf-8", errors="replace")


_REDIRECTS = frozenset({301, 302, 303, 307, 308})


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


# Request headers that carry credentials: never kept with a page (nor written to a WARC file).
_CREDENTIAL_HEADERS = frozenset({"authorization", "cookie", "proxy-authorization"})


def sent_headers(
    headers: Iterable[tuple[str, str]], withheld: Iterable[str] = ()
) -> tuple[tuple[str, str], ...]:
    """A request's headers as sent, without those that carry credentials (Cookie,
    Authorization, Proxy-Authorization) and those named in `withheld` (the extra headers an
    identity adds, which may be tokens): what a page keeps of the request that loaded it."""
    drop = _CREDENTIAL_HEADERS | {name.lower() for name in withheld}
    return tuple((str(k), str(v)) for k, v in headers if str(k).lower() not in drop)


_CHARSET = re.compile(r"charset\s*=\s*\"?([^\s;\"]+)", re.I)


def declared_charset(content_type: str, body: bytes) -> str | None:
    """The charset a Content-Type header names, else the one a ``<meta charset>`` in the
    body's first 4 KB names; None when neither does."""
    named = _CHARSET.search(content_type)
    if named is not None:
        return named.group(1)
    meta = _META_CHARSET.search(body[:4096])
    return meta.group(1).decode("ascii") if meta else None


def _media_type(content_type: str) -> str:
    """A Content-Type header's media type, lowercased, without parameters ("" when absent).

    aiohttp's own parse (the email package's) costs more than the rest of a small fetch.
    """
    return content_type.split(";", 1)[0].strip().lower()


class HttpFetcher(AsyncClosing):
    """A pooled aiohttp client for raw page fetches (an async context manager).

    `connections` caps concurrent connections overall; politeness per host is the caller's job.
    aiohttp is imported, and its client opened, on the first fetch: its import costs more than
    a small page's whole fetch, and a crawl answered from its cache never needs it.
    """

    def __init__(
        self,
        *,
        max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
        user_agent: str = DEFAULT_USER_AGENT,
        connections: int = 64,
        max_redirects: int = 10,
        follow_redirects: bool = True,
        identity: Identity | None = None,
    ) -> None:
        self.max_body_bytes = max_body_bytes
        self.identity = identity or Identity(user_agent=user_agent)
        self.user_agent = self.identity.user_agent
        self.connections = connections
        self.max_redirects = max_redirects
        self.follow_redirects = follow_redirects
        self._open = False
        self._session: aiohttp.ClientSession | None = None

    async def __aenter__(self) -> HttpFetcher:
        self._open = True
        return self

    def _client(self) -> aiohttp.ClientSession:
        """The pooled client, opened on the first call."""
        if self._session is None:
            import aiohttp

            connector = aiohttp.TCPConnector(
                limit=self.connections, limit_per_host=0, resolver=_resolver()
            )
            self._session = aiohttp.ClientSession(
                connector=connector,
                # A browser takes any number of response headers up to 256 KB in all (Chromium's
                # limit); aiohttp's defaults (128 headers, 8 KB a line) refuse pages it loads.
                max_headers=MAX_RESPONSE_HEADERS,
                max_line_size=MAX_HEADER_BYTES,
                max_field_size=MAX_HEADER_BYTES,
                cookie_jar=aiohttp.DummyCookieJar(),
                headers={"User-Agent": self.user_agent, "Accept": "text/html,*/*;q=0.8"},
            )
        return self._session

    async def close(self) -> None:
        self._open = False
        session, self._session = self._session, None
        if session is not None:
            await session.close()

    async def fetch(self, url: str, *, timeout: timedelta) -> RawResponse:  # noqa: ASYNC109
        """GET `url`, following redirects; the whole exchange must finish within `timeout`."""
        if not self._open:
            raise RuntimeError("HttpFetcher is not open: use `async with HttpFetcher() as f`")
        client = self._client()
        import aiohttp  # loaded by _client

        sent_at = time.time()
        started = time.perf_counter()
        seconds = timeout.total_seconds()
        # With extra headers, redirects are followed here, one hop at a time, so that the
        # headers go to the first URL's origin only (aiohttp keeps all but a few on every hop).
        by_hand = self.follow_redirects and bool(self.identity.headers)
        target = url
        try:
            for _hop in range(self.max_redirects + 1):
                left = max(seconds - (time.perf_counter() - started), 0.001)
                response = await self._get(client, url, target, left, by_hand=by_hand)
                location = response.headers.get("Location", "")
                if not (by_hand and response.status in _REDIRECTS and location):
                    break
                target = str(response.url.join(type(response.url)(location)))
                response.release()
            else:
                raise aiohttp.TooManyRedirects(response.request_info, ())
            async with response:
                body, truncated = await self._read(response)
                return RawResponse(
                    url=url,
                    final_url=str(response.url),
                    status=response.status,
                    content_type=_media_type(response.headers.get("Content-Type", "")),
                    headers=tuple(response.headers.items()),
                    body=body,
                    elapsed_ms=(time.perf_counter() - started) * 1000.0,
                    truncated=truncated,
                    sent_at=sent_at,
                    request_headers=sent_headers(
                        response.request_info.headers.items(),
                        withheld=(name for name, _value in self.identity.headers),
                    ),
                )
        except TimeoutError as e:
            raise NavigationTimeout(
                f"no complete response from {url} within {seconds:g} s; the server is slow "
                f"or not answering (raise the timeout to wait longer)",
                url=url,
            ) from e
        except aiohttp.TooManyRedirects as e:
            raise RedirectLoop(
                f"{url} redirects more than {self.max_redirects} times (a redirect loop?)",
                url=url,
            ) from e
        except (aiohttp.InvalidURL, ValueError) as e:
            raise NavigationFailed(f"{url} is not a fetchable URL: {e}", url=url) from e
        except aiohttp.ClientError as e:
            raise NavigationFailed(
                f"fetching {url} failed: {type(e).__name__}: {e}; check that the server is up",
                url=url,
            ) from e

    async def _get(
        self, client: aiohttp.ClientSession, first: str, url: str, seconds: float, *, by_hand: bool
    ) -> aiohttp.ClientResponse:
        """One GET of `url`, a hop of a fetch of `first`: the identity's headers and cookies
        only on `first`'s origin."""
        import aiohttp  # loaded by _client

        same = _origin(url) == _origin(first)
        return await client.get(
            url,
            allow_redirects=self.follow_redirects and not by_hand,
            max_redirects=self.max_redirects,
            headers=self.identity.request_headers(url) if same else {},
            proxy=self.identity.proxy,
            timeout=aiohttp.ClientTimeout(total=seconds),
        )

    async def _read(self, response: aiohttp.ClientResponse) -> tuple[bytes, bool]:
        """The body, decompressed as it streams in, cut at `max_body_bytes`.

        Content-Length is not trusted: it counts compressed bytes, and a small compressed body
        can inflate a thousandfold.
        """
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.content.iter_chunked(64 * 1024):
            chunks.append(chunk)
            size += len(chunk)
            if size > self.max_body_bytes:
                response.close()
                return b"".join(chunks)[: self.max_body_bytes], True
        return b"".join(chunks), False


def _resolver() -> aiohttp.abc.AbstractResolver:
    """aiohttp's default resolver, which answers a name that `never_resolves` as a name server
    answers one that does not exist (socket.gaierror EAI_NONAME), without a query."""
    import aiohttp  # loaded by HttpFetcher._client, its only caller

    class Resolver(aiohttp.abc.AbstractResolver):
        def __init__(self) -> None:
            self._resolver = aiohttp.DefaultResolver()

        async def resolve(
            self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
        ) -> list[aiohttp.abc.ResolveResult]:
            if never_resolves(host):
                raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
            return await self._resolver.resolve(host, port, family)

        async def close(self) -> None:
            await self._resolver.close()

    return Resolver()
