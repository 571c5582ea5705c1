"""SSUP against the lab's truth on a bookmark manager: the site root lists the bookmarks, 10 a
page over 3 pages, each item holding its own page's link beside the bookmarked site's (another
host, in the same kind of cell) and its tags' links (``/add-tag/<tag>``, redirecting to the
root filtered by the tag, a page of a value its entries share). Half of the root's list is
another site's links: they are no pages of the level, and the root is confirmed at once; the
tags' pages, the first two probed found pages of a value, leave their family's others out."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

BOOKMARKS = 26
PER_PAGE = 10
TAGS = ("admin", "devel", "net", "text", "web", "shell", "mail")


def _tags(n: int) -> tuple[str, ...]:
    return tuple(TAGS[(n + k) % len(TAGS)] for k in range(5))


class _BookmarkSite(Site):
    """`/` (and `/?page=N`) lists the bookmarks, `/?tag=<t>` those of a tag, `/add-tag/<t>`
    redirects there, `/b/<n>` is a bookmark's page; every page has the same menu."""

    id = "bookmarks"
    kind = "entity-tree"

    def __init__(self, *, arrows: bool = False) -> None:
        super().__init__()
        self.arrows = arrows  # the pager an arrow icon to the next page alone, no number

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        menu = (
            '<nav><a href="/">Bookmarks</a><a href="/cloud">Tags</a><a href="/daily">Daily</a>'
            '<a href="/login">Login</a></nav>'
        )
        html = f"<html><head><title>{title}</title></head><body>{menu}<main>{body}</main></body></html>"
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _item(n: int) -> str:
        tags = "".join(f'<span class="tag"><a href="/add-tag/{t}">{t}</a></span>' for t in _tags(n))
        return (
            f'<div class="item"><div class="info"><div class="tags">{tags}</div>'
            f'<div class="date"><a href="/b/{n}">permalink</a></div>'
            f'<div class="url"><a href="https://project{n}.example.org/">project {n}</a></div>'
            "</div></div>"
        )

    def _list(self, numbers: list[int], page: int, pages: int) -> str:
        items = "".join(self._item(n) for n in numbers)
        pager = "".join(f'<a class="p" href="/?page={p}">{p}</a>' for p in range(1, pages + 1))
        if self.arrows:
            pager = f'<a class="older" href="/?page={page + 1}"><i class="arrow"></i></a>'
            pager = pager if page < pages else ""
        return (
            f"<div class='list'>{items}</div><div class='pager'>{pager if pages > 1 else ''}</div>"
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        every = list(range(BOOKMARKS))
        pages = -(-BOOKMARKS // PER_PAGE)
        if path == "/":
            tag = request.query.get("tag")
            if tag is not None:
                chosen = [n for n in every if tag in _tags(n)]
                return self._page(tag, self._list(chosen[:PER_PAGE], 1, 1))
            page = int(request.query.get("page", "1"))
            chosen = every[(page - 1) * PER_PAGE : page * PER_PAGE]
            return self._page("Bookmarks", self._list(chosen, page, pages))
        if path.startswith("/add-tag/"):
            raise web.HTTPFound(f"/?tag={path.removeprefix('/add-tag/')}")
        if path.startswith("/b/") and path[3:].isdigit() and int(path[3:]) < BOOKMARKS:
            n = int(path[3:])
            return self._page(f"Bookmark {n}", self._item(n) + f"<p>Notes on project {n}.</p>")
        if path in ("/cloud", "/daily", "/login"):
            return self._page(path[1:], "<p>Nothing here.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        bookmarks = tuple(f"{base_url}/b/{n}" for n in range(BOOKMARKS))
        pages = -(-BOOKMARKS // PER_PAGE)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"bookmark": bookmarks},
            target_type="bookmark",
            seed_entity=bookmarks[3],
            seed_path=(f"{base_url}/", bookmarks[3]),
            index_levels=(
                (f"{base_url}/", *(f"{base_url}/?page={p}" for p in range(2, pages + 1))),
            ),
        )


async def test_a_list_beside_other_sites_links_is_confirmed_and_tag_pages_are_left_out() -> None:
    truth, result, downloaded = await serve_and_discover(_BookmarkSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    # The root is confirmed at once, its external links no pages of its level: the menu's
    # pages are not probed, and of the tags' pages two only (each a redirect: 2 downloads).
    assert not any(u.endswith(("/cloud", "/daily", "/login")) for u in downloaded), downloaded
    assert sum("/add-tag/" in u for u in downloaded) <= 2, downloaded
    assert len(downloaded) <= truth.lower_bound_downloads + 4, downloaded


async def test_a_root_paged_by_an_arrow_alone_is_the_main_list_and_settles_the_rest() -> None:
    # The root's pager is an icon to its next page, no number and no word: the link to its own
    # address with ``page=2`` added is its second page, so the confirmed root is the site's
    # main list (`verdicts.second_page`), and no tag's page is probed.
    truth, result, downloaded = await serve_and_discover(_BookmarkSite(arrows=True))
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert not any("/add-tag/" in u for u in downloaded), downloaded
    assert len(downloaded) <= truth.lower_bound_downloads + 1, downloaded
