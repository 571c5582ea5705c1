"""SSUP's climb leaves out a script's links once two of them could not be loaded.

A package browser's page (``/cgi-bin/pkg?query=name``) links to the package's files through
another script (``/cgi-bin/files?location=...&type=...``) the site does not serve, and to the
packages it depends on, which link back to it: the folder ``/cgi-bin/`` holds pages that link
back, so it is no family of broken links; the file script's pages are, once two failed."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

PACKAGES = tuple(f"pkg{k}" for k in range(8))


def _page(title: str, body: str) -> web.Response:
    return web.Response(
        text=f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>",
        content_type="text/html",
    )


def _package(name: str) -> str:
    k = PACKAGES.index(name)
    deps = "".join(
        f'<li><a href="/cgi-bin/pkg?query={PACKAGES[j % len(PACKAGES)]}">dep</a></li>'
        for j in (k + 1, k - 1)
    )
    files = "".join(
        f'<tr><td><a href="/cgi-bin/files?location=/usr/share/doc/{name}/{f}&amp;type=file">'
        f"{f}</a></td></tr>"
        for f in ("changelog.gz", "copyright", "README", "NEWS", "examples", "TODO")
    )
    return f"<p>Depends:</p><ul>{deps}</ul><p>Files:</p><table>{files}</table>"


class _Browser(Site):
    kind = "entity-tree"
    id = "broken-script"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/cgi-bin/pkg":
            name = request.query.get("query")
            if name is None:
                items = "".join(f'<a href="/cgi-bin/pkg?query={p}">{p}</a>\n' for p in PACKAGES)
                return _page("Packages", f"<pre>{items}</pre>")
            if name in PACKAGES:
                return _page(name, _package(name))
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/cgi-bin/pkg?query={p}" for p in PACKAGES)
        index = f"{base_url}/cgi-bin/pkg"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"package": pages},
            target_type="package",
            seed_entity=pages[3],
            seed_path=(index, pages[3]),
            index_levels=((index,),),
        )


async def test_a_script_whose_pages_fail_is_left_out_after_two() -> None:
    truth, result, downloaded = await serve_and_discover(_Browser(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, sorted(result.entities)
    files = [u for u in downloaded if "/cgi-bin/files" in u]
    assert len(files) <= 2, downloaded
