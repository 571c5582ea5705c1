"""`explore` on a blog drawn as a blog engine draws one, against the lab's truth: a home list
paged at ``/page/N/`` (the body's classes name the page: ``home`` on the first, ``paged-2`` on
the second), a sidebar of month archives (``/2023/06/``: no page of the list), and each post's
category and tags linked in its item beside its title."""

from __future__ import annotations

from collections.abc import Mapping

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, pair_scores, set_scores

PER_PAGE = 4
# (slug, month, category, tags): newest first
POSTS = [
    (f"post-{n}", f"2023/{12 - n // 3:02d}", ("dpkg", "apt", "grep")[n % 3],
     ("unstable",) if n % 2 else ("experimental", "urgency high"))
    for n in range(11)
]  # fmt: skip


def _post(slug: str, month: str) -> str:
    return f"/{month}/01/{slug}/"


def _page(body_class: str, main: str) -> web.Response:
    months = sorted({m for _, m, _, _ in POSTS}, reverse=True)
    sidebar = "".join(f'<li><a href="/{m}/">{m}</a></li>' for m in months)
    html = (
        f'<html><body class="{body_class}"><div id="page"><main class="site-main">{main}</main>'
        f"<aside><h2>Archives</h2><ul>{sidebar}</ul></aside></div></body></html>"
    )
    return web.Response(text=html, content_type="text/html")


def _item(slug: str, month: str, category: str, tags: tuple[str, ...]) -> str:
    tagged = ", ".join(f'<a href="/tag/{t.replace(" ", "-")}/" rel="tag">{t}</a>' for t in tags)
    return (
        f'<article class="post"><header><h2><a href="{_post(slug, month)}">{slug}</a></h2>'
        f'</header><footer>Categorized as <a href="/category/{category}/">{category}</a> '
        f"Tagged {tagged}</footer></article>"
    )


class _Blog(Site):
    id = "blog-paged"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        pages = -(-len(POSTS) // PER_PAGE)
        n = (
            1
            if path == "/"
            else int(path.strip("/").split("/")[1])
            if path.startswith("/page/")
            else 0
        )
        if 1 <= n <= pages:
            shown = POSTS[(n - 1) * PER_PAGE : n * PER_PAGE]
            items = "".join(_item(*p) for p in shown)
            older = f'<a class="next" href="/page/{n + 1}/">Older posts</a>' if n < pages else ""
            body_class = "home blog" if n == 1 else f"blog paged paged-{n}"
            return _page(body_class, items + f"<nav>{older}</nav>")
        for slug, month, category, tags in POSTS:
            if path == _post(slug, month):
                return _page("single", _item(slug, month, category, tags))
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + _post(s, m) for s, m, _, _ in POSTS)
        attributes = {
            url: {"category": (c,), "tags": t}
            for url, (_, _, c, t) in zip(urls, POSTS, strict=True)
        }
        facets = {
            "category": tuple(sorted({c for _, _, c, _ in POSTS})),
            "tags": tuple(sorted({t for *_, ts in POSTS for t in ts})),
        }
        return _posts_truth(self, base_url, urls, attributes, facets)


def _posts_truth(
    site: Site,
    base_url: str,
    urls: tuple[str, ...],
    attributes: Mapping[str, Mapping[str, tuple[str, ...]]],
    facets: Mapping[str, tuple[str, ...]],
) -> SiteTruth:
    """The truth of a blog of `POSTS` at `urls`, the first its seed."""
    return SiteTruth(
        site=site.id,
        base_url=base_url,
        kind=site.kind,
        entities={"post": urls},
        target_type="post",
        seed_entity=urls[0],
        attributes={url: dict(fields) for url, fields in attributes.items()},
        facet_values=dict(facets),
    )


async def test_a_blog_is_paged_to_its_end_and_its_posts_carry_their_items_category_and_tags() -> (
    None
):
    async with LabServer([_Blog()]) as server:
        truth = server.truth("blog-paged")
        loaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    # the home list's three pages and the sample: no month archive is taken for a page of it
    pages = {truth.base_url + "/"} | {f"{truth.base_url}/page/{n}/" for n in (2, 3)}
    assert set(loaded) == pages | {truth.seed_entity}


def _index_page(title: str, body: str) -> web.Response:
    menu = '<nav><a href="/categories/">Categories</a><a href="/tags/">Tags</a></nav>'
    html = f'<html><body>{menu}<main><div class="wrapper">{body}</div></main></body></html>'
    return web.Response(text=f"<!-- {title} -->{html}", content_type="text/html")


def _posts(posts: list[tuple[str, str, str, tuple[str, ...]]]) -> str:
    items = "".join(f'<li><h3><a href="{_post(s, m)}">{s}</a></h3></li>' for s, m, _, _ in posts)
    return f'<ul class="post-list">{items}</ul>'


