"""What the entity-tree sites share: index pages (paginated) lead to entity pages of one type.

Six sites, one module each, exercise a case from SSUP's evaluation (see each class and its truth
`notes`):

- `council` (council.py) — height 1: one members index (ul/li) → member pages that link back
  to it.
- `drivers` (drivers.py) — height 2: seasons index → paginated season standings → driver pages;
  a driver races in several seasons.
- `cars` (cars.py) — SSUP's Table 1: /car/<make>/<model> under paginated make pages, with
  look-alike noise (/test_drive/<model>.htm, /news.htm, /wallpapers.htm) linked from the same
  lists.
- `olympic` (olympic.py) — sports and host cities rendered by one template (where GPP's precision
  fell).
- `people` (people.py) — SSUP's failure cases: no link back to the index, two DOM paths to
  entities, one-token URLs for entities and noise alike.
- `spa` (spa.py) — the drivers site rendered in the browser from a JSON endpoint.

This module holds their base, `EntityTreeSite` (routing, chrome, news and static noise pages, truth
assembly), the values a site builds pages from (`View`, `Reply`, `Tree`) and the paging helpers.

Every page is computed from its URL: a site keeps only compact indexes (counts, name orders,
slug maps) and derives each page's detail from `names.rng_for(seed, kind, id)`.
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar, Literal
from urllib.parse import parse_qsl

from aiohttp import web

from siteseer.lab.site import Site, Size
from siteseer.lab.sites import names as nm
from siteseer.lab.sites.theme import (
    Anchor,
    Block,
    Brand,
    Facts,
    FooterBlock,
    LinkList,
    Pager,
    Table,
    Text,
    box,
    not_found_page,
    page,
    render_blocks,
)
from siteseer.lab.truth import SiteTruth

__all__ = [
    "EntityTreeSite",
    "Reply",
    "Tree",
    "View",
    "iso_date",
    "n_pages_of",
    "page_number",
    "page_path",
    "pager",
]

Chrome = Literal["site", "personal"]


@dataclass(frozen=True, slots=True)
class View:
    """One page's content before rendering: title, blocks, breadcrumbs and template id."""

    title: str
    template: str
    blocks: tuple[Block, ...]
    crumbs: tuple[Anchor, ...] = ()
    active: str = ""
    sidebar: bool = True
    chrome: Chrome = "site"


@dataclass(frozen=True, slots=True)
class Reply:
    """A rendered response."""

    status: int
    body: str
    content_type: str = "text/html"


@dataclass(frozen=True, slots=True)
class Tree:
    """A site's entity types and target entity tree, as root-relative paths."""

    entities: dict[str, tuple[str, ...]]
    target_type: str
    index_levels: tuple[tuple[str, ...], ...]
    seed_path: tuple[str, ...]
    notes: str
    id_ranges: dict[str, tuple[int, int]]
    seeds: dict[str, str] = field(default_factory=dict)  # named alternative seeds (paths)


def page_number(query: str, n_pages: int, key: str = "page") -> int | None:
    """The page a query string asks for: "" → 1, "page=k" → k for 2 ≤ k ≤ n_pages, else None."""
    if not query:
        return 1
    pairs = parse_qsl(query, keep_blank_values=True)
    if len(pairs) != 1 or pairs[0][0] != key:
        return None
    value = pairs[0][1]
    if not (value.isascii() and value.isdigit()) or value.startswith("0"):
        return None
    number = int(value)
    return number if 2 <= number <= n_pages else None


