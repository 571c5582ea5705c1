"""SSUP's look ahead from an index level (algorithms/ssup/ahead.py), against the truth of a small
help system: the contents page lists the packages' index pages, each of which lists its help
pages, all on one template. The sample's package documents data sets (sections Format and
Source), the others functions (Arguments and Value): the next level prunes their help pages as
another kind, so the first other package's index page, judged by one of its help pages,
settles its family, and the other packages' index pages are not downloaded."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_PACKAGES = {
    "datasets": [f"data{n}" for n in range(6)],
    **{p: [f"{p}fn{n}" for n in range(5)] for p in ("base", "graphics", "stats", "tools", "utils")},
}
_DATA_SECTIONS = ("Description", "Usage", "Format", "Source", "References")
_FUNCTION_SECTIONS = ("Description", "Usage", "Arguments", "Details", "Value", "Examples")


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _HelpSite(Site):
    """`/index.html` lists `/library/<package>/index.html`, each of which lists its help pages
    `/library/<package>/<topic>.html` in a table; a help page links back to its package's
    index page and opens the sections of its kind."""

    id = "help-packages"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = request.path.strip("/").split("/")
        if parts in (["index.html"], [""]):
            rows = "".join(
                f"<tr><td><a href='/library/{p}/index.html'>{p}</a></td><td>{p} package</td></tr>"
                for p in _PACKAGES
            )
            return _html("Packages", f"<table class='packages'>{rows}</table>")
        if len(parts) != 3 or parts[0] != "library" or parts[1] not in _PACKAGES:
            return web.Response(status=404, text="not found")
        package, name = parts[1], parts[2].removesuffix(".html")
        up = f"<p class='up'><a href='/library/{package}/index.html'>{package}</a></p>"
        if name == "index":
            rows = "".join(
                f"<tr><td><a href='/library/{package}/{t}.html'>{t}</a></td><td>{t} help</td></tr>"
                for t in _PACKAGES[package]
            )
            top = "<p class='top'><a href='/index.html'>Packages</a></p>"
            return _html(f"Package {package}", f"{top}<table class='topics'>{rows}</table>")
        if name not in _PACKAGES[package]:
            return web.Response(status=404, text="not found")
        headings = _DATA_SECTIONS if package == "datasets" else _FUNCTION_SECTIONS
        body = "".join(f"<h2>{h}</h2><p>{name}: {h.lower()}</p>" for h in headings)
        return _html(name, f"{up}<div class='help'>{body}</div>")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/library/datasets/{t}.html" for t in _PACKAGES["datasets"])
        index = f"{base_url}/library/datasets/index.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"data set": pages},
            target_type="data set",
            seed_entity=pages[0],
            seed_path=(f"{base_url}/index.html", index, pages[0]),
            index_levels=((f"{base_url}/index.html",), (index,)),
        )


async def test_a_family_listing_another_kind_is_settled_by_its_first_page() -> None:
    truth, result, downloaded = await serve_and_discover(_HelpSite(), height=2)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    others = [u for u in downloaded if u.endswith("/index.html") and "/datasets/" not in u]
    assert len(others) <= 2, downloaded  # the contents page and one other package's
