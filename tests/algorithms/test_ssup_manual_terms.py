"""SSUP against the lab's truth on a manual built from AsciiDoc: its index lists the manual's
pages in sub-sections (``div.sect1 > div.sectionbody > div.sect2 > dl``), commands named
``tool-<name>.html`` and, in the same lists, pages named apart (``toolk.html``, the guides'
``tool<name>.html``). Each manual page names its own options in ``dt`` terms: text of its own,
not a kind's field names. Every page the index lists is a manual page, whatever terms it
defines."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

_COMMANDS = {
    "Main commands": ["add", "commit", "log", "merge", "push", "rebase"],
    "Plumbing": ["cat-file", "hash-object", "ls-tree", "read-tree", "update-ref"],
    "Guides": [],
}
_NAMED_APART = ["toolk", "toolweb"]
_GUIDES = ["toolattributes", "toolcli", "toolfaq", "toolhooks", "tooltutorial", "toolworkflows"]


def _html(title: str, body: str) -> web.Response:
    html = f'<html><head><title>{title}</title></head><body class="manpage">{body}</body></html>'
    return web.Response(text=html, content_type="text/html")


def _entry(page: str) -> str:
    return (
        f'<dt class="hdlist1"><a href="{page}.html">{page}(1)</a></dt>'
        f"<dd><p>What {page} does.</p></dd>"
    )


class _ManualSite(Site):
    """`/index.html` lists every page of the manual; each page defines its own options."""

    id = "manual-terms"
    kind = "entity-tree"

    def _pages(self) -> list[str]:
        commands = [f"tool-{c}" for names in _COMMANDS.values() for c in names]
        return [*commands, *_NAMED_APART, *_GUIDES]

    def _index(self) -> str:
        subsections = [(title, [f"tool-{c}" for c in names]) for title, names in _COMMANDS.items()]
        subsections[0][1].extend(_NAMED_APART)
        subsections[-1][1].extend(_GUIDES)
        lists = "".join(
            f'<div class="sect2"><h3>{title}</h3><div class="dlist"><dl>'
            f"{''.join(_entry(p) for p in pages)}</dl></div></div>"
            for title, pages in subsections
        )
        return (
            '<div id="content"><div class="sect1"><h2>Manual</h2>'
            f'<div class="sectionbody">{lists}</div></div></div>'
        )

    def _page(self, name: str) -> str:
        # Choice: the options each page defines are its own text (``--<name>-<i>``), and the
        # pages it refers to are its own too: no two pages share their terms.
        terms = "".join(
            f'<dt class="hdlist1">--{name}-{i}</dt><dd><p>Option {i}.</p></dd>' for i in range(4)
        )
        see = "".join(
            f'<a href="{other}.html">{other}</a> '
            for other in self._pages()
            if other != name and other[-1] == name[-1]
        )
        return (
            f'<div id="header"><h1>{name}(1) Manual Page</h1></div><div id="content">'
            f'<div class="sect1"><h2>OPTIONS</h2><div class="sectionbody"><div class="dlist">'
            f'<dl>{terms}</dl></div></div></div><div class="sect1"><h2>SEE ALSO</h2>'
            f'<div class="sectionbody"><div class="paragraph"><p>{see}'
            '<a href="index.html">index</a></p></div></div></div></div>'
        )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path in ("/", "/index.html"):
            return _html("tool(1)", self._index())
        name = request.path.lstrip("/").removesuffix(".html")
        if name not in self._pages():
            return web.Response(status=404, text="not found")
        return _html(f"{name}(1)", self._page(name))

    def truth(self, base_url: str) -> SiteTruth:
        pages = tuple(f"{base_url}/{p}.html" for p in self._pages())
        seed = f"{base_url}/tool-log.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"manual page": pages},
            target_type="manual page",
            seed_entity=seed,
            seed_path=(f"{base_url}/index.html", seed),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_manual_pages_that_define_other_terms_than_the_seeds_are_of_its_kind() -> None:
    """The pages named apart, whose terms share nothing with the seed's, are manual pages all
    the same: the pages of the seed's kind share none among themselves either."""
    truth, result, _ = await serve_and_discover(_ManualSite())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
