"""SSUP's climb stops at a confirmed index page whose redirect lands at an ancestor of the seed.

A tracker's issue links its list through a tab, ``/projects?jump=issues``, that redirects to
``/issues``, and links the pages of its author and its version, each listing a few issues: the
list confirmed, its URL (where it landed) reads as an ancestor of ``/issues/7`` and the other
candidates are settled without a download, as they are when the link names the list itself."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

ISSUES = 30


def _html(body: str) -> web.Response:
    return web.Response(
        text=f"<html><head><title>tracker</title></head><body>"
        '<ul id="menu"><li><a href="/">Home</a></li><li><a href="/help">Help</a></li></ul>'
        f"{body}</body></html>",
        content_type="text/html",
    )


def _table(numbers: range) -> str:
    rows = "".join(f'<tr><td><a href="/issues/{k}">issue {k}</a></td></tr>' for k in numbers)
    return f'<table class="list">{rows}</table>'


class _Tracker(Site):
    kind = "entity-tree"
    id = "tracker-tab"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/projects" and request.query.get("jump") == "issues":
            raise web.HTTPFound("/issues")
        if path == "/issues":
            return _html(_table(range(1, ISSUES + 1)))
        if path == "/users/1":
            return _html(_table(range(1, ISSUES + 1, 3)))
        if path == "/versions/1":
            return _html(_table(range(1, ISSUES + 1, 2)))
        if path in ("/", "/help"):
            return _html("<p>welcome</p>")
        for k in range(1, ISSUES + 1):
            if path == f"/issues/{k}":
                return _html(
                    '<p class="crumbs"><a href="/projects?jump=issues">Issues</a></p>'
                    f"<h1>issue {k}</h1>"
                    '<dl><dt>Author</dt><dd><a href="/users/1">ann</a></dd>'
                    '<dt>Version</dt><dd><a href="/versions/1">1.0</a></dd></dl>'
                )
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/issues/7"
        index = f"{base_url}/issues"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"issue": tuple(f"{base_url}/issues/{k}" for k in range(1, ISSUES + 1))},
            target_type="issue",
            seed_entity=seed,
            seed_path=(index, seed),
            index_levels=((index,),),
        )


async def test_a_tab_redirecting_to_the_list_settles_the_other_candidates() -> None:
    truth, result, downloaded = await serve_and_discover(_Tracker())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert result.index_pages[-1] == (truth.index_levels[0][0],), result.index_pages
    # The author's and the version's pages list a few issues each: settled by the list the
    # tab landed at, not downloaded (the first of them was, before).
    assert not [u for u in downloaded if u.endswith(("/users/1", "/versions/1"))], downloaded
