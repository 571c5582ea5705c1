"""Page throughput of siteseer's fetch paths against bare reference loops, in one run.

    python -m bench.throughput [--pages 300] [--repeat 3] [--only browser] [--by-process] [--long]

Serves the "bench" lab site (product-like pages, 15–40 KB, 60–200 links) on loopback inside this
process and fetches the same pages several ways:

- siteseer's HTTP fast path (HttpFetcher + snapshot_from_html, 8 in flight) and a bare
  aiohttp + lxml loop (parse, absolute hrefs of all anchors) as its reference;
- siteseer's BrowserPool at 1, 2 and 4 pages, and a bare Playwright loop as its reference: one
  browser, 2 pages, the configured viewport, DOMContentLoaded, CDP resource blocking, and one
  evaluate returning a JSON string (the fastest configuration PERF_NOTES measured: the links with
  their boxes, and the outerHTML);
- crawlee-python's PlaywrightCrawler when the optional ``bench`` extra is installed.

The HTTP rows fetch the pages `HTTP_ROUNDS` times over (their runs are otherwise too short to
time). For each configuration it prints pages/second, CPU milliseconds per page and the peak RSS of the whole process
tree (this process, Playwright's driver, every Chromium process; read from /proc), the median of
`--repeat` runs. ``--by-process`` adds each configuration's CPU per page split by process kind
(`PROCESS_KINDS`: this Python process — which also serves the pages —, Playwright's node driver,
Chromium's browser, renderer, GPU/compositor, network and other utility processes). Browser start-up is outside the measured window. ``--long`` adds a long render
run reporting the tree's RSS at page 200 and page 2000.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import resource
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import aiohttp
from lxml import html as lxml_html
from playwright.async_api import Page, async_playwright

from siteseer.lab.server import LabServer, build_sites
from siteseer.render import HttpFetcher, RenderConfig, State, load_render_config, snapshot_from_html
from siteseer.render.pool import BrowserPool, blocked_patterns

__all__ = ["Measurement", "main"]

HTTP_IN_FLIGHT = 8
# The HTTP rows go through the page list this many times: a few hundred pages take well under a
# second over HTTP, too short a window to measure on a shared machine.
HTTP_ROUNDS = 5
_BARE_HTTP = "aiohttp + lxml, bare loop (8 in flight)"
_BARE_PW = "Playwright bare loop (2 pages, CDP blocking, one evaluate)"
_CRAWLEE = "crawlee PlaywrightCrawler (2 pages)"
_CRAWLEE_DEFAULTS = "crawlee PlaywrightCrawler (default concurrency)"
_TIMEOUT = timedelta(seconds=30)
_TICKS_PER_S = os.sysconf("SC_CLK_TCK")
_PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
# The bare reference's one evaluate, as PERF_NOTES measured it: links with boxes, and outerHTML.
_BARE_EXTRACT = """() => JSON.stringify({
  links: Array.from(document.links, a => {
    const r = a.getBoundingClientRect();
    return [a.href, a.textContent, r.left + scrollX, r.top + scrollY, r.width, r.height];
  }),
  html: document.documentElement.outerHTML,
})"""


# -- process-tree accounting (/proc) ---------------------------------------------------------------


def _children_map() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry.name}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    return children


def _tree(root: int) -> list[int]:
    children = _children_map()
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, ()))
    return out


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime + stime


PROCESS_KINDS = ("python", "driver", "browser", "renderer", "gpu", "network", "other")


def process_kind(pid: int, me: int) -> str:
    """Which of `PROCESS_KINDS` process `pid` of the tree rooted at `me` is.

    Chromium rewrites its command line into one space-separated string, so the words are split
    on whitespace rather than on NULs.
    """
    if pid == me:
        return "python"
    try:
        words = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
    except OSError:
        return "other"
    if not words:
        return "other"
    program = os.path.basename(words[0].decode(errors="replace"))
    if program == "node" or any(w.endswith(b"cli.js") for w in words[1:2]):
        return "driver"
    if "chrom" not in program and "headless" not in program:
        return "other"
    kind = next((w[7:].decode() for w in words if w.startswith(b"--type=")), "")
    if not kind:
        return "browser"
    if kind == "utility":
        return "network" if b"--utility-sub-type=network.mojom.NetworkService" in words else "other"
    return {"renderer": "renderer", "gpu-process": "gpu"}.get(kind, "other")


def _rss_bytes(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * _PAGE_BYTES
    except (OSError, IndexError):
        return 0


def _self_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class TreeMonitor:
    """Samples CPU and RSS of this process and all its descendants while a run goes on."""

    RESCAN_EVERY = 5

    def __init__(self, interval_s: float = 0.2) -> None:
        self.interval_s = interval_s
        self.me = os.getpid()
        self._pids: list[int] = []
        self.start_ticks: dict[int, int] = {}
        self.last_ticks: dict[int, int] = {}
        self.peak_rss = 0
        self._task: asyncio.Task[None] | None = None
        self._self_start = 0.0
        self.kinds: dict[int, str] = {}
        self.by_kind: dict[str, float] = {}  # CPU seconds per process kind, set by `stop`

    def sample(self, *, rescan: bool = True) -> int:
        """Record one sample; returns the tree's current RSS in bytes.

        Finding the tree scans all of /proc, so the periodic samples rescan only every
        `RESCAN_EVERY`-th time and otherwise reuse the pids found last.
        """
        if rescan or not self._pids:
            self._pids = _tree(self.me)
        rss = 0
        for pid in self._pids:
            rss += _rss_bytes(pid)
            if pid != self.me:
                ticks = _cpu_ticks(pid)
                self.last_ticks[pid] = max(self.last_ticks.get(pid, 0), ticks)
                if pid not in self.kinds:
                    self.kinds[pid] = process_kind(pid, self.me)
        self.peak_rss = max(self.peak_rss, rss)
        return rss

    async def _loop(self) -> None:
        n = 0
        while True:
            self.sample(rescan=n % self.RESCAN_EVERY == 0)
            n += 1
            await asyncio.sleep(self.interval_s)

    def start(self) -> None:
        for pid in _tree(self.me):
            if pid != self.me:
                self.start_ticks[pid] = _cpu_ticks(pid)
        self.last_ticks = dict(self.start_ticks)
        self._self_start = _self_cpu_s()
        self.peak_rss = 0
        self._task = asyncio.ensure_future(self._loop())

    async def stop(self) -> float:
        """Stop sampling; the tree's CPU seconds since `start`."""
        self.sample()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        own = _self_cpu_s() - self._self_start
        self.by_kind = {"python": own}
        for pid, ticks in self.last_ticks.items():
            kind = self.kinds.get(pid, "other")
            spent = (ticks - self.start_ticks.get(pid, 0)) / _TICKS_PER_S
            self.by_kind[kind] = self.by_kind.get(kind, 0.0) + spent
        return sum(self.by_kind.values())


