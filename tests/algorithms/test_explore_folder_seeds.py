"""`explore` on a reference whose one folder (``/libsoup/``) lists its classes, each class
page linking only pages of that folder, against the lab's truth: the list's most linked page,
loaded to name folders beside it, names none, and no other class page is loaded to look for
them (besidefolders.py's seeds)."""

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


class _Folder(Site):
    """`/libsoup/` lists the classes; `/libsoup/<Name>.html` shows one, linking the next."""

    id = "one-folder"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/libsoup/":
            items = "".join(f'<li><a href="{n}.html">{n}</a></li>' for n in CLASSES)
            return _html("libsoup", f"<h1>libsoup</h1><ul>{items}</ul>")
        name = request.path.removeprefix("/libsoup/").removesuffix(".html")
        if name not in CLASSES:
            return web.Response(status=404, text="not found")
        after = CLASSES[(CLASSES.index(name) + 1) % len(CLASSES)]
        links = f'<p><a href="/libsoup/">libsoup</a> <a href="{after}.html">{after}</a></p>'
        return _html(name, f"<h1>{name}</h1><p>A class.</p>{links}")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": tuple(f"{base_url}/libsoup/{n}.html" for n in CLASSES)},
            target_type="class",
            seed_entity=f"{base_url}/libsoup/Session.html",
        )


async def test_a_folders_most_linked_page_naming_no_folder_beside_ends_the_seeds() -> None:
    truth, result, downloaded = await serve_and_explore(_Folder(), "/libsoup/")
    assert set(result.entities) == set(truth.target_entities)
    # the list, the sample, and the one page its list and the sample link most
    assert len(downloaded) == 3, downloaded
    assert downloaded[:2] == [truth.base_url + "/libsoup/", truth.seed_entity]
