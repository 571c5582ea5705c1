"""GPP on small documentation sites, rendered, against the truth each site is built from: a
document's "Next »" link, a manual's index of terms and a menu of sections."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from siteseer.algorithms import Discovery, gpp
from siteseer.crawler import Session, SessionConfig

Serve = Callable[[web.Application], Awaitable[str]]

_GUIDES = ("install", "usage", "faq", "upgrade", "deploy")
_COMMANDS = tuple(f"cmd{n}" for n in range(12))


def _html(body: str) -> web.Response:
    return web.Response(
        text=f"<!DOCTYPE html><html><body>{body}</body></html>", content_type="text/html"
    )


def _item(url: str, text: str) -> str:
    return f'<li><a href="{url}">{text}</a></li>'


def _guides() -> web.Application:
    """Guides listed only by the navigation every page carries; the home page starts the
    reader with a short list of three guides and a "Next »" link to the first guide, and each
    guide leads to the next by "Next »" too."""
    order = [f"/guide/{g}/" for g in _GUIDES]
    nav = (
        '<div class="nav"><ul>' + "".join(_item(u, u.split("/")[2]) for u in order) + "</ul></div>"
    )

    def page(body: str, after: str) -> web.Response:
        foot = f'<p class="foot"><a href="{after}">Next »</a></p>' if after else ""
        return _html(f"{nav}<main>{body}</main>{foot}")

    async def home(_: web.Request) -> web.Response:
        start = '<ul class="start">' + "".join(_item(u, u.split("/")[2]) for u in order[1:4])
        return page(f"<h1>Docs</h1><p>Start here.</p>{start}</ul>", order[0])

    async def guide(request: web.Request) -> web.Response:
        at = order.index(request.path)
        after = order[at + 1] if at + 1 < len(order) else ""
        return page(f"<h1>{request.path}</h1><p>Text.</p>", after)

    app = web.Application()
    app.router.add_get("/", home)
    app.router.add_get("/guide/{g}/", guide)
    return app


async def test_gpp_reads_a_documents_next_link_as_no_page_of_its_list(serve_app: Serve) -> None:
    """Choice "a next document is no next page": the home page's "Next »" leads to the first
    guide, which the navigation names by its title; the home page's short list is no paged
    list, and the navigation's tree is the seed's list: every guide."""
    base = await serve_app(_guides())
    async with Session(SessionConfig(render="always")) as session:
        found = await gpp(session, f"{base}/guide/usage/")
    assert found.complete, found.reason
    assert set(found.entities) == {f"{base}/guide/{g}/" for g in _GUIDES}
    (chosen,) = [e for e in found.trace if e.step == "seed-path" and e.decision == "parent"]
    assert "site navigation" in chosen.note


def _manual() -> web.Application:
    """A manual: a chapter page ``/commands/`` listing its 12 command pages, guides, and an
    index of terms ``/genindex/`` linking every page three times, once per term it defines."""
    commands = [f"/commands/{c}/" for c in _COMMANDS]
    pages = commands + [f"/guide/{g}/" for g in _GUIDES]

    async def home(_: web.Request) -> web.Response:
        return _html('<a href="/commands/">Commands</a> <a href="/genindex/">Index</a>')

    async def chapter(_: web.Request) -> web.Response:
        rows = "".join(_item(u, u.split("/")[2]) for u in commands)
        return _html(f'<h1>Commands</h1><ul class="toc">{rows}</ul>')

    async def index(_: web.Request) -> web.Response:
        terms = sorted((f"{u.split('/')[2]} {t}", f"{u}#t{t}") for u in pages for t in range(3))
        rows = "".join(_item(url, term) for term, url in terms)
        return _html(f'<h1>Index</h1><ul class="terms">{rows}</ul>')

    async def doc(request: web.Request) -> web.Response:
        return _html(f'<h1>{request.path}</h1><p>Text.</p><a href="/">Home</a>')

    app = web.Application()
    app.router.add_get("/", home)
    app.router.add_get("/commands/", chapter)
    app.router.add_get("/genindex/", index)
    app.router.add_get("/commands/{c}/", doc)
    app.router.add_get("/guide/{g}/", doc)
    return app


async def test_gpp_takes_no_index_of_terms_for_the_seeds_list(serve_app: Serve) -> None:
    """Choice "an index of terms is no list of the seed's": the index links every page of the
    manual three times, the longest list holding the seed; the chapter's list is its list."""
    base = await serve_app(_manual())
    async with Session(SessionConfig(render="always")) as session:
        found = await gpp(session, f"{base}/commands/cmd3/")
    assert found.complete, found.reason
    assert set(found.entities) == {f"{base}/commands/{c}/" for c in _COMMANDS}
    assert found.sample_path == (f"{base}/", f"{base}/commands/", f"{base}/commands/cmd3/")


