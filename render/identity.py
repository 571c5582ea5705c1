"""Who the crawler says it is: user agent, extra headers, cookies, proxy, a logged-in browser.

One `Identity` is given to both page loaders so that a page looks the same to the site whether
it came over HTTP or through the browser:

- the HTTP fast path (`render.http.HttpFetcher`) sends `user_agent`, `headers`, and a Cookie
  header built from `cookies` (sent to every host) and the storage state's cookies that match
  the URL (domain, path, secure, expiry), through `proxy` when there is one;
- the browser (`render.pool.BrowserPool`) opens each context with the same user agent, proxy
  and Playwright storage state (cookies and local storage of a logged-in browser), adds
  `cookies` for each origin before it first navigates there, and sends `headers` only with the
  requests to the origins it navigates to (each request paused and given them, render/guard.py
  `credit`): never to a script's, frame's or image's other host.

`storage_state` is the JSON file Playwright writes with ``context.storage_state(path=...)``;
`Identity.load` reads its cookies once (a missing or malformed file is a ValueError).

`cache_key` names the identity in a cache without holding its secrets: a digest of the headers,
cookies and storage state ("" for none of them, the anonymous crawler), so that a page fetched
as one identity never answers another.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

__all__ = ["DEFAULT_USER_AGENT", "Identity", "StoredCookie"]

# What siteseer says it is, over HTTP and in the browser, unless told otherwise (the one definition).
DEFAULT_USER_AGENT = "siteseer/0.1 (+https://github.com/siteseer)"


@dataclass(frozen=True)
class StoredCookie:
    """One cookie of a Playwright storage state (`expires` -1: a session cookie)."""

    name: str
    value: str
    domain: str
    path: str = "/"
    secure: bool = False
    expires: float = -1

    def matches(self, url: str, now: float) -> bool:
        """Whether a request to `url` at time `now` carries this cookie (RFC 6265 matching)."""
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        domain = self.domain.lower().lstrip(".")
        if host != domain and not host.endswith("." + domain):
            return False
        path = parts.path or "/"
        prefix = self.path or "/"
        if not (path == prefix or path.startswith(prefix.rstrip("/") + "/")):
            return False
        if self.secure and parts.scheme != "https":
            return False
        return not (self.expires > 0 and self.expires < now)


@dataclass(frozen=True)
class Identity:
    """The identity both page loaders present (see the module docstring)."""

    user_agent: str = DEFAULT_USER_AGENT
    headers: tuple[tuple[str, str], ...] = ()
    cookies: tuple[tuple[str, str], ...] = ()
    proxy: str | None = None
    storage_state: Path | None = None
    stored_cookies: tuple[StoredCookie, ...] = ()
    storage_digest: str = ""  # SHA-256 of the storage state file as read

    @property
    def cache_key(self) -> str:
        """What a cache keys this identity's pages by: "" without headers, cookies or storage
        state, else a digest of them (SHA-256; none of their values is kept). The user agent
        and the proxy are not part of it: they do not say who is logged in."""
        if not (self.headers or self.cookies or self.storage_state is not None):
            return ""
        who = {
            "headers": sorted((name.lower(), value) for name, value in self.headers),
            "cookies": sorted(self.cookies),
            "storage_state": self.storage_digest,
        }
        text = json.dumps(who, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]

    @classmethod
    def load(
        cls,
        *,
        user_agent: str = DEFAULT_USER_AGENT,
        headers: tuple[tuple[str, str], ...] = (),
        cookies: tuple[tuple[str, str], ...] = (),
        proxy: str | None = None,
        storage_state: Path | None = None,
    ) -> Identity:
        """An Identity with the storage state's cookies read (ValueError when unreadable)."""
        stored: tuple[StoredCookie, ...] = ()
        digest = ""
        if storage_state is not None:
            stored = read_storage_cookies(storage_state)
            digest = hashlib.sha256(storage_state.read_bytes()).hexdigest()
        return cls(user_agent, headers, cookies, proxy, storage_state, stored, digest)

    def cookie_header(self, url: str) -> str | None:
        """The Cookie header a request to `url` carries (None: no cookie)."""
        now = time.time()
        pairs = [(c.name, c.value) for c in self.stored_cookies if c.matches(url, now)]
        pairs += list(self.cookies)
        if not pairs:
            return None
        return "; ".join(f"{name}={value}" for name, value in pairs)

    def request_headers(self, url: str) -> dict[str, str]:
        """The headers of an HTTP request to `url`: the extra headers, then the cookies."""
        headers = dict(self.headers)
        cookie = self.cookie_header(url)
        if cookie is not None:
            headers["Cookie"] = cookie
        return headers

    def context_options(self) -> dict[str, Any]:
        """Keyword arguments for Playwright's ``browser.new_context(...)``."""
        options: dict[str, Any] = {"user_agent": self.user_agent}
        if self.proxy is not None:
            options["proxy"] = {"server": self.proxy}
        if self.storage_state is not None:
            options["storage_state"] = str(self.storage_state)
        return options

    def browser_cookies(self, url: str) -> list[dict[str, Any]]:
        """`cookies` as Playwright cookies for `url`'s origin (added before the first visit)."""
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        return [{"name": name, "value": value, "url": origin} for name, value in self.cookies]


def read_storage_cookies(path: Path) -> tuple[StoredCookie, ...]:
    """The cookies of a Playwright storage-state file; ValueError when it cannot be read."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"cannot read the storage state {path}: {e}") from None
    except RecursionError:
        raise ValueError(f"cannot read the storage state {path}: nested too deeply") from None
    raw = document.get("cookies") if isinstance(document, dict) else None
    if not isinstance(raw, list):
        raise ValueError(f"{path} is not a Playwright storage state (no 'cookies' list)")
    try:
        return tuple(
            StoredCookie(
                name=str(item["name"]),
                value=str(item["value"]),
                domain=str(item["domain"]),
                path=str(item.get("path") or "/"),
                secure=bool(item.get("secure", False)),
                expires=float(item.get("expires", -1)),
            )
            for item in raw
        )
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"{path} holds a cookie without name, value or domain: {e}") from None
