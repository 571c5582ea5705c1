"""SSUP on a blog built as static site generators build one: the home page features its newest
post apart from the list of the others (``<aside id="featured">`` above ``<ol>``), the list's
later pages number their entries on (``<ol start="6">``) and are files named after the first
(``/index2.html``), and each category's page features and lists its posts alike."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

POSTS = 23  # post k (1 = oldest) of category CATEGORIES[k % 3]
CATEGORIES = ("dash", "glibc", "tzdata")
PAGE = 5  # posts to a page of the home list (the first: the featured post and 4 more)


def _post(k: int) -> str:
    return f"/posts/2023/{(k - 1) // 4 + 1:02d}/upload-{k}.html"


def _page_url(n: int) -> str:
    return "/" if n == 1 else f"/index{n}.html"


class _FeaturedBlog(Site):
    """`POSTS` posts, the newest first: the home page shows the newest in an aside, then the
    next `PAGE` - 1 in an ordered list; page n (``/index<n>.html``) lists `PAGE` more, its
    ``<ol start>`` numbering them on. Its pager links the first, previous, next and last pages
    only. A category's page (``/category/<c>.html``) features its newest post and lists the
    others; every entry links its category, and every page carries the categories' menu."""

    id = "featured-blog"
    kind = "entity-tree"

    @staticmethod
    def _html(title: str, body: str) -> web.Response:
        menu = "".join(f'<li><a href="/category/{c}.html">{c}</a></li>' for c in CATEGORIES)
        html = (
            f'<html lang="en"><head><title>{title}</title></head><body id="index">'
            f'<header id="banner"><h1><a href="/">Uploads</a></h1><nav><ul>{menu}</ul></nav>'
            f"</header>{body}</body></html>"
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _entry(k: int) -> str:
        c = CATEGORIES[k % 3]
        return (
            f'<article class="hentry"><header><h1><a href="{_post(k)}" rel="bookmark">'
            f'upload {k}</a></h1></header><p>In <a href="/category/{c}.html">{c}</a>.</p>'
            "</article>"
        )

    def _list(self, title: str, numbers: list[int], start: int, pager: str) -> web.Response:
        featured = ""
        if start == 1:
            first, numbers = numbers[0], numbers[1:]
            featured = (
                f'<aside id="featured" class="body"><article><h1 class="entry-title">'
                f'<a href="{_post(first)}">upload {first}</a></h1></article></aside>'
            )
        entries = "".join(f"<li>{self._entry(k)}</li>" for k in numbers)
        number = f' start="{start}"' if start > 1 else ""
        body = (
            f'{featured}<section id="content" class="body">'
            f'<ol id="posts-list" class="hfeed"{number}>{entries}</ol>{pager}</section>'
        )
        return self._html(title, body)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        newest = list(range(POSTS, 0, -1))
        last = -(-POSTS // PAGE)
        pages = {_page_url(n): n for n in range(1, last + 1)}
        if path in pages:
            n = pages[path]
            near = [m for m in (1, n - 1, n + 1, last) if 1 <= m <= last and m != n]
            pager = "".join(
                f'<li><a href="{_page_url(m)}">{m}</a></li>' for m in dict.fromkeys(near)
            )
            shown = newest[(n - 1) * PAGE : n * PAGE]
            return self._list("Uploads", shown, (n - 1) * PAGE + 1, f"<nav><ul>{pager}</ul></nav>")
        for c in CATEGORIES:
            if path == f"/category/{c}.html":
                return self._list(c, [k for k in newest if CATEGORIES[k % 3] == c], 1, "")
        for k in newest:
            if path == _post(k):
                c = CATEGORIES[k % 3]
                body = (
                    f'<section id="content"><article><h1>upload {k}</h1>'
                    f'<p>In <a href="/category/{c}.html">{c}</a>.</p>'
                    f"<p>The upload {k}.</p></article></section>"
                )
                return self._html(f"upload {k}", body)
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(base_url + _page_url(n) for n in range(1, -(-POSTS // PAGE) + 1))
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


async def test_a_post_featured_apart_from_its_list_climbs_to_the_page_listing_it() -> None:
    # The seed, the newest post, sits alone in the home page's aside (and in its category's):
    # W_ci 1 pruned every page listing it, and the run found no index page (0 entities).
    truth, result, _ = await serve_and_discover(_FeaturedBlog(), height=2)
    assert result.sample_path == truth.seed_path, result.trace
    kept = next(e for e in result.trace if e.step == "top-index" and e.decision == "keep")
    assert kept.subject == truth.seed_path[0]
    assert "/aside" not in kept.note and "/ol" in kept.note  # the list, not the aside
    # The category's page (a page of a value its entries share) is no index page of the seed.
    category = f"{truth.base_url}/category/{CATEGORIES[POSTS % 3]}.html"
    noted = [e for e in result.trace if e.step == "top-index" and e.subject == category]
    assert noted and "a page of a value its entries share" in noted[0].note
    # The entries of the home page's first page are found: the seed and the four it lists.
    assert set(truth.target_entities[:PAGE]) <= set(result.entities)


async def test_a_list_paged_to_numbered_files_is_paged_to_its_end() -> None:
    # Its pages are /index2.html … (the home page's name numbered on), sharing no term with /,
    # and list their entries in <ol start="6"> …: without both rules the level was the first
    # page alone (F1 0.36).
    truth, result, downloaded = await serve_and_discover(_FeaturedBlog(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert set(result.index_pages[0]) == set(truth.index_levels[0])
    assert len(downloaded) <= truth.lower_bound_downloads + 3, downloaded
