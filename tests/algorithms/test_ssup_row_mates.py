"""SSUP's climb on a forum's pages, against its truth: a forum lists its topics in rows of
``div`` blocks, each naming, beside its topic, the member who opened it and the member who
wrote last (in a block of its own, outside the topic's table). Those members are about the
topic, no page above the forum: the climb from the forum to the board listing it loads none."""

from __future__ import annotations

import math

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.crawler import canonical_url
from siteseer.lab import Site, SiteTruth, set_scores

FORUMS = ("apt", "dpkg", "mawk")
TOPICS = 6
MEMBERS = 9


def _member(forum: int, topic: int, last: bool) -> int:
    return (forum * TOPICS + topic * (2 if last else 1)) % MEMBERS + 1


class _BoardSite(Site):
    """`/board/` lists the forums, `/forum/<f>/` its `TOPICS` topics, `/forum/<f>/topic/<n>/` its
    posts; `/member/<m>/` a member's profile."""

    id = "forum-rows"
    kind = "entity-tree"

    @staticmethod
    def _page(title: str, trail: str, body: str) -> web.Response:
        menu = '<nav id="menu"><a href="/">Home</a> <a href="/help/">Help</a></nav>'
        html = (
            f"<html><head><title>{title}</title></head><body>{menu}"
            f'<div class="trail">{trail}</div><main><h1>{title}</h1>{body}</main>'
        )
        return web.Response(text=html + "</body></html>", content_type="text/html")

    def _board(self) -> web.Response:
        # Built as a forum's list of topics: a tree lists each page's children alike.
        rows = "".join(
            '<div class="row topic"><div class="topic-name"><table class="topic-data"><tr>'
            f'<td class="name"><a href="/forum/{name}/">{name}</a></td></tr></table></div>'
            f'<div class="count">{TOPICS}</div></div>'
            for name in FORUMS
        )
        return self._page("Board", "", f'<div class="topics">{rows}</div>')

    def _forum(self, forum: int) -> web.Response:
        name = FORUMS[forum]
        rows = "".join(
            '<div class="row topic">'
            '<div class="topic-name"><table class="topic-data"><tr><td class="name">'
            f'<a href="/forum/{name}/topic/{t}/" class="topic-link">{name} {t}</a>'
            f'<div class="created">By: <a href="/member/{_member(forum, t, False)}/">member '
            f"{_member(forum, t, False)}</a></div></td></tr></table></div>"
            f'<div class="count">{t * 2}</div>'
            f'<div class="last-post">By: <a href="/member/{_member(forum, t, True)}/">member '
            f"{_member(forum, t, True)}</a></div></div>"
            for t in range(1, TOPICS + 1)
        )
        trail = '<a href="/board/">Board</a> »'
        return self._page(f"Forum {name}", trail, f'<div class="topics">{rows}</div>')

    def _topic(self, forum: int, topic: int) -> web.Response:
        name = FORUMS[forum]
        trail = f'<a href="/board/">Board</a> » <a href="/forum/{name}/">{name}</a> »'
        member = _member(forum, topic, False)
        post = (
            f'<div class="post"><p>Upload {topic} of {name}</p>'
            f'<a href="/member/{member}/">member {member}</a></div>'
        )
        return self._page(f"{name} {topic}", trail, post)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = [p for p in request.path.split("/") if p]
        if not parts:
            return self._page("Home", "", '<p><a href="/board/">The board</a></p>')
        if parts == ["board"]:
            return self._board()
        if parts[0] == "forum" and len(parts) >= 2 and parts[1] in FORUMS:
            forum = FORUMS.index(parts[1])
            if len(parts) == 2:
                return self._forum(forum)
            if len(parts) == 4 and parts[2] == "topic" and parts[3].isdigit():
                topic = int(parts[3])
                if 1 <= topic <= TOPICS:
                    return self._topic(forum, topic)
        if parts[0] == "member" and len(parts) == 2 and parts[1].isdigit():
            return self._page(
                f"Member {parts[1]}", '<a href="/board/">Board</a> »', "<p>Joined.</p>"
            )
        if parts == ["help"]:
            return self._page("Help", "", "<p>Be kind.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        topics = tuple(
            canonical_url(f"{base_url}/forum/{name}/topic/{t}/")
            for name in FORUMS
            for t in range(1, TOPICS + 1)
        )
        forums = tuple(canonical_url(f"{base_url}/forum/{name}/") for name in FORUMS)
        board = canonical_url(f"{base_url}/board/")
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"topic": topics},
            target_type="topic",
            seed_entity=topics[0],
            seed_path=(board, forums[0], topics[0]),
            index_levels=((board,), forums),
        )


async def test_the_members_beside_a_forums_topics_are_no_page_above_it() -> None:
    truth, result, downloaded = await serve_and_discover(_BoardSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert not [u for u in downloaded if "/member/" in u], downloaded
    assert len(downloaded) <= math.ceil(1.5 * truth.lower_bound_downloads), downloaded
