"""Entity-page discovery, exploration and template methods, over the Session's Snapshots.

Each method is an async function ``method(session, seed_or_urls, **params) -> Result``; the pure
features they share live in `algorithms.features`.
"""

from algorithms.indesit import indesit
from algorithms.ssup import explain_discovery, group_links, ssup

__all__ = [
    "explain_discovery",
    "group_links",
    "indesit",
    "ssup",
]
