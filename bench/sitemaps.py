"""`siteseer urls` on a 50,000-URL sitemap index: wall seconds and peak memory against targets.

    python -m bench.sitemaps [--urls 50000] [--files 10] [--repeat 3]

Serves, on loopback from a thread of this process, a robots.txt naming `/sitemap_index.xml`,
an index of `--files` children (every other one gzipped, served as it is), together listing
`--urls` URLs with their lastmod, and runs ``siteseer urls SITE --no-cache --out FILE`` in a
fresh interpreter `--repeat` times. Prints a markdown row: the median wall seconds, the largest
peak RSS of the child (``ru_maxrss`` from `os.wait4`), the URLs it wrote, against the targets
≤ 5 s and ≤ 200 MB; a row over a target is marked `over`.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from aiohttp import web

__all__ = ["main", "serve_sitemaps"]

WALL_TARGET_S = 5.0
RSS_TARGET_MB = 200.0
_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


def _files(base: str, urls: int, files: int) -> dict[str, tuple[str, bytes]]:
    per = -(-urls // files)
    out: dict[str, tuple[str, bytes]] = {}
    children = []
    for n in range(files):
        entries = "".join(
            f"<url><loc>{base}/item/{i}</loc><lastmod>2024-05-01</lastmod></url>"
            for i in range(n * per, min(urls, (n + 1) * per))
        )
        body = f'<?xml version="1.0"?><urlset xmlns="{_NS}">{entries}</urlset>'.encode()
        path = f"/sitemaps/items-{n}.xml" + (".gz" if n % 2 else "")
        out[path] = (
            ("application/x-gzip", gzip.compress(body)) if n % 2 else ("application/xml", body)
        )
        children.append(path)
    index = "".join(f"<sitemap><loc>{base}{p}</loc></sitemap>" for p in children)
    out["/sitemap_index.xml"] = (
        "application/xml",
        f'<?xml version="1.0"?><sitemapindex xmlns="{_NS}">{index}</sitemapindex>'.encode(),
    )
    out["/robots.txt"] = (
        "text/plain",
        f"User-agent: *\nSitemap: {base}/sitemap_index.xml\n".encode(),
    )
    return out


@contextmanager
def serve_sitemaps(urls: int, files: int) -> Iterator[str]:
    """Serve the sitemaps on 127.0.0.1 from a background thread; yields the site's URL."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    state: dict[str, object] = {}

    async def start() -> None:
        served: dict[str, tuple[str, bytes]] = {}

        async def handle(request: web.Request) -> web.Response:
            found = served.get(request.path)
            if found is None:
                return web.Response(status=404, text="not found")
            return web.Response(body=found[1], headers={"Content-Type": found[0]})

        app = web.Application()
        app.router.add_route("GET", "/{tail:.*}", handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        base = f"http://127.0.0.1:{port}"
        served.update(_files(base, urls, files))
        state["runner"], state["base"] = runner, base
        ready.set()

    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(start(), loop).result(30)
    ready.wait(30)
    try:
        yield str(state["base"]) + "/"
    finally:
        runner = state["runner"]
        assert isinstance(runner, web.AppRunner)
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def _run_once(site: str, out: Path) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MB) and URLs written of one `siteseer urls` run."""
    args = [sys.executable, "-m", "siteseer.cli", "urls", site, "--no-cache", "--out", str(out)]
    start = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        error = child.stderr.read().decode() if child.stderr else ""
        raise SystemExit(f"siteseer urls failed ({child.returncode}): {error}")
    if child.stderr:
        child.stderr.close()
    lines = sum(1 for _ in out.open(encoding="utf-8"))
    return wall, usage.ru_maxrss / 1024, lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sitemaps", description=__doc__)
    parser.add_argument("--urls", type=int, default=50_000)
    parser.add_argument("--files", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(argv)
    with serve_sitemaps(options.urls, options.files) as site, tempfile.TemporaryDirectory() as tmp:
        runs = [_run_once(site, Path(tmp) / f"urls-{n}.jsonl") for n in range(options.repeat)]
    wall = statistics.median(r[0] for r in runs)
    rss = max(r[1] for r in runs)
    written = runs[-1][2]
    over = wall > WALL_TARGET_S or rss > RSS_TARGET_MB or written != options.urls
    print("| bench | URLs written | files | wall s (median) | peak RSS MB | target | |")
    print("|---|---|---|---|---|---|---|")
    print(
        f"| siteseer urls, sitemap index | {written} | {options.files + 1} | {wall:.2f} | "
        f"{rss:.0f} | ≤ {WALL_TARGET_S:g} s, ≤ {RSS_TARGET_MB:g} MB | {'over' if over else 'ok'} |"
    )
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
