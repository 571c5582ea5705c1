"""`explore` where the sample teaches a pattern taking in every page of its host (``/*``
learned from ``/msg00000.html``), against the lab's truth: a mail archive whose index pages
are ``/maillist.html``, ``/mail2.html`` …; a documentation index whose table of entities
sits beside a larger menu; a module index listing modules at every depth of their package."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

MESSAGES = 250
PER_INDEX = 100


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


def _index_name(k: int) -> str:
    return "maillist.html" if k == 1 else f"mail{k}.html"


class _Archive(Site):
    """A mail archive: index pages of 100 messages (``/maillist.html``, ``/mail2.html``,
    ``/mail3.html``) chained by "[Prev Page][Next Page]" links; each message ``/msgNNNNN.html``
    links the next message as "Next" too."""

    id = "mail-archive"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.lstrip("/")
        pages = -(-MESSAGES // PER_INDEX)
        for k in range(1, pages + 1):
            if name == _index_name(k):
                first = (k - 1) * PER_INDEX
                items = "".join(
                    f'<li><strong><a href="msg{n:05d}.html">Upload {n}</a></strong></li>'
                    for n in range(first, min(first + PER_INDEX, MESSAGES))
                )
                prev = f'<a href="{_index_name(k - 1)}">Prev Page</a>' if k > 1 else "Prev Page"
                nxt = f'<a href="{_index_name(k + 1)}">Next Page</a>' if k < pages else "Next Page"
                menu = '<ul><li><a href="threads.html">Thread Index</a></li></ul>'
                return _page(f"<h1>Uploads</h1>{menu}[{prev}][{nxt}]<hr><ul>{items}</ul>")
        if name.startswith("msg") and int(name[3:8]) < MESSAGES:
            n = int(name[3:8])
            return _page(f'<h1>Upload {n}</h1><a href="msg{n + 1:05d}.html">Next</a>')
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/msg{n:05d}.html" for n in range(MESSAGES))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"message": urls},
            target_type="message",
            seed_entity=urls[0],
        )


async def _explored(site: Site, start: str) -> tuple[SiteTruth, set[str], bool, str]:
    async with LabServer([site]) as server:
        truth = server.truth(site.id)
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + start, entity_sample=truth.seed_entity)
    return truth, set(result.entities), result.complete, result.reason


async def test_a_next_page_link_the_wide_pattern_takes_in_is_still_the_next_page() -> None:
    truth, found, complete, reason = await _explored(_Archive(), "/maillist.html")
    assert complete, reason
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


STRUCTS = [f"Struct{n}" for n in range(14)]


class _Reference(Site):
    """A generated reference: every page links a large menu of the index pages (a nested list
    of 20 links); the structures' index ``/annotated.html`` lists the 14 structures in a table
    of alternating row classes."""

    id = "reference-index"
    kind = "entity-tree"

    @staticmethod
    def _menu() -> str:
        pages = [f"page{n}.html" for n in range(20)]
        inner = "".join(f'<li><a href="{p}">Page {p}</a></li>' for p in pages[4:])
        top = "".join(f'<li><a href="{p}">Page {p}</a></li>' for p in pages[:4])
        return f'<div id="nav"><ul class="menu">{top}<li><ul>{inner}</ul></li></ul></div>'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.lstrip("/")
        if name == "annotated.html":
            rows = "".join(
                f'<tr class="{"even" if i % 2 else "odd"}"><td class="entry">'
                f'<a href="struct{s}.html">{s}</a></td><td>A structure.</td></tr>'
                for i, s in enumerate(STRUCTS)
            )
            return _page(f'{self._menu()}<div class="contents"><table>{rows}</table></div>')
        if name.startswith("struct") and name[6:-5] in STRUCTS:
            return _page(f"{self._menu()}<h1>{name[6:-5]}</h1>")
        if name.startswith("page"):
            return _page(f"{self._menu()}<h1>{name}</h1>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/struct{s}.html" for s in STRUCTS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"struct": urls},
            target_type="struct",
            seed_entity=urls[3],
        )


async def test_the_list_holding_the_sample_is_the_result_list_beside_a_larger_menu() -> None:
    truth, found, complete, reason = await _explored(_Reference(), "/annotated.html")
    assert complete, reason
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0


MODULES = [
    "docutils",
    "docutils/core",
    "docutils/io",
    "docutils/nodes",
    "docutils/parsers",
    "docutils/parsers/rst",
    "docutils/parsers/rst/directives",
    "docutils/parsers/rst/directives/body",
    "pdoc",
    "pdoc/doc",
    "pdoc/render",
]


class _Modules(Site):
    """A module index: one list of every module's page, at the depth its package gives it
    (``/docutils.html``, ``/docutils/core.html``, ``/docutils/parsers/rst/directives.html``)."""

    id = "module-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.lstrip("/")
        if name in ("", "index.html"):
            items = "".join(
                f'<li><a href="/{m}.html">{m.replace("/", ".")}</a></li>' for m in MODULES
            )
            return _page(
                f'<nav><h2>Modules</h2><ul>{items}</ul></nav><a href="/search.html">Search</a>'
            )
        if name.endswith(".html") and name[:-5] in MODULES:
            return _page(f'<h1>{name[:-5]}</h1><a href="/">Index</a>')
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{m}.html" for m in MODULES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"module": urls},
            target_type="module",
            seed_entity=f"{base_url}/docutils/core.html",
        )


async def test_a_list_of_single_links_holds_its_entities_at_every_depth() -> None:
    truth, found, complete, reason = await _explored(_Modules(), "/")
    assert complete, reason
    scores = set_scores(found, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
