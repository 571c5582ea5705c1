"""A second-hand book catalogue with SEO URLs and numeric ids: the URL-templates setting (seed 001).

- Entity pages ``/item/<slug>-<id>``. Ids are not contiguous: within the id range about 28% of
  the ids are gaps. About 15% of the valid ids are *hidden*: no page links to them, yet they
  answer 200 like any other item (withdrawn from the lists, still online).
- The slug is decorative: ``/item/<anything>-<id>`` and ``/item/<id>`` answer 301 to the
  canonical ``/item/<slug>-<id>``.
- A gap id, an id below or above the range, an unknown category or topic, or a page past the end
  answers **200** with a "not found" template (a soft 404); only unknown paths answer 404.
- Index pages: category lists ``/c/<category>/<id>?page=n`` and topic lists
  ``/list?topic=<n>&page=<m>``, the home page linking both.
- Item and not-found pages carry a rotating banner and a "generated at" time that change on every
  load, so comparing two loads of one page shows random differences (seed 001's page comparison).

Validity, visibility, category and topic of an id come from a 64-bit integer mix of (seed, id), so
a `large` catalogue (≈ 50,000 items, ≈ 54,000 pages) is indexed by one pass over the id range that
keeps only arrays of ids; an item's text is computed on request.
"""

from __future__ import annotations

import random
import re
from array import array
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from urllib.parse import parse_qsl

from aiohttp import web

from siteseer.lab.site import Site, Size
from siteseer.lab.sites.http import html_response
from siteseer.lab.sites.names import person_name, rng_for, slugify
from siteseer.lab.sites.theme import (
    Anchor,
    Brand,
    Facts,
    FooterBlock,
    InlineMenu,
    LinkList,
    Pager,
    Table,
    Text,
    box,
    esc,
    not_found_page,
    page,
)
from siteseer.lab.truth import SiteTruth

__all__ = ["CatalogIdsSite", "CatalogIndex"]

FIRST_ID = 1001
DENSITY = 0.72  # share of ids in the range that are items
HIDDEN_SHARE = 0.15  # share of items that nothing links to
CATEGORY_PAGE = 20
TOPIC_PAGE = 25
SOLD_LINKS = 5
ITEM_COUNTS: dict[Size, int] = {"small": 120, "medium": 2000, "large": 50000}
TOPIC_COUNTS: dict[Size, int] = {"small": 4, "medium": 12, "large": 40}
CATEGORIES: tuple[tuple[int, str], ...] = (
    (3, "History"),
    (7, "Science"),
    (12, "Travel"),
    (18, "Poetry"),
    (25, "Cookery"),
    (31, "Art & Design"),
    (40, "Children's Books"),
    (44, "Natural History"),
)
_CATEGORY_BY_ID = dict(CATEGORIES)
_BANNERS = (
    "Spring sale: 20% off all hardbacks",
    "Free delivery on orders over £25",
    "New arrivals every Thursday",
    "Sell us your books — instant quotes",
    "Join the readers' club for early access",
    "Gift vouchers now available",
)
_TITLE_A = (
    "The", "A", "Notes on the", "Letters from the", "Beyond the", "Under the", "In Search of the",
    "A Short History of the", "Return to the", "The Last",
)  # fmt: skip
_TITLE_B = (
    "Silent", "Northern", "Forgotten", "Golden", "Hidden", "Winter", "Painted", "Broken",
    "Distant", "Quiet", "Burning", "Restless", "Salt", "Iron", "Glass", "Lantern",
)  # fmt: skip
_TITLE_C = (
    "River", "Garden", "Harbour", "Orchard", "Kingdom", "Atlas", "Coast", "Observatory", "Valley",
    "Library", "Meadow", "Island", "Kitchen", "Frontier", "Cathedral", "Compass", "Archive",
)  # fmt: skip
_PUBLISHERS = ("Hollow Press", "Quayside Books", "Fenwick & Lowe", "Marram House", "Blue Door")
_CONDITIONS = ("Fine", "Very good", "Good", "Fair")


