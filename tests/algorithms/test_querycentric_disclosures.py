"""Exploration of a fragment-routed notes app whose facets are tag pills opening popups.

The fixture is one page served on loopback, shaped like a personal wiki: each note is a state
``/#<title>`` of the one page (its body and its tag pills), a sidebar of ARIA tabs ("Open",
"More") whose "More" panel holds tabs of its own ("Recent", "Tags"), and under "Tags" one pill
per tag (a ``<span aria-expanded>``, not a button) whose popup lists a link to the tag's own note,
then the notes carrying the tag. No facet is a link, a checkbox or a select: only the popups
say which note has which tag. The truth is built from `NOTES`, not from a crawl.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from functools import partial
from urllib.parse import quote

import pytest
from aiohttp import web

from siteseer.algorithms import explore
from siteseer.algorithms.querycentric.disclosures import (
    disclosure_facets,
    revealed_entities,
    seen_links,
    tab_controls,
)
from siteseer.algorithms.querycentric.model import EntityPattern
from siteseer.crawler import Session, SessionConfig, canonical_url
from siteseer.lab import FacetQuery, SiteTruth, pair_scores, set_scores
from siteseer.render import snapshot_from_html

ServeApp = Callable[[web.Application], Awaitable[str]]  # the serve_app fixture

pytestmark = pytest.mark.timeout(240)

TAGS = ("Birds", "Trees", "Rivers", "Stones")
NOTES = {
    f"Note {i:02d}": tuple(t for k, t in enumerate(TAGS) if (i >> k) & 1 or i % 5 == k)
    for i in range(1, 25)
}
NOTES |= {tag: () for tag in TAGS}  # each tag has a note of its own, untagged

PAGE = """<!doctype html><html><head><title>Notes</title></head><body>
<div id="story"></div>
<div class="sidebar" role="tablist">
 <div class="buttons"><button role="tab" aria-selected="true">Open</button>
  <button role="tab" aria-selected="false">More</button></div>
 <div class="panel" role="tabpanel"></div>
</div>
<script id="store" type="application/json">%(notes)s</script>
<script>
const notes = JSON.parse(document.getElementById("store").textContent);
const link = (t) => `<a href="#${encodeURIComponent(t)}">${t}</a>`;
const pills = (tags) => tags.map((t) =>
  `<span class="tag"><span class="pill" aria-expanded="false">${t}</span>` +
  `<span class="popup" hidden></span></span>`).join(" ");
