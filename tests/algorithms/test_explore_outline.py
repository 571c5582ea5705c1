"""A hand-written documentation index (outline.py): the overview page is a series of sections,
each under its heading, listing its documents in lists of several forms (definition terms, a
bullet list inside a definition, a plain bullet list), with text sources beside some pages and
a paragraph that mentions a page in passing. The truth: every page the sections list, each with
the heading of the first section listing it; the sample sits in one section only."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.algorithms.features.outline import leaf_suffix
from siteseer.algorithms.querycentric.beside import SECTION
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

SECTIONS = {
    "Fundamentals": ["README.html", "FAQ.html", "THANKS.html"],
    "Users": ["docs/user/tools.html", "docs/user/config.html", "docs/user/rst/primer.html"],
    "Reference": ["docs/ref/doctree.html", "docs/ref/rst/roles.html", "docs/peps/pep-1.html"],
    "Developers": ["docs/dev/hacking.html", "docs/dev/todo.html", "docs/howto/i18n.html"],
}


def _section(number: int, title: str, pages: list[str]) -> str:
    head = f'<div class="section" id="s{title.lower()}"><h1>{title}</h1>'
    rel = [p.removeprefix("docs/") if p.startswith("docs/") else f"../{p}" for p in pages]
    if number == 0:  # definition terms
        body = "".join(f'<dt><a href="{p}">{p}</a>:</dt><dd>About it.</dd>' for p in rel)
        return f'{head}<dl class="docutils">{body}</dl></div>'
    if number % 2:  # bullet lists inside definitions, a text source beside a page
        items = "".join(
            f'<li><a href="{p}">{p}</a> (<a href="{p[:-5]}.txt">source</a>)</li>' for p in rel
        )
        body = f'<dt>General:</dt><dd><ul class="simple">{items}</ul></dd>'
        return f'{head}<dl class="docutils">{body}</dl><p>See <a href="{rel[0]}">it</a>.</p></div>'
    items = "".join(f'<li><a href="{p}">{p}</a></li>' for p in rel)
    return f'{head}<ul class="simple">{items}</ul></div>'


class _HandIndex(Site):
    id = "hand-index"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path.lstrip("/")
        if path in ("", "index.html"):
            return _page('<p><a href="docs/index.html">Documentation</a></p>')
        if path == "docs/index.html":
            body = "".join(_section(i, t, p) for i, (t, p) in enumerate(SECTIONS.items()))
            return _page(f'<div class="document" id="overview"><h1>Overview</h1>{body}</div>')
        if any(path in pages for pages in SECTIONS.values()):
            return _page(f"<h1>{path}</h1><p>A document.</p>")
        if path.endswith(".txt"):
            return web.Response(text="source", content_type="text/plain")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        urls = tuple(f"{base_url}/{p}" for pages in SECTIONS.values() for p in pages)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": urls},
            target_type="document",
            seed_entity=f"{base_url}/docs/user/config.html",
        )


def _page(body: str) -> web.Response:
    return web.Response(text=f"<html><body>{body}</body></html>", content_type="text/html")


async def test_every_section_of_a_hand_written_index_is_the_list() -> None:
    async with LabServer([_HandIndex()]) as server:
        truth = server.truth("hand-index")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            start = truth.base_url + "/docs/index.html"
            result = await explore(session, start, entity_sample=truth.seed_entity)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0 and scores.recall == 1.0
    # each document is valued by the heading of the section listing it
    for title, pages in SECTIONS.items():
        for page in pages:
            assert result.entities[f"{truth.base_url}/{page}"].get(SECTION) == (title,)


def test_a_leaf_is_named_by_its_extension_or_as_a_folder() -> None:
    assert leaf_suffix("http://docs.test/docs/user/config.html") == "html"
    assert leaf_suffix("http://docs.test/patterns/") == "/"
    assert leaf_suffix("http://git.test/dpkg/1.21.22") == ""
