"""One hostile HTTP server for the fault suite: an endpoint per case, loopback only.

    with hostile_server() as h:
        h.url("/hang")                      # http://127.0.0.1:<port>/hang
        h.url("/page", host=h.OTHER)        # the same server as "another host" (127.0.0.2)
        h.hits("/page", host=h.OTHER)       # requests that reached it there

The server listens on 127.0.0.1, 127.0.0.2 and 127.0.0.3 at one port (three "hosts"; and on
127.0.0.4 and 127.0.0.5 for hostile_crawl.py's robots.txt files), and on a
second port of 127.0.0.1 (`other_port`: another service of the same machine). Every request is
recorded (host, path, method, user agent). `robots.txt` disallows ``/private`` on 127.0.0.1,
answers 503 on 127.0.0.2 and never answers on 127.0.0.3.

Endpoints (``{n}`` a number):

- ``/page``, ``/private/x``: a small page linking to two others;
- ``/hang`` (never answers), ``/slow-body`` (headers, then a body that never ends),
  ``/reset`` (the connection cut mid-body), ``/short`` (less body than Content-Length);
- ``/to?url=…&status=302``: a redirect to `url`; ``/loop/{n}``: a redirect loop;
- ``/gzip-bomb`` (64 MB of gzip-compressed spaces, 64 KB on the wire), ``/big`` (12 MB of HTML),
  ``/blob`` (1 MB of text), ``/blob.js?i=…&n=…`` (1 MB of script, then
  a tag for the next of n),
  ``/many-links?n=…``, ``/wide?n=…`` (one long paragraph), ``/deep?n=…`` (nested divs), ``/empty``, ``/binary-junk``;
- ``/charset/bogus``, ``/charset/invalid-utf8``, ``/charset/latin1-meta``;
- ``/status/{n}``, ``/retry-after/{key}?after=…`` (429 with Retry-After once, then 200),
  ``/flaky/{key}`` (503 twice, then 200), ``/pdf``, ``/download``;
- browser pages: ``/js/busy-after-load``, ``/js/busy-before-dcl``, ``/js/go?url=…&delay=…``
  (navigates itself `delay` ms after load, 100 by default), ``/js/meta-refresh?url=…``, ``/js/popup?url=…``, ``/js/dialogs``,
  ``/shop`` (a list with colour facets, an "Archive all" checkbox that POSTs, a plan select in a
  POST form to /plan/change, a GET form to /admin/purge; items at ``/item/{n}``),
  ``/danger`` (facets and buttons that change state when acted on — PUT, DELETE, POST, beacons,
  links whose address says delete —, each sending to ``/fx/…``; its "Search" facet POSTs to
  ``/fx/search``, as the page does on load), ``/js/credentials?other=…`` (a page asking host
  `other` for a script, a stylesheet, a frame and data, and its own host for data;
  `Hit.credential` is the Authorization header a request carried), ``/js/frame/{case}?url=…``
  (a frame of `url`: iframe, object, embed, srcdoc, target, hidden-form — a form POSTed into a
  hidden iframe), ``/js/resource/{case}?url=…`` (`url` as a subresource: fetch, xhr, beacon,
  prefetch, preload, CSS import, CSS url(), script, stylesheet, websocket (`url` as ws:),
  speculation-prefetch, speculation-prerender, speculation-script, speculation-write,
  speculation-header (speculation rules, in the page, built by its script, written by it, or
  named by its ``Speculation-Rules`` response header: ``/js/rules?url=…``), base (a ``<base
  href>`` of `url`, and a stylesheet relative to it)), ``/js/leave?url=…`` and ``/js/autosubmit?url=…`` (an inline script or an
  auto-submitted form leaves for `url` while the page parses), ``/js/worker-socket/{case}?url=…``
  (a worker of the page opens a WebSocket to `url` and the page shows what it answered: worker,
  module, blob, data, nested; its script ``/js/worker.js?url=…``), ``/ws/echo`` (a WebSocket
  echoing each message) and ``/js/ws-echo`` (a page showing what its host's socket answered), ``/js/forever`` (mutates its DOM forever), ``/js/huge-dom?n=…``, ``/js/offlink?url=…`` (a link
  ``#off`` to `url`), ``/js/hog?n=…`` (a chain of n scripts of 1 MB each, ``/blob.js``,
  each writing the next one's tag, before ``#after``), ``/js/blank-link?url=…`` (a link ``#blank`` to `url` that opens in a new
  window: ``target=_blank``);
- sitemaps: robots.txt names ``/sitemaps/urlset.xml`` on 127.0.0.2 (off the site), the
  disallowed ``/private/sitemap.xml`` and ``/sitemaps/urlset.xml`` (``/item/<host>``);
  ``/sitemaps/gzip-bomb.xml`` (64 MB inflated, served gzipped without Content-Encoding),
  ``/sitemaps/entity-bomb.xml`` (a billion laughs), ``/sitemaps/self.xml`` (an index naming
  itself), ``/sitemaps/many.xml`` (50,001 URLs), ``/sitemaps/hosts.xml`` (URLs on 127.0.0.2,
  127.0.0.1's other port and 10.0.0.1 besides one of its own);
- hostile_crawl.py's: robots.txt files, many headers, endless URL families, costly pages.
"""

