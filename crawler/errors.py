"""The crawler's errors.

Every error a Session raises for a page or an action is a `CrawlError` carrying the URL it is
about, so `Session.pages` can return it in place of a Snapshot and a caller can report it::

    CrawlError
    ├── InvalidURL          the URL cannot be crawled (not http/https, no host, malformed)
    ├── OutOfScope          the URL's host is outside the crawl's scope
    ├── RobotsDisallowed    robots.txt forbids the URL for our user agent (or cannot be read yet)
    ├── RedirectRefused     a redirect or in-browser navigation left the crawl's scope, robots.txt
    │                       or address policy (crawler.hops): nothing of it is kept
    ├── SpiderTrap          the URL looks like part of an endless URL space (crawler.urls)
    ├── BudgetExhausted     the Session's page budget is spent
    │   └── PageCapReached  a crawl without a budget reached the page cap (SessionConfig.page_cap)
    ├── FetchFailed         no response at all (refused, reset, timeout) after the retries
    ├── NotHTML             a response came, but not an HTML page
    ├── BrowserUnavailable  no browser could be found or launched for a page that needs one
    └── ActionFailed        a click, select, form fill or load-more could not be performed

    CacheFailed             not a page's error: the cache file cannot be read or written (corrupt,
                            locked, disk full), so the crawl stops; what it holds is untouched

An HTTP error status (404, 500 …) is not an exception: the page is a Snapshot whose `status`
says so. Invalid configuration raises `ValueError` from `SessionConfig`.

The renderer below has its own tree (render/errors.py), named for what the browser or the HTTP
fetcher saw; no name is in both. Where the Session meets a render error it raises the crawler
error in its place with ``raise … from``, so the render error is the `__cause__`::

    FetchFailed          ← NavigationFailed, NavigationTimeout (after the retries),
                           any other RenderError
    NotHTML              ← NonHTMLResponse (the browser's check; the HTTP path checks itself)
    BrowserUnavailable   ← BrowserNotFound, BrowserCrashed
    ActionFailed         ← ActionError
"""

from __future__ import annotations

from siteseer.render import Action

__all__ = [
    "NOT_OPEN",
    "ActionFailed",
    "BrowserUnavailable",
    "BudgetExhausted",
    "CacheFailed",
    "CrawlError",
    "FetchFailed",
    "InvalidURL",
    "NotHTML",
    "OutOfScope",
    "PageCapReached",
    "RedirectRefused",
    "RobotsDisallowed",
    "SpiderTrap",
    "reason_of",
]

# A programming error, not a crawl's: the Session is used outside its `async with`.
NOT_OPEN = "the Session is not open: use `async with Session(config) as session`"


class CrawlError(Exception):
    """A page or action could not be crawled. `url` names it; `str(error)` says why."""

    def __init__(self, url: str, message: str) -> None:
        super().__init__(message)
        self.url = url

    def __reduce__(self) -> tuple[object, ...]:  # keep errors picklable across processes
        return (_rebuild, (type(self), self.__dict__, str(self)))


def _rebuild(cls: type[CrawlError], state: dict[str, object], message: str) -> CrawlError:
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class InvalidURL(CrawlError, ValueError):
    """The URL is not an absolute http(s) URL with a host (also a ValueError)."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(url, f"invalid URL {url!r}: {reason}; give an absolute http(s) URL")
        self.reason = reason


class OutOfScope(CrawlError):
    """The URL's host is not one the Session crawls."""

    def __init__(self, url: str, allowed: tuple[str, ...]) -> None:
        hosts = ", ".join(allowed) or "(none yet)"
        super().__init__(
            url,
            f"{url} is out of scope (allowed hosts: {hosts}); "
            "add its host to SessionConfig.allowed_hosts or use scope='domain'",
        )
        self.allowed = allowed


class RobotsDisallowed(CrawlError):
    """robots.txt of the URL's host forbids it for the Session's user agent."""

    def __init__(self, url: str, user_agent: str, unavailable: str = "") -> None:
        why = (
            f"robots.txt of {url}'s host is unavailable ({unavailable}), which disallows every "
            "page until it answers; it is asked again later"
            if unavailable
            else f"robots.txt disallows {url} for {user_agent!r}"
        )
        super().__init__(
            url,
            f"{why}; --ignore-robots (respect_robots = false, SITESEER_RESPECT_ROBOTS=false) "
            "only on sites you may crawl",
        )
        self.user_agent = user_agent
        self.unavailable = unavailable


class RedirectRefused(CrawlError):
    """A hop of the load (an HTTP redirect, a navigation the page made) was not followed.

    `target` is where the hop pointed, `reason` which check refused it (scope, robots.txt, the
    address policy of crawler.hops, the scheme).
    """

    def __init__(self, url: str, target: str, reason: str) -> None:
        super().__init__(url, f"{url} leads to {target}, which is not followed: {reason}")
        self.target = target
        self.reason = reason


