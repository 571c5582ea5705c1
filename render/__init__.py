"""siteseer's renderer: Snapshots of pages from a browser pool or the HTTP fast path.

    from siteseer.render import BrowserPool, HttpFetcher, State, load_render_config, snapshot_from_html

The browser side (`BrowserPool`) imports Playwright on first use only, so code that needs just
the data types (`Snapshot`, `Link`, `Action`, …) or the HTTP path never loads it. Each name is
loaded from its module on first use (`_LAZY`), so that a caller which needs one constant (the
crawl settings need `DEFAULT_USER_AGENT`) does not wait for the rest: lxml, w3lib, the parser.
"""

import importlib
import typing

if typing.TYPE_CHECKING:
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
    from siteseer.render.extract import (
        Canonicalize,
        default_canonical,
        element_selector,
        inert_elements,
        snapshot_from_html,
    )
    from siteseer.render.forms import form_links
    from siteseer.render.http import HttpFetcher, RawResponse, declared_charset, sent_headers
    from siteseer.render.identity import DEFAULT_USER_AGENT, Identity
    from siteseer.render.parse import parse_html, structure_fingerprint
    from siteseer.render.pool import BrowserPool, PoolShare, PoolStats
    from siteseer.render.snapshot import (
        Action,
        ActionKind,
        Box,
        Control,
        ControlKind,
        Link,
        LinkStyle,
        NavigationCheck,
        Opener,
        Option,
        PageRequest,
        ScreenshotMode,
        ScrollRegion,
        Snapshot,
        State,
    )

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
    "Opener",
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
    "ScrollRegion",
    "Snapshot",
    "State",
    "declared_charset",
    "default_canonical",
    "destructive_text",
    "destructive_word",
    "element_selector",
    "form_links",
    "inert_elements",
    "is_private_host",
    "load_render_config",
    "parse_html",
    "sent_headers",
    "snapshot_from_html",
    "structure_fingerprint",
]

_LAZY = {
    "Action": "siteseer.render.snapshot",
    "ActionError": "siteseer.render.errors",
    "ActionKind": "siteseer.render.snapshot",
    "AsyncClosing": "siteseer.render.closing",
    "Box": "siteseer.render.snapshot",
    "BrowserCrashed": "siteseer.render.errors",
    "BrowserNotFound": "siteseer.render.errors",
    "BrowserPool": "siteseer.render.pool",
    "Canonicalize": "siteseer.render.extract",
    "Control": "siteseer.render.snapshot",
    "ControlKind": "siteseer.render.snapshot",
    "DEFAULT_USER_AGENT": "siteseer.render.identity",
    "HttpFetcher": "siteseer.render.http",
    "Identity": "siteseer.render.identity",
    "Link": "siteseer.render.snapshot",
    "LinkStyle": "siteseer.render.snapshot",
    "NavigationCheck": "siteseer.render.snapshot",
    "NavigationError": "siteseer.render.errors",
    "NavigationFailed": "siteseer.render.errors",
    "NavigationRefused": "siteseer.render.errors",
    "NavigationTimeout": "siteseer.render.errors",
    "NonHTMLResponse": "siteseer.render.errors",
    "Opener": "siteseer.render.snapshot",
    "Option": "siteseer.render.snapshot",
    "PageDeadline": "siteseer.render.errors",
    "PageRequest": "siteseer.render.snapshot",
    "PoolShare": "siteseer.render.pool",
    "PoolStats": "siteseer.render.pool",
    "RawResponse": "siteseer.render.http",
    "RedirectLoop": "siteseer.render.errors",
    "RenderConfig": "siteseer.render.config",
    "RenderError": "siteseer.render.errors",
    "ScreenshotMode": "siteseer.render.snapshot",
    "ScrollRegion": "siteseer.render.snapshot",
    "Snapshot": "siteseer.render.snapshot",
    "State": "siteseer.render.snapshot",
    "declared_charset": "siteseer.render.http",
    "form_links": "siteseer.render.forms",
    "default_canonical": "siteseer.render.extract",
    "inert_elements": "siteseer.render.extract",
    "destructive_text": "siteseer.render.effects",
    "destructive_word": "siteseer.render.effects",
    "element_selector": "siteseer.render.extract",
    "is_private_host": "siteseer.render.effects",
    "load_render_config": "siteseer.render.config",
    "parse_html": "siteseer.render.parse",
    "sent_headers": "siteseer.render.http",
    "snapshot_from_html": "siteseer.render.extract",
    "structure_fingerprint": "siteseer.render.parse",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'render' has no attribute {name!r}")
