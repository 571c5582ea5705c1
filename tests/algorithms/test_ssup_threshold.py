"""SSUP's threshold minsim_html learned again over more of the best group when a later group
falls below it (algorithms/ssup/levels.py, `_Threshold.widen`), against the truth of a small
handbook: its contents list chapters built alike but for a few tools of their own (the
sample's three read 1 or 2, the chapters left 4), and reference pages (3) under another
folder, each link of its own path."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import ssup_counting

from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CHAPTERS = 12
REFERENCES = 4
# Tools a chapter shows (a link each, in an element of its own); the seed (0) shows none,
# the chapters the threshold's sample reads (1, 4, 9: spread over the group) one or two.
_TOOLS = ("table", "dl", "ol", "blockquote", "aside", "figure")
_SHOWN = {0: 0, 1: 1, 4: 2, 9: 1}
_OTHERS = 4
_REFERENCE_TOOLS = 3


def _page(title: str, body: str) -> web.Response:
    nav = '<nav class="menu"><a href="/">Home</a> <a href="/help">Help</a></nav>'
    html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
    return web.Response(text=html + "</body></html>", content_type="text/html")


class _HandbookSite(Site):
    """`/index.html` lists `/ch/c<n>.html` then `/ref/<n>/r.html`; each page links its
    contents and shows its tools."""

    kind = "entity-tree"
    id = "handbook-tools"

    def _index(self) -> web.Response:
        items = "".join(
            f'<li><a href="/ch/c{n}.html">chapter {n}</a></li>' for n in range(CHAPTERS)
        )
        items += "".join(
            f'<li><a href="/ref/{n}/r.html">reference {n}</a></li>' for n in range(REFERENCES)
        )
        return _page("handbook", f'<ul class="toc">{items}</ul>')

    @staticmethod
    def _document(title: str, tools: int) -> web.Response:
        back = '<p class="crumbs"><a href="/index.html">contents</a></p>'
        shown = "".join(f'<{t}><a href="/help#{t}">{t}</a></{t}>' for t in _TOOLS[:tools])
        return _page(title, f"{back}<article><p>text</p>{shown}</article>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return self._index()
        name = path.removeprefix("/ch/c").removesuffix(".html")
        if path.startswith("/ch/c") and name.isdigit() and int(name) < CHAPTERS:
            return self._document(f"chapter {name}", _SHOWN.get(int(name), _OTHERS))
        name = path.removeprefix("/ref/").removesuffix("/r.html")
        if path.endswith("/r.html") and name.isdigit() and int(name) < REFERENCES:
            return self._document(f"reference {name}", _REFERENCE_TOOLS)
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


async def test_the_threshold_learned_again_stops_at_the_first_page_that_settles_it() -> None:
    # The sample of three chapters sets minsim_html at 0.5; a reference page reads 0.4, so
    # the sample grows over the chapters left, whose first brings it to 0.33: the references
    # are kept, and the round's other chapters (0.33 too) are not loaded.
    async with LabServer([_HandbookSite()]) as server:
        truth = server.truth("handbook-tools")
        result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    widened = [t for t in result.trace if t.subject.startswith("best group's sample")]
    assert [(t.decision, dict(t.values)["measured"]) for t in widened] == [("keep", 4)], widened
    chapters = [u for u in downloaded if "/ch/c" in u and not u.endswith("/c0.html")]
    assert len(chapters) == 4, downloaded
