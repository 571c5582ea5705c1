"""siteseer's renderer: Snapshots of pages from a browser pool or the HTTP fast path.

    from siteseer.render import BrowserPool, HttpFetcher, State, load_render_config, snapshot_from_html

The browser side (`BrowserPool`) imports Playwright on first use only, so code that needs just
the data types (`Snapshot`, `Link`, `Action`, …) or the HTTP path never loads it.
"""

import importlib
import typing

from siteseer.render.closing import AsyncClosing
from siteseer.render.config import RenderConfig, load_render_config
from siteseer.render.effects import destructive_text, destructive_word, is_private_host
from siteseer.render.errors import (
    ActionError,
    BrowserCrashed,
    BrowserNotFound,
    NavigationError,
    NavigationFailed,
    NavigationRefused,
    NavigationTimeout,
    NonHTMLResponse,
    PageDeadline,
    RedirectLoop,
    RenderError,
)
from siteseer.render.extract import Canonicalize, default_canonical, snapshot_from_html
from siteseer.render.http import HttpFetcher, RawResponse, declared_charset, sent_headers
from siteseer.render.identity import DEFAULT_USER_AGENT, Identity
from siteseer.render.parse import parse_html, structure_fingerprint
from siteseer.render.snapshot import (
    Action,
    ActionKind,
    Box,
    Control,
    ControlKind,
    Link,
    LinkStyle,
    NavigationCheck,
    Option,
    PageRequest,
    ScreenshotMode,
    Snapshot,
    State,
)

if typing.TYPE_CHECKING:
    from siteseer.render.pool import BrowserPool, PoolShare, PoolStats

__all__ = [
    "DEFAULT_USER_AGENT",
    "Action",
    "ActionError",
    "ActionKind",
    "AsyncClosing",
    "Box",
    "BrowserCrashed",
    "BrowserNotFound",
    "BrowserPool",
    "Canonicalize",
    "Control",
    "ControlKind",
    "HttpFetcher",
    "Identity",
    "Link",
    "LinkStyle",
    "NavigationCheck",
    "NavigationError",
    "NavigationFailed",
    "NavigationRefused",
    "NavigationTimeout",
    "NonHTMLResponse",
    "Option",
    "PageDeadline",
    "PageRequest",
    "PoolShare",
    "PoolStats",
    "RawResponse",
    "RedirectLoop",
    "RenderConfig",
    "RenderError",
    "ScreenshotMode",
    "Snapshot",
    "State",
    "declared_charset",
    "default_canonical",
    "destructive_text",
    "destructive_word",
    "is_private_host",
    "load_render_config",
    "parse_html",
    "sent_headers",
    "snapshot_from_html",
    "structure_fingerprint",
]

_LAZY = {
    "BrowserPool": "siteseer.render.pool",
    "PoolShare": "siteseer.render.pool",
    "PoolStats": "siteseer.render.pool",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'render' has no attribute {name!r}")
