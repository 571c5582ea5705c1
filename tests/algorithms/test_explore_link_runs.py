"""`explore` on a manual whose nodes each open with a header of "Label: <link>" runs (an Info
gateway's ``Next: <strong><a>…</a></strong>  Up: <strong><a>…</a></strong>``), against the
lab's truth: the directory lists the program nodes and nothing of their chapters, each node
names its chapter only as its "Up:" link (the truth's unlabelled chapter, scored by its
values), and every node's page is read for the runs."""

from __future__ import annotations

from urllib.parse import quote_plus

from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import LabServer, Site, SiteTruth
from siteseer.lab.score import pair_scores

CHAPTERS = {
    "Directory listing": ("ls", "dir", "vdir"),
    "Basic operations": ("cp", "mv", "rm"),
    "Printing text": ("echo", "printf"),
}
PROGRAMS = [p for programs in CHAPTERS.values() for p in programs]


def _node(name: str) -> str:
    return "/info?" + quote_plus(name)


def _link(name: str) -> str:
    return f'<strong><a href="{_node(name)}"><img src="/i.png" alt=""> {name}</a></strong>'


def _page(title: str, header: str, body: str) -> web.Response:
    html = (
        f"<html><head><title>{title}</title></head><body><h1>{title}</h1>"
        f'<form method="GET" action="/info"><hr>{header}<hr>'
        '<input type="text" name="query"> Enter a node</form>'
        f"{body}</body></html>"
    )
    return web.Response(text=html, content_type="text/html")


class _Manual(Site):
    """`/` lists every program's node; `/info?<program> invocation` is a node, its header
    linking the next node and its chapter ("Up:"), its text a few lines."""

    id = "manual-links"
    kind = "entity-tree"

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/":
            items = "".join(
                f'<dt><a href="{_node(p + " invocation")}">{p}</a></dt><dd>{p} files</dd>'
                for p in PROGRAMS
            )
            return _page("Directory", "", f"<h2>Individual utilities</h2><dl>{items}</dl>")
        node = next(iter(request.query), "")
        name = next((p for p in PROGRAMS if p + " invocation" == node), None)
        if request.path != "/info" or name is None:
            return web.Response(status=404, text="not found")
        chapter = next(c for c, programs in CHAPTERS.items() if name in programs)
        after = PROGRAMS[(PROGRAMS.index(name) + 1) % len(PROGRAMS)]
        header = f"Next: {_link(after + ' invocation')}<tt>  </tt>Up: {_link(chapter)}"
        return _page(f"{name} invocation", header, f"<pre>The {name} program.</pre>")

    def truth(self, base_url: str) -> SiteTruth:
        urls = {p: base_url + _node(p + " invocation") for p in PROGRAMS}
        attributes = {
            urls[p]: {"chapter": (c,)} for c, programs in CHAPTERS.items() for p in programs
        }
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"program": tuple(urls.values())},
            target_type="program",
            seed_entity=urls["ls"],
            attributes=attributes,
            facet_values={"chapter": tuple(sorted(CHAPTERS))},
            unlabelled=("chapter",),
        )


async def test_a_nodes_label_link_runs_are_its_fields_its_up_link_the_unlabelled_chapter() -> None:
    async with LabServer([_Manual()]) as server:
        truth = server.truth("manual-links")
        async with Session(SessionConfig(render="never", cache=None)) as session:
            result = await explore(session, truth.base_url + "/", entity_sample=truth.seed_entity)
    assert set(result.entities) == set(truth.target_entities)
    scores = pair_scores(result.entities, truth)
    assert (scores.precision, scores.recall) == (1.0, 1.0), result.entities
