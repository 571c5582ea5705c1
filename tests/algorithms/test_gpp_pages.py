"""GPP's pages of a list (`algorithms.gpppages`), against the site's known entities.

Choice "a list paged by script is one list" (`gpppages.by_script`): a single-page admin shows
a model's first rows and a "Next" control that replaces them in place, no link leading to its
other pages; clicking it shows the rest of the list, every row an entity. A front page's ten
newest posts, paged nowhere, are a "featured" box (`SHORT_LIST`): the search for the seed's
list goes one level on."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from siteseer.algorithms import gpp
from siteseer.crawler import Session, SessionConfig

Serve = Callable[[web.Application], Awaitable[str]]

_ROWS = [f"penguin-{n:02d}" for n in range(40)]
_PAGE = 15


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


def _admin() -> web.Application:
    """A front page linking a model's list, the list drawn by script 15 rows at a time with a
    Next button that draws the next 15 in place, and a page per row."""
    names = ",".join(f'"{n}"' for n in _ROWS)
    script = (
        f"const rows = [{names}]; let page = 0;"
        "function draw() {"
        f"  const shown = rows.slice(page * {_PAGE}, (page + 1) * {_PAGE});"
        "  document.getElementById('rows').innerHTML = shown.map("
        "    n => `<li><a href=\"/row/${n}\">${n}</a></li>`).join('');"
        f"  document.getElementById('next').disabled = (page + 1) * {_PAGE} >= rows.length;"
        "}"
        "document.getElementById('next').onclick = () => { page += 1; draw(); };"
        "draw();"
    )

    async def home(_: web.Request) -> web.Response:
        return _html('<h1>Admin</h1><p><a href="/list">Penguins</a></p>')

    async def listing(_: web.Request) -> web.Response:
        return _html(
            '<h1>Penguins</h1><ul id="rows"></ul><button id="next">Next</button>'
            f"<script>{script}</script>"
        )

    async def row(request: web.Request) -> web.Response:
        return _html(f"<h1>{request.match_info['name']}</h1><p>A row.</p>")

    app = web.Application()
    app.add_routes([web.get("/", home), web.get("/list", listing), web.get("/row/{name}", row)])
    return app


async def test_gpp_pages_a_list_its_pager_redraws_in_place(serve_app: Serve) -> None:
    """The list's first page shows 15 of its 40 rows; its Next button shows the others, in
    two clicks: every row is found, the list's page once downloaded."""
    base = await serve_app(_admin())
    async with Session(SessionConfig(render="always")) as session:
        found = await gpp(session, base + "/row/penguin-03")
    assert found.complete, found.reason
    assert set(found.entities) == {f"{base}/row/{n}" for n in _ROWS}
    assert found.cost.downloads <= 3, found.cost


_POSTS = [f"post-{n:02d}" for n in range(30)]


def _front_page_blog() -> web.Application:
    """A blog whose front page shows its ten newest posts and no pager, beside a box of its
    tags on every page; the tag every post carries lists all 30, the others a few."""
    tags = {"news": _POSTS, "misc": _POSTS[::4], "notes": _POSTS[1::5]}

    def posts(chosen: list[str]) -> str:
        return "".join(
            f'<div class="entry"><h2><a href="/{n}.html">{n}</a></h2><p>Text.</p></div>'
            for n in chosen
        )

    def box() -> str:
        items = "".join(f'<li><a href="/tags/{t}">{t} ({len(p)})</a></li>' for t, p in tags.items())
        return f'<div class="side"><ul>{items}</ul></div>'

    async def home(_: web.Request) -> web.Response:
        return _html(f"<h1>Blog</h1>{posts(_POSTS[:10])}{box()}")

    async def tag(request: web.Request) -> web.Response:
        name = request.match_info["tag"]
        return _html(f"<h1>{name}</h1>{posts(tags[name])}{box()}")

    async def post(request: web.Request) -> web.Response:
        return _html(f"<h1>{request.match_info['name']}</h1><p>A post.</p>{box()}")

    app = web.Application()
    for path, handler in (("/", home), ("/tags/{tag}", tag), ("/{name}.html", post)):
        app.router.add_get(path, handler)
    return app


async def test_gpp_looks_past_a_front_pages_ten_newest(serve_app: Serve) -> None:
    """The front page lists the seed among its ten newest posts and pages them nowhere: a
    featured box (`SHORT_LIST`), so the search goes one level on, where the tag every post
    carries lists all 30: every post is found."""
    base = await serve_app(_front_page_blog())
    async with Session(SessionConfig(render="always")) as session:
        found = await gpp(session, base + "/post-03.html")
    assert found.complete, found.reason
    assert set(found.entities) == {f"{base}/{n}.html" for n in _POSTS}
    assert found.sample_path[1] == f"{base}/tags/news"


_DOCS = [f"page-{n:02d}" for n in range(14)]


def _closed_wiki() -> web.Application:
    """A wiki whose front page links only its own views (its index of pages is closed to
    crawlers), whose folder ``/docs/`` lists the 14 pages filed in it, and whose pages link a
    few of the others."""

    async def home(_: web.Request) -> web.Response:
        return _html('<h1>Front</h1><p><a href="/_index">All pages</a> <a href="/">Home</a></p>')

    async def robots(_: web.Request) -> web.Response:
        return web.Response(text="User-agent: *\nDisallow: /_\n", content_type="text/plain")

    async def folder(_: web.Request) -> web.Response:
        items = "".join(f'<li><a href="/docs/{n}">{n}</a></li>' for n in _DOCS)
        return _html(f"<h1>docs</h1><ul>{items}</ul>")

    async def page(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        return _html(f'<h1>{name}</h1><p>See <a href="/docs/{_DOCS[0]}">the first</a>.</p>')

    app = web.Application()
    for path, handler in (
        ("/", home),
        ("/robots.txt", robots),
        ("/_index", folder),
        ("/docs/", folder),
        ("/docs/{name}", page),
    ):
        app.router.add_get(path, handler)
    return app


async def test_gpp_roots_its_path_at_the_seeds_folder_where_the_root_leads_nowhere(
    serve_app: Serve,
) -> None:
    """No page the front page leads to may be crawled and link the seed (robots.txt closes
    the index): the seed's folder lists it among the 14 pages filed there, every one found."""
    base = await serve_app(_closed_wiki())
    async with Session(SessionConfig(render="always")) as session:
        found = await gpp(session, base + "/docs/page-05")
    assert found.complete, found.reason
    assert set(found.entities) == {f"{base}/docs/{n}" for n in _DOCS}
    assert found.sample_path == (f"{base}/docs/", f"{base}/docs/page-05")
