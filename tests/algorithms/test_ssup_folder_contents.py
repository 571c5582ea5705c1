"""SSUP's climb on a documentation set whose pages are all files of one folder, each one plain
text with links in one block (a help file's ``<pre>``): the folder's ``/index.html`` lists every
page in that block, and each page links to it and to the pages it cites in its own. The two link
to each other through one path and share the ``.html`` term, as a page and its pager do, yet
the folder's page is no pagination peer of the seed (`verdicts.pagination_peer`): it is the
seed's index page, found with one download beside the seed's, not after the seed's neighbours
and the site root."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

FILES = tuple(
    f"{name}.html"
    for name in (
        "intro", "motion", "editing", "pattern", "options", "syntax", "windows", "tabpage",
        "tagsrch", "quickfix", "undo", "various",
    )
)  # fmt: skip


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _HelpFiles(Site):
    """`/index.html` (and `/`) lists every file in one ``<pre>``; each file's ``<pre>`` links
    to the contents and to three other files it cites."""

    id = "help-files"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.removeprefix("/")
        if name in ("", "index.html"):
            rows = "\n".join(f'|<a href="/{f}">{f}</a>| help' for f in FILES)
            return _html("Contents", f"<pre>Help files\n{rows}</pre>")
        if name not in FILES:
            return web.Response(status=404)
        n = FILES.index(name)
        cited = " ".join(f'<a href="/{FILES[(n + k) % len(FILES)]}">{k}</a>' for k in (1, 4, 7))
        text = f'<a href="/index.html">Contents</a>\n{name}: about it, see {cited}.'
        return _html(name, f"<pre>{text}</pre>")

    def truth(self, base_url: str) -> SiteTruth:
        files = tuple(f"{base_url}/{f}" for f in FILES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"file": files},
            target_type="file",
            seed_entity=files[3],
            seed_path=(f"{base_url}/index.html", files[3]),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_the_folder_page_listing_the_seed_in_its_own_block_is_its_index_page() -> None:
    truth, result, downloaded = await serve_and_discover(_HelpFiles())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path
    peers = [t for t in result.trace if t.decision == "prune" and "pagination peer" in t.note]
    assert not [t for t in peers if t.subject.endswith("/index.html")], result.trace
    pages = [u.removeprefix(truth.base_url) for u in downloaded]
    assert pages == ["/pattern.html", "/index.html"], pages
