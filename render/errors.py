"""render's errors.

The tree::

    RenderError                 anything the renderer could not do (carries `url`, maybe "")
    ├── BrowserNotFound         no Chromium to launch; the message says how to install one
    ├── BrowserCrashed          the browser died and could not be brought back
    ├── NavigationError         a page could not be loaded
    │   ├── NavigationFailed    no response: connection refused, reset, DNS, bad URL
    │   │   └── RedirectLoop    more redirects than the limit: the same answer again, never retried
    │   ├── NavigationTimeout   no response (or no DOMContentLoaded) within the timeout
    │   ├── NavigationRefused   a hop of the navigation failed the caller's check (`target`, `reason`)
    │   └── NonHTMLResponse     the response is not an HTML document (PDF, JSON, a download)
    ├── PageDeadline            the whole load (navigate, settle, act, extract) overran its deadline;
    │                           the page was closed from outside and its context replaced
    └── ActionError             an action on a live page failed (carries `action`)

An HTTP error status (404, 500) is not an error here: it is data on the Snapshot.

These are the renderer's own errors, for code that drives a BrowserPool or an HttpFetcher
directly. A crawl Session translates each into the crawler's tree (crawler/errors.py) with
``raise … from``, so the render error is the crawler error's `__cause__`. No name is in both
trees::

    NavigationFailed, NavigationTimeout   → FetchFailed (after the retries; a RedirectLoop at once)
    NonHTMLResponse                       → NotHTML
    NavigationRefused                     → RedirectRefused
    BrowserNotFound, BrowserCrashed       → BrowserUnavailable
    ActionError                           → ActionFailed
    any other RenderError                 → FetchFailed
"""

from __future__ import annotations

from siteseer.render.snapshot import Action

__all__ = [
    "ActionError",
    "BrowserCrashed",
    "BrowserNotFound",
    "NavigationError",
    "NavigationFailed",
    "NavigationRefused",
    "NavigationTimeout",
    "NonHTMLResponse",
    "PageDeadline",
    "RedirectLoop",
    "RenderError",
]


class RenderError(Exception):
    """Base of render's errors; `url` is the page concerned ("" when none is)."""

    def __init__(self, message: str, *, url: str = "") -> None:
        super().__init__(message)
        self.url = url


class BrowserNotFound(RenderError):
    """No Chromium or headless shell could be found (or the configured one does not exist)."""


class BrowserCrashed(RenderError):
    """The browser died and relaunching it failed."""


class NavigationError(RenderError):
    """A page could not be loaded."""


class NavigationFailed(NavigationError):
    """The request got no response: refused, reset, unresolvable host, invalid URL."""


class RedirectLoop(NavigationFailed):
    """The navigation redirected more times than the limit (a loop, or an endless chain); asking
    again would only follow the same chain, so it is never retried."""


class NavigationTimeout(NavigationError):
    """No response, or no DOMContentLoaded, within the navigation timeout."""


class NavigationRefused(NavigationError):
    """The page (or a redirect of its navigation) went to `target`, which the check refused."""

    def __init__(self, message: str, *, url: str = "", target: str = "", reason: str = "") -> None:
        super().__init__(message, url=url)
        self.target = target
        self.reason = reason


class PageDeadline(RenderError):
    """The load did not finish within the page deadline (a hung script, a giant DOM)."""


class NonHTMLResponse(NavigationError):
    """The response is not an HTML document (`content_type` says what it is)."""

    def __init__(self, message: str, *, url: str = "", content_type: str = "") -> None:
        super().__init__(message, url=url)
        self.content_type = content_type


class ActionError(RenderError):
    """An action could not be performed: its control is gone, hidden, or did not respond."""

    def __init__(self, message: str, *, url: str = "", action: Action) -> None:
        super().__init__(message, url=url)
        self.action = action
