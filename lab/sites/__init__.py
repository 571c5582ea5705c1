"""The lab's sites, by id. Modules are imported on first use."""

from __future__ import annotations

import importlib

from lab.site import Site

__all__ = ["SITE_IDS", "site_class"]

# id → "module:Class". Entity-tree sites first, then exploratory, then the special ones.
_REGISTRY: dict[str, str] = {
    "council": "lab.sites.council:CouncilSite",
    "drivers": "lab.sites.drivers:DriversSite",
    "cars": "lab.sites.cars:CarsSite",
    "olympic": "lab.sites.olympic:OlympicSite",
    "people": "lab.sites.people:PeopleSite",
    "spa": "lab.sites.spa:SpaSite",
    "shop-links": "lab.sites.shop_links:ShopLinksSite",
    "shop-ajax": "lab.sites.shop_ajax:ShopAjaxSite",
    "shop-form": "lab.sites.shop_form:ShopFormSite",
    "catalog-ids": "lab.sites.catalog:CatalogIdsSite",
    "trap": "lab.sites.trap:TrapSite",
    "mixed-templates": "lab.sites.mixed:MixedTemplatesSite",
    # The foundation's test bed: one page per rendering behaviour (not scored).
    "testbed": "lab.sites.testbed:TestbedSite",
    # Product-like pages for throughput benchmarks (not scored).
    "bench": "lab.sites.benchpages:BenchSite",
}

SITE_IDS: tuple[str, ...] = tuple(_REGISTRY)


def site_class(site_id: str) -> type[Site]:
    """The class serving `site_id`; raises KeyError naming the known ids."""
    try:
        target = _REGISTRY[site_id]
    except KeyError:
        raise KeyError(f"unknown lab site {site_id!r}; known: {', '.join(SITE_IDS)}") from None
    module, _, name = target.partition(":")
    cls: type[Site] = getattr(importlib.import_module(module), name)
    return cls
