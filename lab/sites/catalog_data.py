"""The product catalogue the three lab shops (links, Ajax, form) sell from.

Every product is computed alone from ``random.Random(f"{seed}:{id}")``, so a page needs only the
products it shows. Queries run over a `CatalogueIndex`, built by one pass over the catalogue that
keeps only posting lists (value → product ids) and three per-product sort keys as compact arrays;
a `large` catalogue (30,000 products) is never held as product objects.

Each product has at least one value of every attribute; ``colour``, ``size`` and ``material`` may
have several. Only the name, price, brand and a generic description appear on a product page:
category, subcategory, colour, size, material and rating band are hidden attributes, recoverable
only from the facet queries that list the product. The price band is derivable from the shown
price.
"""

from __future__ import annotations

import random
import re
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from siteseer.lab.site import Size

__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_NAMES",
    "HIDDEN_ATTRIBUTES",
    "PRODUCT_COUNTS",
    "SORTS",
    "SUBCATEGORIES_OF",
    "Attribute",
    "Catalogue",
    "CatalogueIndex",
    "Product",
    "SortKey",
    "Value",
    "attribute",
    "format_price",
    "slugify",
]

SortKey = Literal["relevance", "price", "name", "new"]
SORTS: tuple[SortKey, ...] = ("relevance", "price", "name", "new")

PRODUCT_COUNTS: dict[Size, int] = {"small": 90, "medium": 1000, "large": 30000}


