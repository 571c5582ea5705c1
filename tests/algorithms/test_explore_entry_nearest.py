"""Where `explore` starts when the pages near the sample say where its list is, against the
lab's truth: a help page naming its folder's index beside it (the home page's round names
none of it) is followed there, and a documentation whose every page carries the home page's
menu, the page nearest the sample showing the same, loads no farther page."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import EntryPoint, explore, find_list_page
from siteseer.algorithms.result import Exploration
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

TOPICS = [f"topic{n}" for n in range(1, 25)]
MANUALS = [f"/doc/manual{n}.html" for n in range(1, 9)]


def _page(title: str, links: list[str], top: str | None = "/doc/index.html") -> web.Response:
    items = "".join(f'<li><a href="{u}">{u.rstrip("/").rsplit("/", 1)[-1]}</a></li>' for u in links)
    head = f'<p><a href="{top}">Top</a></p>' if top else ""
    body = f"{head}<div><h1>{title}</h1><ul>{items}</ul><p>Text.</p></div>"
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


class _HelpLibrary(Site):
    """A help server: its root links only the documentation's home page, which links eight
    manuals (pages of text) and no help page; a package's help page (`/library/pkg/html/
    <topic>.html`) links its folder's index (`00Index.html`, listing the 24 topics) and a
    page of another folder."""

    id = "help-library"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return _page("root", ["/doc/index.html"])
        if path == "/doc/index.html":
            return _page("docs", MANUALS)
        if path in MANUALS:
            return _page(path, [])
        if path == "/library/pkg/html/00Index.html":
            return _page("index", [f"{t}.html" for t in TOPICS])
        if path.startswith("/library/pkg/html/") and path[18:].removesuffix(".html") in TOPICS:
            return _page(path, ["00Index.html", "/library/pkg/help/other"], top=None)
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/library/pkg/html/{t}.html" for t in TOPICS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"topic": urls},
            target_type="topic",
            seed_entity=urls[6],
        )


GUIDES = {
    "users": [f"/guide/users/u{n}/" for n in range(1, 6)],
    "contributors": [f"/guide/contributors/c{n}/" for n in range(1, 6)],
    "extensions": [f"/extensions/official/e{n}/" for n in range(1, 13)],
}
ABOUT = ["/about/", "/license/", "/credits/", "/changelog/"]


class _MenuManual(Site):
    """A documentation whose every page carries one menu (a navigation bar) of every page:
    the user guide's sections, the contributors' guide's, the extensions' and four pages
    about the project; the pages show their text and no list of their own."""

    id = "menu-manual"
    kind = "entity-tree"

    def _menu(self) -> str:
        def branch(name: str, urls: list[str]) -> str:
            inner = "".join(f'<li><a href="{u}">{u.strip("/")}</a></li>' for u in urls)
            return f'<li><a href="#">{name}</a><ul>{inner}</ul></li>'

        guide = branch("Users", GUIDES["users"]) + branch("Contributors", GUIDES["contributors"])
        items = f'<li><a href="#">Guide</a><ul>{guide}</ul></li>'
        items += branch("Extensions", GUIDES["extensions"])
        items += "".join(f'<li><a href="{u}">{u.strip("/")}</a></li>' for u in ABOUT)
        return f"<nav><ul>{items}</ul></nav>"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        pages = [u for urls in GUIDES.values() for u in urls] + ABOUT
        if path != "/" and path not in pages:
            return web.Response(status=404)
        body = f"{self._menu()}<main><h1>{path}</h1><p>Text of {path}.</p></main>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + u for urls in GUIDES.values() for u in urls) + tuple(
            base_url + u for u in ABOUT
        )
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=f"{base_url}/guide/users/u3/",
        )


async def _entry_and_explore(site: Site) -> tuple[SiteTruth, EntryPoint, Exploration]:
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, truth.base_url + "/", truth.seed_entity)
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    return truth, entry, result


async def test_the_index_the_sample_names_beside_it_is_its_list() -> None:
    truth, entry, result = await _entry_and_explore(_HelpLibrary())
    assert entry.url == truth.base_url + "/library/pkg/html/00Index.html" and entry.complete
    assert entry.cost.downloads == 3  # the root, the sample and its folder's index
    assert any(t.decision == "sample-named" for t in entry.trace)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


async def test_a_menu_on_every_page_loads_no_farther_page() -> None:
    truth, entry, result = await _entry_and_explore(_MenuManual())
    assert entry.url == truth.base_url + GUIDES["users"][0] and entry.complete
    assert entry.cost.downloads == 2  # the home page and the page nearest the sample
    assert any(t.decision == "near-same" for t in entry.trace)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
