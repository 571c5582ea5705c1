"""The pool's browser contexts: a worker's context and page opened, dropped, or abandoned.

A context opens with the identity's options (user agent, headers, proxy, storage state), no
downloads and no service workers; its page gets the init script (settle probe, extraction,
``window.open`` refused, speculation rules kept from being declared: nospeculation.js, workers
made from a blob: or data: URL started behind the worker guard: workers.js), no prerendering,
its WebSockets checked (render/guard.py), its timeouts, images/media/fonts blocked by URL (CDP
``Network.setBlockedURLs``, never stylesheets: boxes depend on them), popups closed as they
appear, and the document guard attached (render/guard.py). An abandoned context (a page past its
deadline, stuck in a script) is taken from its worker at once and closed from outside: its script
stopped (CDP ``Runtime.terminateExecution``), then the context closed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from importlib import resources
from typing import Any

from playwright.async_api import Browser, Page
from playwright.async_api import Error as PlaywrightError

from siteseer.render.config import RenderConfig
from siteseer.render.guard import WORKER_GUARD, DocumentGuard
from siteseer.render.identity import Identity
from siteseer.render.settle import SETTLE_INIT_SCRIPT
from siteseer.render.worker import BrowserGone, Count, Spawn, Worker, cookies_of, first_line

__all__ = ["BLOCKED_EXTENSIONS", "EXTRACT_SCRIPT", "Contexts", "blocked_patterns"]

logger = logging.getLogger("siteseer.render")

EXTRACT_SCRIPT: str = resources.files("siteseer.render").joinpath("extract.js").read_text("utf-8")
# Installed in every document with the settle probe, so that each page's evaluate sends a few
# bytes instead of the whole extraction script (and the browser compiles it once per document).
_INIT_SCRIPT = (
    SETTLE_INIT_SCRIPT
    + "\nif (window.__siteseer && !window.__siteseer.extract) {\n"
    + f"  window.__siteseer.extract = {EXTRACT_SCRIPT.strip()};\n}}\n"
    + "try { window.open = function () { return null; }; } catch (e) {}\n"
    + resources.files("siteseer.render").joinpath("nospeculation.js").read_text("utf-8")
    + WORKER_GUARD
)

# Each document starts without the web storage (localStorage, sessionStorage) the sites wrote
# in the pages loaded before it, as each navigation starts without their cookies: a state is
# what its URL and actions name, not a list's filter or sort an earlier page left in storage.
# (Not with a storage state: a logged-in browser's storage is the identity's.)
_FRESH_STORAGE = (
    "\ntry { if (window.top === window) { localStorage.clear(); sessionStorage.clear(); } }"
    " catch (e) {}\n"
)

BLOCKED_EXTENSIONS: dict[str, tuple[str, ...]] = {
    "image": ("png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "ico", "bmp", "tif", "tiff"),
    "media": ("mp4", "webm", "ogg", "ogv", "mp3", "wav", "m4a", "m4v", "mov", "avi", "flac"),
    "font": ("woff", "woff2", "ttf", "otf", "eot"),
}


def blocked_patterns(resource_types: tuple[str, ...]) -> list[str]:
    """CDP URL patterns that block the given resource types by file extension."""
    patterns: list[str] = []
    for kind in resource_types:
        for ext in BLOCKED_EXTENSIONS.get(kind, ()):
            patterns += [f"*.{ext}", f"*.{ext}?*"]
    return patterns


class Contexts:
    """Opens, drops and abandons the workers' contexts (see the module docstring)."""

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
        self._patterns = blocked_patterns(config.blocked_resource_types)

    def _close_popup(self, popup: Page) -> None:
        self._count("popups_closed")
        self._spawn(popup.close(), "closing a popup")

    async def drop(self, worker: Worker, timeout_s: float = 10) -> None:
        """Close the worker's context (its next load opens a new one)."""
        context = worker.context
        worker.forget_page()
        if context is not None:
            try:
                await asyncio.wait_for(context.close(), timeout=timeout_s)
            except (PlaywrightError, TimeoutError) as e:
                logger.info("closing a context: %s", first_line(e) if str(e) else "no answer")

    def abandon(self, worker: Worker) -> Coroutine[Any, Any, None]:
        """Take the worker's context away at once (its next load gets a new one) and return
        the work that stops its page's script and closes it from outside."""
        context, cdp = worker.context, worker.cdp
        worker.forget_page()

        async def stop() -> None:
            if cdp is not None:
                try:
                    await asyncio.wait_for(cdp.send("Runtime.terminateExecution"), timeout=2)
                except (PlaywrightError, TimeoutError) as e:
                    logger.info("stopping a page's script: %s", first_line(e) if str(e) else "")
            if context is not None:
                try:
                    await asyncio.wait_for(context.close(), timeout=5)
                except (PlaywrightError, TimeoutError) as e:
                    logger.info("closing an abandoned page: %s", first_line(e) if str(e) else "")

        return stop()

    async def open(self, worker: Worker, browser: Browser | None, generation: int) -> None:
        """A new context and page for `worker` in `browser` (its old one dropped);
        BrowserGone when the browser cannot open one."""
        await self.drop(worker)
        if browser is None or not browser.is_connected():
            raise BrowserGone("browser is not connected")
        try:
            context = await browser.new_context(
                viewport={"width": self.config.viewport[0], "height": self.config.viewport[1]},
                accept_downloads=False,
                service_workers="block",
                **self.identity.context_options(),
            )
        except PlaywrightError as e:
            raise BrowserGone(first_line(e)) from e
        try:
            fresh = _FRESH_STORAGE if self.identity.storage_state is None else ""
            await context.add_init_script(script=_INIT_SCRIPT + fresh)
            page = await context.new_page()
            page.set_default_timeout(self.config.action_timeout.total_seconds() * 1000)
            page.set_default_navigation_timeout(
                self.config.navigation_timeout.total_seconds() * 1000
            )
            cdp = await context.new_cdp_session(page)
            await cdp.send("Network.enable")
            if self._patterns:
                await cdp.send("Network.setBlockedURLs", {"urls": self._patterns})
            await self._guard.attach(worker, cdp)
            await self._guard.watch_sockets(worker, page)
            await cdp.send("Page.setPrerenderingAllowed", {"isAllowed": False})
            page.on("popup", self._close_popup)
        except PlaywrightError as e:
            await context.close()
            raise BrowserGone(first_line(e)) from e
        worker.context, worker.page = context, page
        worker.generation = generation
        worker.navigations_in_context = 0
        worker.cookie_origins = set()
        worker.cookies = cookies_of(await context.cookies())
        self._count("contexts")