_BOOK = {"intro": 11, "faq": 12, "howto": 10}


def _sections() -> web.Application:
    """A page tree: a menu on every page linking three sections, each section's page listing
    its own documents (``/faq/`` lists ``/faq/doc0/`` …)."""
    menu = '<ul class="menu">' + "".join(_item(f"/{s}/", s) for s in _BOOK) + "</ul>"

    async def home(_: web.Request) -> web.Response:
        return _html(f"{menu}<h1>Home</h1>")

    async def section(request: web.Request) -> web.Response:
        name = request.match_info["s"]
        rows = "".join(_item(f"/{name}/doc{n}/", f"Doc {n}") for n in range(_BOOK[name]))
        return _html(f'{menu}<h1>{name}</h1><ul class="docs">{rows}</ul>')

    async def doc(request: web.Request) -> web.Response:
        return _html(f"{menu}<h1>{request.path}</h1><p>Text.</p>")

    app = web.Application()
    app.router.add_get("/", home)
    app.router.add_get("/{s}/", section)
    app.router.add_get("/{s}/{d}/", doc)
    return app


async def test_gpp_fans_out_through_a_menu_of_sections(serve_app: Serve) -> None:
    """Choice "a menu of sections is the level of their lists": the seed is named below its
    section's page, which the menu on every page lists beside the other sections; each
    section's list of documents is grown, not only the seed's."""
    base = await serve_app(_sections())
    async with Session(SessionConfig(render="always")) as session:
        found = await gpp(session, f"{base}/faq/doc2/")
    assert found.complete, found.reason
    assert set(found.entities) == {
        f"{base}/{s}/doc{n}/" for s, size in _BOOK.items() for n in range(size)
    }
    assert set(found.index_pages[-1]) == {f"{base}/{s}/" for s in _BOOK}


Handler = Callable[[web.Request], Awaitable[web.Response]]


def _app(handler: Handler, *routes: str) -> web.Application:
    """An application serving every one of `routes` with `handler`."""
    app = web.Application()
    for route in routes:
        app.router.add_get(route, handler)
    return app


def _home_and_documents(home: str, back: str) -> web.Application:
    """An application whose home page shows `home` and whose every other page is a document
    linking back home (`back` the link's text)."""

    async def page(request: web.Request) -> web.Response:
        if request.path == "/":
            return _html(home)
        return _html(f'<h1>{request.path}</h1><p>Text.</p><a href="/">{back}</a>')

    return _app(page, "/", "/{page}")


async def _grown(serve_app: Serve, app: web.Application, seed: str) -> tuple[str, Discovery]:
    """`app` served, and GPP's complete run from its page `seed` (a path): the base URL, the
    run."""
    base = await serve_app(app)
    async with Session(SessionConfig(render="always")) as session:
        found = await gpp(session, f"{base}{seed}")
    assert found.complete, found.reason
    return base, found


_CHAPTERS = 12  # a manual's chapters, each with sections of their own (pages too)


def _sections_of(c: int) -> range:
    return range(2 + c % 3)  # chapters of 2 to 4 sections: the chapters line up unevenly


