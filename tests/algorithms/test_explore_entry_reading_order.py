"""Where `explore` starts on a manual whose pages carry a reading order's "Prev" and "Next"
links in their header: a chapter's page listing some of the sample's pages, its "Next" leading
to its first page and its "Prev" to the chapter before, offers no second page of its list; the
home page listing every page of the kind is the list (against the lab's truth)."""

from __future__ import annotations

import pytest
from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

PAGES = tuple(f"Topic_{a}{b}" for a in "ab" for b in "abcdefghijklmno")  # 30, named by words
CHAPTERS = ("FAQ", "Guide", "About")  # in reading order


class _Manual(Site):
    """The home page links the three chapters, then all 30 pages ``/Guide/Topic_<ab>.html``;
    ``/Guide.html`` lists the first 20. Every page but the home page has a header of "Prev"
    and "Next" links along the manual's reading order (the chapters, the Guide's pages after
    its own)."""

    id = "manual-reading-order"
    kind = "entity-tree"
    pages = PAGES

    def _order(self) -> list[str]:
        return ["FAQ", "Guide", *(f"Guide/{p}" for p in self.pages), "About"]

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html") or "index"
        order = self._order()
        if name == "index":
            listed, header = self.pages, ""
        elif name in order:
            listed = self.pages[:20] if name == "Guide" else []
            at = order.index(name)
            prev = f'[ <a href="/{order[at - 1]}.html">Prev</a> ]' if at else ""
            after = f'[ <a href="/{order[at + 1]}.html">Next</a> ]' if at + 1 < len(order) else ""
            header = f'<div class="header">{prev} [ <a href="/">Index</a> ] {after}</div>'
        else:
            return web.Response(status=404)
        menu = "".join(f'<li><a href="/{c}.html">{c}</a></li>' for c in CHAPTERS)
        items = "".join(f'<li><a href="/Guide/{p}.html">{p}</a></li>' for p in listed)
        body = f"{header}<h1>{name}</h1><ul class='menu'>{menu}</ul><ul>{items}</ul><p>Text.</p>"
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/Guide/{p}.html" for p in self.pages)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": urls},
            target_type="page",
            seed_entity=urls[4],
        )


class _NumberedManual(_Manual):
    """The same manual, its pages numbered (``/Guide/Topic7.html``): the chapter's "Next" to
    its first page names a number, and still leads to a page of the sample's kind."""

    id = "manual-numbered"
    pages = tuple(f"Topic{n}" for n in range(1, 31))


@pytest.mark.parametrize("site", [_Manual, _NumberedManual])
async def test_a_chapters_prev_and_next_links_page_no_list(site: type[_Manual]) -> None:
    async with LabServer([site()]) as server:
        truth = server.truth(site.id)
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            assert entry.url == start and entry.complete
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0
