"""The lab's sites, by id. Modules are imported on first use."""

from __future__ import annotations

import importlib

from siteseer.lab.site import Site

__all__ = ["SITE_IDS", "site_class"]

# id → "module:Class". Entity-tree sites first, then exploratory, then the special ones.
_REGISTRY: dict[str, str] = {
    "council": "siteseer.lab.sites.council:CouncilSite",
    "drivers": "siteseer.lab.sites.drivers:DriversSite",
    "cars": "siteseer.lab.sites.cars:CarsSite",
    "olympic": "siteseer.lab.sites.olympic:OlympicSite",
    "people": "siteseer.lab.sites.people:PeopleSite",
    "spa": "siteseer.lab.sites.spa:SpaSite",
    "spa-script": "siteseer.lab.sites.spa_script:SpaScriptSite",
    "spa-virtual": "siteseer.lab.sites.spa_virtual:SpaVirtualSite",
    "shop-links": "siteseer.lab.sites.shop_links:ShopLinksSite",
    "shop-ajax": "siteseer.lab.sites.shop_ajax:ShopAjaxSite",
    "shop-form": "siteseer.lab.sites.shop_form:ShopFormSite",
    "catalog-ids": "siteseer.lab.sites.catalog:CatalogIdsSite",
    "trap": "siteseer.lab.sites.trap:TrapSite",
    "mixed-templates": "siteseer.lab.sites.mixed:MixedTemplatesSite",
    # Entity-tree sites that publish sitemaps or a feed, one case each (published.py).
    "drivers-sitemap": "siteseer.lab.sites.published:DriversSitemapSite",
    "council-sitemap-incomplete": "siteseer.lab.sites.published:CouncilIncompleteSite",
    "council-sitemap-stale": "siteseer.lab.sites.published:CouncilStaleSite",
    "olympic-sitemap-mixed": "siteseer.lab.sites.published:OlympicMixedSite",
    "cars-sitemap-gz": "siteseer.lab.sites.published:CarsGzipSite",
    "people-sitemap-hosts": "siteseer.lab.sites.published:PeopleHostsSite",
    "drivers-feed": "siteseer.lab.sites.published:DriversFeedSite",
    # The foundation's test bed: one page per rendering behaviour (not scored).
    "testbed": "siteseer.lab.sites.testbed:TestbedSite",
    # Product-like pages for throughput benchmarks (not scored).
    "bench": "siteseer.lab.sites.benchpages:BenchSite",
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
