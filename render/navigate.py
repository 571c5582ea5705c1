"""The pool's navigator: one worker's page taken to a URL (up to DOMContentLoaded) and settled.

Each navigation starts without the cookies sites set before it (the identity's and the storage
state's stay), as on the HTTP path; the identity's cookies for the URL's origin are added once
per context. A navigation handed its document goes to the document's final URL with the guard
answering its request from those bytes (render/guard.py). A load whose bytes reach
`max_page_bytes` before DOMContentLoaded is not waited for: what it shows is extracted; so is a
document that leaves for a refused page while it parses (an inline script, a form submitted on
load), once, with the refusal in its Snapshot's `refused`. A fresh
document then settles for the window learned for its host (`NavigationLearner`).

Errors: NavigationTimeout, NavigationRefused (the guard refused the page's own navigation),
NonHTMLResponse (a download, a response that is not HTML), NavigationFailed; a Playwright error
saying the page or browser died is raised as it is, for the pool to relaunch.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Response
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from siteseer.render.config import RenderConfig
from siteseer.render.errors import (
    NavigationFailed,
    NavigationTimeout,
    NonHTMLResponse,
    RedirectLoop,
)
from siteseer.render.guard import DocumentGuard, refused_error
from siteseer.render.http import RawResponse, sent_headers
from siteseer.render.identity import Identity
from siteseer.render.settle import NavigationLearner, Settled, settle, settle_then
from siteseer.render.worker import Count, Navigation, Spawn, Worker, cookies_of, first_line, is_gone

__all__ = ["HTML_TYPES", "Navigator"]

logger = logging.getLogger("siteseer.render")

HTML_TYPES = ("text/html", "application/xhtml+xml")


async def _awaited(future: asyncio.Future[Any]) -> None:
    await future


class Navigator:
    """Navigates a worker's page and settles the document (see the module docstring)."""

    def __init__(
        self,
        config: RenderConfig,
        identity: Identity,
        guard: DocumentGuard,
        *,
        count: Count,
        spawn: Spawn,
    ) -> None:
        self.config = config
        self.identity = identity
        self._guard = guard
        self._count = count
        self._spawn = spawn
        self.windows = NavigationLearner(config.settle_quiet)

    async def navigate(
        self, worker: Worker, page: Page, url: str, document: RawResponse | None = None
    ) -> Navigation:
        """Load `url` in `page` (up to DOMContentLoaded); the worker remembers what it reported.

        With a `document` (the page's response as fetched already), the page goes to its final
        URL and that navigation's own request is answered from it (the guard's `_on_request`).

        Raises NonHTMLResponse for a download or a response that is not HTML (after the worker
        has remembered it, as it shows that response now).
        """
        sent_at, started = time.time(), time.perf_counter()
        self._count("navigations")
        worker.navigations_in_context += 1
        worker.state = None
        handover, worker.handover, worker.handed = document, None, False
        going_to = url if handover is None else handover.final_url
        try:
            await self._guard.calm(worker)
            await self._forget_site_cookies(worker, page)
            await self._add_cookies(worker, page, going_to)
            await self._guard.credit(worker, going_to)
            if "#" in going_to and page.url.partition("#")[0] == going_to.partition("#")[0]:
                # The page shows this document already: going to a fragment of it would only
                # change the fragment, on top of whatever state the page is in. A state with a
                # fragment is loaded as the document at that fragment, from nothing.
                await page.goto("about:blank")
            if handover is not None:
                await self._guard.pause_documents(worker)
                worker.handover = handover
            try:
                response, cut = await self._goto_or_cut(worker, page, going_to)
            finally:
                if worker.handover is not None:
                    logger.info("%s was not asked for as handed over: loaded from the network", url)
                worker.handover = None
                if worker.handed:
                    self._count("handed_over")
        except PlaywrightTimeoutError as e:
            raise NavigationTimeout(
                f"{url} did not load within {self.config.navigation_timeout.total_seconds():g} s "
                f"(raise timeouts.navigation_s to wait longer)",
                url=url,
            ) from e
        except PlaywrightError as e:
            message = first_line(e)
            if is_gone(e):
                raise
            if worker.refused is not None:
                raise refused_error(worker.refused, url) from e
            if "Download is starting" in message:
                raise NonHTMLResponse(
                    f"{url} is a download, not an HTML page ({message})",
                    url=url,
                    content_type="application/octet-stream",
                ) from e
            failure = RedirectLoop if "ERR_TOO_MANY_REDIRECTS" in message else NavigationFailed
            raise failure(f"loading {url} failed: {message}", url=url) from e
        fetch_ms = (time.perf_counter() - started) * 1000.0
        if worker.refused is not None and worker.left:
            target, reason = worker.refused
            worker.effects.append(
                f"{worker.left} {target}: {reason} (the page left while it parsed)"
            )
        elif worker.refused is not None:
            raise refused_error(worker.refused, url)
        if cut:  # the document reached the limit, or left, before DOMContentLoaded
            status, content_type = worker.document
            worker.navigation = Navigation(
                status, content_type.lower() or "text/html", fetch_ms, sent_at
            )
            return worker.navigation
        if response is None:  # nothing new loaded (about:blank, a same-document navigation)
            worker.navigation = replace(worker.navigation, fetch_ms=fetch_ms)
            return worker.navigation
        content_type = (response.headers.get("content-type") or "").split(";")[0].strip()
        worker.navigation = self._captured(
            Navigation(response.status, content_type.lower() or "text/html", fetch_ms, sent_at),
            response,
            handover if worker.handed else None,
        )
        if content_type and content_type.lower() not in HTML_TYPES:
            raise NonHTMLResponse(
                f"{url} is {content_type}, not an HTML page", url=url, content_type=content_type
            )
        return worker.navigation

    def _captured(
        self, navigation: Navigation, response: Response, handover: RawResponse | None
    ) -> Navigation:
        """`navigation` with what a WARC record keeps of its exchange: a document handed over
        is the fetch's (its time and headers as received); else the browser's (Playwright's
        `headers`, read without a round trip: lowercased names, no cookie headers)."""
        if handover is not None:
            return replace(
                navigation,
                sent_at=handover.sent_at or navigation.sent_at,
                headers=handover.headers,
                request_headers=handover.request_headers,
            )
        withheld = (name for name, _value in self.identity.headers)
        return replace(
            navigation,
            headers=tuple(response.headers.items()),
            request_headers=sent_headers(response.request.headers.items(), withheld),
        )

    async def _goto_or_cut(
        self, worker: Worker, page: Page, url: str
    ) -> tuple[Response | None, bool]:
        """`page.goto(url)` up to DOMContentLoaded: its response, and False; or (None, True) as
        soon as the load reaches `max_page_bytes` first, or its document leaves for a refused
        page while it parses (`Worker.left`; the navigation's end is then awaited in the
        background)."""
        going = asyncio.ensure_future(page.goto(url, wait_until="domcontentloaded"))
        cut = asyncio.ensure_future(worker.halted.wait())
        try:
            await asyncio.wait({going, cut}, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            going.cancel()
            raise
        finally:
            cut.cancel()
        if going.done() and not (worker.left and going.exception() is not None):
            return going.result(), False
        if not going.done():
            self._spawn(_awaited(going), "the end of a cut navigation")
        return None, True

    async def settle(
        self, page: Page, url: str, *, extract: str | None
    ) -> tuple[Settled, str | None]:
        """Settle a fresh document for the window learned for `url`'s host (`NavigationLearner`),
        and with `extract` (a page function) run it in the same round trip (its result, else
        None)."""
        host = urlsplit(url).netloc
        quiet, cap, fast = self.windows.plan(host), self.config.settle_cap, self.config.settle_fast
        raw = None
        if extract is not None:
            settled, raw = await settle_then(page, extract, quiet=quiet, cap=cap, fast=fast)
        else:
            settled = await settle(page, quiet=quiet, cap=cap, fast=fast)
        self.windows.learn(host, quiet, settled)
        return settled, raw

    async def _add_cookies(self, worker: Worker, page: Page, url: str) -> None:
        """The identity's cookies for `url`'s origin, added once per context."""
        cookies = self.identity.browser_cookies(url)
        origin = cookies[0]["url"] if cookies else None
        if origin is None or origin in worker.cookie_origins:
            return
        await page.context.add_cookies(cookies)  # type: ignore[arg-type]
        worker.cookie_origins.add(origin)
        worker.cookies = cookies_of(await page.context.cookies())

    async def _forget_site_cookies(self, worker: Worker, page: Page) -> None:
        """Drop the cookies the sites set since the context opened, keeping its own (the
        storage state's and the identity's): every navigation starts from the same state, as
        on the HTTP path, which keeps no cookies. A page loaded after others then shows what its
        URL names, not a trail of the pages loaded before it (a wiki's breadcrumbs, a "recently
        viewed" box, a list's remembered filter); the actions of one state share its
        navigation's cookies."""
        context = page.context
        now = cookies_of(await context.cookies())
        if now == worker.cookies:
            return
        await context.clear_cookies()
        if worker.cookies:
            await context.add_cookies([dict(c) for c in worker.cookies])  # type: ignore[misc]