def slugify(text: str) -> str:
    """Lower-case ASCII words joined by hyphens ("£25 – £50" → "25-50")."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class Value:
    """One value of an attribute: its URL/form `slug` and the `label` the shops display."""

    slug: str
    label: str


@dataclass(frozen=True)
class Attribute:
    """A facet attribute: `name` (URL parameter, form field, truth key), `heading` as displayed."""

    name: str
    heading: str
    values: tuple[Value, ...]
    multi: bool
    parent: str = ""  # "category" for the hierarchical "subcategory"

    def value(self, slug: str) -> Value | None:
        for value in self.values:
            if value.slug == slug:
                return value
        return None

    def label(self, slug: str) -> str:
        value = self.value(slug)
        if value is None:
            raise KeyError(f"attribute {self.name!r} has no value {slug!r}")
        return value.label


def _values(*labels: str) -> tuple[Value, ...]:
    return tuple(Value(slugify(label), label) for label in labels)


_CATEGORIES: dict[str, tuple[str, ...]] = {
    "Footwear": ("Running shoes", "Boots", "Sandals"),
    "Outerwear": ("Jackets", "Coats", "Gilets"),
    "Tops": ("T-shirts", "Shirts", "Jumpers"),
    "Bags": ("Backpacks", "Totes", "Holdalls"),
    "Accessories": ("Hats", "Gloves", "Scarves"),
}
_NOUNS: dict[str, tuple[str, ...]] = {
    "Running shoes": ("Trail Runner", "Road Racer", "Tempo Trainer", "Stride"),
    "Boots": ("Chelsea Boot", "Hiker", "Ranger Boot", "Lace-up Boot"),
    "Sandals": ("Slide", "Trek Sandal", "Strap Sandal", "Flip"),
    "Jackets": ("Shell Jacket", "Field Jacket", "Bomber", "Windbreaker"),
    "Coats": ("Parka", "Overcoat", "Duffle Coat", "Trench"),
    "Gilets": ("Gilet", "Quilted Vest", "Body Warmer", "Utility Vest"),
    "T-shirts": ("Crew Tee", "Pocket Tee", "Long-sleeve Tee", "Henley"),
    "Shirts": ("Oxford Shirt", "Overshirt", "Work Shirt", "Camp Shirt"),
    "Jumpers": ("Crewneck", "Roll-neck", "Cardigan", "Half-zip"),
    "Backpacks": ("Daypack", "Rucksack", "Roll-top Pack", "Commuter Pack"),
    "Totes": ("Tote", "Market Bag", "Shopper", "Carryall"),
    "Holdalls": ("Holdall", "Weekender", "Duffel", "Kit Bag"),
    "Hats": ("Beanie", "Cap", "Bucket Hat", "Trapper"),
    "Gloves": ("Mitts", "Mittens", "Liners", "Grip Mitts"),
    "Scarves": ("Scarf", "Snood", "Neck Warmer", "Wrap"),
}
_ADJECTIVES = (
    "Alpine", "Harbour", "Meridian", "Fell", "Coastal", "Urban", "Summit", "Drift", "Heritage",
    "Ridge", "Orbit", "Field", "Nomad", "Tundra", "Vista", "Atlas", "Canyon", "Pioneer", "Aurora",
    "Granite",
)  # fmt: skip
_BRANDS = ("Northwind", "Alder & Co", "Kestrel", "Marlow", "Tidewater", "Fjell", "Orrin", "Bracken")
_BRAND_WEIGHTS = (9, 7, 6, 5, 4, 4, 3, 2)
_COLOURS = ("Black", "White", "Grey", "Navy", "Red", "Green", "Blue", "Brown", "Yellow")
_LETTER_SIZES = ("XS", "S", "M", "L", "XL", "XXL")
_SHOE_SIZES = ("38", "39", "40", "41", "42", "43", "44", "45", "46")
_ONE_SIZE = "One size"
_MATERIALS: dict[str, tuple[str, ...]] = {
    "Footwear": ("Leather", "Suede", "Mesh", "Rubber"),
    "Outerwear": ("Nylon", "Wool", "Down", "Polyester", "Cotton"),
    "Tops": ("Cotton", "Linen", "Wool", "Polyester"),
    "Bags": ("Canvas", "Nylon", "Leather", "Polyester"),
    "Accessories": ("Wool", "Cotton", "Fleece", "Leather"),
}
_PRICE_RANGE_PENCE: dict[str, tuple[int, int]] = {
    "Footwear": (3500, 22000),
    "Outerwear": (4500, 32000),
    "Tops": (1200, 9000),
    "Bags": (2000, 18000),
    "Accessories": (900, 6000),
}
_PRICE_BANDS: tuple[tuple[int, str], ...] = (
    (2500, "Under £25"),
    (5000, "£25 – £50"),
    (10000, "£50 – £100"),
    (20000, "£100 – £200"),
    (10**9, "£200 & above"),
)
_RATING_BANDS: tuple[tuple[int, str], ...] = (
    (30, "Under 3 stars"),
    (40, "3 – 3.9 stars"),
    (45, "4 – 4.4 stars"),
    (51, "4.5 stars & up"),
)
_PHRASES = (
    "Designed for everyday wear and built to last.",
    "A dependable favourite that goes with almost anything.",
    "Thoughtful details and a clean, modern cut.",
    "Made in small batches by a family-run workshop.",
    "Easy to care for and ready for travel.",
    "Reinforced where it matters most.",
    "Our best-selling design, refined for this season.",
    "Light enough to pack, tough enough for weekends away.",
    "Finished by hand and checked twice before it ships.",
    "A quiet classic with a few surprises inside.",
    "Backed by our two-year guarantee.",
    "Comfortable from the first day you wear it.",
)


def _materials() -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for names in _MATERIALS.values():
        for name in names:
            seen.setdefault(name, None)
    return tuple(sorted(seen))


ATTRIBUTES: tuple[Attribute, ...] = (
    Attribute("category", "Category", _values(*_CATEGORIES), multi=False),
    Attribute(
        "subcategory",
        "Subcategory",
        _values(*(sub for subs in _CATEGORIES.values() for sub in subs)),
        multi=False,
        parent="category",
    ),
    Attribute("brand", "Brand", _values(*_BRANDS), multi=False),
    Attribute("colour", "Colour", _values(*_COLOURS), multi=True),
    Attribute("size", "Size", _values(*_LETTER_SIZES, *_SHOE_SIZES, _ONE_SIZE), multi=True),
    Attribute("price", "Price", _values(*(label for _, label in _PRICE_BANDS)), multi=False),
    Attribute("material", "Material", _values(*_materials()), multi=True),
    Attribute("rating", "Rating", _values(*(label for _, label in _RATING_BANDS)), multi=False),
)
ATTRIBUTE_NAMES: tuple[str, ...] = tuple(a.name for a in ATTRIBUTES)
# Shown on a product page: brand, and the price (from which the price band follows).
HIDDEN_ATTRIBUTES: tuple[str, ...] = (
    "category",
    "subcategory",
    "colour",
    "size",
    "material",
    "rating",
)
_BY_NAME: dict[str, Attribute] = {a.name: a for a in ATTRIBUTES}
_SLUGS: dict[str, str] = {v.label: v.slug for a in ATTRIBUTES for v in a.values}
_LABELS: dict[tuple[str, str], str] = {
    (a.name, v.slug): v.label for a in ATTRIBUTES for v in a.values
}
SUBCATEGORIES_OF: dict[str, tuple[str, ...]] = {
    slugify(cat): tuple(slugify(s) for s in subs) for cat, subs in _CATEGORIES.items()
}


def attribute(name: str) -> Attribute:
    """The attribute called `name`; raises KeyError naming the known ones."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown attribute {name!r}; known: {', '.join(ATTRIBUTE_NAMES)}") from None


