"""`explore` on lists without facets, against the lab's truth: every page of a list, whatever
its items carry and however its pager is drawn."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

POSTS = 47
PER_PAGE = 10
AUTHORS = ("Ann", "Bo", "Cy")
CATEGORIES = ("alpha", "beta", "gamma", "delta")


def _html(body: str, page_id: str = "index") -> web.Response:
    html = f'<html lang="en"><body class="home" id="{page_id}">{body}</body></html>'
    return web.Response(text=html, content_type="text/html")


class _StaticBlog(Site):
    """A blog as a static site generator writes it: the newest post featured above the home
    list, the others newest first, ten a page (``/``, ``/index2.html``, …; the pager links the
    first page as ``/index.html``, with arrows ⟪ ⟨ ⟩ ⟫), each item an ``article`` whose title
    sits in its header and whose author, category and tags sit in its footer. A later page's
    ordered list numbers its items on (``<ol start="11">``). A menu of the categories on every
    page."""

    id = "static-blog"
    kind = "entity-tree"

    @staticmethod
    def _post(n: int) -> str:
        return f"/posts/{2000 + n // 12}/{n % 12 + 1:02d}/post-{n}.html"

    def _item(self, n: int) -> str:
        author, category = AUTHORS[n % len(AUTHORS)], CATEGORIES[n % len(CATEGORIES)]
        return (
            f'<article class="hentry"><header><h1><a href="{self._post(n)}">Post {n}</a></h1>'
            f'</header><div class="entry-content"><p>Text {n}.</p><footer class="post-info">'
            f'<address><a href="/author/{author.lower()}.html">{author}</a></address>'
            f'<p>In <a href="/category/{category}.html">{category}</a>. Tags: '
            f'<a href="/tag/t{n % 5}.html">t{n % 5}</a> <a href="/tag/u{n % 7}.html">u{n % 7}</a>'
            "</p></footer></div></article>"
        )

    def _home(self, number: int) -> web.Response:
        pages = -(-(POSTS - 1) // PER_PAGE)
        newest = list(range(POSTS, 0, -1))
        listed = newest[1:][(number - 1) * PER_PAGE : number * PER_PAGE]
        menu = "".join(f'<li><a href="/category/{c}.html">{c}</a></li>' for c in CATEGORIES)
        featured = f'<aside id="featured">{self._item(newest[0])}</aside>' if number == 1 else ""
        start = f' start="{(number - 1) * PER_PAGE + 1}"' if number > 1 else ""
        items = "".join(f"<li>{self._item(n)}</li>" for n in listed)

        def at(k: int) -> str:
            return "/index.html" if k == 1 else f"/index{k}.html"

        pager = []
        if number > 1:
            pager += [f'<a href="{at(1)}">⟪</a>', f'<a href="{at(number - 1)}">⟨</a>']
        if number < pages:
            pager += [f'<a href="{at(number + 1)}">⟩</a>', f'<a href="{at(pages)}">⟫</a>']
        body = (
            f'<header id="banner"><h1><a href="/">Blog</a></h1><nav><ul>{menu}</ul></nav></header>'
            f'{featured}<section id="content"><ol class="hfeed"{start}>{items}</ol>'
            f"<nav><ul>{''.join(f'<li>{p}</li>' for p in pager)}</ul></nav></section>"
        )
        return _html(body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return self._home(1)
        number = path.removeprefix("/index").removesuffix(".html")
        if path.startswith("/index") and number.isdigit():
            return self._home(int(number))
        for n in range(1, POSTS + 1):
            if path == self._post(n):
                return _html(f"<article>{self._item(n)}</article>", "post")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        posts = tuple(base_url + self._post(n) for n in range(POSTS, 0, -1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"post": posts},
            target_type="post",
            seed_entity=posts[1],
            seed_path=(base_url + "/", posts[1]),
            index_levels=((base_url + "/",),),
        )


async def test_a_blogs_pages_are_one_list_whatever_its_items_and_pager_show() -> None:
    async with LabServer([_StaticBlog()]) as server:
        truth = server.truth("static-blog")
        loaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    listed = set(truth.target_entities) - {truth.target_entities[0]}  # all but the featured
    assert set_scores(result.entities, listed).recall == 1.0
    assert set(result.entities) <= set(truth.target_entities)
    # each page of the list once: `/index.html` is the `/` it started at
    pages = -(-(POSTS - 1) // PER_PAGE)
    assert truth.base_url + "/index.html" not in loaded
    assert len([u for u in loaded if "/posts/" not in u]) == pages