from __future__ import annotations

import asyncio
import html
import struct
import threading
import time
import zlib
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import quote

from aiohttp import web
from hostile_crawl import BOM_HOST, MOVED_HOST
from hostile_crawl import answer as crawl_answer

__all__ = ["RESOURCE_KINDS", "WORKER_KINDS", "Hit", "HostileServer", "hostile_server"]

HOME = "127.0.0.1"
OTHER = "127.0.0.2"
THIRD = "127.0.0.3"

PAGE = (
    "<!doctype html><html><head><title>{title}</title></head><body><h1>{title}</h1>"
    '<ul><li><a href="/page?a=1">a</a></li><li><a href="/page?b=1">b</a></li></ul></body></html>'
)
BOMB_BYTES = 64 * 1024 * 1024


def _gzipped(head: bytes, spaces: int, tail: bytes) -> bytes:
    """`head`, `spaces` spaces and `tail` as a gzip file. A megabyte of spaces is deflated once,
    flushed so that it stands alone, and its block repeated: the 64 MB bombs take milliseconds to
    make and are never held inflated."""
    chunk = b" " * 2**20
    whole, rest = divmod(spaces, len(chunk))
    packer = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    first = packer.compress(head) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(chunk) + packer.flush(zlib.Z_FULL_FLUSH)
    last = packer.compress(chunk[:rest] + tail) + packer.flush()
    crc = zlib.crc32(head)
    for _ in range(whole):
        crc = zlib.crc32(chunk, crc)
    crc = zlib.crc32(chunk[:rest] + tail, crc)
    size = (len(head) + spaces + len(tail)) % 2**32
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"  # deflate, no name, no time
    return header + first + block * whole + last + struct.pack("<II", crc, size)


_BOMB = _gzipped(b"", BOMB_BYTES, b"")


def _urlset(paths: Iterable[str]) -> str:
    entries = "".join(f"<url><loc>{p}</loc></url>" for p in paths)
    return f'<?xml version="1.0"?><urlset xmlns="{_SITEMAP_NS}">{entries}</urlset>'


def _sitemap_index(paths: Iterable[str]) -> str:
    entries = "".join(f"<sitemap><loc>{p}</loc></sitemap>" for p in paths)
    return f'<?xml version="1.0"?><sitemapindex xmlns="{_SITEMAP_NS}">{entries}</sitemapindex>'


_SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"


# 64 MB of sitemap when inflated (one URL, then spaces), 64 KB on the wire.
_SITEMAP_BOMB = _gzipped(_urlset(["/item/1"])[:-9].encode(), BOMB_BYTES, b"</urlset>")
_ENTITY_BOMB = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lolololololololololol">'
    + "".join(f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)).replace(
        "&lol0;", "&lol;"
    )
    + f']><urlset xmlns="{_SITEMAP_NS}"><url><loc>/item/&lol9;</loc></url></urlset>'
)


@dataclass(frozen=True)
class Hit:
    """One request that reached the server."""

    host: str
    port: int
    path: str
    query: str
    method: str
    user_agent: str
    at: float
    credential: str = ""  # the Authorization header it carried


def _html(body: str, title: str = "hostile", head: str = "") -> str:
    return (
        f"<!doctype html><html><head><title>{title}</title>{head}</head>"
        f"<body><h1>{title}</h1>{body}</body></html>"
    )


