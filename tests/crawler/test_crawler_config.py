"""SessionConfig validation and its derived settings."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from siteseer.crawler import SessionConfig
from siteseer.crawler.config import REMOTE_DELAY


def test_defaults() -> None:
    config = SessionConfig()
    assert config.render == "auto" and config.budget is None and config.scope == "host"
    assert config.respect_robots and config.retries == 2
    assert config.timeout == timedelta(seconds=20)
    assert config.user_agent == "siteseer/0.1 (+https://github.com/siteseer)"


def test_delay_defaults_to_zero_on_loopback_only() -> None:
    config = SessionConfig()
    assert config.delay_for("127.0.0.1:8000") == timedelta(0)
    assert config.delay_for("example.com") == REMOTE_DELAY
    fixed = SessionConfig(delay=timedelta(seconds=3))
    assert fixed.delay_for("127.0.0.1:8000") == timedelta(seconds=3)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"render": "sometimes"}, "render must be"),
        ({"scope": "planet"}, "scope must be"),
        ({"budget": -1}, "budget must be"),
        ({"concurrency": 0}, "concurrency"),
        ({"retries": -1}, "retries"),
        ({"timeout": timedelta(0)}, "timeout must be positive"),
        ({"timeout": 20}, "timeout must be a datetime.timedelta"),
        ({"delay": timedelta(seconds=-1)}, "delay must be positive"),
        ({"user_agent": " "}, "user_agent"),
        ({"allowed_hosts": ("http://h.com/",)}, "allowed_hosts"),
    ],
)
def test_invalid_settings_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match="invalid SessionConfig") as info:
        SessionConfig(**kwargs)
    assert message in str(info.value)


def test_all_problems_reported_at_once() -> None:
    with pytest.raises(ValueError) as info:
        SessionConfig(retries=-1, budget=-2)
    assert "retries" in str(info.value) and "budget" in str(info.value)


def test_lists_and_strings_are_normalised() -> None:
    config = SessionConfig(allowed_hosts=["a.com"], cache="x.sqlite")  # type: ignore[arg-type]
    assert config.allowed_hosts == ("a.com",)
    assert config.cache == Path("x.sqlite")
