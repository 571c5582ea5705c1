"""The render package's public surface is exactly its `__all__`."""

from __future__ import annotations

import subprocess
import sys

import render


def test_all_names_resolve_and_come_from_render() -> None:
    assert render.__all__ == sorted(render.__all__)
    for name in render.__all__:
        member = getattr(render, name)
        module = getattr(member, "__module__", "render")
        assert module.startswith("render") or name.endswith("Kind"), name  # Literal aliases


def test_public_names() -> None:
    assert {"BrowserPool", "HttpFetcher", "Snapshot", "State", "Action"} <= set(render.__all__)
    assert {"load_render_config", "snapshot_from_html", "structure_fingerprint"} <= set(
        render.__all__
    )


def test_importing_render_does_not_load_playwright() -> None:
    code = "import sys, render, render.snapshot, render.extract, render.http; " + (
        "print('playwright' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
