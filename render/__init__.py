"""siteseer's renderer: Snapshots of pages from a browser pool or the HTTP fast path.

    from render import BrowserPool, HttpFetcher, State, load_render_config, snapshot_from_html

The browser side (`BrowserPool`) imports Playwright on first use only, so code that needs just
the data types (`Snapshot`, `Link`, `Action`, …) or the HTTP path never loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from render.config import RenderConfig, load_render_config
from render.errors import (
    ActionFailed,
    BrowserCrashed,
    BrowserNotFound,
    NavigationError,
    NavigationFailed,
    NavigationTimeout,
    NotHTML,
    RenderError,
)
from render.extract import default_canonical, snapshot_from_html, structure_fingerprint
from render.http import HttpFetcher, RawResponse
from render.snapshot import (
    Action,
    ActionKind,
    Box,
    Control,
    ControlKind,
    Link,
    LinkStyle,
    Option,
    Snapshot,
    State,
)

if TYPE_CHECKING:
    from render.pool import BrowserPool, PoolStats

__all__ = [
    "Action",
    "ActionFailed",
    "ActionKind",
    "Box",
    "BrowserCrashed",
    "BrowserNotFound",
    "BrowserPool",
    "Control",
    "ControlKind",
    "HttpFetcher",
    "Link",
    "LinkStyle",
    "NavigationError",
    "NavigationFailed",
    "NavigationTimeout",
    "NotHTML",
    "Option",
    "PoolStats",
    "RawResponse",
    "RenderConfig",
    "RenderError",
    "Snapshot",
    "State",
    "default_canonical",
    "load_render_config",
    "snapshot_from_html",
    "structure_fingerprint",
]

_LAZY = {"BrowserPool": "render.pool", "PoolStats": "render.pool"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'render' has no attribute {name!r}")
