"""How far SSUP's full probe goes (`climb.Climb._ranked`'s fallback) on a handbook whose contents
list the seed among the pages of other folders (no confirmed index page: the list is mostly of
other URL templates) and whose every page carries a menu of ten pages about the site, none
linking to the seed: once five pages in a row leave the contents the best candidate, the rest
of the menu is not probed."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.fullprobe import FULL_PROBE_HELD
from siteseer.lab import Site, SiteTruth, set_scores

DOCS = (
    "/usage/config.html",
    "/usage/start.html",
    "/usage/themes.html",
    "/guide/intro.html",
    "/api/events.html",
    "/ext/autodoc.html",
    "/faq/general.html",
)
MENU = tuple(
    f"/{name}.html"
    for name in ("about", "news", "team", "contact", "legal", "blog", "jobs", "press", "history")
)


def _html(title: str, body: str) -> web.Response:
    menu = "".join(f'<li><a href="{u}">{u[1:-5]}</a></li>' for u in MENU)
    html = (
        f'<html><head><title>{title}</title></head><body><div class="menu"><ul>{menu}</ul>'
        f'</div><div class="body">{body}</div></body></html>'
    )
    return web.Response(text=html, content_type="text/html")


class _Handbook(Site):
    """The contents /index.html list every document; a document links the contents; every
    page carries the menu."""

    id = "handbook-menu"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            items = "".join(f'<li><a href="{u}">{u}</a></li>' for u in DOCS)
            return _html("Handbook", f'<h1>Handbook</h1><div class="toc"><ul>{items}</ul></div>')
        if path in DOCS:
            return _html(path, f'<p><a href="/index.html">Contents</a></p><h1>{path}</h1>')
        if path in MENU:
            return _html(path, f"<h1>{path}</h1><p>About the handbook.</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + DOCS[0]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": tuple(base_url + u for u in DOCS)},
            target_type="document",
            seed_entity=seed,
            seed_path=(base_url + "/index.html", seed),
            index_levels=((base_url + "/index.html",),),
        )


async def test_the_full_probe_stops_once_its_best_candidate_holds() -> None:
    truth, result, downloaded = await serve_and_discover(_Handbook(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path
    menu = [u for u in downloaded if u.removeprefix(truth.base_url) in MENU]
    assert len(menu) == FULL_PROBE_HELD, downloaded  # all nine without the rule
