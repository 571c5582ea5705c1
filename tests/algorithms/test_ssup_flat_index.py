"""SSUP's climb on a site whose pages are all files of one folder under names of their own (a
manual's nodes: ``/Getting-Started.html`` beside ``/Data-Types.html``): the site root's
``/index.html`` lists them, but they share no URL term of weight with the seed (every list
holds ``.html``), so `verdicts.confirms` cannot confirm it. It names the folder the seed is a
file of and lists it among pages of its URL template: `verdicts.flat_index` confirms it, and
the pages the seed's node links to (its neighbours, its cross references, the manual's index
of concepts) are not probed. A list of fewer than three pages beside the seed confirms
nothing."""

from __future__ import annotations

from aiohttp import web
from ssup_runs import serve_and_discover

from siteseer.lab import Site, SiteTruth, set_scores

NODES = (
    "Getting-Started",
    "Running-Programs",
    "Quitting-Early",
    "Data-Types",
    "Numeric-Values",
    "Strings-And-Text",
    "Control-Flow",
    "Writing-Functions",
    "Errors-And-Warnings",
    "Plotting-Results",
)
# Pages of the manual that are no nodes of the list: each links to the nodes it names.
OTHERS = ("Concept-Index", "Copying", "Acknowledgements")


def _html(title: str, body: str) -> web.Response:
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return web.Response(text=html, content_type="text/html")


class _FlatManual(Site):
    """`/index.html` lists the first `listed` nodes (a short menu when few); each node shows
    a navigation bar (next, previous, up, the concept index) and cross references to two
    other nodes, which link back."""

    id = "flat-manual"
    kind = "entity-tree"

    def __init__(self, listed: int = len(NODES)) -> None:
        super().__init__()
        self.listed = listed

    def _node(self, n: int) -> web.Response:
        name = NODES[n]
        nxt, prev = NODES[(n + 1) % len(NODES)], NODES[n - 1]
        bar = (
            f'<div class="header"><p>Next: <a href="/{nxt}.html">{nxt}</a>, '
            f'Previous: <a href="/{prev}.html">{prev}</a>, '
            '<a href="/index.html">Up</a> '
            '[<a href="/Concept-Index.html">Index</a>]</p></div>'
        )
        refs = "".join(
            f'<li><a href="/{NODES[(n + k) % len(NODES)]}.html">see also</a></li>' for k in (3, 6)
        )
        text = f'<h1>{name}</h1><p>About {name}.</p><ul class="refs">{refs}</ul>'
        return _html(name, f'{bar}<div class="contents">{text}</div>')

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/", "/index.html"):
            items = "".join(f'<li><a href="/{n}.html">{n}</a></li>' for n in NODES[: self.listed])
            extra = "".join(f'<p><a href="/{o}.html">{o}</a></p>' for o in OTHERS)
            return _html("Manual", f'<h1>Manual</h1><ul class="menu">{items}</ul>{extra}')
        name = path.removeprefix("/").removesuffix(".html")
        if name in NODES:
            return self._node(NODES.index(name))
        if name in OTHERS:
            links = "".join(f'<tr><td><a href="/{n}.html">{n}</a></td></tr>' for n in NODES)
            return _html(name, f'<p><a href="/index.html">Top</a></p><table>{links}</table>')
        return web.Response(status=404)

    def truth(self, base_url: str) -> SiteTruth:
        nodes = tuple(f"{base_url}/{n}.html" for n in NODES[: self.listed])
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"node": nodes},
            target_type="node",
            seed_entity=nodes[0],
            seed_path=(f"{base_url}/index.html", nodes[0]),
            index_levels=((f"{base_url}/index.html",),),
        )


async def test_the_root_index_of_a_flat_named_manual_is_confirmed_by_its_folder() -> None:
    truth, result, downloaded = await serve_and_discover(_FlatManual(), height=1)
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path
    confirmed = [t for t in result.trace if t.step == "top-index" and t.decision == "confirm"]
    assert [t.subject for t in confirmed] == [f"{truth.base_url}/index.html"], result.trace
    pages = [u.removeprefix(truth.base_url) for u in downloaded]
    # The seed, its neighbour (a pager's peer, probed first), the index; no cross reference,
    # no concept index.
    assert "/Concept-Index.html" not in pages, pages
    assert len(pages) <= 3, pages


async def test_no_trail_is_tried_above_the_site_root() -> None:
    # The link the node's bar shows before its link up (its previous node) is no root of a
    # trail above the site root the climb ended at: it is not downloaded.
    truth, result, downloaded = await serve_and_discover(_FlatManual())
    assert set_scores(result.entities, truth.target_entities).f1 == 1.0, result.entities
    assert result.sample_path == truth.seed_path
    assert not [t for t in result.trace if t.decision == "trail"], result.trace
    pages = [u.removeprefix(truth.base_url) for u in downloaded]
    assert f"/{NODES[-1]}.html" not in pages, pages
    assert len(pages) <= 3, pages