const ui = {top: "Open", inner: "Recent"};
function story() {
  const title = decodeURIComponent(location.hash.slice(1)) || "Welcome";
  document.getElementById("story").innerHTML = `<h2>${title}</h2>` +
    `<div class="tags">${pills(notes[title] || [])}</div><p>${notes[title] ? "A note." :
    "Start with " + link("Note 01") + " or " + link("Note 02") + "."}</p>`;
  wire();
}
function sidebar() {
  const buttons = document.querySelectorAll(".sidebar > .buttons > [role=tab]");
  for (const b of buttons) b.setAttribute("aria-selected", String(b.textContent === ui.top));
  const panel = document.querySelector(".sidebar > .panel");
  if (ui.top === "Open") { panel.innerHTML = "<p>" + link("Note 01") + "</p>"; return wire(); }
  panel.innerHTML = `<div class="inner" role="tablist"><div class="buttons">` +
    ["Recent", "Tags"].map((t) =>
      `<button role="tab" aria-selected="${t === ui.inner}">${t}</button>`).join("") +
    `</div><div role="tabpanel">` + (ui.inner === "Recent"
      ? "<p>" + link("Note 24") + "</p>"
      : `<div class="tags">${pills(Object.keys(tagged()).sort())}</div>`) + "</div></div>";
  wire();
}
function tagged() {
  const out = {};
  for (const [title, tags] of Object.entries(notes)) for (const t of tags) (out[t] ||= []).push(title);
  return out;
}
function wire() {
  for (const b of document.querySelectorAll(".sidebar [role=tab]")) {
    b.onclick = () => {
      if (b.closest(".inner")) ui.inner = b.textContent; else ui.top = b.textContent;
      sidebar();
    };
  }
  for (const p of document.querySelectorAll(".pill")) {
    p.onclick = () => {
      const popup = p.nextElementSibling, open = p.getAttribute("aria-expanded") === "true";
      for (const q of document.querySelectorAll(".pill[aria-expanded=true]")) {
        q.setAttribute("aria-expanded", "false");
        q.nextElementSibling.hidden = true; q.nextElementSibling.innerHTML = "";
      }
      if (open) return;
      const tag = p.textContent;
      popup.innerHTML = `<div>${link(tag)}</div><hr><ul>` +
        (tagged()[tag] || []).map((t) => `<li>${link(t)}</li>`).join("") + "</ul>";
      popup.hidden = false; p.setAttribute("aria-expanded", "true");
    };
  }
}
window.addEventListener("hashchange", story);
story(); sidebar();
</script></body></html>"""


async def _page(request: web.Request) -> web.Response:
    notes = json.dumps({t: list(tags) for t, tags in NOTES.items()})
    return web.Response(text=PAGE % {"notes": notes}, content_type="text/html")


@pytest.fixture
async def base(serve_app: ServeApp) -> str:
    app = web.Application()
    app.router.add_get("/", _page)
    return await serve_app(app)


def _url(base: str, title: str) -> str:
    return f"{base}/#{quote(title, safe='')}"


def _truth(base: str) -> SiteTruth:
    urls = {title: _url(base, title) for title in NOTES}
    attributes = {urls[t]: {"Tags": tags} for t, tags in NOTES.items() if tags}
    queries = tuple(
        FacetQuery((("Tags", tag),), tuple(urls[t] for t, tags in NOTES.items() if tag in tags))
        for tag in TAGS
    )
    return SiteTruth(
        site="notes",
        base_url=base,
        kind="shop",
        entities={"note": tuple(urls[t] for t, tags in NOTES.items() if tags)},
        target_type="note",
        seed_entity=urls["Note 07"],
        attributes=attributes,
        queries=queries,
        facet_values={"Tags": TAGS},
        templates={base + "/": "list"},
    )


POPUP_PAGE = (
    '<div role="tablist"><button role="tab" aria-selected="true">Open</button>'
    '<button role="tab" aria-selected="false">More</button>'
    '<div role="tabpanel"><span class="pill" aria-expanded="%s">Birds</span>'
    '<span class="pill" aria-expanded="false">Trees</span>'
    '<button aria-expanded="false" aria-haspopup="menu">Menu</button>%s</div></div>'
    '<p><a href="#Note%%2001">Note 01</a></p>'
)


def _snap(body: str):  # type: ignore[no-untyped-def]
    url = "http://127.0.0.1:9/"
    html = f"<html><body>{body}</body></html>"
    return snapshot_from_html(
        url, url, 200, html, canonicalize=partial(canonical_url, keep_fragment=True)
    )


def test_closed_disclosures_under_a_tab_are_facets_of_its_label() -> None:
    closed = _snap(POPUP_PAGE % ("false", ""))
    facets = disclosure_facets(closed)
    assert [(f.attribute, f.value) for f in facets] == [("Open", "Birds"), ("Open", "Trees")]
    (more,) = tab_controls(closed)
    assert more.label == "More"
    assert tab_controls(closed, known={more.selector}) == ()
    popup = '<ul><li><a href="#Birds">Birds</a></li><li><a href="#Note%2003">Note 03</a></li></ul>'
    opened = _snap(POPUP_PAGE % ("true", popup))
    pattern = EntityPattern.from_urls(["http://127.0.0.1:9/#Note%2001"])
    # what the popup added, without its header (the value's own note); not the page's list
    assert revealed_entities(opened, pattern, seen_links(closed), "Birds") == (
        "http://127.0.0.1:9/#Note%2003",
    )


async def test_tag_popups_behind_tabs_give_every_tag_of_every_note(base: str) -> None:
    truth = _truth(base)
    async with Session(SessionConfig(render="auto")) as session:
        result = await explore(session, base + "/", entity_sample=truth.seed_entity)
    assert result.complete, result.reason
    entities = set_scores(result.entities, truth.target_entities)
    assert (entities.precision, entities.recall) == (1.0, 1.0), entities
    pairs = pair_scores(result.entities, truth)
    assert (pairs.precision, pairs.recall) == (1.0, 1.0), pairs
    explored = {q.conditions: set(q.entities) for q in result.queries}
    for query in truth.queries:
        assert explored[query.conditions] == set(query.entities), query.conditions
    # the tabs and popups were switched in the loaded page, not by loading it again each time
    # The tabs and popups were switched in a loaded page, not by loading it again for each
    # state: the start page, the hash-routing probe and the sample note, then one load for
    # each further page of the browser pool (two), whatever the number of tags.
    assert result.cost.actions >= len(TAGS) + 2
    assert result.cost.renders <= 5, result.cost
