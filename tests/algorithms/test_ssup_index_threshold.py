"""SSUP's threshold minsim_html at an index level (algorithms/ssup/levels.py), against the truth
of a small module reference: the contents page lists the module's page among guides built like
it, one group, and the module's page lists its classes. No later group is left to judge, so no
page of the group is downloaded to learn minsim_html: the level's pages are loaded by yield, and
the first guide, adding no class, leaves the others unloaded (views of the same entities)."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_CLASSES = [f"class{n}" for n in range(6)]
_GUIDES = [f"guide-{name}" for name in ("setup", "usage", "tuning", "porting")]


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _ModuleSite(Site):
    """`/index.html` lists `/module.html` and the guides; `/module.html` lists the classes in a
    table; a guide names two classes in its text; a class's page links back to its module."""

    id = "module-guides"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        crumbs = "<p class='crumbs'><a href='/index.html'>Contents</a></p>"
        if path in ("/", "/index.html"):
            items = "".join(f"<li><a href='/{p}.html'>{p}</a></li>" for p in ["module", *_GUIDES])
            return _html("Contents", f"<ul class='toc'>{items}</ul>")
        name = path[1:].removesuffix(".html")
        if name == "module" or name in _GUIDES:
            rows = _CLASSES if name == "module" else _CLASSES[:2]
            cells = "".join(f"<tr><td><a href='/{c}.html'>{c}</a></td></tr>" for c in rows)
            return _html(name, f"{crumbs}<table class='members'>{cells}</table>")
        if name in _CLASSES:
            up = "<p class='up'><a href='/module.html'>module</a></p>"
            return _html(name, f"{crumbs}{up}<div class='doc'><p>{name} text</p></div>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/{_CLASSES[0]}.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": tuple(f"{base_url}/{c}.html" for c in _CLASSES)},
            target_type="class",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", f"{base_url}/module.html", seed),
            index_levels=((f"{base_url}/index.html",), (f"{base_url}/module.html",)),
        )


async def test_an_index_level_of_one_group_loads_its_pages_by_yield_alone() -> None:
    truth, result, downloaded = await serve_and_discover(_ModuleSite(), height=2)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    guides = [u for u in downloaded if "/guide-" in u]
    assert len(guides) == 1, downloaded
