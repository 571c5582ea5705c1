"""A load-more list explored in the browser three ways: its GET request asked directly, its POST
request left to clicks, its own page-size select set to "All".

The fixture is one page served on loopback: a "Colour" checkbox facet and a list of links to
`ITEMS` item pages that a script fills from ``/api/items`` (JSON) — `CHUNK` rows at a time behind
a "Load more" button, or as many as a "Per page" select says. Its truth is built from `ITEMS`,
not from a crawl.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from aiohttp import web

from siteseer.algorithms import Exploration, explore
from siteseer.algorithms.querycentric.explorer import NO_FACETS
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import FacetQuery, SiteTruth, pair_scores, set_scores

ServeApp = Callable[[web.Application], Awaitable[str]]  # the serve_app fixture

pytestmark = pytest.mark.timeout(240)

COLOURS = ("Red", "Blue")
ITEMS = tuple({"id": i, "colour": COLOURS[i % 3 % 2]} for i in range(1, 41))
CHUNK = 6

PAGE = """<!doctype html><html><head><title>Items</title></head><body>
<h1>Items</h1>
<section data-facet="colour"><h2>Colour</h2>%(colours)s</section>
%(size)s
<ul id="list"></ul>
<button type="button" id="more">Load more</button>
<script>
const METHOD = "%(method)s";
let shown = 0, total = 0, size = %(chunk)d;
function params(offset) {
  const p = new URLSearchParams();
  for (const c of document.querySelectorAll("input[name=colour]:checked")) p.append("colour", c.value);
  p.set("offset", String(offset)); p.set("limit", String(size));
  return p;
}
async function load(reset) {
  const offset = reset ? 0 : shown;
  const r = METHOD === "GET"
    ? await fetch("/api/items?" + params(offset))
    : await fetch("/api/items", {method: "POST", body: params(offset)});
  const d = await r.json();
  const list = document.getElementById("list");
  if (reset) { list.innerHTML = ""; shown = 0; }
  for (const it of d.items) {
    const li = document.createElement("li");
    li.innerHTML = `<a href="${it.url}">Item ${it.id}</a>`;
    list.appendChild(li);
  }
  shown += d.items.length; total = d.total;
  document.getElementById("more").hidden = shown >= total;
}
for (const c of document.querySelectorAll("input[name=colour]")) c.onchange = () => load(true);
document.getElementById("more").onclick = () => load(false);
const pp = document.getElementById("pp");
if (pp) pp.onchange = () => { size = pp.value === "all" ? 1000 : +pp.value; load(true); };
load(true);
</script></body></html>"""

SIZE_SELECT = (
    '<label for="pp">Per page</label><select id="pp">'
    f'<option value="{CHUNK}" selected>{CHUNK}</option><option value="12">12</option>'
    '<option value="all">All</option></select>'
)


def _page(method: str, size: bool, facets: bool = True) -> str:
    colours = "".join(
        f'<label><input type="checkbox" name="colour" value="{c}"> {c}</label>' for c in COLOURS
    )
    return PAGE % {
        "colours": colours if facets else "",
        "size": SIZE_SELECT if size else "",
        "method": method,
        "chunk": CHUNK,
    }


async def _items(request: web.Request) -> web.Response:
    query = request.query if request.method == "GET" else await request.post()
    colours = set(query.getall("colour", []))
    rows = [r for r in ITEMS if not colours or r["colour"] in colours]
    offset, limit = int(str(query.get("offset", 0))), min(100, int(str(query.get("limit", CHUNK))))
    items = [{"id": r["id"], "url": f"/item/{r['id']}"} for r in rows[offset : offset + limit]]
    return web.json_response({"total": len(rows), "items": items})


async def _item(request: web.Request) -> web.Response:
    n = request.match_info["n"]
    return web.Response(
        text=f"<html><body><h1>Item {n}</h1></body></html>", content_type="text/html"
    )


@pytest.fixture
async def served(request: pytest.FixtureRequest, serve_app: ServeApp) -> str:
    method, size, *facets = request.param
    app = web.Application()

    async def page(_: web.Request) -> web.Response:
        text = _page(method, size, facets=not facets or facets[0])
        return web.Response(text=text, content_type="text/html")

    app.router.add_get("/", page)
    app.router.add_route("*", "/api/items", _items)
    app.router.add_get("/item/{n}", _item)
    return await serve_app(app)


def _truth(base: str) -> SiteTruth:
    url = {r["id"]: f"{base}/item/{r['id']}" for r in ITEMS}
    attributes = {url[r["id"]]: {"Colour": (str(r["colour"]),)} for r in ITEMS}
    queries = tuple(
        FacetQuery((("Colour", c),), tuple(url[r["id"]] for r in ITEMS if r["colour"] == c))
        for c in COLOURS
    )
    entities = tuple(attributes)
    return SiteTruth(
        site="load-more",
        base_url=base,
        kind="shop",
        entities={"item": entities},
        target_type="item",
        seed_entity=entities[0],
        attributes=attributes,
        queries=queries,
        facet_values={"Colour": COLOURS},
        templates={base + "/": "list"},
    )


async def _explored(base: str) -> tuple[Exploration, SiteTruth]:
    truth = _truth(base)
    async with Session(SessionConfig(render="always")) as session:
        result = await explore(session, base + "/", entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    entities = set_scores(result.entities, truth.target_entities)
    assert (entities.precision, entities.recall) == (1.0, 1.0)
    pairs = pair_scores(result.entities, truth)
    assert (pairs.precision, pairs.recall) == (1.0, 1.0), pairs
    return result, truth


def _steps(result: Exploration, step: str) -> list[tuple[str, str]]:
    return [(t.decision, t.note) for t in result.trace if t.step == step]


@pytest.mark.slow  # the fast suite checks the same on the lab's shop-ajax
@pytest.mark.browser
@pytest.mark.parametrize("served", [("GET", False)], indirect=True)
async def test_a_get_list_request_is_asked_directly(served: str) -> None:
    result, _ = await _explored(served)
    learned = _steps(result, "list-request")
    assert learned[0] == (
        "direct",
        f"GET {served}/api/items: offset += {CHUNK}, limit rows per answer",
    )
    assert [d for d, _ in learned].count("fetch") == 1 + len(COLOURS)
    # two clicks to learn, one per colour: no click per further chunk
    assert result.cost.actions == 2 + len(COLOURS)


@pytest.mark.browser
@pytest.mark.parametrize("served", [("POST", False)], indirect=True)
async def test_a_post_list_request_is_left_to_clicks(served: str) -> None:
    result, _ = await _explored(served)
    learned = _steps(result, "list-request")
    assert [d for d, _ in learned] == ["click"]
    assert "no GET requests" in learned[0][1]
    assert result.cost.actions > 2 + len(COLOURS)  # a click per further chunk


@pytest.mark.browser
@pytest.mark.parametrize("served", [("GET", True)], indirect=True)
async def test_the_page_size_select_is_set_to_all(served: str) -> None:
    result, _ = await _explored(served)
    assert [d for d, _ in _steps(result, "page-size")] == ["choose"]
    # every list fits one page: nothing to load more, nothing learned
    assert _steps(result, "list-request") == []
    assert all('"select"' in q.pages[0] for q in result.queries if q.pages)


@pytest.mark.browser
@pytest.mark.parametrize("served", [("POST", False, False)], indirect=True)
async def test_a_list_without_facets_is_grown_to_its_end(served: str) -> None:
    """No facet to click: the start page's list is still grown by its load-more button."""
    truth = _truth(served)
    async with Session(SessionConfig(render="always")) as session:
        result = await explore(session, served + "/", entity_sample=truth.seed_entity)
    entities = set_scores(result.entities, truth.target_entities)
    assert (entities.precision, entities.recall) == (1.0, 1.0)
    assert result.complete and not result.reason  # a list is a list, with or without facets
    assert [t.note for t in result.trace if t.step == "facets"] == [NO_FACETS]
    assert result.cost.actions >= 1
