"""SSUP's threshold minsim_html at the leaves (algorithms/ssup/threshold.py, `Threshold`), against
the truth of a small handbook: its contents list chapters built alike but for a few tools of
their own, then reference pages under another folder, each link of its own path.

- learned again over more of the best group when a later group falls below it (`widen`): the
  sample's three chapters read 1 or 2 tools, the chapters left 4, references 3;
- measured only as far as a later group's page needs it (`reached`): every chapter but the
  seed shows two tools, references one, so the first chapter measured settles it."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import ssup_counting

from siteseer.lab import LabServer, Site, SiteTruth, set_scores

CHAPTERS = 12
REFERENCES = 4
# Tools a page shows (a link each, in an element of its own).
_TOOLS = ("table", "dl", "ol", "blockquote", "aside", "figure")
_MENU = '<nav class="menu"><a href="/">Home</a> <a href="/help">Help</a></nav>'


class _HandbookSite(Site):
    """`/index.html` lists `/ch/c<n>.html` then `/ref/<n>/r.html`; each page links its
    contents and shows its tools: the chapters of `shown` as many as it says (the seed, 0,
    none), the other chapters `others`, references `references`. `menu` puts a site menu on
    every page; `see_also` makes the seed link that chapter before its contents link;
    `contents` names the contents' page (the site root's by default)."""

    kind = "entity-tree"
    id = "handbook-tools"

    def __init__(
        self,
        shown: dict[int, int],
        others: int,
        references: int,
        *,
        menu: bool = True,
        see_also: int | None = None,
        contents: str = "/index.html",
    ) -> None:
        self.shown, self.others, self.references = shown, others, references
        self.menu, self.see_also, self.contents = menu, see_also, contents

    def _page(self, title: str, body: str) -> web.Response:
        nav = _MENU if self.menu else ""
        html = f"<html><head><title>{title}</title></head><body>{nav}<h1>{title}</h1>{body}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    def _index(self) -> web.Response:
        items = "".join(
            f'<li><a href="/ch/c{n}.html">chapter {n}</a></li>' for n in range(CHAPTERS)
        )
        items += "".join(
            f'<li><a href="/ref/{n}/r.html">reference {n}</a></li>' for n in range(REFERENCES)
        )
        return self._page("handbook", f'<ul class="toc">{items}</ul>')

    def _document(self, title: str, tools: int) -> web.Response:
        back = f'<p class="crumbs"><a href="{self.contents}">contents</a></p>'
        if title == "chapter 0" and self.see_also is not None:
            back = f'<p class="see"><a href="/ch/c{self.see_also}.html">see</a></p>{back}'
        shown = "".join(f'<{t}><a href="/help#{t}">{t}</a></{t}>' for t in _TOOLS[:tools])
        return self._page(title, f"{back}<article><p>text</p>{shown}</article>")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", self.contents):
            return self._index()
        name = path.removeprefix("/ch/c").removesuffix(".html")
        if path.startswith("/ch/c") and name.isdigit() and int(name) < CHAPTERS:
            return self._document(f"chapter {name}", self.shown.get(int(name), self.others))
        name = path.removeprefix("/ref/").removesuffix("/r.html")
        if path.endswith("/r.html") and name.isdigit() and int(name) < REFERENCES:
            return self._document(f"reference {name}", self.references)
        if path == "/help":
            return self._page("help", f'<p><a href="{self.contents}">contents</a></p>')
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
            seed_path=(f"{base_url}{self.contents}", docs[0]),
            index_levels=((f"{base_url}{self.contents}",),),
        )


async def test_the_threshold_learned_again_stops_at_the_first_page_that_settles_it() -> None:
    # The sample of three chapters sets minsim_html at 0.5; a reference page reads 0.4, so
    # the sample grows over the chapters left, whose first brings it to 0.33: the references
    # are kept, and the round's other chapters (0.33 too) are not loaded.
    # The seed (0) shows no tool; the chapters the threshold's sample reads (1, 4, 9: spread
    # over the group) one or two.
    async with LabServer([_HandbookSite({0: 0, 1: 1, 4: 2, 9: 1}, 4, 3)]) as server:
        truth = server.truth("handbook-tools")
        result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    widened = [t for t in result.trace if t.subject.startswith("best group's sample")]
    assert [(t.decision, dict(t.values)["measured"]) for t in widened] == [("keep", 4)], widened
    chapters = [u for u in downloaded if "/ch/c" in u and not u.endswith("/c0.html")]
    assert len(chapters) == 4, downloaded


async def test_a_later_group_passes_once_one_page_of_the_sample_is_no_more_like_the_seed() -> None:
    # A reference page (one tool) is more like the seed than any chapter (two): the first
    # chapter of the threshold's sample settles it, and the sample's other two are not loaded.
    async with LabServer([_HandbookSite({0: 0}, 2, 1, menu=False)]) as server:
        truth = server.truth("handbook-tools")
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


async def test_the_pages_of_the_sample_loaded_already_are_measured_first() -> None:
    # The seed links to chapter 4, one of the threshold's sample (1, 4, 9: spread over the
    # group), which the climb loads (a candidate index page of it, beside its contents'): it
    # settles minsim_html at no download, and no other chapter is loaded.
    site = _HandbookSite({0: 0}, 2, 1, menu=False, see_also=4, contents="/contents.html")
    async with LabServer([site]) as server:
        truth = server.truth("handbook-tools")
        result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    chapters = [u for u in downloaded if "/ch/c" in u and u != truth.seed_entity]
    assert [u.rsplit("/", 1)[1] for u in chapters] == ["c4.html"], downloaded


async def test_a_page_of_the_best_group_loaded_already_takes_a_place_in_the_sample() -> None:
    # The seed links to chapter 2, outside the spread sample, which the climb loads: it takes
    # a place in the threshold's sample and settles minsim_html at no download.
    site = _HandbookSite({0: 0}, 2, 1, menu=False, see_also=2, contents="/contents.html")
    async with LabServer([site]) as server:
        truth = server.truth("handbook-tools")
        result, downloaded = await ssup_counting(truth.seed_entity, height=1)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    chapters = [u for u in downloaded if "/ch/c" in u and u != truth.seed_entity]
    assert [u.rsplit("/", 1)[1] for u in chapters] == ["c2.html"], downloaded
