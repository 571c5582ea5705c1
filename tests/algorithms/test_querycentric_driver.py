"""The exploration driver on a hand-built keyword-search site, through a stand-in Session."""

from __future__ import annotations

from collections.abc import Iterable
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

    def __init__(self) -> None:
        self.loaded: list[str] = []

    async def page(self, url: str, *, render: bool = False) -> Snapshot:
        url = canonical_url(url)
        body = _page(url.removeprefix(BASE))
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
