"""SSUP's climb keeps the page a manual's navigation bar links Up to, beside the page's
previous and next pages, among its candidate index pages.

A reference manual chunked into one folder names each command's page alike
(``/sql-select.html``) and so names the chapter listing them all (``/sql-commands.html``). Each
page's head names its previous and next pages (``<link rel="prev">``, ``<link rel="next">``)
and its bar shows them beside the chapter (Up) and the manual's home (Home): "Prev | Up |
Home | Next". Its text cites other commands, and one of them (``/sql-lock.html``) cites a few
commands in its prose. Prev is a page of the seed's own sequence, and the chapter beside it
in the bar is no other page of that sequence; it lists every command, each named like it.

The chapter's own previous page may be the contents of the part holding it: a list of the
part's chapters, each with its entries below it, the chapter read among them. Its head names
it the chapter's previous page, but it lists the chapter itself as an entry: it is the level
above, and the next chapters it lists are no commands."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

NAMES = [
    f"{a}{b}" for a in ("alter", "create", "drop", "grant", "lock", "select") for b in "abcdef"
]
SEED = "selectc"


def _page(title: str, body: str, prev: str = "", nxt: str = "", up: str = "") -> web.Response:
    head = "".join(
        f'<link rel="{rel}" href="{href}" title="{rel}" />'
        for rel, href in (("prev", prev), ("next", nxt))
        if href
    )
    bar = (
        '<div class="navheader"><table width="100%" summary="Navigation header"><tr>'
        f'<td width="10%" align="left"><a accesskey="p" href="{prev}">Prev</a></td>'
        f'<td width="10%" align="left"><a accesskey="u" href="{up}">Up</a></td>'
        f'<th width="60%" align="center">{title}</th>'
        '<td width="10%" align="right"><a accesskey="h" href="index.html">Home</a></td>'
        f'<td width="10%" align="right"><a accesskey="n" href="{nxt}">Next</a></td>'
        "</tr></table></div>"
        if prev and nxt
        else ""
    )
    return web.Response(
        text=f"<html><head><title>{title}</title>{head}</head><body>{bar}"
        f'<div class="refentry">{body}</div></body></html>',
        content_type="text/html",
    )


def _terms(prefix: str, names: list[str]) -> str:
    """A chapter's table of contents: an entry per page, its title and purpose."""
    return "".join(
        f'<dt><span class="title"><a href="{prefix}{n}.html">{n.upper()}</a></span>'
        f'<span class="purpose"> — {n}</span></dt>'
        for n in names
    )


def _cites(k: int) -> str:
    near = [NAMES[j] for j in (k - 2, k + 3) if 0 <= j < len(NAMES)]
    return "".join(f'<p>See also <a href="sql-{n}.html">{n.upper()}</a>.</p>' for n in near)


class _Manual(Site):
    kind = "entity-tree"
    id = "sequence-bar-manual"
    home = (
        '<ul class="toc"><li><a href="sql-commands.html">SQL Commands</a></li>'
        '<li><a href="tutorial.html">Tutorial</a></li></ul>'
    )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            return _page("Manual", self.home)
        if path == "/tutorial.html":
            return _page("Tutorial", f'<p>Try <a href="sql-{SEED}.html">SELECT</a>.</p>')
        if path == "/sql-commands.html":
            return _page(
                "SQL Commands",
                f'<div class="toc"><dl class="toc">{_terms("sql-", NAMES)}</dl></div>',
                prev="tutorial.html",
                nxt=f"sql-{NAMES[0]}.html",
                up="index.html",
            )
        for k, name in enumerate(NAMES):
            if path == f"/sql-{name}.html":
                prev = f"sql-{NAMES[k - 1]}.html" if k else "sql-commands.html"
                nxt = f"sql-{NAMES[k + 1]}.html" if k + 1 < len(NAMES) else "index.html"
                body = f"<h2>{name.upper()}</h2><p>The command {name}.</p>{_cites(k)}"
                if name == "locka":
                    body += (
                        "<p>Rows read by "
                        + ", ".join(f'<a href="sql-{n}.html">{n.upper()}</a>' for n in NAMES[-6:])
                        + " are locked.</p>"
                    )
                if name == SEED:
                    body += '<p>Lock rows with <a href="sql-locka.html">LOCK</a>.</p>'
                return _page(name.upper(), body, prev, nxt, "sql-commands.html")
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        seed = f"{base_url}/sql-{SEED}.html"
        index = f"{base_url}/sql-commands.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": tuple(f"{base_url}/sql-{n}.html" for n in NAMES)},
            target_type="command",
            seed_entity=seed,
            seed_path=(index, seed),
            index_levels=((index,),),
        )


async def test_the_up_link_beside_the_pages_prev_and_next_is_a_candidate() -> None:
    truth, result, _ = await serve_and_discover(_Manual())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0
    assert truth.index_levels[0][0] in result.index_pages[-1], result.index_pages


class _PartManual(_Manual):
    """The manual with a part above the chapter: the home page lists the part, the part's
    contents list its chapters (each with its entries nested below it), and the chapter's head
    names the part its previous page."""

    id = "sequence-bar-part-manual"
    home = (
        '<dl class="toc"><dt><a href="reference.html">Reference</a></dt><dd><dl>'
        '<dt><a href="sql-commands.html">SQL Commands</a></dt>'
        '<dt><a href="client.html">Client Applications</a></dt></dl></dd></dl>'
    )

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        chapter, tools = _terms("sql-", NAMES), _terms("app-", ["psql", "pgdump", "initdb"])
        if path == "/reference.html":
            return _page(
                "Reference",
                '<div class="toc"><dl class="toc">'
                '<dt><span class="part"><a href="sql-commands.html">I. SQL Commands</a></span>'
                f"</dt><dd><dl>{chapter}</dl></dd>"
                '<dt><span class="part"><a href="client.html">II. Client Applications</a></span>'
                f"</dt><dd><dl>{tools}</dl></dd></dl></div>",
                prev="index.html",
                nxt="sql-commands.html",
                up="index.html",
            )
        if path == "/sql-commands.html":
            return _page(
                "SQL Commands",
                f'<div class="toc"><dl class="toc">{chapter}</dl></div>',
                prev="reference.html",
                nxt=f"sql-{NAMES[0]}.html",
                up="reference.html",
            )
        if path == "/client.html":
            return _page(
                "Client Applications",
                f'<div class="toc"><dl class="toc">{tools}</dl></div>',
                prev=f"sql-{NAMES[-1]}.html",
                nxt="app-psql.html",
                up="reference.html",
            )
        if path.startswith("/app-"):
            return _page(path[5:-5], "<p>A client application.</p>", "client.html", "index.html")
        return await super().handle(request)

    def truth(self, base_url: str) -> SiteTruth:
        truth = super().truth(base_url)
        index = f"{base_url}/sql-commands.html"
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities=truth.entities,
            target_type="command",
            seed_entity=truth.seed_entity,
            seed_path=(f"{base_url}/index.html", index, truth.seed_entity),
            index_levels=((f"{base_url}/index.html",), (index,)),
        )


async def test_the_parts_contents_named_the_chapters_previous_page_are_the_level_above() -> None:
    truth, result, _ = await serve_and_discover(_PartManual())
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.precision == 1.0, sorted(set(result.entities) - set(truth.target_entities))
    assert scores.recall == 1.0
