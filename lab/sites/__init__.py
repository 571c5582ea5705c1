"""The lab's sites, by id. Modules are imported on first use."""

from __future__ import annotations

import importlib

from lab.site import Site

__all__ = ["SITE_IDS", "site_class"]

# id → "module:Class". Entity-tree sites first, then exploratory, then the special ones.
_REGISTRY: dict[str, str] = {
    "council": "lab.sites.entitytree:CouncilSite",
    "drivers": "lab.sites.entitytree:DriversSite",
    "cars": "lab.sites.entitytree:CarsSite",
    "olympic": "lab.sites.entitytree:OlympicSite",
    "people": "lab.sites.entitytree:PeopleSite",
    "spa": "lab.sites.entitytree:SpaSite",
    "shop-links": "lab.sites.shops:ShopLinksSite",
    "shop-ajax": "lab.sites.shops:ShopAjaxSite",
    "shop-form": "lab.sites.shops:ShopFormSite",
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
