"""robots.txt: fetched once per host, parsed with protego, asked before every page.

`Robots` knows nothing of HTTP: it is given an async `load(robots_url)` that returns the file's
text, or None when there is none (a 4xx: everything is allowed), or raises `RobotsUnavailable`
when the file cannot be had now (a 5xx, no response): then every page of the host is disallowed
(RFC 9309, 2.3.1.4) and the file is asked for again after `retry_unavailable`. The Session's
loader fetches politely, retries, and keeps a text it got in the store, so a rerun does not fetch
it again.

The file is read as RFC 9309 says: a UTF-8 byte order mark before the first line is not part of
it (protego would otherwise take ``\ufeffUser-agent`` for an unknown line and drop the group that
follows, `Disallow: /` included). Its redirects are followed as a page's are (up to `max_redirects`; RFC 9309,
2.3.1.2 asks for at least five) and across hosts, as the RFC allows: the rules are the file's,
wherever it is served from. Each hop passes the address policy (crawler.hops), not the crawl's
scope or robots.txt: it fetches rules, never a page.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

from protego import Protego

from siteseer.crawler.dedup import InFlight
from siteseer.crawler.urls import host_of

__all__ = ["Robots", "RobotsUnavailable", "robots_text", "robots_url"]

log = logging.getLogger(__name__)


def robots_url(url: str) -> str:
    """The robots.txt URL governing `url`."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/robots.txt", "", ""))


_BOMS = ("\ufeff", "\u00ef\u00bb\u00bf")  # decoded as UTF-8, or taken for Latin-1 bytes


def robots_text(text: str) -> str:
    """robots.txt `text` without a leading byte order mark (RFC 9309: the file is UTF-8)."""
    for bom in _BOMS:
        if text.startswith(bom):
            return text[len(bom) :]
    return text


_DISALLOW_ALL = Protego.parse("User-agent: *\nDisallow: /\n")


class RobotsUnavailable(Exception):
    """robots.txt could not be had now (a 5xx answer, no answer); the message says which."""


class Robots:
    """The robots.txt rules of each host, for one user agent."""

    def __init__(
        self,
        user_agent: str,
        load: Callable[[str], Awaitable[str | None]],
        *,
        retry_unavailable: timedelta = timedelta(seconds=30),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._user_agent = user_agent
        self._load = load
        self._retry_s = retry_unavailable.total_seconds()
        self._clock = clock
        self._parsed: dict[str, Protego] = {}
        self._unavailable: dict[str, tuple[float, str]] = {}  # host -> (ask again at, why)
        self._loading: InFlight[str, Protego] = InFlight()

    async def allowed(self, url: str) -> bool:
        """Whether `url` may be fetched; loads the host's robots.txt on first use."""
        rules = await self.rules(url)
        return bool(rules.can_fetch(url, self._user_agent))

    def unavailable(self, url: str) -> str:
        """Why `url`'s host disallows everything for now ("" when its robots.txt was read)."""
        found = self._unavailable.get(host_of(url))
        return found[1] if found is not None else ""

    async def crawl_delay(self, url: str) -> timedelta | None:
        """The Crawl-delay robots.txt asks of our user agent on `url`'s host, if any."""
        delay = (await self.rules(url)).crawl_delay(self._user_agent)
        return None if delay is None else timedelta(seconds=float(delay))

    async def sitemaps(self, url: str) -> tuple[str, ...]:
        """The URLs the `Sitemap:` lines of `url`'s host's robots.txt give, in file order."""
        return tuple(dict.fromkeys((await self.rules(url)).sitemaps))

    async def rules(self, url: str) -> Protego:
        host = host_of(url)
        failed = self._unavailable.get(host)
        if failed is not None and self._clock() >= failed[0]:
            self._parsed.pop(host, None)
        if host not in self._parsed:
            self._parsed[host], _ = await self._loading.run(host, lambda: self._fetch(url))
        return self._parsed[host]

    async def _fetch(self, url: str) -> Protego:
        where = robots_url(url)
        host = host_of(url)
        try:
            text = await self._load(where)
        except RobotsUnavailable as e:
            log.warning(
                "robots.txt %s unavailable (%s): every page of %s is disallowed; asking again "
                "in %g s",
                where,
                e,
                host,
                self._retry_s,
            )
            self._unavailable[host] = (self._clock() + self._retry_s, str(e))
            return _DISALLOW_ALL
        self._unavailable.pop(host, None)
        if text is None:
            log.info("no robots.txt at %s: every page is allowed", where)
            text = ""
        return Protego.parse(robots_text(text))

    async def close(self) -> None:
        await self._loading.cancel_all()