def _mix(value: int) -> int:
    """SplitMix64 finaliser: a well-spread 64-bit hash of `value`."""
    value = (value + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return value ^ (value >> 31)


def _unit(seed: int, key: int, item_id: int) -> float:
    return _mix((seed * 1_000_003 + key) * 10_000_019 + item_id) / 2**64


@dataclass(frozen=True)
class Item:
    """One catalogue entry."""

    id: int
    title: str
    author: str
    year: int
    publisher: str
    condition: str
    price_pence: int
    category_id: int
    topic: int
    description: str

    @property
    def slug(self) -> str:
        return slugify(self.title)

    @property
    def path(self) -> str:
        return f"/item/{self.slug}-{self.id}"

    @property
    def category(self) -> str:
        return _CATEGORY_BY_ID[self.category_id]


def category_path(category_id: int, number: int = 1) -> str:
    base = f"/c/{slugify(_CATEGORY_BY_ID[category_id])}/{category_id}"
    return base if number == 1 else f"{base}?page={number}"


def topic_path(topic: int, number: int = 1) -> str:
    return f"/list?topic={topic}&page={number}"


class CatalogIndex:
    """The id space of a catalogue at (size, seed), scanned once: which ids are items, which of
    them are linked, and the linked ids of every category and topic (ascending arrays)."""

    def __init__(self, size: Size, seed: int) -> None:
        self.seed = seed
        self.topics = TOPIC_COUNTS[size]
        span = round(ITEM_COUNTS[size] / DENSITY)
        self.span_end = FIRST_ID + span  # ids in [FIRST_ID, span_end) may be items
        self.items = array("i")
        self.hidden = array("i")
        self.by_category: dict[int, array[int]] = {cid: array("i") for cid, _ in CATEGORIES}
        self.by_topic: dict[int, array[int]] = {t: array("i") for t in range(1, self.topics + 1)}
        for item_id in range(FIRST_ID, self.span_end):
            if not self.is_item(item_id):
                continue
            self.items.append(item_id)
            if self.is_hidden(item_id):
                self.hidden.append(item_id)
                continue
            self.by_category[self.category_of(item_id)].append(item_id)
            self.by_topic[self.topic_of(item_id)].append(item_id)
        self.linked = array("i", sorted(set(self.items) - set(self.hidden)))
        gaps = [i for i in range(FIRST_ID, self.span_end) if not self.is_item(i)]
        step = max(1, len(gaps) // SOLD_LINKS)
        # Sold items: gap ids the home page still links to (dead links answering soft 404s).
        self.sold = array("i", gaps[::step][:SOLD_LINKS])

    def is_item(self, item_id: int) -> bool:
        if not FIRST_ID <= item_id < self.span_end:
            return False
        # The first and last ids of the range are always items, so the range is well defined.
        if item_id in (FIRST_ID, self.span_end - 1):
            return True
        return _unit(self.seed, 1, item_id) < DENSITY

    def is_hidden(self, item_id: int) -> bool:
        if item_id == FIRST_ID:
            return False
        return _unit(self.seed, 2, item_id) < HIDDEN_SHARE

    def category_of(self, item_id: int) -> int:
        return CATEGORIES[int(_unit(self.seed, 3, item_id) * len(CATEGORIES))][0]

    def topic_of(self, item_id: int) -> int:
        return 1 + int(_unit(self.seed, 4, item_id) * self.topics)

    @property
    def id_range(self) -> tuple[int, int]:
        return (self.items[0], self.items[-1])


def _pages(count: int, per: int) -> int:
    return max(1, -(-count // per))


class CatalogIdsSite(Site):
    """Numeric-id item pages with decorative slugs, unlinked items, soft 404s and noisy pages."""

    id = "catalog-ids"
    kind = "catalog"
    description = "SEO URLs with numeric ids: gaps, unlinked items, slug redirects, soft 404s."
    brand = Brand("Marginalia Books", "Second-hand and rare books since 1987", accent="#7a3b2e")

    @cached_property
    def index(self) -> CatalogIndex:
        return CatalogIndex(self.size, self.seed)

    def item(self, item_id: int) -> Item:
        """The item `item_id` (for a gap id: the item it was before it was sold)."""
        rnd = rng_for(self.seed, "item", item_id)
        title = f"{rnd.choice(_TITLE_A)} {rnd.choice(_TITLE_B)} {rnd.choice(_TITLE_C)}"
        author = person_name(rnd.randrange(10**6), self.seed).full
        return Item(
            id=item_id,
            title=title,
            author=author,
            year=rnd.randint(1890, 2023),
            publisher=rnd.choice(_PUBLISHERS),
            condition=rnd.choice(_CONDITIONS),
            price_pence=rnd.randint(300, 9000),
            category_id=self.index.category_of(item_id),
            topic=self.index.topic_of(item_id),
            description=(
                f"A {rnd.choice(('well-kept', 'lightly read', 'much-loved', 'clean'))} copy of "
                f"{title}. {rnd.choice(('Dust jacket present.', 'No dust jacket.', 'Signed.'))} "
                f"{rnd.choice(('Ships in a padded envelope.', 'Gift wrapping on request.'))}"
            ),
        )

    # -- chrome -------------------------------------------------------------------------------

    def nav(self) -> tuple[Anchor, ...]:
        cats = tuple(Anchor(category_path(cid), name) for cid, name in CATEGORIES[:5])
        return (Anchor("/", "Home"), *cats, Anchor("/about", "About"))

    def render(
        self, title: str, body: str, *, crumbs: tuple[Anchor, ...] = (), sidebar: str = ""
    ) -> str:
        footer = (
            FooterBlock(
                "Browse",
                tuple(Anchor(category_path(cid), name) for cid, name in CATEGORIES),
            ),
            FooterBlock("Shop", (Anchor("/about", "About the shop"),)),
        )
        return page(
            title,
            body,
            brand=self.brand,
            nav=self.nav(),
            breadcrumbs=crumbs,
            sidebar=sidebar,
            footer=footer,
        )

    @staticmethod
    def _noise() -> str:
        """A banner and a timestamp that differ on every load."""
        pick = random.SystemRandom()
        banner = pick.choice(_BANNERS)
        code = f"{pick.randrange(16**6):06x}"
        now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
        return (
            f'<div class="banner" data-campaign="{code}"><strong>{esc(banner)}</strong></div>'
            f'<p class="generated">Page generated at {now} UTC</p>'
        )

    # -- routing ------------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path == "/":
            return html_response(self._home())
        if path == "/about":
            body = Text(
                (
                    "Marginalia Books buys and sells second-hand and rare books.",
                    "Every copy is checked and described by hand before it is listed.",
                )
            ).html()
            return html_response(self.render("About the shop", body, crumbs=(Anchor("/", "Home"),)))
        if path.startswith("/item/"):
            return self._item(path[len("/item/") :])
        match = re.fullmatch(r"/c/([^/]+)/(\d+)", path)
        if match:
            return self._category(match.group(1), int(match.group(2)), request.query_string)
        if path == "/list":
            return self._topic(request.query_string)
        return html_response(not_found_page(path, brand=self.brand, nav=self.nav()), status=404)

    def _soft404(self, what: str) -> web.Response:
        body = (
            self._noise()
            + '<div class="notice not-found"><p>Sorry, we could not find '
            + esc(what)
            + ".</p><p>It may have been sold or the link may be wrong.</p>"
            + '<p><a href="/">Back to the catalogue</a></p></div>'
        )
        return html_response(self.render("Item not found", body, crumbs=(Anchor("/", "Home"),)))

    # -- pages --------------------------------------------------------------------------------

    def _home(self) -> str:
        index = self.index
        recent = [self.item(i) for i in index.linked[-10:][::-1]]
        sold = [self.item(i) for i in index.sold]
        body = (
            Text(("Browse our shelves by subject or by reading list.",)).html()
            + LinkList(
                tuple(Anchor(category_path(cid), name) for cid, name in CATEGORIES),
                title="Subjects",
                notes=tuple(f"{len(index.by_category[cid])} books" for cid, _ in CATEGORIES),
            ).html()
            + InlineMenu(
                tuple(Anchor(topic_path(t), f"List {t}") for t in range(1, index.topics + 1)),
                title="Reading lists",
            ).html()
            + Table(
                ("Title", "Author", "Price"),
                tuple(
                    (Anchor(i.path, i.title), i.author, f"£{i.price_pence / 100:.2f}")
                    for i in recent
                ),
                title="Recently added",
            ).html()
            + LinkList(tuple(Anchor(i.path, i.title) for i in sold), title="Recently sold").html()
        )
        return self.render("Marginalia Books", body)

    def _item(self, rest: str) -> web.Response:
        match = re.fullmatch(r"(?:(.*)-)?(\d+)", rest)
        if match is None:
            return self._soft404(f"the item “{rest}”")
        item_id = int(match.group(2))
        if not self.index.is_item(item_id):
            return self._soft404(f"item #{item_id}")
        item = self.item(item_id)
        if match.group(1) != item.slug:
            raise web.HTTPMovedPermanently(item.path)
        siblings = self.index.by_category[item.category_id]
        more = [self.item(i) for i in _neighbours(siblings, item_id, 4)]
        body = (
            self._noise()
            + Facts(
                (
                    ("Author", item.author),
                    ("Published", f"{item.publisher}, {item.year}"),
                    ("Condition", item.condition),
                    ("Price", f"£{item.price_pence / 100:.2f}"),
                    ("Subject", Anchor(category_path(item.category_id), item.category)),
                    ("Stock number", f"#{item.id}"),
                )
            ).html()
            + Text((item.description,), title="Description").html()
        )
        sidebar = box(
            "More in " + item.category,
            "<ul>" + "".join(f"<li>{Anchor(m.path, m.title).html()}</li>" for m in more) + "</ul>",
        )
        crumbs = (Anchor("/", "Home"), Anchor(category_path(item.category_id), item.category))
        return html_response(self.render(item.title, body, crumbs=crumbs, sidebar=sidebar))

    def _category(self, slug: str, category_id: int, query: str) -> web.Response:
        if category_id not in _CATEGORY_BY_ID:
            return self._soft404(f"subject #{category_id}")
        number = _page_number(query)
        if slug != slugify(_CATEGORY_BY_ID[category_id]):
            raise web.HTTPMovedPermanently(category_path(category_id, number or 1))
        ids = self.index.by_category[category_id]
        pages = _pages(len(ids), CATEGORY_PAGE)
        if number is None or number > pages:
            return self._soft404(f"page {query} of this subject")
        shown = [self.item(i) for i in ids[(number - 1) * CATEGORY_PAGE : number * CATEGORY_PAGE]]
        name = _CATEGORY_BY_ID[category_id]
        body = (
            f'<p class="summary">{len(ids)} books in {esc(name)}</p>'
            + Table(
                ("Title", "Author", "Year"),
                tuple((Anchor(i.path, i.title), i.author, str(i.year)) for i in shown),
            ).html()
            + Pager(
                tuple((n, category_path(category_id, n)) for n in range(1, pages + 1)), number
            ).html()
        )
        return html_response(self.render(name, body, crumbs=(Anchor("/", "Home"),)))

    def _topic(self, query: str) -> web.Response:
        params = dict(parse_qsl(query))
        topic_text = params.get("topic", "")
        if not topic_text.isdigit() or not 1 <= int(topic_text) <= self.index.topics:
            return self._soft404(f"reading list {topic_text or '(none)'}")
        topic = int(topic_text)
        number = _page_number(query)
        ids = self.index.by_topic[topic]
        pages = _pages(len(ids), TOPIC_PAGE)
        if number is None or number > pages:
            return self._soft404(f"page {params.get('page', '')} of reading list {topic}")
        shown = [self.item(i) for i in ids[(number - 1) * TOPIC_PAGE : number * TOPIC_PAGE]]
        body = (
            f'<p class="summary">Reading list {topic}: {len(ids)} books, page {number} of '
            f"{pages}</p>"
            + LinkList(
                tuple(Anchor(i.path, i.title) for i in shown),
                notes=tuple(f"{i.author}, {i.year}" for i in shown),
                ordered=True,
            ).html()
            + Pager(tuple((n, topic_path(topic, n)) for n in range(1, pages + 1)), number).html()
        )
        return html_response(
            self.render(f"Reading list {topic}", body, crumbs=(Anchor("/", "Home"),))
        )

    # -- truth --------------------------------------------------------------------------------

    def truth(self, base_url: str) -> SiteTruth:
        index = self.index
        templates: dict[str, str] = {base_url + "/": "home", base_url + "/about": "info"}
        category_pages: list[str] = []
        for cid, _ in CATEGORIES:
            for n in range(1, _pages(len(index.by_category[cid]), CATEGORY_PAGE) + 1):
                url = base_url + category_path(cid, n)
                category_pages.append(url)
                templates[url] = "category"
        for topic in range(1, index.topics + 1):
            for n in range(1, _pages(len(index.by_topic[topic]), TOPIC_PAGE) + 1):
                templates[base_url + topic_path(topic, n)] = "list"
        items = [base_url + self.item(i).path for i in index.items]
        for url in items:
            templates[url] = "item"
        lo, hi = index.id_range
        gaps = [i for i in range(lo, hi) if not index.is_item(i)]
        for i in index.sold:
            templates[base_url + self.item(i).path] = "soft404"
        hidden = tuple(base_url + self.item(i).path for i in index.hidden)
        seed_id = index.linked[0]
        seed = self.item(seed_id)
        seed_page = 1 + list(index.by_category[seed.category_id]).index(seed_id) // CATEGORY_PAGE
        return SiteTruth(
            site=self.id,
            base_url=base_url,
            kind=self.kind,
            entities={"item": tuple(items)},
            target_type="item",
            seed_entity=base_url + seed.path,
            index_levels=((base_url + "/",), tuple(category_pages)),
            seed_path=(
                base_url + "/",
                base_url + category_path(seed.category_id, seed_page),
                base_url + seed.path,
            ),
            hidden=hidden,
            id_ranges={"item": (lo, hi)},
            templates=templates,
            notes=(
                f"{len(items)} items with ids {lo}–{hi} ({len(gaps)} gaps); {len(hidden)} hidden "
                "(linked from no page, answer 200). /item/<any>-<id> and /item/<id> answer 301 to "
                "the canonical URL; gap ids, ids outside the range, unknown subjects/lists and "
                "pages past the end answer 200 with the 'Item not found' template (soft 404); "
                "the home page's 'Recently sold' links lead to such gap ids (template 'soft404'). "
                "Item and not-found pages hold a banner and a timestamp that change on every load."
            ),
        )


def _page_number(query: str) -> int | None:
    """The `page` parameter (1 when absent); None when it is not a positive number."""
    for key, value in parse_qsl(query):
        if key == "page":
            return int(value) if value.isdigit() and int(value) >= 1 else None
    return 1


def _neighbours(ids: array[int], item_id: int, k: int) -> list[int]:
    """Up to `k` linked ids of the same list near `item_id` (never itself)."""
    if not ids:
        return []
    lo, hi = 0, len(ids)
    while lo < hi:
        mid = (lo + hi) // 2
        if ids[mid] < item_id:
            lo = mid + 1
        else:
            hi = mid
    window = [i for i in ids[max(0, lo - k) : lo + k + 1] if i != item_id]
    return window[:k]
