"""The algorithms package's public surface is exactly its `__all__`."""

from __future__ import annotations

import importlib

from siteseer import algorithms

EXPECTED = {
    "DISCOVERY_METHODS",
    "DiscoveryMethod",
    "GPPParams",
    "IndesitParams",
    "SSUPParams",
    "SampleCheck",
    "SitemapAudit",
    "discovery_method",
    "height_of",
    "explore",
    "VisualList",
    "read_sample_path",
    "path_groups",
    "PathGroup",
    "ProbeOrder",
    "explain_page",
    "BUDGET_SPENT",
    "INTERRUPTED",
    "EntryPoint",
    "ListCandidate",
    "find_list_page",
    "Halt",
    "halting",
    "time_limit_reason",
    "ClusterMethod",
    "Discovery",
    "EntityDescription",
    "Exploration",
    "ExploredQuery",
    "FeatureCache",
    "GeneratedUrl",
    "Height",
    "LinkGroup",
    "LinkGrouper",
    "PageCluster",
    "PageClustering",
    "PageTemplateParts",
    "QueryEdge",
    "QueryStatus",
    "Run",
    "SPLIT_MINIMUM_URLS",
    "SkipReason",
    "SiteCrawl",
    "Skipped",
    "Stopped",
    "TagFeature",
    "TemplateReport",
    "TraceEntry",
    "UrlTemplate",
    "candidates_of",
    "check_pages",
    "cluster_pages",
    "crawl_pages",
    "crawl_site",
    "describe",
    "discover_published",
    "explain_discovery",
    "gpp",
    "group_links",
    "indesit",
    "is_instance",
    "like_seed",
    "page_paths",
    "spread",
    "ssup",
    "url_templates",
    "visual_group_links",
}


def test_public_names_are_exactly_these() -> None:
    assert set(algorithms.__all__) == EXPECTED
    assert len(algorithms.__all__) == len(EXPECTED)


def test_every_public_name_is_importable() -> None:
    for name in sorted(EXPECTED):
        assert getattr(algorithms, name, None) is not None, name


def test_the_ssup_package_surface() -> None:
    ssup = importlib.import_module("siteseer.algorithms.ssup")
    assert set(ssup.__all__) == {
        "Height",
        "LEVEL_SHARE",
        "LinkGroup",
        "LinkGrouper",
        "PROBE_ORDERS",
        "ProbeOrder",
        "RoleMate",
        "SSUPParams",
        "ambiguity",
        "explain_discovery",
        "group_links",
        "role_mates",
        "ssup",
        "visual_group_links",
    }
    for name in ssup.__all__:
        assert getattr(ssup, name) is not None, name


def test_a_function_named_like_its_module_stays_the_function() -> None:
    # The surface is loaded on first use (PEP 562); importing the submodule `gpp` (or `ssup`,
    # `indesit`, `describe`) afterwards keeps the package's name bound to the function.
    for name in ("gpp", "indesit", "describe", "ssup"):
        module = importlib.import_module(f"siteseer.algorithms.{name}")
        assert getattr(algorithms, name) is getattr(module, name), name
        assert callable(getattr(algorithms, name)), name
