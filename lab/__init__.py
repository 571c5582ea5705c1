"""siteseer's lab: synthetic sites with ground truth, served on loopback, and their scoring.

`lab.registry` (the methods by name), `lab.bench` (the method benchmark), `lab.report` (its HTML
report) and `lab.demo` are imported by name: they pull in the methods, the crawler and
matplotlib, which serving a site does not need.
"""

from siteseer.lab.cold import ColdScore, current_commit, default_cold_dir, read_cold, record_cold
from siteseer.lab.method import MethodRun, MethodSpec
from siteseer.lab.score import (
    ClusterScores,
    SetScores,
    adjusted_rand_index,
    cluster_scores,
    pair_scores,
    purity,
    set_scores,
)
from siteseer.lab.server import LabServer, running_lab
from siteseer.lab.site import SIZES, Site, Size
from siteseer.lab.sites import SITE_IDS, site_class
from siteseer.lab.truth import FacetQuery, SiteTruth, start_url

__all__ = [
    "SITE_IDS",
    "SIZES",
    "ClusterScores",
    "ColdScore",
    "FacetQuery",
    "LabServer",
    "MethodRun",
    "MethodSpec",
    "SetScores",
    "Site",
    "SiteTruth",
    "Size",
    "adjusted_rand_index",
    "cluster_scores",
    "current_commit",
    "default_cold_dir",
    "pair_scores",
    "purity",
    "read_cold",
    "record_cold",
    "running_lab",
    "set_scores",
    "site_class",
    "start_url",
]
