"""Safety by effect: which requests a page may send while our actions run on it.

Exploration clicks, selects and submits; what a control *does* is known only once it is done, so
while a load's actions run every request its page sends — from any frame or worker — is paused
before it leaves (CDP ``Fetch`` on the page's target, render/guard.py) and passed to
`effect_refusal`:

- PUT, PATCH and DELETE are refused, and so is every beacon (``navigator.sendBeacon``, ``<a
  ping>``): they change state or report by definition;
- a POST is refused unless it goes to an endpoint (scheme, host, port, path) the page itself
  POSTed to before any action of ours — its own read channel: GraphQL queries, Dash callbacks,
  search APIs — or it is the submission of the form a ``fill_submit`` action submits (exploration
  submits POST forms only with ``--allow-post``), or goes where such a submission went (the
  result's next pages);
- any other request (GET, HEAD, …) is refused when its path or its parameters say delete,
  remove, purge, destroy or drop, in any case form, or name an upkeep of the server's own
  store, a cache's or a session's clearing, flushing, resetting or rebuilding
  (``/library/clear_cache``, ``?do=flush-cache``) (`destructive_word`).

A refused request never reaches its server; the load's Snapshot names it (`Snapshot.refused`),
and exploration marks the control whose action led to it unsafe and never acts on it again.
"""

from __future__ import annotations

import ipaddress
import re
from itertools import pairwise
from urllib.parse import parse_qsl, unquote, urlsplit

__all__ = [
    "DESTRUCTIVE",
    "destructive_text",
    "destructive_word",
    "effect_refusal",
    "endpoint",
    "is_private_host",
]

# The words of a path segment or parameter that say a request destroys something.
DESTRUCTIVE = frozenset(
    {"delete", "deleted", "deletes", "remove", "removed", "removes", "purge", "purged"}
    | {"purges", "destroy", "destroyed", "destroys", "drop", "drops", "dropped"}
)
# An upkeep of the server's own store: one of these verbs next to one of these stores, either
# order (``clear_cache``, ``cache/flush``), where either word alone is a name like any other
# (a "clear sky" tag, a "cache" page of a manual).
_UPKEEP = frozenset({"clear", "flush", "reset", "empty", "invalidate", "rebuild", "refresh"})
_STORES = frozenset({"cache", "caches", "session", "sessions"})
_ALWAYS_REFUSED = frozenset({"PUT", "PATCH", "DELETE"})
_BEACONS = frozenset({"Ping", "CSPViolationReport"})
# Split text into words: at anything not a letter or digit, and where a lower-case letter or
# digit is followed by an upper-case one (``deleteItem``, ``DropAll``).
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NOT_WORD = re.compile(r"[^0-9A-Za-z]+")


def _words(text: str) -> list[str]:
    return [w.lower() for w in _NOT_WORD.split(_CAMEL.sub(" ", text)) if w]


def destructive_text(text: str) -> str:
    """The word of `text` that says delete, remove, purge, destroy or drop, or the two that
    name an upkeep of the server's cache or session ("clear cache"); "" when none."""
    words = _words(text)
    found = next((word for word in words if word in DESTRUCTIVE), "")
    if found:
        return found
    for first, second in pairwise(words):
        if {first, second} & _UPKEEP and {first, second} & _STORES:
            return f"{first} {second}"
    return ""


def destructive_word(url: str) -> str:
    """The word of `url`'s path or parameters (names and values) that says the request deletes,
    removes, purges, destroys or drops something, or clears the server's cache or session
    (`destructive_text`; "" when none)."""
    parts = urlsplit(url)
    texts = [unquote(parts.path)]
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        texts += [name, value]
    return next((word for text in texts if (word := destructive_text(text))), "")


def endpoint(url: str) -> str:
    """The endpoint a request goes to: its URL without query and fragment."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path or '/'}"


def effect_refusal(
    method: str,
    url: str,
    resource_type: str,
    reads: frozenset[str] | set[str],
    *,
    form_post: bool = False,
) -> str | None:
    """Why a request sent while our actions run must not leave (None: it may go on).

    `reads` are the endpoints (`endpoint`) the page POSTed to before any action of ours;
    `form_post` says the request is the document submission of the form our action submits."""
    verb = method.upper()
    if resource_type in _BEACONS:
        return "a beacon reports or changes state"
    if verb in _ALWAYS_REFUSED:
        return f"a {verb} changes state"
    if verb == "POST":
        if form_post and resource_type == "Document":
            return None
        if endpoint(url) in reads:
            return None
        return "a POST to an endpoint the page had not called before our actions"
    if verb not in ("GET", "HEAD", "OPTIONS"):
        return f"a {verb} may change state"
    word = destructive_word(url)
    if word:
        return f"its address says {word!r}"
    return None


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
