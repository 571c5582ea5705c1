"""`explore` on an index of releases named within their series' folders (``/<series>/<release>``),
no facet on it: a release's page links its series only by a breadcrumb, unlabelled, and the
series' folder page lists its releases. The series is each release's folder, scored by its
values against the lab's truth; no page is loaded for it."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore

from siteseer.lab import Site, SiteTruth, pair_scores
from siteseer.lab.truth import FacetQuery

SERIES = {"1-5": ("1-5-0", "1-5-1", "1-5-2"), "2-0": ("2-0-0", "2-0-1"), "2-1": ("2-1-0",)}


def _html(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _Releases(Site):
    """A release index (``/releases``: a table of every release's link) and a page per release
    (``/<series>/<release>``) whose breadcrumb links its series' folder page (``/<series>``,
    listing its releases) when `crumbs`; the series is labelled nowhere."""

    id = "releases"
    kind = "entity-tree"

    def __init__(self, crumbs: bool = True) -> None:
        self.crumbs = crumbs

    def _index(self) -> web.Response:
        rows = "".join(
            f'<tr><td><a href="/{s}/{r}">release {r}</a></td><td>notes</td></tr>'
            for s, releases in SERIES.items()
            for r in releases
        )
        return _html(f'<p><a href="/">Home</a></p><h1>Releases</h1><table>{rows}</table>')

    def _release(self, series: str, release: str) -> web.Response:
        crumb = f'<a href="/{series}">{series}</a> › ' if self.crumbs else ""
        return _html(
            f'<nav><a href="/">Home</a> › {crumb}{release}</nav><h1>Release {release}</h1>'
            f'<p>Published with its notes.</p><p><a href="/releases">All releases</a></p>'
        )

    def _series(self, series: str) -> web.Response:
        items = "".join(f'<li><a href="/{series}/{r}">{r}</a></li>' for r in SERIES[series])
        return _html(f"<h1>{series}</h1><ul>{items}</ul>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = [p for p in request.path.split("/") if p]
        if parts == ["releases"]:
            return self._index()
        if len(parts) == 1 and parts[0] in SERIES:
            return self._series(parts[0])
        if len(parts) == 2 and parts[1] in SERIES.get(parts[0], ()):
            return self._release(*parts)
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = {r: f"{base_url}/{s}/{r}" for s, releases in SERIES.items() for r in releases}
        seed = urls["1-5-1"]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"release": tuple(urls.values())},
            target_type="release",
            seed_entity=seed,
            seed_path=(f"{base_url}/releases", seed),
            index_levels=((f"{base_url}/releases",),),
            attributes={
                urls[r]: {"series": (s,)} for s, releases in SERIES.items() for r in releases
            },
            queries=tuple(
                FacetQuery((("series", s),), tuple(urls[r] for r in releases))
                for s, releases in SERIES.items()
            ),
            facet_values={"series": tuple(SERIES)},
            unlabelled=("series",),
        )


async def test_an_entity_page_linking_its_folder_has_its_folder_for_a_value() -> None:
    truth, result, loaded = await serve_and_explore(_Releases(), "/releases")
    assert set(result.entities) == set(truth.target_entities)
    scores = pair_scores(result.entities, truth)
    assert scores.precision == scores.recall == 1.0
    assert len(loaded) == 2  # the index and the sample's page: no folder page is loaded


async def test_an_entity_page_linking_no_folder_has_no_folder_value() -> None:
    truth, result, _ = await serve_and_explore(_Releases(crumbs=False), "/releases")
    assert set(result.entities) == set(truth.target_entities)
    assert pair_scores(result.entities, truth).recall == 0.0


MODULES = {"pkg.lexers.python": ("PythonLexer", "CythonLexer"), "pkg.styles.dark": ("DarkStyle",)}
MODULES |= {"pkg.formatters.html": ("HtmlFormatter", "InlineFormatter")}


class _ApiDocs(Site):
    """API documentation built as files named by dotted paths: a page per module
    (``/pkg.lexers.python.html``) and per class (``/pkg.lexers.python.PythonLexer.html``), and an
    index of names (``/names.html``) linking every class. A class's page links its module with
    the short text "Module" just before it (`boxed`), or else only in a sidebar every page shows:
    a list of the modules under "Modules", then a list of the classes under "Classes"."""

    id = "apidocs"
    kind = "entity-tree"

    def __init__(self, boxed: bool = True) -> None:
        self.boxed = boxed

    def _sidebar(self) -> str:
        if self.boxed:
            return ""
        modules = "".join(f'<li><a href="{m}.html">{m}</a></li>' for m in MODULES)
        classes = "".join(
            f'<li><a href="{m}.{c}.html">{c}</a></li>' for m, cs in MODULES.items() for c in cs
        )
        return f"<nav><h3>Modules</h3><ul>{modules}</ul><h3>Classes</h3><ul>{classes}</ul></nav>"

    def _page(self, title: str, body: str) -> web.Response:
        return _html(
            f'<p><a href="names.html">Names</a></p>{self._sidebar()}<h1>{title}</h1>{body}'
        )

    def _class(self, module: str, name: str) -> web.Response:
        short = module.rpartition(".")[2]
        box = (
            f'<div class="box"><span>Module</span> <code><a href="{module}.html">{short}</a></code></div>'
            if self.boxed
            else ""
        )
        return self._page(f"{module}.{name}", f"{box}<p>The {name} class.</p>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        page = request.path.lstrip("/").removesuffix(".html")
        if page == "names":
            items = "".join(
                f'<li><a href="{m}.{c}.html">{c}</a></li>' for m, cs in MODULES.items() for c in cs
            )
            return self._page("Names", f'<ul class="names">{items}</ul>')
        if page in MODULES:
            items = "".join(f'<li><a href="{page}.{c}.html">{c}</a></li>' for c in MODULES[page])
            return self._page(page, f"<ul>{items}</ul>")
        module, _, name = page.rpartition(".")
        if name in MODULES.get(module, ()):
            return self._class(module, name)
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = {(m, c): f"{base_url}/{m}.{c}.html" for m, cs in MODULES.items() for c in cs}
        seed = urls["pkg.lexers.python", "PythonLexer"]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": tuple(urls.values())},
            target_type="class",
            seed_entity=seed,
            seed_path=(f"{base_url}/names.html", seed),
            index_levels=((f"{base_url}/names.html",),),
            attributes={u: {"module": (m,)} for (m, _), u in urls.items()},
            queries=tuple(
                FacetQuery((("module", m),), tuple(urls[m, c] for c in cs))
                for m, cs in MODULES.items()
            ),
            facet_values={"module": tuple(MODULES)},
        )


async def test_a_class_page_linking_its_dotted_module_after_a_label_has_that_module() -> None:
    """The class's file names its module's file (its dotted path without its last name) and
    its page links it after "Module": the module, its whole dotted path, under that label."""
    truth, result, loaded = await serve_and_explore(_ApiDocs(), "/names.html")
    assert set(result.entities) == set(truth.target_entities)
    scores = pair_scores(result.entities, truth)
    assert scores.precision == scores.recall == 1.0
    assert len(loaded) == 2  # the index and the sample's page


async def test_the_pages_a_sidebar_lists_under_the_values_heading_have_no_value() -> None:
    """The class's page links its module only in the sidebar's list under "Modules": the
    attribute is named by that heading, and the module pages that list links, which the
    sidebar's lists make entities too, are its values, none with a module of its own."""
    truth, result, _ = await serve_and_explore(_ApiDocs(boxed=False), "/names.html")
    assert set(truth.target_entities) <= set(result.entities)
    scores = pair_scores(result.entities, truth)
    assert scores.precision == scores.recall == 1.0
