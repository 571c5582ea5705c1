"""The choices of the command line's options that only the commands define, as `Literal`s.

Kept free of imports so `cli.py` can name them in its signatures without loading the methods.
(The render mode, lab size, link DOM path form and clustering method are the crawler's,
the lab's and the methods' own types.)
"""

from __future__ import annotations

from typing import Literal

__all__ = ["DemoSize", "DiscoverMethod", "OutputFormat"]

DiscoverMethod = Literal["ssup", "indesit", "gpp"]
"""`discover --method`: SSUP, Indesit or GPP."""

OutputFormat = Literal["jsonl", "csv"]
"""`discover --format`: the entity pages as JSON lines or CSV."""

DemoSize = Literal["small", "medium"]
"""`demo --size`: the lab sizes the demo runs on."""
