"""SSUP on a blog as WordPress and Jekyll build one: posts at ``/<yyyy>/<mm>/<dd>/<slug>/``,
the home page linked from every page by the site's title only, a sidebar every page carries
(the recent posts and the month archives in one list), a category's page listing all its
posts on one page, and an author's archive paged ``/author/ann/page/<n>/``.

With `home_list`, the home page lists every post, newest first, ten a page, paged
``/page2/`` … by an "Older posts" link (the site's main list), and a post names its category;
without, the home page is a welcome page, a post names its author too, and the author's
archive is the list of every post."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.features.urlshape import continues
from siteseer.lab import Site, SiteTruth, set_scores

POSTS = 64  # post k (1 = oldest) of category CATEGORIES[k % 4], all by one author
CATEGORIES = ("dpkg", "glibc", "tzdata", "apt")
PAGE = 10  # posts to a page of the home list and of the author's archive
RECENT = 5  # posts in the sidebar


def _date(k: int) -> tuple[int, int, int]:
    return 2015 + k // 8, 1 + (k * 5) % 12, 1 + (k * 7) % 28


def _post(k: int) -> str:
    year, month, day = _date(k)
    return f"/{year}/{month:02d}/{day:02d}/upload-{CATEGORIES[k % 4]}-{k}/"


def _home_page(n: int) -> str:
    return "/" if n == 1 else f"/page{n}/"


def _author_page(n: int) -> str:
    return "/author/ann/" if n == 1 else f"/author/ann/page/{n}/"


class _Blog(Site):
    """`POSTS` posts; see the module docstring."""

    kind = "entity-tree"

    def __init__(self, *, home_list: bool) -> None:
        self.home_list = home_list
        self.id = "blog-home" if home_list else "blog-author"

    @staticmethod
    def _html(title: str, main: str) -> web.Response:
        newest = list(range(POSTS, 0, -1))
        months = sorted({_date(k)[:2] for k in newest}, reverse=True)
        side = "".join(f'<li><a href="{_post(k)}">upload {k}</a></li>' for k in newest[:RECENT])
        side += "".join(f'<li><a href="/{y}/{m:02d}/">{y}-{m:02d}</a></li>' for y, m in months)
        html = (
            f'<html lang="en"><head><title>{title}</title></head><body class="blog">'
            '<header id="masthead"><p class="site-title"><a href="/">Uploads</a></p></header>'
            f'<main id="main">{main}</main>'
            f'<aside class="widget-area"><section class="widget"><ul>{side}</ul></section>'
            "</aside></body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _entries(numbers: list[int]) -> str:
        return "".join(
            f'<article class="post"><header class="entry-header"><h2 class="entry-title">'
            f'<a href="{_post(k)}">upload {k}</a></h2></header>'
            f"<p>The upload of {CATEGORIES[k % 4]}, number {k}.</p></article>"
            for k in numbers
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        newest = list(range(POSTS, 0, -1))
        last = -(-POSTS // PAGE)
        for name, page_url, listed in (
            ("Uploads", _home_page, self.home_list),
            ("Ann", _author_page, True),
        ):
            pages = {page_url(n): n for n in range(1, last + 1)} if listed else {}
            if path in pages:
                n = pages[path]
                pager = ""
                if n > 1:
                    pager += f'<a class="prev" href="{page_url(n - 1)}">Newer posts</a> '
                if n < last:
                    pager += f'<a class="next" href="{page_url(n + 1)}">Older posts</a>'
                shown = newest[(n - 1) * PAGE : n * PAGE]
                return self._html(name, f'{self._entries(shown)}<nav class="pager">{pager}</nav>')
        if path == "/":
            return self._html("Uploads", "<p>Welcome to the uploads' blog.</p>")
        for c in CATEGORIES:
            if path == f"/category/{c}/":
                return self._html(c, self._entries([k for k in newest if CATEGORIES[k % 4] == c]))
        for k in newest:
            if path == _post(k):
                c = CATEGORIES[k % 4]
                near = "".join(
                    f'<a class="{cls}" href="{_post(m)}">upload {m}</a> '
                    for cls, m in (("prev", k - 1), ("next", k + 1))
                    if 1 <= m <= POSTS
                )
                # The author is named where the home page lists nothing (WordPress's
                # single-author blog); a Jekyll post names its category alone.
                author = "" if self.home_list else 'By <a href="/author/ann/">Ann</a> '
                body = (
                    f'<article class="post"><h1 class="entry-title">upload {k}</h1>'
                    f'<footer class="entry-footer">{author}in '
                    f'<a href="/category/{c}/">{c}</a></footer></article>'
                    f'<nav class="post-navigation">{near}</nav>'
                )
                return self._html(f"upload {k}", body)
        for y, m in {_date(k)[:2] for k in newest}:
            if path == f"/{y}/{m:02d}/":
                return self._html(
                    f"{y}-{m:02d}", self._entries([k for k in newest if _date(k)[:2] == (y, m)])
                )
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        page_url = _home_page if self.home_list else _author_page
        pages = tuple(base_url + page_url(n) for n in range(1, -(-POSTS // PAGE) + 1))
        seed = base_url + _post(POSTS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"post": tuple(base_url + _post(k) for k in range(POSTS, 0, -1))},
            target_type="post",
            seed_entity=seed,
            seed_path=(pages[0], seed),
            index_levels=(pages,),
        )


def test_a_page_named_by_a_word_and_its_number_continues_a_list() -> None:
    h = "http://h"
    assert continues(f"{h}/", f"{h}/page2/")
    assert continues(f"{h}/blog/", f"{h}/blog/p-3/")
    assert not continues(f"{h}/", f"{h}/page1/")  # the first page has no number
    assert not continues(f"{h}/", f"{h}/about/")
    assert not continues(f"{h}/", f"{h}/page2/more/")


async def test_the_home_pages_list_is_the_index_page_though_only_its_title_links_it() -> None:
    # The seed links the home page from the site's title and its sidebar only (site
    # navigation), and its category's page lists more posts on one page than the home page's
    # first: the climb had kept the category.
    truth, result, downloaded = await serve_and_discover(_Blog(home_list=True))
    assert result.sample_path == truth.seed_path, result.trace
    kept = next(e for e in result.trace if e.step == "top-index" and e.decision == "keep")
    assert "/main" in kept.note and "/aside" not in kept.note  # the posts, not the sidebar
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert set(result.index_pages[0]) == set(truth.index_levels[0])
    # The home list's pages, the seed and the candidates linked from its content (its month,
    # its category, the previous post); the date-named posts are kept by their URL template,
    # without a download each.
    assert len(downloaded) <= truth.lower_bound_downloads + 3, downloaded


async def test_an_archive_is_paged_to_its_end_though_its_pages_are_shaped_as_posts() -> None:
    # /author/ann/page/2/ has as many path segments as /2022/05/14/upload-7/, whose template
    # varies every segment: the archive's pager had been read as entries of the list, and the
    # level was its first page (F1 0.27).
    truth, result, downloaded = await serve_and_discover(_Blog(home_list=False))
    assert result.sample_path == truth.seed_path, result.trace
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert set(result.index_pages[0]) == set(truth.index_levels[0])
    assert len(downloaded) <= truth.lower_bound_downloads + 4, downloaded
