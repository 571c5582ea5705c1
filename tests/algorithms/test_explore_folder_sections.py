"""A documentation tree of folders cut at a depth (sections.py `own_sections_only`): the home
page's table of contents shows two levels, a document's own sections (``/deploying/#hosting``)
or the documents below it (``/patterns/celery/``); a section that lists its documents under a
heading of its own shows only its headings there, and its documents are listed on its page
alone. The truth: every document."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

# a document → its own sections' anchors, or the documents below it (the toctree it holds)
DOCS: dict[str, tuple[list[str], list[str]]] = {
    "installation": (["python-version", "dependencies"], []),
    "quickstart": (["routing", "templates"], []),
    "patterns": ([], ["packages", "celery", "caching"]),
    "testing": (["fixtures"], []),
    "deploying": (["self-hosted", "hosting"], ["gunicorn", "waitress", "nginx"]),
    "changes": (["version-3", "version-2"], []),
}


def _page(body: str) -> web.Response:
    html = f'<html><body><div class="nav"><a href="/">Home</a></div>{body}</body></html>'
    return web.Response(text=html, content_type="text/html")


def _toctree(items: str) -> str:
    return f'<div class="body"><div class="toctree-wrapper"><ul>{items}</ul></div></div>'


class _Docs(Site):
    id = "folder-docs"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path.strip("/")
        if not path:
            items = ""
            for doc, (anchors, below) in DOCS.items():
                # the home page's toctree is two levels deep: a document's sections, or the
                # documents of its own toctree when that comes first
                subs = (
                    [f'<a href="{doc}/{b}/">{b}</a>' for b in below]
                    if below and not anchors
                    else [f'<a href="{doc}/#{a}">{a}</a>' for a in anchors]
                )
                sub = "".join(f"<li>{s}</li>" for s in subs)
                items += f'<li><a href="{doc}/">{doc}</a><ul>{sub}</ul></li>'
            return _page(f"<h1>Docs</h1>{_toctree(items)}")
        doc, _, leaf = path.partition("/")
        if doc not in DOCS:
            return web.Response(status=404, text="not found")
        anchors, below = DOCS[doc]
        if leaf:
            if leaf not in below:
                return web.Response(status=404, text="not found")
            return _page(f"<h1>{leaf}</h1><p>How to {leaf}.</p>")
        heads = "".join(f'<h2 id="{a}">{a}</h2><p>Text.</p>' for a in anchors)
        items = "".join(f'<li><a href="{b}/">{b}</a></li>' for b in below)
        return _page(f"<h1>{doc}</h1>{heads}{_toctree(items) if items else ''}")

    def truth(self, base_url: str) -> SiteTruth:
        docs = [f"{base_url}/{d}/" for d in DOCS]
        docs += [f"{base_url}/{d}/{b}/" for d, (_, below) in DOCS.items() for b in below]
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": tuple(sorted(docs))},
            target_type="document",
            seed_entity=f"{base_url}/patterns/celery/",
        )


async def test_a_section_listing_its_documents_on_its_page_alone_is_read() -> None:
    async with LabServer([_Docs()]) as server:
        truth = server.truth("folder-docs")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0, sorted(set(truth.target_entities) - set(result.entities))
    assert scores.precision == 1.0, sorted(set(result.entities) - set(truth.target_entities))
