"""The exploration driver on a hand-built keyword-search site, through a stand-in Session."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from siteseer.algorithms import explore
from siteseer.crawler import Cost, CrawlError, FetchFailed, canonical_url
from siteseer.render import Action, Snapshot, snapshot_from_html

BASE = "http://find.test"
ITEMS = {
    1: "Trail Runner",
    2: "Harbour Jacket",
    3: "Trail Jacket",
    4: "Summit Boots",
    5: "Hidden Gloves",  # no anchor text leads to it
}
FORM = (
    '<form id="f" method="get" action="/find"><label for="q">Search</label>'
    '<input type="text" id="q" name="q"><button type="submit">Go</button></form>'
)


def _page(path: str) -> str | None:
    parts = urlsplit(path)
    if parts.path.startswith("/item/"):
        return f"<h1>{ITEMS[int(parts.path.split('/')[2])]}</h1><button>Add to cart</button>"
    if parts.path == "/":
        tips = "".join(
            f'<li><a href="/guides/{n}">{text} guide</a></li>'
            for n, text in ((1, "Trail running"), (2, "Harbour walks"), (3, "Summit days"))
        )
        return FORM + f"<h2>Popular guides</h2><ul>{tips}</ul>"
    if parts.path == "/find":
        words = dict(parse_qsl(parts.query)).get("q", "").lower().split()
        hits = [i for i, name in ITEMS.items() if words and all(w in name.lower() for w in words)]
        rows = "".join(f'<li><a href="/item/{i}/x">{ITEMS[i]}</a></li>' for i in hits)
        return FORM + f'<ul class="results">{rows}</ul>'
    return None


class StandInSession:
    """page/pages/act/canonical/cost over `_page`, counting loads like a Session."""

    def __init__(self, site: Callable[[str], str | None] = _page) -> None:
        self.loaded: list[str] = []
        self.site = site

    async def page(self, url: str, *, render: bool = False) -> Snapshot:
        url = canonical_url(url)
        body = self.site(url.removeprefix(BASE))
        if body is None:
            raise FetchFailed(url, "no such page", 1)
        self.loaded.append(url)
        return snapshot_from_html(url, url, 200, f"<html><body>{body}</body></html>")

    async def pages(
        self, urls: Iterable[str], *, render: bool = False
    ) -> list[Snapshot | CrawlError]:
        out: list[Snapshot | CrawlError] = []
        for url in urls:
            try:
                out.append(await self.page(url))
            except CrawlError as e:
                out.append(e)
        return out

    async def act(self, snapshot: Snapshot, action: Action) -> Snapshot:
        raise AssertionError(f"a GET-only site needs no browser action, got {action}")

    def canonical(self, url: str, base: str | None = None) -> str:
        return canonical_url(url, base)

    def cost(self) -> Cost:
        return Cost(downloads=len(self.loaded))


async def test_keyword_only_form_takes_words_from_anchor_texts() -> None:
    session: Any = StandInSession()
    result = await explore(session, BASE + "/", entity_sample=BASE + "/item/1/x")
    found = set(result.entities)
    # "trail", "harbour", "summit" … come from the guides' anchor texts (the Outdesit idea)
    assert found == {f"{BASE}/item/{i}/x" for i in (1, 2, 3, 4)}
    notes = [t.note for t in result.trace if t.step == "keyword"]
    assert any("'trail' from anchor texts" in n for n in notes)
    assert all(attrs == {} for attrs in result.entities.values())  # keywords are not attributes
    # no entity page beyond the sample was downloaded
    assert [u for u in session.loaded if "/item/" in u] == [BASE + "/item/1/x"]


# A manual browser: its directory lists the programs' nodes, each node's page has a "Goto" box
# that opens the node a word names; the manual's own top node lists every section besides.
PROGRAMS = ("copy", "move", "list", "remove")
SECTIONS = ("Introduction", "Common options", "Copying files", "Listing files")
GOTO = (
    '<form method="get" action="/info"><input type="submit" value="Goto:">'
    '<input type="text" name="query"> Enter a node</form>'
)


def _menu(nodes: Iterable[str]) -> str:
    return (
        "<dl>"
        + "".join(f'<dt><a href="/info?{n.replace(" ", "+")}">{n}</a></dt>' for n in nodes)
        + "</dl>"
    )


def _manual(path: str) -> str | None:
    parts = urlsplit(path)
    if parts.path not in ("/", "/info"):
        return None
    query = parts.query.replace("+", " ")
    node = dict(parse_qsl(parts.query)).get("query", query)
    if path == "/":
        up = '<p>Up: <a href="/info?manual">Manual</a></p>'
        return up + GOTO + "<h2>Programs</h2>" + _menu(f"{p} invocation" for p in PROGRAMS)
    if node == "manual":  # the manual's top node: its every node
        return GOTO + "<h1>Manual</h1>" + _menu([*SECTIONS, *(f"{p} invocation" for p in PROGRAMS)])
    return GOTO + f"<h1>{node}</h1><pre>What {node} does.</pre>"


async def test_a_goto_box_opening_a_wider_list_is_no_keyword_query() -> None:
    """The truth: the programs the start list lists. The word "manual" (an anchor's) opens the
    manual's top node, listing them and every section: it searched nothing."""
    session: Any = StandInSession(_manual)
    result = await explore(session, BASE + "/", entity_sample=BASE + "/info?copy+invocation")
    truth = {canonical_url(f"{BASE}/info?{p}+invocation") for p in PROGRAMS}
    assert set(result.entities) == truth
    assert any(s.reason == "not-drill-down" and "query=manual" in s.subject for s in result.skipped)


# A book's contents: each chapter's page above its reference pages, every level's links
# wrapped in a span of its own kind (the DocBook chunker's toc).
CHAPTERS = {"data-types": ("Arrays", "Lists", "Trees"), "utilities": ("Base64", "Timers")}


def _book(path: str) -> str | None:
    if path in ("/", "/index.html"):
        toc = "".join(
            f'<dt><span class="chapter"><a href="/{c}.html">{c}</a></span></dt><dd><dl>'
            + "".join(
                f'<dt><span class="refentrytitle"><a href="/ref-{r}.html">{r}</a></span></dt>'
                for r in refs
            )
            + "</dl></dd>"
            for c, refs in CHAPTERS.items()
        )
        index = '<dt><span class="index"><a href="/api-index.html">Index</a></span></dt>'
        return f'<div class="toc"><dl class="toc">{toc}{index}</dl></div>'
    if path.endswith(".html"):
        return f"<h1>{path}</h1><p>Its text.</p>"
    return None


async def test_the_heading_levels_of_a_book_contents_are_no_entities() -> None:
    """The truth: the reference pages; the chapters and the index above them, marked as such,
    are the book's headings."""
    session: Any = StandInSession(_book)
    result = await explore(session, BASE + "/", entity_sample=BASE + "/ref-Arrays.html")
    truth = {f"{BASE}/ref-{r}.html" for refs in CHAPTERS.values() for r in refs}
    assert set(result.entities) == truth


# A shop whose category tree nests each origin's makes under it; the origins are first linked
# in a menu with no heading (no facet value of their own), then as the tree's top items.
CARS = {
    "ford-pinto": ("USA", "Ford"),
    "ford-torino": ("USA", "Ford"),
    "amc-hornet": ("USA", "Amc"),
    "vw-rabbit": ("Europe", "Volkswagen"),
    "fiat-128": ("Europe", "Fiat"),
    "toyota-corona": ("Japan", "Toyota"),
}


def _shop(path: str) -> str | None:
    parts = urlsplit(path).path.strip("/").split("/")
    if parts[:2] == ["catalogue", "p"] and parts[2] in CARS:
        return f"<h1>{parts[2]}</h1><p>A car.</p>"
    if parts[0] != "catalogue" or (len(parts) > 1 and parts[1] != "category"):
        return None
    within = parts[2:]  # [] or [origin] or [origin, make]
    cars = [c for c, place in CARS.items() if [p.lower() for p in place][: len(within)] == within]
    if not cars:
        return None
    origins = sorted({o for o, _ in CARS.values()})
    menu = "".join(f'<li><a href="/catalogue/category/{o.lower()}/">{o}</a></li>' for o in origins)
    tree = "".join(
        f'<li><a href="/catalogue/category/{o.lower()}/">{o}</a><ul>'
        + "".join(
            f'<li><a href="/catalogue/category/{o.lower()}/{m.lower()}/">{m}</a></li>'
            for m in sorted({m for oo, m in CARS.values() if oo == o})
        )
        + "</ul></li>"
        for o in origins
    )
    items = "".join(f'<li><h3><a href="/catalogue/p/{c}/">{c}</a></h3></li>' for c in cars)
    return (
        f'<nav><ul class="menu"><li><a href="/">Home</a></li>{menu}</ul></nav>'
        f'<aside><h4>Show results for</h4><ul class="tree">{tree}</ul></aside>'
        f'<section><ol class="products">{items}</ol></section>'
    )


async def test_the_items_above_a_facets_values_in_its_tree_are_a_level_of_their_own() -> None:
    """The truth: each car's make (the tree's values) and origin (the items above them, no
    facet value of their own): each origin's cars are its makes' cars, no origin page loaded."""
    session: Any = StandInSession(_shop)
    start = BASE + "/catalogue/"
    result = await explore(session, start, entity_sample=BASE + "/catalogue/p/ford-pinto/")
    found = result.entities
    assert set(found) == {f"{BASE}/catalogue/p/{c}/" for c in CARS}
    for car, (origin, make) in CARS.items():
        assert found[f"{BASE}/catalogue/p/{car}/"] == {
            "Show results for": (make,),
            "Show results for (level above)": (origin,),
        }, car
    origins = {f"{BASE}/catalogue/category/{o}/" for o in ("usa", "europe", "japan")}
    assert not origins & set(session.loaded)
