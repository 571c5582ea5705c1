"""`explore` on a documentation tree split over its sections' pages, against the lab's truth."""

from __future__ import annotations

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth, set_scores

# section → its documents; a section's page is <section>/index.html, and "guide/advanced" is a
# section of "guide" two folders deep
TREE = {
    "guide": ["install", "quickstart", "configuration", "advanced/index"],
    "guide/advanced": ["themes", "plugins", "i18n"],
    "api": ["app", "nodes", "events", "logging"],
    "changes": ["1.0", "1.1", "2.0", "2.1", "3.0"],
}
TOP = {"Get started": ["guide/index", "faq"], "Reference": ["api/index", "changes/index"]}


def _doc(name: str) -> str:
    return f"/{name}.html"


def _toc(names: list[str], depth: int) -> str:
    """A nested list `depth` levels deep: a section's documents under its item."""
    items = []
    for name in names:
        section = name.removesuffix("/index") if name.endswith("/index") else None
        inner = ""
        if section and depth > 1:
            inner = _toc([f"{section}/{d}" for d in TREE[section]], depth - 1)
        items.append(f'<li class="toctree-l1"><a href="{_doc(name)}">{name}</a>{inner}</li>')
    return f"<ul>{''.join(items)}</ul>"


def _page(title: str, body: str) -> web.Response:
    sidebar = "".join(f'<li><a href="{_doc(n)}">{n}</a></li>' for ns in TOP.values() for n in ns)
    html = (
        f'<html><body><div class="sidebar"><ul>{sidebar}</ul></div><div class="body">'
        f'<section id="{title}"><h1>{title}</h1>{body}</section></div></body></html>'
    )
    return web.Response(text=html, content_type="text/html")


class _Docs(Site):
    """A documentation site as Sphinx writes it: the home page's tables of contents, one under
    each heading (a ``section`` each), two levels deep; each section's page
    (``/<section>/index.html``) a table of contents of its own documents, deeper sections among
    them; a flat sidebar of the top documents on every page."""

    id = "docs-sections"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            body = "".join(
                f'<section id="{h.lower().replace(" ", "-")}"><h2>{h}</h2>'
                f'<div class="toctree-wrapper">{_toc(names, 2)}</div></section>'
                for h, names in TOP.items()
            )
            return _page("home", body)
        name = path.removeprefix("/").removesuffix(".html")
        section = name.removesuffix("/index")
        if name.endswith("/index") and section in TREE:
            docs = [f"{section}/{d}" for d in TREE[section]]
            return _page(section, f'<div class="toctree-wrapper">{_toc(docs, 1)}</div>')
        if name in self._documents():
            return _page(name, f"<p>The text of {name}.</p>")
        return web.Response(status=404, text="not found")

    @staticmethod
    def _documents() -> list[str]:
        every = [n for names in TOP.values() for n in names]
        every += [f"{s}/{d}" for s, docs in TREE.items() for d in docs]
        return list(dict.fromkeys(every))

    def truth(self, base_url: str) -> SiteTruth:
        docs = tuple(base_url + _doc(n) for n in self._documents())
        sections = tuple(base_url + _doc(f"{s}/index") for s in TREE)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": docs},
            target_type="document",
            seed_entity=base_url + _doc("guide/configuration"),
            seed_path=(base_url + "/", sections[0], base_url + _doc("guide/configuration")),
            index_levels=((base_url + "/",), sections),
        )


async def test_a_documentation_tree_continues_on_its_sections_pages() -> None:
    async with LabServer([_Docs()]) as server:
        truth = server.truth("docs-sections")
        loaded: list[str] = []
        async with Session(SessionConfig(render="never", cache=None)) as session:
            session.events.on(
                "page", lambda snap, cached: None if cached else loaded.append(snap.url)
            )
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == scores.recall == 1.0
    # the home page, the sample, and each section's page once (its folder's index document)
    sections = set(truth.index_levels[1])
    assert set(loaded) == {truth.base_url + "/", truth.seed_entity} | sections
    assert len(loaded) == len(set(loaded))