def _contents(headings: bool) -> web.Application:
    """A manual whose home page is its table of contents: each chapter's entry followed by its
    sections' entries one level in (``ul/li/ul/li``); with `headings`, a DocBook table of
    contents (``dl/dt`` a chapter, ``dd/dl/dt`` its sections), each section's entry followed
    by its own headings one level further (anchors into the section's page: 1 to 7 of them,
    so that no run of sections lines up with a steady step)."""
    outer = "dl" if headings else "ul"

    def item(url: str, text: str, below: str = "") -> str:
        if not headings:
            return f'<li><a href="{url}">{text}</a>{below}</li>'
        return f'<dt><a href="{url}">{text}</a></dt>' + (f"<dd>{below}</dd>" if below else "")

    def section(c: int, s: int) -> str:
        url = f"/c{c}s{s}.html"
        marks = range(1 + (c + 4 * s) % 7) if headings else range(0)
        inner = "".join(item(f"{url}#h{h}", f"Heading {h}") for h in marks)
        return item(url, f"Section {c}.{s}", f"<{outer}>{inner}</{outer}>" if inner else "")

    def chapter(c: int) -> str:
        inner = "".join(section(c, s) for s in _sections_of(c))
        return item(f"/c{c}.html", f"Chapter {c}", f"<{outer}>{inner}</{outer}>")

    toc = f'<div class="toc"><{outer}>' + "".join(chapter(c) for c in range(_CHAPTERS))
    toc += f"</{outer}></div>"

    return _home_and_documents(f"<h1>Manual</h1>{toc}", "Contents")


async def test_gpp_takes_a_table_of_contents_level_for_the_seeds_list(serve_app: Serve) -> None:
    """Choice "a nested list's level is one list": the chapters line up at one indent, their
    sections between them, so no run of them is a list; the level is, every chapter and no
    section."""
    base, found = await _grown(serve_app, _contents(headings=False), "/c3.html")
    assert set(found.entities) == {f"{base}/c{c}.html" for c in range(_CHAPTERS)}
    assert found.sample_path == (f"{base}/", f"{base}/c3.html")


async def test_gpp_reads_a_pages_own_headings_as_no_list_of_its(serve_app: Serve) -> None:
    """A section's entry is followed by its headings, a list of anchors into the section's
    page alone: no list of the seed's. The sections' level is, across the chapters."""
    base, found = await _grown(serve_app, _contents(headings=True), "/c5s1.html")
    assert set(found.entities) == {
        f"{base}/c{c}s{s}.html" for c in range(_CHAPTERS) for s in _sections_of(c)
    }


_PARTS = {"intro": 2, "syntax": 12, "types": 6}  # a book's parts and their chapters
# a reference whose one long part (20 chapters) its whole tree outreaches by fewer than half
# again (28 pages: `gpp.TREE_GAIN`)
_REFERENCE = {"intro": 2, "api": 20, "appendix": 3}


def _book(parts: dict[str, int] = _PARTS) -> web.Application:
    """A book whose every page carries its navigation: each part's page, its chapters listed
    one level in, the seed's part long enough (12) to pass for a list of its own."""
    entries = "".join(
        f'<li><a href="/{p}.html">{p}</a><ul>'
        + "".join(_item(f"/{p}/ch{n}.html", f"{p} {n}") for n in range(size))
        + "</ul></li>"
        for p, size in parts.items()
    )
    nav = f'<nav><ol class="chapter">{entries}</ol></nav>'.replace("<ul>", "<ol>")
    nav = nav.replace("</ul>", "</ol>")

    async def page(request: web.Request) -> web.Response:
        return _html(f"{nav}<main><h1>{request.path}</h1><p>Text.</p></main>")

    return _app(page, "/", "/{part}.html", "/{part}/{ch}.html")


