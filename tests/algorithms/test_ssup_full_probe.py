"""How far SSUP's full probe goes (`algorithms.ssup.fullprobe`, when the ranked candidates
confirm no index page):

- a handbook whose contents list the seed among the pages of other folders (no confirmed index
  page: the list is mostly of other URL templates) and whose every page carries a menu of nine
  pages about the site, none linking to the seed: once five pages in a row leave the contents
  the best candidate, the rest of the menu is not probed;
- a package index whose release pages carry the site's menu and a breadcrumb (every page
  carries both: site navigation, left out of the ranked probe), the index's page of every
  release in it: the breadcrumb's entry above the release by its URL is probed first, and,
  the best candidate, it ends the full probe."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.fullprobe import FULL_PROBE_HELD, nearest_first
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


PROJECTS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot")
VERSIONS = ("1.0", "1.1", "2.0")


def _crumbed(title: str, crumbs: list[tuple[str, str]], body: str) -> web.Response:
    menu = '<a href="/">Home</a> <a href="/+help">Help</a> <a href="/+status">Status</a> <a href="/+login">Login</a>'
    trail = " / ".join(f'<a href="{u}">{t}</a>' for u, t in crumbs)
    html = (
        f'<html><head><title>{title}</title></head><body><div id="nav">{menu} {trail}</div>'
        f'<div id="content">{body}</div></body></html>'
    )
    return web.Response(text=html, content_type="text/html")


class _PackageIndex(Site):
    """/lab/dev lists every release /lab/dev/<project>/<version>; a release links its
    project's page, which lists nothing; every page carries the menu and its breadcrumb."""

    id = "package-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _crumbed("Home", [], '<ul><li><a href="/lab/dev">lab/dev</a></li></ul>')
        if path in ("/+help", "/+status", "/+login"):
            return _crumbed(path, [], "<p>A tool.</p>")
        if path == "/lab":
            return _crumbed(
                "lab", [("/lab", "lab")], '<ul><li><a href="/lab/dev">dev</a></li></ul>'
            )
        crumbs = [("/lab", "lab"), ("/lab/dev", "dev")]
        if path == "/lab/dev":
            rows = "".join(
                f'<tr><td><a href="/lab/dev/{p}/{v}">{p} {v}</a></td></tr>'
                for p in PROJECTS
                for v in VERSIONS
            )
            return _crumbed("lab/dev", crumbs, f'<table class="projects">{rows}</table>')
        parts = path.strip("/").split("/")
        if len(parts) == 3 and parts[2] in PROJECTS:
            return _crumbed(
                parts[2], [*crumbs, (path, parts[2])], f"<p>The project {parts[2]}.</p>"
            )
        if len(parts) == 4 and parts[2] in PROJECTS and parts[3] in VERSIONS:
            project = f"/lab/dev/{parts[2]}"
            return _crumbed(
                path,
                [*crumbs, (project, parts[2])],
                f'<p>Release {parts[3]}; <a href="{project}">project</a>.</p>',
            )
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = base_url + "/lab/dev/charlie/1.1"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={
                "release": tuple(f"{base_url}/lab/dev/{p}/{v}" for p in PROJECTS for v in VERSIONS)
            },
            target_type="release",
            seed_entity=seed,
            seed_path=(base_url + "/lab/dev", seed),
            index_levels=((base_url + "/lab/dev",),),
        )


def test_the_full_probe_takes_the_urls_ancestors_first() -> None:
    left = ["http://h/+help", "http://h/lab", "http://h/", "http://h/lab/dev"]
    assert nearest_first(left, "http://h/lab/dev/requests/2.34.2") == [
        "http://h/lab/dev",
        "http://h/lab",
        "http://h/+help",
        "http://h/",
    ]


async def test_a_breadcrumbs_index_page_above_the_seed_ends_the_full_probe() -> None:
    truth, result, downloaded = await serve_and_discover(_PackageIndex(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path
    tools = [u for u in downloaded if "/+" in u]
    assert not tools, downloaded  # the menu's three tools, all probed without the rule
