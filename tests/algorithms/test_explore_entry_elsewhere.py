"""Where `explore` starts on a documentation site whose changelog links every rule page beside
hundreds of issues on its tracker, another site, under a version picker: the changelog's
largest group of links leads elsewhere, so it is no list of the site's pages with a facet; the
home page listing every rule is the list (against the lab's truth)."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore, find_list_page
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

RULES = tuple(f"no-{a}{b}" for a in "ab" for b in "abcdef")  # 12, named by words
TRACKER = "http://tracker.invalid/project/issues"


class _Changelog(Site):
    """The home page links ``/CHANGELOG/`` and the 12 rules ``/docs/rules/<rule>/``; the
    changelog links each rule, 40 issues on the tracker, and a GET form picking a version."""

    id = "docs-changelog"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        rules = "".join(f'<li><a href="/docs/rules/{r}/">{r}</a></li>' for r in RULES)
        if request.path == "/":
            body = f'<a href="/CHANGELOG/">Changelog</a><h1>Rules</h1><ul>{rules}</ul>'
        elif request.path == "/CHANGELOG/":
            issues = "".join(
                f'<li><a href="{TRACKER}/{n}">#{n}</a> fixed in a rule</li>' for n in range(40)
            )
            options = "".join(f"<option>2.{v}</option>" for v in range(3))
            form = f'<form action="/CHANGELOG/"><select name="v">{options}</select></form>'
            body = f"{form}<h1>Changelog</h1><ul>{issues}</ul><ul>{rules}</ul>"
        elif request.path.removeprefix("/docs/rules/").strip("/") in RULES:
            body = f"<h1>{request.path}</h1><p>Text.</p>"
        else:
            return web.Response(status=404)
        return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/docs/rules/{r}/" for r in RULES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"rule": urls},
            target_type="rule",
            seed_entity=urls[4],
        )


async def test_a_page_listing_another_sites_pages_is_no_list_of_this_one() -> None:
    async with LabServer([_Changelog()]) as server:
        truth = server.truth("docs-changelog")
        start = truth.base_url + "/"
        async with Session(SessionConfig(render="never", cache=None)) as session:
            entry = await find_list_page(session, start, truth.seed_entity)
            assert entry.url == start and entry.complete
            result = await explore(session, entry.url, entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
