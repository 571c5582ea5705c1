"""SessionConfig: everything a crawl Session is told, validated once.

A plain frozen dataclass, so a config can be built at the edge (the CLI, a test, a worker
process), pickled, and turned into a Session where it is used.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Literal, get_args

from siteseer.crawler.urls import (
    DEFAULT_MAX_PATH_DEPTH,
    DEFAULT_MAX_SEGMENT_REPEATS,
    DEFAULT_MAX_URL_LENGTH,
    DEFAULT_MAX_URLS_PER_MULTI_PATTERN,
    DEFAULT_MAX_URLS_PER_PATTERN,
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
ResourceScope = Literal["any", "same-site"]

# The per-host delay when none is configured and the host is not this machine.
REMOTE_DELAY = timedelta(seconds=1)


@dataclass(frozen=True)
class SessionConfig:
    """How a Session crawls.

    - `render`: ``"auto"`` fetches over HTTP and decides once per host whether its pages need a
      browser (see crawler.autorender); ``"always"`` renders every page; ``"never"`` renders only
      what is asked for explicitly (``page(url, render=True)``, screenshots, actions).
    - `budget`: network page loads plus browser actions the Session may spend (None: no limit).
      Answers from the cache are free; retries and robots.txt are not charged (see
      `Session.cost` for what counts as a download).
    - `page_cap`: the same count's bound when `budget` is None (None: no cap): a crawl without a
      budget that reaches it stops as a spent budget does (`crawler.errors.PageCapReached`, a
      BudgetExhausted), saying it was the cap. The command line's and siteseer.api's default is
      20,000 (siteseer.settings); a Session's own is None. With a budget the cap is not used.
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
      and siteseer.api's setting is a week by default, siteseer.settings); `refresh`: load
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
    budget: int | None = None
    page_cap: int | None = None
    scope: ScopeMode = "host"
    allowed_hosts: tuple[str, ...] = ()
    respect_robots: bool = True
    delay: timedelta | None = None
    concurrency: int = 8
    retries: int = 2
    backoff: timedelta = timedelta(seconds=0.2)
    timeout: timedelta = timedelta(seconds=20)
    cache: Path | None = None
    max_age: timedelta | None = None
    refresh: bool = False
    user_agent: str = DEFAULT_USER_AGENT
    headers: tuple[tuple[str, str], ...] = ()
    cookies: tuple[tuple[str, str], ...] = ()
    proxy: str | None = None
    storage_state: Path | None = None
    render_config: RenderConfig | None = field(default=None, compare=False)
    max_redirects: int = 10
    allow_private_addresses: bool = False
    resources: ResourceScope = "any"
    session_params: tuple[str, ...] = SESSION_PARAMS
    max_url_length: int | None = DEFAULT_MAX_URL_LENGTH
    max_path_depth: int | None = DEFAULT_MAX_PATH_DEPTH
    max_segment_repeats: int | None = DEFAULT_MAX_SEGMENT_REPEATS
    max_urls_per_pattern: int | None = DEFAULT_MAX_URLS_PER_PATTERN
    max_urls_per_multi_pattern: int | None = DEFAULT_MAX_URLS_PER_MULTI_PATTERN

    def __post_init__(self) -> None:
        problems = list(self._problems())
        if problems:
            raise ValueError("invalid SessionConfig: " + "; ".join(problems))
        for name in ("allowed_hosts", "session_params", "headers", "cookies"):
            if isinstance(getattr(self, name), list):
                object.__setattr__(self, name, tuple(getattr(self, name)))
        if isinstance(self.cache, str):
            object.__setattr__(self, "cache", Path(self.cache))

    def _problems(self) -> list[str]:
        problems: list[str] = []
        if self.render not in get_args(RenderMode):
            problems.append(f"render must be 'auto', 'always' or 'never', not {self.render!r}")
        if self.scope not in get_args(ScopeMode):
            problems.append(f"scope must be 'host' or 'domain', not {self.scope!r}")
        if self.resources not in get_args(ResourceScope):
            problems.append(f"resources must be 'any' or 'same-site', not {self.resources!r}")
        if self.budget is not None and (isinstance(self.budget, bool) or self.budget < 0):
            problems.append(f"budget must be None or a count ≥ 0, not {self.budget!r}")
        if self.page_cap is not None and (isinstance(self.page_cap, bool) or self.page_cap < 1):
            problems.append(f"page_cap must be None or a count ≥ 1, not {self.page_cap!r}")
        if self.concurrency < 1:
            problems.append(f"concurrency must be at least 1, not {self.concurrency}")
        if self.retries < 0:
            problems.append(f"retries must be ≥ 0, not {self.retries}")
        if self.max_redirects < 0:
            problems.append(f"max_redirects must be ≥ 0, not {self.max_redirects}")
        for name in ("backoff", "timeout", "delay", "max_age"):
            value = getattr(self, name)
            if value is None and name in ("delay", "max_age"):
                continue
            if not isinstance(value, timedelta):
                problems.append(f"{name} must be a datetime.timedelta, not {value!r}")
            elif value < timedelta(0) or (name == "timeout" and value == timedelta(0)):
                problems.append(f"{name} must be positive, not {value}")
        if not self.user_agent.strip():
            problems.append("user_agent must not be empty")
        for name in ("headers", "cookies"):
            pairs = getattr(self, name)
            if any(len(pair) != 2 or not str(pair[0]).strip() for pair in pairs):
                problems.append(f"{name} must be (name, value) pairs, not {pairs!r}")
        if self.proxy is not None and not self.proxy.startswith(("http://", "https://", "socks")):
            problems.append(f"proxy must be a http://, https:// or socks URL, not {self.proxy!r}")
        if any(not h or "/" in h for h in self.allowed_hosts):
            problems.append(
                f"allowed_hosts must be host or host:port names, not {self.allowed_hosts!r}"
            )
        if isinstance(self.session_params, str) or any(
            not isinstance(p, str) or not p.strip("* ") for p in self.session_params
        ):
            problems.append(
                f"session_params must be a tuple of parameter names, not {self.session_params!r}"
            )
        for name in (
            "max_url_length",
            "max_path_depth",
            "max_segment_repeats",
            "max_urls_per_pattern",
            "max_urls_per_multi_pattern",
        ):
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