def format_price(pence: int) -> str:
    return f"£{pence // 100}.{pence % 100:02d}"


@dataclass(frozen=True)
class Product:
    """One product. `values` holds value slugs per attribute name, in `ATTRIBUTE_NAMES` order."""

    id: int
    name: str
    slug: str
    price_pence: int
    rating: float
    reviews: int
    added_days_ago: int
    description: str
    values: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def path(self) -> str:
        return f"/product/{self.id}/{self.slug}"

    @property
    def price(self) -> str:
        return format_price(self.price_pence)

    def slugs(self, name: str) -> tuple[str, ...]:
        for key, slugs in self.values:
            if key == name:
                return slugs
        raise KeyError(f"unknown attribute {name!r}")

    def labels(self, name: str) -> tuple[str, ...]:
        return tuple(_LABELS[name, s] for s in self.slugs(name))

    @property
    def brand(self) -> str:
        return self.labels("brand")[0]

    def matches(self, words: Sequence[str]) -> bool:
        """True when every word occurs in the name or description (the keyword box)."""
        text = f"{self.name} {self.description}".lower()
        return all(w.lower() in text for w in words)


def _band(bands: tuple[tuple[int, str], ...], amount: int) -> str:
    for bound, label in bands:
        if amount < bound:
            return label
    raise ValueError(f"{amount} is above every band")


def _make_product(seed: int, pid: int) -> Product:
    rnd = random.Random(f"{seed}:{pid}")
    category = rnd.choice(tuple(_CATEGORIES))
    subcategory = rnd.choice(_CATEGORIES[category])
    brand = rnd.choices(_BRANDS, weights=_BRAND_WEIGHTS)[0]
    colours = sorted(rnd.sample(range(len(_COLOURS)), rnd.choice((1, 1, 2, 2, 3))))
    if category == "Footwear":
        width = rnd.randint(2, 6)
        start = rnd.randint(0, len(_SHOE_SIZES) - width)
        sizes: tuple[str, ...] = _SHOE_SIZES[start : start + width]
    elif category in ("Outerwear", "Tops"):
        width = rnd.randint(2, 5)
        start = rnd.randint(0, len(_LETTER_SIZES) - width)
        sizes = _LETTER_SIZES[start : start + width]
    elif subcategory == "Gloves":
        sizes = rnd.choice((("S", "M", "L"), ("M", "L"), (_ONE_SIZE,)))
    else:
        sizes = (_ONE_SIZE,)
    pool = _MATERIALS[category]
    materials = sorted(rnd.sample(pool, rnd.choice((1, 1, 1, 2))))
    low, high = _PRICE_RANGE_PENCE[category]
    price = int(low * (high / low) ** rnd.random()) // 100 * 100 + rnd.choice((0, 50, 95, 99))
    rating10 = rnd.choice((25, 28, 31, 34, 36, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50))
    reviews = rnd.randint(0, 240)
    added = rnd.randint(0, 720)
    name = f"{brand} {rnd.choice(_ADJECTIVES)} {rnd.choice(_NOUNS[subcategory])}"
    description = " ".join(rnd.sample(_PHRASES, 2))
    slug = _SLUGS
    values = (
        ("category", (slug[category],)),
        ("subcategory", (slug[subcategory],)),
        ("brand", (slug[brand],)),
        ("colour", tuple(slug[_COLOURS[c]] for c in colours)),
        ("size", tuple(slug[s] for s in sizes)),
        ("price", (slug[_band(_PRICE_BANDS, price)],)),
        ("material", tuple(slug[m] for m in materials)),
        ("rating", (slug[_band(_RATING_BANDS, rating10)],)),
    )
    return Product(
        id=pid,
        name=name,
        slug=slugify(name),
        price_pence=price,
        rating=rating10 / 10,
        reviews=reviews,
        added_days_ago=added,
        description=description,
        values=values,
    )


Conditions = Mapping[str, Iterable[str]]