class SpiderTrap(CrawlError):
    """The URL fails one of the Session's spider-trap guards (see crawler.urls).

    `rule` names the guard: ``"url-length"``, ``"path-depth"``, ``"segment-repeats"``,
    ``"pattern-cap"`` or ``"multi-pattern-cap"``; `detail` says what was seen.
    """

    def __init__(self, url: str, rule: str, detail: str) -> None:
        setting = {
            "pattern-cap": "max_urls_per_pattern",
            "multi-pattern-cap": "max_urls_per_multi_pattern",
        }.get(rule, "max_" + rule.replace("-", "_"))
        how = f"SessionConfig.{setting} or set it to None"
        if rule.endswith("pattern-cap"):  # a crawl setting too (siteseer.settings)
            how = f"--{setting.replace('_', '-')} (0: no limit) or SessionConfig.{setting}"
        super().__init__(
            url,
            f"{url} skipped as a likely spider trap ({rule}: {detail}); "
            f"raise {how} if the site really has such URLs",
        )
        self.rule = rule
        self.detail = detail


class BudgetExhausted(CrawlError):
    """The Session has spent its budget of network page loads and browser actions."""

    def __init__(self, url: str, limit: int) -> None:
        super().__init__(
            url,
            f"budget of {limit} page loads spent before {url}; "
            "raise the budget or rerun with the same cache to continue",
        )
        self.limit = limit


class PageCapReached(BudgetExhausted):
    """A Session given no budget reached its page cap (`SessionConfig.page_cap`): a run stops
    here as on a spent budget, with `reason` (what a method's partial result says)."""

    def __init__(self, url: str, cap: int) -> None:
        CrawlError.__init__(
            self,
            url,
            f"the page cap of {cap} page loads was reached before {url}; lift it (--page-cap N, "
            "0 for no cap; SessionConfig.page_cap) or rerun with the same cache to continue",
        )
        self.limit = cap

    @property
    def reason(self) -> str:
        """A run's stop reason: "budget spent", saying it was the cap and how to lift it."""
        return f"budget spent: the page cap of {self.limit} page loads (--page-cap N lifts it)"


class FetchFailed(CrawlError):
    """No response at all (connection refused or reset, DNS, timeout), after the retries."""

    def __init__(self, url: str, reason: str, attempts: int = 1) -> None:
        tries = "1 attempt" if attempts == 1 else f"{attempts} attempts"
        super().__init__(url, f"could not fetch {url} ({tries}): {reason}")
        self.reason = reason
        self.attempts = attempts


class NotHTML(CrawlError):
    """The response is not an HTML page (an image, a PDF, JSON …). `transient`: it came with
    a status worth asking again (5xx, 429: a busy server's plain-text error), which tells
    nothing of what the URL names."""

    def __init__(self, url: str, content_type: str, *, transient: bool = False) -> None:
        super().__init__(
            url, f"{url} is not an HTML page (content type {content_type or 'unknown'!r})"
        )
        self.content_type = content_type
        self.transient = transient


class BrowserUnavailable(CrawlError):
    """A page needs a browser, but none could be found or launched."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(
            url,
            f"no browser to render {url}: {reason}; install one with `python -m siteseer.render.install` "
            "or crawl without rendering (render='never', CLI: --render never)",
        )
        self.reason = reason


class ActionFailed(CrawlError):
    """A browser action could not be performed on a page state."""

    def __init__(self, url: str, action: Action, reason: str) -> None:
        what = action.label or f"{action.kind} {action.selector}".strip()
        super().__init__(url, f"could not {what} on {url}: {reason}")
        self.action = action
        self.reason = reason


class CacheFailed(Exception):
    """The cache file could not be read or written (a crawl cannot go on without it)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(
            f"the cache {path} cannot be used ({reason}); {_cache_advice(reason)}; "
            "what it already holds is kept"
        )
        self.path = path
        self.reason = reason


def _cache_advice(reason: str) -> str:
    text = reason.lower()
    if "locked" in text or "busy" in text:
        return "another process is writing it: wait for it to end, or give another --cache"
    if "full" in text or "no space" in text:
        return "free disk space, or give a --cache on another disk, then rerun to resume"
    if "removed" in text or "replaced" in text:
        return (
            "the pages loaded since were not kept: rerun to load them again, or give another "
            "--cache"
        )
    return "move the file aside and rerun (the crawl starts a new cache), or give another --cache"


def reason_of(error: BaseException) -> str:
    """What an error of a lower layer says, for the crawl error that stands in for it."""
    return str(error) or type(error).__name__