# -- measured runs -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Measurement:
    """One run of one configuration."""

    pages: int
    wall_s: float
    cpu_s: float
    peak_rss_bytes: int
    cpu_by_kind: tuple[tuple[str, float], ...] = ()  # (process kind, CPU seconds)

    @property
    def pages_per_s(self) -> float:
        return self.pages / self.wall_s

    @property
    def cpu_ms_per_page(self) -> float:
        return self.cpu_s * 1000.0 / self.pages

    def kind_ms_per_page(self, kind: str) -> float:
        return dict(self.cpu_by_kind).get(kind, 0.0) * 1000.0 / self.pages


Fetch = Callable[[str], Awaitable[int]]


async def _measure(urls: Sequence[str], workers: int, fetch: Fetch) -> Measurement:
    """Fetch every URL with `workers` concurrent tasks; each fetch returns its link count."""
    queue: asyncio.Queue[str] = asyncio.Queue()
    for url in urls:
        queue.put_nowait(url)
    links = 0

    async def worker() -> None:
        nonlocal links
        while True:
            try:
                url = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            links += await fetch(url)

    monitor = TreeMonitor()
    monitor.start()
    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(workers)))
    wall = time.perf_counter() - started
    cpu = await monitor.stop()
    if links < len(urls) * 10:
        raise RuntimeError(f"only {links} links in {len(urls)} pages: the pages did not load")
    return Measurement(len(urls), wall, cpu, monitor.peak_rss, tuple(monitor.by_kind.items()))


