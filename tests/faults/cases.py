"""The fault suite's case marker (see tests/faults/conftest.py for what it does)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from siteseer.crawler import SessionConfig
from siteseer.render import RenderConfig

__all__ = ["browser_config", "fault", "http_config"]


def fault(case: str, expected: str, *, within: float) -> pytest.MarkDecorator:
    """Mark a test as one case of the fault suite: `case` its name, `expected` the outcome it
    asserts, `within` the seconds it takes on an idle machine (reported, see conftest)."""
    return pytest.mark.fault(case=case, expected=expected, within=within)


def http_config(**overrides: object) -> SessionConfig:
    """A crawl over HTTP with short timeouts and no retries (each case asks for more)."""
    values: dict[str, object] = {
        "render": "never",
        "timeout": timedelta(seconds=2),
        "retries": 0,
        "backoff": timedelta(seconds=0.05),
    }
    values.update(overrides)
    return SessionConfig(**values)  # type: ignore[arg-type]


def browser_config(
    render_config: RenderConfig, seconds: float = 5, **overrides: object
) -> SessionConfig:
    """A crawl that renders every page in one browser tab, navigations and requests bounded by
    `seconds`, the settle wait by 1 s, a page by 6 s."""
    pages = replace(
        render_config,
        pages=1,
        page_deadline=timedelta(seconds=6),
        navigation_timeout=timedelta(seconds=seconds),
        settle_cap=timedelta(seconds=1),
    )
    config = http_config(render="always", timeout=timedelta(seconds=seconds), **overrides)
    return replace(config, render_config=pages)
