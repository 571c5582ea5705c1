"""Serve lab sites on loopback, each on its own port.

`LabServer` is the async context manager; `running_lab` runs one in a background thread for
synchronous callers (the CLI, pytest fixtures shared across event loops). It serves both tiers:
a synthetic `Site` in-process (aiohttp, `Site.handle`), a real application (`lab.real.RealApp`)
as a child process it starts and stops; real applications must be installed first
(`lab.real.ensure_installed`), else starting raises `lab.real.NotInstalled`.

With ``apart=True`` a synthetic site is served by a child process too (`siteseer lab serve` of
that one site, at the same size and seed: the same bytes), so that the serving is not charged to
the process that crawls it — as no real site ever is. Benchmarks serve apart; tests that look
into a site's handler serve in-process.

A site served in-process counts the requests it answers per path and query
(`LabServer.requests`), for tests that check how often a page was downloaded.

With ``keep_going=True`` a site that cannot be served (its process exits or never answers, its
port cannot be bound) is left out, the reason kept in `LabServer.failed`, and the others are
served: a bench of many applications goes on without the one that fails.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from siteseer.lab.real.app import RealApp
from siteseer.lab.real.errors import RealAppError
from siteseer.lab.real.process import AppProcess, free_port
from siteseer.lab.real.registry import lab_site_class
from siteseer.lab.site import Site, Size
from siteseer.lab.truth import SiteTruth

__all__ = ["LabServer", "LabSite", "build_sites", "running_lab"]

HOST = "127.0.0.1"
_ROOT = Path(__file__).resolve().parents[1]  # where `python -m siteseer.cli` finds the command line


_Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

LabSite = Site | RealApp
"""A site of either tier: served in-process (`Site`) or as a child process (`RealApp`)."""


def build_sites(site_ids: Sequence[str], size: Size = "small", seed: int = 0) -> list[LabSite]:
    return [lab_site_class(site_id)(size=size, seed=seed) for site_id in site_ids]


@dataclass
class _Served:
    site: LabSite
    port: int
    close: Callable[[], Awaitable[None]]


class LabServer:
    """Serves each site at http://127.0.0.1:<port>/ (free ports unless `ports` are given)."""

    def __init__(
        self,
        sites: Sequence[LabSite],
        ports: Sequence[int] | None = None,
        *,
        apart: bool = False,
        keep_going: bool = False,
    ) -> None:
        if ports is not None and len(ports) != len(sites):
            raise ValueError("give one port per site, or none")
        self._sites = list(sites)
        self._ports = list(ports) if ports is not None else [0] * len(sites)
        self.apart = apart
        self.keep_going = keep_going
        self.failed: dict[str, str] = {}  # site id → why it is not served (`keep_going`)
        self._served: dict[str, _Served] = {}
        self._logs: tempfile.TemporaryDirectory[str] | None = None
        self._requests: dict[str, Counter[str]] = {}
        self._requests_lock = threading.Lock()

    async def __aenter__(self) -> LabServer:
        try:
            # Child processes start side by side; their sites are built in each child. A site
            # already known to fail (`failed` given before entering) is not started.
            todo = [
                (site, port)
                for site, port in zip(self._sites, self._ports, strict=True)
                if site.id not in self.failed
            ]
            started = await asyncio.gather(
                *(self._start(site, port) for site, port in todo), return_exceptions=True
            )
            for (site, _), served in zip(todo, started, strict=True):
                if isinstance(served, _Served):
                    self._served[site.id] = served
            for (site, _), served in zip(todo, started, strict=True):
                if self.keep_going and isinstance(served, RealAppError | OSError):
                    self.failed[site.id] = " ".join(str(served).split())
                elif isinstance(served, BaseException):
                    raise served
        except BaseException:
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _start(self, site: LabSite, port: int) -> _Served:
        if isinstance(site, RealApp):
            process = await site.start(port)
            return _Served(site, process.port, process.stop)
        if self.apart:
            return await self._start_apart(site, port or free_port())
        counted = self._requests.setdefault(site.id, Counter())

        @web.middleware
        async def count(request: web.Request, handler: _Handler) -> web.StreamResponse:
            with self._requests_lock:
                counted[request.path_qs] += 1
            return await handler(request)

        app = web.Application(middlewares=[count])
        app.router.add_route("*", "/{tail:.*}", site.handle)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        tcp = web.TCPSite(runner, HOST, port, reuse_address=True)
        try:
            await tcp.start()
        except OSError as e:
            await runner.cleanup()
            raise OSError(f"cannot serve lab site {site.id!r} on {HOST}:{port}: {e}") from e
        bound = runner.addresses[0][1]
        return _Served(site, int(bound), runner.cleanup)

    async def _start_apart(self, site: Site, port: int) -> _Served:
        """`site` served by `siteseer lab serve` in a child process of its own on `port`."""
        if self._logs is None:
            self._logs = tempfile.TemporaryDirectory(prefix="siteseer-lab-")
        argv = [sys.executable, "-m", "siteseer.cli", "lab", "serve", "--sites", site.id]
        argv += ["--size", site.size, "--seed", str(site.seed), "--port-base", str(port)]
        log = Path(self._logs.name) / f"{site.id}.log"
        process = AppProcess(site.id, argv, port, log, cwd=_ROOT)
        await process.start()
        return _Served(site, port, process.stop)

    async def close(self) -> None:
        served, self._served = self._served, {}
        for item in served.values():
            await item.close()
        logs, self._logs = self._logs, None
        if logs is not None:
            logs.cleanup()

    @property
    def site_ids(self) -> list[str]:
        return list(self._served)

    def url(self, site_id: str) -> str:
        """Root URL of a served site, without the trailing slash."""
        return f"http://{HOST}:{self._served[site_id].port}"

    def requests(self, site_id: str) -> Counter[str]:
        """Requests a site served in-process has answered so far, by path and query (a copy;
        empty for a site served by a process of its own)."""
        with self._requests_lock:
            return Counter(self._requests.get(site_id, {}))

    def site(self, site_id: str) -> LabSite:
        return self._served[site_id].site

    def truth(self, site_id: str) -> SiteTruth:
        return self._served[site_id].site.truth(self.url(site_id))

    def unserved_truth(self, site_id: str) -> SiteTruth:
        """What is known of a site that could not be served (`failed`): its id and kind."""
        (site,) = (s for s in self._sites if s.id == site_id)
        return SiteTruth(site=site_id, base_url="", kind=site.kind)


@contextmanager
def running_lab(
    site_ids: Sequence[str], size: Size = "small", seed: int = 0, *, apart: bool = False
) -> Iterator[LabServer]:
    """Serve sites from a background thread with its own event loop; stop on exit."""
    sites = build_sites(site_ids, size, seed)
    server = LabServer(sites, apart=apart)
    loop = asyncio.new_event_loop()
    started = threading.Event()
    failure: list[BaseException] = []
    stop: asyncio.Event | None = None

    async def main() -> None:
        nonlocal stop
        stop = asyncio.Event()
        try:
            async with server:
                started.set()
                await stop.wait()
        except BaseException as e:
            failure.append(e)
            started.set()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    started.wait()
    if failure:
        thread.join()
        loop.close()
        raise failure[0]
    try:
        yield server
    finally:
        assert stop is not None
        loop.call_soon_threadsafe(stop.set)
        thread.join(timeout=60)  # stopping sites served apart waits on their processes
        if not thread.is_alive():  # a loop still stopping is left to the daemon thread
            loop.close()
