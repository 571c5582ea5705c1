"""SSUP's entity level under lists of values (algorithms/ssup/levels.py `_listed_alone`),
against a tagged wiki's truth: every document is an entity, each listed on its tag's page;
the documents of some folders hold markup of their own (tables, link lists) that makes them
unlike the seed's by simhtml, and they are the whole list of their tags' pages."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import ssup
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

# tag → (folder, its documents there); the library's are plain, the others' hold content of
# their own (a table of links, a list of notes) that makes them unlike the library's.
TAGS = {
    "archives": ("library", range(7, 13)),
    "data": ("library", range(1, 7)),
    "guides": ("howto", range(1, 9)),
    "questions": ("faq", range(1, 7)),
}
FOLDER_TAG = {(folder, n): tag for tag, (folder, ns) in TAGS.items() for n in ns}


class _TaggedWiki(Site):
    """`/index.html` links each tag's page `/tags/<tag>.html`, which lists that tag's documents
    `/<folder>/<n>.html`; every page carries the wiki's chrome (a header, "Tags:" below)."""

    kind = "entity-tree"
    id = "tagged-wiki"

    @staticmethod
    def _page(title: str, body: str, tag: str = "") -> web.Response:
        head = '<div class="header"><a href="/index.html">wiki</a></div>'
        tags = f'<div class="tags">Tags: <a href="/tags/{tag}.html">{tag}</a></div>' if tag else ""
        html = f"<html><body>{head}<div id='content'><h1>{title}</h1>{body}</div>{tags}"
        return web.Response(text=html + "</body></html>", content_type="text/html")

    def _document(self, folder: str, n: int) -> web.Response:
        tag = FOLDER_TAG[folder, n]
        if folder == "library":
            return self._page(f"{folder} {n}", f"<p>Document {n}.</p>", tag)
        # Content of its own: a table of links and a nested list, unlike the library's.
        rows = "".join(
            f'<tr><td><a href="#s{i}">section {i}</a></td><td><em><a href="#r{i}">ref</a></em>'
            "</td></tr>"
            for i in range(4)
        )
        items = "".join(f'<li><span><a href="#n{i}">note {i}</a></span></li>' for i in range(3))
        body = f'<table class="toc">{rows}</table><ul class="notes">{items}</ul>'
        return self._page(f"{folder} {n}", body, tag)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        parts = [p for p in request.path.split("/") if p]
        if parts in ([], ["index.html"]):
            links = "".join(
                f'<span class="tag"><a href="/tags/{tag}.html">{tag}</a></span> ' for tag in TAGS
            )
            return self._page("wiki", f'<div class="cloud">{links}</div>')
        if len(parts) == 2 and parts[0] == "tags" and parts[1].removesuffix(".html") in TAGS:
            folder, numbers = TAGS[parts[1].removesuffix(".html")]
            items = "".join(
                f'<div class="entry"><a href="/{folder}/{n}.html">{folder} {n}</a></div>'
                for n in numbers
            )
            return self._page(parts[1], f'<div class="archive">{items}</div>')
        if len(parts) == 2 and parts[1].endswith(".html"):
            n = parts[1].removesuffix(".html")
            if n.isdigit() and (parts[0], int(n)) in FOLDER_TAG:
                return self._document(parts[0], int(n))
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        documents = tuple(f"{base_url}/{folder}/{n}.html" for folder, n in FOLDER_TAG)
        seed = f"{base_url}/library/1.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"page": documents},
            target_type="page",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", f"{base_url}/tags/data.html", seed),
            index_levels=(
                (f"{base_url}/index.html",),
                tuple(f"{base_url}/tags/{tag}.html" for tag in TAGS),
            ),
        )


async def test_the_documents_a_tags_page_lists_alone_are_entities_however_unlike() -> None:
    async with LabServer([_TaggedWiki()]) as server:
        truth = server.truth("tagged-wiki")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await ssup(session, truth.seed_entity)
    assert result.complete, result.reason
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    kept = [t.note for t in result.trace if t.step == "same-level" and t.decision == "keep"]
    assert any("a list of values" in note for note in kept), kept
