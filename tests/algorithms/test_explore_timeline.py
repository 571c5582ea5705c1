"""`explore` on a timeline, against the lab's truth: the newest check-ins under a day's heading,
each row linking its check-in, its own place in the timeline (``?c=<hash>``) and its user's
timeline; a "More ↓" button-link to the older ones (``?b=<time>``), and every tool link of a
page carrying the place it shows (``?b=<time>&advm=1``). The rows' links are the check-ins'
fields, no facets; the older pages are pages of the one list."""

from __future__ import annotations

import hashlib

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CHECKINS = 20
PER_PAGE = 8
USERS = ("ann", "bob", "cyd")
HASHES = [hashlib.sha1(str(n).encode()).hexdigest()[:16] for n in range(CHECKINS)]  # newest first


def _time(n: int) -> str:
    return f"2023-01-{CHECKINS - n:02d} 12:00:00"


def _timeline(before: str | None) -> web.Response:
    start = 0 if before is None else next(n for n in range(CHECKINS) if _time(n) < before)
    shown = range(start, min(start + PER_PAGE, CHECKINS))
    rows = "".join(
        f'<tr><td class="time"><a href="/timeline?c={HASHES[n]}&amp;y=a">12:00</a></td>'
        f'<td class="cell"><span class="detail"><a href="/info/{HASHES[n]}">[{HASHES[n][:10]}]</a>'
        f' user: <a href="/timeline?u={USERS[n % 3]}&amp;c={_time(n)}">{USERS[n % 3]}</a>'
        "</span></td></tr>"
        for n in shown
    )
    place = "" if before is None else f"b={before}&amp;"
    tools = f'<div class="submenu"><a href="/timeline?{place}advm=1">Advanced</a></div>'
    more = ""
    if shown.stop < CHECKINS:
        more = f'<a class="button" href="/timeline?b={_time(shown.stop - 1)}">More&nbsp;&darr;</a>'
    html = (
        f'<html><body class="timeline">{tools}<div class="content"><h2>2023-01</h2>'
        f'<table class="timelineTable">{rows}</table>{more}</div></body></html>'
    )
    return web.Response(text=html, content_type="text/html")


class _Timeline(Site):
    id = "timeline"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/timeline":
            return _timeline(request.query.get("b"))
        sha = path.removeprefix("/info/")
        if sha != path and sha in HASHES:
            return web.Response(
                text=f"<html><body><h1>{sha}</h1></body></html>", content_type="text/html"
            )
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        checkins = tuple(f"{base_url}/info/{sha}" for sha in HASHES)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"checkin": checkins},
            target_type="checkin",
            seed_entity=checkins[0],
            seed_path=(f"{base_url}/timeline", checkins[0]),
            index_levels=((f"{base_url}/timeline",),),
        )


async def test_a_timeline_is_paged_by_its_more_link_and_its_rows_links_are_no_facets() -> None:
    async with LabServer([_Timeline()]) as server:
        truth = server.truth("timeline")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(
                session, truth.base_url + "/timeline", entity_sample=truth.seed_entity
            )
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == scores.recall == 1.0
    assert {q.id for q in result.queries} == {"q0"}
    assert not any("?c=" in s.subject or "?u=" in s.subject for s in result.skipped)
