"""A documentation home page whose "Next" link leads to its first chapter: the chapter is one of
the list's entities, no further page of the list, and is not loaded as one (against the lab's
truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CHAPTERS = [f"/chapter-{n}.html" for n in range(1, 16)]


class _Book(Site):
    """A book: the home page lists every chapter and ends with "Next »" to the first; each
    chapter shows its text and "Next »" to the chapter after it."""

    id = "book-next"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            items = "".join(f'<li><a href="{c}">Chapter {c[9:-5]}</a></li>' for c in CHAPTERS)
            main = f'<h1>Book</h1><ul class="toc">{items}</ul>'
            after = CHAPTERS[0]
        elif path in CHAPTERS:
            n = CHAPTERS.index(path)
            main = f"<h1>{path}</h1><p>Text.</p>"
            after = CHAPTERS[n + 1] if n + 1 < len(CHAPTERS) else ""
        else:
            return web.Response(status=404)
        pager = f'<a rel="next" href="{after}">Next »</a>' if after else ""
        body = f'<main>{main}</main><div class="pager">{pager}</div>'
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(base_url + c for c in CHAPTERS)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"chapter": urls},
            target_type="chapter",
            seed_entity=urls[4],
        )


async def test_a_next_link_to_a_listed_entity_is_no_page_of_the_list() -> None:
    async with LabServer([_Book()]) as server:
        truth = server.truth("book-next")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    assert not any(t.step == "cluster" for t in result.trace)
    # the home page and the sample's: the first chapter is not loaded as a further page
    assert result.cost.downloads == 2
