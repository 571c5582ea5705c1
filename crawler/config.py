"""SessionConfig: everything a crawl Session is told, validated once.

A plain frozen dataclass, so a config can be built at the edge (the CLI, a test, a worker
process), pickled, and turned into a Session where it is used. It is a `CrawlSettings`
(crawler.settings): each crawl setting is its field, with the table's default, and checked
against the table's bounds; the fields declared here are those no setting layer gives (the
render mode and the cache file are each command's options, the rest the API's).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Literal, get_args

from siteseer.crawler.settings import CrawlSettings, ResourceScope, problems
from siteseer.crawler.urls import (
    DEFAULT_MAX_PATH_DEPTH,
    DEFAULT_MAX_SEGMENT_REPEATS,
    DEFAULT_MAX_URL_LENGTH,
    SESSION_PARAMS,
    ScopeMode,
    TrapLimits,
    is_loopback,
)
from siteseer.render import DEFAULT_USER_AGENT

if TYPE_CHECKING:
    from siteseer.render import RenderConfig

__all__ = ["DEFAULT_USER_AGENT", "REMOTE_DELAY", "RenderMode", "ResourceScope", "SessionConfig"]

RenderMode = Literal["auto", "always", "never"]

# The per-host delay when none is configured and the host is not this machine.
REMOTE_DELAY = timedelta(seconds=1)


@dataclass(frozen=True)
class SessionConfig(CrawlSettings):
    """How a Session crawls: the crawl settings (`CrawlSettings`, the table, whose fields come
    first) and the fields below.

    - `render`: ``"auto"`` fetches over HTTP and decides once per host whether its pages need a
      browser (see crawler.autorender); ``"always"`` renders every page; ``"never"`` renders only
      what is asked for explicitly (``page(url, render=True)``, screenshots, actions).
    - `budget`: network page loads plus browser actions the Session may spend (None: no limit).
      Answers from the cache are free; retries and robots.txt are not charged (see
      `Session.cost` for what counts as a download).
    - `page_cap`: the same count's bound when `budget` is None (None: no cap): a crawl without a
      budget that reaches it stops as a spent budget does (`crawler.errors.PageCapReached`, a
      BudgetExhausted), saying it was the cap. The command line's and siteseer.api's default is
      20,000 (the row's `commands` default); a Session's own is None. With a budget the cap is
      not used.
    - `scope`/`allowed_hosts`: the hosts the crawl may visit — the host of the first URL fetched
      (``"host"``) or it and its subdomains (``"domain"``), unless `allowed_hosts` lists them.
    - `respect_robots`: obey robots.txt (fetched once per host; a missing one (4xx) allows
      everything; one that answers 5xx or not at all disallows everything until it answers,
      asked again after 30 s).
    - `delay`: the minimum time between two requests to one host. None means 0 for loopback
      hosts (the lab) and `REMOTE_DELAY` (1 s) for every other host; a robots.txt Crawl-delay
      raises it.
    - `concurrency`: HTTP requests in flight per host (the browser's concurrency is its
      pool's page count, `RenderConfig.pages`).
    - `retries`/`backoff`: extra attempts on 5xx, 429, timeouts and connection errors, waiting
      about ``backoff * 2**n`` before retry n (0.2 s, 0.4 s, …, jittered ±50 %), or what the
      answer's Retry-After asks (up to 60 s): a Retry-After holds every request to that host,
      not only the retry. Transient answers (5xx, 429) are never cached.
    - `timeout`: one HTTP request or browser navigation.
    - `user_agent`, `headers` (``(name, value)`` pairs), `cookies` (``(name, value)`` pairs sent
      to every host), `proxy` (a proxy URL) and `storage_state` (a Playwright storage-state file:
      a logged-in browser's cookies, sent on the HTTP path too): what both page loaders present
      to the site (`render.Identity`).
    - `cache`: the SQLite file snapshots are kept in (None: in memory, gone with the Session).
    - `max_age`: pages (and host settings: robots.txt, the render decision) stored in the cache
      longer ago than this are loaded again (None: the cache never expires; the command line's
      and siteseer.api's setting is a week by default, the row's `commands`); `refresh`: load
      again everything stored before the Session opened (the cache is rewritten as it goes).
    - `render_config`: the browser settings (None: `render.config.load_render_config()`).
    - `max_redirects`: redirects followed per HTTP request. Every hop (HTTP redirects and the
      browser's navigations) passes the same scope and robots.txt checks as the first URL, and
      crawler.hops' address policy: from a public host, never to a loopback, private or
      link-local address unless `allow_private_addresses`.
    - `resources`: where a page's subresources may come from in the browser (scripts, styles,
      XHR, beacons, WebSockets, prefetches): ``"any"`` host (a page's CDNs), or ``"same-site"``:
      the crawl's scope only (every request of the page is then paused and checked, and no
      request leaves the scope). Either way the address policy and the crawl's hosts'
      robots.txt hold (`Hops.resource_check`).
    - `session_params`: path and query parameter names dropped from every URL because they carry
      a session id (`crawler.urls.SESSION_PARAMS`; case-insensitive, a trailing ``*`` matches a
      prefix; ``()`` keeps them all).
    - `max_url_length`, `max_path_depth`, `max_segment_repeats`, `max_urls_per_pattern`,
      `max_urls_per_multi_pattern`: the spider-trap guards (see crawler.urls; None switches one
      off). A URL longer than `max_url_length` characters, deeper than `max_path_depth` path
      segments, repeating one path segment more than `max_segment_repeats` times, or beyond the
      first `max_urls_per_pattern` distinct URLs of its family (crawler.families: its host's
      URLs that differ only in numbers, month names and letter-coded counters) is skipped (a
      "skip" event, `crawler.errors.SpiderTrap`); a family that varies in two positions or more,
      or in a letter-coded counter, stops after `max_urls_per_multi_pattern` (the lower of the
      two). Each family stopped is named once (`Session.trap_stops`, a "trap" event, a warning
      in the log, a line in a method's trace).
    """

    render: RenderMode = "auto"
    scope: ScopeMode = "host"
    cache: Path | None = None
    render_config: RenderConfig | None = field(default=None, compare=False)
    max_redirects: int = 10
    backoff: timedelta = timedelta(seconds=0.2)
    session_params: tuple[str, ...] = SESSION_PARAMS
    max_url_length: int | None = DEFAULT_MAX_URL_LENGTH
    max_path_depth: int | None = DEFAULT_MAX_PATH_DEPTH
    max_segment_repeats: int | None = DEFAULT_MAX_SEGMENT_REPEATS

    def __post_init__(self) -> None:
        if isinstance(self.session_params, list):
            object.__setattr__(self, "session_params", tuple(self.session_params))
        if isinstance(self.cache, str):
            object.__setattr__(self, "cache", Path(self.cache))
        found = problems(self, CrawlSettings) + self._problems()
        if found:
            raise ValueError("invalid SessionConfig: " + "; ".join(found))

    def _problems(self) -> list[str]:
        """What the fields declared here refuse, and what the table's bounds do not say of a
        setting (a proxy's scheme, a host's form)."""
        problems: list[str] = []
        if self.render not in get_args(RenderMode):
            problems.append(f"render must be 'auto', 'always' or 'never', not {self.render!r}")
        if self.scope not in get_args(ScopeMode):
            problems.append(f"scope must be 'host' or 'domain', not {self.scope!r}")
        if self.max_redirects < 0:
            problems.append(f"max_redirects must be ≥ 0, not {self.max_redirects}")
        if not isinstance(self.backoff, timedelta):
            problems.append(f"backoff must be a datetime.timedelta, not {self.backoff!r}")
        elif self.backoff < timedelta(0):
            problems.append(f"backoff must be positive, not {self.backoff}")
        schemes = ("http://", "https://", "socks")
        if isinstance(self.proxy, str) and not self.proxy.startswith(schemes):
            problems.append(f"proxy must be a http://, https:// or socks URL, not {self.proxy!r}")
        if any(not h or "/" in str(h) for h in self.allowed_hosts):
            problems.append(
                f"allowed_hosts must be host or host:port names, not {self.allowed_hosts!r}"
            )
        if isinstance(self.session_params, str) or any(
            not isinstance(p, str) or not p.strip("* ") for p in self.session_params
        ):
            problems.append(
                f"session_params must be a tuple of parameter names, not {self.session_params!r}"
            )
        for name in ("max_url_length", "max_path_depth", "max_segment_repeats"):
            limit = getattr(self, name)
            if limit is not None and (
                isinstance(limit, bool) or not isinstance(limit, int) or limit < 1
            ):
                problems.append(f"{name} must be None or a count ≥ 1, not {limit!r}")
        return problems

    @property
    def trap_limits(self) -> TrapLimits:
        """The spider-trap guards' limits (crawler.urls.TrapLimits)."""
        return TrapLimits(
            max_url_length=self.max_url_length,
            max_path_depth=self.max_path_depth,
            max_segment_repeats=self.max_segment_repeats,
            max_urls_per_pattern=self.max_urls_per_pattern,
            max_urls_per_multi_pattern=self.max_urls_per_multi_pattern,
        )

    def fresh_after(self, now: float | None = None) -> float:
        """The time (seconds since the epoch) before which cached answers are not used: now
        with `refresh`, now minus `max_age`, else 0 (everything is used)."""
        now = time.time() if now is None else now
        if self.refresh:
            return now
        if self.max_age is not None:
            return now - self.max_age.total_seconds()
        return 0.0

    def delay_for(self, host: str) -> timedelta:
        """The configured delay between requests to `host` (``host[:port]``)."""
        if self.delay is not None:
            return self.delay
        return timedelta(0) if is_loopback(host) else REMOTE_DELAY
