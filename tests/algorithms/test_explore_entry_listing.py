"""Where `explore` starts on a reference served as a folder of files without an index page: the
web server lists the folder's every file (class pages, their member lists, guides, data files,
folders), each named by its file name. That listing is no list of the site's entities; the
folder's index document it lists (`/lib-index.html`) is the site's start page, and from there
the class list is found (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.algorithms.entrypoint import listing_index
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores
from siteseer.render import Snapshot

CLASSES = [f"qwidget{n}" for n in range(1, 16)]
GUIDES = ("lib-overview", "lib-examples")
FILES = ("lib.index", "lib.qhp", "manifest.xml", "images/", "style/")


def _files() -> list[str]:
    pages = [f"{c}.html" for c in CLASSES] + [f"{c}-members.html" for c in CLASSES]
    pages += [f"{g}.html" for g in (*GUIDES, "lib-index", "lib-module")]
    return sorted([*pages, *FILES])


class _FileFolder(Site):
    """A library's reference as files: `/` is the server's listing of them all; the index
    document `/lib-index.html` links the guides and the class list `/lib-module.html`, a table
    of the 15 classes; a class page links its member list and the class list."""

    id = "file-folder"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/")
        if not name:
            items = "".join(f'<li><a href="{f}">{f}</a></li>' for f in _files())
            body = f"<h1>Directory listing for /</h1><hr><ul>{items}</ul><hr>"
        elif name == "lib-index.html":
            links = [*GUIDES, "lib-module"]
            items = "".join(f'<li><a href="{g}.html">{g.title()}</a></li>' for g in links)
            body = f"<h1>The library</h1><p>Guides and reference.</p><ul>{items}</ul>"
        elif name == "lib-module.html":
            rows = "".join(
                f'<tr><td><a href="{c}.html">{c.title()}</a></td><td>A widget.</td></tr>'
                for c in CLASSES
            )
            body = f"<h1>C++ Classes</h1><table>{rows}</table>"
        elif name.removesuffix(".html").removesuffix("-members") in CLASSES:
            own = name.removesuffix(".html").removesuffix("-members")
            body = (
                f'<h1>{own}</h1><p><a href="{own}-members.html">List of all members</a></p>'
                '<p>Part of <a href="lib-module.html">the classes</a>.</p>'
            )
        elif name.removesuffix(".html") in GUIDES:
            body = f"<h1>{name}</h1><p>A guide.</p>"
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{c}.html" for c in CLASSES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"class": urls},
            target_type="class",
            seed_entity=urls[3],
        )


async def test_a_servers_file_listing_leads_to_its_index_document() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_FileFolder())
    assert entry.url == truth.base_url + "/lib-module.html" and entry.complete
    assert any(t.decision == "file-listing" for t in entry.trace)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


async def test_a_list_of_entities_named_by_title_is_no_file_listing() -> None:
    async with LabServer([_FileFolder()]) as server:
        base = server.truth("file-folder").base_url
        async with Session(SessionConfig(render="never", cache=None)) as session:
            listing: Snapshot = await session.page(base + "/")
            classes: Snapshot = await session.page(base + "/lib-module.html")
    assert listing_index(listing, base + "/qwidget4.html") == base + "/lib-index.html"
    assert listing_index(classes, base + "/qwidget4.html") is None