async def test_gpp_takes_a_navigation_branch_for_part_of_its_tree(serve_app: Serve) -> None:
    """Choice "a branch of the site navigation is part of its tree": the seed's part lists 12
    chapters, long enough for a list; the navigation's tree holding it, every part and
    chapter, is the seed's list."""
    base, found = await _grown(serve_app, _book(), "/syntax/ch4.html")
    assert set(found.entities) == {f"{base}/{p}.html" for p in _PARTS} | {
        f"{base}/{p}/ch{n}.html" for p, size in _PARTS.items() for n in range(size)
    }


async def test_gpp_keeps_a_long_branch_its_tree_hardly_outreaches(serve_app: Serve) -> None:
    """The bound on choice "a branch of the site navigation is part of its tree": the seed's
    part lists 20 chapters, and the navigation's whole tree reaches 28 pages, under 1.5 times
    as many (`gpp.TREE_GAIN`): the tree is no list of the seed's, grown whole it would take the
    other parts and their pages; the branch is its list, its chapters the entities."""
    base, found = await _grown(serve_app, _book(_REFERENCE), "/api/ch7.html")
    assert set(found.entities) == {f"{base}/api/ch{n}.html" for n in range(_REFERENCE["api"])}


_GUIDE_TREE = {"users": (2, 1, 2, 1), "contributors": (1, 2, 2), "reference": (2, 1, 2, 1, 2)}


def _guide() -> web.Application:
    """A guide whose every page carries its navigation, three levels deep: parts, their topics,
    each topic's 1 or 2 pages. The pages of the third level line up at one indent, their
    topics between them, so that level alone is a list long enough for the seed's."""

    def topic(part: str, t: int, size: int) -> str:
        pages = "".join(_item(f"/{part}/t{t}/p{n}/", f"page {n}") for n in range(size))
        return f'<li><a href="/{part}/t{t}/">topic {t}</a><ul>{pages}</ul></li>'

    tree = "".join(
        f'<li><a href="/{part}/">{part}</a><ul>'
        + "".join(topic(part, t, size) for t, size in enumerate(sizes))
        + "</ul></li>"
        for part, sizes in _GUIDE_TREE.items()
    )
    nav = f'<div class="side"><ul>{tree}</ul></div>'

    async def page(request: web.Request) -> web.Response:
        return _html(f"{nav}<main><h1>{request.path}</h1><p>Text.</p></main>")

    return _app(page, "/", "/{part}/", "/{part}/{topic}/", "/{part}/{topic}/{page}/")


async def test_gpp_takes_a_navigation_level_for_part_of_its_tree(serve_app: Serve) -> None:
    """A level of the navigation's tree (`_column`) below an entry of it is a branch too: the
    tree holding it, every part, topic and page, is the seed's list."""
    base, found = await _grown(serve_app, _guide(), "/users/t0/p1/")
    topics = [(p, t, size) for p, sizes in _GUIDE_TREE.items() for t, size in enumerate(sizes)]
    assert set(found.entities) == (
        {f"{base}/{p}/" for p in _GUIDE_TREE}
        | {f"{base}/{p}/t{t}/" for p, t, _ in topics}
        | {f"{base}/{p}/t{t}/p{n}/" for p, t, size in topics for n in range(size)}
    )


# a package's modules, each its own page ``/<Package>-<Module>.html``; Data.Lens has modules
# of its own one level further, enough for the tree to reach half as many pages again as the
# level holding the seed (`gpp.TREE_GAIN`)
_MODULES = {"Control": 12, "Data": 3, "System": 2}
_SUBMODULES = 12


