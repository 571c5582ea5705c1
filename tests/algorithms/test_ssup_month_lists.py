"""SSUP on a blog compiled to files, whose posts ``/<slug>.html`` are listed once each by the
page of their month (``/archive/<year>/<month>/``), and by the page of each of their tags
(``/tags/<tag>/``, linked from the post's text), where one tag is on most posts; every page
carries a sidebar of the months (nested by year) and of the tags, the home page too, which
shows the newest posts alone: the months share the posts out, and are their level."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.fullprobe import lists_kind
from siteseer.lab import Site, SiteTruth, set_scores
from siteseer.render import Link, Snapshot

POSTS = 40  # post k (1 = oldest), four a month (`_month`), tagged by `_tags`
YEARS = (2022, 2023)
NEWEST = 5  # posts on the home page


def _tags(k: int) -> tuple[str, ...]:
    return (f"pkg{k % 4}", "unstable" if k % 9 else "experimental")


def _month(k: int) -> str:
    index = (k - 1) // 4  # four posts a month, ten months over two years
    return f"/archive/{YEARS[index // 6]}/{index % 6 + 1:02d}/"


def _post(k: int) -> str:
    return f"/upload_{k}.html"


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _MonthBlog(Site):
    """`POSTS` posts at /upload_<k>.html, each listed by its month's page and its tags' pages;
    every page carries the sidebar of the months and tags."""

    id = "month-blog"
    kind = "entity-tree"

    @staticmethod
    def _months() -> list[str]:
        return sorted({_month(k) for k in range(1, POSTS + 1)}, reverse=True)

    def _sidebar(self) -> str:
        years = "".join(
            f"<li>{year}<ul>"
            + "".join(
                f'<li><a href="{m}">{m[9:-1]}</a></li>'
                for m in self._months()
                if m.startswith(f"/archive/{year}/")
            )
            + "</ul></li>"
            for year in reversed(YEARS)
        )
        tags = sorted({t for k in range(1, POSTS + 1) for t in _tags(k)})
        items = "".join(f'<li><a href="/tags/{t}/">{t}</a></li>' for t in tags)
        return (
            f'<div id="sidebar"><h2>Archive</h2><ul>{years}</ul><h2>Tags</h2><ul>{items}</ul></div>'
        )

    @staticmethod
    def _entry(k: int, *, own: bool = False) -> str:
        title = f"upload {k}" if own else f'<a href="{_post(k)}">upload {k}</a>'
        tags = ", ".join(f'<a href="/tags/{t}/">{t}</a>' for t in _tags(k))
        return (
            f'<div class="entry"><div class="title">{title}</div>'
            f'<div class="body"><pre>The changes of upload {k}.</pre></div>'
            f'<div class="tags">Tags: {tags}.</div></div>'
        )

    def _page(self, title: str, entries: list[int], *, own: bool = False) -> web.Response:
        main = "".join(self._entry(k, own=own) for k in entries)
        return _html(title, f'<div class="title"><h1>Blog</h1></div>{main}{self._sidebar()}')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        newest = list(range(POSTS, 0, -1))
        if path == "/":
            return self._page("Blog", newest[:NEWEST])
        if path.startswith("/archive/"):
            shown = [k for k in newest if _month(k) == path]
            return self._page(path, shown) if shown else web.Response(status=404)
        if path.startswith("/tags/"):
            shown = [k for k in newest if path[6:].rstrip("/") in _tags(k)]
            return self._page(path, shown) if shown else web.Response(status=404)
        for k in newest:
            if path == _post(k):
                return self._page(f"upload {k}", [k], own=True)
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"post": tuple(f"{base_url}{_post(k)}" for k in range(POSTS, 0, -1))},
            target_type="post",
            # an old post: its month is far down the sidebar, below a tag's page holding it
            seed_entity=f"{base_url}{_post(11)}",
            index_levels=(tuple(f"{base_url}{m}" for m in self._months()),),
        )


async def test_the_months_sharing_the_posts_out_are_their_level() -> None:
    # The seed links in its text to its tags' pages (pages of a value, one of which lists
    # most posts) and, in the sidebar, to every month: the full probe goes on through the
    # months, which list other posts, until the seed's own month; the months' pages are
    # listed by the sidebar every page carries, the home page's too: they are the level.
    truth, result, downloaded = await serve_and_discover(_MonthBlog())
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0, scores
    # the seed's own tags' pages, built as a post is and linked beside its title, pass too
    assert scores.found <= scores.relevant + 2, scores
    assert set(result.index_pages[-1]) >= set(truth.index_levels[0]), result.index_pages
    assert len(downloaded) <= 2 * (len(truth.index_levels[0]) + 8), downloaded


def _page(url: str, links: list[tuple[str, str]]) -> Snapshot:
    return Snapshot(
        url=url,
        final_url=url,
        status=200,
        html="",
        links=tuple(Link(u, u, p, p, p) for u, p in links),
    )


def test_a_list_of_the_seeds_kind_is_one_the_seed_does_not_carry() -> None:
    # A month's page lists posts the seed links to nowhere: a list of its kind without it. A
    # sidebar of the recent posts that the seed carries too is none.
    sp = _page("http://h/upload_11.html", [("http://h/upload_40.html", "div/ul/li/a")])
    month = _page(
        "http://h/archive/2022/06/",
        [("http://h/upload_10.html", "div/a"), ("http://h/upload_12.html", "div/a")],
    )
    recent = _page(
        "http://h/tags/pkg1/",
        [("http://h/upload_40.html", "div/ul/li/a"), ("http://h/upload_11.html", "div/a")],
    )
    assert lists_kind(month, sp)
    assert not lists_kind(recent, sp)
