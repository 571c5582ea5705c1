"""SSUP's per-level share of the budget: a level's pagination that shows no entity links stops
at its share, and the entity level is still caught."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest
from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.algorithms.ssup import LEVEL_SHARE
from siteseer.algorithms.ssup.pagination import DRY_RUN
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

Lab = Callable[[str], LabServer]
STORIES = 12
ARCHIVE_DAYS = 300


class _ArchiveSite(Site):
    """A news list whose page links a date archive inside the list's own URL space: every day
    of the archive is a page on the list's template that lists no story (a view, not a page).
    With `filters`, each day is a filter of the list of its own (``/news?day-17=on``, the list
    shown again): every day is a family of its own, so that no family's first page stops the
    others."""

    kind = "entity-tree"

    def __init__(self, *, filters: bool = False) -> None:
        self.filters = filters
        self.id = "archive-filters" if filters else "archive"

    @staticmethod
    def _page(title: str, body: str) -> web.Response:
        nav = '<nav class="menu"><a href="/">Home</a> <a href="/about">About</a></nav>'
        html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    def _archive(self, days: range) -> str:
        links = "".join(
            f'<li><a href="{f"/news?day-{d}=on" if self.filters else f"/news/archive/{d}"}">'
            f"Day {d}</a></li>"
            for d in days
        )
        return f'<div class="archive"><ul>{links}</ul></div>'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/news":
            items = "".join(
                f'<li><a href="/news/story-{k}">Story number {k}</a></li>'
                for k in range(1, STORIES + 1)
            )
            body = f'<ul class="stories">{items}</ul>' + self._archive(range(1, ARCHIVE_DAYS + 1))
            return self._page("News", body)
        if path.startswith("/news/story-"):
            k = path.rsplit("-", 1)[-1]
            if k.isdigit() and 1 <= int(k) <= STORIES:
                crumbs = '<nav class="crumbs"><a href="/news">News</a></nav>'
                return self._page(f"Story number {k}", crumbs + f"<p>The text of story {k}.</p>")
        if path.startswith("/news/archive/"):
            day = path.rsplit("/", 1)[-1]
            if day.isdigit():
                d = int(day)  # endless: every day links its neighbours
                body = "<p>Nothing was published that day.</p>" + self._archive(
                    range(max(1, d - 1), d + 2)
                )
                return self._page(f"Archive, day {d}", body)
        if path in ("/", "/about"):
            return self._page("Home", '<p><a href="/news">News</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        stories = tuple(f"{base_url}/news/story-{k}" for k in range(1, STORIES + 1))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"story": stories},
            target_type="story",
            seed_entity=stories[0],
            index_levels=((f"{base_url}/news",),),
        )


async def _run(
    truth: SiteTruth, budget: int, downloaded: list[str], **options: object
) -> tuple[float, bool, tuple[str, ...]]:
    async with Session(SessionConfig(render="never", cache=None, budget=budget)) as session:
        session.events.on(
            "page", lambda snap, cached: None if cached else downloaded.append(snap.url)
        )
        result = await ssup(session, truth.seed_entity, height=1, **options)  # type: ignore[arg-type]
    notes = tuple(t.note for t in result.trace if t.step == "pagination" and t.decision == "stop")
    return set_scores(result.entities, truth.target_entities).f1, result.complete, notes


async def test_a_date_archive_in_the_lists_url_space_stops_at_its_first_page() -> None:
    async with LabServer([_ArchiveSite()]) as server:
        truth = server.truth("archive")
        downloaded: list[str] = []
        f1, complete, notes = await _run(truth, 120, downloaded)
        assert f1 == 1.0 and complete
        # The archive's days are one family, whose first page lists no story: it stops there.
        assert sum("/news/archive/" in u for u in downloaded) == 1, downloaded
        assert not notes or "lists no entry" in notes[0], notes


async def test_views_of_a_family_each_stop_the_level_after_a_run_adding_nothing() -> None:
    # Every day is a family of its own whose page adds no story: the level stops trying them
    # after DRY_RUN such pages in a row, long before its share of the budget, share or none.
    budget = 120
    async with LabServer([_ArchiveSite(filters=True)]) as server:
        truth = server.truth("archive-filters")
        for share in (LEVEL_SHARE, None):
            downloaded: list[str] = []
            f1, complete, notes = await _run(truth, budget, downloaded, level_share=share)
            assert f1 == 1.0 and complete
            archive = [u for u in downloaded if "day-" in u]
            assert len(archive) == DRY_RUN, archive
            assert any(
                n.startswith(f"its last {DRY_RUN} pages added no entity link") for n in notes
            )
            assert not any(n.startswith("level 0 stopped") for n in notes), notes


async def test_the_trap_site_keeps_its_entities_and_leaves_the_calendar_alone(lab: Lab) -> None:
    truth = lab("trap").truth("trap")
    downloaded: list[str] = []
    f1, complete, _ = await _run(truth, 40, downloaded)
    assert f1 == 1.0 and complete
    calendar = [u for u in downloaded if "/calendar/" in u]
    assert len(calendar) <= math.ceil(40 * LEVEL_SHARE), calendar


async def test_a_bad_level_share_is_refused(lab: Lab) -> None:
    truth = lab("trap").truth("trap")
    async with Session(SessionConfig(render="never", cache=None)) as session:
        for bad in (0.0, 1.5, -1.0):
            with pytest.raises(ValueError, match="level_share"):
                await ssup(session, truth.seed_entity, level_share=bad)
