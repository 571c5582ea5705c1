"""SSUP keeps apart entity pages of one template whose kinds differ in their section headings
(`algorithms.ssup.levels`, `_unlike_sections`).

A help server's packages: ``/library/<package>/html/<topic>.html`` help pages, each package's
``00Index.html`` listing its topics, and the list of packages ``/doc/packages.html`` that each
package index links to ("Up"). Every help page is built on one template and names no field
labels; a data set's page opens the sections Description, Usage, Format, Source and Examples,
a function's Description, Usage, Arguments, Value and Examples. At the default height 2 the
climb reaches the list of packages, and the leaf level holds both kinds: the functions' pages,
lacking Format and Source and opening Arguments and Value, are of another kind than the seed's
data set.
"""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_PACKAGES = {
    "base": ("abs", "apply", "cat", "paste", "sum", "seq", "rev", "sort", "which"),
    "datasets": ("iris", "mtcars", "airquality", "cars", "faithful", "women", "trees", "pressure"),
    "stats": ("lm", "glm", "median", "sd", "var", "cor", "anova", "optim", "density", "quantile"),
    "utils": ("head", "tail", "str", "data", "help", "install", "citation"),
}
_DATA_SET = ("Description", "Usage", "Format", "Source", "Examples")
_FUNCTION = ("Description", "Usage", "Arguments", "Value", "Examples")


def _page(title: str, body: str) -> web.Response:
    html = (
        f"<html><head><title>R: {title}</title></head>"
        f'<body><div class="container">{body}</div></body></html>'
    )
    return web.Response(text=html, content_type="text/html")


class _HelpServer(Site):
    """R's help server in small: a home page, the list of packages, a package index per
    package and its help pages, those of the data sets package opening a data set's sections."""

    id = "help-sections"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = request.path.strip("/").split("/")
        top = '<a href="/doc/index.html">[Top]</a>'
        if request.path == "/doc/index.html":
            return _page("Home", '<h1>Statistical Data Analysis</h1><a href="packages.html">Go</a>')
        if request.path == "/doc/packages.html":
            rows = "".join(
                f'<tr id="lib-{p}"><td><a href="/library/{p}/html/00Index.html">{p}</a></td>'
                f"<td>The {p} package</td></tr>"
                for p in _PACKAGES
            )
            return _page("Packages", f"<h1>Package Index</h1>{top}<table>{rows}</table>")
        if len(parts) != 4 or parts[0] != "library" or parts[1] not in _PACKAGES:
            return web.Response(status=404, text="no such page")
        package, name = parts[1], parts[3].removesuffix(".html")
        if name == "00Index":
            rows = "".join(
                f'<tr><td><a href="{t}.html">{t}</a></td><td>About {t}</td></tr>'
                for t in sorted(_PACKAGES[package])
            )
            up = '<a href="/doc/packages.html">[Up]</a>'
            return _page(package, f"<h1>The {package} package</h1>{up}{top}<table>{rows}</table>")
        if name not in _PACKAGES[package]:
            return web.Response(status=404, text="no such page")
        headings = _DATA_SET if package == "datasets" else _FUNCTION
        sections = "".join(f"<h3>{h}</h3><p>{h} of {name}.</p>" for h in headings)
        back = f'<a href="00Index.html">[Package {package} Index]</a>'
        return _page(f"About {name}", f"<h2>About {name}</h2>{sections}<hr>{back}")

    def truth(self, base_url: str) -> SiteTruth:
        folder = f"{base_url}/library/datasets/html"
        pages = tuple(f"{folder}/{t}.html" for t in _PACKAGES["datasets"])
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"help page": pages},
            target_type="help page",
            seed_entity=pages[0],
            seed_path=(f"{folder}/00Index.html", pages[0]),
            index_levels=((f"{folder}/00Index.html",),),
        )


async def test_pages_opening_other_sections_are_another_kind() -> None:
    truth, result, _ = await serve_and_discover(_HelpServer())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    pruned = [e for e in result.trace if e.decision == "prune" and "sections" in dict(e.values)]
    assert pruned, "the functions' pages are pruned by their sections"
