"""Where `explore` starts when the home page lists the sample's kind: a reference whose home page
lists every page, each page linking its previous and next ones, stays at the home page without
loading the guides it links beside its list (the sample's page links no page the home page does
not list, but for its own members); a blog whose front page shows only its newest posts, an older post linking one it
does not show, loads them and finds the page listing every post (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.lab import Site, SiteTruth, set_scores

GUIDES = [f"/guide-{n}.html" for n in range(1, 6)]  # linked beside the home page's list


class _Pages(Site):
    """`count` pages (``/p/<n>.html``), each linking its previous and next page; the home page
    lists the newest `front` of them and links the guides and ``/every.html``, which lists
    them all."""

    id = "closed-list"
    kind = "entity-tree"
    count = 30
    front = 30
    members = 0  # pages of each page's own members (``/p/<n>.m<k>.html``) it links

    def _page(self, n: int) -> str:
        return f"/p/{n}.html"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        pages = [self._page(n) for n in range(1, self.count + 1)]
        links = "".join(f'<a href="{g}">{g}</a> ' for g in GUIDES)
        menu = f'<nav>{links}<a href="/every.html">Every page</a></nav>'
        if path in ("/", "/every.html"):
            shown = pages[: self.front] if path == "/" else pages
            items = "".join(f'<li><a href="{p}">Page {p[3:-5]}</a></li>' for p in shown)
            main = f'<h1>{path}</h1><ul class="pages">{items}</ul>'
        elif path in pages:
            n = pages.index(path)
            near = [pages[i] for i in (n - 1, n + 1) if 0 <= i < len(pages)]
            pager = "".join(f'<a href="{p}">Page {p[3:-5]}</a> ' for p in near)
            own = [f"{path[:-5]}.m{k}.html" for k in range(1, self.members + 1)]
            listed = "".join(f'<li><a href="{m}">Member {m[3:-5]}</a></li>' for m in own)
            main = (
                f'<h1>{path}</h1><ul class="members">{listed}</ul><div class="pager">{pager}</div>'
            )
        elif path.rsplit(".m", 1)[0] + ".html" in pages:
            main = f"<h1>{path}</h1><p>A member.</p>"
        elif path in GUIDES:
            main = f"<h1>{path}</h1><p>A guide.</p>"
        else:
            return web.Response(status=404)
        body = f"{menu}<main>{main}</main>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + self._page(n) for n in range(1, self.count + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=urls[self.front - 1 if self.front < self.count else 4],
        )


class _Members(_Pages):
    id = "closed-members"
    members = 6


class _Blog(_Pages):
    id = "front-page"
    front = 12


async def _entry(site: _Pages) -> tuple[str, str, int, bool, float]:
    truth, entry, result = await serve_and_explore_from_entry(site)
    assert entry.complete and result.complete, result.reason
    closed = any(t.decision == "start-closed" for t in entry.trace)
    recall = set_scores(result.entities, truth.target_entities).recall
    return truth.base_url, entry.url, entry.cost.downloads, closed, recall


async def test_a_home_page_listing_every_page_the_sample_links_is_the_list() -> None:
    base, url, downloads, closed, recall = await _entry(_Pages())
    assert url == base + "/" and closed
    assert downloads == 2  # the home page and the sample's: no guide, no archive
    assert recall == 1.0


async def test_the_members_a_samples_page_links_are_no_pages_beside_the_list() -> None:
    # the sample's page links its own members (``/p/5.m1.html``: a class's methods), pages the
    # home page does not list, shaped alike: none of them is a page the list misses
    base, url, downloads, closed, recall = await _entry(_Members())
    assert url == base + "/" and closed
    assert downloads == 2
    assert recall == 1.0


async def test_a_front_page_of_the_newest_posts_gives_way_to_the_page_listing_every_post() -> None:
    base, url, downloads, closed, recall = await _entry(_Blog())
    assert url == base + "/every.html" and not closed
    assert downloads == 2 + len(GUIDES) + 1
    assert recall == 1.0
