"""`explore` on a blog whose sidebar offers its categories as facet links under a heading
("Categories") and whose every post item links its own category (``/category/<slug>/``): the
list paged to its end gives each post's category, so the categories' lists are not loaded
(against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, pair_scores, set_scores

PER_PAGE = 5
CATEGORIES = tuple(f"Django {v}" for v in ("3.2", "4.0", "4.1", "4.2", "5.0", "5.1"))
POSTS = [(f"release-{n}", CATEGORIES[n % 6]) for n in range(23)]  # newest first


def _slug(value: str) -> str:
    return value.lower().replace(" ", "-").replace(".", "")


class _Blog(Site):
    """A blog at ``/blog/`` (``?page=N``, five posts a page), each post's item linking its
    category; a sidebar "Categories" linking each category's list, paged alike."""

    id = "blog-item-facets"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        for slug, _ in POSTS:
            if path == f"/blog/{slug}/":
                page = f"<html><body><h1>{slug}</h1><p>Text.</p></body></html>"
                return web.Response(text=page, content_type="text/html")
        if path == "/blog/":
            listed = POSTS
        elif path.startswith("/blog/category/"):
            listed = [p for p in POSTS if f"/blog/category/{_slug(p[1])}/" == path]
        else:
            listed = []
        if not listed:
            return web.Response(status=404, text="not found")
        n = int(request.query.get("page", "1"))
        items = "".join(
            f'<article class="post"><h2><a href="/blog/{s}/">{s}</a></h2>'
            f'<ul class="meta"><li><a href="/blog/category/{_slug(c)}/">{c}</a></li></ul>'
            "<p>Summary.</p></article>"
            for s, c in listed[(n - 1) * PER_PAGE : n * PER_PAGE]
        )
        more = len(listed) > n * PER_PAGE
        older = f'<a href="{path}?page={n + 1}">Older posts</a>' if more else ""
        side = "".join(f'<li><a href="/blog/category/{_slug(c)}/">{c}</a></li>' for c in CATEGORIES)
        html = (
            f'<html><body><main class="site-main">{items}<nav>{older}</nav></main>'
            f"<aside><h4>Categories</h4><ul>{side}</ul></aside></body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/blog/{s}/" for s, _ in POSTS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"post": urls},
            target_type="post",
            seed_entity=urls[0],
            attributes={u: {"category": (c,)} for u, (_, c) in zip(urls, POSTS, strict=True)},
            facet_values={"category": CATEGORIES},
        )


async def test_a_facet_every_item_links_its_value_of_is_read_off_the_list() -> None:
    async with LabServer([_Blog()]) as server:
        truth = server.truth("blog-item-facets")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/blog/", entity_sample=truth.seed_entity
            )
    assert result.complete, result.reason
    entities = set_scores(result.entities, truth.target_entities)
    assert entities.precision == entities.recall == 1.0
    pairs = pair_scores(result.entities, truth)
    assert pairs.precision == pairs.recall == 1.0
    assert any(t.step == "listed" and t.decision == "skip" for t in result.trace)
    pages = -(-len(POSTS) // PER_PAGE)
    assert result.cost.downloads <= pages + 1  # the list's pages and the sample, no category's
