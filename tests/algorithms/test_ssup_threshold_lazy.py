"""SSUP's threshold minsim_html at the leaves measured only as far as a later group's page
needs it (algorithms/ssup/levels.py, `_Threshold.reached`), against the truth of a small
manual: its contents list chapters (each showing two tools of its own) then reference pages
under another folder (one tool each), the seed a chapter showing none."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import ssup_counting

from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CHAPTERS = 12
REFERENCES = 4
_TOOLS = ("table", "dl", "ol")


def _page(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}"
    return web.Response(text=html + "</body></html>", content_type="text/html")


class _ManualSite(Site):
    """`/index.html` lists `/ch/c<n>.html` then `/ref/<n>/r.html`; each page links the
    contents and shows its tools: chapter 0 none, the other chapters two, references one."""

    kind = "entity-tree"
    id = "manual-tools"

    def __init__(self, see_also: int | None = None) -> None:
        self.see_also = see_also  # a chapter the seed links to before its contents link

    def _index(self) -> web.Response:
        items = "".join(
            f'<li><a href="/ch/c{n}.html">chapter {n}</a></li>' for n in range(CHAPTERS)
        )
        items += "".join(
            f'<li><a href="/ref/{n}/r.html">reference {n}</a></li>' for n in range(REFERENCES)
        )
        return _page("manual", f'<ul class="toc">{items}</ul>')

    def _document(self, title: str, tools: int) -> web.Response:
        back = '<p class="crumbs"><a href="/index.html">contents</a></p>'
        if title == "chapter 0" and self.see_also is not None:
            back = f'<p class="see"><a href="/ch/c{self.see_also}.html">see</a></p>{back}'
        shown = "".join(f'<{t}><a href="/help#{t}">{t}</a></{t}>' for t in _TOOLS[:tools])
        return _page(title, f"{back}<article><p>text</p>{shown}</article>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return self._index()
        name = path.removeprefix("/ch/c").removesuffix(".html")
        if path.startswith("/ch/c") and name.isdigit() and int(name) < CHAPTERS:
            return self._document(f"chapter {name}", 0 if name == "0" else 2)
        name = path.removeprefix("/ref/").removesuffix("/r.html")
        if path.endswith("/r.html") and name.isdigit() and int(name) < REFERENCES:
            return self._document(f"reference {name}", 1)
        if path == "/help":
            return _page("help", '<p><a href="/index.html">contents</a></p>')
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        docs = tuple(f"{base_url}/ch/c{n}.html" for n in range(CHAPTERS))
        docs += tuple(f"{base_url}/ref/{n}/r.html" for n in range(REFERENCES))
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": docs},
            target_type="document",
            seed_entity=docs[0],
            seed_path=(f"{base_url}/index.html", docs[0]),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_a_later_group_passes_once_one_page_of_the_sample_is_no_more_like_the_seed() -> None:
    # A reference page (one tool) is more like the seed than any chapter (two): the first
    # chapter of the threshold's sample settles it, and the sample's other two are not loaded.
    async with LabServer([_ManualSite()]) as server:
        truth = server.truth("manual-tools")
        result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    chapters = [u for u in downloaded if "/ch/c" in u and u != truth.seed_entity]
    assert len(chapters) == 1, downloaded
    later = [
        t
        for t in result.trace
        if t.step == "same-level" and t.subject.startswith("group ") and "/ref/" in t.urls[0]
    ]
    assert later and all(t.decision == "keep" for t in later), later
    assert {dict(t.values)["measured"] for t in later} == {1}, later
    # Each reference group is judged by one page of its own.
    assert len([u for u in downloaded if "/ref/" in u]) == len(later), downloaded


async def test_the_pages_of_the_best_group_loaded_already_are_measured_first() -> None:
    # The seed links to chapter 7, which the climb loads (the trail check): it sets
    # minsim_html at no download, and no other chapter is loaded.
    async with LabServer([_ManualSite(see_also=7)]) as server:
        truth = server.truth("manual-tools")
        result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    chapters = [u for u in downloaded if "/ch/c" in u and u != truth.seed_entity]
    assert [u.rsplit("/", 1)[1] for u in chapters] == ["c7.html"], downloaded
