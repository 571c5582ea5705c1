"""The hostile server's answers that try the crawl itself: robots.txt files read wrongly, more
headers than a client takes, endless URL families, pages that are costly to parse.

Two more hosts of the same server (see hostile.py): `BOM_HOST` (127.0.0.4), whose robots.txt
starts with a UTF-8 byte order mark before ``Disallow: /``, and `MOVED_HOST` (127.0.0.5), whose
robots.txt redirects to ``/robots-moved.txt`` on 127.0.0.1, which disallows ``/moved``.

Endpoints (on every host):

- ``/headers?n=…``: a small page sent with n response headers;
- ``/cycle/{n}``: a redirect to ``/cycle/{n+1}``, without end;
- ``/grid/{i}/{j}``: a trap counting in two positions at once, each page linking to its
  neighbours (i+1, j), (i, j+1), (i+1, j+1), and to the same cell under ``/grid/{i}/{j}/detail``
  and ``/grid/{i}/{j}?view=…`` (one family per spelling, none of them ends);
- ``/diary/{code}``: an endless calendar coded in letters (a day is a base-26 word, ``/diary/baa``
  after ``/diary/zz``), each day linking the next and the previous day and the next "month"
  (26 days on);
- ``/attrs?n=…``: one element carrying n attributes (and a link after it);
- ``/hanging-links?n=…``: a list of n links to ``/hang`` (which never answers);
- ``/hung/…``: any path under it never answers.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from siteseer.crawler.families import base26, counter_word

__all__ = ["BOM_HOST", "MOVED_HOST", "answer"]

BOM_HOST = "127.0.0.4"
MOVED_HOST = "127.0.0.5"
HOME = "127.0.0.1"


def _page(title: str, body: str) -> web.Response:
    return web.Response(
        text=f"<!doctype html><html><head><title>{title}</title></head><body><h1>{title}</h1>"
        f"{body}</body></html>",
        content_type="text/html",
    )


async def answer(request: web.Request, host: str, port: int) -> web.StreamResponse | None:
    """This module's answer to `request`, or None when it is not one of its endpoints."""
    path = request.path
    if path == "/robots.txt" and host == BOM_HOST:
        return web.Response(
            body="\ufeffUser-agent: *\nDisallow: /\n".encode(),
            headers={"Content-Type": "text/plain; charset=utf-8"},
        )
    if path == "/robots.txt" and host == MOVED_HOST:
        return web.Response(
            status=301, headers={"Location": f"http://{HOME}:{port}/robots-moved.txt"}
        )
    if path == "/robots-moved.txt":
        return web.Response(text="User-agent: *\nDisallow: /moved\n")
    if path == "/headers":
        n = int(request.query.get("n", "200"))
        headers = {f"X-Hostile-{i}": str(i) for i in range(n)}
        response = _page("headers", '<a href="/page">p</a>')
        response.headers.update(headers)
        return response
    if path.startswith("/cycle/"):
        n = int(path.rsplit("/", 1)[1])
        return web.Response(status=302, headers={"Location": f"/cycle/{n + 1}"})
    if path.startswith("/grid/"):
        return _grid(path)
    if path.startswith("/diary/"):
        n = base26(path.removeprefix("/diary/").strip("/") or "a", zero=True)
        near = [n + 1, max(0, n - 1), n + 26]
        links = "".join(f'<a href="/diary/{counter_word(m)}">{counter_word(m)}</a> ' for m in near)
        return _page(
            f"day {counter_word(n)}", f'<p>nothing on this day</p>{links}<a href="/">home</a>'
        )
    if path.startswith("/hung/"):
        await asyncio.sleep(3600)
    if path == "/hanging-links":
        n, tag = int(request.query.get("n", "10")), request.query.get("tag", "")
        items = "".join(
            f'<li><a href="/hang?tag={tag}&amp;i={i}">item {i}</a></li>' for i in range(n)
        )
        return _page("hanging", f"<ul>{items}</ul>")
    if path == "/attrs":
        n = int(request.query.get("n", "100000"))
        attributes = " ".join(f"a{i}=x" for i in range(n))
        return _page(
            "attributes", f'<div {attributes}>heavy</div><a href="/page?after=1">after</a>'
        )
    return None


def _grid(path: str) -> web.Response:
    parts = path.removeprefix("/grid/").split("/")
    i, j = int(parts[0]), int(parts[1])
    cells = [(i + 1, j), (i, j + 1), (i + 1, j + 1)]
    links = [f"/grid/{a}/{b}" for a, b in cells]
    links += [f"/grid/{i}/{j}/detail", f"/grid/{i}/{j}?view={i + j}"]
    body = "".join(f'<a href="{link}">{link}</a> ' for link in links)
    return _page(f"cell {i},{j}", f'<p>an empty cell</p>{body}<a href="/">home</a>')
