"""SSUP's climb ends its probe at an index page its URL names above the seed
(`algorithms.ssup.probes`, `algorithms.ssup.climb`):

- a module reference of one flat folder at the site root (``/Mod-Alpha.html``), the contents
  ``/index.html`` listing every module: the site root is the folder the seed is a file of
  (`own_folder`), so once its list confirms it, the modules and sources the seed's text links
  to are not probed (haddock);
- a package index ``/pkg/`` listing packages at every depth (``/pkg/io/``, ``/pkg/net/http/``)
  that a package page links to through the site's menu only: from the seed it is probed
  before the packages and sources the page's text links to, and, the best candidate though
  its list holds more than the seed's URL template, it ends the probe (godoc).
"""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.probes import own_folder
from siteseer.lab import Site, SiteTruth, set_scores

_MODULES = ("Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa")
_PACKAGES = (
    "bufio", "bytes", "errors", "fmt", "io", "log", "os", "sort", "strings", "time",
    "net/http", "net/url", "net/mail", "crypto/tls", "crypto/md5", "io/fs",
)  # fmt: skip


def _page(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


def _one_list(
    site: Site, base_url: str, kind: str, pages: tuple[str, ...], index: str, seed: str
) -> SiteTruth:
    """The truth of a site whose entities of `kind`, `pages`, one page `index` lists."""
    return SiteTruth(
        site=site.id,
        base_url=base_url,
        kind=site.kind,
        entities={kind: pages},
        target_type=kind,
        seed_entity=seed,
        seed_path=(index, seed),
        index_levels=((index,),),
    )


class _Modules(Site):
    """``/index.html`` lists the modules ``/Mod-<Name>.html``; a module page's menu links the
    contents and its source, its text two other modules and its parts' sources
    ``/src/<n>.hs``."""

    id = "root-modules"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.lstrip("/")
        if name in ("", "index.html"):
            rows = "".join(f'<li><a href="Mod-{m}.html">Mod.{m}</a></li>' for m in _MODULES)
            return _page("Modules", f'<div id="content"><ul class="modules">{rows}</ul></div>')
        if name.startswith("src/") and name[4:-3].isdigit():
            return _page(name, "<pre>module Main where</pre>")
        if name.startswith("Mod-") and name[4:-5] in _MODULES:
            i = _MODULES.index(name[4:-5])
            see = _MODULES[i + 1 : i + 3]
            refs = "".join(f'<p>Uses <code><a href="Mod-{m}.html">{m}</a></code>.</p>' for m in see)
            menu = (
                '<ul id="page-menu"><li><a href="index.html">Contents</a></li>'
                f'<li><a href="src/{i * 10}.hs">Source</a></li></ul>'
            )
            files = "".join(f'<li><a href="src/{i * 10 + k}.hs">Part</a></li>' for k in (1, 2, 3))
            return _page(name, f'{menu}<div id="doc">{refs}<ul class="src">{files}</ul></div>')
        return web.Response(status=404, text="no such page")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/Mod-{m}.html" for m in _MODULES)
        return _one_list(self, base_url, "module", pages, f"{base_url}/index.html", pages[0])


class _Packages(Site):
    """``/pkg/`` lists every package ``/pkg/<path>/``; ``/pkg/<dir>/`` a directory's packages;
    every page carries the menu Home, Packages, Commands; a package page links, in its text,
    three other packages and its source files ``/src/<path>/<file>.go``."""

    id = "package-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        menu = (
            '<div id="topbar"><a href="/">Home</a><a href="/pkg/">Packages</a>'
            '<a href="/cmd/">Commands</a></div>'
        )
        if path in ("/", "/cmd/"):
            return _page(path, f"{menu}<p>Welcome.</p>")
        if path == "/pkg/":
            rows = "".join(
                f'<tr><td class="name"><a href="/pkg/{p}/">{p}</a></td></tr>' for p in _PACKAGES
            )
            return _page("Packages", f'{menu}<div id="main"><table>{rows}</table></div>')
        name = path.removeprefix("/pkg/").strip("/")
        subs = [p for p in _PACKAGES if p.startswith(f"{name}/")]
        if path.startswith("/pkg/") and subs and name not in _PACKAGES:
            rows = "".join(
                f'<tr><td class="dir"><a href="/pkg/{p}/">{p}</a></td></tr>' for p in subs
            )
            return _page(name, f'{menu}<div id="dir"><table>{rows}</table></div>')
        if path.startswith("/pkg/") and name in _PACKAGES:
            i = _PACKAGES.index(name)
            uses = [_PACKAGES[(i + k) % len(_PACKAGES)] for k in (1, 2, 3)]
            text = "".join(f'<p>See <a href="/pkg/{u}/">{u}</a>.</p>' for u in uses)
            files = "".join(
                f'<li><a href="/src/{name}/{f}.go">{f}.go</a></li>' for f in ("doc", "main", "util")
            )
            return _page(name, f'{menu}<div id="pkg">{text}<ul class="files">{files}</ul></div>')
        if path.startswith("/src/"):
            return _page(path, "<pre>package main</pre>")
        return web.Response(status=404, text="no such page")

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/pkg/{p}/" for p in _PACKAGES)
        seed = f"{base_url}/pkg/net/http/"
        return _one_list(self, base_url, "package", pages, f"{base_url}/pkg/", seed)


def test_the_root_is_the_folder_a_file_of_it_sits_in() -> None:
    base = "http://127.0.0.1:8000"
    assert own_folder(f"{base}/index.html", f"{base}/Mod-Alpha.html")
    assert own_folder(f"{base}/", f"{base}/Mod-Alpha.html")
    assert own_folder(f"{base}/man/", f"{base}/man/ls.html")
    # Not a folder's own page, nor a page above the nearest folder, nor a query's page.
    assert not own_folder(f"{base}/std/index.html", f"{base}/std/collections/index.html")
    assert not own_folder(f"{base}/", f"{base}/man/ls.html")
    assert not own_folder(f"{base}/index.php", f"{base}/index.php?title=Main")


async def test_a_confirmed_root_ends_the_probe_of_a_file_in_it() -> None:
    truth, result, downloaded = await serve_and_discover(_Modules(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert not [u for u in downloaded if "/src/" in u], downloaded


async def test_a_package_index_named_above_the_seed_ends_the_probe() -> None:
    truth, result, downloaded = await serve_and_discover(_Packages(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert result.sample_path[0] == f"{truth.base_url}/pkg/"
    assert not [u for u in downloaded if "/src/" in u], downloaded
