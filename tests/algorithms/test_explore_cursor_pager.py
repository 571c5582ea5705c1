"""`explore` on a wiki's category paged by title cursors, against the lab's truth: the category
page ``/category`` lists 10 of its 25 pages in title order and links "next page"
(``?pagefrom=<the next title>``); each later page links "previous page" too
(``?pageuntil=<its first title>``), an address no page walked forward has, listing the 10
titles before it. The pages are walked forward only, the first page's own pager words: the way
back is no page of the list to load."""

from __future__ import annotations

from urllib.parse import quote

from aiohttp import web
from explore_runs import serve_and_explore

from siteseer.lab import Site, SiteTruth, set_scores

PER_PAGE = 10
TITLES = [f"Release {n:02d}" for n in range(1, 26)]


def _link(title: str) -> str:
    return f"<li><a href='/wiki/{quote(title)}'>{title}</a></li>"


def _category(start: int) -> str:
    shown = TITLES[start : start + PER_PAGE]
    pager = []
    if start > 0:
        pager.append(f"<a href='/category?pageuntil={quote(shown[0])}'>previous page</a>")
    if start + PER_PAGE < len(TITLES):
        pager.append(
            f"<a href='/category?pagefrom={quote(TITLES[start + PER_PAGE])}'>next page</a>"
        )
    nav = "(" + ") (".join(pager) + ")"
    items = "".join(map(_link, shown))
    return f"<h1>Category: Releases</h1><p>{nav}</p><ul id='pages'>{items}</ul><p>{nav}</p>"


class _Wiki(Site):
    id = "wiki-category"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, q = request.path, request.query
        menu = "<div id='menu'><a href='/'>Main page</a> <a href='/category'>Releases</a></div>"
        if path == "/category":
            if "pagefrom" in q:
                start = TITLES.index(q["pagefrom"])
            elif "pageuntil" in q:
                start = max(0, TITLES.index(q["pageuntil"]) - PER_PAGE)
            else:
                start = 0
            body = _category(start)
        elif path.startswith("/wiki/") and path[6:] in TITLES:
            body = f"<h1>{path[6:]}</h1><p>A release.</p><a href='/category'>Category: Releases</a>"
        elif path == "/":
            body = "<h1>Main page</h1>"
        else:
            return web.Response(status=404)
        html = f"<html><body>{menu}<div id='content'>{body}</div></body></html>"
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/wiki/{quote(t)}" for t in TITLES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=urls[3],
        )


async def test_a_cursor_pager_is_walked_forward_only() -> None:
    truth, result, loaded = await serve_and_explore(_Wiki(), "/category")
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    # the three pages of the category, forward; no "previous page" (?pageuntil=) of the two
    # later pages, though its address is none of theirs
    pages = [u for u in loaded if "/category" in u]
    assert len(pages) == len(set(pages)) == 3
    assert not [u for u in loaded if "pageuntil" in u]
    assert any(t.decision == "backward" for t in result.trace)
