"""SSUP never loses a level it confirmed: a climb that moves sideways to the first page of a
list stays at the index page it confirmed when nothing lists that first page."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

RECORDS = 12
RECENT = 3


class _TabSite(Site):
    """A list of records at /records/all, beside a "Recent" tab at /records (a shorter URL on
    the same template, listing the last few records through the same path): the two link to
    each other through their tabs, and nothing else lists either."""

    id = "tabs"
    kind = "entity-tree"

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        menu = '<nav class="menu"><a href="/">Home</a> <a href="/about">About</a></nav>'
        html = f"<html><head><title>{title}</title></head><body>{menu}<h1>{title}</h1>{body}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    @staticmethod
    def _rows(numbers: range) -> str:
        tabs = (
            '<nav class="tabs"><a href="/records">Recent</a> <a href="/records/all">All</a></nav>'
        )
        rows = "".join(f'<li><a href="/record/{k}">Record {k}</a></li>' for k in numbers)
        return tabs + f'<ul class="rows">{rows}</ul>'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/records/all":
            return self._page("All records", self._rows(range(1, RECORDS + 1)))
        if path == "/records":
            return self._page(
                "Recent records", self._rows(range(RECORDS - RECENT + 1, RECORDS + 1))
            )
        if path.startswith("/record/"):
            k = path.rsplit("/", 1)[-1]
            if k.isdigit() and 1 <= int(k) <= RECORDS:
                crumbs = '<nav class="crumbs"><a href="/records/all">Records</a></nav>'
                return self._page(f"Record {k}", crumbs + f"<p>The text of record {k}.</p>")
        if path in ("/", "/about"):
            return self._page("Home", "<p>Welcome.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        records = tuple(f"{base_url}/record/{k}" for k in range(1, RECORDS + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"record": records},
            target_type="record",
            seed_entity=records[0],
            index_levels=((f"{base_url}/records/all",),),
        )


async def test_a_sideways_move_that_finds_nothing_above_keeps_the_confirmed_index_page() -> None:
    async with LabServer([_TabSite()]) as server:
        truth = server.truth("tabs")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await ssup(session, truth.seed_entity, height=2)
    # Without the rule the climb ended at the "Recent" tab and found its 3 records alone.
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert result.sample_path == (truth.base_url + "/records/all", truth.seed_entity)
    assert any(e.step == "sample-path" and e.decision == "stay" for e in result.trace)
