"""SSUP on a blog whose climb stops at a top entry of the site navigation (algorithms/ssup/hubs.py),
against the truth of a small site built as a Sphinx blog (ABlog) writes one: every page carries
the menu Blog, Tags, Categories, Archive; `/blog.html` lists every post, each under a heading of
its own (no list or table); a post links its tags' and its category's pages and its neighbours.
The climb stands at a hub already: the menu's other entries are not probed as wider lists."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

POSTS = 30
TAGS = ("stable", "unstable", "security")
CATEGORIES = ("libs", "tools")
MENU = (("Blog", "/blog.html"), ("Tags", "/tag.html"), ("Categories", "/category.html"))


def _post(k: int) -> str:
    return f"/posts/upload-{k}.html"


def _html(title: str, body: str) -> web.Response:
    menu = "".join(f'<li><a href="{u}">{t}</a></li>' for t, u in (*MENU, ("Archive", "/a.html")))
    html = (
        f"<html><head><title>{title}</title></head><body>"
        f'<div class="navbar"><a class="brand" href="/index.html">Uploads</a>'
        f'<ul class="nav">{menu}</ul></div><div class="body">{body}</div></body></html>'
    )
    return web.Response(text=html, content_type="text/html")


def _sections(numbers: list[int]) -> str:
    return "".join(
        f'<div class="section"><h2><a href="{_post(k)}">upload {k}</a></h2>'
        f"<p>The upload number {k}.</p></div>"
        for k in numbers
    )


class _AblogSite(Site):
    kind = "entity-tree"
    id = "ablog-hub"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path, newest = request.path, list(range(POSTS, 0, -1))
        if path == "/blog.html":
            return _html("Blog", _sections(newest))
        if path in ("/a.html", "/tag.html", "/category.html"):
            names = {"/a.html": ("2024",), "/tag.html": TAGS, "/category.html": CATEGORIES}[path]
            base = {"/a.html": "/a/", "/tag.html": "/tag/", "/category.html": "/category/"}[path]
            return _html(path, "".join(f'<p><a href="{base}{n}.html">{n}</a></p>' for n in names))
        for tag in TAGS:
            if path == f"/tag/{tag}.html":
                return _html(tag, _sections([k for k in newest if TAGS[k % 3] == tag]))
        for c in CATEGORIES:
            if path == f"/category/{c}.html":
                return _html(c, _sections([k for k in newest if CATEGORIES[k % 2] == c]))
        if path in ("/index.html", "/a/2024.html"):
            return _html("Uploads", "<p>Welcome.</p>")
        for k in newest:
            if path == _post(k):
                near = "".join(
                    f'<a class="{c}" href="{_post(m)}">upload {m}</a> '
                    for c, m in (("prev", k - 1), ("next", k + 1))
                    if 1 <= m <= POSTS
                )
                about = (
                    f'<p>Tags: <a href="/tag/{TAGS[k % 3]}.html">{TAGS[k % 3]}</a> '
                    f'Category: <a href="/category/{CATEGORIES[k % 2]}.html">'
                    f"{CATEGORIES[k % 2]}</a></p>"
                )
                body = f"<h1>upload {k}</h1><p>Text {k}.</p>{about}<p>{near}</p>"
                return _html(f"upload {k}", body)
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        posts = tuple(f"{base_url}{_post(k)}" for k in range(1, POSTS + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"post": posts},
            target_type="post",
            seed_entity=posts[len(posts) // 2],
            seed_path=(f"{base_url}/blog.html", posts[len(posts) // 2]),
            index_levels=((f"{base_url}/blog.html",),),
        )


async def test_a_climb_stopped_at_a_top_entry_of_the_menu_tries_no_other_hub() -> None:
    truth, result, downloaded = await serve_and_discover(_AblogSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert result.index_pages[0] == (f"{truth.base_url}/blog.html",)
    hubs = [f"{truth.base_url}{u}" for _, u in MENU[1:]]
    assert not set(hubs) & set(downloaded), downloaded
