"""The `olympic` site: sports and host cities rendered by one template.

The case where GPP's precision fell in SSUP's evaluation.

Built on `lab.sites.entitytree.EntityTreeSite` (routing, chrome, news and static noise pages,
truth assembly); see the class for the case it exercises.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from siteseer.lab.site import Size
from siteseer.lab.sites import names as nm
from siteseer.lab.sites.entitytree import (
    EntityTreeSite,
    Tree,
    View,
    n_pages_of,
    page_number,
    page_path,
    pager,
)
from siteseer.lab.sites.theme import (
    Anchor,
    Block,
    Brand,
    CardGrid,
    Facts,
    LinkList,
    LinkRow,
    Table,
    Text,
)

__all__ = ["OlympicSite"]


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
        return page_path("/sports", k)

    def cities_path(self, k: int) -> str:
        return page_path("/host-cities", k)

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
