"""GPP's lists read off a page (`algorithms.gpplists`), against the sites' known entities.

Choice "a list in sections is one list" (`gpplists.sections`): an API reference's operations,
one section per tag under its heading, each operation's URL naming its tag, are one list; a post
list's tags, drawn alike between its posts, stay out. Choice "a server's listing of a folder is
no list of the site's" (`gpplists.listing`): a documentation set's folder listed by the server,
every file by its name, is followed through, not grown."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from siteseer.algorithms import Discovery, gpp
from siteseer.algorithms.features.urlshape import seed_template
from siteseer.algorithms.features.visual import VisualList
from siteseer.algorithms.gpplists import listing, sections
from siteseer.crawler import Session, SessionConfig
from siteseer.render import Box, Link

Serve = Callable[[web.Application], Awaitable[str]]


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


async def _found(serve: Serve, app: web.Application, seed: str) -> tuple[str, Discovery]:
    """GPP from `seed` (a path) on `app`, served, rendering: the run is complete."""
    base = await serve(app)
    async with Session(SessionConfig(render="always")) as session:
        found = await gpp(session, base + seed)
    assert found.complete, found.reason
    return base, found


_TAGS = {"Container": 7, "Image": 5, "Network": 4, "Volume": 3}


def _operations() -> dict[str, list[str]]:
    return {tag: [f"/{tag}/{tag}Op{n}" for n in range(count)] for tag, count in _TAGS.items()}


def _reference() -> web.Application:
    """An API reference: every tag's heading, then its operations (the section's own run of
    links, alike in every section), and a page per operation."""
    ops = _operations()

    async def home(_: web.Request) -> web.Response:
        body = "".join(
            f"<section><h3>{tag}</h3><ul>"
            + "".join(f'<li><a class="op" href="{u}">{u}</a></li>' for u in urls)
            + "</ul></section>"
            for tag, urls in ops.items()
        )
        return _html(f"<main>{body}</main>")

    async def operation(request: web.Request) -> web.Response:
        return _html(f"<h1>{request.match_info['op']}</h1><p>Parameters.</p>")

    app = web.Application()
    app.add_routes([web.get("/", home), web.get("/{tag}/{op}", operation)])
    return app


async def test_gpp_takes_every_section_of_an_operations_list(serve_app: Serve) -> None:
    """The seed's section fixes its tag in its URL template; the other sections, each a block
    of operations of another tag, are the same list: every operation is found."""
    base, found = await _found(serve_app, _reference(), "/Container/ContainerOp3")
    expected = {base + u for urls in _operations().values() for u in urls}
    assert set(found.entities) == expected
    assert found.cost.downloads <= 3, found.cost  # the seed and the reference


def _link(url: str) -> Link:
    return Link(url=url, text=url, path="html/body/ul/li/a", path_attrs="", path_values="")


def test_sections_are_blocks_of_one_value_in_the_fixed_segments() -> None:
    ops = _operations()
    links = [_link("http://h" + u) for urls in ops.values() for u in urls]
    template = seed_template("http://h/Container/ContainerOp3")
    assert template is not None
    found = sections(template, links)
    # every other tag's block of three or more; the seed's own is its template's
    assert found == {
        "http://h" + u for tag, urls in ops.items() if tag != "Container" for u in urls
    }


def test_anchors_alternating_with_the_entries_are_no_section() -> None:
    """A post list's tags under each post (``/post/N``, ``/tag/X``) alternate with the posts:
    no block of their own, no section."""
    links = [
        _link(url) for n in range(6) for url in (f"http://h/post/p{n}", f"http://h/tag/t{n % 2}")
    ]
    template = seed_template("http://h/post/p3")
    assert template is not None
    assert sections(template, links) == set()


def test_a_sidebars_two_blocks_of_two_kinds_are_no_sections() -> None:
    """A blog's sidebar: its recent posts (``/posts/*.html``) above its years' archives
    (``/blog/2023.html``), drawn alike, each a block: two blocks, no list in sections; a third
    block of the posts' shape makes them one."""
    posts = [_link(f"http://h/posts/p{n}.html") for n in range(5)]
    years = [_link(f"http://h/blog/{y}.html") for y in range(2018, 2024)]
    template = seed_template("http://h/posts/p3.html")
    assert template is not None
    assert sections(template, [*posts, *years]) == set()
    drafts = [_link(f"http://h/drafts/d{n}.html") for n in range(3)]
    assert sections(template, [*posts, *years, *drafts]) == {lk.url for lk in years + drafts}


_CLASSES = [f"qclass{n}" for n in range(12)]
_OTHERS = ["qmodule-index.html", "qnamespace.html", "examples.html"]


def _served_folder() -> web.Application:
    """A documentation folder with no index page, listed by the server (every file by its name,
    the images' folder too): a module page lists its classes, each class has a members page."""
    files = [
        *_OTHERS,
        *(f"{c}.html" for c in _CLASSES),
        *(f"{c}-members.html" for c in _CLASSES),
    ]

    async def folder(_: web.Request) -> web.Response:
        rows = "".join(f'<li><a href="{f}">{f}</a></li>' for f in ["images/", *sorted(files)])
        return _html(f"<h1>Directory listing for /</h1><ul>{rows}</ul>")

    async def document(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name == "qmodule-index.html":
            rows = "".join(f'<li><a href="{c}.html">{c.title()}</a></li>' for c in _CLASSES)
            return _html(
                f'<h1>Module</h1><p><a href="qnamespace.html">Names</a></p><ul>{rows}</ul>'
            )
        if name.endswith("-members.html"):
            owner = name.removesuffix("-members.html")
            members = "".join(f'<li><a href="{owner}.html#m{n}">m{n}</a></li>' for n in range(4))
            return _html(f"<h1>Members</h1><ul>{members}</ul>")
        if name.removesuffix(".html") in _CLASSES:
            return _html(f'<h1>{name}</h1><p><a href="{name[:-5]}-members.html">members</a></p>')
        return _html(f"<h1>{name}</h1><p>Text.</p>")

    app = web.Application()
    app.add_routes([web.get("/", folder), web.get("/{name}", document)])
    return app


async def test_gpp_follows_a_servers_listing_of_a_folder_alone(serve_app: Serve) -> None:
    """The server's listing holds the seed among every file of the folder; the module page's
    list of its classes is the seed's list, reached through the listing's one link."""
    base, found = await _found(serve_app, _served_folder(), "/qclass7.html")
    assert set(found.entities) == {f"{base}/{c}.html" for c in _CLASSES}
    assert found.sample_path == (f"{base}/", f"{base}/qmodule-index.html", f"{base}/qclass7.html")


def test_a_list_named_by_its_titles_is_no_listing() -> None:
    titled = [
        Link(url=f"http://h/{c}.html", text=c.title(), path="a", path_attrs="", path_values="")
        for c in _CLASSES
    ]
    files = [
        Link(url=u, text=u.rpartition("/")[2], path="a", path_attrs="", path_values="")
        for u in ["http://h/images/", *(lk.url for lk in titled)]
    ]
    files[0] = Link(url="http://h/images/", text="images/", path="a", path_attrs="", path_values="")
    assert listing(_list(files))
    assert not listing(_list(titled))
    assert not listing(_list(files[1:]))  # file names with no folder: a list of files


def _list(links: list[Link]) -> VisualList:
    return VisualList(
        signature=("html/body/ul/li", "vertical", 16.0, 400, "serif", "black"),
        orientation="vertical",
        links=tuple(links),
        box=Box(0, 0, 100, 100),
    )
