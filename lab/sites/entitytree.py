"""Entity-tree sites: index pages (with pagination) lead to entity pages of one type.

Six sites, each exercising a case from SSUP's evaluation (see each class and its truth `notes`):

- `council` — height 1: one members index (ul/li) → member pages that link back to it.
- `drivers` — height 2: seasons index → paginated season standings → driver pages; a driver
  races in several seasons.
- `cars` — SSUP's Table 1: /car/<make>/<model> under paginated make pages, with look-alike noise
  (/test_drive/<model>.htm, /news.htm, /wallpapers.htm) linked from the same lists.
- `olympic` — sports and host cities rendered by one template (where GPP's precision fell).
- `people` — SSUP's failure cases: no link back to the index, two DOM paths to entities,
  one-token URLs for entities and noise alike.
- `spa` — the drivers site rendered in the browser from a JSON endpoint.

Every page is computed from its URL: a site keeps only compact indexes (counts, name orders,
slug maps) and derives each page's detail from `names.rng_for(seed, kind, id)`.
"""

from __future__ import annotations

import json
import re
from abc import abstractmethod
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Literal
from urllib.parse import parse_qsl

from aiohttp import web

from lab.site import Site, Size
from lab.sites import names as nm
from lab.sites.theme import (
    Anchor,
    Block,
    Brand,
    CardGrid,
    Facts,
    FooterBlock,
    InlineMenu,
    LinkList,
    LinkRow,
    Pager,
    Table,
    Text,
    box,
    esc,
    not_found_page,
    page,
    page_data,
    render_blocks,
    spa_shell,
)
from lab.truth import SiteTruth

