"""`explore` on a binding reference's package index, against the lab's truth: each class page
shows two pairs, its namespace and its package, the package the name the index is headed by;
a pair left beside it is no record, so no second class page is loaded to compare them and no
page is read for fields (every class of the package shows the same two)."""

from __future__ import annotations

from aiohttp import web

from siteseer.lab import Site, SiteTruth
from tests.algorithms.explore_runs import serve_and_explore

CLASSES = ("Session", "Message", "Address", "Cookie", "Server", "Logger", "Request")


def _html(title: str, body: str) -> web.Response:
    return web.Response(
        text=f"<html><head><title>{title}</title></head><body>{body}</body></html>",
        content_type="text/html",
    )


class _Package(Site):
    """`/libsoup/index.htm` lists the classes; `/libsoup/Soup.<Name>.html` shows one."""

    id = "package-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/libsoup/index.htm":
            items = "".join(f'<li><a href="Soup.{n}.html">Soup.{n}</a></li>' for n in CLASSES)
            return _html("libsoup – Reference", f"<h1>libsoup</h1><ul>{items}</ul>")
        name = request.path.removeprefix("/libsoup/Soup.").removesuffix(".html")
        if name not in CLASSES:
            return web.Response(status=404, text="not found")
        record = "<dl><dt>Namespace</dt><dd>Soup</dd><dt>Package</dt><dd>libsoup</dd></dl>"
        back = '<p><a href="/libsoup/index.htm">libsoup</a></p>'
        return _html(f"Soup.{name}", f"<h1>Soup.{name}</h1>{record}<p>A class.</p>{back}")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": tuple(f"{base_url}/libsoup/Soup.{n}.html" for n in CLASSES)},
            target_type="class",
            seed_entity=f"{base_url}/libsoup/Soup.Session.html",
        )


async def test_a_pair_naming_the_list_leaves_no_record_and_loads_no_second_page() -> None:
    truth, result, downloaded = await serve_and_explore(_Package(), "/libsoup/index.htm")
    assert set(result.entities) == set(truth.target_entities)
    assert sorted(downloaded) == sorted([truth.base_url + "/libsoup/index.htm", truth.seed_entity])