class _Archives(_Blog):
    """A blog whose list shows titles only: its menu links a page indexing the categories and
    one indexing the tags, each value's count after its link ("dpkg (4)"), each value's page
    the posts' list drawn without the home page's wrapper (``div[@class=home]``)."""

    id = "blog-archives"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        pages = -(-len(POSTS) // PER_PAGE)
        n = 1 if path == "/" else int(path.strip("/")[4:]) if path.startswith("/page") else 0
        if 1 <= n <= pages:
            shown = POSTS[(n - 1) * PER_PAGE : n * PER_PAGE]
            older = f'<a href="/page{n + 1}/">Older posts</a>' if n < pages else ""
            return _index_page("home", f'<div class="home">{_posts(shown)}{older}</div>')
        for index, key in (("/categories/", "category"), ("/tags/", "tag")):
            if path == index:
                values = sorted({v for p in POSTS for v in self._values(p, key)})
                links = "".join(
                    f'<li><a href="/{key}/{v.replace(" ", "-")}/">{v}</a> '
                    f"({sum(1 for p in POSTS if v in self._values(p, key))})</li>"
                    for v in values
                )
                return _index_page(index, f"<ul>{links}</ul>")
        for key in ("category", "tag"):
            value = path.removeprefix(f"/{key}/").strip("/").replace("-", " ")
            if path.startswith(f"/{key}/"):
                shown = [p for p in POSTS if value in self._values(p, key)]
                return _index_page(path, f"<h1>{value}</h1>{_posts(shown)}")
        for slug, month, _, _ in POSTS:
            if path == _post(slug, month):
                return _index_page(slug, f"<h1>{slug}</h1>")
        return web.Response(status=404, text="not found")

    @staticmethod
    def _values(post: tuple[str, str, str, tuple[str, ...]], key: str) -> tuple[str, ...]:
        return (post[2],) if key == "category" else post[3]


async def test_a_blogs_menu_pages_indexing_its_categories_and_tags_are_its_facets() -> None:
    async with LabServer([_Archives()]) as server:
        truth = server.truth("blog-archives")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0


class _MonthArchives(Site):
    """A blog at ``/blog/`` (paged ``?page=N``) whose sidebar's archive links each month's
    folder (``/blog/2023/11/ (3)``), the folder its posts' addresses sit in
    (``/blog/2023/11/01/post-1/``); truth: each post's month."""

    id = "blog-months"
    kind = "entity-tree"

    def _url(self, slug: str, month: str) -> str:
        return f"/blog/{month}/01/{slug}/"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        months = sorted({m for _, m, _, _ in POSTS}, reverse=True)
        side = "".join(
            f'<li><a href="/blog/{m}/">{m}</a> ({sum(1 for p in POSTS if p[1] == m)})</li>'
            for m in months
        )
        for slug, month, _, _ in POSTS:
            if request.path == self._url(slug, month):
                page = f"<html><body><h1>{slug}</h1></body></html>"
                return web.Response(text=page, content_type="text/html")
        listed = [p for p in POSTS if request.path == "/blog/" or request.path == f"/blog/{p[1]}/"]
        if not listed:
            return web.Response(status=404, text="not found")
        n = int(request.query.get("page", "1"))
        shown = listed[(n - 1) * PER_PAGE : n * PER_PAGE]
        items = "".join(
            f'<article class="post"><h2><a href="{self._url(s, m)}">{s}</a></h2></article>'
            for s, m, _, _ in shown
        )
        more = len(listed) > n * PER_PAGE
        older = f'<a href="{request.path}?page={n + 1}">Older posts</a>' if more else ""
        html = (
            f'<html><body><main class="site-main">{items}<nav>{older}</nav></main>'
            f"<aside><h2>Archive</h2><ul>{side}</ul></aside></body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + self._url(s, m) for s, m, _, _ in POSTS)
        attributes = {u: {"archive": (p[1],)} for u, p in zip(urls, POSTS, strict=True)}
        facets = {"archive": tuple(sorted({m for _, m, _, _ in POSTS}))}
        return _posts_truth(self, base_url, urls, attributes, facets)


async def test_a_month_archive_holding_its_posts_addresses_is_read_off_the_list_paged_to_its_end() -> (
    None
):
    """A query whose results the start list already gave adds nothing: each month's archive
    lists the posts the start list names under its folder, so no archive page is loaded and
    every post still carries its month."""
    async with LabServer([_MonthArchives()]) as server:
        truth = server.truth("blog-months")
        loaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            result = await explore(
                session, truth.base_url + "/blog/", entity_sample=truth.seed_entity
            )
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    pages = {f"{truth.base_url}/blog/"} | {f"{truth.base_url}/blog/?page={n}" for n in (2, 3)}
    assert set(loaded) == pages | {truth.seed_entity}
