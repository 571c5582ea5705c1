"""The shops' catalogue (lab/sites/catalog_data.py): products, AND/OR selection, sorts."""

from __future__ import annotations

import pytest

from siteseer.lab.sites.catalog_data import (
    ATTRIBUTES,
    SUBCATEGORIES_OF,
    Catalogue,
    CatalogueIndex,
    attribute,
)


def test_catalogue_products_are_computed_alone_and_complete() -> None:
    catalogue = Catalogue("small", 0)
    again = Catalogue("small", 0)
    assert [p for p in catalogue.products()] == [again.product(i) for i in range(1, 91)]
    assert catalogue.product(7) != Catalogue("small", 1).product(7)
    for product in catalogue.products():
        for attr in ATTRIBUTES:
            assert product.slugs(attr.name), (product.id, attr.name)
            if not attr.multi:
                assert len(product.slugs(attr.name)) == 1
        sub = product.slugs("subcategory")[0]
        assert sub in {s for c in product.slugs("category") for s in _subs(c)}
    with pytest.raises(KeyError):
        catalogue.product(91)


def _subs(category: str) -> tuple[str, ...]:
    return SUBCATEGORIES_OF[category]


def test_index_select_is_and_across_or_within() -> None:
    catalogue = Catalogue("small", 0)
    index = catalogue.index
    products = list(catalogue.products())

    def brute(conditions: dict[str, tuple[str, ...]]) -> list[int]:
        return [
            p.id for p in products if all(set(p.slugs(k)) & set(v) for k, v in conditions.items())
        ]

    cases: list[dict[str, tuple[str, ...]]] = [
        {},
        {"colour": ("red",)},
        {"colour": ("red", "blue")},
        {"colour": ("red", "blue"), "category": ("tops",)},
        {"brand": ("northwind",), "size": ("m", "l"), "material": ("cotton",)},
        {"brand": ("no-such-brand",)},
    ]
    for conditions in cases:
        assert index.select(conditions) == brute(conditions), conditions
    ids = index.select({"category": ("footwear",)})
    counts = index.counts(ids, "size")
    assert counts == {
        s: n
        for s in (v.slug for v in attribute("size").values)
        if (n := sum(1 for i in ids if s in products[i - 1].slugs("size")))
    }


def test_sort_orders_hold_the_same_products() -> None:
    catalogue = Catalogue("small", 0)
    index: CatalogueIndex = catalogue.index
    ids = index.select({"category": ("tops",)})
    by_price = index.order(ids, "price")
    assert sorted(by_price) == sorted(ids)
    prices = [catalogue.product(i).price_pence for i in by_price]
    assert prices == sorted(prices)
    names = [catalogue.product(i).name for i in index.order(ids, "name")]
    assert names == sorted(names)
    assert index.order(ids, "relevance") != sorted(ids)
