"""URL canonicalisation and crawl scope.

`canonical_url` follows w3lib's `canonicalize_url(url, keep_fragments=False)`: query arguments
are sorted (``?b=2&a=1`` and ``?a=1&b=2`` are one page — intended), percent-encoding is
normalised and the fragment dropped. The canonical URL is also the one requested and reported, so
it changes nothing a server reads differently: an argument written without ``=`` (an isindex
query, ``?3+printf``) keeps that spelling, where w3lib would add one (``?3+printf=``, another
request to a CGI program that reads its whole query string). Paths and queries keep their case (``/Drivers/Hamilton``
and ``/drivers/hamilton`` are different pages on most servers); scheme and host are lower-cased
and default ports (80 for http, 443 for https) dropped, which w3lib leaves alone.

Session ids are dropped too: a ``;jsessionid=…`` path parameter and the well-known session query
parameters (`SESSION_PARAMS`, matched without regard to case) name no page of their own, and a
site that hands out a fresh one per request would otherwise offer endlessly many "new" URLs for
each page. Every other parameter stays as it is.

`Scope` decides which hosts a crawl may visit: the host of the first URL (``"host"``) or that
host and its subdomains (``"domain"``), or an explicit list of hosts.

Spider-trap guards refuse URLs that look like the endless part of a site. A spider trap offers a
crawler unboundedly many URLs: a calendar whose "next day" link never ends, relative links that
nest a path ever deeper (``/a/b/a/b/a/b/…``), URLs that grow with every hop. Session ids are
handled by canonicalisation; the guards bound the rest, each by a limit of `SessionConfig`
(None switches a guard off):

- `max_url_length` — characters of the canonical URL (`DEFAULT_MAX_URL_LENGTH`);
- `max_path_depth` — non-empty path segments (`DEFAULT_MAX_PATH_DEPTH`);
- `max_segment_repeats` — occurrences of any one path segment (`DEFAULT_MAX_SEGMENT_REPEATS`);
- `max_urls_per_pattern` — distinct URLs of one URL family (crawler.families: a host's URLs
  that differ only in numbers, month names and letter-coded counters) that varies in one
  position (`DEFAULT_MAX_URLS_PER_PATTERN`): numbered entities, the pages of a list;
- `max_urls_per_multi_pattern` — the same for a family that varies in two positions or more, or
  in a letter-coded counter (`DEFAULT_MAX_URLS_PER_MULTI_PATTERN`, the lower of the two binds):
  ``/calendar/2025/03/14`` and ``/calendar/1999/12/31`` are days of ``/calendar/#/#/#``, cells
  of a grid ``/grid/#/#``, days of a diary coded in letters ``/diary/*``, so an endless calendar
  stops after that many days.

`TrapGuard` applies them to each URL a Session admits, after the scope; a refused URL raises
`crawler.errors.SpiderTrap`. The first three are pure functions of the URL (`static_trap`); the
family caps count the URLs admitted so far, so the first ones of a family are kept in the order
they came, and each family stopped is named once (`TrapStop`).

`Admission` is the Session's side of all this: the canonical form of each URL it is asked for,
its scope (fixed by the first URL when no hosts were given) and its guards, in that order.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Literal
from urllib.parse import quote, unquote_plus, urljoin, urlsplit, urlunsplit

from w3lib.url import canonicalize_url

from siteseer.crawler.errors import CrawlError, InvalidURL, OutOfScope, SpiderTrap
from siteseer.crawler.families import Families, FamilyCount
from siteseer.crawler.settings import (
    DEFAULT_MAX_URLS_PER_MULTI_PATTERN,
    DEFAULT_MAX_URLS_PER_PATTERN,
)

__all__ = [
    "DEFAULT_MAX_PATH_DEPTH",
    "DEFAULT_MAX_SEGMENT_REPEATS",
    "DEFAULT_MAX_URLS_PER_MULTI_PATTERN",
    "DEFAULT_MAX_URLS_PER_PATTERN",
    "DEFAULT_MAX_URL_LENGTH",
    "SESSION_PARAMS",
    "Admission",
    "Scope",
    "ScopeMode",
    "TrapGuard",
    "TrapLimits",
    "TrapRule",
    "TrapStop",
    "canonical_fragment",
    "canonical_url",
    "host_of",
    "is_loopback",
    "is_session_param",
    "static_trap",
    "strip_session_ids",
]

ScopeMode = Literal["host", "domain"]

log = logging.getLogger(__name__)

_DEFAULT_PORTS = {"http": 80, "https": 443}
_LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})

# Query and path parameter names that carry a session id rather than name a page (Java servlets,
# PHP, classic ASP, and the generic spellings). Matched without regard to case; a name ending in
# "*" matches every name it starts (ASP appends a random suffix: ASPSESSIONIDQASDTRCB).
SESSION_PARAMS: tuple[str, ...] = (
    "jsessionid",
    "phpsessid",
    "aspsessionid*",
    "sid",
    "sessionid",
    "session_id",
    "sessid",
)

_PATH_PARAM = re.compile(r";([^;/=]*)(?:=[^;/]*)?")


def is_session_param(name: str, session_params: tuple[str, ...] = SESSION_PARAMS) -> bool:
    """Whether the parameter `name` is one of `session_params` (case-insensitive, "*" prefixes)."""
    key = unquote_plus(name).strip().lower()
    if not key:
        return False
    for pattern in session_params:
        wanted = pattern.lower()
        if wanted.endswith("*"):
            if key.startswith(wanted[:-1]):
                return True
        elif key == wanted:
            return True
    return False


def strip_session_ids(
    path: str, query: str, session_params: tuple[str, ...] = SESSION_PARAMS
) -> tuple[str, str]:
    """`path` without session path parameters, `query` without session arguments.

    ``/a;jsessionid=F00/b;x=1`` → ``/a/b;x=1``; ``q=shoes&SID=9&page=2`` → ``q=shoes&page=2``.
    Everything else is kept byte for byte (order, case, encoding).
    """
    if not session_params:
        return path, query
    if ";" in path:

        def keep(match: re.Match[str]) -> str:
            return "" if is_session_param(match.group(1), session_params) else match.group(0)

        path = _PATH_PARAM.sub(keep, path)
    if query:
        kept = [
            part
            for part in query.split("&")
            if not is_session_param(part.partition("=")[0], session_params)
        ]
        query = "&".join(kept)
    return path, query


# What encodeURIComponent leaves as it is; a percent-escape of one of them is decoded.
_JS_UNRESERVED = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()"
)
# Characters a fragment may carry as they are (RFC 3986 pchar, "/" and "?"), escapes kept.
_FRAGMENT_SAFE = "-_.!~*'()/?:@&=+$,;%"
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


def canonical_fragment(fragment: str) -> str:
    """`fragment` (without its ``#``) in one spelling per state.

    Percent-escapes of the characters JavaScript's ``encodeURIComponent`` leaves alone are
    decoded; every other character outside a fragment's plain set is escaped (UTF-8, upper-case
    hex). A router reads its fragment through ``decodeURIComponent``, so both spellings of
    ``#A(1)`` and ``#A%281%29`` name one state.
    """

    def unescape(match: re.Match[str]) -> str:
        char = chr(int(match.group(1), 16))
        return char if char in _JS_UNRESERVED else "%" + match.group(1).upper()

    return quote(_ESCAPE.sub(unescape, fragment), safe=_FRAGMENT_SAFE)


def canonical_url(
    url: str,
    base: str | None = None,
    *,
    session_params: tuple[str, ...] = SESSION_PARAMS,
    keep_fragment: bool = False,
) -> str:
    """The canonical absolute form of `url` (resolved against `base` when relative).

    Parameters named in `session_params` are dropped from the path and the query (see
    `strip_session_ids`; an empty tuple keeps them). Credentials (``user:secret@``) are dropped:
    they never reach a cache key or an output (send them as a header instead). The fragment is
    dropped unless `keep_fragment` (a hash-routed document's state: crawler.hashrouting), then
    kept in its canonical form (`canonical_fragment`). Raises `InvalidURL` when the result is
    not an http(s) URL with a host.
    """
    return _canonical_url(url, base, tuple(session_params), keep_fragment)


# A crawl asks for the same URLs again and again (every link of every page is checked against the
# scope), and w3lib's canonicalisation is the costly part: the answers are remembered. A URL that
# raises InvalidURL is not remembered (lru_cache keeps results only).
@lru_cache(maxsize=1 << 15)
def _canonical_url(
    url: str, base: str | None, session_params: tuple[str, ...], keep_fragment: bool
) -> str:
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
    path, query = strip_session_ids(parts.path, parts.query, session_params)
    if ";" in query:
        # A query whose parameters are separated by ";" (HTML 4's alternative to "&", which CGI
        # programs such as gitweb write) keeps its separators and its order: each segment is
        # canonicalised on its own, for w3lib would read the whole as one value and escape them.
        head = canonicalize_url(urlunsplit((scheme, netloc, path, "", "")), keep_fragments=False)
        canonical = f"{head}?{';'.join(_canonical_query(piece) for piece in query.split(';'))}"
    elif _has_bare_key(query):
        head = canonicalize_url(urlunsplit((scheme, netloc, path, "", "")), keep_fragments=False)
        canonical = f"{head}?{_canonical_query(query)}"
    else:
        rebuilt = urlunsplit((scheme, netloc, path, query, parts.fragment))
        canonical = canonicalize_url(rebuilt, keep_fragments=False)
    if keep_fragment and parts.fragment:
        return f"{canonical}#{canonical_fragment(parts.fragment)}"
    return canonical


def _has_bare_key(query: str) -> bool:
    """Whether an argument of `query` (``&``-separated) is a bare key, written without ``=``."""
    return any(part and "=" not in part for part in query.split("&"))


def _canonical_query(query: str) -> str:
    """`query` (``&``-separated) as w3lib canonicalises it: arguments sorted, escapes unified;
    an argument written without ``=`` stays so.

    w3lib spells ``?3+printf`` as ``?3+printf=``, but a bare key is another request than the
    same key with an empty value: a CGI program's isindex query (``man2html?3+printf``) reads
    the whole query string, and ``=`` becomes part of the name it looks up. The canonical form is
    the URL the crawl requests and reports, so it keeps the page's own spelling of each argument
    and normalises only what servers read alike (the arguments' order, percent-escapes).
    """
    if not query:
        return ""
    if not _has_bare_key(query):
        return urlsplit(canonicalize_url(f"http://h/?{query}")).query
    pieces = []
    for part in query.split("&"):
        if not part:
            continue
        one = urlsplit(canonicalize_url(f"http://h/?{part}")).query
        pieces.append(one if "=" in part else one.removesuffix("="))
    return "&".join(sorted(pieces, key=lambda piece: piece.partition("=")[::2]))


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


# -- spider-trap guards --------------------------------------------------------------------------

# Longer URLs are almost always generated (appended parameters, nested paths); browsers and
# servers commonly stop at about 2,000 characters too.
DEFAULT_MAX_URL_LENGTH = 2000
# Real sites rarely nest deeper than a dozen path segments; relative-link loops do.
DEFAULT_MAX_PATH_DEPTH = 16
# A segment seen more often than this in one path (``/a/b/a/b/a/b/a``) is a relative-link loop.
DEFAULT_MAX_SEGMENT_REPEATS = 3
# DEFAULT_MAX_URLS_PER_PATTERN and DEFAULT_MAX_URLS_PER_MULTI_PATTERN: crawler.settings, the
# settings table they are the defaults of.

TrapRule = Literal[
    "url-length", "path-depth", "segment-repeats", "pattern-cap", "multi-pattern-cap"
]


@dataclass(frozen=True, slots=True)
class TrapLimits:
    """The guards' limits (None: that guard is off); see `crawler.config.SessionConfig`."""

    max_url_length: int | None = DEFAULT_MAX_URL_LENGTH
    max_path_depth: int | None = DEFAULT_MAX_PATH_DEPTH
    max_segment_repeats: int | None = DEFAULT_MAX_SEGMENT_REPEATS
    max_urls_per_pattern: int | None = DEFAULT_MAX_URLS_PER_PATTERN
    max_urls_per_multi_pattern: int | None = DEFAULT_MAX_URLS_PER_MULTI_PATTERN


def static_trap(url: str, limits: TrapLimits) -> tuple[TrapRule, str] | None:
    """The first per-URL guard `url` fails, as (rule, what was seen), or None.

    These need no history: the URL's length, its path depth, the repeats of one segment.
    """
    if limits.max_url_length is not None and len(url) > limits.max_url_length:
        return "url-length", f"{len(url)} characters long (limit {limits.max_url_length})"
    segments = [s for s in urlsplit(url).path.split("/") if s]
    if limits.max_path_depth is not None and len(segments) > limits.max_path_depth:
        return "path-depth", f"{len(segments)} path segments deep (limit {limits.max_path_depth})"
    if limits.max_segment_repeats is not None and segments:
        segment, count = max(Counter(segments).items(), key=lambda item: (item[1], item[0]))
        if count > limits.max_segment_repeats:
            return (
                "segment-repeats",
                f"path segment {segment!r} {count} times (limit {limits.max_segment_repeats})",
            )
    return None


@dataclass(frozen=True, slots=True)
class TrapStop:
    """A URL family the guard stopped: its name (crawler.families), the distinct URLs admitted
    of it, how many positions vary, whether one is a letter code, and the rule and limit."""

    family: str
    urls: int
    positions: int
    lettered: bool
    rule: TrapRule
    limit: int

    def describe(self) -> str:
        varies = f"varies in {self.positions} position{'s' if self.positions != 1 else ''}"
        if self.lettered:
            varies += ", one a letter-coded counter"
        setting = "--max-urls-per-" + ("multi-" if self.rule == "multi-pattern-cap" else "")
        return (
            f"the URL family {self.family} stopped after {self.urls} URLs ({varies}; "
            f"{setting}pattern lifts it)"
        )


class TrapGuard:
    """Applies `TrapLimits` to the canonical URLs a Session admits, counting URL families.

    `admit(url)` returns quietly or raises `SpiderTrap`. A URL admitted once stays admitted (asking
    again is free and never counts twice), so the verdict on a URL does not change within a crawl.
    A family (crawler.families) that varies in one numeric position is bounded by
    `max_urls_per_pattern`; one that varies in two positions or more (a grid, a calendar's days)
    or in a letter-coded counter by `max_urls_per_multi_pattern` too. `stops` names each family
    stopped, once, with the count it was stopped at.
    """

    def __init__(self, limits: TrapLimits) -> None:
        self.limits = limits
        self._admitted: set[str] = set()
        self._families = Families()
        self._counts: dict[str, FamilyCount] = {}
        self.stops: dict[str, TrapStop] = {}

    def admit(self, url: str) -> None:
        """Let `url` (canonical) into the crawl, or raise `SpiderTrap` naming the guard."""
        found = static_trap(url, self.limits)
        if found is not None:
            rule, detail = found
            raise SpiderTrap(url, rule, detail)
        if url in self._admitted:
            return
        if (
            self.limits.max_urls_per_pattern is None
            and self.limits.max_urls_per_multi_pattern is None
        ):
            return
        member = self._families.member(url)
        count = self._counts.setdefault(member.family, FamilyCount(member.slots))
        positions, lettered = count.varying_with(member)
        cap = self._cap(positions, lettered)
        if cap is not None and count.urls >= cap[1]:
            rule, limit = cap
            stop = self.stops.setdefault(
                member.family,
                TrapStop(member.family, count.urls, positions, lettered, rule, limit),
            )
            raise SpiderTrap(url, rule, stop.describe() + f" (limit {limit})")
        count.add(member)
        self._admitted.add(url)

    def _cap(self, positions: int, lettered: bool) -> tuple[TrapRule, int] | None:
        """The rule and limit that bound a family varying so: None when none does."""
        caps: list[tuple[int, TrapRule]] = []
        if self.limits.max_urls_per_pattern is not None:
            caps.append((self.limits.max_urls_per_pattern, "pattern-cap"))
        if (positions > 1 or lettered) and self.limits.max_urls_per_multi_pattern is not None:
            caps.append((self.limits.max_urls_per_multi_pattern, "multi-pattern-cap"))
        if not caps:
            return None
        limit, rule = min(caps)
        return rule, limit

    def admitted(self, family: str) -> int:
        """How many distinct URLs of `family` (`crawler.families`) were admitted so far."""
        count = self._counts.get(family)
        return 0 if count is None else count.urls


IN_SCOPE_KEPT = 200_000  # URLs whose `Admission.in_scope` answer is kept (then forgotten at once)


class Admission:
    """Which URLs a Session visits, and in which form.

    URLs are canonical (`session_params` dropped; a fragment kept only where `routed(url)` says
    its document is hash-routed); a URL is admitted when `scope` admits it (an empty scope is
    fixed to the first admitted URL's host) and the trap guards (`limits`) let it in.
    """

    def __init__(
        self,
        scope: Scope,
        limits: TrapLimits,
        *,
        session_params: tuple[str, ...],
        routed: Callable[[str], bool],
    ) -> None:
        self.scope = scope
        self._judged: dict[str, bool] = {}  # `in_scope` by URL, under `_judged_scope`
        self._judged_scope = scope
        self._traps = TrapGuard(limits)
        self._reported = 0
        self._params = session_params
        self._routed = routed

    def canonical(self, url: str, base: str | None = None) -> str:
        """The canonical form of `url` (relative to `base`; its fragment kept only where its
        document is hash-routed); raises InvalidURL."""
        canonical = canonical_url(url, base, session_params=self._params, keep_fragment=True)
        if "#" in canonical and not self._routed(canonical):
            return canonical.partition("#")[0]
        return canonical

    def link(self, url: str) -> str:
        """The canonical form of a link URL, fragment kept (a page's fragments are dropped
        from it once its document is known not to be hash-routed); a URL that cannot be
        canonical stays as is."""
        try:
            return canonical_url(url, session_params=self._params, keep_fragment=True)
        except CrawlError:
            return url

    def in_scope(self, url: str) -> bool:
        """Whether the crawl may visit `url` (any valid URL, before the first one fixes it).

        Answered once per URL while the scope stays as it is: methods ask it of every link of
        every page they compare, the same links again and again (Indesit's collections asked
        it about 200,000 times over 1,200 pages, a third of its crawl's time)."""
        if self._judged_scope is not self.scope or len(self._judged) > IN_SCOPE_KEPT:
            self._judged, self._judged_scope = {}, self.scope
        known = self._judged.get(url)
        if known is None:
            try:
                canonical = canonical_url(url, session_params=self._params)
            except CrawlError:
                known = False
            else:
                known = not self.scope.hosts or self.scope.admits(canonical)
            self._judged[url] = known
        return known

    def admit(self, url: str) -> str:
        """The canonical `url` let into the crawl; raises InvalidURL, OutOfScope, SpiderTrap."""
        target = canonical_url(url, session_params=self._params)
        if not self.scope.hosts:
            self.scope = Scope((host_of(target),), self.scope.mode)
        if not self.scope.admits(target):
            raise OutOfScope(target, self.scope.hosts)
        self._traps.admit(target)
        return target

    def new_stops(self) -> list[TrapStop]:
        """The families the trap guard stopped since the last call, each logged as a warning
        (reported once)."""
        stops = list(self._traps.stops.values())
        new, self._reported = stops[self._reported :], len(stops)
        for stop in new:
            log.warning("spider trap: %s; its other URLs are skipped", stop.describe())
        return new

    @property
    def trap_stops(self) -> Mapping[str, TrapStop]:
        """The URL families the trap guard stopped, by family, in the order they were stopped."""
        return MappingProxyType(self._traps.stops)
