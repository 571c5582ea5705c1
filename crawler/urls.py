"""URL canonicalisation and crawl scope.

`canonical_url` follows w3lib's `canonicalize_url(url, keep_fragments=False)`: query arguments
are sorted (``?b=2&a=1`` and ``?a=1&b=2`` are one page — intended), percent-encoding is
normalised and the fragment dropped. Paths and queries keep their case (``/Drivers/Hamilton``
and ``/drivers/hamilton`` are different pages on most servers); scheme and host are lower-cased
and default ports (80 for http, 443 for https) dropped, which w3lib leaves alone.

`Scope` decides which hosts a crawl may visit: the host of the first URL (``"host"``) or that
host and its subdomains (``"domain"``), or an explicit list of hosts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import urljoin, urlsplit, urlunsplit

from w3lib.url import canonicalize_url

from crawler.errors import InvalidURL

__all__ = ["Scope", "ScopeMode", "canonical_url", "host_of", "is_loopback"]

ScopeMode = Literal["host", "domain"]

_DEFAULT_PORTS = {"http": 80, "https": 443}
_LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def canonical_url(url: str, base: str | None = None) -> str:
    """The canonical absolute form of `url` (resolved against `base` when relative).

    Raises `InvalidURL` when the result is not an http(s) URL with a host.
    """
    text = url.strip()
    if base is not None:
        text = urljoin(base, text)
    try:
        parts = urlsplit(text)
        port = parts.port  # validates the port (ValueError when out of range or not a number)
    except ValueError as e:
        raise InvalidURL(url, str(e)) from e
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS:
        reason = f"scheme {parts.scheme!r} is not http or https" if scheme else "no scheme"
        raise InvalidURL(url, reason)
    if not parts.hostname:
        raise InvalidURL(url, "no host")
    host = parts.hostname.lower()
    if ":" in host:  # an IPv6 literal
        host = f"[{host}]"
    netloc = host if port is None or port == _DEFAULT_PORTS[scheme] else f"{host}:{port}"
    if parts.username is not None:
        userinfo = parts.username + (f":{parts.password}" if parts.password is not None else "")
        netloc = f"{userinfo}@{netloc}"
    rebuilt = urlunsplit((scheme, netloc, parts.path, parts.query, parts.fragment))
    return canonicalize_url(rebuilt, keep_fragments=False)


def host_of(url: str) -> str:
    """The ``host[:port]`` of a canonical URL (port only when not the scheme's default)."""
    netloc = urlsplit(url).netloc
    return netloc.rpartition("@")[2].lower()


def is_loopback(host: str) -> bool:
    """Whether ``host[:port]`` names this machine (the lab serves every site there)."""
    name = _split_host(host)[0]
    return name in _LOOPBACK_NAMES or name.startswith("127.")


def _split_host(host: str) -> tuple[str, str]:
    """``host[:port]`` → (host name, port or "")."""
    if host.startswith("["):
        end = host.index("]") + 1
        return host[:end], host[end:].removeprefix(":")
    name, _, port = host.partition(":")
    return name, port


@dataclass(frozen=True, slots=True)
class Scope:
    """The hosts a crawl may visit.

    `hosts` are ``host`` or ``host:port`` strings. An entry with a port matches only that port;
    one without matches the host on any port. With `mode` ``"domain"`` an entry also matches its
    subdomains, and a leading ``www.`` of the entry is ignored (``www.example.com`` admits
    ``shop.example.com``). An empty scope admits nothing; the Session fills it from the first URL
    it fetches unless `SessionConfig.allowed_hosts` is given.
    """

    hosts: tuple[str, ...] = ()
    mode: ScopeMode = "host"

    def admits(self, url: str) -> bool:
        host = host_of(url)
        return any(self._matches(host, entry) for entry in self.hosts)

    def _matches(self, host: str, entry: str) -> bool:
        entry = entry.lower()
        name, port = _split_host(host)
        entry_name, entry_port = _split_host(entry)
        if entry_port and entry_port != port:
            return False
        if name == entry_name:
            return True
        if self.mode == "domain":
            domain = entry_name.removeprefix("www.")
            return name == domain or name.endswith("." + domain)
        return False