def _module_index() -> web.Application:
    """A module index whose home page draws every module in a tree of disclosures: each level
    a ``details`` around its list, each module's link wrapped in a ``span``
    (``ul/li/details/ul/li/span/a``); the package holding the seed lists 12 modules, long
    enough to pass for a list of its own."""

    def module(name: str, below: str = "") -> str:
        url = "/" + name.replace(".", "-") + ".html"
        return f'<li><span><a href="{url}">{name}</a></span>{below}</li>'

    def package(name: str, size: int) -> str:
        entries = [module(f"{name}.M{n}") for n in range(size)]
        if name == "Data":
            inner = "".join(module(f"Data.Lens.S{n}") for n in range(_SUBMODULES))
            entries.append(module("Data.Lens", f"<details open><ul>{inner}</ul></details>"))
        return (
            f"<li><details open><summary>{name}</summary><ul>{''.join(entries)}</ul></details></li>"
        )

    tree = "".join(package(name, size) for name, size in _MODULES.items())

    return _home_and_documents(
        f'<h1>Modules</h1><div class="modules"><ul>{tree}</ul></div>', "Index"
    )


async def test_gpp_takes_a_module_tree_whose_items_wrap_their_links(serve_app: Serve) -> None:
    """An item of a nested list may wrap its link (``li/span/a``) and its own list
    (``li/details/ul``): the tree holding the seed's package, every module at every depth, is
    the seed's list."""
    base, found = await _grown(serve_app, _module_index(), "/Control-M4.html")
    names = [f"{p}-M{n}" for p, size in _MODULES.items() for n in range(size)]
    names += ["Data-Lens", *(f"Data-Lens-S{n}" for n in range(_SUBMODULES))]
    assert set(found.entities) == {f"{base}/{name}.html" for name in names}


_PACKAGES = {
    "io": ("fs", "ioutil"),
    "net": ("http", "mail", "netip", "rpc", "smtp", "textproto", "url"),
    "os": ("exec", "signal", "user"),
    "sort": (),
    "time": ("tzdata",),
}


def _package_index() -> web.Application:
    """A package index: one table whose rows name every package, each indented under the
    package it belongs to (``/pkg/net/``, ``/pkg/net/http/``, ``/pkg/net/http/cookiejar/``)."""
    rows = []
    for name, subs in _PACKAGES.items():
        rows.append((f"/pkg/{name}/", name, 0))
        for sub in subs:
            rows.append((f"/pkg/{name}/{sub}/", sub, 1))
            if sub == "http":
                rows.append(("/pkg/net/http/cookiejar/", "cookiejar", 2))
    table = "".join(
        f'<tr><td style="padding-left:{20 * depth}px"><a href="{url}">{text}</a></td>'
        f"<td>Package {text}.</td></tr>"
        for url, text, depth in rows
    )

    async def page(request: web.Request) -> web.Response:
        if request.path == "/":
            return _html(f"<h1>Packages</h1><table>{table}</table>")
        return _html(f'<h1>{request.path}</h1><p>Text.</p><a href="/">Packages</a>')

    return _app(page, "/", "/pkg/{a}/", "/pkg/{a}/{b}/", "/pkg/{a}/{b}/{c}/")


async def test_gpp_takes_a_hierarchy_of_names_for_one_list(serve_app: Serve) -> None:
    """Choice "a list of a hierarchy's names is one list": the seed's template (``/pkg/*/*/``)
    names the packages of one depth alone; the table's rows below ``/pkg/`` at every depth are
    its list."""
    base, found = await _grown(serve_app, _package_index(), "/pkg/os/exec/")
    expected = {f"/pkg/{name}/" for name in _PACKAGES}
    expected |= {f"/pkg/{name}/{sub}/" for name, subs in _PACKAGES.items() for sub in subs}
    expected.add("/pkg/net/http/cookiejar/")
    assert set(found.entities) == {base + url for url in expected}


# a wiki's namespaces and their pages (each with a start page), and its pages outside them
_NAMESPACES = {"alpha": 12, "beta": 11, "gamma": 10, "delta": 3, "omega": 2}
_TOP_PAGES = ("about", "help", "license", "news", "people", "roadmap")


def _wiki_pages() -> list[str]:
    """Every page of `_page_index`'s wiki but its home: ``alpha:start``, ``alpha:p0`` …"""
    named = [f"{ns}:{p}" for ns, size in _NAMESPACES.items() for p in ("start", *_pages(size))]
    return [*named, *_TOP_PAGES]


