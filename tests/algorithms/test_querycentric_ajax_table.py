"""Exploration of an Ajax dashboard in the browser: rows without links, an icon-only pager with
no URL change, a radio group and a custom dropdown as facets, a view select that is no facet.

The fixture is one page served on loopback: a "Kind" radio group (named by a ``<label for>`` on
its container), a "Band" dropdown (a button opening a popup of options), a "Show" dropdown
that only changes the figures column (six figures: its values beyond the first two read on
their first page only), and a table of `ITEMS` five rows a page whose rows come from
``/api/rows`` (fetched after each change). Its truth is built from `ITEMS`, not from a crawl.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from urllib.parse import quote

import pytest
from aiohttp import web

from siteseer.algorithms import explore
from siteseer.crawler import Session, SessionConfig
from siteseer.lab import FacetQuery, SiteTruth, pair_scores, set_scores
from siteseer.lab.runners.exploration import exploration_run

ServeApp = Callable[[web.Application], Awaitable[str]]  # the serve_app fixture

pytestmark = pytest.mark.timeout(240)

NAMES = [
    "Alpha",
    "Bravo",
    "Charlie",
    "Delta",
    "Echo",
    "Foxtrot",
    "Golf",
    "Hotel",
    "India",
    "Juliett",
    "Kilo",
    "Lima",
    "Mike",
    "November",
    "Oscar",
    "Papa",
    "Quebec",
    "Romeo",
]
KINDS = ("Gas", "Ice", "Rock")
BANDS = ("Inner", "Outer")
ITEMS = tuple(
    {
        "name": n,
        "kind": KINDS[i % 3],
        "band": BANDS[(i // 2) % 2],
        "mass": i * 7 % 13,
        "r": i,
        "spin": i % 4,
        "albedo": i * 3 % 11,
        "tilt": i * 5 % 17,
        "age": i * 2 % 9,
    }
    for i, n in enumerate(NAMES)
)
FIGURES = {
    "mass": "Mass",
    "r": "Radius",
    "spin": "Spin",
    "albedo": "Albedo",
    "tilt": "Tilt",
    "age": "Age",
}
PER_PAGE = 5

PAGE = """<!doctype html><html><head><title>Bodies</title></head><body>
<h1>Small bodies</h1>
<label for="kind">Kind</label>
<div id="kind">%(kinds)s</div>
<label for="band">Band</label>
<div class="dd"><button id="band" type="button" aria-haspopup="listbox">Any</button></div>
<label for="show">Show</label>
<div class="dd2"><button id="show" type="button" aria-haspopup="listbox">Mass</button></div>
<div id="out"></div>
<script>
const state = {kind: "All", band: "Any", show: "mass", rows: [], page: 0};
function draw() {
  const rows = state.rows.slice(state.page * %(per)d, (state.page + 1) * %(per)d);
  const last = Math.max(0, Math.ceil(state.rows.length / %(per)d) - 1);
  const body = rows.map(r => `<tr><td>${r.name}</td><td>${r[state.show]}</td></tr>`).join("");
  document.getElementById("out").innerHTML =
    `<table><thead><tr><th>Name</th><th>Figure</th></tr></thead><tbody>${body}</tbody></table>` +
    `<div class="pg"><button class="pg-back" ${state.page ? "" : "disabled"}>` +
    `<svg data-icon="chevron-left"></svg></button> <span>${state.page + 1} / ${last + 1}</span> ` +
    `<button class="pg-fwd" ${state.page < last ? "" : "disabled"}>` +
    `<svg data-icon="chevron-right"></svg></button></div>`;
  document.querySelector(".pg-fwd").onclick = () => { state.page++; draw(); };
  document.querySelector(".pg-back").onclick = () => { state.page--; draw(); };
}
async function load() {
  const q = new URLSearchParams({kind: state.kind, band: state.band});
  state.rows = await (await fetch("/api/rows?" + q)).json();
  state.page = 0;
  draw();
}
for (const r of document.querySelectorAll("#kind input")) {
  r.onchange = () => { state.kind = r.value; load(); };
}
document.getElementById("show").onclick = () => {
  if (document.getElementById("popup2")) return;
  const list = document.createElement("div");
  list.id = "popup2"; list.setAttribute("role", "listbox");
  list.innerHTML = %(figures)s
    .map(f => `<button type="button" role="option" data-k="${f[0]}">${f[1]}</button>`).join("");
  for (const b of list.querySelectorAll("button")) {
    b.onclick = () => {
      state.show = b.dataset.k; document.getElementById("show").textContent = b.textContent;
      list.remove(); draw();
    };
  }
  document.querySelector(".dd2").appendChild(list);
};
document.getElementById("band").onclick = () => {
  if (document.getElementById("popup")) return;
  const list = document.createElement("div");
  list.id = "popup"; list.setAttribute("role", "listbox");
  list.innerHTML = %(bands)s.map(b => `<button type="button" role="option">${b}</button>`)
    .join("");
  for (const b of list.querySelectorAll("button")) {
    b.onclick = () => {
      state.band = b.textContent; document.getElementById("band").textContent = b.textContent;
      list.remove(); load();
    };
  }
  document.querySelector(".dd").appendChild(list);
};
load();
</script></body></html>"""


def _html() -> str:
    kinds = "".join(
        f'<label><input type="radio" name="kind" value="{k}"{" checked" if k == "All" else ""}>'
        f"{k}</label>"
        for k in ("All", *KINDS)
    )
    figures = json.dumps(list(FIGURES.items()))
    bands = json.dumps(["Any", *BANDS])
    return PAGE % {"kinds": kinds, "per": PER_PAGE, "bands": bands, "figures": figures}


async def _rows(request: web.Request) -> web.Response:
    kind, band = request.query.get("kind", "All"), request.query.get("band", "Any")
    rows = [r for r in ITEMS if kind in ("All", r["kind"]) and band in ("Any", r["band"])]
    return web.json_response(rows)


async def _page(request: web.Request) -> web.Response:
    return web.Response(text=_html(), content_type="text/html")


@pytest.fixture
async def base(serve_app: ServeApp) -> str:
    app = web.Application()
    app.router.add_get("/", _page)
    app.router.add_get("/api/rows", _rows)
    return await serve_app(app)


def _id(base: str, name: object) -> str:
    return f"{base}/#name={quote(str(name), safe='')}"


def _truth(base: str) -> SiteTruth:
    attributes = {
        _id(base, r["name"]): {"Kind": (str(r["kind"]),), "Band": (str(r["band"]),)} for r in ITEMS
    }
    queries = tuple(
        FacetQuery(((a, v),), tuple(_id(base, r["name"]) for r in ITEMS if r[a.lower()] == v))
        for a, values in (("Kind", KINDS), ("Band", BANDS))
        for v in values
    )
    entities = tuple(attributes)
    return SiteTruth(
        site="ajax-table",
        base_url=base,
        kind="shop",
        entities={"name": entities},
        target_type="name",
        seed_entity=entities[0],
        attributes=attributes,
        queries=queries,
        facet_values={"Kind": KINDS, "Band": BANDS},
        templates={base + "/": "list"},
    )


@pytest.mark.parametrize(
    "sample",
    [True, pytest.param(False, marks=pytest.mark.slow)],
    ids=["sample", "guessed"],
)
async def test_ajax_table_rows_pages_radios_and_dropdown(base: str, sample: bool) -> None:
    truth = _truth(base)
    async with Session(SessionConfig(render="auto")) as session:
        result = await explore(
            session, base + "/", entity_sample=truth.seed_entity if sample else None
        )
    assert result.complete, result.reason
    entities = set_scores(result.entities, truth.target_entities)
    assert (entities.precision, entities.recall) == (1.0, 1.0)
    pairs = pair_scores(result.entities, truth)
    assert (pairs.precision, pairs.recall) == (1.0, 1.0), pairs
    # every single-condition facet query recovered, with its entities
    explored = {q.conditions: set(q.entities) for q in result.queries if q.status == "explored"}
    for query in truth.queries:
        assert explored[query.conditions] == set(query.entities), query.conditions
    assert len(explored) == 1 + len(truth.queries)  # the start query, each value alone
    # the start query's 18 rows came from 4 pages: 3 pager clicks, each a counted action
    start = next(q for q in result.queries if not q.conditions)
    assert len(start.pages) == 4
    assert result.cost.actions >= 3 + len(KINDS) + 1 + len(BANDS)
    # "Show: Radius" lists exactly the parent's rows (in the same layout): not a query
    (shown,) = [s for s in result.skipped if s.subject == "Show: Radius" and s.query == start.id]
    assert shown.reason in ("view", "equivalent"), shown
    # the first two figures visited showed the parent's rows on every page: the other three, each
    # read on its first page only, are that view too (one state, no pager click)
    shows = [s for s in result.skipped if s.subject.startswith("Show: ") and s.query == start.id]
    assert len(shows) == len(FIGURES) - 1, shows
    assert all(s.reason in ("view", "equivalent") for s in shows), shows
    assert sum("first page" in s.detail for s in shows) == len(FIGURES) - 3, shows
    assert exploration_run(result, truth).extra["entity_recall"] == 1.0
