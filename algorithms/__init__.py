"""Entity-page discovery, exploration and template methods, over the Session's Snapshots.

Each method is an async function ``method(session, seed_or_urls, **params) -> Result`` that runs
through one `Run` (algorithms/run.py: batch fetches, the budget, stop reasons, the trace, the
method's own cost); the pure features they share live in `algorithms.features`. This module is
the import surface: the methods, the types of their parameters and results, and the helpers the
CLI and the lab call, each imported when it is first read (so that the method registry,
`siteseer.algorithms.methods`, is read without loading any method).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from siteseer.algorithms.describe import FeatureCache, describe, is_instance
    from siteseer.algorithms.entrypoint import EntryPoint, ListCandidate, find_list_page
    from siteseer.algorithms.explain import PathGroup, explain_page, path_groups, read_sample_path
    from siteseer.algorithms.features.dom import TagFeature
    from siteseer.algorithms.features.visual import VisualList
    from siteseer.algorithms.gpp import GPPParams, gpp
    from siteseer.algorithms.indesit import IndesitParams, indesit
    from siteseer.algorithms.methods import (
        DISCOVERY_METHODS,
        DiscoveryMethod,
        discovery_method,
        height_of,
    )
    from siteseer.algorithms.pagetemplates import (
        ClusterMethod,
        SiteCrawl,
        cluster_pages,
        crawl_pages,
        crawl_site,
        page_paths,
    )
    from siteseer.algorithms.published import (
        SampleCheck,
        candidates_of,
        check_pages,
        discover_published,
        like_seed,
        spread,
    )
    from siteseer.algorithms.querycentric import explore
    from siteseer.algorithms.result import (
        Discovery,
        EntityDescription,
        Exploration,
        ExploredQuery,
        GeneratedUrl,
        PageCluster,
        PageClustering,
        PageTemplateParts,
        QueryEdge,
        QueryStatus,
        SitemapAudit,
        Skipped,
        SkipReason,
        TemplateReport,
        TraceEntry,
        UrlTemplate,
    )
    from siteseer.algorithms.run import (
        BUDGET_SPENT,
        INTERRUPTED,
        Halt,
        Run,
        Stopped,
        halting,
        time_limit_reason,
    )
    from siteseer.algorithms.ssup import (
        Height,
        LinkGroup,
        LinkGrouper,
        ProbeOrder,
        SSUPParams,
        explain_discovery,
        group_links,
        ssup,
        visual_group_links,
    )
    from siteseer.algorithms.urltemplates import SPLIT_MINIMUM_URLS, url_templates

__all__ = [
    "BUDGET_SPENT",
    "DISCOVERY_METHODS",
    "INTERRUPTED",
    "SPLIT_MINIMUM_URLS",
    "ClusterMethod",
    "Discovery",
    "DiscoveryMethod",
    "EntityDescription",
    "EntryPoint",
    "Exploration",
    "ExploredQuery",
    "FeatureCache",
    "GPPParams",
    "GeneratedUrl",
    "Halt",
    "Height",
    "IndesitParams",
    "LinkGroup",
    "LinkGrouper",
    "ListCandidate",
    "PageCluster",
    "PageClustering",
    "PageTemplateParts",
    "PathGroup",
    "ProbeOrder",
    "QueryEdge",
    "QueryStatus",
    "Run",
    "SSUPParams",
    "SampleCheck",
    "SiteCrawl",
    "SitemapAudit",
    "SkipReason",
    "Skipped",
    "Stopped",
    "TagFeature",
    "TemplateReport",
    "TraceEntry",
    "UrlTemplate",
    "VisualList",
    "candidates_of",
    "check_pages",
    "cluster_pages",
    "crawl_pages",
    "crawl_site",
    "describe",
    "discover_published",
    "discovery_method",
    "explain_discovery",
    "explain_page",
    "explore",
    "find_list_page",
    "gpp",
    "group_links",
    "halting",
    "height_of",
    "indesit",
    "is_instance",
    "like_seed",
    "page_paths",
    "path_groups",
    "read_sample_path",
    "spread",
    "ssup",
    "time_limit_reason",
    "url_templates",
    "visual_group_links",
]

# Each name of the surface → the module that defines it, imported when the name is first read.
_HOMES: dict[str, str] = {
    "FeatureCache": "siteseer.algorithms.describe",
    "describe": "siteseer.algorithms.describe",
    "is_instance": "siteseer.algorithms.describe",
    "EntryPoint": "siteseer.algorithms.entrypoint",
    "ListCandidate": "siteseer.algorithms.entrypoint",
    "find_list_page": "siteseer.algorithms.entrypoint",
    "PathGroup": "siteseer.algorithms.explain",
    "explain_page": "siteseer.algorithms.explain",
    "path_groups": "siteseer.algorithms.explain",
    "read_sample_path": "siteseer.algorithms.explain",
    "TagFeature": "siteseer.algorithms.features.dom",
    "VisualList": "siteseer.algorithms.features.visual",
    "GPPParams": "siteseer.algorithms.gpp",
    "gpp": "siteseer.algorithms.gpp",
    "IndesitParams": "siteseer.algorithms.indesit",
    "indesit": "siteseer.algorithms.indesit",
    "DISCOVERY_METHODS": "siteseer.algorithms.methods",
    "DiscoveryMethod": "siteseer.algorithms.methods",
    "discovery_method": "siteseer.algorithms.methods",
    "height_of": "siteseer.algorithms.methods",
    "ClusterMethod": "siteseer.algorithms.pagetemplates",
    "SiteCrawl": "siteseer.algorithms.pagetemplates",
    "cluster_pages": "siteseer.algorithms.pagetemplates",
    "crawl_pages": "siteseer.algorithms.pagetemplates",
    "crawl_site": "siteseer.algorithms.pagetemplates",
    "page_paths": "siteseer.algorithms.pagetemplates",
    "SampleCheck": "siteseer.algorithms.published",
    "candidates_of": "siteseer.algorithms.published",
    "check_pages": "siteseer.algorithms.published",
    "discover_published": "siteseer.algorithms.published",
    "like_seed": "siteseer.algorithms.published",
    "spread": "siteseer.algorithms.published",
    "explore": "siteseer.algorithms.querycentric",
    "Discovery": "siteseer.algorithms.result",
    "EntityDescription": "siteseer.algorithms.result",
    "Exploration": "siteseer.algorithms.result",
    "ExploredQuery": "siteseer.algorithms.result",
    "GeneratedUrl": "siteseer.algorithms.result",
    "PageCluster": "siteseer.algorithms.result",
    "PageClustering": "siteseer.algorithms.result",
    "PageTemplateParts": "siteseer.algorithms.result",
    "QueryEdge": "siteseer.algorithms.result",
    "QueryStatus": "siteseer.algorithms.result",
    "SitemapAudit": "siteseer.algorithms.result",
    "SkipReason": "siteseer.algorithms.result",
    "Skipped": "siteseer.algorithms.result",
    "TemplateReport": "siteseer.algorithms.result",
    "TraceEntry": "siteseer.algorithms.result",
    "UrlTemplate": "siteseer.algorithms.result",
    "BUDGET_SPENT": "siteseer.algorithms.run",
    "Halt": "siteseer.algorithms.run",
    "INTERRUPTED": "siteseer.algorithms.run",
    "Run": "siteseer.algorithms.run",
    "Stopped": "siteseer.algorithms.run",
    "halting": "siteseer.algorithms.run",
    "time_limit_reason": "siteseer.algorithms.run",
    "Height": "siteseer.algorithms.ssup",
    "LinkGroup": "siteseer.algorithms.ssup",
    "LinkGrouper": "siteseer.algorithms.ssup",
    "ProbeOrder": "siteseer.algorithms.ssup",
    "SSUPParams": "siteseer.algorithms.ssup",
    "explain_discovery": "siteseer.algorithms.ssup",
    "group_links": "siteseer.algorithms.ssup",
    "ssup": "siteseer.algorithms.ssup",
    "visual_group_links": "siteseer.algorithms.ssup",
    "SPLIT_MINIMUM_URLS": "siteseer.algorithms.urltemplates",
    "url_templates": "siteseer.algorithms.urltemplates",
}


if not TYPE_CHECKING:  # mypy reads the imports above: a name not among them is an error

    def __getattr__(name: str) -> Any:
        """A name of the surface, its module imported on first use (PEP 562): importing
        `siteseer.algorithms` (the method registry, `siteseer.algorithms.methods`, included) loads
        no algorithm."""
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Surface(types.ModuleType):
    """The package keeps its surface's functions over its submodules of the same name: `gpp`,
    `indesit`, `describe` and `ssup` are each a submodule and the function it defines, and
    importing the submodule would otherwise bind the module in its place (the import system
    sets the package's attribute)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _HOMES and isinstance(value, types.ModuleType):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Surface
