"""Fakes for Session tests that need no network: a scripted HTTP fetcher and browser.

Imported by the tests of this folder (`from crawler_fakes import ...`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from types import TracebackType
from typing import Any

from siteseer.crawler import SessionConfig
from siteseer.render import BrowserNotFound, RawResponse, Snapshot, State, snapshot_from_html

Outcome = int | BaseException | tuple[int, str, str]  # status | error | (status, type, html)


def html_page(
    title: str, links: tuple[str, ...] = (), extra: str = "", *, script: bool = True
) -> str:
    """A small page; like most real pages it carries a script unless `script` is False."""
    anchors = "".join(f'<li><a href="{href}">{href}</a></li>' for href in links)
    tag = "<script>window.analytics = [];</script>" if script else ""
    return (
        f"<html><head><title>{title}</title>{tag}</head><body><h1>{title}</h1>"
        f"<p>{'Words about ' + title + '. ' * 5}</p><ul>{anchors}</ul>{extra}</body></html>"
    )


class FakeFetcher:
    """Answers from `pages` (url → html) or `scripts` (url → outcomes, consumed in order)."""

    def __init__(self, pages: dict[str, str] | None = None, *, delay: float = 0.0) -> None:
        self.pages = dict(pages or {})
        self.scripts: dict[str, list[Outcome]] = {}
        self.calls: list[str] = []
        self.delay = delay

    async def fetch(self, url: str, *, timeout: timedelta) -> RawResponse:  # noqa: ASYNC109
        self.calls.append(url)
        if self.delay:
            await asyncio.sleep(self.delay)
        outcome: Outcome = 404
        if self.scripts.get(url):
            outcome = self.scripts[url].pop(0)
        elif url in self.pages:
            outcome = (200, "text/html", self.pages[url])
        if isinstance(outcome, BaseException):
            raise outcome
        if isinstance(outcome, int):
            outcome = (outcome, "text/html", html_page(f"status {outcome}"))
        status, ctype, body = outcome
        return RawResponse(url, url, status, ctype, (), body.encode(), 1.5)

    def count(self, url: str) -> int:
        return self.calls.count(url)


class FakeBrowser:
    """A browser whose DOM after scripts is `dom[url]` (default: the fetcher's page)."""

    def __init__(self, fetcher: FakeFetcher, dom: dict[str, str] | None = None) -> None:
        self.fetcher = fetcher
        self.dom = dict(dom or {})
        self.loads: list[State] = []
        self.documents: list[RawResponse | None] = []  # handed to each load (None: not)
        self.entered = 0
        self.exited = 0
        self.fail_launch = False

    def __call__(self) -> FakeBrowser:
        return self

    async def __aenter__(self) -> FakeBrowser:
        if self.fail_launch:
            raise BrowserNotFound("no Chromium found: install one")
        self.entered += 1
        return self

    async def __aexit__(
        self, t: type[BaseException] | None, e: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.exited += 1

    async def load(
        self,
        state: State,
        *,
        canonicalize: Callable[[str], str],
        screenshot: Any,
        document: RawResponse | None = None,
    ) -> Snapshot:
        self.loads.append(state)
        self.documents.append(document)
        await asyncio.sleep(0)
        html = self.dom.get(state.url) or self.fetcher.pages.get(state.url) or html_page("404")
        for action in state.actions:
            html = html.replace("</body>", f"<p>{action.kind} {action.selector}</p></body>")
        snap = snapshot_from_html(state.url, state.url, 200, html, canonicalize=canonicalize)
        return replace(
            snap,
            state=state,
            rendered=True,
            screenshot=b"\x89PNG-" + str(screenshot).encode() if screenshot else None,
        )

    def count(self, url: str) -> int:
        return sum(1 for s in self.loads if s.url == url)


def fast_config(**kwargs: Any) -> SessionConfig:
    """SessionConfig for fake hosts: no delay, millisecond backoff."""
    kwargs.setdefault("delay", timedelta(0))
    kwargs.setdefault("backoff", timedelta(milliseconds=1))
    return SessionConfig(**kwargs)
