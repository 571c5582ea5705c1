"""The fault suite's case marker (see tests/faults/conftest.py for what it does)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from siteseer.crawler import SessionConfig

__all__ = ["fault", "http_config"]


def fault(case: str, expected: str, *, within: float) -> pytest.MarkDecorator:
    """Mark a test as one case of the fault suite: `case` its name, `expected` the outcome it
    asserts, `within` the seconds it may take."""
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
