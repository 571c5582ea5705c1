"""SSUP's climb where the pages above the seed are found by its URL or listed wider: a package
index whose project pages link only their files (the index is the project URL's folder), and a
module index listing every module, above packages' pages that each list their submodules."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.probes import url_ancestors
from siteseer.algorithms.ssup.yields import names_export
from siteseer.lab import Site, SiteTruth, set_scores

PROJECTS = tuple(f"project-{n}" for n in range(1, 31))
# A module tree: packages (with submodules) and modules, by dotted name.
MODULES = (
    "core",
    "core.io",
    "core.nodes",
    "core.utils",
    "core.parsers",
    "core.parsers.rst",
    "core.parsers.markdown",
    "core.parsers.null",
    "core.writers",
    "core.writers.html",
    "core.writers.latex",
    "core.writers.manpage",
    "core.writers.odt",
    "core.readers",
    "core.readers.standalone",
    "core.readers.pep",
    "core.readers.doctree",
    "core.languages",
    *(f"core.languages.{code}" for code in ("de", "en", "es", "fr", "it", "ja", "nl", "pt")),
    "tools",
    "tools.render",
    "tools.extract",
    "tools.search",
)


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _PackageIndex(Site):
    """PEP 503's simple index: `/simple/` lists every project (nothing but its links), a
    project's page `/simple/<p>/` links its files (`/packages/<file>`, no HTML) and its
    metadata as JSON (`/pypi/<p>/json`), and `/` links both indexes in a paragraph."""

    id = "package-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _html(
                "Welcome",
                '<p>All files <a href="/packages/">here</a> or the <a href="/simple/">'
                "simple</a> index.</p>",
            )
        if path == "/simple/":
            links = "".join(f'<a href="/simple/{p}/">{p}</a><br>' for p in PROJECTS)
            return web.Response(text=f"<html><body>{links}</body></html>", content_type="text/html")
        parts = [p for p in path.split("/") if p]
        if len(parts) == 2 and parts[0] == "simple" and parts[1] in PROJECTS:
            files = "".join(
                f'<a href="/packages/{parts[1]}-{v}.tar.gz">{parts[1]}-{v}.tar.gz</a><br>'
                for v in ("1.0", "1.1")
            )
            meta = f'<a href="/pypi/{parts[1]}/json">JSON</a> <a href="/feed?a=rss">RSS</a>'
            return _html(f"Links for {parts[1]}", files + meta)
        if parts and parts[0] == "packages" and len(parts) == 2:
            return web.Response(body=b"\x1f\x8b", content_type="application/gzip")
        if path == "/feed":
            return web.Response(text="<rss/>", content_type="application/rss+xml")
        if len(parts) == 3 and parts[0] == "pypi" and parts[2] == "json":
            return web.json_response({"name": parts[1]})
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"project": tuple(f"{base_url}/simple/{p}/" for p in PROJECTS)},
            target_type="project",
            seed_entity=f"{base_url}/simple/{PROJECTS[11]}/",
            index_levels=((f"{base_url}/simple/",),),
        )


def _page(name: str) -> str:
    return "/" + name.replace(".", "/") + ".html"


class _ModuleIndex(Site):
    """API documentation: `/index.html` lists every module; a module's page links its parent
    package (`../core.html`) and, for a package, its submodules; a package's page links back
    to the index."""

    id = "module-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            items = "".join(f'<li><a href="{_page(m)}">{m}</a></li>' for m in MODULES)
            return _html("Modules", f'<nav class="index"><ul>{items}</ul></nav>')
        name = next((m for m in MODULES if _page(m) == path), None)
        if name is None:
            return web.Response(status=404)
        parent = name.rpartition(".")[0]
        up = (
            f'<a class="up" href="{_page(parent)}">{parent}</a>'
            if parent
            else '<a class="up" href="/index.html">Module index</a>'
        )
        subs = [m for m in MODULES if m.rpartition(".")[0] == name]
        items = "".join(f'<li><a href="{_page(m)}">{m}</a></li>' for m in subs)
        listing = f'<nav class="sub"><ul>{items}</ul></nav>' if subs else ""
        return _html(name, f"<header>{up}</header>{listing}<p>The module {name}.</p>")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": tuple(base_url + _page(m) for m in MODULES)},
            target_type="module",
            seed_entity=base_url + _page("core.nodes"),
            index_levels=((f"{base_url}/index.html",),),
        )


def test_a_link_naming_the_format_its_url_names_is_an_export() -> None:
    assert names_export("http://h/?p=dpkg.git;a=rss;h=master", "RSS")
    assert names_export("http://h/dpkg/atom/?h=master", "Atom feed")
    assert names_export("http://h/db/table/7.json", ".json")
    assert not names_export("http://h/tags/rss/", "RSS readers")  # a page about feeds
    assert not names_export("http://h/export?a=1", "CSV")  # the URL names no format


def test_url_ancestors_climb_a_url_folder_by_folder() -> None:
    assert url_ancestors("http://h/a/b/c?x=1") == [
        "http://h/a/b/c",
        "http://h/a/b/",
        "http://h/a/",
        "http://h/",
    ]
    assert url_ancestors("http://h/simple/requests/") == ["http://h/simple/", "http://h/"]
    assert url_ancestors("http://h/") == []
    assert url_ancestors("http://h/#/guide/a") == ["http://h/#/guide/", "http://h/"]


async def test_a_page_linking_no_list_of_it_is_found_by_its_url_folder() -> None:
    truth, result, _ = await serve_and_discover(_PackageIndex(), height=2)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert result.sample_path == (truth.index_levels[0][0], truth.seed_entity)
    tried = [e.subject for e in result.trace if e.decision == "ancestor"]
    assert tried == [truth.index_levels[0][0]]  # the nearest ancestor confirms: / is not loaded
    # The project's files (archives, no HTML), its data export and the feed its link names
    # list nothing: not downloaded as candidates.
    files = [u for e in result.trace if e.subject.startswith("4 files") for u in e.urls]
    project = PROJECTS[11]
    assert files == [
        *(f"{truth.base_url}/packages/{project}-{v}.tar.gz" for v in ("1.0", "1.1")),
        f"{truth.base_url}/pypi/{project}/json",
        f"{truth.base_url}/feed?a=rss",
    ]
    assert result.cost.downloads == 2  # the seed and /simple/


async def test_a_wider_list_above_takes_the_place_of_a_package_s_submodules() -> None:
    truth, result, _ = await serve_and_discover(_ModuleIndex(), height=2)
    # Without the rule the climb kept core's 7 submodules as the seed's level, the
    # index above it as a level of packages: 7 of 30 modules.
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert result.sample_path == (truth.index_levels[0][0], truth.seed_entity)
    assert [e.subject for e in result.trace if e.decision == "wider"] == [truth.index_levels[0][0]]


class _HiddenIndex(Site):
    """A wiki whose one list of its pages, `/_index`, robots.txt disallows; each page links
    it, the front page and its own edit form."""

    id = "hidden-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/robots.txt":
            return web.Response(text="User-agent: *\nDisallow: /_\n", content_type="text/plain")
        menu = '<nav><a href="/">Front</a> <a href="/_index">All pages</a></nav>'
        if path == "/_index":
            items = "".join(f'<li><a href="/wiki/{p}">{p}</a></li>' for p in PROJECTS)
            return _html("All pages", f"{menu}<ul>{items}</ul>")
        if path == "/":
            return _html("Front", f"{menu}<p>Welcome.</p>")
        name = path.removeprefix("/wiki/")
        if name not in PROJECTS:
            return web.Response(status=404)
        return _html(name, f'{menu}<a href="/_edit/wiki/{name}">edit</a><p>The page.</p>')

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": tuple(f"{base_url}/wiki/{p}" for p in PROJECTS)},
            target_type="page",
            seed_entity=f"{base_url}/wiki/{PROJECTS[3]}",
            index_levels=((f"{base_url}/_index",),),
        )


async def test_an_index_page_robots_txt_disallows_is_named_in_the_reason() -> None:
    truth, result, _ = await serve_and_discover(_HiddenIndex(), height=2)
    index = truth.index_levels[0][0]
    assert not result.complete and index in result.reason
    assert "disallowed by robots.txt" in result.reason
    assert dict(result.params)["robots_disallowed"] == 1  # its edit form is its own tool
    robots = [e for e in result.trace if e.decision == "robots"]
    assert robots and robots[0].urls == (index,)
