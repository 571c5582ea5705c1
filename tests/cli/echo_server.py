"""A loopback HTTP server that records what each request carried, for the settings tests.

    with EchoServer() as echo:
        ...  # load echo.url("/page")
        echo.requests  # [Seen(path, headers, started, ended), ...]

Routes: ``/robots.txt`` disallows ``/private``; ``/slow`` answers after 2 s; ``/busy/<n>``
after 0.3 s (to count requests in flight); ``/flaky/<key>`` answers 503 to its first two
requests; every other path is a small HTML page linking to two others. Requests in absolute
form (a proxy's) are answered too, and recorded with their absolute target, so the server is
its own test proxy.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from aiohttp import web

__all__ = ["EchoServer", "Seen", "echo_server"]

PAGE = (
    "<!doctype html><html><head><title>echo</title></head><body><h1>echo {path}</h1>"
    '<ul><li><a href="/a">a</a></li><li><a href="/b">b</a></li></ul></body></html>'
)


@dataclass(frozen=True)
class Seen:
    """One request: its target as received, its headers (names lowercased), when it ran."""

    target: str
    headers: dict[str, str]
    started: float
    ended: float


class EchoServer:
    """The server (see the module docstring); `url(path)` is an absolute loopback URL."""

    def __init__(self) -> None:
        self.requests: list[Seen] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._flaky: dict[str, int] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None
        self.port = 0

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def seen(self, path: str) -> list[Seen]:
        """The requests whose target ends with `path` (a proxy's targets are absolute)."""
        return [s for s in self.requests if s.target.endswith(path)]

    def start(self) -> EchoServer:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        started = time.monotonic()
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            response = await self._answer(request)
        finally:
            self.in_flight -= 1
        headers = {k.lower(): v for k, v in request.headers.items()}
        self.requests.append(Seen(request.raw_path, headers, started, time.monotonic()))
        return response

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/robots.txt":
            return web.Response(text="User-agent: *\nDisallow: /private\n")
        if path == "/slow":
            await asyncio.sleep(2)
        if path.startswith("/busy/"):
            await asyncio.sleep(0.3)
        if path.startswith("/flaky/"):
            count = self._flaky.get(path, 0)
            self._flaky[path] = count + 1
            if count < 2:
                return web.Response(status=503, text="<p>try again</p>", content_type="text/html")
        return web.Response(text=PAGE.format(path=path), content_type="text/html")


@contextmanager
def echo_server() -> Iterator[EchoServer]:
    """An EchoServer, started, stopped at the end."""
    server = EchoServer().start()
    try:
        yield server
    finally:
        server.stop()
