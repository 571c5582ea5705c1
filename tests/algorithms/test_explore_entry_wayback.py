"""Where `explore` starts on a reference whose home page lists every class and links guides
beside its list, each class page linking none of its peers, only its way back (the home page
and a table of contents): those pages alone are the first round, and the home page is the list
without loading the guides (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry, tree_truth

from siteseer.lab import Site, SiteTruth, set_scores

GUIDES = [f"/guide-{n}.html" for n in range(1, 13)]  # the home page's menu


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _WayBack(Site):
    """30 ``/c/classX.html`` pages; the home page lists them all and links the guides and
    ``/contents.html``, which lists them again; a class page links only those two pages."""

    id = "way-back"
    kind = "entity-tree"

    def _pages(self) -> list[str]:
        return [f"/c/class{n:02d}.html" for n in range(1, 31)]

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, pages = request.path, self._pages()
        if path in ("/", "/contents.html"):
            menu = "".join(f'<a href="{g}">{g}</a> ' for g in GUIDES)
            nav = f'<nav>{menu}<a href="/contents.html">Contents</a></nav>'
            items = "".join(f'<li><a href="{u}">{u[3:-5]}</a></li>' for u in pages)
            return _html(f'{nav}<ul class="classes">{items}</ul>')
        if path in pages:
            return _html(
                '<a href="/">Home</a> <a href="/contents.html">Contents</a>'
                f"<h1>{path}</h1><p>A class.</p>"
            )
        if path in GUIDES:
            return _html(f"<h1>{path}</h1><p>Text.</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = [base_url + p for p in self._pages()]
        return tree_truth(self, base_url, "class", urls, urls[4])


async def test_a_sample_linking_only_its_way_back_loads_those_pages_alone() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_WayBack())
    assert entry.complete and result.complete, result.reason
    assert entry.url == truth.base_url + "/"
    assert any(t.decision == "sample-round" for t in entry.trace)
    assert entry.cost.downloads == 3  # the home page, the sample's and its contents: no guide
    assert set_scores(result.entities, truth.target_entities).recall == 1.0


class _Named(_WayBack):
    """The home page links 12 guides and ``/types.html`` (which lists the 30 classes), none of
    them near a class page; a class page links ``/types.html``, its neighbours and two file
    pages (``/c/fileN.html``)."""

    id = "sample-named"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, pages = request.path, self._pages()
        if path == "/":
            menu = "".join(f'<a href="{g}">{g}</a> ' for g in GUIDES[:4])
            more = "".join(f'<a href="{g}">{g}</a> ' for g in GUIDES[4:])
            return _html(f'<nav>{menu}<a href="/types.html">Types</a> {more}</nav><p>Hi.</p>')
        if path == "/types.html":
            items = "".join(f'<li><a href="{u}">{u[3:-5]}</a></li>' for u in pages)
            return _html(f'<h1>Types</h1><ul class="types">{items}</ul>')
        if path in pages:
            n = pages.index(path)
            see = [pages[i] for i in (n - 1, n + 1) if 0 <= i < len(pages)]
            see += ["/c/file1.html", "/c/file2.html"]
            items = "".join(f'<li><a href="{u}">{u[3:-5]}</a></li>' for u in see)
            return _html(f'<a href="/types.html">Types</a><h1>{path}</h1><ul>{items}</ul>')
        if path in GUIDES or path in ("/c/file1.html", "/c/file2.html"):
            return _html(f"<h1>{path}</h1><p>Text.</p>")
        return web.Response(status=404)


async def test_the_list_the_samples_page_links_ends_the_first_round() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_Named())
    assert entry.complete and result.complete, result.reason
    assert entry.url == truth.base_url + "/types.html"
    assert any(t.decision == "sample-named" for t in entry.trace)
    assert entry.cost.downloads == 3  # the home page, the sample's and the types: no guide
    assert set_scores(result.entities, truth.target_entities).recall == 1.0
