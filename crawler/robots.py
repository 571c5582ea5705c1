"""robots.txt: fetched once per host, parsed with protego, asked before every page.

`Robots` knows nothing of HTTP: it is given an async `load(robots_url)` that returns the file's
text, or None when there is none (404, an error status, no response) — which allows everything.
The Session's loader fetches politely, retries, and keeps the text in the store, so a rerun does
not fetch it again.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

from protego import Protego

from crawler.dedup import InFlight
from crawler.urls import host_of

__all__ = ["Robots", "robots_url"]

log = logging.getLogger(__name__)


def robots_url(url: str) -> str:
    """The robots.txt URL governing `url`."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/robots.txt", "", ""))


class Robots:
    """The robots.txt rules of each host, for one user agent."""

    def __init__(self, user_agent: str, load: Callable[[str], Awaitable[str | None]]) -> None:
        self._user_agent = user_agent
        self._load = load
        self._parsed: dict[str, Protego] = {}
        self._loading: InFlight[str, Protego] = InFlight()

    async def allowed(self, url: str) -> bool:
        """Whether `url` may be fetched; loads the host's robots.txt on first use."""
        rules = await self.rules(url)
        return bool(rules.can_fetch(url, self._user_agent))

    async def crawl_delay(self, url: str) -> timedelta | None:
        """The Crawl-delay robots.txt asks of our user agent on `url`'s host, if any."""
        delay = (await self.rules(url)).crawl_delay(self._user_agent)
        return None if delay is None else timedelta(seconds=float(delay))

    async def rules(self, url: str) -> Protego:
        host = host_of(url)
        if host not in self._parsed:
            self._parsed[host], _ = await self._loading.run(host, lambda: self._fetch(url))
        return self._parsed[host]

    async def _fetch(self, url: str) -> Protego:
        where = robots_url(url)
        text = await self._load(where)
        if text is None:
            log.info("no robots.txt at %s: every page is allowed", where)
            text = ""
        return Protego.parse(text)

    async def close(self) -> None:
        await self._loading.cancel_all()
