"""The render package's public surface is exactly its `__all__`."""

from __future__ import annotations

import inspect
import subprocess
import sys
import typing

from siteseer import render

EXPORTED = {
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
    "DEFAULT_USER_AGENT",
    "destructive_text",
    "destructive_word",
    "is_private_host",
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
    "element_selector",
    "form_links",
    "inert_elements",
    "load_render_config",
    "parse_html",
    "sent_headers",
    "snapshot_from_html",
    "structure_fingerprint",
}
# Type aliases carry no __module__ of their own: where each is defined.
ALIASES = {
    "ActionKind": "siteseer.render.snapshot",
    "Canonicalize": "siteseer.render.extract",
    "ControlKind": "siteseer.render.snapshot",
    "NavigationCheck": "siteseer.render.snapshot",
    "ScreenshotMode": "siteseer.render.snapshot",
}
# Constants carry no __module__ either: where each is defined.
CONSTANTS = {"DEFAULT_USER_AGENT": "siteseer.render.identity"}


def test_exported_names_are_exactly_these() -> None:
    assert sorted(render.__all__) == sorted(EXPORTED)  # ruff keeps __all__ in isort order


def test_all_names_resolve_and_come_from_render() -> None:
    for name in render.__all__:
        member = getattr(render, name)
        if name in ALIASES:
            module = sys.modules[ALIASES[name]]
            assert getattr(module, name) is member, name
            assert typing.get_origin(member) is not None, name  # an alias, not a value
        elif name in CONSTANTS:
            assert getattr(sys.modules[CONSTANTS[name]], name) is member, name
        else:
            assert member.__module__.startswith("siteseer.render."), name


def test_no_other_public_names() -> None:
    public = {
        name
        for name, value in vars(render).items()
        if not name.startswith("_") and not inspect.ismodule(value)
    }
    # every name loads from its module on first use (render._LAZY): importing render is cheap
    assert public <= EXPORTED and set(render._LAZY) == EXPORTED


def test_importing_render_does_not_load_playwright() -> None:
    code = "import sys, render, render.snapshot, render.extract, render.http; " + (
        "print('playwright' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