def _pages(size: int) -> list[str]:
    return [f"p{n}" for n in range(size)]


def _page_index() -> web.Application:
    """A wiki whose every page carries a menu of tools, one its page index (``/index/<page>``):
    a tree of its namespaces (``ul/li/div/a`` at every level), the page's own namespace open
    with its pages (the page itself named, not linked), each other namespace a link that
    opens it (``/index/<page>?idx=<namespace>``). The home page lists the namespaces' start
    pages, which list nothing; a page outside the namespaces draws a list of its own
    (``/wiki/about-see0`` …) where the index draws its tree."""

    def tree(current: str, shown: str) -> str:
        def entry(page: str) -> str:
            if page == current:
                return f'<li><div><span class="current">{page}</span></div></li>'
            return f'<li><div><a href="/wiki/{page}">{page}</a></div></li>'

        rows = []
        for ns, size in _NAMESPACES.items():
            head = f'<div><a href="/index/{current}?idx={ns}">{ns}</a></div>'
            pages = [f"{ns}:{p}" for p in ("start", *_pages(size))]
            below = f"<ul>{''.join(entry(p) for p in pages)}</ul>" if ns == shown else ""
            rows.append(f"<li>{head}{below}</li>")
        rows += [entry(page) for page in _TOP_PAGES]
        return f'<div class="index"><ul>{"".join(rows)}</ul></div>'

    def tools(current: str) -> str:
        links = [(view.title(), f"/{view}/{current}") for view in ("recent", "media", "index")]
        return '<ul class="tools">' + "".join(_item(url, text) for text, url in links) + "</ul>"

    async def page(request: web.Request) -> web.Response:
        path = request.path
        if path == "/":
            starts = "".join(_item(f"/wiki/{ns}:start", ns) for ns in _NAMESPACES)
            return _html(f'{tools("start")}<h1>Wiki</h1><ul class="spaces">{starts}</ul>')
        kind, _, current = path.strip("/").partition("/")
        if kind == "index":
            shown = request.query.get("idx", current.partition(":")[0])
            return _html(f"{tools(current)}<h1>Index</h1>{tree(current, shown)}")
        see = ""
        if current in _TOP_PAGES:  # a list of its own where the index draws its tree
            rows = "".join(
                f'<li><div><a href="/wiki/{current}-see{n}">See {n}</a></div></li>'
                for n in range(4)
            )
            see = f"<div><ul>{rows}</ul></div>"
        return _html(f"{tools(current)}{see}<h1>{current}</h1><p>Text.</p>")

    return _app(page, "/", "/wiki/{page}", "/index/{page}", "/recent/{page}", "/media/{page}")


async def test_gpp_takes_the_index_view_that_opens_the_seeds_list(serve_app: Serve) -> None:
    """Two page-index views at one depth hold the seed in the same tree of the wiki's pages
    (``li/div/a`` at every level): the namespace opened from the index (``/index/start?idx=
    alpha``, the whole namespace) and the index of the namespace's start page (the start page
    named, not linked). The one whose list holding the seed is the longer is its parent: its
    way down opens every namespace, not the seed's alone, and the tree on each of its views
    is the seed's list: every page, at the cost of the views the tree links beside them. A page's own list where the index draws its tree, without the tree's trunk (its
    namespaces), is no view of it."""
    base, found = await _grown(serve_app, _page_index(), "/wiki/alpha:p4")
    assert found.sample_path == (
        f"{base}/",
        f"{base}/index/start",
        f"{base}/index/start?idx=alpha",
        f"{base}/wiki/alpha:p4",
    )
    truth = {f"{base}/wiki/{page}" for page in _wiki_pages()}
    assert truth <= set(found.entities)
    assert set(found.entities) - truth == {f"{base}/index/start?idx={ns}" for ns in _NAMESPACES}
