"""The `drivers` site: seasons index → paginated season standings → driver pages (height 2).

A driver races in several seasons, so the entity set is the distinct driver pages.

Built on `lab.sites.entitytree.EntityTreeSite` (routing, chrome, news and static noise pages,
truth assembly); see the class for the case it exercises.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from siteseer.lab.site import Size
from siteseer.lab.sites import names as nm
from siteseer.lab.sites.entitytree import (
    EntityTreeSite,
    Tree,
    View,
    n_pages_of,
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

__all__ = ["DriversSite"]


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
