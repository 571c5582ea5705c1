"""Entity-page discovery, exploration and template methods, over the Session's Snapshots.

Each method is an async function ``method(session, seed_or_urls, **params) -> Result`` that runs
through one `Run` (algorithms/run.py: batch fetches, the budget, stop reasons, the trace, the
method's own cost); the pure features they share live in `algorithms.features`. This module is
the import surface: the methods, the types of their parameters and results, and the helpers the
CLI and the lab call.
"""

from siteseer.algorithms.describe import FeatureCache, describe, is_instance
from siteseer.algorithms.entrypoint import EntryPoint, ListCandidate, find_list_page
from siteseer.algorithms.explain import PathGroup, explain_page, path_groups, read_sample_path
from siteseer.algorithms.features.dom import TagFeature
from siteseer.algorithms.features.visual import VisualList
from siteseer.algorithms.gpp import gpp
from siteseer.algorithms.indesit import indesit
from siteseer.algorithms.methods import (
    DISCOVERY_METHODS,
    DiscoveryMethod,
    GPPParams,
    IndesitParams,
    SSUPParams,
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