__all__ = [
    "CarsSite",
    "CouncilSite",
    "DriversSite",
    "EntityTreeSite",
    "OlympicSite",
    "PeopleSite",
    "Reply",
    "SpaSite",
    "Tree",
    "View",
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


def _qpage(path: str, k: int) -> str:
    return path if k == 1 else f"{path}?page={k}"


def _date(rng_value: int) -> str:
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
        return _qpage("/news", k)

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
        return _date(3359 - (i * 3 + nm.h32(self.seed, "news-date", i) % 3) % 3360)

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
                    _date(rng.randrange(3360)),
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


# =============================================================================================
# council


_COMMITTEES = (
    "Finance and Budget", "Justice and Legislation", "Health", "Education and Culture",
    "Urban Planning", "Transport and Mobility", "Environment", "Human Rights", "Public Safety",
    "Sports and Leisure", "Tourism", "Science and Technology", "Housing", "Consumer Defence",
    "Water and Sanitation",
)  # fmt: skip
_BILL_STATUS = ("Approved", "In committee", "Vetoed", "Awaiting vote", "Withdrawn", "Sanctioned")


class CouncilSite(EntityTreeSite):
    """A city council: one members index (height 1) → member pages that link back to it.

    Members are listed alphabetically in a `ul`; member pages use numeric ids in a query string
    (/member.php?id=117). Committees (/committees.php → /committee.php?id=3) list members in a
    table: a look-alike second path to some members. At `large` size the index is paginated.
    """

    id = "council"
    description = "City council: a members index (height 1) with member pages and noise pages."
    brand = Brand("Natal City Council", "The people's chamber since 1825", "#1f5f8b")
    FIRST_ID: ClassVar[int] = 101

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        self.n_members = {"small": 40, "medium": 1500, "large": 50000}[size]
        self.per_page = {"small": 0, "medium": 0, "large": 1000}[size]
        self.n_committees = min(len(_COMMITTEES), {"small": 4, "medium": 12, "large": 15}[size])
        self.n_index_pages = n_pages_of(self.n_members, self.per_page)
        order = sorted(range(self.n_members), key=lambda i: self.name(i).sort_key)
        self.order = array("i", order)
        self.position = array("i", bytes(4 * self.n_members))
        for pos, i in enumerate(order):
            self.position[i] = pos

    def name(self, i: int) -> nm.PersonName:
        return nm.person_name(i, self.seed)

    def party(self, i: int) -> tuple[str, str]:
        return nm.PARTIES[nm.h32(self.seed, "party", i) % len(nm.PARTIES)]

    def member_path(self, i: int) -> str:
        return f"/member.php?id={self.FIRST_ID + i}"

    def index_path(self, k: int) -> str:
        return _qpage("/members.php", k)

    def committee_path(self, c: int) -> str:
        return f"/committee.php?id={c + 1}"

    def committee_members(self, c: int) -> list[int]:
        return [m for m in range(c, min(self.n_members, 12 * self.n_committees), self.n_committees)]

    def index_page_of(self, i: int) -> int:
        per = self.per_page or self.n_members
        return self.position[i] // per + 1

    def nav(self) -> tuple[Anchor, ...]:
        return (
            Anchor("/", "Home"),
            Anchor("/members.php", "Council members"),
            Anchor("/committees.php", "Committees"),
            Anchor("/news", "News"),
            Anchor("/agenda", "Agenda"),
            Anchor("/about", "About"),
            Anchor("/contact", "Contact"),
        )

    def mentions(self, i: int) -> tuple[Anchor, ...]:
        ids = sorted({(i * 37) % self.n_members, (i * 53 + 5) % self.n_members})
        return tuple(Anchor(self.member_path(m), self.name(m).full) for m in ids)

    def home(self) -> View:
        leaders = tuple(self.order[j] for j in (0, 5, 10, 15) if j < self.n_members)
        blocks: tuple[Block, ...] = (
            Text(("Welcome to the council's web site: sessions, bills, members and news.",)),
            CardGrid(
                tuple(Anchor(self.member_path(i), self.name(i).full) for i in leaders),
                tuple(f"President {2020 + n}" for n in range(len(leaders))),
                title="Board of directors",
            ),
            LinkList(self.latest_news(5), title="Latest news"),
            LinkRow((Anchor("/members.php", "All council members"), Anchor("/agenda", "Agenda"))),
        )
        return View(self.brand.name, "home", blocks, (), "/")

    def route(self, path: str, query: str) -> View | None:
        if path == "/members.php":
            k = page_number(query, self.n_index_pages)
            return self.index_view(k) if k else None
        if path == "/member.php":
            i = self._id_param(query, self.FIRST_ID, self.n_members)
            return self.member_view(i) if i is not None else None
        if path == "/committees.php" and not query:
            return self.committees_view()
        if path == "/committee.php":
            c = self._id_param(query, 1, self.n_committees)
            return self.committee_view(c) if c is not None else None
        return None

    @staticmethod
    def _id_param(query: str, first: int, count: int) -> int | None:
        pairs = parse_qsl(query, keep_blank_values=True)
        if len(pairs) != 1 or pairs[0][0] != "id":
            return None
        value = pairs[0][1]
        if not (value.isascii() and value.isdigit()) or value.startswith("0"):
            return None
        i = int(value) - first
        return i if 0 <= i < count else None

    def index_view(self, k: int) -> View:
        per = self.per_page or self.n_members
        ids = self.order[(k - 1) * per : k * per]
        blocks: tuple[Block, ...] = (
            Text((f"The council has {self.n_members} members. Choose a member to see details.",)),
            LinkList(
                tuple(Anchor(self.member_path(i), self.name(i).full) for i in ids),
                notes=tuple(f"({self.party(i)[0]})" for i in ids),
            ),
            *pager(self.index_path, self.n_index_pages, k),
            InlineMenu(
                (Anchor("/committees.php", "Committees"), Anchor("/agenda", "Agenda")),
                title="See also",
            ),
        )
        title = "Council members" if k == 1 else f"Council members — page {k}"
        return View(title, "index", blocks, (self.home_crumb(),), "/members.php")

    def member_view(self, i: int) -> View:
        rng = nm.rng_for(self.seed, "member", i)
        name = self.name(i)
        code, party = self.party(i)
        facts: list[tuple[str, str | Anchor]] = [("Party", f"{code} — {party}")]
        facts.append(("Term", f"{2021 + rng.randint(0, 3)}–{2025 + rng.randint(0, 3)}"))
        if rng.random() < 0.8:
            facts.append(("Phone", f"+55 84 3232-{rng.randint(1000, 9999)}"))
        facts.append(("E-mail", f"{name.slug.replace('-', '.')}@council.example.org"))
        if rng.random() < 0.6:
            facts.append(("Office", f"Room {rng.randint(101, 420)}, annex {rng.choice('ABC')}"))
        blocks: list[Block] = [Facts(tuple(facts))]
        if rng.random() < 0.7:
            blocks.append(Text((nm.paragraph(rng), nm.paragraph(rng)), title="Biography"))
        committees = [i % self.n_committees] if i < 12 * self.n_committees else []
        if committees:
            blocks.append(
                LinkList(
                    tuple(Anchor(self.committee_path(c), _COMMITTEES[c]) for c in committees),
                    title="Committees",
                )
            )
        n_bills = rng.randint(0, 8)
        if n_bills:
            rows = tuple(
                (
                    f"PL {rng.randint(1, 999)}/{rng.randint(2019, 2024)}",
                    nm.sentence(rng, 6),
                    _date(rng.randrange(3360)),
                    rng.choice(_BILL_STATUS),
                )
                for _ in range(n_bills)
            )
            blocks.append(Table(("Bill", "Subject", "Date", "Status"), rows, title="Bills"))
        back = self.index_path(self.index_page_of(i))
        blocks.append(
            LinkRow((Anchor(back, "« Back to the list of members"), Anchor("/contact", "Contact")))
        )
        crumbs = (self.home_crumb(), Anchor(back, "Council members"))
        return View(name.full, "member", tuple(blocks), crumbs, "/members.php")

    def committees_view(self) -> View:
        items = tuple(
            Anchor(self.committee_path(c), _COMMITTEES[c]) for c in range(self.n_committees)
        )
        blocks = (Text(("Standing committees of the council.",)), LinkList(items))
        return View("Committees", "committees", blocks, (self.home_crumb(),), "/committees.php")

    def committee_view(self, c: int) -> View:
        rng = nm.rng_for(self.seed, "committee", c)
        members = self.committee_members(c)
        rows = tuple(
            (
                Anchor(self.member_path(m), self.name(m).full),
                self.party(m)[0],
                "Chair" if n == 0 else ("Vice-chair" if n == 1 else "Member"),
            )
            for n, m in enumerate(members)
        )
        blocks: tuple[Block, ...] = (
            Text((nm.paragraph(rng),)),
            Table(("Member", "Party", "Role"), rows, title="Composition"),
        )
        crumbs = (self.home_crumb(), Anchor("/committees.php", "Committees"))
        return View(_COMMITTEES[c], "committee", blocks, crumbs, "/committees.php")

    def site_catalog(self) -> Iterator[tuple[str, str]]:
        for k in range(1, self.n_index_pages + 1):
            yield self.index_path(k), "index"
        for i in range(self.n_members):
            yield self.member_path(i), "member"
        yield "/committees.php", "committees"
        for c in range(self.n_committees):
            yield self.committee_path(c), "committee"

    def tree(self) -> Tree:
        seed = self.order[min(2, self.n_members - 1)]
        return Tree(
            entities={
                "member": tuple(self.member_path(i) for i in range(self.n_members)),
                "committee": tuple(self.committee_path(c) for c in range(self.n_committees)),
            },
            target_type="member",
            index_levels=(tuple(self.index_path(k) for k in range(1, self.n_index_pages + 1)),),
            seed_path=(self.index_path(1), self.member_path(seed)),
            id_ranges={"member": (self.FIRST_ID, self.FIRST_ID + self.n_members - 1)},
            notes=(
                "Height 1: /members.php lists every member in a ul (paginated with ?page=n at "
                "large size) and each member page links back to the index page listing it. "
                "Noise: committee pages list some members in a table (a second, smaller tree), "
                "news articles mention members, the home page features four members in a card "
                "grid; /committees.php vs /members.php share URL style."
            ),
        )


# =============================================================================================
# drivers (and spa)


@dataclass(frozen=True, slots=True)
class _DriversShape:
    n_series: int
    n_years: int
    n_drivers: int
    max_career: int
    per_page: int


_DRIVERS_SHAPES: dict[str, _DriversShape] = {
    "small": _DriversShape(2, 3, 60, 3, 10),
    "medium": _DriversShape(3, 10, 1500, 5, 40),
    "large": _DriversShape(10, 50, 50000, 5, 50),
}


class DriversSite(EntityTreeSite):
    """A racing federation: seasons index → paginated season standings → driver pages (height 2).

    Season s lists every driver whose career covers it, ordered by points; a driver races in
    one to five consecutive seasons, so the entity set is the distinct driver pages. Pagination
    uses path segments (/season/gp2/2019/page/2); driver pages link to the season pages that
    list them, and to team-mates.
    """

    id = "drivers"
    description = "Racing series: seasons → paginated standings → drivers (height 2)."
    brand = Brand("Open Wheel Federation", "Results, drivers and seasons", "#b3261e")
    news_words = (
        "race",
        "season",
        "team",
        "circuit",
        "podium",
        "championship",
        "driver",
        "record",
        "engine",
        "victory",
        "rookie",
        "pit stop",
        "grid",
        "title",
    )
    static = (
        ("/about", "About the federation", "about"),
        ("/contact", "Contact", "contact"),
        ("/calendar", "Race calendar", "agenda"),
        ("/privacy", "Privacy policy", "privacy"),
    )

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        shape = _DRIVERS_SHAPES[size]
        self.shape = shape
        self.n_seasons = shape.n_series * shape.n_years
        self.first_year = 2025 - shape.n_years
        self.slugs = tuple(nm.person_name(i, seed).slug for i in range(shape.n_drivers))
        self.by_slug = {s: i for i, s in enumerate(self.slugs)}
        self.careers = bytes(
            1 + nm.h32(seed, "career", i) % shape.max_career for i in range(shape.n_drivers)
        )
        self.roster_sizes = array("i", (len(self._roster_ids(s)) for s in range(self.n_seasons)))
        self.season_by_key = {self.season_key(s): s for s in range(self.n_seasons)}
        self._rosters: dict[int, array[int]] = {}  # standings, computed on first request

    # ---- model

    def debut(self, i: int) -> int:
        return i * self.n_seasons // self.shape.n_drivers

    def _debutants(self, s: int) -> range:
        n, seasons = self.shape.n_drivers, self.n_seasons
        return range(-(-s * n // seasons), -(-(s + 1) * n // seasons))

    def _roster_ids(self, s: int) -> list[int]:
        first = max(0, s - self.shape.max_career + 1)
        return [
            i
            for s2 in range(first, s + 1)
            for i in self._debutants(s2)
            if self.debut(i) + self.careers[i] > s
        ]

    def points(self, s: int, i: int) -> int:
        return nm.h32(self.seed, "points", s, i) % 420

    def roster(self, s: int) -> Sequence[int]:
        """Drivers of season s in standings order (points descending, ties by id)."""
        cached = self._rosters.get(s)
        if cached is None:
            order = sorted(self._roster_ids(s), key=lambda i: (-self.points(s, i), i))
            cached = self._rosters[s] = array("i", order)
        return cached

    def seasons_of(self, i: int) -> range:
        d = self.debut(i)
        return range(d, min(d + self.careers[i], self.n_seasons))

    def season_key(self, s: int) -> tuple[str, int]:
        series, y = divmod(s, self.shape.n_years)
        return nm.SERIES[series][0], self.first_year + y

    def season_title(self, s: int) -> str:
        series, y = divmod(s, self.shape.n_years)
        return f"{nm.SERIES[series][1]} {self.first_year + y}"

    def season_pages(self, s: int) -> int:
        return n_pages_of(self.roster_sizes[s], self.shape.per_page)

    def season_path(self, s: int, k: int = 1) -> str:
        slug, year = self.season_key(s)
        base = f"/season/{slug}/{year}"
        return base if k == 1 else f"{base}/page/{k}"

    def driver_path(self, i: int) -> str:
        return f"/drivers/{self.slugs[i]}"

    def driver_name(self, i: int) -> str:
        return nm.person_name(i, self.seed).full

    def team(self, s: int, i: int) -> str:
        return nm.TEAMS[nm.h32(self.seed, "team", s, i // 2) % len(nm.TEAMS)]

    def nationality(self, i: int) -> str:
        return nm.COUNTRIES[nm.h32(self.seed, "nat", i) % len(nm.COUNTRIES)]

    # ---- pages

    def nav(self) -> tuple[Anchor, ...]:
        return (
            Anchor("/", "Home"),
            Anchor("/seasons", "Seasons"),
            Anchor("/news", "News"),
            Anchor("/calendar", "Calendar"),
            Anchor("/about", "About"),
            Anchor("/contact", "Contact"),
        )

    def mentions(self, i: int) -> tuple[Anchor, ...]:
        n = self.shape.n_drivers
        ids = sorted({(i * 41) % n, (i * 59 + 3) % n})
        return tuple(Anchor(self.driver_path(d), self.driver_name(d)) for d in ids)

    def home(self) -> View:
        last = self.n_seasons - 1
        top = self.roster(last)[:4]
        blocks: tuple[Block, ...] = (
            Text(("Official results of the federation's championships.",)),
            CardGrid(
                tuple(Anchor(self.driver_path(i), self.driver_name(i)) for i in top),
                tuple(self.team(last, i) for i in top),
                title="Championship leaders",
            ),
            LinkList(
                tuple(
                    Anchor(self.season_path(s), self.season_title(s))
                    for s in range(last, max(-1, last - 3), -1)
                ),
                title="Latest standings",
            ),
            LinkRow((Anchor("/seasons", "All seasons"), Anchor("/calendar", "Race calendar"))),
        )
        return View(self.brand.name, "home", blocks, (), "/")

    def route(self, path: str, query: str) -> View | None:
        if query:
            return None
        if path == "/seasons":
            return self.seasons_view()
        m = re.fullmatch(r"/season/([a-z0-9-]+)/(\d{4})(?:/page/([1-9]\d*))?", path)
        if m:
            s = self.season_by_key.get((m.group(1), int(m.group(2))))
            if s is None:
                return None
            k = int(m.group(3)) if m.group(3) else 1
            if m.group(3) and not 2 <= k <= self.season_pages(s):
                return None
            return self.season_view(s, k)
        if path.startswith("/drivers/"):
            i = self.by_slug.get(path[len("/drivers/") :])
            return self.driver_view(i) if i is not None else None
        return None

    def seasons_view(self) -> View:
        blocks: list[Block] = [Text(("Final standings of every championship season.",))]
        for series in range(self.shape.n_series):
            seasons = range(
                (series + 1) * self.shape.n_years - 1, series * self.shape.n_years - 1, -1
            )
            blocks.append(
                LinkList(
                    tuple(Anchor(self.season_path(s), self.season_title(s)) for s in seasons),
                    notes=tuple(f"{self.roster_sizes[s]} drivers" for s in seasons),
                    title=nm.SERIES[series][1],
                )
            )
        return View("Seasons", "seasons", tuple(blocks), (self.home_crumb(),), "/seasons")

    def season_view(self, s: int, k: int) -> View:
        per = self.shape.per_page
        roster = self.roster(s)
        rows = tuple(
            (
                str(pos + 1),
                Anchor(self.driver_path(i), self.driver_name(i)),
                self.team(s, i),
                self.nationality(i),
                str(self.points(s, i)),
            )
            for pos, i in enumerate(roster[(k - 1) * per : k * per], start=(k - 1) * per)
        )
        champion = roster[0]
        blocks: list[Block] = [
            Facts(
                (
                    ("Champion", Anchor(self.driver_path(champion), self.driver_name(champion))),
                    ("Drivers", str(len(roster))),
                    ("Rounds", str(8 + nm.h32(self.seed, "rounds", s) % 10)),
                )
            ),
            Table(("Pos", "Driver", "Team", "Nationality", "Points"), rows, title="Standings"),
            *pager(lambda p: self.season_path(s, p), self.season_pages(s), k),
        ]
        around = [
            Anchor(self.season_path(t), f"{label} {self.season_title(t)}")
            for t, label in ((s - 1, "«"), (s + 1, "»"))
            if 0 <= t < self.n_seasons and t // self.shape.n_years == s // self.shape.n_years
        ]
        blocks.append(LinkRow((*around, Anchor("/seasons", "All seasons"))))
        title = self.season_title(s) + ("" if k == 1 else f" — page {k}")
        return View(
            title,
            "season",
            tuple(blocks),
            (self.home_crumb(), Anchor("/seasons", "Seasons")),
            "/seasons",
        )

    def driver_view(self, i: int) -> View:
        rng = nm.rng_for(self.seed, "driver", i)
        seasons = self.seasons_of(i)
        career_rows: list[tuple[str | Anchor, ...]] = []
        for s in seasons:
            pos = self.roster(s).index(i)
            page_k = pos // self.shape.per_page + 1
            career_rows.append(
                (
                    Anchor(self.season_path(s, page_k), self.season_title(s)),
                    self.team(s, i),
                    str(pos + 1),
                    str(self.points(s, i)),
                )
            )
        if rng.random() < 0.5:
            career_rows.reverse()
        facts: list[tuple[str, str | Anchor]] = [
            ("Nationality", self.nationality(i)),
            (
                "Born",
                f"{self.first_year + self.debut(i) % self.shape.n_years - rng.randint(17, 24)}",
            ),
            ("Debut", Anchor(self.season_path(seasons[0]), self.season_title(seasons[0]))),
        ]
        if rng.random() < 0.6:
            facts.append(("Helmet", rng.choice(("Red", "Blue", "Yellow", "Green", "Black"))))
        blocks: list[Block] = [Facts(tuple(facts))]
        if rng.random() < 0.65:
            blocks.append(
                Text(tuple(nm.paragraph(rng) for _ in range(rng.randint(1, 3))), title="Biography")
            )
        blocks.append(
            Table(("Season", "Team", "Position", "Points"), tuple(career_rows), title="Career")
        )
        mates = [j for j in self._debutants(self.debut(i)) if j != i][: rng.randint(0, 4)]
        if mates:
            blocks.append(
                LinkList(
                    tuple(Anchor(self.driver_path(j), self.driver_name(j)) for j in mates),
                    title="Rookies of the same year",
                )
            )
        blocks.append(LinkRow((Anchor("/seasons", "All seasons"), Anchor("/news", "News"))))
        crumbs = (self.home_crumb(), Anchor("/seasons", "Seasons"))
        return View(self.driver_name(i), "driver", tuple(blocks), crumbs, "/seasons")

    def site_catalog(self) -> Iterator[tuple[str, str]]:
        yield "/seasons", "seasons"
        for s in range(self.n_seasons):
            for k in range(1, self.season_pages(s) + 1):
                yield self.season_path(s, k), "season"
        for i in range(self.shape.n_drivers):
            yield self.driver_path(i), "driver"

    def tree(self) -> Tree:
        s = self.n_seasons // 2
        seed = self.roster(s)[2]
        level1 = tuple(
            self.season_path(t, k)
            for t in range(self.n_seasons)
            for k in range(1, self.season_pages(t) + 1)
        )
        return Tree(
            entities={"driver": tuple(self.driver_path(i) for i in range(self.shape.n_drivers))},
            target_type="driver",
            index_levels=(("/seasons",), level1),
            seed_path=("/seasons", self.season_path(s), self.driver_path(seed)),
            id_ranges={},
            notes=self.tree_notes(),
        )

    def tree_notes(self) -> str:
        return (
            "Height 2: /seasons (level 0) lists every season in one ul per series; season "
            "standings (level 1) list drivers in a table and paginate with /page/n path "
            "segments; a driver races in several seasons, so entity pages are reached from "
            "several index pages. Driver pages link to the exact season page listing them, to "
            "their debut season and to other rookies of that year (same-level links). Noise: "
            "news articles mention drivers, the home page features leaders in a card grid."
        )


class SpaSite(DriversSite):
    """The drivers site as a single-page application.

    Every HTML page, entity pages included, is the same shell: an empty `<div id="app">`, a
    `<noscript>` warning and a script that fetches `/api/page<path>` (JSON) and builds the header,
    lists, tables and footer in the browser. Over plain HTTP no page has a single link.
    """

    id = "spa"
    description = "The drivers site rendered client-side from a JSON endpoint."
    brand = Brand("Open Wheel Live", "Results, drivers and seasons — live", "#6b3fa0")
    API: ClassVar[str] = "/api/page"

    def reply(self, path: str, query: str) -> Reply:
        if path == self.API or path.startswith(self.API + "/"):
            view = self.view(path[len(self.API) :] or "/", query)
            if view is None:
                return Reply(404, json.dumps({"error": "not found"}), "application/json")
            return Reply(200, self.data_json(view), "application/json")
        return super().reply(path, query)

    def render(self, view: View) -> str:
        return spa_shell(self.brand.name, brand=self.brand, api=self.API)

    def data_json(self, view: View) -> str:
        data = page_data(
            view.title,
            view.blocks,
            brand=self.brand,
            nav=self.nav(),
            active=view.active,
            breadcrumbs=view.crumbs,
            sidebar=self.sidebar_boxes() if view.sidebar else (),
            footer=self.footer(),
            ads=self.ads() if view.sidebar else (),
        )
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    def tree_notes(self) -> str:
        return (
            "Client-rendered copy of `drivers` (same tree, same URLs): every HTML page — index, "
            'season and driver pages alike — is a shell with <div id="app"></div>, a '
            "<noscript> warning and a script that fetches /api/page<path>?<query> (JSON) and "
            "builds all content and links; over plain HTTP the pages hold no links. "
            + super().tree_notes()
        )


# =============================================================================================
# cars


@dataclass(frozen=True, slots=True)
class _CarsShape:
    n_makes: int
    models_lo: int
    models_hi: int
    per_page: int


_CARS_SHAPES: dict[str, _CarsShape] = {
    "small": _CarsShape(5, 5, 10, 5),
    "medium": _CarsShape(40, 30, 70, 20),
    "large": _CarsShape(220, 180, 280, 30),
}


def _model_slug(name: str) -> str:
    return re.sub(
        r"[^a-z0-9.]+", "-", nm.slugify(name.replace(".", "dot")).replace("dot", ".")
    ).strip("-")


class CarsSite(EntityTreeSite):
    """SSUP's Table 1: makes index → paginated make pages → /car/<make>/<model> (height 2).

    Make pages (/cars/ford, /cars/ford?page=2) list cars in a ul; the same ul also holds links
    to /test_drive/<make>-<model>.htm reviews and to /news.htm, and a div below links to
    /wallpapers.htm and /privacy_policy.htm — noise sharing URL terms and link DOM paths with
    the cars, as in the paper's example.
    """

    id = "cars"
    description = "Car catalogue shaped like SSUP's Table 1, with look-alike noise URLs."
    brand = Brand("Supercar Site", "Every model, every make", "#0b6e4f")
    news_words = (
        "engine",
        "coupe",
        "roadster",
        "launch",
        "design",
        "hybrid",
        "model",
        "test",
        "record",
        "motor show",
        "turbo",
        "concept",
        "price",
        "review",
    )
    static = (
        ("/about.htm", "About Supercar Site", "about"),
        ("/contact.htm", "Contact", "contact"),
        ("/privacy_policy.htm", "Privacy policy", "privacy"),
    )

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        shape = _CARS_SHAPES[size]
        self.shape = shape
        span = shape.models_hi - shape.models_lo + 1
        self.counts = array(
            "i", (shape.models_lo + nm.h32(seed, "models", m) % span for m in range(shape.n_makes))
        )
        self.make_names = tuple(nm.car_make(m) for m in range(shape.n_makes))
        self.make_slugs = tuple(nm.slugify(n) for n in self.make_names)
        self.by_make = {s: m for m, s in enumerate(self.make_slugs)}
        # per-make model lists, computed on first request
        self._models: dict[int, tuple[tuple[int, str, str], ...]] = {}
        self._model_pos: dict[int, dict[str, int]] = {}

    # ---- model

    def models(self, m: int) -> tuple[tuple[int, str, str], ...]:
        """(j, name, slug) of make m's models in listing order (popularity)."""
        cached = self._models.get(m)
        if cached is None:
            out = [(j, nm.car_model(m, j, self.seed)) for j in range(self.counts[m])]
            out.sort(key=lambda t: (nm.h32(self.seed, "pop", m, t[0]), t[0]))
            cached = self._models[m] = tuple((j, name, _model_slug(name)) for j, name in out)
            self._model_pos[m] = {slug: pos for pos, (_, _, slug) in enumerate(cached)}
        return cached

    def model_at(self, m: int, slug: str) -> int | None:
        """Listing position of make m's model `slug`, or None."""
        self.models(m)
        return self._model_pos[m].get(slug)

    def make_pages(self, m: int) -> int:
        return n_pages_of(self.counts[m], self.shape.per_page)

    def make_path(self, m: int, k: int = 1) -> str:
        return _qpage(f"/cars/{self.make_slugs[m]}", k)

    def car_path(self, m: int, slug: str) -> str:
        return f"/car/{self.make_slugs[m]}/{slug}"

    def test_drive_path(self, m: int, slug: str) -> str:
        return f"/test_drive/{self.make_slugs[m]}-{slug}.htm"

    def has_test_drive(self, m: int, j: int) -> bool:
        return nm.h32(self.seed, "td", m, j) % 4 == 0

    # ---- noise URL style

    def news_index_path(self, k: int) -> str:
        return _qpage("/news.htm", k)

    def news_path(self, i: int) -> str:
        year = 2024 - i // 40
        return f"/news/{year}/{nm.slugify(self.news_title(i))}-{i + 1}.htm"

    def parse_news_index(self, path: str, query: str) -> int | None:
        return page_number(query, self.n_news_pages) if path == "/news.htm" else None

    def parse_news(self, path: str) -> int | None:
        m = re.fullmatch(r"/news/\d{4}/[a-z0-9-]+-(\d+)\.htm", path)
        return self._check_news(int(m.group(1)) - 1, path) if m else None

    def nav(self) -> tuple[Anchor, ...]:
        return (
            Anchor("/", "Home"),
            Anchor("/cars", "Cars"),
            Anchor("/news.htm", "News"),
            Anchor("/wallpapers.htm", "Wallpapers"),
            Anchor("/about.htm", "About"),
            Anchor("/contact.htm", "Contact"),
        )

    def mentions(self, i: int) -> tuple[Anchor, ...]:
        m = i % self.shape.n_makes
        models = self.models(m)[:2]
        return tuple(Anchor(self.car_path(m, s), f"{self.make_names[m]} {n}") for _, n, s in models)

    # ---- pages

    def home(self) -> View:
        picks = [(m, self.models(m)[0]) for m in range(min(4, self.shape.n_makes))]
        blocks: tuple[Block, ...] = (
            Text(("Specs, reviews and wallpapers for every supercar.",)),
            CardGrid(
                tuple(
                    Anchor(self.car_path(m, s), f"{self.make_names[m]} {n}")
                    for m, (_, n, s) in picks
                ),
                tuple("Car of the week" for _ in picks),
                title="Featured",
            ),
            InlineMenu(
                tuple(
                    Anchor(self.make_path(m), self.make_names[m])
                    for m in range(min(8, self.shape.n_makes))
                ),
                title="Popular makes",
            ),
            LinkRow((Anchor("/cars", "All makes"), Anchor("/wallpapers.htm", "Wallpapers"))),
        )
        return View(self.brand.name, "home", blocks, (), "/")

    def route(self, path: str, query: str) -> View | None:
        if path == "/cars" and not query:
            return self.makes_view()
        if path == "/wallpapers.htm" and not query:
            return self.wallpapers_view()
        if path.startswith("/cars/"):
            m = self.by_make.get(path[len("/cars/") :])
            if m is None:
                return None
            k = page_number(query, self.make_pages(m))
            return self.make_view(m, k) if k else None
        if query:
            return None
        match = re.fullmatch(r"/car/([a-z0-9-]+)/([a-z0-9.-]+)", path)
        if match:
            m = self.by_make.get(match.group(1))
            if m is None:
                return None
            pos = self.model_at(m, match.group(2))
            if pos is None:
                return None
            j, name, slug = self.models(m)[pos]
            return self.car_view(m, pos, j, name, slug)
        match = re.fullmatch(r"/test_drive/([a-z0-9.-]+)\.htm", path)
        if match:
            token = match.group(1)
            for m, make in enumerate(self.make_slugs):
                if token.startswith(make + "-"):
                    pos = self.model_at(m, token[len(make) + 1 :])
                    if pos is not None:
                        j, name, slug = self.models(m)[pos]
                        if self.has_test_drive(m, j):
                            return self.test_drive_view(m, name, slug)
            return None
        return None

    def makes_view(self) -> View:
        makes = range(self.shape.n_makes)
        blocks: tuple[Block, ...] = (
            Text(("Browse the catalogue by make.",)),
            LinkList(
                tuple(Anchor(self.make_path(m), self.make_names[m]) for m in makes),
                notes=tuple(f"{self.counts[m]} models" for m in makes),
            ),
            LinkRow(
                (
                    Anchor("/wallpapers.htm", "Wallpapers"),
                    Anchor("/privacy_policy.htm", "Privacy policy"),
                )
            ),
        )
        return View("All makes", "makes", blocks, (self.home_crumb(),), "/cars")

    def make_view(self, m: int, k: int) -> View:
        per = self.shape.per_page
        make = self.make_names[m]
        items: list[Anchor] = []
        notes: list[str] = []
        for j, name, slug in self.models(m)[(k - 1) * per : k * per]:
            items.append(Anchor(self.car_path(m, slug), f"{make} {name}"))
            notes.append(str(1990 + nm.h32(self.seed, "year", m, j) % 35))
            if self.has_test_drive(m, j):
                items.append(Anchor(self.test_drive_path(m, slug), f"Test drive: {name}"))
                notes.append("review")
        items.append(Anchor("/news.htm", f"More {make} news"))
        notes.append("")
        blocks: tuple[Block, ...] = (
            Text((f"All {make} models in our catalogue ({self.counts[m]}).",)),
            LinkList(tuple(items), notes=tuple(notes)),
            *pager(lambda p: self.make_path(m, p), self.make_pages(m), k),
            LinkRow(
                (
                    Anchor("/wallpapers.htm", "Wallpapers"),
                    Anchor("/privacy_policy.htm", "Privacy policy"),
                )
            ),
        )
        title = make if k == 1 else f"{make} — page {k}"
        return View(title, "make", blocks, (self.home_crumb(), Anchor("/cars", "Cars")), "/cars")

    def car_view(self, m: int, pos: int, j: int, name: str, slug: str) -> View:
        rng = nm.rng_for(self.seed, "car", m, j)
        make = self.make_names[m]
        facts: list[tuple[str, str | Anchor]] = [
            ("Make", Anchor(self.make_path(m), make)),
            ("Model", name),
            ("Year", str(1990 + nm.h32(self.seed, "year", m, j) % 35)),
            (
                "Engine",
                f"{rng.choice((4, 6, 8, 10, 12))} cylinders, {rng.randint(14, 65) / 10:.1f} l",
            ),
        ]
        if rng.random() < 0.7:
            facts.append(("Power", f"{rng.randint(90, 780)} hp"))
        if rng.random() < 0.5:
            facts.append(("Price", f"${rng.randint(18, 450) * 1000:,}"))
        blocks: list[Block] = [Facts(tuple(facts))]
        n_specs = rng.randint(0, 9)
        if n_specs:
            specs = (
                "Top speed",
                "0–100 km/h",
                "Weight",
                "Length",
                "Torque",
                "Gearbox",
                "Drive",
                "Tank",
                "Seats",
            )
            rows = tuple((label, f"{rng.randint(2, 400)}") for label in specs[:n_specs])
            blocks.append(Table(("Specification", "Value"), rows, title="Specifications"))
        if rng.random() < 0.6:
            blocks.append(
                Text(tuple(nm.paragraph(rng) for _ in range(rng.randint(1, 3))), title="Review")
            )
        models = self.models(m)
        others = [models[(pos + d) % len(models)] for d in (1, 2, 3) if len(models) > d]
        blocks.append(
            LinkList(
                tuple(Anchor(self.car_path(m, s), f"{make} {n}") for _, n, s in others),
                title=f"Other {make} models",
            )
        )
        extra: list[Anchor] = [
            Anchor(self.make_path(m, pos // self.shape.per_page + 1), f"« Back to {make} models")
        ]
        if self.has_test_drive(m, j):
            extra.append(Anchor(self.test_drive_path(m, slug), "Read the test drive"))
        extra.append(Anchor("/wallpapers.htm", "Wallpapers"))
        blocks.append(LinkRow(tuple(extra)))
        crumbs = (self.home_crumb(), Anchor("/cars", "Cars"), Anchor(self.make_path(m), make))
        return View(f"{make} {name}", "car", tuple(blocks), crumbs, "/cars")

    def test_drive_view(self, m: int, name: str, slug: str) -> View:
        rng = nm.rng_for(self.seed, "test-drive", m, slug)
        make = self.make_names[m]
        blocks: tuple[Block, ...] = (
            Facts(
                (
                    ("Rating", f"{rng.randint(5, 10)}/10"),
                    ("Tested by", nm.person_name(rng.randrange(500)).full),
                )
            ),
            Text(tuple(nm.paragraph(rng) for _ in range(rng.randint(2, 4)))),
            LinkRow(
                (
                    Anchor(self.car_path(m, slug), f"{make} {name} specifications"),
                    Anchor("/news.htm", "News"),
                )
            ),
        )
        return View(
            f"Test drive: {make} {name}", "test-drive", blocks, (self.home_crumb(),), "/cars"
        )

    def wallpapers_view(self) -> View:
        makes = range(self.shape.n_makes)
        blocks: tuple[Block, ...] = (
            Text(("Desktop wallpapers by make.",)),
            InlineMenu(tuple(Anchor(self.make_path(m), self.make_names[m]) for m in makes)),
        )
        return View("Wallpapers", "wallpapers", blocks, (self.home_crumb(),), "/wallpapers.htm")

    def site_catalog(self) -> Iterator[tuple[str, str]]:
        yield "/cars", "makes"
        yield "/wallpapers.htm", "wallpapers"
        for m in range(self.shape.n_makes):
            for k in range(1, self.make_pages(m) + 1):
                yield self.make_path(m, k), "make"
            for j, _, slug in self.models(m):
                yield self.car_path(m, slug), "car"
                if self.has_test_drive(m, j):
                    yield self.test_drive_path(m, slug), "test-drive"

    def tree(self) -> Tree:
        m = 1 % self.shape.n_makes
        seed = self.models(m)[2][2]
        level1 = tuple(
            self.make_path(mm, k)
            for mm in range(self.shape.n_makes)
            for k in range(1, self.make_pages(mm) + 1)
        )
        cars = tuple(
            self.car_path(mm, slug)
            for mm in range(self.shape.n_makes)
            for _, _, slug in self.models(mm)
        )
        return Tree(
            entities={"car": cars},
            target_type="car",
            index_levels=(("/cars",), level1),
            seed_path=("/cars", self.make_path(m), self.car_path(m, seed)),
            id_ranges={},
            notes=(
                "SSUP Table 1 shape, height 2: /cars (level 0) → make pages /cars/<make> with "
                "?page=n pagination (level 1) → /car/<make>/<model-slug> (entities). The cars' ul "
                "on make pages also links /test_drive/<make>-<model>.htm reviews and /news.htm "
                "(same link DOM path as the cars, shared URL terms); a div links /wallpapers.htm "
                "and /privacy_policy.htm; news articles live at /news/<year>/<slug>-<n>.htm. "
                "Car pages link back to the make page listing them and to three other models."
            ),
        )


# =============================================================================================
# olympic


@dataclass(frozen=True, slots=True)
class _OlympicShape:
    n_sports: int
    n_cities: int
    per_page: int


_OLYMPIC_SHAPES: dict[str, _OlympicShape] = {
    "small": _OlympicShape(30, 20, 0),
    "medium": _OlympicShape(1200, 600, 100),
    "large": _OlympicShape(50000, 16000, 250),
}


class OlympicSite(EntityTreeSite):
    """Sports and host cities on one template: index pages alike, profile pages alike.

    Target type: sport (/sports → /sport/<slug>); host cities (/host-cities → /city/<slug>-<year>)
    are rendered by the very same templates, so only URLs and content tell them apart — the case
    where GPP's precision fell to 0.32 in SSUP's evaluation.
    """

    id = "olympic"
    description = "Olympic sports and host cities sharing one page template."
    brand = Brand("Olympic Movement", "Sports, Games and host cities", "#0a5fa8")
    news_words = (
        "games",
        "athlete",
        "medal",
        "record",
        "host city",
        "torch",
        "programme",
        "federation",
        "youth",
        "podium",
        "stadium",
        "team",
        "legacy",
        "sport",
    )
    static = (
        ("/about", "About the movement", "about"),
        ("/contact", "Contact", "contact"),
        ("/museum", "Olympic museum", "agenda"),
        ("/privacy", "Privacy policy", "privacy"),
    )

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        shape = _OLYMPIC_SHAPES[size]
        self.shape = shape
        self.sport_slugs = tuple(nm.slugify(nm.sport_name(i)) for i in range(shape.n_sports))
        self.city_slugs = tuple(
            f"{nm.slugify(nm.city_name(c))}-{self.city_year(c)}" for c in range(shape.n_cities)
        )
        self.sport_by_slug = {s: i for i, s in enumerate(self.sport_slugs)}
        self.city_by_slug = {s: c for c, s in enumerate(self.city_slugs)}
        self.sport_order = array(
            "i", sorted(range(shape.n_sports), key=self.sport_slugs.__getitem__)
        )
        self.city_order = array(
            "i", sorted(range(shape.n_cities), key=lambda c: (self.city_year(c), c))
        )
        self.sport_pos = array("i", bytes(4 * shape.n_sports))
        for pos, i in enumerate(self.sport_order):
            self.sport_pos[i] = pos
        self.city_pos = array("i", bytes(4 * shape.n_cities))
        for pos, c in enumerate(self.city_order):
            self.city_pos[c] = pos
        self.sport_pages = n_pages_of(shape.n_sports, shape.per_page)
        self.city_pages = n_pages_of(shape.n_cities, shape.per_page)

    @staticmethod
    def city_year(c: int) -> int:
        return 1896 + 4 * (c % 32)

    def sport_path(self, i: int) -> str:
        return f"/sport/{self.sport_slugs[i]}"

    def city_path(self, c: int) -> str:
        return f"/city/{self.city_slugs[c]}"

    def sports_path(self, k: int) -> str:
        return _qpage("/sports", k)

    def cities_path(self, k: int) -> str:
        return _qpage("/host-cities", k)

    def city_title(self, c: int) -> str:
        return f"{nm.city_name(c)} {self.city_year(c)}"

    def cities_of(self, i: int) -> list[int]:
        n = self.shape.n_cities
        return sorted({(i * 7 + k * 13) % n for k in range(3 + nm.h32(self.seed, "sc", i) % 6)})

    def sports_of(self, c: int) -> list[int]:
        n = self.shape.n_sports
        return sorted({(c * 11 + k * 17) % n for k in range(4 + nm.h32(self.seed, "cs", c) % 8)})

    def nav(self) -> tuple[Anchor, ...]:
        return (
            Anchor("/", "Home"),
            Anchor("/sports", "Sports"),
            Anchor("/host-cities", "Host cities"),
            Anchor("/news", "News"),
            Anchor("/museum", "Museum"),
            Anchor("/about", "About"),
        )

    def mentions(self, i: int) -> tuple[Anchor, ...]:
        s = (i * 13) % self.shape.n_sports
        c = (i * 7) % self.shape.n_cities
        return (
            Anchor(self.sport_path(s), nm.sport_name(s)),
            Anchor(self.city_path(c), self.city_title(c)),
        )

    def home(self) -> View:
        sports = self.sport_order[:4]
        cities = self.city_order[-4:]
        blocks: tuple[Block, ...] = (
            Text(("Everything about the Olympic sports and the cities that hosted the Games.",)),
            CardGrid(
                tuple(Anchor(self.sport_path(i), nm.sport_name(i)) for i in sports),
                title="Sports in focus",
            ),
            CardGrid(
                tuple(Anchor(self.city_path(c), self.city_title(c)) for c in cities),
                title="Recent Games",
            ),
        )
        return View(self.brand.name, "home", blocks, (), "/")

    def route(self, path: str, query: str) -> View | None:
        if path == "/sports":
            k = page_number(query, self.sport_pages)
            return self.index_view("sport", k) if k else None
        if path == "/host-cities":
            k = page_number(query, self.city_pages)
            return self.index_view("city", k) if k else None
        if query:
            return None
        if path.startswith("/sport/"):
            i = self.sport_by_slug.get(path[len("/sport/") :])
            return self.profile_view("sport", i) if i is not None else None
        if path.startswith("/city/"):
            c = self.city_by_slug.get(path[len("/city/") :])
            return self.profile_view("city", c) if c is not None else None
        return None

    def index_view(self, kind: Literal["sport", "city"], k: int) -> View:
        per = self.shape.per_page or max(self.shape.n_sports, self.shape.n_cities)
        if kind == "sport":
            ids = self.sport_order[(k - 1) * per : k * per]
            items = tuple(Anchor(self.sport_path(i), nm.sport_name(i)) for i in ids)
            caps = tuple(
                f"On the programme since {1896 + 4 * (nm.h32(self.seed, 'since', i) % 30)}"
                for i in ids
            )
            title, intro, n, href = (
                "Sports",
                "All sports of the Olympic programme.",
                self.sport_pages,
                self.sports_path,
            )
        else:
            ids = self.city_order[(k - 1) * per : k * per]
            items = tuple(Anchor(self.city_path(c), self.city_title(c)) for c in ids)
            caps = tuple(f"Games of {self.city_year(c)}" for c in ids)
            title, intro, n, href = (
                "Host cities",
                "Every city that hosted the Games.",
                self.city_pages,
                self.cities_path,
            )
        blocks: tuple[Block, ...] = (Text((intro,)), CardGrid(items, caps), *pager(href, n, k))
        return View(
            title if k == 1 else f"{title} — page {k}",
            "index",
            blocks,
            (self.home_crumb(),),
            href(1),
        )

    def profile_view(self, kind: Literal["sport", "city"], i: int) -> View:
        rng = nm.rng_for(self.seed, kind, i)
        per = self.shape.per_page or max(self.shape.n_sports, self.shape.n_cities)
        if kind == "sport":
            title = nm.sport_name(i)
            back = self.sports_path(self.sport_pos[i] // per + 1)
            facts: list[tuple[str, str | Anchor]] = [
                ("First contested", str(1896 + 4 * (nm.h32(self.seed, "since", i) % 30))),
                ("Events", str(rng.randint(1, 48))),
                ("Federation", f"World {title} Federation"),
            ]
            related = tuple(
                Anchor(self.city_path(c), self.city_title(c)) for c in self.cities_of(i)
            )
            related_title, table_title, headers = (
                "Host cities",
                "Most successful nations",
                ("Nation", "Gold", "Silver", "Bronze"),
            )
            crumb = Anchor(back, "Sports")
        else:
            title = self.city_title(i)
            back = self.cities_path(self.city_pos[i] // per + 1)
            facts = [
                ("Games", f"Games of {self.city_year(i)}"),
                ("Nations", str(rng.randint(12, 206))),
                ("Athletes", str(rng.randint(240, 11000))),
            ]
            related = tuple(Anchor(self.sport_path(s), nm.sport_name(s)) for s in self.sports_of(i))
            related_title, table_title, headers = (
                "Sports on the programme",
                "Medal table",
                ("Nation", "Gold", "Silver", "Bronze"),
            )
            crumb = Anchor(back, "Host cities")
        if rng.random() < 0.6:
            facts.append(("Country", rng.choice(nm.COUNTRIES)))
        rows = tuple(
            (
                rng.choice(nm.COUNTRIES),
                str(rng.randint(0, 40)),
                str(rng.randint(0, 40)),
                str(rng.randint(0, 40)),
            )
            for _ in range(rng.randint(0, 8))
        )
        blocks: list[Block] = [Facts(tuple(facts)), Text((nm.paragraph(rng),))]
        blocks.append(LinkList(related, title=related_title))
        if rows:
            blocks.append(Table(headers, rows, title=table_title))
        blocks.append(
            LinkRow((Anchor(back, f"« All {crumb.text.lower()}"), Anchor("/news", "News")))
        )
        return View(
            title, "profile", tuple(blocks), (self.home_crumb(), crumb), crumb.href.split("?")[0]
        )

    def site_catalog(self) -> Iterator[tuple[str, str]]:
        for k in range(1, self.sport_pages + 1):
            yield self.sports_path(k), "index"
        for k in range(1, self.city_pages + 1):
            yield self.cities_path(k), "index"
        for i in range(self.shape.n_sports):
            yield self.sport_path(i), "profile"
        for c in range(self.shape.n_cities):
            yield self.city_path(c), "profile"

    def tree(self) -> Tree:
        seed = self.sport_order[min(3, self.shape.n_sports - 1)]
        return Tree(
            entities={
                "sport": tuple(self.sport_path(i) for i in range(self.shape.n_sports)),
                "city": tuple(self.city_path(c) for c in range(self.shape.n_cities)),
            },
            target_type="sport",
            index_levels=(tuple(self.sports_path(k) for k in range(1, self.sport_pages + 1)),),
            seed_path=(self.sports_path(1), self.sport_path(seed)),
            id_ranges={},
            notes=(
                "Height 1: /sports (card grid, ?page=n) → /sport/<slug>. Host cities "
                "(/host-cities → /city/<slug>-<year>) use the SAME index and profile templates "
                "(template ids 'index' and 'profile' for both types): identical DOM paths, "
                "layout and styles; sport pages link to cities and cities to sports. Only URLs "
                "and text separate the types (GPP's precision failure in SSUP's evaluation)."
            ),
        )


# =============================================================================================
# people


_GROUPS = (
    "Databases", "Information Retrieval", "Computer Vision", "Networks", "Theory",
    "Software Engineering", "Human-Computer Interaction", "Robotics", "Security",
    "Machine Learning", "Distributed Systems", "Graphics", "Bioinformatics", "Compilers",
    "Embedded Systems", "Quantum Computing",
)  # fmt: skip
_PERSONAL_CSS = (
    "body{font-family:Georgia,serif;max-width:760px;margin:40px auto;color:#222}"
    "h1{border-bottom:3px double #444}dl.facts{display:grid;grid-template-columns:140px 1fr}"
    "table.data{border-collapse:collapse}table.data td,table.data th{border:1px solid #999;padding:3px 8px}",
    "body{font-family:Helvetica,Arial,sans-serif;margin:0;background:#101820;color:#e8e8e8}"
    ".page{max-width:900px;margin:0 auto;padding:30px;background:#1b2631}a{color:#7fc8f8}"
    "h1{font-size:40px;letter-spacing:-1px}dl.facts dt{color:#9ab}ul.list{columns:2}",
    "body{font-family:monospace;margin:20px;background:#fffff0}h1{font-size:20px}"
    "dl.facts dt{font-weight:bold}ul.list li{margin:2px 0}.foot{margin-top:40px;font-size:12px}",
)
Role = Literal["faculty", "student", "staff"]


class PeopleSite(EntityTreeSite):
    """A department directory exercising SSUP's stated failure cases.

    (i) person pages are personal homepages without the site menu: they never link to the
    directory; (ii) the directory lists faculty in a card grid and everyone else in a ul, group
    pages list members in a table, and the home page features faculty — entity links under
    different DOM paths; (iii) person URLs are one token (/ana-q-silva), like the noise pages
    (/contact, /jobs, /events) and news articles (/<headline>-<n>).
    """

    id = "people"
    description = "Department directory with SSUP's failure cases (no back links, mixed paths, one-token URLs)."
    brand = Brand("Department of Computing", "Faculty, students and staff", "#7a2e0e")
    news_words = (
        "research",
        "award",
        "paper",
        "student",
        "lab",
        "seminar",
        "grant",
        "thesis",
        "conference",
        "course",
        "robot",
        "data",
        "algorithm",
        "project",
    )
    GROUP_SPAN: ClassVar[int] = 500
    static = (
        ("/about", "About the department", "about"),
        ("/contact", "Contact", "contact"),
        ("/events", "Events", "agenda"),
        ("/jobs", "Jobs", "about"),
        ("/visit", "Visit us", "contact"),
        ("/privacy", "Privacy", "privacy"),
    )

    def __init__(self, size: Size = "small", seed: int = 0) -> None:
        super().__init__(size, seed)
        self.n_people, self.n_groups, self.per_page = {
            "small": (60, 5, 20),
            "medium": (1500, 16, 50),
            "large": (50000, 16, 100),
        }[size]
        self.slugs = tuple(nm.person_name(i, seed).slug for i in range(self.n_people))
        self.by_slug = {s: i for i, s in enumerate(self.slugs)}
        order = sorted(range(self.n_people), key=lambda i: nm.person_name(i, seed).sort_key)
        self.order = array("i", order)
        self.n_pages = n_pages_of(self.n_people, self.per_page)
        self.group_slugs = tuple(nm.slugify(g) for g in _GROUPS[: self.n_groups])
        self.group_by_slug = {s: g for g, s in enumerate(self.group_slugs)}

    def role(self, i: int) -> Role:
        r = nm.h32(self.seed, "role", i) % 10
        return "faculty" if r < 2 else ("student" if r < 7 else "staff")

    def name(self, i: int) -> str:
        return nm.person_name(i, self.seed).full

    def person_path(self, i: int) -> str:
        return f"/{self.slugs[i]}"

    def directory_path(self, k: int) -> str:
        return _qpage("/people", k)

    def group_path(self, g: int) -> str:
        return f"/groups/{self.group_slugs[g]}"

    def group(self, i: int) -> int | None:
        """The group whose page lists person i (students and faculty among the first
        GROUP_SPAN ids of their group), or None."""
        if self.role(i) == "staff" or i >= self.GROUP_SPAN * self.n_groups:
            return None
        return i % self.n_groups

    def group_members(self, g: int) -> list[int]:
        stop = min(self.n_people, self.GROUP_SPAN * self.n_groups)
        return [i for i in range(g, stop, self.n_groups) if self.role(i) != "staff"]

    # ---- one-token noise URLs

    def news_path(self, i: int) -> str:
        return f"/{nm.slugify(self.news_title(i))}-{i + 1}"

    def parse_news(self, path: str) -> int | None:
        m = re.fullmatch(r"/[a-z0-9-]+-(\d+)", path)
        return self._check_news(int(m.group(1)) - 1, path) if m else None

    def nav(self) -> tuple[Anchor, ...]:
        return (
            Anchor("/", "Home"),
            Anchor("/people", "People"),
            Anchor("/groups", "Research groups"),
            Anchor("/news", "News"),
            Anchor("/events", "Events"),
            Anchor("/jobs", "Jobs"),
            Anchor("/contact", "Contact"),
        )

    def mentions(self, i: int) -> tuple[Anchor, ...]:
        p = (i * 31) % self.n_people
        return (Anchor(self.person_path(p), self.name(p)),)

    def home(self) -> View:
        featured = [i for i in self.order[: 4 * self.per_page] if self.role(i) == "faculty"][:6]
        blocks: tuple[Block, ...] = (
            Text(("Research and teaching in computing since 1971.",)),
            CardGrid(
                tuple(Anchor(self.person_path(i), self.name(i)) for i in featured),
                tuple("Professor" for _ in featured),
                title="Featured faculty",
            ),
            LinkList(self.latest_news(5), title="News"),
            LinkRow((Anchor("/people", "Directory"), Anchor("/groups", "Research groups"))),
        )
        return View(self.brand.name, "home", blocks, (), "/")

    def route(self, path: str, query: str) -> View | None:
        if path == "/people":
            k = page_number(query, self.n_pages)
            return self.directory_view(k) if k else None
        if query:
            return None
        if path == "/groups":
            return self.groups_view()
        if path.startswith("/groups/"):
            g = self.group_by_slug.get(path[len("/groups/") :])
            return self.group_view(g) if g is not None else None
        i = self.by_slug.get(path[1:])
        return self.person_view(i) if i is not None else None

    def directory_view(self, k: int) -> View:
        ids = self.order[(k - 1) * self.per_page : k * self.per_page]
        faculty = [i for i in ids if self.role(i) == "faculty"]
        others = [i for i in ids if self.role(i) != "faculty"]
        blocks: tuple[Block, ...] = (
            Text(("Faculty, students and staff, alphabetically.",)),
            CardGrid(
                tuple(Anchor(self.person_path(i), self.name(i)) for i in faculty),
                tuple("Faculty" for _ in faculty),
                title="Faculty",
            ),
            LinkList(
                tuple(Anchor(self.person_path(i), self.name(i)) for i in others),
                notes=tuple(self.role(i) for i in others),
                title="Students and staff",
            ),
            *pager(self.directory_path, self.n_pages, k),
        )
        title = "People" if k == 1 else f"People — page {k}"
        return View(title, "directory", blocks, (self.home_crumb(),), "/people")

    def groups_view(self) -> View:
        items = tuple(Anchor(self.group_path(g), _GROUPS[g]) for g in range(self.n_groups))
        blocks = (Text(("Our research groups.",)), LinkList(items))
        return View("Research groups", "groups", blocks, (self.home_crumb(),), "/groups")

    def group_view(self, g: int) -> View:
        rng = nm.rng_for(self.seed, "group", g)
        rows = tuple(
            (
                Anchor(self.person_path(i), self.name(i)),
                self.role(i).capitalize(),
                f"Room {nm.h32(self.seed, 'room', i) % 400 + 100}",
            )
            for i in self.group_members(g)
        )
        blocks: tuple[Block, ...] = (
            Text((nm.paragraph(rng),)),
            Table(("Name", "Role", "Office"), rows, title="Members"),
        )
        return View(
            _GROUPS[g],
            "group",
            blocks,
            (self.home_crumb(), Anchor("/groups", "Research groups")),
            "/groups",
        )

    def person_view(self, i: int) -> View:
        rng = nm.rng_for(self.seed, "person", i)
        role = self.role(i)
        facts: list[tuple[str, str | Anchor]] = [("Position", role.capitalize())]
        g = self.group(i)
        if g is not None:
            facts.append(("Group", Anchor(self.group_path(g), _GROUPS[g])))
        facts.append(("Office", f"Room {nm.h32(self.seed, 'room', i) % 400 + 100}"))
        if rng.random() < 0.5:
            facts.append(("Phone", f"+1 555 {rng.randint(1000, 9999)}"))
        blocks: list[Block] = [Facts(tuple(facts))]
        if rng.random() < 0.7:
            blocks.append(Text((nm.paragraph(rng),), title="About me"))
        if role != "staff" and rng.random() < 0.8:
            pubs = tuple(
                f"{nm.sentence(rng, 8)} In Proc. {rng.choice(('WWW', 'SIGIR', 'CIKM', 'WSDM', 'VLDB'))} {rng.randint(2005, 2024)}."
                for _ in range(rng.randint(1, 6))
            )
            blocks.append(Text(pubs, title="Publications"))
        if role == "faculty":
            rows = tuple(
                (f"CS{rng.randint(100, 699)}", nm.sentence(rng, 3), rng.choice(("Fall", "Spring")))
                for _ in range(rng.randint(1, 4))
            )
            blocks.append(Table(("Course", "Title", "Term"), rows, title="Teaching"))
        if role == "staff":
            links = [Anchor("/", "Department home"), Anchor("/contact", "Department contact")]
        else:
            links = [Anchor("/people", "Department directory"), Anchor("/", "Department home")]
        blocks.append(LinkRow(tuple(links)))
        return View(self.name(i), "person", tuple(blocks), (), "", sidebar=False, chrome="personal")

    def render(self, view: View) -> str:
        if view.chrome != "personal":
            return super().render(view)
        style = _PERSONAL_CSS[nm.h32(self.seed, "layout", view.title) % len(_PERSONAL_CSS)]
        return (
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{esc(view.title)}</title><style>{style}</style></head>"
            f'<body><div class="page"><h1>{esc(view.title)}</h1>{render_blocks(view.blocks)}'
            '<p class="foot">Personal page hosted by the Department of Computing.</p>'
            "</div></body></html>"
        )

    def site_catalog(self) -> Iterator[tuple[str, str]]:
        for k in range(1, self.n_pages + 1):
            yield self.directory_path(k), "directory"
        yield "/groups", "groups"
        for g in range(self.n_groups):
            yield self.group_path(g), "group"
        for i in range(self.n_people):
            yield self.person_path(i), "person"

    def tree(self) -> Tree:
        first = self.order[: self.per_page]
        students = [i for i in first if self.role(i) == "student"]
        staff = [i for i in first if self.role(i) == "staff"]
        seed = students[min(2, len(students) - 1)]
        return Tree(
            entities={
                "person": tuple(self.person_path(i) for i in range(self.n_people)),
                "group": tuple(self.group_path(g) for g in range(self.n_groups)),
            },
            target_type="person",
            index_levels=(tuple(self.directory_path(k) for k in range(1, self.n_pages + 1)),),
            seed_path=(self.directory_path(1), self.person_path(seed)),
            id_ranges={},
            seeds={"no-backlink": self.person_path(staff[0])},
            notes=(
                "Height 1: /people (?page=n) is the directory; the seed is a student. Case (i): "
                "person pages are personal pages without the site menu; staff pages NEVER link "
                "to /people (only to / and /contact), so from the `no-backlink` seed (a staff "
                "member) the index cannot be found; students and faculty link to their group "
                "and to the directory. Case (ii): on the "
                "same directory pages faculty are in a card grid (div.grid/div.card/h3/a) and "
                "students/staff in a ul (ul.list/li/a); group pages (/groups/<slug>) list "
                "non-staff members in a table, the home page features faculty in a grid. "
                "Case (iii): entity URLs are one token (/first-m-last) exactly like noise pages "
                "(/contact, /jobs, /events, /visit, /people, /groups) and news articles "
                "(/<headline-slug>-<n>)."
            ),
        )
