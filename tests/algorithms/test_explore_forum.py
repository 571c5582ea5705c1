"""`explore` on a forum drawn as forum software draws one, against the lab's truth: the front
page lists every topic, latest active first, paged by numbered links (``?page=N``); each item
links its topic (``/topic/<pk>/<slug>/``) and its category's page (``/category/<pk>/<slug>/``:
the value named by its number, then its name), which lists that category's topics; a topic's
page links its category and its posts' authors (``/user/<pk>/<slug>/``)."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore

from siteseer.lab import Site, SiteTruth, pair_scores, set_scores

PER_PAGE = 5
CATEGORIES = {3: "dpkg", 4: "coreutils", 7: "base-files"}
# (pk, title, category pk): latest active first
TOPICS = [(40 - n, f"upload {40 - n}", (3, 4, 7)[n % 3]) for n in range(13)]


def _topic(pk: int, title: str) -> str:
    return f"/topic/{pk}/{title.replace(' ', '-')}/"


def _category(pk: int) -> str:
    return f"/category/{pk}/{CATEGORIES[pk]}/"


def _page(title: str, main: str) -> web.Response:
    menu = '<nav><a href="/">Home</a><a href="/category/">Categories</a></nav>'
    html = f"<html><head><title>{title}</title></head><body>{menu}<main>{main}</main></body></html>"
    return web.Response(text=html, content_type="text/html")


def _list(topics: list[tuple[int, str, int]], path: str, n: int) -> str:
    items = "".join(
        f'<div class="topic"><div class="title"><a href="{_topic(pk, t)}">{t}</a></div>'
        f'<div class="category"><a href="{_category(c)}">{CATEGORIES[c]}</a></div>'
        f'<div class="comments">{pk % 5}</div></div>'
        for pk, t, c in topics[(n - 1) * PER_PAGE : n * PER_PAGE]
    )
    pages = -(-len(topics) // PER_PAGE)
    pager = "".join(
        f"<span>{k}</span>" if k == n else f'<a href="{path}?page={k}">{k}</a>'
        for k in range(1, pages + 1)
    )
    return f'<div class="topics">{items}</div><div class="paginator">{pager}</div>'


class _Forum(Site):
    id = "forum"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, n = request.path, int(request.query.get("page", "1"))
        if path == "/":
            return _page("Forum", _list(TOPICS, "/", n))
        if path == "/category/":
            links = "".join(
                f'<li><a href="{_category(pk)}">{c}</a></li>' for pk, c in CATEGORIES.items()
            )
            return _page("Categories", f"<h1>Categories</h1><ul>{links}</ul>")
        for pk, name in CATEGORIES.items():
            if path == _category(pk):
                shown = [t for t in TOPICS if t[2] == pk]
                return _page(name, f"<h1>{name}</h1>" + _list(shown, path, n))
        for pk, title, c in TOPICS:
            if path == _topic(pk, title):
                crumbs = f'<a href="/">Home</a> / <a href="{_category(c)}">{CATEGORIES[c]}</a>'
                by = f'<a href="/user/{pk % 4 + 1}/uploader-{pk % 4 + 1}/">uploader</a>'
                return _page(title, f"<div>{crumbs}</div><h1>{title}</h1><p>{by}: changes</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + _topic(pk, t) for pk, t, _ in TOPICS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"topic": urls},
            target_type="topic",
            seed_entity=urls[0],
            attributes={
                url: {"category": (CATEGORIES[c],)}
                for url, (_, _, c) in zip(urls, TOPICS, strict=True)
            },
            facet_values={"category": tuple(sorted(CATEGORIES.values()))},
        )


async def test_a_forums_topics_carry_the_category_their_item_links_by_number_and_name() -> None:
    truth, result, loaded = await serve_and_explore(_Forum())
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    # the front page's three pages, the sample and the page of categories its menu links
    # (the sample links its authors, whose index may be there): the items name each topic's
    # category, so no category's list is loaded
    pages = {truth.base_url + "/"} | {f"{truth.base_url}/?page={n}" for n in (2, 3)}
    assert set(loaded) == pages | {truth.seed_entity, truth.base_url + "/category/"}
