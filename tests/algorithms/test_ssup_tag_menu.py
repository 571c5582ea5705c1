"""SSUP against the lab's truth on a repository browser whose every page carries the full list
of the repository's tags in a header menu: a tag's page is listed among pages like it by that
menu only, and the repository's page, which the breadcrumb names above every tag's page, is
its index page. A tag's page is also reached without its ``?path=`` (its history), which shows
the same words."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

TAGS = 60


def _tag(n: int) -> str:
    return f"1.{n // 10}.{n % 10}"


class _RepositorySite(Site):
    """`/` lists the repositories; `/repo/` is the repository's page; `/repo/tag/<v>?path=` a
    tag's tree and history, `/repo/tag/<v>` its history alone. Every page of the repository
    carries a header with the site's title, a breadcrumb (``repo / <v>``) and a menu listing
    every tag's page."""

    id = "repository"
    kind = "entity-tree"

    def _page(self, title: str, crumbs: str, body: str) -> web.Response:
        tags = "".join(
            f'<li><a href="/repo/tag/{_tag(n)}?path=">{_tag(n)}</a></li>' for n in range(TAGS)
        )
        header = (
            f'<header><a href="/">Repositories</a><span class="crumbs">{crumbs}</span>'
            f'<div class="selector"><span>{title}</span><ul class="tags">{tags}</ul></div>'
            "</header>"
        )
        html = f"<html><head><title>{title}</title></head><body>{header}{body}</body></html>"
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _history(tag: str) -> str:
        commits = "".join(
            f'<li><a href="/repo/log/{tag}/{i}">Release {tag}, part {i}</a></li>' for i in range(3)
        )
        return f"<div class='history'><h2>Tree and history</h2><ul>{commits}</ul></div>"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            html = '<html><body><ul><li><a href="/repo/">repo</a></li></ul></body></html>'
            return web.Response(text=html, content_type="text/html")
        if path == "/repo/":
            return self._page("repo", '<a href="/repo/">repo</a>', "<p>The repository.</p>")
        tag = path.removeprefix("/repo/tag/")
        if tag != path and tag in {_tag(n) for n in range(TAGS)}:
            crumbs = f'<a href="/repo/">repo</a> / <a href="/repo/tree/{tag}/">{tag}</a>'
            history = f'<p><a href="/repo/tag/{tag}">history</a></p>' + self._history(tag)
            if "path" not in request.query:
                return self._page(tag, crumbs, self._history(tag) + "<p>history</p>")
            tree = f'<ul class="tree"><li><a href="/repo/tree/{tag}/src">tree</a></li></ul>'
            return self._page(tag, crumbs, tree + history)
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        tags = tuple(f"{base_url}/repo/tag/{_tag(n)}?path=" for n in range(TAGS))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"tag": tags},
            target_type="tag",
            seed_entity=tags[-1],
            seed_path=(f"{base_url}/repo/", tags[-1]),
            index_levels=((f"{base_url}/repo/",),),
        )


async def test_a_menu_listing_the_seed_among_pages_like_it_is_read_at_its_url_ancestor() -> None:
    truth, result, downloaded = await serve_and_discover(_RepositorySite())
    assert result.complete, result.reason
    # The tags' menu is the level, its index page the repository's page the breadcrumb names
    # above the seed: the tags' pages are not probed one by one as candidates.
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.index_pages == ((f"{truth.base_url}/repo/",),)
    assert len(downloaded) <= truth.lower_bound_downloads + 6, downloaded
