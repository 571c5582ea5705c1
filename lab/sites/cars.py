"""The `cars` site, SSUP's Table 1: /car/<make>/<model> under paginated make pages.

Look-alike noise (/test_drive/<model>.htm, /news.htm, /wallpapers.htm) is linked from the same
lists as the cars.

Built on `lab.sites.entitytree.EntityTreeSite` (routing, chrome, news and static noise pages,
truth assembly); see the class for the case it exercises.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterator
from dataclasses import dataclass

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
    InlineMenu,
    LinkList,
    LinkRow,
    Table,
    Text,
)

__all__ = ["CarsSite"]


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
        return page_path(f"/cars/{self.make_slugs[m]}", k)

    def car_path(self, m: int, slug: str) -> str:
        return f"/car/{self.make_slugs[m]}/{slug}"

    def test_drive_path(self, m: int, slug: str) -> str:
        return f"/test_drive/{self.make_slugs[m]}-{slug}.htm"

    def has_test_drive(self, m: int, j: int) -> bool:
        return nm.h32(self.seed, "td", m, j) % 4 == 0

    # ---- noise URL style

    def news_index_path(self, k: int) -> str:
        return page_path("/news.htm", k)

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