async def run_siteseer_http(urls: Sequence[str]) -> Measurement:
    async with HttpFetcher() as fetcher:
        await fetcher.fetch(urls[0], timeout=_TIMEOUT)

        async def fetch(url: str) -> int:
            r = await fetcher.fetch(url, timeout=_TIMEOUT)
            snap = snapshot_from_html(url, r.final_url, r.status, r.text(), fetch_ms=r.elapsed_ms)
            return len(snap.links)

        return await _measure(urls, HTTP_IN_FLIGHT, fetch)


async def run_bare_http(urls: Sequence[str]) -> Measurement:
    async with aiohttp.ClientSession() as session:

        async def fetch(url: str) -> int:
            async with session.get(url) as response:
                body = await response.read()
            root = lxml_html.document_fromstring(body)
            hrefs = [urljoin(url, a.get("href")) for a in root.iter("a") if a.get("href")]
            return len(hrefs)

        await fetch(urls[0])
        return await _measure(urls, HTTP_IN_FLIGHT, fetch)


async def run_pool(urls: Sequence[str], config: RenderConfig, pages: int) -> Measurement:
    async with BrowserPool(replace(config, pages=pages)) as pool:
        for url in urls[:pages]:  # warm every worker page up
            await pool.load(State(url))

        async def fetch(url: str) -> int:
            return len((await pool.load(State(url))).links)

        return await _measure(urls, pages, fetch)


async def run_bare_playwright(urls: Sequence[str], config: RenderConfig) -> Measurement:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(**config.launch_options())
        try:
            pages = []
            for _ in range(2):
                context = await browser.new_context(
                    viewport={"width": config.viewport[0], "height": config.viewport[1]}
                )
                page = await context.new_page()
                cdp = await context.new_cdp_session(page)
                await cdp.send("Network.enable")
                await cdp.send(
                    "Network.setBlockedURLs",
                    {"urls": blocked_patterns(config.blocked_resource_types)},
                )
                await page.goto(urls[0], wait_until="domcontentloaded")
                pages.append(page)
            free: asyncio.Queue[Page] = asyncio.Queue()
            for page in pages:
                free.put_nowait(page)

            async def fetch(url: str) -> int:
                page = await free.get()
                try:
                    await page.goto(url, wait_until="domcontentloaded")
                    raw = await page.evaluate(_BARE_EXTRACT)
                finally:
                    free.put_nowait(page)
                return len(json.loads(raw)["links"])

            return await _measure(urls, 2, fetch)
        finally:
            await browser.close()


async def run_crawlee(
    urls: Sequence[str], config: RenderConfig, run: int = 0, *, tuned: bool = True
) -> Measurement:
    """crawlee's PlaywrightCrawler on the same browser, storage in memory.

    `tuned`: 2 concurrent pages (as siteseer's pool); otherwise crawlee's default autoscaled
    concurrency. Either way the browser is the configured one (Playwright's own download is not
    to be had everywhere). Request keys carry `run`: a crawler must not take a repeat's pages for
    ones it handled.
    """
    from crawlee import ConcurrencySettings, Request
    from crawlee.crawlers import PlaywrightCrawler
    from crawlee.storage_clients import MemoryStorageClient

    handled = 0
    crawler = PlaywrightCrawler(
        storage_client=MemoryStorageClient(),
        concurrency_settings=(
            ConcurrencySettings(max_concurrency=2, desired_concurrency=2)
            if tuned
            else ConcurrencySettings()
        ),
        browser_launch_options=config.launch_options(),
        headless=config.headless,
    )

    @crawler.router.default_handler
    async def handle(context: Any) -> None:
        nonlocal handled
        json.loads(await context.page.evaluate(_BARE_EXTRACT))
        handled += 1

    requests = [Request.from_url(url, unique_key=f"{url}#run{run}") for url in urls]
    monitor = TreeMonitor()
    monitor.start()
    started = time.perf_counter()
    await crawler.run(requests)
    wall = time.perf_counter() - started
    cpu = await monitor.stop()
    if handled != len(urls):
        raise RuntimeError(f"crawlee handled {handled} of {len(urls)} pages")
    return Measurement(len(urls), wall, cpu, monitor.peak_rss, tuple(monitor.by_kind.items()))


