"""`explore` on a manual chunked into one page a section, against the lab's truth: its table of
contents links more chapters than the entry point loads, the chapter listing the commands comes
late, and each command page's name begins with the chapter's (``cmd-commands.html`` lists
``cmd-select.html``); the chapter's "Prev" link leads to the part above it, which lists the
commands beside other reference pages."""

from __future__ import annotations

from aiohttp import web
from explore_runs import serve_and_explore_from_entry

from siteseer.lab import Site, SiteTruth, set_scores

CHAPTERS = [f"topic{i}" for i in range(60)]
COMMANDS = ["select", "insert", "update", "delete", "create-table", "drop-table", "alter-table"]
COMMANDS += ["begin", "commit", "rollback", "grant", "revoke", "vacuum", "analyze"]
TOOLS = ["tool-dump", "tool-restore", "tool-shell", "tool-admin"]


def _page(title: str, nav: str, body: str) -> web.Response:
    html = f"<html><body><div class='navheader'>{nav}</div><h1>{title}</h1>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


def _nav(prev: str, up: str, nxt: str) -> str:
    return (
        f'<a accesskey="p" href="{prev}">Prev</a> <a accesskey="u" href="{up}">Up</a> '
        f'<a accesskey="h" href="index.html">Home</a> <a accesskey="n" href="{nxt}">Next</a>'
    )


def _toc(names: list[str], kind: str = "chapter") -> str:
    items = "".join(
        f'<dt><span class="{kind}"><a href="{n}.html">{n}</a></span></dt>' for n in names
    )
    return f'<div class="toc"><dl class="toc">{items}</dl></div>'


class _ChunkedManual(Site):
    """`/` lists the chapters, then the reference part and its commands chapter; a chapter
    page names its sections in prose; the part lists the commands chapter, each command and the
    tools; the chapter lists its commands."""

    id = "chunked-manual"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.path.strip("/").removesuffix(".html")
        commands = [f"cmd-{c}" for c in COMMANDS]
        if name in ("", "index"):
            toc = _toc([*CHAPTERS, "reference", "cmd-commands", *TOOLS])
            return _page("Manual", "", f"<p>Contents.</p>{toc}")
        if name in CHAPTERS:
            return _page(name, _nav("index.html", "index.html", "index.html"), "<p>Prose.</p>")
        if name == "reference":
            inner = _toc([*commands, *TOOLS], "refentrytitle").replace("div", "dd")
            toc = _toc(["cmd-commands"], "reference").replace("</dl></div>", f"{inner}</dl></div>")
            return _page("Reference", _nav("index.html", "index.html", "cmd-commands.html"), toc)
        if name == "cmd-commands":
            nav = _nav("reference.html", "reference.html", f"{commands[0]}.html")
            return _page("Commands", nav, _toc(commands, "refentrytitle"))
        pages = ["cmd-commands", *commands, *TOOLS, "index"]
        if name in pages[1:-1]:  # read in order: each page's neighbours
            at = pages.index(name)
            nav = _nav(f"{pages[at - 1]}.html", "reference.html", f"{pages[at + 1]}.html")
            return _page(name, nav, "<p>Synopsis.</p>")
        return web.Response(status=404, text="not found")

    def truth(self, base_url: str) -> SiteTruth:
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"command": tuple(f"{base_url}/cmd-{c}.html" for c in COMMANDS)},
            target_type="command",
            seed_entity=f"{base_url}/cmd-select.html",
        )


async def test_a_chapter_named_as_its_commands_is_their_list_past_a_long_contents() -> None:
    truth, entry, result = await serve_and_explore_from_entry(_ChunkedManual())
    # the contents' first pages link no command; the chapter named as they are lists
    # them, and its "Prev" link to the part above is no rest of its list
    assert entry.found and entry.url == truth.base_url + "/cmd-commands.html"
    scores = set_scores(result.entities, truth.target_entities)
    assert scores.recall == 1.0 and scores.precision >= 0.9, scores
