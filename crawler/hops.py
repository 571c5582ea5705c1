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
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

__all__ = ["hop_refusal", "is_private_host"]

_FOLLOWED_SCHEMES = frozenset({"http", "https"})
_PRIVATE_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def is_private_host(host: str) -> bool:
    """Whether `host` (a name or an IP literal, maybe in brackets) is a non-public address."""
    name = host.strip().lower().strip("[]").rstrip(".")
    if name in _PRIVATE_NAMES or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return not address.is_global or address.is_multicast


def hop_refusal(origin: str, target: str, *, allow_private: bool = False) -> str | None:
    """Why a load that started at `origin` may not go on to `target` (None: it may)."""
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
    if allow_private or not is_private_host(host):
        return None
    origin_host = urlsplit(origin).hostname or ""
    if is_private_host(origin_host):
        return None
    return f"a hop from the public host {origin_host} to the private address {host} is refused"
