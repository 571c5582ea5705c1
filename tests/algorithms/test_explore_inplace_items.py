"""A reference page listing its items in sections, each item a button around its route that opens
the item in place (an API reference's operations, ``#/<tag>/<operationId>``).

Each item sits in an element of its own id (``operations-<tag>-<operationId>``) and a class of
its kind (the operation's method): the items of every section are one list, and their buttons,
closed disclosures grouped under the section's description, are the list's items, no facet to
click. A list whose other disclosures open details in place (its models) reveals no item
there: after the first few, the rest of that group is not clicked. The answers are the
fixture's own items.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

import pytest
from aiohttp import web

from siteseer.algorithms import explore
from siteseer.algorithms.features.dom import result_container
from siteseer.algorithms.querycentric.ajax import OPENED_FIRST
from siteseer.algorithms.querycentric.disclosures import disclosure_facets
from siteseer.algorithms.querycentric.entities import result_group, sample_pattern
from siteseer.crawler import Session, SessionConfig
from siteseer.render import Box, Control, Link, Snapshot

ServeApp = Callable[[web.Application], Awaitable[str]]  # the serve_app fixture

pytestmark = pytest.mark.timeout(240)

ROOT = "http://api.test/"
SECTIONS = {"Pet": ("addPet", "getPet", "findPets"), "Store": ("getOrder", "placeOrder")}
METHODS = ("get", "post", "head")


def _item(tag: str, op: str, i: int, y: float) -> tuple[Link, Control]:
    method = METHODS[i % len(METHODS)]
    head = f"html/body/div[@id=ui]/div[@class=section][@data-tag={tag}]"
    item = f"div[@class=opblock opblock-{method}][@id=operations-{tag}-{op}]"
    button = "button[@aria-expanded=false][@class=summary]/span[@class=path]/a"
    path = f"{head}/{item}/{button}"
    link = Link(f"{ROOT}#/{tag}/{op}", f"/{op}", path, path, path, Box(120, y + 4, 150, 18))
    control = Control(
        "button",
        f"#operations-{tag}-{op} > button",
        label=f"{method.upper()}/{op}",
        group=f"{tag} operations about {tag.lower()}s.",
        box=Box(20, y, 1000, 28),
        expanded="false",
    )
    return link, control


def _page(*, around: bool = True) -> Snapshot:
    links, controls, y = [], [], 100.0
    for tag, ops in SECTIONS.items():
        for i, op in enumerate(ops):
            link, control = _item(tag, op, i, y)
            links.append(link)
            controls.append(control if around else Control(**{**_fields(control), "box": None}))
            y += 50
    return Snapshot(ROOT, ROOT, 200, "<html></html>", tuple(links), tuple(controls))


def _fields(control: Control) -> dict[str, object]:
    return {name: getattr(control, name) for name in control.__dataclass_fields__}


def test_items_whose_element_id_names_them_are_one_list() -> None:
    page = _page()
    assert len({result_container(x) for x in page.links}) == 1
    group = result_group(page, sample_pattern(f"{ROOT}#/Pet/getPet"))
    assert group is not None
    assert group[1] == sum(len(ops) for ops in SECTIONS.values())


def test_an_element_id_naming_another_page_keeps_its_list_apart() -> None:
    path = "html/body/div[@id=menu]/ul/li/a"
    menu = Link(f"{ROOT}#/Pet/addPet", "add", path, path, path)
    assert "menu" in result_container(menu)


def test_an_element_id_holding_the_name_inside_a_word_names_no_item() -> None:
    """An index's `div#listing` around `List.html` is the list's container, as around
    `Graph.html`: "list" is no word of "listing"."""
    path = "html/body/div[@id=listing]/ul[@id=alpha_L][@class=alpha]/li/span/a"
    named, other = (
        Link(f"http://127.0.0.1/{n}.html", n, path, path, path) for n in ("List", "Graph")
    )
    assert result_container(named) == result_container(other)


def test_disclosures_drawn_around_the_list_links_are_its_items_no_facet() -> None:
    assert disclosure_facets(_page()) == ()
    # the same buttons drawn around no link (a popup's opener): facet values
    assert len(disclosure_facets(_page(around=False))) == sum(len(v) for v in SECTIONS.values())


ITEMS = {f"item-{i:02d}": ("Birds", "Trees")[i % 2] for i in range(1, 13)}
MODELS = tuple(f"Model{c}" for c in "ABCDEFGH")

LIST_PAGE = """<!doctype html><html><head><title>Items</title></head><body>
<h2>Items</h2><ul class="items">%(items)s</ul>
<h3>Tags</h3><div class="tags">%(tags)s</div>
<h3>Models</h3><div class="models">%(models)s</div>
<script>
const tagged = %(tagged)s;
for (const b of document.querySelectorAll("button[aria-expanded]")) {
  b.onclick = () => {
    const box = b.nextElementSibling, open = b.getAttribute("aria-expanded") === "true";
    b.setAttribute("aria-expanded", String(!open)); box.hidden = open;
    if (open) return;
    box.innerHTML = b.closest(".tags")
      ? "<ul>" + tagged[b.textContent].map((n) => `<li><a href="/items/${n}">${n}</a></li>`).join("") + "</ul>"
      : `<p>${b.textContent} has ${b.textContent.length} fields.</p>`;
  };
}
</script></body></html>"""


async def _list(request: web.Request) -> web.Response:
    items = "".join(f'<li><a href="/items/{n}">{n}</a></li>' for n in ITEMS)
    buttons = "".join(
        f'<div><button aria-expanded="false">{v}</button><div hidden></div></div>'
        for v in ("Birds", "Trees")
    )
    models = "".join(
        f'<div><button aria-expanded="false">{m}</button><div hidden></div></div>' for m in MODELS
    )
    tagged = {t: [n for n, v in ITEMS.items() if v == t] for t in ("Birds", "Trees")}
    page = LIST_PAGE % {
        "items": items,
        "tags": buttons,
        "models": models,
        "tagged": json.dumps(tagged),
    }
    return web.Response(text=page, content_type="text/html")


async def _item_page(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    return web.Response(text=f"<html><body><h1>{name}</h1></body></html>", content_type="text/html")


async def test_a_group_of_disclosures_revealing_no_entity_is_not_opened_through(
    serve_app: ServeApp,
) -> None:
    app = web.Application()
    app.router.add_get("/", _list)
    app.router.add_get("/items/{name}", _item_page)
    base = await serve_app(app)
    async with Session(SessionConfig(render="always")) as session:
        result = await explore(session, base + "/", entity_sample=f"{base}/items/item-01")
    assert result.complete, result.reason
    assert set(result.entities) == {f"{base}/items/{n}" for n in ITEMS}
    explored = {q.conditions: set(q.entities) for q in result.queries}
    for tag in ("Birds", "Trees"):
        listed = {f"{base}/items/{n}" for n, v in ITEMS.items() if v == tag}
        assert explored[(("Tags", tag),)] == listed
    # the first models opened show no item: the rest of their group is not clicked
    barren = sorted(s.subject for s in result.skipped if s.reason == "barren")
    assert barren == [f"Models: {m}" for m in MODELS[OPENED_FIRST:]]