def _pss_bytes(pid: int) -> int:
    """Proportional set size: shared pages split among the processes sharing them."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except (OSError, IndexError, ValueError):
        pass
    return 0


LONG_WINDOW = 100  # pages: memory is the median of samples over the window ending at a mark
LONG_STEP = 10  # pages between samples


async def run_long(
    urls: Sequence[str], config: RenderConfig, total: int
) -> dict[int, tuple[int, int]]:
    """Render `total` pages with 2 worker pages; the tree's (RSS, PSS) at page 200 and the last.

    Each figure is the median of samples taken every `LONG_STEP` pages over the `LONG_WINDOW`
    pages before the mark, so one sample caught mid context-recycle does not decide it. The sum
    of RSS counts memory shared between Chromium's processes once per process; PSS does not.
    """
    marks = (200, total)
    samples: dict[int, list[tuple[int, int]]] = {mark: [] for mark in marks}
    done = 0
    monitor = TreeMonitor()
    async with BrowserPool(replace(config, pages=2)) as pool:
        queue: asyncio.Queue[str] = asyncio.Queue()
        for n in range(total):
            queue.put_nowait(f"{urls[n % len(urls)]}?r={n // len(urls)}")

        async def worker() -> None:
            nonlocal done
            while not queue.empty():
                await pool.load(State(queue.get_nowait()))
                done += 1
                for mark in marks:
                    if mark - LONG_WINDOW < done <= mark and done % LONG_STEP == 0:
                        rss = monitor.sample()
                        pss = sum(_pss_bytes(pid) for pid in _tree(monitor.me))
                        samples[mark].append((rss, pss))

        await asyncio.gather(worker(), worker())
    return {
        mark: (
            int(statistics.median(r for r, _ in got)),
            int(statistics.median(p for _, p in got)),
        )
        for mark, got in samples.items()
        if got
    }


# -- the report ----------------------------------------------------------------------------------


def _median(runs: list[Measurement]) -> Measurement:
    by_rate = sorted(runs, key=lambda m: m.pages_per_s)
    middle = by_rate[len(by_rate) // 2]
    kinds = sorted({kind for m in runs for kind, _ in m.cpu_by_kind})
    return Measurement(
        middle.pages,
        middle.wall_s,
        statistics.median(m.cpu_s for m in runs),
        int(statistics.median(m.peak_rss_bytes for m in runs)),
        tuple(
            (kind, statistics.median(dict(m.cpu_by_kind).get(kind, 0.0) for m in runs))
            for kind in kinds
        ),
    )


def _row(name: str, m: Measurement, reference: Measurement | None) -> str:
    ratio = f"{m.pages_per_s / reference.pages_per_s:.2f}×" if reference else "reference"
    return (
        f"| {name} | {m.pages_per_s:.1f} | {m.cpu_ms_per_page:.1f} | "
        f"{m.peak_rss_bytes / 2**20:.0f} MB | {ratio} |"
    )


async def _main(args: argparse.Namespace) -> int:
    config = load_render_config()
    try:
        import crawlee  # noqa: F401

        have_crawlee = True
    except ImportError:
        have_crawlee = False
    async with LabServer(build_sites(["bench"], "small")) as lab:
        base = lab.url("bench")
        count = lab.truth("bench").entities["product"]
        urls = [f"{base}/p/{i % len(count)}" + (f"?r={i // len(count)}" if i >= len(count) else "")
                for i in range(args.pages)]  # fmt: skip
        async with aiohttp.ClientSession() as session:  # the server caches what it served
            for url in urls[: len(count)]:
                async with session.get(url) as response:
                    await response.read()
        rows: dict[str, tuple[Callable[[], Awaitable[Measurement]], str | None]] = {
            _BARE_HTTP: (lambda: run_bare_http(urls * HTTP_ROUNDS), None),
            "siteseer HTTP fast path (8 in flight)": (
                lambda: run_siteseer_http(urls * HTTP_ROUNDS),
                _BARE_HTTP,
            ),
            _BARE_PW: (
                lambda: run_bare_playwright(urls, config),
                None,
            ),
        }
        for n in (1, 2, 4):
            rows[f"siteseer BrowserPool, {n} page{'s' if n > 1 else ''}"] = (
                lambda n=n: run_pool(urls, config, n),  # type: ignore[misc]
                _BARE_PW,
            )
        if have_crawlee:
            crawlee_runs = itertools.count()
            rows[_CRAWLEE] = (
                lambda: run_crawlee(urls, config, next(crawlee_runs)),
                _BARE_PW,
            )
            rows[_CRAWLEE_DEFAULTS] = (
                lambda: run_crawlee(urls, config, next(crawlee_runs), tuned=False),
                _BARE_PW,
            )
        if args.only != "all":
            keep = "HTTP|aiohttp" if args.only == "http" else "Playwright|BrowserPool|crawlee"
            rows = {n: r for n, r in rows.items() if any(k in n for k in keep.split("|"))}
        results: dict[str, list[Measurement]] = {name: [] for name in rows}
        for repeat in range(args.repeat):
            for name, (run, _) in rows.items():
                print(f"run {repeat + 1}/{args.repeat}: {name} …", file=sys.stderr, flush=True)
                results[name].append(await run())
        medians = {name: _median(runs) for name, runs in results.items()}
        print(
            f"\n{args.pages} pages × {args.repeat} runs (median), {config.browser_description}, "
            f"{os.cpu_count()} CPUs\n"
        )
        print("| configuration | pages/s | CPU ms/page | peak RSS (tree) | vs reference |")
        print("|---|---|---|---|---|")
        for name, (_, ref) in rows.items():
            print(_row(name, medians[name], medians[ref] if ref else None))
        if args.by_process:
            print(
                "\nCPU ms per page by process (median of the runs; python also serves the pages)\n"
            )
            print("| configuration | " + " | ".join(PROCESS_KINDS) + " |")
            print("|---|" + "---|" * len(PROCESS_KINDS))
            for name in rows:
                m = medians[name]
                cells = " | ".join(f"{m.kind_ms_per_page(kind):.1f}" for kind in PROCESS_KINDS)
                print(f"| {name} | {cells} |")
        if not have_crawlee:
            print(
                "\ncrawlee-python is not installed: its row is skipped "
                "(install it with `pip install -e .[bench]`)."
            )
        targets = (
            ("HTTP path", "siteseer HTTP fast path (8 in flight)", _BARE_HTTP, 0.8),
            ("BrowserPool(2)", "siteseer BrowserPool, 2 pages", _BARE_PW, 0.9),
            ("BrowserPool(2)", "siteseer BrowserPool, 2 pages", _CRAWLEE_DEFAULTS, 3.0),
            ("BrowserPool(2)", "siteseer BrowserPool, 2 pages", _CRAWLEE, 3.0),
        )
        for label, ours, reference, goal in targets:
            if ours in medians and reference in medians:
                ratio = medians[ours].pages_per_s / medians[reference].pages_per_s
                print(f"target: {label} {ratio:.2f}× {reference} (goal ≥ {goal:.2f})")
        if args.long:
            marks = await run_long(urls, config, 2000)
            print(
                "\nlong render run (BrowserPool, 2 pages), whole process tree: "
                + ", ".join(
                    f"RSS {rss / 2**20:.0f} MB / PSS {pss / 2**20:.0f} MB at page {n}"
                    for n, (rss, pss) in sorted(marks.items())
                )
            )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.throughput", description=__doc__)
    parser.add_argument("--pages", type=int, default=300, help="pages per run (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per configuration (median)")
    parser.add_argument(
        "--only",
        choices=("all", "http", "browser"),
        default="all",
        help="run only the HTTP rows or only the browser rows",
    )
    parser.add_argument(
        "--by-process",
        action="store_true",
        help="also print each configuration's CPU per page by process kind",
    )
    parser.add_argument(
        "--long", action="store_true", help="also render 2000 pages and report RSS at 200/2000"
    )
    args = parser.parse_args(argv)
    if args.pages < 10 or args.repeat < 1:
        parser.error("--pages must be at least 10 and --repeat at least 1")
    return asyncio.run(_main(args))


if __name__ == "__main__":
    sys.exit(main())
