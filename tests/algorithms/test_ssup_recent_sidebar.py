"""SSUP on a blog whose every page carries a sidebar of the recent posts, the month archives,
the tags and the authors in one list (one link DOM path), where the list of every post is the
blog's page ``/blog/``, paged ``?page=N`` by a pager that spells its first page out
(``?page=1``), and the home page ``/`` shows the site's menu alone (Home, Blog): the sidebar
is a sample of the posts, not their level."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.verdicts import value_page
from siteseer.algorithms.ssup.yields import Families
from siteseer.lab import Site, SiteTruth, set_scores
from siteseer.render import Link, Snapshot

POSTS = 37  # post k (1 = oldest) tagged TAGS[k % 3], in month 1 + k // 4
TAGS = ("unstable", "experimental", "stable")
PAGE = 5  # posts to a page of the blog's list
RECENT = 5  # posts in the sidebar


def _post(k: int) -> str:
    return f"/blog/upload-{TAGS[k % 3]}-{k}/"


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _SidebarBlog(Site):
    """`POSTS` posts at /blog/<slug>/; /blog/ lists them newest first, `PAGE` a page, paged
    ?page=N (pages 1 … last linked from every page, the first as ?page=1, the current one too); a tag's page and a
    month's archive list theirs; every blog page carries the sidebar."""

    id = "sidebar-blog"
    kind = "entity-tree"

    @staticmethod
    def _menu(here: str) -> str:
        items = "".join(
            f'<li id="m{n}" class="{"item active" if href == here else "item"}">'
            f'<a href="{href}">{name}</a></li>'
            for n, (name, href) in enumerate((("Home", "/"), ("Blog", "/blog/")))
        )
        return f'<div class="nav"><ul class="menu">{items}</ul></div>'

    @staticmethod
    def _sidebar() -> str:
        recent = range(POSTS, POSTS - RECENT, -1)
        months = sorted({1 + k // 4 for k in range(1, POSTS + 1)}, reverse=True)
        lists = [
            [(_post(k), f"upload {k}") for k in recent],
            [(f"/blog/archive/{m}/", f"month {m}") for m in months],
            [(f"/blog/tag/{t}/", t) for t in TAGS],
        ]
        uls = "".join(
            '<ul class="list">'
            + "".join(f'<li><a href="{u}">{t}</a></li>' for u, t in items)
            + "</ul>"
            for items in lists
        )
        return f'<div class="side"><div class="panel">{uls}</div></div>'

    @staticmethod
    def _entries(numbers: list[int]) -> str:
        return "".join(
            f'<h2><a href="{_post(k)}">upload {k}</a></h2>'
            f'<div class="meta"><ul class="tags"><li><a href="/blog/tag/{TAGS[k % 3]}/">'
            f"{TAGS[k % 3]}</a></li></ul></div>"
            for k in numbers
        )

    def _page(self, title: str, here: str, main: str) -> web.Response:
        body = self._menu(here) + f'<div class="main">{main}</div>' + self._sidebar()
        return _html(title, body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        newest = list(range(POSTS, 0, -1))
        if path == "/":
            return _html("Home", self._menu("/") + "<p>Welcome.</p>")
        if path == "/blog/":
            last = -(-POSTS // PAGE)
            page = int(request.query.get("page", "1"))
            if not 1 <= page <= last:
                return web.Response(status=404)
            shown = newest[(page - 1) * PAGE : page * PAGE]
            pager = "".join(f'<li><a href="?page={n}">{n}</a></li>' for n in range(1, last + 1))
            main = self._entries(shown) + f'<ul class="pager">{pager}</ul>'
            return self._page("Blog", "/blog/", main)
        if path.startswith("/blog/tag/") and path[10:].rstrip("/") in TAGS:
            tag = path[10:].rstrip("/")
            shown = [k for k in newest if TAGS[k % 3] == tag]
            return self._page(tag, "/blog/", self._entries(shown))
        if path.startswith("/blog/archive/"):
            month = path[14:].rstrip("/")
            shown = [k for k in newest if str(1 + k // 4) == month]
            if not shown:
                return web.Response(status=404)
            return self._page(f"month {month}", "/blog/", self._entries(shown))
        for k in newest:
            if path == _post(k):
                tag = TAGS[k % 3]
                crumbs = '<ul class="crumbs"><li><a href="/blog/">Blog</a></li></ul>'
                main = (
                    f'{crumbs}<h1>upload {k}</h1><ul class="tags"><li><a href="/blog/tag/{tag}/">'
                    f"{tag}</a></li></ul><p>The upload {k}.</p>"
                )
                if k > 1:
                    main += f'<ul class="pager"><li><a href="{_post(k - 1)}">older</a></li></ul>'
                return self._page(f"upload {k}", "/blog/", main)
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        last = -(-POSTS // PAGE)
        pages = [f"{base_url}/blog/", *(f"{base_url}/blog/?page={n}" for n in range(2, last + 1))]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"post": tuple(f"{base_url}{_post(k)}" for k in range(POSTS, 0, -1))},
            target_type="post",
            seed_entity=f"{base_url}{_post(POSTS - 2)}",
            index_levels=(tuple(pages),),
        )


async def test_the_list_beside_a_sidebar_of_recent_posts_is_the_level() -> None:
    # The sidebar every post carries lists the seed among the recent posts, the months and the
    # tags (one link DOM path): the blog's page lists it in a list of its own beside that
    # sidebar and is judged by it; its pager's ?page=1 is the page itself, no view of it; the
    # home page's menu of Home and Blog groups nothing like the blog's page.
    truth, result, downloaded = await serve_and_discover(_SidebarBlog())
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0, scores
    assert result.sample_path[0] == truth.index_levels[0][0]
    # the climb (the seed, its neighbours, the blog's page, the home page, a tag's page) and
    # the blog's 8 pages, its ?page=1 again
    assert len(downloaded) <= len(truth.index_levels[0]) + 8, downloaded


def _link(url: str, text: str, path: str) -> Link:
    return Link(url, text, path, path, path)


def test_a_value_stands_beside_each_entry_not_in_the_menus() -> None:
    # The blog's page links to itself from its header menu, a breadcrumb and its footer, once
    # each, with the text a post links to it with: no value its entries share.
    entry = "html/body/div/h2/a"
    posts = [f"http://h/blog/p{k}/" for k in range(5)]
    menus = ("html/body/header/ul/li/a", "html/body/ul/li/a", "html/body/footer/a")
    page = Snapshot(
        url="http://h/blog/",
        final_url="http://h/blog/",
        status=200,
        html="",
        links=(
            *(_link("http://h/blog/", "Blog", m) for m in menus),
            *(_link(p, p, entry) for p in posts),
        ),
    )
    seed = Snapshot(
        url=posts[0],
        final_url=posts[0],
        status=200,
        html="",
        links=tuple(_link("http://h/blog/", "Blog", m) for m in menus),
    )
    assert not value_page(page, seed, entry, "tags")


def test_only_a_pagers_first_page_is_the_level_page_again() -> None:
    # ?page=1 on /blog/ is the list's first page spelled out; a date drill-down's first year
    # (?date__year=2012, its texts numbers too) shows the same first rows but is a view.
    pager, years = Families(), Families()
    for n in range(1, 6):
        pager.add("http://h/blog/", f"http://h/blog/?page={n}", str(n), 5, "http://h/blog/", True)
        years.add(
            "http://h/day/",
            f"http://h/day/?year={2011 + n}",
            str(2011 + n),
            50,
            "http://h/day/",
            True,
        )
    (paged,) = pager.families.values()
    (dated,) = years.families.values()
    assert paged.first_page("http://h/blog/?page=1")
    assert not paged.first_page("http://h/blog/?page=2")
    assert not dated.first_page("http://h/day/?year=2012")
