"""SSUP's climb from a page whose head names the page above it (``<link rel="start">``,
``rel="up"``: makeinfo, gtk-doc and DocBook manuals), against the truth of a generated flat
reference manual (`test_ssup_probe_cost._Manual`): that page is probed first, before the
seed's namesake, whose lists would only tell the site's menu from the page's contents."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover
from test_ssup_probe_cost import _PARTS, _Manual

from siteseer.algorithms.ssup.candidates import candidates
from siteseer.algorithms.ssup.heads import declared_above, declared_data
from siteseer.lab import set_scores
from siteseer.render import Snapshot, snapshot_from_html


class _DeclaringManual(_Manual):
    """The flat reference manual, each entry's head naming the contents ``/index.html`` as
    its start and its part's page as the page above it, as makeinfo and gtk-doc write."""

    id = "declaring-reference"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        response = await super().handle(request)
        name = request.path.lstrip("/").removesuffix(".html")
        if name not in self.entries() or not isinstance(response, web.Response):
            return response
        part = next(p for p, names in _PARTS.items() if name.removeprefix("lib-") in names)
        head = (
            '<link href="index.html" rel="start" title="Top">'
            f'<link href="lib-{part}.html" rel="up" title="{part}">'
            '<link href="index.html#contents" rel="contents">'
        )
        html = (response.text or "").replace("<head>", f"<head>{head}", 1)
        return web.Response(text=html, content_type="text/html")


def test_the_head_names_the_pages_above() -> None:
    html = (
        '<html><head><link rel="up" href="part.html"><link rel="START" href="/index.html#top">'
        '<link rel="next" href="b.html"><link rel="stylesheet" href="s.css"></head>'
        "<body></body></html>"
    )
    page = Snapshot("http://h/doc/a.html", "http://h/doc/a.html", 200, html)
    assert declared_above(page) == {"http://h/doc/part.html", "http://h/index.html"}


async def test_the_page_the_head_names_above_is_probed_before_a_namesake() -> None:
    truth, result, downloaded = await serve_and_discover(_DeclaringManual(), height=1)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path
    # the seed, then the contents its head names as its start: no sibling before it
    assert downloaded[:2] == [truth.seed_entity, truth.seed_path[0]], downloaded
    entries = set(truth.target_entities) - {truth.seed_entity}
    assert len(entries & set(downloaded)) <= 2, downloaded  # two compared, no namesake


def test_a_feed_the_head_declares_is_no_candidate() -> None:
    # A repository's log links its feed by an icon alone (no "RSS" or "Atom" to read); its head
    # declares the feed's type: no page, so the climb downloads it as no candidate.
    html = (
        '<html><head><link rel="alternate" type="application/atom+xml" href="/repo/atom-log">'
        '<link rel="alternate" hreflang="de" href="/de/repo/log"></head><body>'
        '<a href="/repo/atom-log"><img alt="" src="/feed.png"></a>'
        '<a href="/de/repo/log">de</a>'
        '<a href="/repo/rev/1">one</a><a href="/repo/rev/2">two</a></body></html>'
    )
    page = snapshot_from_html("http://h/repo/log", "http://h/repo/log", 200, html)
    # the page of another language, declared with no type, is a page
    assert declared_data(page) == {"http://h/repo/atom-log"}
    outgoing, skipped = candidates(page, None, "attrs", climbed=False)
    files = next(
        urls for subject, urls, _ in skipped if subject == f"{len(urls)} files {page.url} links to"
    )
    assert files == ["http://h/repo/atom-log"]
    assert "http://h/repo/atom-log" not in outgoing
    assert {"http://h/repo/rev/1", "http://h/repo/rev/2"} <= set(outgoing)