class CatalogueIndex:
    """Posting lists and sort keys of a whole catalogue, from one pass over its products.

    Product ids run from 1 to `count`; the per-product arrays are indexed by id (slot 0 unused).
    """

    def __init__(self, products: Iterable[Product], count: int) -> None:
        postings: dict[tuple[str, str], array[int]] = {}
        self.price = array("i", [0] * (count + 1))
        self.added = array("i", [0] * (count + 1))
        names: list[tuple[str, int]] = []
        self.subcategory = array("i", [0] * (count + 1))
        sub_slugs = [v.slug for v in attribute("subcategory").values]
        for product in products:
            pid = product.id
            self.price[pid] = product.price_pence
            self.added[pid] = product.added_days_ago
            names.append((product.name, pid))
            self.subcategory[pid] = sub_slugs.index(product.slugs("subcategory")[0])
            for name, slugs in product.values:
                for slug in slugs:
                    postings.setdefault((name, slug), array("i")).append(pid)
        names.sort()
        self.name_rank = array("i", [0] * (count + 1))
        for rank, (_, pid) in enumerate(names):
            self.name_rank[pid] = rank
        self.count = count
        self._postings = postings

    def posting(self, name: str, slug: str) -> array[int]:
        """Ids of the products with value `slug` of attribute `name`, ascending."""
        return self._postings.get((name, slug), array("i"))

    def select(self, conditions: Conditions) -> list[int]:
        """Ids matching every attribute of `conditions` (any of its values), ascending."""
        result: set[int] | None = None
        for name, slugs in sorted(conditions.items()):
            wanted: set[int] = set()
            for slug in slugs:
                wanted.update(self.posting(name, slug))
            result = wanted if result is None else result & wanted
            if not result:
                return []
        if result is None:
            return list(range(1, self.count + 1))
        return sorted(result)

    def counts(self, ids: Sequence[int], name: str) -> dict[str, int]:
        """For each value of `name`: how many of `ids` have it (values with none left out)."""
        attr = attribute(name)
        if len(ids) == self.count:
            return {
                v.slug: len(self.posting(name, v.slug))
                for v in attr.values
                if self.posting(name, v.slug)
            }
        chosen = set(ids)
        out: dict[str, int] = {}
        for value in attr.values:
            n = sum(1 for pid in self.posting(name, value.slug) if pid in chosen)
            if n:
                out[value.slug] = n
        return out

    def order(self, ids: Sequence[int], sort: SortKey) -> list[int]:
        """`ids` in the order a shop lists them (ties broken by id)."""
        if sort == "price":
            return sorted(ids, key=lambda pid: (self.price[pid], pid))
        if sort == "name":
            return sorted(ids, key=lambda pid: self.name_rank[pid])
        if sort == "new":
            return sorted(ids, key=lambda pid: (self.added[pid], pid))
        # "relevance": a fixed shuffle of the catalogue, the shops' default order.
        return sorted(ids, key=lambda pid: ((pid * 7919) % 10007, pid))


class Catalogue:
    """The products of one shop catalogue at (size, seed)."""

    def __init__(self, size: Size, seed: int) -> None:
        self.size = size
        self.seed = seed
        self.count = PRODUCT_COUNTS[size]

    def product(self, pid: int) -> Product:
        """Product `pid` (1 ≤ pid ≤ count); raises KeyError for any other id."""
        if not 1 <= pid <= self.count:
            raise KeyError(f"no product {pid} (the catalogue has ids 1–{self.count})")
        return _make_product(self.seed, pid)

    def products(self) -> Iterable[Product]:
        """Every product, generated one at a time."""
        for pid in range(1, self.count + 1):
            yield _make_product(self.seed, pid)

    @cached_property
    def index(self) -> CatalogueIndex:
        return CatalogueIndex(self.products(), self.count)

    def related(self, pid: int, k: int = 4) -> list[int]:
        """`k` other products of the same subcategory, topped up from the same category."""
        sub = attribute("subcategory").values[self.index.subcategory[pid]].slug
        category = next(c for c, subs in SUBCATEGORIES_OF.items() if sub in subs)
        rnd = random.Random(f"{self.seed}:{pid}:related")
        pool = [other for other in self.index.posting("subcategory", sub) if other != pid]
        chosen = rnd.sample(pool, min(k, len(pool)))
        if len(chosen) < k:
            rest = [
                o for o in self.index.posting("category", category) if o != pid and o not in pool
            ]
            chosen += rnd.sample(rest, min(k - len(chosen), len(rest)))
        return sorted(chosen)

    def facet_values(self) -> dict[str, tuple[str, ...]]:
        """Attribute → the labels of its values that at least one product has."""
        return {
            a.name: tuple(v.label for v in a.values if self.index.posting(a.name, v.slug))
            for a in ATTRIBUTES
        }
