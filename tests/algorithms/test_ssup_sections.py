"""SSUP on a documentation site built as Sphinx builds one: the home page's table of contents
lists a few pages and the sections (folder index documents, ``/guide/index.html``), each entry
followed by links to its own headings (``configuration.html#part-1``); each section's page
lists its pages and sub-sections in a table of contents of its own, under its title or under a
sub-heading (``<section><section>``); every page carries the same sidebar."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.algorithms.ssup.sections import outline
from siteseer.lab import Site, SiteTruth, set_scores

# A section's folder → its pages and its sub-sections; "" is the home page's table of contents.
TREE: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "": (
        ("usage/configuration", "usage/quickstart", "usage/theming", "usage/builders"),
        ("guide", "api", "ext"),
    ),
    "guide": (("guide/first", "guide/second", "guide/third", "guide/fourth"), ("guide/more",)),
    "guide/more": (("guide/more/deep", "guide/more/deeper", "guide/more/deepest"), ()),
    "api": (("api/events", "api/nodes", "api/logging", "api/utils", "api/testing"), ()),
    "ext": (("ext/autodoc", "ext/doctest", "ext/math", "ext/todo"), ()),
}
UNDER_A_HEADING = ("", "api")  # tables of contents under a sub-heading


def _entries(folder: str) -> list[str]:
    pages, subs = TREE[folder]
    return [f"/{p}.html" for p in pages] + [f"/{s}/index.html" for s in subs]


class _DocsSite(Site):
    """The documents of `TREE`, the sections at /<folder>/index.html, the home page at
    /index.html. Every page carries a sidebar: the home page's, a search page's and the
    site index's links; a document shows its headings, a "see also" block, and some a note or a table with
    links."""

    id = "docs"
    kind = "entity-tree"

    @staticmethod
    def _html(title: str, body: str) -> web.Response:
        sidebar = (
            '<div class="sphinxsidebar" role="navigation"><h3><a href="/index.html">Docs</a></h3>'
            '<ul class="tools"><li><a href="/search.html">Search</a></li>'
            '<li><a href="/genindex.html">Index</a></li></ul></div>'
        )
        html = (
            f'<html lang="en"><head><title>{title}</title></head><body><div class="document">'
            f'<div class="body" role="main">{body}</div></div>{sidebar}</body></html>'
        )
        return web.Response(text=html, content_type="text/html")

    @staticmethod
    def _toc(folder: str) -> str:
        items = ""
        for url in _entries(folder):
            heads = "".join(
                f'<li class="toctree-l2"><a href="{url}#part-{k}">part {k}</a></li>' for k in (1, 2)
            )
            items += f'<li class="toctree-l1"><a href="{url}">{url}</a><ul>{heads}</ul></li>'
        toc = f'<div class="toctree-wrapper"><ul>{items}</ul></div>'
        if folder in UNDER_A_HEADING:
            return (
                f'<section id="contents"><h2><a href="#contents">Contents</a></h2>{toc}</section>'
            )
        return toc

    @staticmethod
    def _document(path: str, toc: str = "") -> str:
        parts = "".join(
            f'<section id="part-{k}"><h2><a href="{path}#part-{k}">part {k}</a></h2>'
            f'<p>Text {k}; see <a href="/genindex.html">the index</a>.</p></section>'
            for k in (1, 2)
        )
        if len(path) % 2:
            parts += '<div class="note"><p>See <a href="/search.html">search</a>.</p></div>'
        # A "see also" block built by the first letter of the document's name.
        name = path.rpartition("/")[2]
        tag = "ul" if name < "i" else "ol" if name < "q" else "dl"
        item = "dd" if tag == "dl" else "li"
        if not toc:
            parts += f'<{tag} class="also"><{item}><a href="/search.html">see</a></{item}></{tag}>'
            box = ("blockquote", "aside", "figure", "details")[len(name) % 4]
            parts += f'<{box}><p><a href="/genindex.html">more</a></p></{box}>'
        if len(path) % 3 == 0:
            parts += '<table><tr><td><a href="/genindex.html">index</a></td></tr></table>'
        return f'<section id="d"><h1><a href="{path}">{path}</a></h1>{toc}{parts}</section>'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return self._html("Docs", f'<section id="docs"><h1>Docs</h1>{self._toc("")}</section>')
        for folder in TREE:
            if folder and path == f"/{folder}/index.html":
                return self._html(folder, self._document(path, self._toc(folder)))
        if path in {u for f in TREE for u in _entries(f)}:
            return self._html(path, self._document(path))
        if path in ("/search.html", "/genindex.html"):
            return self._html(path, "<p>A tool.</p>")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        documents = tuple(base_url + u for f in TREE for u in _entries(f))
        seed = base_url + "/usage/configuration.html"
        sections = tuple(f"{base_url}/{f}/index.html" for f in TREE if f)
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"document": documents},
            target_type="document",
            seed_entity=seed,
            seed_path=(base_url + "/index.html", seed),
            index_levels=((base_url + "/index.html",), sections),
        )


def test_nested_sections_are_one_outline() -> None:
    assert outline("html/body/section[@id]/section[@id]/div[@class]/ul/li[@class]/a") == (
        outline("html/body/section[@id]/div[@class]/ul/li[@class]/ul/li/a")
    )
    assert outline("html/body/section/div/ul/li/a") != outline("html/body/div/div/ul/li/a")


async def test_the_sections_of_a_documentation_tree_list_its_pages() -> None:
    # The home page lists the seed beside the sections; each section lists its own pages
    # (the api's under a sub-heading), and the guide has a sub-section of its own. Without
    # the sections the level was the home page's list alone (F1 0.45).
    truth, result, downloaded = await serve_and_discover(_DocsSite(), height=2)
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.f1 == 1.0, (scores, result.trace)
    assert result.sample_path == truth.seed_path
    sections = [
        e.subject.rsplit(" ", 1)[-1]
        for e in result.trace
        if e.step == "same-level" and "listed by the section" in e.subject
    ]
    assert set(sections) == set(truth.index_levels[1])
    # The seed, the home page, the sections, the sidebar's two pages the climb probes and
    # the documents the level's HTML test samples.
    assert len(downloaded) <= truth.lower_bound_downloads + 6, downloaded