class HostileServer:
    """The server (see the module docstring)."""

    HOME = HOME
    OTHER = OTHER
    THIRD = THIRD

    def __init__(self) -> None:
        self.hits_seen: list[Hit] = []
        self._counts: dict[str, int] = {}
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.other_port = 0

    # -- addresses ------------------------------------------------------------------------------

    def url(self, path: str, *, host: str = HOME, port: int | None = None) -> str:
        return f"http://{host}:{port or self.port}{path}"

    def redirect(self, target: str, status: int = 302, *, host: str = HOME) -> str:
        """A URL of this server that redirects to `target`."""
        return self.url(f"/to?status={status}&url={quote(target, safe='')}", host=host)

    def hits(
        self, path: str = "", *, host: str | None = None, port: int | None = None
    ) -> list[Hit]:
        """The requests whose path starts with `path`, on `host` (any when None)."""
        return [
            h
            for h in self.hits_seen
            if h.path.startswith(path)
            and (host is None or h.host == host)
            and (port is None or h.port == port)
        ]

    # -- lifecycle ------------------------------------------------------------------------------

    def start(self) -> HostileServer:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._stop(self._runner), self._loop).result(20)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _stop(self, runner: web.AppRunner) -> None:
        await runner.cleanup()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        first = web.TCPSite(self._runner, HOME, 0)
        await first.start()
        self.port = _port_of(first)
        for host in (OTHER, THIRD, BOM_HOST, MOVED_HOST):
            await web.TCPSite(self._runner, host, self.port).start()
        second = web.TCPSite(self._runner, HOME, 0)
        await second.start()
        self.other_port = _port_of(second)

    # -- answers --------------------------------------------------------------------------------

    @staticmethod
    async def _echo(request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        async for message in socket:
            if message.type == web.WSMsgType.TEXT:
                await socket.send_str(f"echo: {message.data}")
        return socket

    def _count(self, key: str) -> int:
        self._counts[key] = self._counts.get(key, 0) + 1
        return self._counts[key]

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        host, _, port = request.host.partition(":")
        self.hits_seen.append(
            Hit(
                host,
                int(port or 80),
                request.path,
                request.query_string,
                request.method,
                request.headers.get("User-Agent", ""),
                time.monotonic(),
                request.headers.get("Authorization", ""),
            )
        )
        return await self._answer(request, host)

    async def _answer(self, request: web.Request, host: str) -> web.StreamResponse:
        path = request.path
        query = request.query
        crawling = await crawl_answer(request, host, self.port)
        if crawling is not None:  # the answers of hostile_crawl.py
            return crawling
        if path == "/robots.txt":
            if host == OTHER:
                return web.Response(status=503, text="busy")
            if host == THIRD:
                await asyncio.sleep(3600)
            return web.Response(
                text="User-agent: *\nDisallow: /private\n"
                f"Sitemap: http://{OTHER}:{self.port}/sitemaps/urlset.xml\n"
                "Sitemap: /private/sitemap.xml\nSitemap: /sitemaps/urlset.xml\n"
            )
        if path.startswith(("/sitemaps/", "/private/sitemap")):
            return self._sitemap(path, host)
        if path == "/ws/echo":  # a WebSocket that answers each message with "echo: " + it
            return await self._echo(request)
        if path == "/js/ws-echo":  # a page that shows what its own host's socket answered
            return web.Response(text=_html(_WS_ECHO, "socket"), content_type="text/html")
        if path == "/hang":
            await asyncio.sleep(3600)
        if path == "/slow-body":
            response = web.StreamResponse(headers={"Content-Type": "text/html"})
            await response.prepare(request)
            await response.write(b"<!doctype html><html><body>")
            for _ in range(3600):
                try:
                    await response.write(b"<p>more</p>")
                except ConnectionResetError:  # the client gave up, as it should
                    break
                await asyncio.sleep(1)
            return response
        if path in ("/reset", "/short"):
            return await self._broken(request, reset=path == "/reset")
        if path == "/to":
            target = query.get("url", "/page")
            return web.Response(
                status=int(query.get("status", "302")), headers={"Location": target}
            )
        if path.startswith("/loop/"):
            n = int(path.rsplit("/", 1)[1])
            return web.Response(status=302, headers={"Location": f"/loop/{n + 1}"})
        if path == "/gzip-bomb":
            return web.Response(
                body=_BOMB,
                headers={"Content-Type": "text/html", "Content-Encoding": "gzip"},
            )
        if path == "/big":
            return web.Response(
                text=_html("<p>x</p>" * (12 * 1024 * 1024 // 8)), content_type="text/html"
            )
        if path == "/blob":
            return web.Response(text="b" * (1024 * 1024), content_type="text/plain")
        if path == "/blob.js":  # 1 MB, then the next of the chain (unseen by a preloader)
            i, n = int(query.get("i", "0")), int(query.get("n", "1"))
            text = "// " + "b" * (1024 * 1024) + "\n"
            if i + 1 < n:
                text += f"document.write('<script src=\"/blob.js?i={i + 1}&n={n}\"><\\/script>');\n"
            return web.Response(text=text, content_type="application/javascript")
        if path == "/many-links":
            n = int(query.get("n", "100000"))
            links = "".join(f'<a href="/item/{i}">item {i}</a>' for i in range(n))
            return web.Response(text=_html(links, "many links"), content_type="text/html")
        if path == "/wide":
            n = int(query.get("n", "200000"))
            return web.Response(text=_html(f"<p>{'w' * n}</p>", "wide"), content_type="text/html")
        if path == "/deep":
            n = int(query.get("n", "5000"))
            return web.Response(
                text=_html("<div>" * n + '<a href="/page">in</a>' + "</div>" * n, "deep"),
                content_type="text/html",
            )
        if path == "/empty":
            return web.Response(body=b"", content_type="text/html")
        if path == "/binary-junk":
            junk = bytes(range(256)) * 64
            return web.Response(
                body=b"<html><body>" + junk + b'<a href="/page">p</a>', content_type="text/html"
            )
        if path == "/charset/bogus":
            return web.Response(
                body=_html('<a href="/page">caf\u00e9</a>', "bogus").encode(),
                headers={"Content-Type": "text/html; charset=no-such-charset"},
            )
        if path == "/charset/invalid-utf8":
            body = _html('<a href="/page">ok</a>', "invalid").encode() + b"\xff\xfe\xc3("
            return web.Response(body=body, headers={"Content-Type": "text/html; charset=utf-8"})
        if path == "/charset/latin1-meta":
            text = _html('<a href="/page">caf\u00e9</a>', "latin", '<meta charset="iso-8859-1">')
            return web.Response(body=text.encode("latin-1"), headers={"Content-Type": "text/html"})
        if path.startswith("/status/"):
            status = int(path.rsplit("/", 1)[1])
            return web.Response(
                status=status, text=_html(f"status {status}"), content_type="text/html"
            )
        if path.startswith("/retry-after/"):
            if self._count(path) == 1:
                return web.Response(status=429, headers={"Retry-After": query.get("after", "1")})
            return web.Response(text=_html("after the wait"), content_type="text/html")
        if path.startswith("/flaky/"):
            if self._count(path) <= 2:
                return web.Response(status=503, text="later")
            return web.Response(text=_html("recovered"), content_type="text/html")
        if path == "/pdf":
            return web.Response(body=b"%PDF-1.4\n%%EOF\n", content_type="application/pdf")
        if path == "/download":
            return web.Response(
                body=b"a,b\n1,2\n",
                headers={"Content-Type": "text/csv", "Content-Disposition": "attachment; x.csv"},
            )
        if path == "/shop":
            return web.Response(text=_SHOP, content_type="text/html")
        if path == "/danger":
            return web.Response(text=_DANGER, content_type="text/html")
        if path.startswith("/fx/"):  # what the danger page's controls send: a small answer
            if path == "/fx/frame-page":
                return web.Response(text=_html("<p>framed</p>", "frame"), content_type="text/html")
            return web.json_response({"ok": True})
        if path.startswith("/item/"):
            return web.Response(
                text=_html("<p>an item</p>", f"item {path[6:]}"), content_type="text/html"
            )
        if path == "/js/resource/speculation-header":  # rules named by a response header
            rules = f"/js/rules?url={quote(query.get('url', '/page'), safe='')}"
            return web.Response(
                text=_html("<p>rules in a header</p>", "resource"),
                content_type="text/html",
                headers={"Speculation-Rules": f'"{rules}"'},
            )
        if path == "/js/rules":  # a speculation rule set: prefetch and prerender `url`
            away = [query.get("url", "/page")]
            rules = {"prefetch": [{"source": "list", "urls": away}]}
            rules["prerender"] = rules["prefetch"]
            return web.json_response(rules, content_type="application/speculationrules+json")
        if path == "/js/worker.js":  # a worker's socket to `url` (ws:), or one its worker opens
            return web.Response(text=_worker_script(query), content_type="application/javascript")
        if path.startswith("/js/"):
            return web.Response(text=self._script_page(path, query), content_type="text/html")
        return web.Response(text=PAGE.format(title=html.escape(path)), content_type="text/html")

    def _sitemap(self, path: str, host: str) -> web.Response:
        xml = {"Content-Type": "application/xml"}
        if path == "/sitemaps/gzip-bomb.xml":  # gzipped by itself, no Content-Encoding
            return web.Response(body=_SITEMAP_BOMB, headers={"Content-Type": "application/gzip"})
        if path == "/sitemaps/entity-bomb.xml":
            return web.Response(text=_ENTITY_BOMB, headers=xml)
        if path == "/sitemaps/self.xml":
            return web.Response(
                text=_sitemap_index(["/sitemaps/self.xml", "/sitemaps/urlset.xml"]), headers=xml
            )
        if path == "/sitemaps/many.xml":
            return web.Response(text=_urlset(f"/item/{i}" for i in range(50_001)), headers=xml)
        if path == "/sitemaps/hosts.xml":
            hosts = (
                f"http://{OTHER}:{self.port}",
                f"http://{HOME}:{self.other_port}",
                "http://10.0.0.1",
            )
            return web.Response(
                text=_urlset(["/item/1", *(f"{h}/item/2" for h in hosts)]), headers=xml
            )
        return web.Response(text=_urlset([f"/item/{host}"]), headers=xml)

    async def _broken(self, request: web.Request, *, reset: bool) -> web.StreamResponse:
        response = web.StreamResponse(
            headers={"Content-Type": "text/html", "Content-Length": "100000"}
        )
        await response.prepare(request)
        await response.write(b"<!doctype html><html><body><p>half a page")
        if reset and request.transport is not None:
            request.transport.abort()
            return response
        await response.write_eof()
        if request.transport is not None:
            request.transport.close()
        return response

    def _script_page(self, path: str, query: web.MultiMapping[str]) -> str:  # type: ignore[name-defined]
        target = html.escape(query.get("url", "/page"), quote=True)
        if path == "/js/busy-after-load":
            script = "setTimeout(() => { while (true) {} }, 300);"
            return _html('<a href="/page">p</a>', "busy", f"<script>{script}</script>")
        if path == "/js/busy-before-dcl":
            return _html("<script>while (true) {}</script>", "busy early")
        if path == "/js/go":
            delay = int(query.get("delay", "100"))
            script = f"setTimeout(() => {{ location.href = {target!r}; }}, {delay});".replace(
                "&amp;", "&"
            )
            return _html('<a href="/page">p</a>', "go", f"<script>{script}</script>")
        if path == "/js/meta-refresh":
            return _html(
                "<p>moving</p>", "refresh", f'<meta http-equiv="refresh" content="0;url={target}">'
            )
        if path == "/js/popup":
            script = f"window.open({target!r}.replace(/&amp;/g, '&'), '_blank');"
            return _html("<p>popup</p>", "popup", f"<script>{script}</script>")
        if path == "/js/dialogs":
            script = (
                "alert('a'); confirm('b'); prompt('c');"
                "window.addEventListener('beforeunload', e => { e.preventDefault(); e.returnValue = ''; });"
            )
            return _html('<p id="done">done</p>', "dialogs", f"<script>{script}</script>")
        if path == "/js/forever":
            script = (
                "setInterval(() => { document.body.append(document.createElement('i')); }, 50);"
            )
            return _html("<p>busy</p>", "forever", f"<script>{script}</script>")
        if path == "/js/huge-dom":
            n = int(query.get("n", "300000"))
            script = (
                "document.addEventListener('DOMContentLoaded', () => { const b = document.body;"
                f" for (let i = 0; i < {n}; i++) {{ const a = document.createElement('a');"
                " a.href = '/item/' + i; a.textContent = 'item ' + i; b.append(a); } });"
            )
            return _html("<p>growing</p>", "huge", f"<script>{script}</script>")
        if path == "/js/offlink":
            return _html(f'<a id="off" href="{target}">away</a>', "off link")
        if path == "/js/hog":
            n = int(query.get("n", "100"))
            script = f'<script src="/blob.js?i=0&amp;n={n}"></script>'
            return _html(f'{script}<p id="after">after the scripts</p>', "hog")
        if path == "/js/credentials":  # asks another host for a script, a frame and data
            other = html.escape(query.get("other", ""), quote=True)
            return _html(
                f'<script src="{other}/fx/cred.js"></script>'
                f'<iframe src="{other}/fx/frame-page"></iframe>'
                f'<link rel="stylesheet" href="{other}/fx/cred.css">'
                "<script>fetch('/fx/own'); fetch('OTHER/fx/cred-data');</script>".replace(
                    "OTHER", other
                ),
                "credentials",
            )
        if path.startswith("/js/frame/"):  # a frame (or a form's target) elsewhere
            away = html.unescape(target)
            return _html(_FRAMES[path.rsplit("/", 1)[1]].replace("AWAY", away), "framed")
        if path.startswith("/js/resource/"):  # a page fetching AWAY as a subresource
            away = html.unescape(target)
            return _html(_RESOURCES[path.rsplit("/", 1)[1]].replace("AWAY", away), "resource")
        if path == "/js/leave":  # an inline script leaves for `url` while the page parses
            script = f"<script>location.href = {html.unescape(target)!r};</script>"
            return _html(f'<p>before</p>{script}<p id="after">after</p><a href="/page">p</a>')
        if path == "/js/autosubmit":  # a form submitted by script while the page parses
            form = f'<form id="f" method="post" action="{target}"><input name="a" value="1"></form>'
            script = "<script>document.getElementById('f').submit();</script>"
            return _html(f'<p>before</p>{form}{script}<p id="after">after</p>')
        if path.startswith("/js/worker-socket/"):  # a worker of the page opens a socket to url
            away = html.unescape(target)
            page = _WORKER_PAGES[path.rsplit("/", 1)[1]]
            script = _worker_script({"url": away}).replace("\n", " ")
            return _html(
                '<p id="said">waiting</p><script>const show = (m) => {'
                " document.getElementById('said').textContent = m.data; };"
                + page.replace("WORKER", quote(away, safe="")).replace("SCRIPT", repr(script))
                + "</script>",
                "worker socket",
            )
        if path == "/js/blank-link":
            return _html(f'<a id="blank" target="_blank" href="{target}">new window</a>', "blank")
        return _html('<a href="/page">p</a>', "script page")


# Frames and form targets whose document is AWAY (the `url` parameter of /js/frame/{case}).
_FRAMES = {
    "iframe": '<iframe src="AWAY"></iframe>',
    "object": '<object data="AWAY" type="text/html"></object>',
    "embed": '<embed src="AWAY" type="text/html">',
    "srcdoc": "<iframe srcdoc=\"<script>location.href = 'AWAY';</script>\"></iframe>",
    "target": '<iframe name="pane"></iframe><a id="go" href="AWAY" target="pane">go</a>'
    "<script>document.getElementById('go').click();</script>",
    "hidden-form": '<iframe name="sink" style="display:none"></iframe>'
    '<form id="f" method="post" action="AWAY" target="sink"><input name="a" value="1"></form>'
    "<script>document.getElementById('f').submit();</script>",
}

# Subresources of a page at AWAY (the `url` parameter of /js/resource/{case}).
_WS_ECHO = (
    '<p id="said">waiting</p><script>'
    "const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws/echo');"
    "ws.onopen = () => ws.send('hello');"
    "ws.onmessage = (m) => { document.getElementById('said').textContent = m.data; };"
    "</script>"
)
_RESOURCES = {
    "fetch": "<script>fetch('AWAY');</script>",
    "xhr": "<script>const x = new XMLHttpRequest(); x.open('GET', 'AWAY'); x.send();</script>",
    "beacon": "<script>navigator.sendBeacon('AWAY', 'x');</script>",
    "prefetch": '<link rel="prefetch" href="AWAY">',
    "preload": '<link rel="preload" as="script" href="AWAY">',
    "import": "<style>@import url('AWAY');</style>",
    "css-url": "<div style=\"width:9px;height:9px;background:url('AWAY')\">x</div>",
    "script": '<script src="AWAY"></script>',
    "stylesheet": '<link rel="stylesheet" href="AWAY">',
    "websocket": "<script>new WebSocket('AWAY'.replace(/^http/, 'ws'));</script>",
    "speculation-prefetch": '<script type="speculationrules">'
    '{"prefetch": [{"source": "list", "urls": ["AWAY"]}]}</script>',
    "speculation-prerender": '<script type="speculationrules">'
    '{"prerender": [{"source": "list", "urls": ["AWAY"]}]}</script>',
    "speculation-script": "<script>const rules = document.createElement('script');"
    "rules.type = 'speculationrules';"
    "rules.text = JSON.stringify({prefetch: [{source: 'list', urls: ['AWAY']}]});"
    "document.head.appendChild(rules);</script>",
    "speculation-write": "<script>document.write('<script type=\"speculationrules\">'"
    " + JSON.stringify({prefetch: [{source: 'list', urls: ['AWAY']}]}) + '<\\/script>');"
    "</script>",
    "speculation-header": "",  # a rule set named by the page's Speculation-Rules header
    "base": '<base href="AWAY"><link rel="stylesheet" href="#base">',  # <base href> off scope
}
RESOURCE_KINDS = tuple(_RESOURCES)  # the kinds of ``/js/resource/{kind}``


def _worker_script(query: Mapping[str, str]) -> str:
    """A worker's script: it opens a WebSocket to ``url`` (as ws:) and tells its page what the
    socket answered or how it closed; with ``nest``, it starts a worker that does."""
    away = query.get("url", "/page")
    if query.get("nest"):
        return (
            f"const inner = new Worker('/js/worker.js?url={quote(away, safe='')}');\n"
            "inner.onmessage = (m) => postMessage(m.data);\n"
        )
    return (
        f"const ws = new WebSocket({away!r}.replace(/^http/, 'ws'));\n"
        "ws.onopen = () => ws.send('hello');\n"
        "ws.onmessage = (m) => postMessage(m.data);\n"
        "ws.onclose = (e) => postMessage('closed ' + e.code);\n"
    )


# Pages whose worker opens a WebSocket to AWAY (the `url` of /js/worker-socket/{case}): a worker
# of the page's own host, a module worker, a worker made from a blob (its URL revoked at once)
# or from a data: URL, and a worker started by a worker. WORKER is AWAY escaped, SCRIPT the
# worker's script as a string.
_WORKER_PAGES = {
    "worker": "new Worker('/js/worker.js?url=WORKER').onmessage = show;",
    "module": "new Worker('/js/worker.js?url=WORKER', {type: 'module'}).onmessage = show;",
    "blob": "const url = URL.createObjectURL(new Blob([SCRIPT]));"
    " new Worker(url).onmessage = show; URL.revokeObjectURL(url);",
    "data": "new Worker('data:text/javascript,' + encodeURIComponent(SCRIPT)).onmessage = show;",
    "nested": "new Worker('/js/worker.js?nest=1&url=WORKER').onmessage = show;",
}
WORKER_KINDS = tuple(_WORKER_PAGES)  # the kinds of ``/js/worker-socket/{kind}``

_SHOP = _html(
    """
<div class="facets" id="colours"><h3>Colour</h3>
  <label><input type="checkbox" id="c-red" value="red" onchange="apply()"> Red (2)</label>
  <label><input type="checkbox" id="c-blue" value="blue" onchange="apply()"> Blue (2)</label>
  <label><input type="checkbox" id="archive" value="all"
     onchange="fetch('/admin/archive', {method: 'POST'})"> Archive all</label>
</div>
<div class="facets" id="plans"><h3>Plan</h3>
  <form method="post" action="/plan/change">
    <select name="plan" onchange="this.form.submit()">
      <option value="free" selected>Free</option><option value="pro">Pro</option>
    </select>
  </form>
</div>
<form method="get" action="/admin/purge"><h3>Clean up</h3>
  <label>Days <input name="days" type="text"></label><button type="submit">Go</button>
</form>
<ul id="results">
  <li data-c="red"><a href="/item/1">Item 1</a></li><li data-c="red"><a href="/item/2">Item 2</a></li>
  <li data-c="blue"><a href="/item/3">Item 3</a></li><li data-c="blue"><a href="/item/4">Item 4</a></li>
</ul>
<script>
function apply() {
  const on = [...document.querySelectorAll('#colours input:checked')].map(i => i.value);
  for (const li of document.querySelectorAll('#results li')) {
    li.style.display = on.length === 0 || on.includes(li.dataset.c) ? '' : 'none';
    if (li.style.display === 'none') li.remove();
  }
}
</script>
""",
    "Shop",
)


# Controls that change state when acted on, each looking harmless to a word list (the
# explore safety cases): every one sends its request to /fx/… (PUT, DELETE, POST, a beacon,
# or a GET whose address says delete). `data-case` names the case; the safe colour facets and
# the "Search" facet (which POSTs to the page's own read channel, /fx/search, as the page did on
# load) must still be explored.
_DANGER_CASES = {
    "facet-effects": '<label><input type="checkbox" id="c-green" value="green" onchange="'
    "apply(); fetch('/fx/colour', {method: 'POST', body: 'g'});"
    " fetch('/fx/colour', {method: 'DELETE'}); navigator.sendBeacon('/fx/beacon', 'g')"
    '"> Green (2)</label>',
    "select-put": "<select id=\"status\" onchange=\"fetch('/fx/status', {method: 'PUT',"
    ' body: this.value})"><option value="any" selected>Any</option>'
    '<option value="open">Open (2)</option></select>',
    "switch-post": '<span role="switch" id="email" aria-checked="false" tabindex="0"'
    " onclick=\"fetch('/fx/setting', {method: 'POST', body: 'email=1'})\">Email me</span>",
    "bulk-apply": '<label><input type="checkbox" id="sel-1" checked> one</label>'
    '<label><input type="checkbox" id="sel-2" checked> two</label>'
    "<button id=\"apply\" onclick=\"fetch('/fx/bulk', {method: 'POST',"
    " body: 'op=purge&ids=1,2'})\">Apply (2)</button>",
    "icon-aria": '<button id="i-aria" aria-label="Remove"'
    " onclick=\"fetch('/fx/icon-aria', {method: 'POST'})\"></button>",
    "icon-title": '<button id="i-title" title="Remove tag"'
    " onclick=\"fetch('/fx/icon-title', {method: 'DELETE'})\"></button>",
    "icon-svg": "<button id=\"i-svg\" onclick=\"fetch('/fx/icon-svg', {method: 'POST'})\">"
    '<svg class="icon-trash" width="8" height="8"><rect width="8" height="8"/></svg></button>',
    "icon-fa": "<button id=\"i-fa\" onclick=\"fetch('/fx/icon-fa', {method: 'DELETE'})\">"
    '<i class="fa fa-trash-o">&#8203;</i></button>',
    "word-fi": "<button id=\"w-fi\" onclick=\"fetch('/fx/fi', {method: 'POST'})\">"
    "Poista (3)</button>",
    "word-tr": '<a href="#" id="w-tr" onclick="fetch(\'/fx/tr\', {method: \'POST\'});'
    ' return false">Sil (3)</a>',
    "word-ja": "<button id=\"w-ja\" onclick=\"fetch('/fx/ja', {method: 'POST'})\">"
    "\u524a\u9664 (3)</button>",
    "word-ru": '<a href="#" id="w-ru" onclick="fetch(\'/fx/ru\', {method: \'POST\'});'
    ' return false">\u0423\u0434\u0430\u043b\u0438\u0442\u044c (3)</a>',
    "count-words": "".join(
        f"<button id=\"n-{i}\" onclick=\"fetch('/fx/n-{i}', {{method: 'POST'}})\">"
        f"{label} (3)</button>"
        for i, label in enumerate(
            ("Discard", "Revoke", "Disable", "Empty bin", "Clear all", "Drop", "Mark as read")
        )
    ),
    "delete-links": '<a id="l-path" href="/fx/items/7/delete">Seven (1)</a>'
    '<a id="l-action" href="/fx/items?action=delete">All (4)</a>'
    '<a id="l-do" href="/fx/items?do=destroy">Old (2)</a>'
    '<a id="l-op" href="/fx/items?op=purge">Stale (3)</a>',
    "moderation-form": '<form id="moderation" method="get" action="/fx/moderate">'
    '<select name="op" id="mod-op"><option value="hide">hide</option>'
    '<option value="remove">remove</option></select><button type="submit" id="mod-go">'
    "Go (1)</button></form>",
}
_DANGER = _html(
    """
<div class="facets" id="colours"><h3>Colour</h3>
  <label><input type="checkbox" id="c-red" value="red" onchange="apply()"> Red (2)</label>
  <label><input type="checkbox" id="c-blue" value="blue" onchange="apply()"> Blue (2)</label>
  <label><input type="checkbox" id="c-search" value="blue" onchange="search()"> Search (2)</label>
</div>
"""
    + "".join(
        f'<div class="facets" data-case="{case}"><h3>Filter {case}</h3>{html_}</div>'
        for case, html_ in _DANGER_CASES.items()
    )
    + """
<ul id="results">
  <li data-c="red"><a href="/item/1">Item 1</a></li><li data-c="red"><a href="/item/2">Item 2</a></li>
  <li data-c="blue"><a href="/item/3">Item 3</a></li><li data-c="blue"><a href="/item/4">Item 4</a></li>
</ul>
<script>
function apply() {
  const on = [...document.querySelectorAll('#colours input:checked')].map(i => i.value);
  for (const li of document.querySelectorAll('#results li')) {
    if (on.length && !on.includes(li.dataset.c)) li.remove();
  }
}
function search() {
  fetch('/fx/search', {method: 'POST', body: 'q=blue'}).then(r => r.json()).then(() => apply());
}
fetch('/fx/search', {method: 'POST', body: 'q='});
</script>
""",
    "Danger",
)


def _port_of(site: web.TCPSite) -> int:
    server = site._server
    assert server is not None
    return int(server.sockets[0].getsockname()[1])  # type: ignore[attr-defined]


@contextmanager
def hostile_server() -> Iterator[HostileServer]:
    """A HostileServer, started, stopped at the end."""
    server = HostileServer().start()
    try:
        yield server
    finally:
        server.stop()
