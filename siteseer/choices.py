"""The choices of the command line's options that only the commands define, as `Literal`s.

Kept free of imports so that the command line's declarations (siteseer/commandline/) can name
them without loading the crawler, the methods or the lab (`--help` included). Six of them
mirror a lower floor's own type, which stays the definition;
tests/siteseer/test_siteseer_choices.py holds each mirror equal to it: `OutputFormat` is
`output.RowFormat`, `RenderChoice` is `crawler.RenderMode`, `TagFeatureChoice` is
`algorithms.TagFeature`, `ProbeOrderChoice` is `algorithms.ProbeOrder`, `ClusterChoice` is
`algorithms.ClusterMethod`, `LabSize` is `lab.Size`. The discovery methods are no mirror: the
command line reads their names from the method registry itself (`siteseer.algorithms.methods`,
which imports no method).
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "BatchEngine",
    "BatchTask",
    "ClusterChoice",
    "DemoSize",
    "LabSize",
    "OutputFormat",
    "ProbeOrderChoice",
    "RenderChoice",
    "TagFeatureChoice",
]

BatchTask = Literal["discover", "explore", "templates"]
"""`batch --task`: what is done to each site (discover, explore, templates cluster)."""

BatchEngine = Literal["local", "ray"]
"""`batch --engine`: this process, or a Ray cluster."""

DemoSize = Literal["small", "medium"]
"""`demo --size`: the lab sizes the demo runs on."""

# Mirrors of a lower floor's type (see the module docstring).
OutputFormat = Literal["jsonl", "json", "csv"]
"""`discover --format`, `templates cluster --format`: the rows as JSON lines, a JSON array or CSV."""
RenderChoice = Literal["auto", "always", "never"]
TagFeatureChoice = Literal["tags", "attrs", "values"]
ProbeOrderChoice = Literal["ranked", "paper"]
ClusterChoice = Literal["minhash", "exact"]
LabSize = Literal["small", "medium", "large"]
