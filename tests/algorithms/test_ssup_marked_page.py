"""SSUP's pagination on a forum's topic list, against its truth: a numbered pager whose item of
the page being read is marked (``<li class="page-item active"><a href="?page=1">1</a>``) links
the list's first page by its number spelled out. That link is the level page itself, not
loaded; a pager counting from 0 links its second page as ``?page=1`` read "2", which is."""

from __future__ import annotations

import math
from urllib.parse import parse_qsl

import pytest
from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.crawler import canonical_url
from siteseer.lab import Site, SiteTruth, set_scores

TOPICS = 23
SIZE = 10


class _ForumSite(Site):
    """`/forum/` lists `TOPICS` topics `SIZE` a page (``?page=<n>``, 1-based, or 0-based with
    `zero`); a topic opens `/forum/topic/<n>/`."""

    kind = "entity-tree"

    def __init__(self, zero: bool) -> None:
        self.zero = zero
        self.id = "forum-pager-0" if zero else "forum-pager-1"

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        menu = '<nav id="menu"><a href="/">Home</a> <a href="/forum/">Forum</a></nav>'
        html = f"<html><head><title>{title}</title></head><body>{menu}<h1>{title}</h1>{body}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    def _pages(self) -> int:
        return (TOPICS - 1) // SIZE + 1

    def _value(self, index: int) -> int:
        """The ``page`` value of the list's page `index` (0 for the first)."""
        return index if self.zero else index + 1

    def _list(self, index: int) -> web.Response:
        topics = range(index * SIZE + 1, min(TOPICS, (index + 1) * SIZE) + 1)
        rows = "".join(
            f'<tr><td class="name"><a href="/forum/topic/{t}/">Topic {t}</a></td>'
            f"<td>{t * 3} posts</td></tr>"
            for t in topics
        )
        items = "".join(
            f'<li class="page-item{" active" if n == index else ""}">'
            f'<a class="page-link" href="?page={self._value(n)}">{n + 1}</a></li>'
            for n in range(self._pages())
        )
        pager = f'<ul class="pagination">{items}</ul>'
        return self._page("Forum", f'<table class="topics">{rows}</table>{pager}')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        query = dict(parse_qsl(request.query_string))
        if request.path == "/forum/":
            value = query.get("page", str(self._value(0)))
            index = int(value) - (0 if self.zero else 1) if value.isdigit() else -1
            if 0 <= index < self._pages():
                return self._list(index)
        parts = request.path.strip("/").split("/")
        if len(parts) == 3 and parts[1] == "topic" and parts[2].isdigit():
            topic = int(parts[2])
            if 1 <= topic <= TOPICS:
                trail = '<p class="trail"><a href="/forum/">Forum</a></p>'
                post = f'<div class="post"><p>Post {topic}</p><span>by someone</span></div>'
                return self._page(f"Topic {topic}", trail + post)
        if request.path == "/":
            return self._page("Home", '<p><a href="/forum/">The forum</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        topics = tuple(canonical_url(f"{base_url}/forum/topic/{t}/") for t in range(1, TOPICS + 1))
        first = canonical_url(f"{base_url}/forum/")
        pages = (
            first,
            *(
                canonical_url(f"{base_url}/forum/?page={self._value(n)}")
                for n in range(1, self._pages())
            ),
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"topic": topics},
            target_type="topic",
            seed_entity=topics[0],
            seed_path=(first, topics[0]),
            index_levels=(pages,),
        )


@pytest.mark.parametrize("zero", [False, True])
async def test_the_pagers_marked_link_to_the_page_itself_is_not_loaded(zero: bool) -> None:
    truth, result, downloaded = await serve_and_discover(_ForumSite(zero))
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    lists = [u for u in downloaded if "/forum/" in u and "/topic/" not in u]
    # The list's pages, each once: the first page's own link (1-based ``?page=1``) is no page.
    assert sorted(lists) == sorted(truth.index_levels[0]), downloaded
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
