"""SSUP against the lab's truth on two trees of pages whose whole list is reached through the
root of the trail each page shows ("Index » A » B » page"): an API reference whose namespace
pages are objects of the reference themselves (YARD's shape: each namespace page lists its
children, the alphabetic index lists every object), and a wiki whose articles sit under
articles (django-wiki's shape: the home article lists the first depth, each of those its
articles; every page links home through its menu, and each package's articles sit under its
URL)."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

# Namespace -> its objects; an object that is itself a namespace lists its own below it.
_API = {
    "Yard": {
        "Yard.Cli": {f"Yard.Cli.{n}": {} for n in ("Command", "Config", "Diff", "Gems", "Graph")},
        "Yard.Parser": {f"Yard.Parser.{n}": {} for n in ("Base", "C", "Ruby", "Source", "Undo")},
        "Yard.Tags": {f"Yard.Tags.{n}": {} for n in ("Tag", "Library", "Directive", "Option")},
        "Yard.Docstring": {},
        "Yard.Logger": {},
    },
    "Array": {},
    "Hash": {},
    "String": {},
}


def _names(tree: dict[str, dict]) -> list[str]:
    return [m for name, below in tree.items() for m in (name, *_names(below))]


_OBJECTS = _names(_API)


def _children(name: str) -> dict[str, dict]:
    tree: dict[str, dict] = _API
    for depth in range(1, name.count(".") + 2):
        tree = tree[".".join(name.split(".")[:depth])]
    return tree


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _ApiTreeSite(Site):
    """`/_index.html` lists every object alphabetically; `/Yard/Cli/Command.html` is an
    object's page: a trail from the index through its namespaces, its children if any, its
    methods as anchors."""

    id = "api-trail"
    kind = "entity-tree"

    @staticmethod
    def _url(name: str) -> str:
        return "/" + name.replace(".", "/") + ".html"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        menu = '<div id="search"><a href="/class_list.html">Classes</a></div>'
        if request.path == "/_index.html":
            items = "".join(
                f'<li><span class="object"><a href="{self._url(n)}">{n.rsplit(".", 1)[-1]}</a>'
                f"</span> ({n})</li>"
                for n in sorted(_OBJECTS, key=lambda n: n.rsplit(".", 1)[-1])
            )
            return _html("Index", f'{menu}<div id="listing"><ul>{items}</ul></div>')
        name = next((n for n in _OBJECTS if request.path == self._url(n)), None)
        if name is None:
            return web.Response(status=404, text="not found")
        parts = name.split(".")
        trail = "".join(
            f'<span class="title"><a href="{self._url(".".join(parts[: i + 1]))}">{p}</a></span>'
            f" &raquo; "
            for i, p in enumerate(parts[:-1])
        )
        crumbs = f'<div id="menu"><a href="/_index.html">Index</a> &raquo; {trail}{parts[-1]}</div>'
        below = "".join(
            f'<span class="object"><a href="{self._url(n)}">{n.rsplit(".", 1)[-1]}</a></span>, '
            for n in _children(name)
        )
        children = f'<p class="children">{below}</p>' if below else ""
        methods = "".join(
            f'<li><a href="#{m}-method">#{m}</a></li>' for m in ("call", "run", "to_s")
        )
        body = f"<h1>{name}</h1>{children}<ul class='summary'>{methods}</ul>"
        return _html(name, f'{crumbs}{menu}<div id="content">{body}</div>')

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}{self._url(n)}" for n in _OBJECTS)
        seed = f"{base_url}{self._url('Yard.Cli.Command')}"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"object": pages},
            target_type="object",
            seed_entity=seed,
            seed_path=(f"{base_url}/_index.html", seed),
            index_levels=((f"{base_url}/_index.html",),),
        )


_WIKI = {
    pkg: [f"{v}-{r}" for v in ("1_0", "1_1", "2_0") for r in range(1, n)]
    for pkg, n in (
        ("cyrus-sasl2", 3),
        ("gnutls28", 6),
        ("krb5", 4),
        ("libidn2", 3),
        ("libpsl", 4),
        ("libssh2", 3),
        ("nettle", 5),
        ("nghttp2", 2),
    )
}


class _WikiTreeSite(Site):
    """`/` is the home article listing the packages' articles; `/<pkg>/` lists its uploads'
    articles, `/<pkg>/<upload>/` is one. Every page carries a menu linking home and the
    trail of its ancestors."""

    id = "wiki-trail"
    kind = "entity-tree"

    @staticmethod
    def _page(title: str, trail: list[tuple[str, str]], listed: list[tuple[str, str]]) -> str:
        menu = (
            '<nav class="navbar"><a class="brand" href="/">Wiki</a><ul class="nav">'
            '<li><a href="/">Home</a></li><li><a href="/_search/">Search</a></li></ul></nav>'
        )
        crumbs = "".join(f'<li class="crumb"><a href="{u}">{t}</a></li>' for u, t in trail)
        items = "".join(f'<li><a href="{u}">{t}</a></li>' for u, t in listed)
        tools = '<a class="tool" href="_history/">History</a>'
        article = f"<h1>{title}</h1><p>An article.</p>"
        listing = f'<div class="article-list"><ul>{items}</ul></div>' if items else ""
        body = f'<ol class="breadcrumb">{crumbs}<li>{title}</li></ol>{tools}{article}{listing}'
        footer = (
            '<footer><a href="https://example.org/wiki-engine">Powered by a wiki engine</a> '
            '<a href="https://example.org/licence">Licence</a></footer>'
        )
        page = f"{menu}{body}{footer}"
        return f"<html><head><title>{title}</title></head><body>{page}</body></html>"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = [p for p in request.path.split("/") if p]
        home = [("/", "Uploads")]
        if not parts:
            listed = [(f"/{p}/", p) for p in _WIKI]
            html = self._page("Uploads", [], listed)
        elif len(parts) == 1 and parts[0] in _WIKI:
            pkg = parts[0]
            html = self._page(pkg, home, [(f"/{pkg}/{u}/", f"{pkg} {u}") for u in _WIKI[pkg]])
        elif len(parts) == 2 and parts[1] in _WIKI.get(parts[0], ()):
            pkg, up = parts
            html = self._page(f"{pkg} {up}", [*home, (f"/{pkg}/", pkg)], [])
        else:
            return web.Response(status=404, text="not found")
        return web.Response(text=html, content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/{p}/{u}/" for p, ups in _WIKI.items() for u in ups)
        seed = f"{base_url}/krb5/2_0-2/"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"article": pages},
            target_type="article",
            seed_entity=seed,
            seed_path=(f"{base_url}/", f"{base_url}/krb5/", seed),
            index_levels=((f"{base_url}/",), tuple(f"{base_url}/{p}/" for p in _WIKI)),
        )


async def test_the_trail_root_listing_every_object_is_the_level() -> None:
    truth, result, downloaded = await serve_and_discover(_ApiTreeSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.index_pages == ((truth.seed_path[0],),)
    # The seed, its two namespaces and the index: no page of the list is downloaded.
    assert len(downloaded) <= truth.lower_bound_downloads + 2, downloaded


async def test_the_trail_root_listing_the_top_of_the_climb_is_the_level_above() -> None:
    truth, result, downloaded = await serve_and_discover(_WikiTreeSite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path, result.trace
    # Each package's articles sit under its URL: no group of them is downloaded to be judged.
    assert len(downloaded) <= truth.lower_bound_downloads + 2, downloaded


_PHOTOS = [f"photo-{n:02d}" for n in range(1, 43)]
_PER_PAGE = 20


class _GallerySite(Site):
    """A photo gallery (Photologue's shape): every page's header links the gallery's home
    (``/photos/``, a redirect to its galleries) and a bar of its sections, the galleries and
    the photos, in that order; ``/photos/photolist/`` lists the photos 20 a page, each photo's
    page shows the same header. The bar reads as a trail ("Galleries, Photos") on the seed,
    but the home above the photo list shows it whole: a menu, no trail."""

    id = "gallery-menu"
    kind = "gallery"

    @staticmethod
    def _page(title: str, main: str) -> web.Response:
        header = (
            '<header><a href="/photos/">Backgrounds</a><nav>'
            '<a href="/photos/gallerylist/">Galleries</a> '
            '<a href="/photos/photolist/">Photos</a></nav></header>'
        )
        return _html(title, f"{header}<main>{main}</main>")

    @staticmethod
    def _galleries() -> str:
        return "".join(
            f'<div class="gallery"><h2><a href="/photos/gallery/g{n}/">Gallery {n}</a></h2></div>'
            for n in range(1, 4)
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/photos/":
            raise web.HTTPMovedPermanently("/photos/gallery/")
        if path in ("/photos/gallery/", "/photos/gallerylist/"):
            return self._page("Galleries", self._galleries())
        if path == "/photos/photolist/":
            page = int(request.query.get("page", "1"))
            shown = _PHOTOS[(page - 1) * _PER_PAGE : page * _PER_PAGE]
            if not shown:
                return web.Response(status=404, text="not found")
            items = "".join(
                f'<a href="/photos/photo/{p}/"><img src="/media/{p}.jpg" alt="{p}"></a>'
                for p in shown
            )
            pages = range(1, (len(_PHOTOS) - 1) // _PER_PAGE + 2)
            pager = "".join(
                f'<li><a href="?page={n}">{n}</a></li>' if n != page else f"<li>{n}</li>"
                for n in pages
            )
            main = f'<h1>All photos</h1><div class="photo-list">{items}</div><ul>{pager}</ul>'
            return self._page("All photos", main)
        name = path.removeprefix("/photos/photo/").strip("/")
        if name not in _PHOTOS:
            return web.Response(status=404, text="not found")
        main = (
            f'<h1>{name}</h1><a href="/media/{name}.jpg"><img src="/media/{name}.jpg"></a>'
            f'<p>In <a href="/photos/gallery/g1/">Gallery 1</a></p>'
        )
        return self._page(name, main)

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/photos/photo/{p}/" for p in _PHOTOS)
        listing = f"{base_url}/photos/photolist/"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"photo": pages},
            target_type="photo",
            seed_entity=pages[0],
            seed_path=(listing, pages[0]),
            index_levels=((listing, f"{listing}?page=2", f"{listing}?page=3"),),
        )


async def test_a_bar_of_sections_the_page_above_shows_whole_is_no_trail() -> None:
    truth, result, downloaded = await serve_and_discover(_GallerySite())
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path, result.trace
    # The galleries' list, the bar's entry before the photo list, is not loaded as a trail root.
    assert not any(u.endswith("/photos/gallerylist/") for u in downloaded), downloaded
