"""SSUP against the lab's truth on a tree of variable depth, as a documentation server draws its
package index: one table lists every package, at every depth (``/pkg/bytes/``,
``/pkg/net/http/``), and among them the folders that hold packages without being one
(``/pkg/archive/``: a page listing its sub-packages, no documentation of its own). The seed is a
package two folders deep; the packages one deep are of its kind too, and a group of them is
judged by one of its pages: a leaf, not the folder listed first."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

# Folders holding packages but no package of their own.
_FOLDERS = {
    "archive": ("tar", "zip"),
    "compress": ("bzip2", "flate", "gzip"),
    "container": ("heap", "list", "ring"),
}
# Packages that are folders too, and their sub-packages.
_PARENTS = {"net": ("http", "mail", "rpc", "smtp", "url"), "crypto": ("aes", "des", "rsa")}
_TOPS = ("bufio", "bytes", "context", "errors", "flag", "fmt", "io", "sort", "strings", "time")


def _packages() -> list[str]:
    nested = [f"{top}/{sub}" for table in (_FOLDERS, _PARENTS) for top, subs in table.items()
              for sub in subs]  # fmt: skip
    return sorted([*_PARENTS, *_TOPS, *nested])


def _html(title: str, body: str) -> web.Response:
    nav = '<div id="topbar"><a href="/">Go</a> <a href="/pkg/">Packages</a></div>'
    html = f"<html><head><title>{title}</title></head><body>{nav}{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _PackageIndexSite(Site):
    """`/pkg/` lists every folder and package in one table, folders without a synopsis;
    `/pkg/<path>/` a package's documentation, or a folder's list of its packages."""

    id = "inner-nodes"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/pkg/"):
            names = sorted([*_FOLDERS, *_packages()])
            rows = "".join(
                f'<tr><td class="name"><a href="/pkg/{n}/">{n}</a></td>'
                f'<td class="synopsis">{"" if n in _FOLDERS else f"Package {n}."}</td></tr>'
                for n in names
            )
            return _html("Packages", f'<div id="page"><table class="dir">{rows}</table></div>')
        name = path.removeprefix("/pkg/").rstrip("/")
        if name in _FOLDERS:
            rows = "".join(
                f'<tr><td><a href="/pkg/{name}/{s}/">{s}</a></td></tr>' for s in _FOLDERS[name]
            )
            return _html(
                name, f'<div id="page"><h1>Directory {name}</h1><table>{rows}</table></div>'
            )
        if name not in _packages():
            return web.Response(status=404, text="not found")
        index = "".join(f'<dd><a href="#F{i}">func F{i}()</a></dd>' for i in range(4))
        decls = "".join(
            f'<h3 id="F{i}">func <a href="/src/{name}/f.go">F{i}</a></h3><pre>func F{i}()</pre>'
            f"<p>F{i} does a thing.</p>"
            for i in range(4)
        )
        subs = '<tr><td><a href="/pkg/">..</a></td></tr>' + "".join(
            f'<tr><td><a href="/pkg/{name}/{s}/">{s}</a></td></tr>' for s in _PARENTS.get(name, ())
        )
        body = (
            f'<div id="page"><h1>Package {name}</h1><div id="short">import "{name}"</div>'
            f'<div id="pkg-overview"><p>Package {name} does things.</p></div>'
            f'<div id="pkg-index"><dl>{index}</dl></div>{decls}'
            f'<div id="pkg-subdirectories"><table>{subs}</table></div></div>'
        )
        return _html(name, body)

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/pkg/{n}/" for n in _packages())
        seed = f"{base_url}/pkg/net/http/"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"package": pages},
            target_type="package",
            seed_entity=seed,
            seed_path=(f"{base_url}/pkg/", seed),
            index_levels=((f"{base_url}/pkg/",),),
        )


async def test_a_group_mixing_packages_and_folders_is_judged_by_a_package() -> None:
    truth, result, downloaded = await serve_and_discover(_PackageIndexSite())
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    # Every package is found; the folders holding no package are inner nodes of the tree.
    assert scores.recall == 1.0, sorted(set(truth.target_entities) - set(result.entities))
    assert scores.f1 >= 0.9, result.entities
    assert len(downloaded) <= truth.lower_bound_downloads + 12, downloaded