def n_pages_of(count: int, per_page: int) -> int:
    """Pages needed for `count` items, `per_page` a page (0 means all on one page)."""
    if per_page <= 0 or count <= per_page:
        return 1
    return -(-count // per_page)


def pager(href: Callable[[int], str], n_pages: int, current: int) -> tuple[Block, ...]:
    if n_pages <= 1:
        return ()
    return (Pager(tuple((k, href(k)) for k in range(1, n_pages + 1)), current),)


def page_path(path: str, k: int) -> str:
    return path if k == 1 else f"{path}?page={k}"


def iso_date(rng_value: int) -> str:
    day = rng_value % 28 + 1
    month = rng_value // 28 % 12 + 1
    year = 2015 + rng_value // 336 % 10
    return f"{year}-{month:02d}-{day:02d}"


_STATIC_WORDS = ("Mission", "History", "Organisation", "Accessibility", "Open data", "Press")


class EntityTreeSite(Site):
    """Shared machinery: routing, chrome, noise pages (news, static pages), truth assembly.

    A subclass provides its entity pages (`route`, `site_catalog`, `tree`), its home page and its
    menu; the noise sections come from here with overridable URL styles.
    """

    kind: ClassVar[str] = "entity-tree"
    brand: ClassVar[Brand] = Brand("Lab site")
    news_counts: ClassVar[dict[str, int]] = {"small": 12, "medium": 150, "large": 400}
    news_per_page: ClassVar[int] = 10
    news_words: ClassVar[tuple[str, ...]] = nm.WORDS
    # (path, title, template) of the static noise pages
    static: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("/about", "About us", "about"),
        ("/contact", "Contact", "contact"),
        ("/agenda", "Agenda", "agenda"),
        ("/privacy", "Privacy policy", "privacy"),
    )

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        self.n_news = self.news_counts[size]
        self.n_news_pages = n_pages_of(self.n_news, self.news_per_page)
        self._static = {path: (title, template) for path, title, template in self.static}

    # ---- serving

    async def handle(self, request: web.Request) -> web.StreamResponse:
        reply = self.reply(request.path, request.query_string)
        return web.Response(
            status=reply.status, text=reply.body, content_type=reply.content_type, charset="utf-8"
        )

    def reply(self, path: str, query: str) -> Reply:
        """The response to a GET of `path` with raw query string `query`."""
        view = self.view(path, query)
        if view is None:
            return Reply(404, not_found_page(path, brand=self.brand, nav=self.nav()))
        return Reply(200, self.render(view))

    def view(self, path: str, query: str) -> View | None:
        """The page at `path?query`, or None (404)."""
        if path == "/":
            return self.home() if not query else None
        found = self.route(path, query)
        if found is None:
            found = self.noise(path, query)
        return found

    def render(self, view: View) -> str:
        return page(
            view.title,
            render_blocks(view.blocks),
            brand=self.brand,
            nav=self.nav(),
            active=view.active,
            breadcrumbs=view.crumbs,
            sidebar=self.sidebar_html() if view.sidebar else "",
            footer=self.footer(),
            ads=self.ads() if view.sidebar else (),
        )

    # ---- chrome

    @abstractmethod
    def nav(self) -> tuple[Anchor, ...]:
        """The header menu."""

    def footer(self) -> tuple[FooterBlock, ...]:
        statics = tuple(Anchor(p, t) for p, t, _ in self.static)
        return (
            FooterBlock("Explore", self.nav()[:4]),
            FooterBlock("About", statics),
            FooterBlock("Latest", self.latest_news(3)),
        )

    def ads(self) -> tuple[Anchor, ...]:
        return (Anchor(self.news_path(self.n_news - 1), "Subscribe to our newsletter"),)

    def sidebar_boxes(self) -> tuple[tuple[str, tuple[Block, ...]], ...]:
        return (
            ("Latest news", (LinkList(self.latest_news(5)),)),
            ("Quick links", (LinkList(tuple(Anchor(p, t) for p, t, _ in self.static[:3])),)),
        )

    def sidebar_html(self) -> str:
        return "".join(box(title, render_blocks(blocks)) for title, blocks in self.sidebar_boxes())

    def home_crumb(self) -> Anchor:
        return Anchor("/", "Home")

    # ---- entity part (subclasses)

    @abstractmethod
    def home(self) -> View:
        """The home page."""

    @abstractmethod
    def route(self, path: str, query: str) -> View | None:
        """Entity and index pages; None when `path` is none of them."""

    @abstractmethod
    def site_catalog(self) -> Iterator[tuple[str, str]]:
        """(path, template) of every entity-tree page and every site-specific noise page."""

    @abstractmethod
    def tree(self) -> Tree:
        """Entity types and the target entity tree."""

    def mentions(self, i: int) -> tuple[Anchor, ...]:
        """Entity pages a news article links to."""
        return ()

    # ---- noise: news and static pages

    def news_index_path(self, k: int) -> str:
        return page_path("/news", k)

    def news_path(self, i: int) -> str:
        return f"/news/{i + 1}-{nm.slugify(self.news_title(i))}"

    def parse_news_index(self, path: str, query: str) -> int | None:
        return page_number(query, self.n_news_pages) if path == "/news" else None

    def parse_news(self, path: str) -> int | None:
        m = re.fullmatch(r"/news/(\d+)-[a-z0-9-]+", path)
        return self._check_news(int(m.group(1)) - 1, path) if m else None

    def _check_news(self, i: int, path: str) -> int | None:
        return i if 0 <= i < self.n_news and self.news_path(i) == path else None

    def news_title(self, i: int) -> str:
        return nm.headline(nm.rng_for(self.seed, "news", i), self.news_words)

    def news_date(self, i: int) -> str:
        """Publication date: newer articles have smaller ids."""
        return iso_date(3359 - (i * 3 + nm.h32(self.seed, "news-date", i) % 3) % 3360)

    def latest_news(self, n: int) -> tuple[Anchor, ...]:
        return tuple(
            Anchor(self.news_path(i), self.news_title(i)) for i in range(min(n, self.n_news))
        )

    def noise(self, path: str, query: str) -> View | None:
        if path in self._static and not query:
            title, template = self._static[path]
            return self.static_view(path, title, template)
        k = self.parse_news_index(path, query)
        if k is not None:
            return self.news_index_view(k)
        if not query:
            i = self.parse_news(path)
            if i is not None:
                return self.news_view(i)
        return None

    def news_index_view(self, k: int) -> View:
        per = self.news_per_page
        ids = range((k - 1) * per, min(k * per, self.n_news))
        items = LinkList(
            tuple(Anchor(self.news_path(i), self.news_title(i)) for i in ids),
            notes=tuple(self.news_date(i) for i in ids),
            cls="list news",
        )
        blocks: tuple[Block, ...] = (
            Text(("Press releases and stories from around the site.",)),
            items,
            *pager(self.news_index_path, self.n_news_pages, k),
        )
        title = "News" if k == 1 else f"News — page {k}"
        return View(title, "news-index", blocks, (self.home_crumb(),), self.news_index_path(1))

    def news_view(self, i: int) -> View:
        rng = nm.rng_for(self.seed, "news", i)
        title = nm.headline(rng, self.news_words)
        paras = tuple(nm.paragraph(rng) for _ in range(rng.randint(2, 5)))
        related = tuple(
            Anchor(self.news_path(j), self.news_title(j))
            for j in sorted({(i + d) % self.n_news for d in (1, 4, 9)} - {i})
        )
        blocks: list[Block] = [
            Facts((("Published", self.news_date(i)), ("Section", "Press office"))),
            Text(paras),
        ]
        mentioned = self.mentions(i)
        if mentioned:
            blocks.append(LinkList(mentioned, title="Mentioned in this story"))
        blocks.append(LinkList(related, title="Related news"))
        page_of = i // self.news_per_page + 1
        crumbs = (self.home_crumb(), Anchor(self.news_index_path(page_of), "News"))
        return View(title, "news", tuple(blocks), crumbs, self.news_index_path(1))

    def static_view(self, path: str, title: str, template: str) -> View:
        rng = nm.rng_for(self.seed, "static", path)
        blocks: list[Block] = [Text(tuple(nm.paragraph(rng) for _ in range(rng.randint(2, 4))))]
        if template == "contact":
            blocks.append(
                Facts(
                    (
                        ("Address", f"{rng.randint(1, 999)} Main Street, {rng.choice(nm.CITIES)}"),
                        ("Phone", f"+55 84 {rng.randint(3000, 3999)}-{rng.randint(1000, 9999)}"),
                        ("E-mail", "contact@example.org"),
                        ("Opening hours", "Mon–Fri 8:00–17:00"),
                    )
                )
            )
        elif template == "agenda":
            rows = tuple(
                (
                    iso_date(rng.randrange(3360)),
                    Anchor(self.news_path(j), self.news_title(j)),
                    "Main hall",
                )
                for j in range(0, min(self.n_news, 8), 2)
            )
            blocks.append(Table(("Date", "Event", "Place"), rows, title="Upcoming"))
        elif template == "about":
            blocks.append(
                LinkList(
                    tuple(Anchor(p, t) for p, t, _ in self.static if p != path),
                    title="More about us",
                )
            )
            blocks.append(Facts(tuple((w, nm.sentence(rng, 6)) for w in _STATIC_WORDS[:4])))
        return View(title, template, tuple(blocks), (self.home_crumb(),), path)

    def noise_catalog(self) -> Iterator[tuple[str, str]]:
        yield "/", "home"
        for path, _, template in self.static:
            yield path, template
        for k in range(1, self.n_news_pages + 1):
            yield self.news_index_path(k), "news-index"
        for i in range(self.n_news):
            yield self.news_path(i), "news"

    # ---- truth

    def catalog(self) -> Iterator[tuple[str, str]]:
        """(path, template) of every page reachable from the root."""
        yield from self.noise_catalog()
        yield from self.site_catalog()

    def truth(self, base_url: str) -> SiteTruth:
        tree = self.tree()
        b = base_url.rstrip("/")
        return SiteTruth(
            site=self.id,
            base_url=b,
            kind=self.kind,
            entities={t: tuple(b + p for p in ps) for t, ps in tree.entities.items()},
            target_type=tree.target_type,
            seed_entity=b + tree.seed_path[-1],
            index_levels=tuple(tuple(b + p for p in level) for level in tree.index_levels),
            seed_path=tuple(b + p for p in tree.seed_path),
            templates={b + p: t for p, t in self.catalog()},
            id_ranges=dict(tree.id_ranges),
            seeds={name: b + p for name, p in tree.seeds.items()},
            notes=tree.notes,
        )
