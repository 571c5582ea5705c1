"""SSUP keeps the pages a table of contents lists only at its top depth.

A documentation's home page lists every document (``li/a``) with its sections nested under it
(``li/ul/li/a``, ``quickstart/#routing``); a section's own page (``/guide/``) holds its child
documents there instead, and a short page (``/license/``) no section at all. The seed, a child
of the section, is listed through the nested depth, as are the other documents through their
sections' links: the top depth, most of whose entries that depth links to, is the same list,
and the section's page and the short page are documents of it too."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

PAGES = ("install", "quickstart", "templates", "testing", "errors", "debugging", "logging")
PAGES += ("config", "signals", "views", "blueprints", "cli")
GUIDE = tuple(f"pattern{k}" for k in range(20))
TUTORIAL = ("layout", "factory", "database")
CHILDREN = {"guide": GUIDE, "tutorial": TUTORIAL}
SECTIONS = ("usage", "options", "notes")


def _page(title: str, up: str, body: str) -> web.Response:
    return web.Response(
        text=f"<html><head><title>{title}</title></head><body>"
        f'<div class="related"><a href="{up}">Up</a></div>'
        f'<div class="body"><section id="main"><h1>{title}</h1>{body}</section></div>'
        "</body></html>",
        content_type="text/html",
    )


def _sections(name: str) -> str:
    return "".join(f'<section id="{s}"><h2>{s}</h2><p>{name} {s}.</p></section>' for s in SECTIONS)


def _toc(entries: list[tuple[str, list[str]]]) -> str:
    items = "".join(
        f'<li class="toctree-l1"><a href="{url}">{url}</a>'
        + ("<ul>" + "".join(f'<li class="toctree-l2"><a href="{s}">{s}</a></li>' for s in sub))
        + "</ul></li>"
        if sub
        else f'<li class="toctree-l1"><a href="{url}">{url}</a></li>'
        for url, sub in entries
    )
    return f'<div class="toctree-wrapper"><ul>{items}</ul></div>'


class _Docs(Site):
    kind = "entity-tree"
    id = "toc-depths"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        children = {k: [f"/{k}/{c}/" for c in v] for k, v in CHILDREN.items()}
        if path == "/":
            entries = [(f"/{p}/", [f"/{p}/#{s}" for s in SECTIONS]) for p in PAGES[:2]]
            entries += [("/tutorial/", children["tutorial"])]
            entries += [(f"/{p}/", [f"/{p}/#{s}" for s in SECTIONS]) for p in PAGES[2:5]]
            entries += [("/guide/", children["guide"])]
            entries += [(f"/{p}/", [f"/{p}/#{s}" for s in SECTIONS]) for p in PAGES[5:]]
            entries += [("/license/", [])]
            return _page("Docs", "/", "<p>Welcome.</p>" + _toc(entries))
        for section, pages in children.items():
            if path == f"/{section}/":
                toc = _toc([(c, [f"{c}#{s}" for s in SECTIONS]) for c in pages])
                return _page(section, "/", "<p>Its pages.</p>" + toc)
            if path in pages:
                return _page(path.split("/")[2], f"/{section}/", _sections(path))
        if path.strip("/") in PAGES:
            return _page(path.strip("/"), "/", _sections(path))
        if path == "/license/":
            return _page("License", "/", "<p>Permission is granted.</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        pages = [f"{base_url}/{p}/" for p in (*PAGES, *CHILDREN, "license")]
        children = [f"{base_url}/{k}/{c}/" for k, v in CHILDREN.items() for c in v]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": tuple(pages + children)},
            target_type="document",
            seed_entity=children[1],
            seed_path=(f"{base_url}/", f"{base_url}/guide/", children[1]),
            index_levels=((f"{base_url}/",), (f"{base_url}/guide/", f"{base_url}/tutorial/")),
        )


async def test_the_top_depth_of_a_table_of_contents_is_the_list_its_sections_hold() -> None:
    truth, result, _ = await serve_and_discover(_Docs(), height="auto")
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, sorted(result.entities)
