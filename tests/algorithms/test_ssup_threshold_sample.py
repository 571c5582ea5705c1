"""SSUP against the lab's truth on an API reference whose contents page lists every class and
module in one list, as RDoc draws one: the classes of each namespace sit in the namespace's
folder (``/Geo/Shape.html``, ``/Text/Font.html``), so that the list splits into one group per
folder, and a class's page shows only the sections it has (methods, constants, attributes,
its parent), so that classes of one namespace are less alike than a few of them show. The seed
is a class of the largest namespace; every class and module is of its kind."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_CLASSES = ("Arc", "Box", "Circle", "Cone", "Cube", "Dot", "Edge", "Face", "Grid", "Hull", "Line")
_GEO = [f"Geo/{name}" for name in _CLASSES]
_TEXT = [f"Text/{name}" for name in ("Font", "Glyph", "Kern", "Run")]
_MODULES = ["Geo", "Text"]
_SEED = "Geo/Shape"

# The sections of a page, each drawn in a link DOM path of its own.
_SECTIONS = {
    "methods": lambda names: (
        "<ul class='methods'>"
        + "".join(f"<li><a href='#m-{n}'>{n}</a></li>" for n in names)
        + "</ul>"
    ),
    "constants": lambda names: (
        "<ol>" + "".join(f"<li><a href='#c-{n}'>{n}</a></li>" for n in names) + "</ol>"
    ),
    "attributes": lambda names: (
        "<table>"
        + "".join(f"<tr><td><a href='#a-{n}'>{n}</a></td></tr>" for n in names)
        + "</table>"
    ),
    "parent": lambda names: f"<div class='parent'><a href='/Object.html'>{names[0]}</a></div>",
    "includes": lambda names: "<p>" + "".join(f"<a href='#i-{n}'>{n}</a>" for n in names) + "</p>",
}


def _sections(page: str) -> tuple[str, ...]:
    """The sections `page` shows: the seed and the first and last classes of its namespace
    every section, the middle one two of them, the others one or two."""
    if page in _MODULES:
        return ("methods", "constants", "includes")
    if page in _TEXT:
        return ("methods",)
    if page == _SEED:
        return ("methods", "constants", "attributes", "parent")
    number = _GEO.index(page)
    if number in (0, len(_GEO) - 1):
        return ("methods", "constants", "attributes", "parent")
    if number == len(_GEO) // 2:
        return ("methods", "constants")
    return ("methods",) if number % 2 else ("methods", "constants")


def _html(title: str, body: str) -> web.Response:
    header = "<header><a href='/index.html'>Home</a></header>"
    html = f"<html><head><title>{title}</title></head><body>{header}{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _ReferenceSite(Site):
    """`/index.html` lists every module and class in one list, in name order; `/<name>.html`
    is a class's or module's page."""

    id = "reference-folders"
    kind = "entity-tree"

    @staticmethod
    def pages() -> list[str]:
        return sorted([*_MODULES, *_GEO, *_TEXT, _SEED])

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path in ("/", "/index.html"):
            items = "".join(f"<li><a href='/{p}.html'>{p}</a></li>" for p in self.pages())
            return _html(
                "Reference", f"<nav><div id='classes'><ul class='index'>{items}</ul></div></nav>"
            )
        page = request.path[1:].removesuffix(".html")
        if page not in self.pages():
            return web.Response(status=404, text="not found")
        words = [f"{page.rsplit('/', 1)[-1].lower()}_{i}" for i in range(3)]
        body = "".join(_SECTIONS[s](words) for s in _sections(page))
        return _html(page, f"<main><h1>{page}</h1>{body}</main>")

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/{_SEED}.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"namespace": tuple(f"{base_url}/{p}.html" for p in self.pages())},
            target_type="namespace",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", seed),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_a_list_split_by_folders_is_judged_against_more_of_its_best_group() -> None:
    """The first sample of the seed's folder (its first, middle and last classes, simhtml 1,
    0.6 and 1) sets minsim_html 0.6: the other folders' classes (0.4) fall below it by no
    more than the sample's spread, and it grows once, to the folder's classes of 0.4."""
    truth, result, downloaded = await serve_and_discover(_ReferenceSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert len(downloaded) <= truth.lower_bound_downloads + 9, downloaded
